"""`check`: run the reader's function on cases and print what is wrong; `passed` and `attempt` for the cells after.

An exercise that is not written yet (it raises NotImplementedError, or still has `...` where the code goes)
gets a "not done yet" line instead of an error, so a student notebook runs top to bottom. Where nbgrader
grades (it sets NBGRADER_EXECUTION in the kernel's environment) a failing check also raises AssertionError,
so that its test cell scores nothing.
"""

from __future__ import annotations

import ast
import linecache
import os
import sys
from collections.abc import Callable, Iterable

from ...checks import check_callable, check_collection, check_int, check_real
from ..syntax import parse
from .changes import changed_argument, deep_copy, parameter_names
from .copies import notebook_copy
from .describe import describe, not_done, plural
from .guard import Deadline, ForbiddenCall, TakenAway, TimeUp
from .judge import judge

__all__ = ["check", "passed", "attempt"]

#: nbgrader sets this variable to "autograde" or "validate" in the environment of the kernel it runs: a failing
#: `check` then raises AssertionError after printing, so that its test cell fails and scores nothing.
GRADER_VARIABLE = "NBGRADER_EXECUTION"
#: Set this environment variable to 1 and a failing `check` raises AssertionError outside nbgrader too (a test).
#: No value turns raising off under nbgrader. (The grades themselves never depend on it: the grading engine,
#: puzzlekit.course.grader, computes them outside the student's process.)
RAISE_VARIABLE = "PUZZLEKIT_CHECK_RAISES"


def _unwritten(error: NotImplementedError, name: str) -> str:
    """Why a call raised NotImplementedError, naming the function that raised it (`name` if none can be told)."""
    traceback = error.__traceback__
    while traceback is not None and traceback.tb_next is not None:
        traceback = traceback.tb_next
    raiser = traceback.tb_frame.f_code.co_name if traceback is not None else name
    raiser = name if raiser.startswith("<") else raiser
    return f"{raiser} raises NotImplementedError" + (f" ({error})" if str(error) else "")


#: The wording of `check`'s verdicts that the grader repeats (`puzzlekit.course.grader`): what to do after "not done
#: yet", and what to look for after a time-out.
AGAIN = "write it, then run this cell again"
LOOP_HINT = ("look for a loop that never ends (in a search: a frontier that never empties, a bound that never "
             "rises, a state visited again and again) or for far more work than the case needs")
_RESULTS: dict[int, tuple[object, bool]] = {}  # id(function) -> (function, whether its last check passed)


def _grading() -> bool:
    """Whether a failing check should raise: under nbgrader, or with RAISE_VARIABLE=1 (no value turns it off)."""
    return bool(os.environ.get(GRADER_VARIABLE)) or os.environ.get(RAISE_VARIABLE, "0") not in ("", "0")


def _name_in_cell(function, frame) -> str | None:
    """The name `function` has in the `check(...)` call being run in `frame` (the student's name for it)."""
    try:
        source = "".join(linecache.getlines(frame.f_code.co_filename, frame.f_globals))
        tree = parse(source)
    except (SyntaxError, ValueError, TypeError, MemoryError):
        return None
    line, best = frame.f_lineno, None
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)) and node.args
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "check"
                and node.lineno <= line <= (node.end_lineno or node.lineno)
                and (best is None or node.lineno > best.lineno)):
            best = node
    if best is None or not isinstance(best.args[0], ast.Name):
        return None
    name = best.args[0].id
    bound = frame.f_locals.get(name, frame.f_globals.get(name))
    return name if bound is function else None


def check(function: Callable, cases: Iterable[tuple], *, show: int = 1, time_limit: float | None = 5.0,
          forbid: Iterable = (), hidden: Callable | None = None, mutates: bool | Iterable = False) -> None:
    """Run `function` on each case and print what is wrong, or that every case passes.

    Each case is `(arguments, expected)`, or `(arguments, expected, label)` where a few words name the case in
    the feedback ("the 31-move board"): `arguments` is a tuple of positional arguments
    (a single argument that is itself a tuple must be wrapped: `((board,), expected)`), and
    `expected` is the value to return, an exception class the call should raise, or a matcher that
    accepts more than one answer: a `Matcher` (`PathOf`, `CloseTo`, `Parts`, `OneOf`, `Satisfies`), whose
    `mismatch(result)` completes "f(...) returned ...", or any other object with a `mismatch(result)`
    method that returns None or a sentence, printed as "✗ f(...): <sentence>". The function is called
    once per case and the matcher asked afterwards, so it may look at what the call did to the arguments. Dicts,
    lists, tuples and numpy arrays are compared entry by entry, and the first difference is named;
    floats are equal within FLOAT_TOLERANCE.

    The function is given a deep copy of each case's arguments (copied with the expected value, so a matcher that
    refers to an argument sees the copy the function was given): a value of the chapter is never changed by an
    answer. An answer that changes an argument that is data (a dict, list, set or numpy array) fails, and the
    message names the argument and the first entry it changed, unless `mutates` allows it, the expected value is
    a matcher whose `in_place` holds that argument (`FilledInPlace`), or its type sets `records_calls = True`
    (`Recorder`).

    Parameters
    ----------
    show : how many failing cases to print.
    time_limit : seconds of CPU time each case may take (None: no limit), and WALL_CLOCK_FACTOR (10) times as many
        by the clock (a sleep uses no CPU); a loaded machine does not shorten it. A call that runs longer is stopped and
        reported, and the remaining cases are not run, so a loop that never ends never hangs the notebook.
    forbid : library functions, classes or modules that `function` may not call, directly, under another
        name or through a wrapper of its own (the first such call stops the check), nor copy: an answer whose code is
        one of theirs, names set aside, is refused before it runs, as the grader refuses it (`copies`).
    mutates : the arguments the function is meant to change in place: True for all, or their names or positions
        (`mutates=["q"]`).
    hidden : the cases a grader adds, which the student never sees: a function that takes a `random.Random`
        and returns more cases like `cases`. `check` in a notebook never calls it; the grader outside the
        student's process draws them with a seed the student does not know.

    Returns None: the verdict is printed. A function not written yet prints "not done yet". Under nbgrader
    (NBGRADER_EXECUTION set) or with PUZZLEKIT_CHECK_RAISES=1, a check that does not pass raises
    AssertionError after printing; in a student's notebook it only prints, and the notebook goes on.
    `passed(function)` tells afterwards whether the last check of `function` passed.

    Examples
    --------
    >>> def double(x):
    ...     return 2 * x
    >>> check(double, [((1,), 2), ((5,), 10)])
    ✓ double passes all 2 cases
    >>> check(double, [((1,), 2), ((5,), 11)])
    ✗ double(5) returned 10, expected 11
    1 of 2 cases failed
    >>> def unwritten(x):
    ...     raise NotImplementedError
    >>> check(unwritten, [((1,), 2)])
    ✗ not done yet: unwritten raises NotImplementedError; write it, then run this cell again
    >>> check(double, [((1,), 2)], forbid=[double])
    ✗ double is the library's double: write it yourself
    >>> def tidy(values):
    ...     values.sort()
    ...     return values[0]
    >>> check(tidy, [(([3, 1, 2],), 1)])
    ✗ tidy([3, 1, 2]) changed its argument `values`: the entry at index 0 was 3, now 1; leave it as it is (work on a
    copy)
    1 of 1 case failed
    >>> check(tidy, [(([3, 1, 2],), 1)], mutates=["values"])
    ✓ tidy passes all 1 case
    """
    __tracebackhide__ = True  # IPython shows the student the check cell, not check's own lines
    check_callable(function, "function")
    show = check_int(show, "show", minimum=0)
    if time_limit is not None:
        check_real(time_limit, "time_limit", above=0, below=1e6)
    check_collection(cases, "cases", "a list of (arguments, expected) pairs")
    check_collection(forbid, "forbid", "a list of library functions, classes or modules")
    if hidden is not None:
        check_callable(hidden, "hidden")
    if not isinstance(mutates, bool) and not all(isinstance(item, (str, int)) for item in check_collection(
            mutates, "mutates", "True, False or a list of argument names or positions")):
        raise TypeError(f"mutates must be True, False or a list of argument names or positions, "
                        f"got {describe(mutates)}")
    cases, forbid = list(cases), list(forbid)
    for case in cases:
        if not (isinstance(case, tuple) and (len(case) == 2 or len(case) == 3 and isinstance(case[2], str))):
            raise TypeError(f"each case must be a pair (arguments, expected), or (arguments, expected, label), "
                            f"got {describe(case)}")
    names = parameter_names(function)
    free = set() if isinstance(mutates, bool) else set(mutates)  # the arguments it may change, by position
    for item in [item for item in free if isinstance(item, str)]:
        if item not in names:
            raise ValueError(f"mutates names {item!r}, which is not a parameter of the function ({', '.join(names)})")
        free = free - {item} | {names.index(item)}
    watch = TakenAway(forbid)
    caller = sys._getframe(1)
    name = _name_in_cell(function, caller) or getattr(function, "__name__", describe(function))
    del caller

    def verdict(lines: list[str], summary: str | None = None, ok: bool = False) -> None:
        __tracebackhide__ = True
        _RESULTS[id(function)] = (function, ok)
        for line in lines + ([summary] if summary else []):
            print(line)
        if not ok and _grading():
            raise AssertionError(f"{name}: {summary or lines[0].lstrip('✗ ')}")

    forbidden = watch.label(function)
    if forbidden:
        return verdict([f"✗ {name} is {forbidden}: write it yourself"])
    copy = notebook_copy(function, forbid) if forbid else None
    if copy:
        return verdict([f"✗ {name} {copy}: write it yourself"])
    unfinished = not_done(function)
    if unfinished:
        return verdict([f"✗ not done yet: {unfinished}; {AGAIN}"])
    failures = []
    for number, (arguments, expected, *label) in enumerate(cases):
        if not isinstance(arguments, tuple):
            arguments = (arguments,)
        limit = max(30, min(60, 150 // max(len(arguments), 1)))  # the whole call stays on a line
        call = f"{name}({', '.join(describe(a, limit) for a in arguments)})"  # the arguments before the call
        call += f" ({label[0]})" if label else ""
        given, expected, copied = _copies(arguments, expected)
        error, result = None, None
        try:
            with Deadline(time_limit), watch:
                result = function(*given)
        except TimeUp as stopped:
            rest = len(cases) - number - 1
            skipped = f" ({plural(rest, 'other case')} not run)" if rest else ""
            limit = stopped.args[0] if stopped.args else time_limit
            return verdict([f"✗ {call} did not return within {limit:g} s; {LOOP_HINT}{skipped}"])
        except ForbiddenCall:
            pass
        except Exception as raised:  # noqa: BLE001 - the reader's code may raise anything; report it, don't crash
            error = raised
        if watch.found:  # seen even if the student's code caught the exception
            return verdict([f"✗ {name} calls {watch.found}: write it yourself"])
        changed = None if mutates is True else changed_argument(arguments, given, copied, expected, free, names)
        unwritten = _unwritten(error, name) if isinstance(error, NotImplementedError) else None
        outcome = judge(call, name, result, expected, error=error, changed=changed, unwritten=unwritten)
        if outcome is not None and outcome[0] == "undone":
            return verdict([f"✗ not done yet: {outcome[1]}; {AGAIN}"])
        if outcome is not None:
            failures.append(outcome[1])
    if not failures:
        return verdict([f"✓ {name} passes all {plural(len(cases), 'case')}"], ok=True)
    return verdict(failures[:show], f"{len(failures)} of {plural(len(cases), 'case')} failed")


def _copies(arguments: tuple, expected) -> tuple[tuple, object, list[bool]]:
    """Deep copies of `arguments` and `expected`, with one memo (a matcher that refers to an argument refers to its
    copy), and which arguments could be copied (one that cannot, a generator say, is given as it is)."""
    memo: dict = {}
    given, copied = [], []
    for value in (*arguments, expected):
        try:
            given.append(deep_copy(value, memo))
            copied.append(True)
        except Exception:  # noqa: BLE001 - an object that refuses to be copied is given as it is
            given.append(value)
            copied.append(False)
    return tuple(given[:-1]), given[-1], copied[:-1]


def passed(function: Callable) -> bool:
    """Whether the last `check` of `function` passed every case (False if it was never checked).

    For a cell that goes on with a student's function only once it is right.

    Examples
    --------
    >>> def half(x):
    ...     return x // 2
    >>> check(half, [((4,), 2)])
    ✓ half passes all 1 case
    >>> def third(x):
    ...     return x // 3
    >>> passed(half), passed(third)
    (True, False)
    """
    function_and_verdict = _RESULTS.get(id(function))
    return function_and_verdict is not None and function_and_verdict[0] is function and function_and_verdict[1]


def attempt(function: Callable, *arguments, fallback: Callable | None = None, **options):
    """`function(*arguments, **options)`, or, if it is not written yet, a "not done yet" line and `fallback`'s answer.

    For a chapter cell that uses a student's function after its exercise: the notebook goes on with the
    library's function (`fallback`) or with None instead of stopping. Other errors are raised as usual.

    Examples
    --------
    >>> def my_double(x):
    ...     raise NotImplementedError
    >>> attempt(my_double, 4, fallback=lambda x: x + x)
    ✗ not done yet: my_double raises NotImplementedError; using <lambda> instead
    8
    >>> attempt(abs, -3)
    3
    """
    check_callable(function, "function")
    if fallback is not None:
        check_callable(fallback, "fallback")
    instead = f"using {describe(fallback)} instead" if fallback is not None else "skipped"
    unfinished = not_done(function)
    if unfinished is None:
        try:
            result = function(*arguments, **options)
        except NotImplementedError as error:
            unfinished = _unwritten(error, getattr(function, "__name__", describe(function)))
        else:
            if result is not Ellipsis:
                return result
            unfinished = f"{getattr(function, '__name__', describe(function))} returned `...`"
    print(f"✗ not done yet: {unfinished}; {instead}")
    return None if fallback is None else fallback(*arguments, **options)


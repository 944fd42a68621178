"""`check`: run the reader's function on cases and print what is wrong; `passed` and `attempt` for the cells after."""

from __future__ import annotations

import ast
import linecache
import os
import sys
import traceback
from collections.abc import Callable, Iterable

from ...checks import check_callable, check_collection, check_int, check_real
from ..syntax import parse
from .compare import changed_argument, deep_copy, judge, parameter_names
from .copies import notebook_copy
from .describe import describe, not_done, plural
from .guard import Deadline, ForbiddenCall, TakenAway, TimeUp

__all__ = ["check", "passed", "attempt"]

#: Under nbgrader (it sets GRADER_VARIABLE in its kernel; no value turns that off) or with RAISE_VARIABLE=1 (a test), a
#: failing `check` raises AssertionError: its test cell scores nothing. The grader computes the grades elsewhere.
GRADER_VARIABLE, RAISE_VARIABLE = "NBGRADER_EXECUTION", "PUZZLEKIT_CHECK_RAISES"
#: Words the grader repeats: what to do after "not done yet", and what to look for after a time-out.
AGAIN = "write it, then run this cell again"
LOOP_HINT = ("look for a loop that never ends (in a search: a frontier that never empties, a bound that never "
             "rises, a state visited again and again) or for far more work than the case needs")
_RESULTS: dict[int, tuple[object, bool]] = {}  # id(function) -> (function, whether its last check passed)


def _grading() -> bool:
    """Whether a failing check raises (see GRADER_VARIABLE)."""
    return bool(os.environ.get(GRADER_VARIABLE)) or os.environ.get(RAISE_VARIABLE, "0") not in ("", "0")


def _unwritten(error: NotImplementedError, name: str) -> str:
    """Why a call raised NotImplementedError, naming the function that raised it (`name` if none can be told)."""
    names = [name, *(frame.f_code.co_name for frame, _ in traceback.walk_tb(error.__traceback__))]
    raiser = name if names[-1].startswith("<") else names[-1]
    return f"{raiser} raises NotImplementedError" + (f" ({error})" if str(error) else "")


def _name_in_cell(function, frame) -> str | None:
    """The name `function` has in the `check(...)` call being run in `frame` (the student's name for it)."""
    try:
        tree = parse("".join(linecache.getlines(frame.f_code.co_filename, frame.f_globals)))
    except (SyntaxError, ValueError, TypeError, MemoryError):
        return None
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
             and getattr(node.func, "id", getattr(node.func, "attr", "")) == "check"
             and node.lineno <= frame.f_lineno <= (node.end_lineno or node.lineno)]
    call = max(calls, key=lambda node: node.lineno, default=None)  # the innermost, if check calls nest
    name = call.args[0].id if call is not None and isinstance(call.args[0], ast.Name) else None
    return name if name and frame.f_locals.get(name, frame.f_globals.get(name)) is function else None


def check(function: Callable, cases: Iterable[tuple], *, show: int = 1, time_limit: float | None = 5.0,
          forbid: Iterable = (), hidden: Callable | None = None, mutates: bool | Iterable = False) -> None:
    """Run `function` on each case and print what is wrong, or that every case passes.

    Each case is `(arguments, expected)`, or `(arguments, expected, label)` where a few words name the case in the
    feedback ("the 31-move board"). `arguments` is a tuple of positional arguments (wrap a single tuple:
    `((board,), expected)`). `expected` is the value to return (compared entry by entry, floats within
    FLOAT_TOLERANCE), an exception class the call should raise, or a matcher (`compare`: `PathOf`, `CloseTo`, `Parts`,
    `OneOf`, `Satisfies`, or any object with a `mismatch(result)`), asked after the call.

    Each call is given a deep copy of its case's arguments, copied with the expected value (a matcher that refers to
    an argument sees the copy). An answer that changes an argument that is data (a dict, list, set or numpy array)
    fails, told which entry it changed, unless `mutates` allows it or the expected value or the argument says it may
    (`FilledInPlace`, `Recorder`).

    Parameters
    ----------
    show : how many failing cases to print.
    time_limit : seconds of CPU time each case may take (None: no limit), and ten times as many by the clock. A call
        that runs longer is stopped and reported and the remaining cases are not run: an endless loop never hangs.
    forbid : library functions, classes or modules that `function` may not call, by any name or through a wrapper
        (`guard`), nor copy (`copies`: such an answer is refused before it runs, as the grader refuses it).
    mutates : the arguments the function is meant to change in place: True for all, or their names or positions.
    hidden : a function that takes a `random.Random` and returns more cases like `cases`, which the grader draws with
        a seed the student does not know; `check` never calls it.

    Returns None: the verdict is printed. Under nbgrader or with PUZZLEKIT_CHECK_RAISES=1 a check that does not pass
    raises AssertionError after printing (see GRADER_VARIABLE). `passed(function)` tells afterwards whether it passed.

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
    cases = list(check_collection(cases, "cases", "a list of (arguments, expected) pairs"))
    forbid = list(check_collection(forbid, "forbid", "a list of library functions, classes or modules"))
    if hidden is not None:
        check_callable(hidden, "hidden")
    names, free = parameter_names(function), set()  # free: the arguments it may change, by position
    allowed = "True, False or a list of argument names or positions"
    for item in () if isinstance(mutates, bool) else check_collection(mutates, "mutates", allowed):
        if not isinstance(item, (str, int)):
            raise TypeError(f"mutates must be {allowed}, got {describe(mutates)}")
        if isinstance(item, str) and item not in names:
            raise ValueError(f"mutates names {item!r}, which is not a parameter of the function ({', '.join(names)})")
        free.add(names.index(item) if isinstance(item, str) else item)
    for case in cases:
        if not (isinstance(case, tuple) and (len(case) == 2 or len(case) == 3 and isinstance(case[2], str))):
            raise TypeError(f"each case must be a pair (arguments, expected), or (arguments, expected, label), "
                            f"got {describe(case)}")
    watch = TakenAway(forbid)
    name = _name_in_cell(function, sys._getframe(1)) or getattr(function, "__name__", describe(function))

    def verdict(lines: list[str], summary: str | None = None, ok: bool = False) -> None:
        __tracebackhide__ = True
        _RESULTS[id(function)] = (function, ok)
        print("\n".join(lines + ([summary] if summary else [])))
        if not ok and _grading():
            raise AssertionError(f"{name}: {summary or lines[0].lstrip('✗ ')}")

    refused = f"is {forbidden}" if (forbidden := watch.label(function)) else forbid and notebook_copy(function, forbid)
    if refused:  # the library's own function, or a copy of its code
        return verdict([f"✗ {name} {refused}: write it yourself"])
    if unfinished := not_done(function):
        return verdict([f"✗ not done yet: {unfinished}; {AGAIN}"])
    failures = []
    for number, (arguments, expected, *label) in enumerate(cases):
        arguments = arguments if isinstance(arguments, tuple) else (arguments,)
        limit = max(30, min(60, 150 // max(len(arguments), 1)))  # the call, described before it, stays on a line
        call = f"{name}({', '.join(describe(a, limit) for a in arguments)})" + (f" ({label[0]})" if label else "")
        memo, given, copied = {}, [], []  # one memo: a matcher that refers to an argument refers to its copy
        for value in (*arguments, expected):
            try:
                given.append(deep_copy(value, memo))
                copied.append(True)
            except Exception:  # noqa: BLE001 - an object that refuses to be copied (a generator) is given as it is
                given.append(value)
                copied.append(False)
        *given, expected = given
        error, result = None, None
        try:
            with Deadline(time_limit), watch:
                result = function(*given)
        except TimeUp as stopped:
            skipped = f" ({plural(rest, 'other case')} not run)" if (rest := len(cases) - number - 1) else ""
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
        failures += [outcome[1]] if outcome else []
    if not failures:
        return verdict([f"✓ {name} passes all {plural(len(cases), 'case')}"], ok=True)
    return verdict(failures[:show], f"{len(failures)} of {plural(len(cases), 'case')} failed")


def passed(function: Callable) -> bool:
    """Whether the last `check` of `function` passed every case (False if it was never checked).

    For a cell that goes on with a student's function only once it is right.

    Examples
    --------
    >>> check(abs, [((-4,), 4)])
    ✓ abs passes all 1 case
    >>> passed(abs), passed(lambda x: abs(x))
    (True, False)
    """
    checked, ok = _RESULTS.get(id(function), (None, False))
    return checked is function and ok


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
    name, unfinished = getattr(function, "__name__", describe(function)), not_done(function)
    if unfinished is None:
        try:
            result = function(*arguments, **options)
        except NotImplementedError as error:
            unfinished = _unwritten(error, name)
        else:
            if result is not Ellipsis:
                return result
            unfinished = f"{name} returned `...`"
    instead = f"using {describe(fallback)} instead" if fallback is not None else "skipped"
    print(f"✗ not done yet: {unfinished}; {instead}")
    return None if fallback is None else fallback(*arguments, **options)


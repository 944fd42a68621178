"""Automatic feedback for the chapters' exercises: `check` runs the reader's function on cases.

An exercise that is not written yet (it raises NotImplementedError, or still has `...` where the code goes)
gets a "not done yet" line instead of an error, so a student notebook runs top to bottom. Where nbgrader
grades (it sets NBGRADER_EXECUTION in the kernel's environment) a failing check also raises AssertionError,
so that its test cell scores nothing.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import math
import numbers
import os
import re
import signal
import sys
import textwrap
import threading
import time
import types
from collections.abc import Callable, Iterable, Mapping

from .checks import check_callable, check_int, short_repr

__all__ = [
    "check",
    "passed",
    "attempt",
    "not_done",
    "describe",
    "Matcher",
    "PathOf",
    "CloseTo",
    "Parts",
    "OneOf",
    "Satisfies",
    "RAISE_VARIABLE",
    "GRADER_VARIABLE",
]

#: nbgrader sets this variable to "autograde" or "validate" in the environment of the kernel it runs: a failing
#: `check` then raises AssertionError after printing, so that its test cell fails and scores nothing.
GRADER_VARIABLE = "NBGRADER_EXECUTION"
#: Set this environment variable to 1 and a failing `check` raises AssertionError outside nbgrader too (another
#: grader, a test); set it to 0 and `check` never raises, even under nbgrader. A student's notebook sets neither.
RAISE_VARIABLE = "PUZZLEKIT_CHECK_RAISES"


def describe(value, limit: int = 60) -> str:
    """A short repr of `value` that is the same on every run: functions by name, sets sorted, no memory addresses.

    Examples
    --------
    >>> describe({"r", "u", "l"})
    "{'l', 'r', 'u'}"
    >>> describe(len), describe(lambda board: 0)
    ('len', '<lambda>')
    >>> describe(list(range(1000)), 30)
    '[0, 1, 2, 3, 4, 5, 6, 7, ...>'
    """
    limit = check_int(limit, "limit", minimum=10)
    if callable(value) and hasattr(value, "__name__") and not isinstance(value, type):
        return value.__name__
    if isinstance(value, (set, frozenset)):
        try:
            items = ", ".join(repr(item) for item in sorted(value))
            text = f"{{{items}}}" if isinstance(value, set) else f"frozenset({{{items}}})"
        except TypeError:  # items that do not sort: keep Python's order
            text = repr(value)
        text = text if value else repr(value)
    else:
        text = short_repr(value, limit=10 * limit)  # bounds the work of the substitutions below
    text = re.sub(r"\s+", " ", re.sub(r" at 0x[0-9a-fA-F]+", "", text))  # one line, no address
    return short_repr(_Raw(text), limit)


class _Raw(str):
    """A string whose repr is itself, so `short_repr` cuts text that is already a repr."""

    def __repr__(self) -> str:
        return str(self)


def not_done(function: Callable) -> str | None:
    """Why `function` is not written yet (it still has a `...` statement), or None if it looks written.

    A stub made from `### BEGIN SOLUTION` ... `### END SOLUTION` with a `### STUB:` line reads `...` where
    the student's code goes; `...` as a numpy index (`q[..., 0]`) does not count.

    Examples
    --------
    >>> def blank_row(board):
    ...     ...
    >>> not_done(blank_row)
    'blank_row still has `...` where your code goes'
    >>> not_done(len) is None
    True
    """
    name = getattr(function, "__name__", "")
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):  # built-ins; a lambda in the middle of an expression
        return None
    definition = next((node for node in ast.walk(tree)
                       if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name), None)
    if definition is None:
        return None
    indexes = set()  # `...` inside q[..., 0] is numpy's index, not a stub
    for node in ast.walk(definition):
        if isinstance(node, ast.Subscript):
            parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            indexes.update(id(part) for part in parts)
    for node in ast.walk(definition):
        if isinstance(node, ast.Constant) and node.value is Ellipsis and id(node) not in indexes:
            return f"{name} still has `...` where your code goes"
    return None


def _unwritten(error: NotImplementedError, name: str) -> str:
    """Why a call raised NotImplementedError, naming the function that raised it (`name` if none can be told)."""
    traceback = error.__traceback__
    while traceback is not None and traceback.tb_next is not None:
        traceback = traceback.tb_next
    raiser = traceback.tb_frame.f_code.co_name if traceback is not None else name
    raiser = name if raiser.startswith("<") else raiser
    return f"{raiser} raises NotImplementedError" + (f" ({error})" if str(error) else "")


# ---------------------------------------------------------------------------------------------------------------
# Expected values that accept more than one answer, and say what is wrong with one they refuse


class Matcher:
    """An expected value that accepts more than one result, and says what is wrong with a result it refuses.

    A subclass defines `mismatch(result)`: None when `result` is right, else a phrase that completes
    "my_function(...) returned ..." (start with what the result is, then say what is wrong), and a `__repr__`
    that describes what it expects. `result == matcher` works too, so a matcher can sit inside a list.

    Examples
    --------
    >>> class Even(Matcher):
    ...     def mismatch(self, result):
    ...         return None if result % 2 == 0 else f"{result}, which is odd"
    ...     def __repr__(self):
    ...         return "an even number"
    >>> Even() == 4, [3] == [Even()]
    (True, False)
    """

    def mismatch(self, result) -> str | None:
        raise NotImplementedError("a Matcher subclass defines mismatch(result)")

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None  # equal to many values: not a dict key


class PathOf(Matcher):
    """Any path of `moves` moves from `problem.initial` to a goal, each state one of `problem.successors` of the
    one before; `moves` None means "no path": then only None is right.

    What is wrong is said in this order: not a list of states, the first state, the first illegal move, the
    last state, the number of moves.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> expected = PathOf(puzzle, 2)
    >>> expected.mismatch([(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)])
    >>> print(expected.mismatch([(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)]))
    a path of 1 move whose move 1 is not a legal move: (1, 2, 3, 4, 5, 6, 0, 7, 8) to (1, 2, 3, 4, 5, 6, 7, 8, 0)
    >>> expected
    a path of 2 moves from the start to a goal
    """

    def __init__(self, problem, moves: int | None):
        for method in ("successors", "is_goal"):
            if not callable(getattr(problem, method, None)) or not hasattr(problem, "initial"):
                raise TypeError(f"problem must be a Problem (initial, successors, is_goal), got {describe(problem)}")
        self.problem = problem
        self.moves = None if moves is None else check_int(moves, "moves", minimum=0)

    def __repr__(self) -> str:
        if self.moves is None:
            return "None (no path)"
        return f"a path of {_plural(self.moves, 'move')} from the start to a goal"

    def mismatch(self, result) -> str | None:
        problem, expected = self.problem, self
        if self.moves is None:
            return None if result is None else f"{_path_words(result)}, expected None: no goal can be reached"
        if result is None:
            return f"None (no path), expected {expected!r}"
        if not isinstance(result, (list, tuple)):
            return f"{describe(result)} ({type(result).__name__}), expected a path: a list of states"
        if not result:
            return f"an empty list, expected {expected!r}: a path starts with the start state"
        words = _path_words(result)
        try:
            if result[0] != problem.initial:
                return f"{words} that starts at {describe(result[0])}, not at the start {describe(problem.initial)}"
            for number, (before, after) in enumerate(zip(result, result[1:]), 1):
                if after not in [child for _, child in problem.successors(before)]:
                    return f"{words} whose move {number} is not a legal move: {describe(before)} to {describe(after)}"
            if not problem.is_goal(result[-1]):
                return f"{words} that ends at {describe(result[-1])}, which is not a goal"
        except (ValueError, TypeError) as error:  # a state the problem does not know (a board of another size)
            return f"{words} with a state the problem refuses ({type(error).__name__}: {short_repr(_Raw(error), 80)})"
        if len(result) - 1 != self.moves:
            shorter = "; a shorter one exists" if len(result) - 1 > self.moves else ""
            return f"{words} from the start to a goal, expected {_plural(self.moves, 'move')}{shorter}"
        return None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _path_words(path) -> str:
    if isinstance(path, (list, tuple)) and path:
        return f"a path of {_plural(len(path) - 1, 'move')}"
    return describe(path)


class CloseTo(Matcher):
    """`expected` (a number, or a list, tuple, dict or numpy array of numbers) give or take `tolerance`.

    Examples
    --------
    >>> CloseTo({"a": 0.5, "b": 1.0}, 0.01) == {"a": 0.501, "b": 1.0}
    True
    >>> print(CloseTo({"a": 0.5, "b": 1.0}, 0.01).mismatch({"a": 0.5, "b": 1.1}))
    {'a': 0.5, 'b': 1.1}, expected {'a': 0.5, 'b': 1.0} within 0.01: at key 'b': got 1.1, expected 1.0
    """

    def __init__(self, expected, tolerance: float = 1e-6):
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not tolerance >= 0:
            raise ValueError(f"tolerance must be a number 0 or more, got {describe(tolerance)}")
        self.expected, self.tolerance = expected, float(tolerance)

    def __repr__(self) -> str:
        return f"{describe(self.expected)} within {self.tolerance:g}"

    def mismatch(self, result) -> str | None:
        where = _mismatch(result, self.expected, self.tolerance)
        return None if where is None else f"{describe(result)}, expected {self!r}: {where}"


class Parts(Matcher):
    """A tuple whose parts have names: `Parts(path=PathOf(problem, 4), expanded=12)` says which part is wrong.

    Examples
    --------
    >>> expected = Parts(path=[1, 2], expanded=12)
    >>> expected == ([1, 2], 12), expected.mismatch(([1, 2], 13))
    (True, '([1, 2], 13), whose expanded is 13, expected 12')
    >>> expected
    (path=[1, 2], expanded=12)
    """

    def __init__(self, **parts):
        if not parts:
            raise ValueError("Parts needs at least one named part, e.g. Parts(path=..., expanded=...)")
        self.parts = parts

    def __repr__(self) -> str:
        return "(" + ", ".join(f"{name}={describe(value, 40)}" for name, value in self.parts.items()) + ")"

    def mismatch(self, result) -> str | None:
        names = ", ".join(self.parts)
        if not isinstance(result, tuple) or len(result) != len(self.parts):
            return f"{describe(result)}, expected a tuple of {len(self.parts)}: ({names})"
        for (name, expected), got in zip(self.parts.items(), result):
            if _is_matcher(expected):
                why = expected.mismatch(got)
                if why is not None:
                    return f"{describe(result)}, whose {name} is " + (why if isinstance(expected, Matcher) else
                                                                      f"wrong: {why}")
                continue
            where = _mismatch(got, expected)
            if where is not None:
                return f"{describe(result)}, whose {name} is {describe(got, 40)}, expected {describe(expected, 40)}" + (
                    f" ({where})" if _is_container(expected) else "")
        return None


class OneOf(Matcher):
    """Any one of `values` (each a value or a matcher).

    Examples
    --------
    >>> OneOf("u", "l") == "l", OneOf("u", "l").mismatch("d")
    (True, "'d', expected one of 'u', 'l'")
    """

    def __init__(self, *values):
        if not values:
            raise ValueError("OneOf needs at least one value")
        self.values = values

    def __repr__(self) -> str:
        return "one of " + ", ".join(describe(value, 40) for value in self.values)

    def mismatch(self, result) -> str | None:
        if any(_mismatch(result, value) is None for value in self.values):
            return None
        return f"{describe(result)}, expected {self!r}"


class Satisfies(Matcher):
    """Any result for which `test(result)` is True; `test` may instead return a string that says what is wrong.

    Examples
    --------
    >>> positive = Satisfies(lambda x: x > 0, "a positive number")
    >>> positive == 3, positive.mismatch(-1)
    (True, '-1, expected a positive number')
    """

    def __init__(self, test: Callable, description: str):
        self.test = check_callable(test, "test")
        if not isinstance(description, str) or not description:
            raise TypeError(f"description must be a non-empty string, got {describe(description)}")
        self.description = description

    def __repr__(self) -> str:
        return self.description

    def mismatch(self, result) -> str | None:
        verdict = self.test(result)
        if verdict is True or (verdict is not False and not isinstance(verdict, str) and bool(verdict)):
            return None
        why = f": {verdict}" if isinstance(verdict, str) and verdict else ""
        return f"{describe(result)}, expected {self.description}{why}"


# ---------------------------------------------------------------------------------------------------------------
# Comparing a result with what was expected


def _array_module(*values):
    """numpy, if one of `values` is a numpy array (numpy is then imported already), else None."""
    numpy = sys.modules.get("numpy")
    if numpy is not None and any(isinstance(value, numpy.ndarray) for value in values):
        return numpy
    return None


def _is_matcher(value) -> bool:
    """Whether `value` is a matcher: a `Matcher`, or any object (not a class) with a `mismatch(result)` method."""
    return isinstance(value, Matcher) or (not isinstance(value, type) and callable(getattr(value, "mismatch", None)))


def _is_container(value) -> bool:
    return isinstance(value, (Mapping, list, tuple)) or _array_module(value) is not None


#: Two floats closer than this (relative, or absolute near 0) are equal: a sum taken in another order passes.
FLOAT_TOLERANCE = 1e-9


def _mismatch(result, expected, tolerance: float | None = None, depth: int = 0) -> str | None:
    """None if `result` is what was `expected`; else where they differ ("at key K: got X, expected Y", ...).

    `tolerance` is an absolute tolerance for numbers (CloseTo); without it floats are compared to FLOAT_TOLERANCE.
    """
    if _is_matcher(expected):
        why = expected.mismatch(result)
        return None if why is None else (f"got {why}" if isinstance(expected, Matcher) else why)
    if depth > 20:  # a structure that contains itself
        return None if _plain_equal(result, expected) else f"got {describe(result)}, expected {describe(expected)}"
    numpy = _array_module(result, expected)
    if numpy is not None:
        return _array_mismatch(numpy, result, expected, tolerance)
    if isinstance(expected, Mapping):
        return _dict_mismatch(result, expected, tolerance, depth)
    if isinstance(expected, (list, tuple)):
        return _sequence_mismatch(result, expected, tolerance, depth)
    if _numbers_close(result, expected, tolerance):
        return None
    if tolerance is None and _plain_equal(result, expected):
        return None
    return f"got {describe(result)}, expected {describe(expected)}"


def _numbers_close(result, expected, tolerance: float | None) -> bool:
    """Whether two numbers (not bools) are equal within `tolerance`, or within FLOAT_TOLERANCE if one is a float."""
    if not (isinstance(result, numbers.Real) and isinstance(expected, numbers.Real)):
        return False
    if isinstance(result, bool) or isinstance(expected, bool):
        return False
    if tolerance is not None:
        return abs(float(result) - float(expected)) <= tolerance
    if isinstance(result, numbers.Integral) and isinstance(expected, numbers.Integral):
        return False  # whole numbers are compared exactly, by ==
    return math.isclose(float(result), float(expected), rel_tol=FLOAT_TOLERANCE, abs_tol=FLOAT_TOLERANCE)


def _plain_equal(result, expected) -> bool:
    """`result == expected` as a plain bool (anything that cannot say counts as different)."""
    try:
        return bool(result == expected)
    except Exception:  # noqa: BLE001 - a student's object may raise anything from __eq__
        return False


def _dict_mismatch(result, expected: Mapping, tolerance, depth) -> str | None:
    if not isinstance(result, Mapping):
        return f"got a {type(result).__name__}, expected a dict of {_plural(len(expected), 'entry')}"
    missing = [key for key in expected if key not in result]
    if missing:
        return (f"no key {describe(missing[0], 40)} (expected {describe(expected[missing[0]], 40)} there)"
                + (f"; {len(missing)} of {len(expected)} keys missing" if len(missing) > 1 else ""))
    extra = [key for key in result if key not in expected]
    if extra:
        return (f"an extra key {describe(extra[0], 40)} (with {describe(result[extra[0]], 40)})"
                + (f"; {len(extra)} keys too many" if len(extra) > 1 else ""))
    first, differ = None, 0
    for key in expected:
        where = _mismatch(result[key], expected[key], tolerance, depth + 1)
        if where is not None:
            differ += 1
            first = first or f"at key {describe(key, 40)}: {where}"
    if first is None:
        return None
    return first + (f"; {differ} of {len(expected)} entries differ" if differ > 1 else "")


def _sequence_mismatch(result, expected, tolerance, depth) -> str | None:
    kind = type(expected).__name__
    if not isinstance(result, (list, tuple)):
        return f"got a {type(result).__name__}, expected a {kind}"
    if type(result) is not type(expected) and type(expected) in (list, tuple) and type(result) in (list, tuple):
        return f"got a {type(result).__name__}, expected a {kind}"
    for index, (got, wanted) in enumerate(zip(result, expected)):
        where = _mismatch(got, wanted, tolerance, depth + 1)
        if where is not None:
            first = f"at index {index}: {where}"
            if len(result) != len(expected):
                return f"{_plural(len(result), 'item')}, expected {len(expected)}; first difference {first}"
            return first
    if len(result) != len(expected):
        return f"{_plural(len(result), 'item')}, expected {len(expected)}"
    return None


def _array_mismatch(numpy, result, expected, tolerance) -> str | None:
    if not isinstance(result, numpy.ndarray):
        return f"got a {type(result).__name__}, expected a numpy array"
    if not isinstance(expected, numpy.ndarray):
        return f"got a numpy array, expected a {type(expected).__name__}"
    if result.shape != expected.shape:
        return f"got an array of shape {result.shape}, expected shape {expected.shape}"
    try:
        if tolerance is not None or result.dtype.kind == "f" or expected.dtype.kind == "f":
            same = numpy.isclose(result, expected, rtol=0 if tolerance is not None else FLOAT_TOLERANCE,
                                 atol=tolerance if tolerance is not None else FLOAT_TOLERANCE, equal_nan=True)
        else:
            same = result == expected
        same = numpy.broadcast_to(numpy.asarray(same, dtype=bool), result.shape)
    except (TypeError, ValueError):
        return f"got an array of {result.dtype}, expected {expected.dtype}"
    differ = numpy.argwhere(~same)
    if len(differ) == 0:
        return None
    index = tuple(int(i) for i in differ[0])
    where = index[0] if len(index) == 1 else index
    return (f"at index {where}: got {describe(result[index].item(), 30)}, expected {describe(expected[index].item(), 30)}"
            + (f"; {len(differ)} of {result.size} entries differ" if len(differ) > 1 else ""))


# ---------------------------------------------------------------------------------------------------------------
# A time limit per case, and library functions the student's function may not call


class _TimeUp(BaseException):
    """Raised inside the student's function when its case runs out of time (not an Exception: not caught there)."""


class _ForbiddenCall(BaseException):
    """Raised inside the student's function when it calls a forbidden library function."""


class _Deadline:
    """`with _Deadline(seconds):` raises _TimeUp in this thread once `seconds` have passed.

    In the main thread of a system with SIGALRM (Linux, macOS: a Jupyter kernel runs cells there) a timer signal
    stops the code, even inside `time.sleep`; elsewhere a trace function looks at the clock on every line.
    """

    def __init__(self, seconds: float | None):
        self.seconds = seconds

    def __enter__(self):
        self.armed = self.seconds is not None
        if not self.armed:
            return self
        self.start = time.monotonic()
        self.signal = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        if self.signal:
            self.old_handler = signal.signal(signal.SIGALRM, self._ring)
            self.old_timer = signal.setitimer(signal.ITIMER_REAL, self.seconds)
        else:
            end = self.start + self.seconds

            def tracer(frame, event, argument):
                if self.armed and time.monotonic() > end:
                    self.armed = False
                    raise _TimeUp
                return tracer

            self.old_trace = sys.gettrace()
            sys.settrace(tracer)
        return self

    def _ring(self, signum, frame):
        if self.armed:
            self.armed = False
            raise _TimeUp

    def __exit__(self, *exc_info):
        try:
            self.armed = False  # from here on the timer no longer stops anything
        finally:
            if self.seconds is not None:
                self._restore()
        return False

    def _restore(self):
        if self.signal:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old_handler)
            remaining, interval = self.old_timer
            if remaining > 0:  # someone else's timer was running: give it back what is left of it
                left = remaining - (time.monotonic() - self.start)
                signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3), interval)
        else:
            sys.settrace(self.old_trace)


class _Watch:
    """`with _Watch(forbid):` raises _ForbiddenCall when this thread calls a forbidden function, and remembers it.

    `forbid` holds functions (their code is watched, so `my_bfs = library_bfs` and a wrapper are both seen),
    classes (every function defined in them) and modules (every function defined in them, in a package also
    in its submodules).
    """

    def __init__(self, forbid: Iterable):
        self.codes: dict = {}  # code object -> the name to report
        self.modules: list[str] = []  # module names (a package covers its submodules)
        for item in forbid:
            if isinstance(item, types.ModuleType):
                self.modules.append(item.__name__)
            elif isinstance(item, type):
                for name, member in vars(item).items():
                    code = _code_of(member)
                    if code is not None:
                        self.codes[code] = f"{item.__name__}.{name}" if name != "__init__" else item.__name__
            else:
                code = _code_of(item)
                if code is None:
                    raise TypeError(f"forbid must hold library functions, classes or modules, got {describe(item)}")
                self.codes[code] = getattr(item, "__name__", describe(item))
        self.found: str | None = None

    def label(self, function) -> str | None:
        """The forbidden name `function` is (the same code), or None."""
        code = _code_of(function)
        if code in self.codes:
            return self.codes[code]
        module = getattr(inspect.unwrap(function), "__module__", None) if callable(function) else None
        if isinstance(module, str) and self._in_modules(module):
            return f"{getattr(function, '__name__', describe(function))} (from {module})"
        return None

    def _in_modules(self, name: str) -> bool:
        return any(name == module or name.startswith(module + ".") for module in self.modules)

    def _profile(self, frame, event, argument):
        if event != "call" or self.found:
            return
        label = self.codes.get(frame.f_code)
        if label is None and self.modules:
            module = frame.f_globals.get("__name__", "")
            if isinstance(module, str) and self._in_modules(module):
                label = f"{getattr(frame.f_code, 'co_qualname', frame.f_code.co_name)} (from {module})"
        if label is not None:
            self.found = label
            raise _ForbiddenCall(label)

    def __enter__(self):
        self.active = bool(self.codes or self.modules)
        if self.active:
            self.old_profile = sys.getprofile()
            sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc_info):
        if self.active:
            sys.setprofile(self.old_profile)
        return False


def _code_of(item):
    """The code object a function, method, staticmethod, classmethod or functools.wraps wrapper runs, or None."""
    if isinstance(item, (staticmethod, classmethod)):
        item = item.__func__
    if isinstance(item, property):
        item = item.fget
    try:
        item = inspect.unwrap(item)
    except ValueError:
        return None
    item = getattr(item, "__func__", item)
    return getattr(item, "__code__", None)


# ---------------------------------------------------------------------------------------------------------------
# check


_AGAIN = "write it, then run this cell again"
_LOOP_HINT = ("look for a loop that never ends: a frontier that never empties, a bound that never rises, "
              "a state visited again and again")
_RESULTS: dict[int, tuple[object, bool]] = {}  # id(function) -> (function, whether its last check passed)


def _grading() -> bool:
    """Whether a failing check should raise: under nbgrader, or with RAISE_VARIABLE=1 (RAISE_VARIABLE=0: never)."""
    setting = os.environ.get(RAISE_VARIABLE, "")
    if setting:
        return setting != "0"
    return bool(os.environ.get(GRADER_VARIABLE))


def _name_in_cell(function, frame) -> str | None:
    """The name `function` has in the `check(...)` call being run in `frame` (the student's name for it)."""
    try:
        source = "".join(linecache.getlines(frame.f_code.co_filename, frame.f_globals))
        tree = ast.parse(source)
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
          forbid: Iterable = ()) -> None:
    """Run `function` on each case and print what is wrong, or that every case passes.

    Each case is `(arguments, expected)`: `arguments` is a tuple of positional arguments
    (a single argument that is itself a tuple must be wrapped: `((board,), expected)`), and
    `expected` is the value to return, an exception class the call should raise, or a matcher that
    accepts more than one answer: a `Matcher` (`PathOf`, `CloseTo`, `Parts`, `OneOf`, `Satisfies`), whose
    `mismatch(result)` completes "f(...) returned ...", or any other object with a `mismatch(result)`
    method that returns None or a sentence, printed as "✗ f(...): <sentence>". The function is called
    once per case and the matcher asked afterwards, so it may look at what the call did to the arguments. Dicts,
    lists, tuples and numpy arrays are compared entry by entry, and the first difference is named;
    floats are equal within FLOAT_TOLERANCE.

    Parameters
    ----------
    show : how many failing cases to print.
    time_limit : seconds each case may take (None: no limit). A call that runs longer is stopped and
        reported, and the remaining cases are not run, so a loop that never ends never hangs the notebook.
    forbid : library functions, classes or modules that `function` may not call, directly, under another
        name or through a wrapper of its own; the first such call stops the check.

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
    """
    __tracebackhide__ = True  # IPython shows the student the check cell, not check's own lines
    check_callable(function, "function")
    show = check_int(show, "show", minimum=0)
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))):
        raise TypeError(f"time_limit must be a number of seconds or None, got {describe(time_limit)}")
    if time_limit is not None and not 0 < time_limit < 1e6:
        raise ValueError(f"time_limit must be more than 0 seconds, got {time_limit!r}")
    if isinstance(cases, (str, bytes)) or not isinstance(cases, Iterable):
        raise TypeError(f"cases must be a list of (arguments, expected) pairs, got {describe(cases)}")
    if isinstance(forbid, (str, bytes)) or not isinstance(forbid, Iterable):
        raise TypeError(f"forbid must be a list of library functions, classes or modules, got {describe(forbid)}")
    cases = list(cases)
    for case in cases:
        if not (isinstance(case, tuple) and len(case) == 2):
            raise TypeError(f"each case must be a pair (arguments, expected), got {describe(case)}")
    watch = _Watch(forbid)
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
        return verdict([f"✗ {name} is the library's {forbidden}: write it yourself"])
    unfinished = not_done(function)
    if unfinished:
        return verdict([f"✗ not done yet: {unfinished}; {_AGAIN}"])
    failures = []
    for number, (arguments, expected) in enumerate(cases):
        if not isinstance(arguments, tuple):
            arguments = (arguments,)
        call = f"{name}({', '.join(describe(a) for a in arguments)})"
        raises = isinstance(expected, type) and issubclass(expected, BaseException)
        error = None
        try:
            with _Deadline(time_limit), watch:
                result = function(*arguments)
        except _TimeUp:
            rest = len(cases) - number - 1
            skipped = f" ({_plural(rest, 'other case')} not run)" if rest else ""
            return verdict([f"✗ {call} did not return within {time_limit:g} s; {_LOOP_HINT}{skipped}"])
        except _ForbiddenCall:
            pass
        except NotImplementedError as raised:
            if not (raises and issubclass(NotImplementedError, expected)):
                return verdict([f"✗ not done yet: {_unwritten(raised, name)}; {_AGAIN}"])
            continue
        except Exception as raised:  # noqa: BLE001 - the reader's code may raise anything; report it, don't crash
            error = raised
        if watch.found:  # seen even if the student's code caught the exception
            return verdict([f"✗ {name} calls the library's {watch.found}: write it yourself"])
        if error is not None:
            if not (raises and isinstance(error, expected)):
                failures.append(f"✗ {call} raised {type(error).__name__}: {short_repr(_Raw(error), 200)}")
            continue
        if result is Ellipsis:
            return verdict([f"✗ not done yet: {name} returned `...`; {_AGAIN}"])
        if raises:
            failures.append(f"✗ {call} returned {describe(result)}, expected it to raise {expected.__name__}")
            continue
        if _is_matcher(expected):  # a Matcher completes "returned ...", another matcher says a whole sentence
            why = expected.mismatch(result)
            if why is not None:
                failures.append(f"✗ {call} returned {why}" if isinstance(expected, Matcher) else f"✗ {call}: {why}")
            continue
        where = _mismatch(result, expected)
        if where is not None:
            failures.append(_failure(call, result, expected, where))
    if not failures:
        return verdict([f"✓ {name} passes all {_plural(len(cases), 'case')}"], ok=True)
    return verdict(failures[:show], f"{len(failures)} of {_plural(len(cases), 'case')} failed")


def _failure(call: str, result, expected, where: str) -> str:
    """The line that says what `call` got wrong: what it returned, what was expected, and where they differ."""
    returned, wanted = describe(result), describe(expected)
    if result is None:
        return f"✗ {call} returned None, expected {wanted} (a function without `return` returns None)"
    if not _is_container(expected) and not _is_container(result):
        return f"✗ {call} returned {returned}, expected {wanted}"
    if returned == wanted:  # the short reprs hide the difference: say only where it is
        return f"✗ {call} returned {returned}, which differs {where}" if where.startswith("at ") else (
            f"✗ {call} returned {returned}: {where}")
    return f"✗ {call} returned {returned}, expected {wanted} ({where})"


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

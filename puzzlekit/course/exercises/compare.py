"""What counts as a right answer and where a value differs: matchers for answers that may differ (`PathOf`, `CloseTo`,
`Parts`, `OneOf`, `Satisfies`), `difference`, `judge` (a case's verdict, in `check` and the grader), `first_change`."""

from __future__ import annotations

import copy
import inspect
import itertools
import math
import numbers
import sys
from collections.abc import Callable, Mapping

from ...checks import check_callable, check_int
from .describe import cut, describe, plural

__all__ = ["PathOf", "CloseTo", "Parts", "OneOf", "Satisfies", "difference"]


class Matcher:
    """An expected value that accepts more than one result, and says what is wrong with a result it refuses.

    A subclass defines `mismatch(result)`: None when `result` is right, else a phrase that completes "f(...) returned
    ..." (the result, then what is wrong), and a `__repr__` saying what it expects; `==` works too (inside a list)."""

    def mismatch(self, result) -> str | None:
        raise NotImplementedError("a Matcher subclass defines mismatch(result)")

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None  # (defining __eq__ sets __hash__ to None: a matcher is no dict key)


class PathOf(Matcher):
    """Any path of `moves` moves from `problem.initial` to a goal, each state one of `problem.successors` of the
    one before; `moves` None means "no path": then only None is right.

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
        if not (hasattr(problem, "initial") and callable(getattr(problem, "successors", None))
                and callable(getattr(problem, "is_goal", None))):
            raise TypeError(f"problem must be a Problem (initial, successors, is_goal), got {describe(problem)}")
        self.problem = problem
        self.moves = None if moves is None else check_int(moves, "moves", minimum=0)

    def __repr__(self) -> str:
        if self.moves is None:
            return "None (no path)"
        return f"a path of {plural(self.moves, 'move')} from the start to a goal"

    def mismatch(self, result) -> str | None:
        problem = self.problem
        words = (f"a path of {plural(len(result) - 1, 'move')}" if isinstance(result, (list, tuple)) and result
                 else describe(result))
        if self.moves is None:
            return None if result is None else f"{words}, expected None: no goal can be reached"
        if result is None:
            return f"None (no path), expected {self!r}"
        if not isinstance(result, (list, tuple)):
            return f"{describe(result)} ({type(result).__name__}), expected a path: a list of states"
        if not result:
            return f"an empty list, expected {self!r}: a path starts with the start state"
        try:
            if result[0] != problem.initial:
                return f"{words} that starts at {describe(result[0])}, not at the start {describe(problem.initial)}"
            for number, (before, after) in enumerate(zip(result, result[1:]), 1):
                if after not in [child for _, child in problem.successors(before)]:
                    return f"{words} whose move {number} is not a legal move: {describe(before)} to {describe(after)}"
            if not problem.is_goal(result[-1]):
                return f"{words} that ends at {describe(result[-1])}, which is not a goal"
        except (ValueError, TypeError) as error:  # a state the problem does not know (a board of another size)
            return f"{words} with a state the problem refuses ({type(error).__name__}: {cut(error, 80)})"
        if len(result) - 1 != self.moves:
            shorter = "; a shorter one exists" if len(result) - 1 > self.moves else ""
            return f"{words} from the start to a goal, expected {plural(self.moves, 'move')}{shorter}"
        return None


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
        where = difference(result, self.expected, self.tolerance)
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
            sentence = is_matcher(expected) and not isinstance(expected, Matcher)  # its mismatch says a sentence
            if (why := expected.mismatch(got) if sentence else verdict(got, expected, 40)) is not None:
                return f"{describe(result)}, whose {name} is {'wrong: ' if sentence else ''}{why}"
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
        if any(difference(result, value) is None for value in self.values):
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
        if (said := self.test(result)) and not isinstance(said, str):  # True, or any true value but a string
            return None
        return f"{describe(result)}, expected {self.description}" + (f": {said}" if said else "")


def is_matcher(value) -> bool:
    """Whether `value` is a matcher: a `Matcher`, or any object (not a class) with a `mismatch(result)` method."""
    return isinstance(value, Matcher) or (not isinstance(value, type) and callable(getattr(value, "mismatch", None)))


def judge(call: str, name: str, result, expected, *, error=None, changed: str | None = None,
          unwritten: str | None = None) -> tuple[str, str] | None:
    """The verdict on one case: None if it passes, ("undone", why) if the exercise is not written yet (the caller says
    so and stops), ("fail", line) if it fails. `call` reads "f(1, 2)"; `error` is what the call raised instead of
    returning `result` (an exception, or a grading worker's `Raised`); `changed` how it changed an argument it should
    have left alone; `unwritten` who raised NotImplementedError (default: `name`)."""
    raises = isinstance(expected, type) and issubclass(expected, BaseException)
    if isinstance(error, BaseException):
        error_name, message, is_a = type(error).__name__, cut(error, 200), lambda kind: isinstance(error, kind)
    elif error is not None:  # a `Raised`
        error_name, message, is_a = error.name, cut(error.message, 200), error.is_a
    if error is not None and is_a(NotImplementedError) and not (raises and is_a(expected)):
        return "undone", unwritten or f"{name} raises NotImplementedError"
    if changed is not None:
        return "fail", f"✗ {call} {changed}"
    if error is not None:
        return None if raises and is_a(expected) else ("fail", f"✗ {call} raised {error_name}: {message}")
    if result is Ellipsis:
        return "undone", f"{name} returned `...`"
    if raises:
        return "fail", f"✗ {call} returned {describe(result)}, expected it to raise {expected.__name__}"
    sentence = is_matcher(expected) and not isinstance(expected, Matcher)  # its mismatch says a whole sentence
    why = expected.mismatch(result) if sentence else verdict(result, expected)
    hint = " (a function without `return` returns None)" if result is None and not is_matcher(expected) else ""
    return None if why is None else ("fail", f"✗ {call}: {why}" if sentence else f"✗ {call} returned {why}{hint}")


def verdict(result, expected, limit: int = 60) -> str | None:
    """None if `result` is what was `expected` (a value or a `Matcher`), else what completes "f(...) returned ..."
    or "whose part is ...": the result, what was expected and, if that does not show it, where they differ."""
    if isinstance(expected, Matcher):
        return expected.mismatch(result)
    if (found := walk(result, expected)) is None:
        return None
    (path, what), returned, wanted = found, describe(result, limit), describe(expected, limit)
    if result is None or not path and what == f"got {returned}, expected {wanted}":
        return f"{returned}, expected {wanted}"  # nothing more to say than that: said once
    if returned == wanted:  # the short reprs hide the difference: say only where it is
        return f"{returned}, which differs {_at(path, what)}" if path else f"{returned}: {what}"
    return f"{returned}, expected {wanted} ({_at(path, what)})"


#: Two floats closer than this (relative, or absolute near 0) are equal: a sum taken in another order passes.
FLOAT_TOLERANCE = 1e-9


def difference(result, expected, tolerance: float | None = None) -> str | None:
    """None if `result` is what was `expected`; else where they differ ("at key K: got X, expected Y", ...).

    `tolerance` is an absolute tolerance for numbers (CloseTo); without it floats are compared to FLOAT_TOLERANCE.

    Examples
    --------
    >>> difference({"a": [1, 2]}, {"a": [1, 3]}), difference(0.1 + 0.2, 0.3)
    ("at key 'a': at index 1: got 2, expected 3", None)
    """
    found = walk(result, expected, tolerance)
    return None if found is None else _at(*found)


def _at(path: list, what: str) -> str:
    """`what` differs, after where: "at key 'a': at index 1: got 2, expected 3"."""
    return "".join(f"at key {describe(key, 40)}: " if kind == "key" else f"at index {key}: "
                   for key, kind in path) + what


def walk(got, wanted, tolerance: float | None = None, depth: int = 0, change: bool = False):
    """Where `got` first differs from `wanted`: (path, what), path a list of (key, "key") and (index, "index"), or
    None. `difference` words it "got X, expected Y"; with `change` (`first_change`: an argument after a call and before
    it) "was Y, now X", and then compares exactly (NaN stays NaN), sets too, objects of their own not (they change)."""
    def says(limit=60):
        return (f"was {describe(wanted, limit)}, now {describe(got, limit)}" if change else
                f"got {describe(got, limit)}, expected {describe(wanted, limit)}")

    def kinds(expected_words):  # got a kind of value other than the kind expected
        return [], (f"was {expected_words}, now {describe(got, 40)}" if change else
                    f"got a {type(got).__name__}, expected {expected_words}")

    if is_matcher(wanted) and not change:
        why = wanted.mismatch(got)
        return None if why is None else ([], f"got {why}" if isinstance(wanted, Matcher) else why)
    if depth > 20:  # a structure that contains itself
        return None if change or _plain_equal(got, wanted) else ([], says())
    numpy = sys.modules.get("numpy")  # if it is not imported, no value is an array
    if numpy is not None and any(isinstance(value, numpy.ndarray) for value in (got, wanted)):
        return _arraywalk(numpy, got, wanted, tolerance, change, says)
    if tolerance is None and isinstance(wanted, (Mapping, list, tuple, set, bytearray)) and _plain_equal(got, wanted):
        return None  # == in C: fast on a big table (arrays inside raise or say False: compared entry by entry)
    if isinstance(wanted, Mapping):
        if not isinstance(got, Mapping):
            return kinds(f"a dict of {plural(len(wanted), 'entry')}")
        if missing := [key for key in wanted if key not in got]:
            key, count = describe(missing[0], 40), _count(len(missing), len(wanted), "keys missing", change)
            return [], (f"lost the key {key}, which was {describe(wanted[missing[0]], 40)}{count}" if change else
                        f"no key {key} (expected {describe(wanted[missing[0]], 40)} there){count}")
        if extra := [key for key in got if key not in wanted]:
            key, value, count = describe(extra[0], 40), describe(got[extra[0]], 40), len(extra)
            return [], (f"gained the key {key}, now {value}" + (f" ({count} new keys)" if count > 1 else "") if change
                        else f"an extra key {key} (with {value})" + (f"; {count} keys too many" if count > 1 else ""))
        differ = {key: found for key in wanted if (found := walk(got[key], wanted[key], tolerance, depth + 1, change))}
        if not differ:
            return None
        key, (path, what) = next(iter(differ.items()))
        return [(key, "key")] + path, what + _count(len(differ), len(wanted), "entries differ", change)
    sequences = (list, tuple, bytearray) if change else (list, tuple)  # (a change keeps its type: a bytearray too)
    if isinstance(wanted, sequences):
        if not isinstance(got, sequences) or type(got) is not type(wanted) and (
                change or type(wanted) in (list, tuple) and type(got) in (list, tuple)):
            return kinds(f"a {type(wanted).__name__}")
        for index, (item, wanted_item) in enumerate(zip(got, wanted)):
            if (inner := walk(item, wanted_item, tolerance, depth + 1, change)) is not None:
                path = [(index, "index")] + inner[0]
                return (path, inner[1]) if len(got) == len(wanted) or change else (
                    [], f"{plural(len(got), 'item')}, expected {len(wanted)}; first difference {_at(path, inner[1])}")
        if len(got) != len(wanted):
            return [], (f"had {plural(len(wanted), 'entry')}, now {len(got)}" if change else
                        f"{plural(len(got), 'item')}, expected {len(wanted)}")
        return None
    if change and isinstance(wanted, set):
        if not isinstance(got, set):
            return kinds("a set")
        word, items = ("lost", wanted - got) if wanted - got else ("gained", got - wanted)
        more = f" and {len(items) - 1} more" if len(items) > 1 else ""
        return [], f"{word} {describe(sorted(items, key=repr)[0], 40)}{more}"
    if change and not isinstance(wanted, (numbers.Number, str, bytes, type(None))):
        return None  # an object of its own: it may change as it is used
    close = not change and _numbers_close(got, wanted, tolerance)
    return None if close or (tolerance is None or change) and _plain_equal(got, wanted) or (
        change and got != got and wanted != wanted) else ([], says())  # (a change: NaN stays NaN)


def _count(count: int, total: int, what: str, change: bool) -> str:
    """"; 2 of 3 entries differ" after a difference, " (2 of 3 entries changed)" after a change; "" for one."""
    if count < 2:
        return ""
    return f" ({count} of {total} {what.replace('differ', 'changed')})" if change else f"; {count} of {total} {what}"


def _arraywalk(numpy, got, wanted, tolerance, change, says):
    """`walk` for numpy arrays: the first entry that differs, how many do and (`difference`) where the most."""
    if not (isinstance(wanted, numpy.ndarray) and isinstance(got, numpy.ndarray)):  # a value in place of an array
        kinds = ["a numpy array" if isinstance(value, numpy.ndarray) else f"a {type(value).__name__}"
                 for value in (got, wanted)]
        return [], says(40) if change else f"got {kinds[0]}, expected {kinds[1]}"
    if got.shape != wanted.shape or change and got.dtype != wanted.dtype:
        return [], (f"was an array of shape {wanted.shape} ({wanted.dtype}), now {got.shape} ({got.dtype})" if change
                    else f"got an array of shape {got.shape}, expected shape {wanted.shape}")
    try:
        if not change and (tolerance is not None or got.dtype.kind == "f" or wanted.dtype.kind == "f"):
            same = numpy.isclose(got, wanted, rtol=0 if tolerance is not None else FLOAT_TOLERANCE,
                                 atol=tolerance if tolerance is not None else FLOAT_TOLERANCE, equal_nan=True)
        else:
            same = numpy.asarray(got == wanted) | ((got != got) & (wanted != wanted))  # NaN stays NaN
        same = numpy.broadcast_to(numpy.asarray(same, dtype=bool), got.shape)
    except (TypeError, ValueError):
        return None if change else ([], f"got an array of {got.dtype}, expected {wanted.dtype}")
    if len(differ := numpy.argwhere(~same)) == 0:
        return None

    def at(index):  # where an entry is (a number in a 1-d array) and what differs there
        index = tuple(int(i) for i in index)
        now, was = describe(got[index].item(), 30), describe(wanted[index].item(), 30)
        said = f"was {was}, now {now}" if change else f"got {now}, expected {was}"
        return (index[0] if len(index) == 1 else index), said

    where, text = at(differ[0])
    text += _count(len(differ), got.size, "entries differ", change)
    if len(differ) > 1 and not change and got.dtype.kind in "biuf" and wanted.dtype.kind in "biuf":
        with numpy.errstate(invalid="ignore", over="ignore"):  # -inf - -inf: NaN, and no warning of ours
            gaps = numpy.abs(got.astype(float) - wanted.astype(float))
        gaps[numpy.isnan(gaps)] = numpy.inf
        gaps[same] = 0.0  # equal entries (-inf and -inf among them) are never "the most"
        largest, there = at(numpy.unravel_index(int(numpy.argmax(gaps)), gaps.shape))
        if largest != where:
            text += f", the most at index {largest}: {there}"
    return [(where, "index")], text


def _numbers_close(result, expected, tolerance: float | None) -> bool:
    """Whether two numbers (not bools) are equal within `tolerance`, or FLOAT_TOLERANCE if one is a float (ints: ==)."""
    if not all(isinstance(value, numbers.Real) and not isinstance(value, bool) for value in (result, expected)):
        return False
    if tolerance is not None:
        return abs(float(result) - float(expected)) <= tolerance
    return not (isinstance(result, numbers.Integral) and isinstance(expected, numbers.Integral)) and math.isclose(
        float(result), float(expected), rel_tol=FLOAT_TOLERANCE, abs_tol=FLOAT_TOLERANCE)


def _plain_equal(result, expected) -> bool:
    """`result == expected` as a plain bool (anything that cannot say counts as different)."""
    try:
        return bool(result == expected)
    except Exception:  # noqa: BLE001 - a student's object may raise anything from __eq__
        return False


_ATOMS = frozenset({int, float, bool, str, bytes, complex, type(None)})  # immutable, and nothing inside


def _frozen(items) -> bool:
    """Whether every item of `items` is immutable all the way down: atoms, and tuples of them (looked at in C)."""
    kinds = set(map(type, items))
    return kinds <= _ATOMS or kinds <= _ATOMS | {tuple} and _frozen(list(itertools.chain.from_iterable(
        item for item in items if type(item) is tuple)))


def deep_copy(value, memo: dict):
    """`copy.deepcopy(value, memo)`, fast on what chapters pass most: what is immutable all the way down is shared
    without visiting each number in Python (a list of 181,440 boards is copied in milliseconds, not seconds)."""
    kind = type(value)
    if kind in _ATOMS or kind is tuple and _frozen(value):
        return value
    if id(value) in memo:
        return memo[id(value)]
    if kind is not list and not (kind is dict and _frozen(value.keys())):
        return copy.deepcopy(value, memo)
    result = memo[id(value)] = kind(value)  # a shallow copy, in the memo before what it holds is copied
    if not _frozen(value.values() if kind is dict else value):
        for key in value if kind is dict else range(len(value)):
            result[key] = deep_copy(value[key], memo)
    memo.setdefault(id(memo), []).append(value)  # keep the original alive while the memo lives, as deepcopy does
    return result


def first_change(before, after, name: str) -> str | None:
    """Where the data `after` (an argument after a call) first differs from `before` (a copy taken before), or None.

    Dicts, lists, sets, bytearrays and numpy arrays are data, and so are tuples of them; other objects (a
    problem, an environment, a random generator, a `Recorder`) may change as they are used and are not compared."""
    if (steps := walk(after, before, change=True)) is None:
        return None
    path, what = steps
    if not path:
        return f"it {what}"
    if len(path) == 1:
        key, kind = path[0]
        return (f"the entry for {describe(key, 40)}" if kind == "key" else f"the entry at index {key}") + f" {what}"
    return name + "".join(f"[{describe(key, 40)}]" if kind == "key" else f"[{str(key).strip('()')}]"
                          for key, kind in path) + f" {what}"  # an array's index (0, 1) reads q[0, 1]


def parameter_names(function) -> list[str]:
    """The names of `function`'s positional parameters, as its signature has them (`*rest` as rest[0], rest[1], ...)."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return []
    names = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    rest = next((p.name for p in parameters if p.kind == p.VAR_POSITIONAL), None)
    return names + ([f"{rest}[{index}]" for index in range(32)] if rest else [])


def changed_argument(arguments: tuple, given: tuple, copied: list, expected, free, names: list[str]) -> str | None:
    """How the call changed an argument it should have left alone ("changed its argument `q`: ..."), or None."""
    in_place = getattr(expected, "in_place", ()) if is_matcher(expected) else ()
    for index, (before, after) in enumerate(zip(arguments, given)):
        if (not copied[index] or index in free or getattr(type(after), "records_calls", False)
                or any(after is item for item in in_place)):  # not data, or meant to change
            continue
        name = names[index] if index < len(names) else f"argument {index + 1}"
        if (where := first_change(before, after, name)) is not None:
            return f"changed its argument `{name}`: {where}; leave it as it is (work on a copy)"
    return None

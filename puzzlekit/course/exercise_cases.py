"""Expected answers for the chapters' exercises that look at what a function did, not only at what it returned:
the states a search expanded (through a `Recorder`), a table filled in place.

Each is a matcher for `puzzlekit.course.exercises.check`: its `mismatch(result)` is None for a right result, or a sentence
that says where the result goes wrong (check asks it after the call). It also compares equal to every right result.
"""

from __future__ import annotations

import copy
import math
import sys

from ..checks import short_repr
from .exercises import Matcher, PathOf

__all__ = ["Recorder", "SameSearch", "PathWithin", "FilledInPlace", "first_difference", "Exactly", "Counted", "WithinComparisons",
           "LeavesAlone", "note_if_wrong"]


class Recorder:
    """A search problem that writes down each state whose successors (or predecessors) a search asks for.

    It stands in for `problem` everywhere (`initial`, `goal`, `is_goal`, ...); `expanded` lists the states whose
    `successors` were asked, in order, `expanded_backward` those whose `predecessors` were. This is how a check
    sees *how* a search worked, not only what it returned (as the autograder of Berkeley's CS188 does).

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = Recorder(SlidingPuzzle((1, 2, 0, 3)))
    >>> [board for _, board in puzzle.successors(puzzle.initial)]
    [(0, 2, 1, 3), (1, 2, 3, 0)]
    >>> puzzle.expanded, puzzle
    ([(1, 2, 0, 3)], SlidingPuzzle((1, 2, 0, 3), goal=(1, 2, 3, 0)))
    """

    def __init__(self, problem):
        self.problem = problem
        self.expanded: list = []
        self.expanded_backward: list = []

    def successors(self, state):
        self.expanded.append(state)
        return self.problem.successors(state)

    def predecessors(self, state):
        self.expanded_backward.append(state)
        return self.problem.predecessors(state)

    def __getattr__(self, name):  # initial, goal, is_goal, actions, result, step_cost, ...
        if name == "problem":  # not set yet (copy, pickle): no recursion
            raise AttributeError(name)
        return getattr(self.problem, name)

    def __repr__(self) -> str:
        return repr(self.problem)


class SameSearch:
    """A path as long as `path`, found by expanding exactly the states `expanded`, in order, on `recorder`.

    Built from a reference search run on another `Recorder` of the same problem; compares the student's path
    and the states the student's search asked the successors of.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> from puzzlekit.search import textbook
    >>> reference, yours = Recorder(SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6))), Recorder(SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6)))
    >>> expected = SameSearch(yours, textbook.breadth_first(reference), reference.expanded)
    >>> expected
    a path of 2 moves from the start to a goal, found after expanding 3 states
    >>> expected.mismatch(textbook.breadth_first(yours)) is None
    True
    """

    def __init__(self, recorder: Recorder, path, expanded, what: str = "breadth-first search"):
        self.recorder, self.expanded, self.what = recorder, list(expanded), what
        self.path = PathOf(recorder.problem, None if path is None else len(path) - 1)

    def mismatch(self, result) -> str | None:
        """None if `result` is a path like the reference's, found by the same expansions; else what differs."""
        wrong = self.path.mismatch(result)
        if wrong:
            return f"returned {wrong}"
        yours, expected = self.recorder.expanded, self.expanded
        if yours == expected:
            return None
        index = next((i for i, (a, b) in enumerate(zip(yours, expected)) if a != b), min(len(yours), len(expected)))
        where = ""
        if index < len(yours) and yours[index] in yours[:index]:
            where = (f"; expansion {index + 1} expands {short_repr(yours[index], 50)} a second time: mark a state "
                     f"reached when you put it on the frontier, not when you take it off")
        elif index < len(yours) and index < len(expected):
            where = (f"; expansion {index + 1} is {short_repr(yours[index], 50)}, where {self.what} expands "
                     f"{short_repr(expected[index], 50)}")
        elif len(yours) > len(expected):
            where = f"; after the {len(expected)} it needs, yours goes on (test for the goal when a state is generated)"
        return (f"returned the right path, but your search expanded {len(yours)} states where {self.what} "
                f"expands {len(expected)}{where}")

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"{self.path!r}, found after expanding {len(self.expanded)} states"


class PathWithin:
    """A path of `moves` moves, found by a search that expanded at most `most` states of `recorder`, both ways.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> from puzzlekit.search import textbook
    >>> puzzle = Recorder(SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6)))
    >>> expected = PathWithin(puzzle, 2, most=1)
    >>> expected.mismatch(textbook.breadth_first(puzzle))
    'returned a path of 2 moves, the right one, but your search expanded 3 states: this one needs no more than 1'
    """

    def __init__(self, recorder: Recorder, moves: int | None, most: int):
        self.recorder, self.path, self.most = recorder, PathOf(recorder.problem, moves), most

    def mismatch(self, result) -> str | None:
        """None if `result` is such a path and the search stayed within `most` expansions, else what is wrong."""
        wrong = self.path.mismatch(result)
        if wrong:
            return f"returned {wrong}"
        work = len(self.recorder.expanded) + len(self.recorder.expanded_backward)
        if work > self.most:
            return (f"returned a path of {len(result) - 1} moves, the right one, but your search expanded {work:,} "
                    f"states: this one needs no more than {self.most:,}")
        return None

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"{self.path!r}, within {self.most:,} states expanded"


def first_difference(got, expected, name: str = "") -> str | None:
    """Where `got` first differs from `expected` (dicts by key, sequences by index, numbers within 1e-9), or None.

    Examples
    --------
    >>> first_difference({"a": [1.0, 2.0]}, {"a": [1.0, 2.5]}, "q")
    "q['a'][1] is 2.0, expected 2.5"
    >>> first_difference({"a": 1}, {"a": 1, "b": 2}, "q")
    "q has no entry for 'b' (expected 2)"
    >>> first_difference([1, 2], [1, 2]) is None
    True
    """
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return f"{name or 'the result'} is {short_repr(got, 50)}, expected a dict"
        for key, value in expected.items():
            if key not in got:
                return f"{name or 'the dict'} has no entry for {short_repr(key, 50)} (expected {short_repr(value, 50)})"
            inner = first_difference(got[key], value, f"{name}[{short_repr(key, 50)}]")
            if inner:
                return inner
        extra = next((key for key in got if key not in expected), None)
        if extra is not None:
            return f"{name or 'the dict'} has an entry for {short_repr(extra, 50)}, which it should not have"
        return None
    if isinstance(expected, (list, tuple)) and not isinstance(got, str):
        try:
            items = list(got)
        except TypeError:
            return f"{name or 'the result'} is {short_repr(got, 50)}, expected {short_repr(expected, 50)}"
        if len(items) != len(expected):
            return f"{name or 'the result'} has {len(items)} entries, expected {len(expected)}"
        for index, (a, b) in enumerate(zip(items, expected)):
            inner = first_difference(a, b, f"{name}[{index}]")
            if inner:
                return inner
        return None
    if isinstance(expected, float) and isinstance(got, (int, float)):
        same = got == expected or (math.isfinite(expected) and abs(got - expected) <= 1e-9)
    else:
        same = got == expected
    return None if same else f"{name or 'the result'} is {short_repr(got, 50)}, expected {short_repr(expected, 50)}"


class FilledInPlace:
    """The right answer of a function that fills in `table` (a dict) in place: `table` must end equal to `expected`.

    The function's own return value is ignored. A mismatch names the first differing entry.

    Examples
    --------
    >>> q = {}
    >>> expected = FilledInPlace(q, {"start": [0.5, 0.0]}, "q")
    >>> expected.mismatch(None)
    "after the call, q is unchanged (q has no entry for 'start' (expected [0.5, 0.0])): update the table you are given, in place"
    >>> q["start"] = [0.5, 0.25]          # what a function under test did to q
    >>> expected.mismatch(None)
    "after the call, q['start'][1] is 0.25, expected 0.0"
    >>> q["start"][1] = 0.0
    >>> expected == None
    True
    """

    def __init__(self, table: dict, expected: dict, name: str = "the table"):
        self.table, self.expected, self.name = table, expected, name
        self.before = copy.deepcopy(table)  # to tell "changed wrongly" from "not changed at all"

    def mismatch(self, result) -> str | None:
        """None if the table now equals `expected`, else its first wrong entry."""
        wrong = first_difference(self.table, self.expected, self.name)
        if wrong is None:
            return None
        if first_difference(self.table, self.before) is None:
            return f"after the call, {self.name} is unchanged ({wrong}): update the table you are given, in place"
        return f"after the call, {wrong}"

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"{self.name} filled in with {len(self.expected)} entries"



class Exactly(Matcher):
    """`value` and of its very type: a count is an `int`, so 2.0 (a float), True or numpy's int64 is not 2.

    Examples
    --------
    >>> Exactly(2) == 2, Exactly(2) == 2.0
    (True, False)
    >>> Exactly(2).mismatch(2.0)
    '2.0, a float: expected the int 2 (a count is a whole number: return an int)'
    """

    def __init__(self, value):
        self.value = value

    def mismatch(self, result) -> str | None:
        """None if `result` equals the value and has its type, else what differs."""
        if type(result) is type(self.value) and result == self.value:
            return None
        kind, wanted = type(result).__name__, type(self.value).__name__
        if kind == wanted:
            return f"{short_repr(result, 50)}, expected {short_repr(self.value, 50)}"
        hint = " (a count is a whole number: return an int)" if wanted == "int" else ""
        article = "an" if kind[:1] in "aeiou" else "a"
        return f"{short_repr(result, 50)}, {article} {kind}: expected the {wanted} {short_repr(self.value, 50)}{hint}"

    def __repr__(self) -> str:
        return repr(self.value)


class Counted(int):
    """An int that counts the comparisons (<, <=, >, >=) made with it, in `Counted.tally[group]`.

    The tally lives on the class, so copies of the items (a deep copy of a case's arguments) count too.

    Examples
    --------
    >>> items = [Counted(value, "demo") for value in (3, 1, 2)]
    >>> sorted(items), Counted.tally["demo"] > 0
    ([1, 2, 3], True)
    """

    tally: dict = {}

    def __new__(cls, value: int, group):
        item = super().__new__(cls, value)
        item.group = group
        return item

    def __getnewargs__(self):
        return int(self), self.group

    def _count(self) -> None:
        Counted.tally[self.group] = Counted.tally.get(self.group, 0) + 1

    def __lt__(self, other):
        self._count()
        return int.__lt__(self, other)

    def __le__(self, other):
        self._count()
        return int.__le__(self, other)

    def __gt__(self, other):
        self._count()
        return int.__gt__(self, other)

    def __ge__(self, other):
        self._count()
        return int.__ge__(self, other)

    __hash__ = int.__hash__


class WithinComparisons:
    """`expected`, computed by at most `most` comparisons of the items of a group of `Counted` (what a merge sort needs).

    Examples
    --------
    >>> items = [Counted(value, "demo-2") for value in (4, 3, 2, 1)]
    >>> expected = WithinComparisons(sorted(range(1, 5)), "demo-2", most=8, what="a merge sort of 4 items")
    >>> expected.mismatch(sorted(items)) is None
    True
    >>> _ = [a < b for a in items for b in items]
    >>> expected.mismatch(sorted(items))
    '[1, 2, 3, 4], the right answer, but your function compared items 22 times: a merge sort of 4 items needs no more than 8'
    """

    def __init__(self, expected, group, most: int, what: str):
        self.expected, self.group, self.most, self.what = expected, group, most, what
        Counted.tally[group] = 0

    def mismatch(self, result) -> str | None:
        """None if `result` equals `expected` and the comparisons stayed within `most`, else what is wrong."""
        from .exercises import difference

        where = difference(result, self.expected)
        if where is not None:
            return f"{short_repr(result, 60)}, expected {short_repr(self.expected, 60)} ({where})"
        made = Counted.tally.get(self.group, 0)
        if made > self.most:
            return (f"{short_repr(result, 60)}, the right answer, but your function compared items {made:,} times: "
                    f"{self.what} needs no more than {self.most:,}")
        return None

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"{short_repr(self.expected, 60)} within {self.most:,} comparisons"


def note_if_wrong(function, cases, exercise: str, later: str) -> bool:
    """Print a note if `function` (an earlier exercise, which `later` may call) gets one of `cases` wrong; True if so.

    Quiet when `function` is right or not written yet: the check of `later` then says what is wrong itself.
    The cases are the function's own (a matcher may look at what the call did to its arguments): build them fresh.

    Examples
    --------
    >>> note_if_wrong(abs, [((-2,), 2)], "exercise 1", "distance")
    False
    >>> note_if_wrong(lambda x: x, [((-2,), 2)], "exercise 1", "distance")
    note: <lambda> (exercise 1) is not right yet: <lambda>(-2) returned -2, expected 2. If distance calls it, fix it first.
    True
    """
    from .exercises import describe, difference, not_done

    name = getattr(function, "__name__", "the function")
    if not_done(function):
        return False
    for arguments, expected in cases:
        call = f"{name}({', '.join(describe(a) for a in arguments)})"
        try:
            result = function(*arguments)
        except NotImplementedError:
            return False
        except Exception as error:  # noqa: BLE001 - the reader's code may raise anything; say so
            wrong = f"{call} raised {type(error).__name__}"
        else:
            if result is Ellipsis:
                return False
            if hasattr(expected, "mismatch"):
                where = expected.mismatch(result)
                wrong = f"{call}: {where}"
            else:
                where = difference(result, expected)
                wrong = f"{call} returned {short_repr(result, 40)}, expected {short_repr(expected, 40)}"
            if where is None:
                continue
        print(f"note: {name} ({exercise}) is not right yet: {wrong}. If {later} calls it, fix it first.")
        return True
    return False


def _same(a, b) -> bool:
    """Whether `a` and `b` hold the same values (numpy arrays entry by entry, NaN equal to NaN; else as dicts, lists)."""
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(a, numpy.ndarray):
        return isinstance(b, numpy.ndarray) and a.shape == b.shape and bool(numpy.array_equal(a, b, equal_nan=True))
    return first_difference(a, b) is None


class LeavesAlone:
    """`expected` (a value or a matcher), returned by a call that left its argument `argument` as it was.

    `check` asks after the call, so this sees what the function did to the list it was given (`name` in messages).

    Examples
    --------
    >>> items = [3, 1, 2]
    >>> expected = LeavesAlone([1, 2, 3], items, "items")
    >>> expected.mismatch(sorted(items)) is None
    True
    >>> items.sort()
    >>> expected.mismatch(items)
    'returned the right answer, but changed items, its argument, to [1, 2, 3] (it was [3, 1, 2]): return a new one and leave items as it was'
    """

    def __init__(self, expected, argument, name: str):
        self.expected, self.argument, self.name = expected, argument, name
        self.before = copy.deepcopy(argument)

    def mismatch(self, result) -> str | None:
        """None if `result` is right and the argument unchanged, else what is wrong."""
        from .exercises.compare import Matcher, difference, is_matcher

        if is_matcher(self.expected):
            wrong = self.expected.mismatch(result)
            if wrong is not None:
                return wrong if isinstance(self.expected, Matcher) else f"returned {wrong}"
        else:
            where = difference(result, self.expected)
            if where is not None:
                return f"returned {short_repr(result, 60)}, expected {short_repr(self.expected, 60)} ({where})"
        if not _same(self.argument, self.before):
            return (f"returned the right answer, but changed {self.name}, its argument, to "
                    f"{short_repr(self.argument, 50)} (it was {short_repr(self.before, 50)}): return a new one and "
                    f"leave {self.name} as it was")
        return None

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self.expected)

"""Expected answers for the chapters' exercises that say what is wrong: a search's path and the states it expanded,
a table a function fills in place.

Each is a *matcher*: `check` compares a result with it, and its `mismatch(result)` is None for a right result, or a
sentence that says where the result goes wrong. A matcher also compares equal to every right result, so it works
wherever `==` is used.
"""

from __future__ import annotations

import math

from .checks import short_repr

__all__ = ["Recorder", "path_mismatch", "PathOf", "PathWithin", "PathAndCount", "SameSearch", "FilledInPlace", "SameValues", "first_difference"]


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


def path_mismatch(problem, path, moves: int | None) -> str | None:
    """What is wrong with `path` as a path of `moves` moves from `problem`'s start to a goal (None: nothing).

    `moves` None means that there is no path, and only None is right.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> path_mismatch(puzzle, [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)], 2)
    >>> path_mismatch(puzzle, [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)], 1)
    'step 1, from (1, 2, 3, 4, 5, 6, 0, 7, 8) to (1, 2, 3, 4, 5, 6, 7, 8, 0), is not a legal move'
    >>> path_mismatch(puzzle, None, 2)
    'returned None, but there is a path of 2 moves'
    """
    if moves is None:
        return None if path is None else f"returned a path of {_length(path)} moves, but there is no path at all"
    if path is None:
        return f"returned None, but there is a path of {moves} moves"
    if not isinstance(path, (list, tuple)) or not path:
        return f"returned {short_repr(path, 60)}, expected a list of states (a path of {moves} moves)"
    try:
        if path[0] != problem.initial:
            return f"the path starts at {short_repr(path[0], 50)}, not at the start {short_repr(problem.initial, 50)}"
        for step, (before, after) in enumerate(zip(path, path[1:]), start=1):
            if after not in {child for _, child in problem.successors(before)}:
                return (f"step {step}, from {short_repr(before, 50)} to {short_repr(after, 50)}, "
                        f"is not a legal move")
        if not problem.is_goal(path[-1]):
            return f"the path ends at {short_repr(path[-1], 50)}, which is not a goal"
    except (TypeError, ValueError) as error:
        return f"the path holds something that is not a state: {short_repr(str(error), 80)}"
    if len(path) - 1 != moves:
        return f"the path has {len(path) - 1} moves; a shortest one has {moves}"
    return None


class PathOf:
    """Any path of `moves` moves from `problem`'s start to a goal (`moves` None: no path, and only None is right).

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> expected = PathOf(SlidingPuzzle((1, 2, 3, 4, 5, 6, 7, 0, 8)), 1)
    >>> expected, expected == [(1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)]
    (a path of 1 moves, True)
    >>> expected.mismatch([(1, 2, 3, 4, 5, 6, 7, 0, 8)])
    'the path ends at (1, 2, 3, 4, 5, 6, 7, 0, 8), which is not a goal'
    """

    def __init__(self, problem, moves: int | None):
        self.problem, self.moves = problem, moves

    def mismatch(self, result) -> str | None:
        """None if `result` is such a path, else what is wrong with it."""
        return path_mismatch(self.problem, result, self.moves)

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return "no path (None)" if self.moves is None else f"a path of {self.moves} moves"


class PathWithin(PathOf):
    """A path of `moves` moves, found by a search that expanded at most `most` states of `recorder`, both ways.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> from puzzlekit.search import textbook
    >>> puzzle = Recorder(SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6)))
    >>> expected = PathWithin(puzzle, 2, most=1)
    >>> expected.mismatch(textbook.breadth_first(puzzle))
    'the path is right, but your search expanded 3 states, and this one needs no more than 1'
    """

    def __init__(self, recorder: Recorder, moves: int | None, most: int):
        super().__init__(recorder.problem, moves)
        self.recorder, self.most = recorder, most

    def mismatch(self, result) -> str | None:
        """None if `result` is such a path and the search stayed within `most` expansions, else what is wrong."""
        wrong = super().mismatch(result)
        work = len(self.recorder.expanded) + len(self.recorder.expanded_backward)
        if wrong is None and work > self.most:
            wrong = f"the path is right, but your search expanded {work:,} states, and this one needs no more than {self.most:,}"
        return wrong

    def __repr__(self) -> str:
        return f"{super().__repr__()}, within {self.most:,} states expanded"


class PathAndCount:
    """A pair `(path, count)`: a path of `moves` moves from `problem`'s start to a goal, and the states expanded.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 7, 0, 8))
    >>> expected = PathAndCount(puzzle, 1, 1, "astar_search")
    >>> expected
    (a path of 1 moves, 1 state expanded)
    >>> expected.mismatch(([(1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)], 2))
    'the path is right, but the count is 2 states expanded; astar_search expands 1'
    """

    def __init__(self, problem, moves: int | None, count: int, what: str = "the reference search"):
        self.path, self.count, self.what = PathOf(problem, moves), count, what

    def mismatch(self, result) -> str | None:
        """None if `result` is such a pair, else what is wrong with it."""
        if not (isinstance(result, tuple) and len(result) == 2):
            return f"returned {short_repr(result, 60)}, expected a pair (path, states expanded)"
        wrong = self.path.mismatch(result[0])
        if wrong:
            return wrong
        if result[1] != self.count:
            return (f"the path is right, but the count is {short_repr(result[1], 20)} states expanded; "
                    f"{self.what} expands {self.count}")
        return None

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"({self.path!r}, {self.count} state{'s' * (self.count != 1)} expanded)"


def _length(path) -> str:
    return str(len(path) - 1) if isinstance(path, (list, tuple)) and path else "?"


class SameSearch:
    """A shortest path of `moves` moves, found by expanding exactly `expanded` (in order) on the `recorder`.

    Built from a reference search run on another `Recorder` of the same problem; compares the student's path
    and the states the student's search asked the successors of.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> from puzzlekit.search import textbook
    >>> reference, yours = Recorder(SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6))), Recorder(SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6)))
    >>> expected = SameSearch(yours, textbook.breadth_first(reference), reference.expanded)
    >>> expected
    a path of 2 moves, found after expanding 3 states
    >>> expected.mismatch(textbook.breadth_first(yours)) is None
    True
    """

    def __init__(self, recorder: Recorder, path, expanded, what: str = "breadth-first search"):
        self.recorder, self.expanded, self.what = recorder, list(expanded), what
        self.moves = None if path is None else len(path) - 1

    def mismatch(self, result) -> str | None:
        """None if `result` is a path like the reference's, found by the same expansions; else what differs."""
        wrong = path_mismatch(self.recorder.problem, result, self.moves)
        if wrong:
            return wrong
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
        return f"the path is right, but your search expanded {len(yours)} states where {self.what} expands {len(expected)}{where}"

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        path = "no path" if self.moves is None else f"a path of {self.moves} moves"
        return f"{path}, found after expanding {len(self.expanded)} states"


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
    >>> q["start"] = [0.5, 0.25]          # what a function under test did to q
    >>> expected.mismatch(None)
    "after the call, q['start'][1] is 0.25, expected 0.0"
    >>> q["start"][1] = 0.0
    >>> expected == None
    True
    """

    def __init__(self, table: dict, expected: dict, name: str = "the table"):
        self.table, self.expected, self.name = table, expected, name

    def mismatch(self, result) -> str | None:
        wrong = first_difference(self.table, self.expected, self.name)
        return None if wrong is None else f"after the call, {wrong}"

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"{self.name} filled in with {len(self.expected)} entries"


class SameValues:
    """A returned table of numbers (a numpy array, or nested lists) equal to `expected`, entry by entry within 1e-9.

    A mismatch names the shape, or the first entry that differs.

    Examples
    --------
    >>> import numpy as np
    >>> expected = SameValues(np.array([[0.5, -np.inf], [1.0, 0.25]]), "the new q")
    >>> expected.mismatch(np.array([[0.5, -np.inf], [1.0, 0.3]]))
    'the new q[1][1] is 0.3, expected 0.25 (1 of 4 entries differ)'
    >>> expected.mismatch(np.zeros(4))
    'the new q has shape (4,), expected (2, 2)'
    >>> np.array([[0.5, -np.inf], [1.0, 0.25]]) == expected
    True
    """

    __array_ufunc__ = None  # `array == matcher` asks the matcher, instead of comparing entry by entry

    def __init__(self, expected, name: str = "the result"):
        import numpy as np

        self.expected, self.name = np.asarray(expected, dtype=float), name

    def mismatch(self, result) -> str | None:
        """None if `result` has the expected shape and values, else the shape or the first entry that differs."""
        import numpy as np

        try:
            got = np.asarray(result, dtype=float)
        except (TypeError, ValueError):
            return f"returned {short_repr(result, 60)}, expected an array of numbers"
        if got.shape != self.expected.shape:
            return f"{self.name} has shape {got.shape}, expected {self.expected.shape}"
        same = (got == self.expected) | (np.abs(got - np.where(np.isfinite(self.expected), self.expected, 0)) <= 1e-9)
        if same.all():
            return None
        index = tuple(int(i) for i in np.argwhere(~same)[0])
        where = "".join(f"[{i}]" for i in index)
        return (f"{self.name}{where} is {float(got[index])!r}, expected {float(self.expected[index])!r} "
                f"({int((~same).sum()):,} of {same.size:,} entries differ)")

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"an array of shape {self.expected.shape}"

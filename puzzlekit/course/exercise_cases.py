"""Expected answers for the chapters' exercises that look at what a function did, not only at what it returned:
the states a search expanded (through a `Recorder`), a table filled in place; and a note when an exercise builds on an
earlier one that is still wrong (`earlier_exercise`).

Each is a matcher for `puzzlekit.course.exercises.check`: its `mismatch(result)` is None for a right result, or a
sentence that says where the result goes wrong (check asks it after the call). It also compares equal to every right
result.
"""

from __future__ import annotations

import copy
import io
import math
import sys
from contextlib import redirect_stdout

from ..checks import short_repr
from .exercises import PathOf, check, difference, passed

__all__ = ["Recorder", "SameSearch", "PathWithin", "FilledInPlace", "earlier_exercise", "AnytimePaths"]


class Recorder:
    """A search problem that writes down each state whose successors (or predecessors) a search asks for.

    It stands in for `problem` everywhere (`initial`, `goal`, `is_goal`, ...); `expanded` lists the states whose
    `successors` (or `actions`) were asked, in order, `expanded_backward` those whose `predecessors` were. This is
    how a check sees *how* a search worked, not only what it returned (as the autograder of Berkeley's CS188 does).

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = Recorder(SlidingPuzzle((1, 2, 0, 3)))
    >>> [board for _, board in puzzle.successors(puzzle.initial)]
    [(0, 2, 1, 3), (1, 2, 3, 0)]
    >>> puzzle.expanded, puzzle
    ([(1, 2, 0, 3)], SlidingPuzzle((1, 2, 0, 3), goal=(1, 2, 3, 0)))
    """

    records_calls = True  # `check` lets it change: recording the search's calls is what it is for
    questions = ("successors", "actions", "predecessors")  # the methods that record (graded: asked of the grader)

    def __init__(self, problem):
        self.problem = problem
        self.expanded: list = []
        self.expanded_backward: list = []

    def successors(self, state):
        self.expanded.append(state)
        return self.problem.successors(state)

    def actions(self, state):  # a search may ask for the actions and their results instead
        self.expanded.append(state)
        return self.problem.actions(state)

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
    >>> board = (1, 2, 3, 4, 0, 5, 7, 8, 6)
    >>> reference, yours = Recorder(SlidingPuzzle(board)), Recorder(SlidingPuzzle(board))
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

    A path found without asking `recorder` (a search of another problem, say) is refused: each move of it must
    leave or reach a state whose successors or predecessors the search asked.

    >>> small = SlidingPuzzle((0, 1, 3, 2))
    >>> why = PathWithin(Recorder(small), 2, most=10).mismatch(textbook.breadth_first(small))
    >>> print(why)  # doctest: +NORMALIZE_WHITESPACE
    returned a path of 2 moves, but your search never asked the problem it was given for the successors of
    (0, 1, 3, 2) nor for the predecessors of (1, 0, 3, 2): search that problem
    """

    def __init__(self, recorder: Recorder, moves: int | None, most: int):
        self.recorder, self.path, self.most = recorder, PathOf(recorder.problem, moves), most

    def mismatch(self, result) -> str | None:
        """None if `result` is such a path and the search stayed within `most` expansions, else what is wrong."""
        wrong = self.path.mismatch(result)
        if wrong:
            return f"returned {wrong}"
        asked = self.recorder.expanded + self.recorder.expanded_backward
        try:
            asked = set(asked)
        except TypeError:  # states that do not hash: looked for in the list
            pass
        move = next(((a, b) for a, b in zip(result, result[1:]) if a not in asked and b not in asked), None)
        if move is not None:
            return (f"returned a path of {len(result) - 1} moves, but your search never asked the problem it was "
                    f"given for the successors of {short_repr(move[0], 50)} nor for the predecessors of "
                    f"{short_repr(move[1], 50)}: search that problem")
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


class FilledInPlace:
    """The right answer of a function that fills in `table` (a dict) in place: `table` must end equal to `expected`.

    The function's own return value is ignored. A mismatch says where the table first differs (`difference`).
    `in_place` tells `check` that the call is meant to change `table`.

    Examples
    --------
    >>> q = {}
    >>> expected = FilledInPlace(q, {"start": [0.5, 0.0]}, "q")
    >>> expected.mismatch(None)
    "after the call, q is unchanged (no key 'start' (expected [0.5, 0.0] there)): update the table you are given, in
    place"
    >>> q["start"] = [0.5, 0.25]          # what a function under test did to q
    >>> expected.mismatch(None)
    "after the call, q differs at key 'start': at index 1: got 0.25, expected 0.0"
    >>> q["start"][1] = 0.0
    >>> expected == None
    True
    """

    def __init__(self, table: dict, expected: dict, name: str = "the table"):
        self.table, self.expected, self.name = table, expected, name
        self.in_place = (table,)
        self.before = copy.deepcopy(table)  # to tell "changed wrongly" from "not changed at all"

    def mismatch(self, result) -> str | None:
        """None if the table now equals `expected`, else its first wrong entry."""
        wrong = difference(self.table, self.expected)
        if wrong is None:
            return None
        if difference(self.table, self.before) is None:
            return f"after the call, {self.name} is unchanged ({wrong}): update the table you are given, in place"
        return f"after the call, {self.name} differs {wrong}"

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"{self.name} filled in with {len(self.expected)} entries"


def earlier_exercise(function, cases, *, exercise: str, used_by: str) -> bool:
    """Check `function` (an earlier exercise) quietly on `cases`; if it fails, print a line that says so.

    For an exercise whose answer calls the answer of an earlier one: when the earlier one is wrong, the later one
    fails too, and this line says where to look first. Prints nothing when `function` passes. Returns whether it
    passed. `function` may be given by its name, looked up among the caller's globals: a check cell run before the
    earlier exercise's cell then prints nothing instead of stopping at a NameError.

    Examples
    --------
    >>> def my_square(x):
    ...     return x + x
    >>> earlier_exercise(my_square, [((3,), 9)], exercise="exercise 1", used_by="my_cube")
    note: your my_square (exercise 1) still fails a case (✗ my_square(3) returned 6, expected 9); my_cube builds on it:
    fix exercise 1 first
    False
    >>> earlier_exercise(abs, [((-3,), 3)], exercise="exercise 1", used_by="my_cube")
    True
    >>> earlier_exercise("my_square", [((3,), 9)], exercise="exercise 1", used_by="my_cube")
    note: your my_square (exercise 1) still fails a case (✗ my_square(3) returned 6, expected 9); my_cube builds on it:
    fix exercise 1 first
    False
    >>> earlier_exercise("never_written", [((3,), 9)], exercise="exercise 1", used_by="my_cube")
    False
    """
    if isinstance(function, str):
        function = sys._getframe(1).f_globals.get(function)
        if function is None:  # the earlier exercise's cell was not run: nothing to say about it
            return False
    name = getattr(function, "__name__", "it")
    quiet = io.StringIO()
    with redirect_stdout(quiet):
        try:
            check(*[function], cases, show=1)  # starred: check names it by its own name, not 'function'
            ok = passed(function)
        except AssertionError:  # a failing check raises under a grader
            ok = False
    if not ok:
        first = next((line for line in quiet.getvalue().splitlines() if line.startswith("✗")), "")
        why = f" ({first.strip()})" if first else ""
        print(f"note: your {name} ({exercise}) still fails a case{why}; {used_by} builds on it: fix {exercise} first")
    return ok


class AnytimePaths:
    """Chapter 7's anytime search, worked out by running `lambda_astar_search` for each weight: a grader's cases.

    Equal to the list of `(λ, length, boards expanded so far)` for each path shorter than all before, stopping
    after a search whose path is no longer than `h(board)`.
    """

    def __init__(self, board, h, lambdas=(0.25, 0.5, 0.8, 1)):
        self.board, self.h, self.lambdas = board, h, tuple(lambdas)
        self._expected = None

    @property
    def expected(self) -> list:
        if self._expected is None:
            from ..search import lambda_astar_search

            found, work, best = [], 0, math.inf
            for lam in self.lambdas:
                result = lambda_astar_search(self.board, self.h, g_weight=lam)
                work += result.expanded
                if result.length < best:
                    best = result.length
                    found.append((lam, best, work))
                if best <= self.h(self.board):
                    break
            self._expected = found
        return self._expected

    def mismatch(self, result) -> str | None:
        where = difference(result, self.expected)
        return None if where is None else f"returned {short_repr(result, 80)}: {where}"

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"the improvements of weighted A* over the weights {self.lambdas}"

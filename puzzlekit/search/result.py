"""What every search returns (`SearchResult`) and what bounds it: the limits on work and time, the events, the checks.

The searches of `puzzlekit.search` share these pieces; a learner reads them once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from time import perf_counter

from ..checks import check_callable, check_int, check_real, short_repr
from ..problem import Problem
from .textbook import is_path

__all__ = [
    "SearchResult",
    "DEFAULT_MAX_EXPANDED",
    "DEFAULT_MAX_EXPANDED_ONE_PATH",
    "FOUND",
    "EXHAUSTED",
    "MAX_ESTIMATE",
    "CUTOFF",
    "STOPPED",
    "OnEvent",
    "Limits",
    "as_problem",
    "path_to",
    "check_estimate",
    "not_found_message",
    "PathOfLength",
]

# Where a search stops unless told otherwise, so that a classroom machine survives breadth-first
# search on a 4x4 board. The searches that remember every state they reach stop after 500,000
# expanded (some 400 MB on a 4x4 board, a few seconds): more than any 8-puzzle needs. Those that
# keep one path (depth-limited, iterative deepening, IDA*) need little memory and stop after
# 20 million (a minute or two of work).
DEFAULT_MAX_EXPANDED = 500_000
DEFAULT_MAX_EXPANDED_ONE_PATH = 20_000_000

# What `SearchResult.status` can say.
FOUND = "found"  # a path to the goal
EXHAUSTED = "exhausted"  # every reachable state was tried: there is no path
CUTOFF = "cutoff"  # depth-limited search met its depth limit: a longer path may exist
STOPPED = ("max_expanded", "max_seconds")  # stopped by that limit before an answer

OnEvent = Callable[[str, object, dict], None]

# The largest estimate a search accepts: far beyond any distance, and small enough that f = g_weight * g + h
# stays a float (an int estimate such as 10 ** 400 would not fit one).
MAX_ESTIMATE = 1e300


@dataclass(repr=False)
class SearchResult:
    """What a search found and what it cost.

    `path` is the list of states from the start to the goal and `actions` the moves between them
    (both None without a path). `expanded` counts the states whose successors were generated,
    `generated` the states created (the start included), `max_frontier` the largest number of
    states waiting on the frontier (for the depth-first searches that keep one path, the longest
    path held). `status` is 'found', 'exhausted' (no path exists), 'cutoff' (depth limit met), or the
    name of the limit that stopped the search: 'max_expanded' or 'max_seconds'. `reopened` counts
    the times an expanded state was put back on the frontier because a shorter path to it turned up
    (A* and its weighted forms with `reopen=True`); each reopened state may be expanded again, and
    `expanded` counts every expansion. `cost` is the path's cost, the sum of the problem's step
    costs: the length when every step costs 1, as it does for most problems (None without a path).

    The repr leaves out `path` (long) and `seconds` (different on every run), so a notebook
    shows the same output every time; `==` leaves out `seconds` too. It shows `reopened` only
    when a state was reopened, and `cost` only when it differs from the length.

    Examples
    --------
    >>> from puzzlekit.search import breadth_first_search
    >>> result = breadth_first_search((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> result
    SearchResult(method='breadth_first', status='found', length=2, expanded=3, generated=8, max_frontier=3)
    >>> result.actions
    ['r', 'r']
    """

    method: str
    status: str
    path: list | None
    actions: list | None
    expanded: int
    generated: int
    max_frontier: int
    seconds: float = field(default=0.0, compare=False)  # differs from run to run
    reopened: int = 0
    cost: float | None = None  # None at construction means: one per action (the length)

    def __post_init__(self):
        if self.cost is None and self.actions is not None:
            self.cost = len(self.actions)

    @property
    def length(self) -> int | None:
        """The number of actions on the path, or None without a path."""
        return None if self.actions is None else len(self.actions)

    @property
    def found(self) -> bool:
        """True if the search reached the goal."""
        return self.status == FOUND

    def __repr__(self) -> str:
        reopened = f", reopened={self.reopened}" if self.reopened else ""
        cost = f", cost={self.cost!r}" if self.cost != self.length else ""
        return (
            f"SearchResult(method={self.method!r}, status={self.status!r}, length={self.length}{cost}, "
            f"expanded={self.expanded}, generated={self.generated}, max_frontier={self.max_frontier}{reopened})"
        )

    def summary(self) -> str:
        """One line for a person: what was found, the work done, and the time taken.

        Examples
        --------
        >>> from puzzlekit.search import astar_search
        >>> astar_search((1, 2, 3, 4, 5, 6, 0, 7, 8), 'manhattan').summary()  # doctest: +ELLIPSIS
        'astar: found a path of 2 moves; 2 nodes expanded, 6 generated, at most 3 on the frontier; ... s'
        """
        if self.found:
            what = f"found a path of {self.length} move{'s' * (self.length != 1)}"
            if self.cost != self.length:
                what += f" costing {self.cost:,}"
        elif self.status in STOPPED:
            what = f"stopped by {self.status} without reaching the goal"
        else:
            what = f"no path ({self.status})"
        reopened = f", {self.reopened:,} reopened" if self.reopened else ""
        return (
            f"{self.method}: {what}; {self.expanded:,} nodes expanded{reopened}, {self.generated:,} generated, "
            f"at most {self.max_frontier:,} on the frontier; {self.seconds:.3f} s"
        )


def not_found_message(result: SearchResult) -> str:
    """Why a search that did not reach the goal stopped, in words, for an error message.

    Examples
    --------
    >>> from puzzlekit.search import astar_search
    >>> not_found_message(astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'misplaced', max_expanded=10))
    'astar search stopped (max_expanded) after 10 nodes expanded, short of the goal'
    """
    if not isinstance(result, SearchResult):
        raise TypeError(f"result must be a SearchResult (what a search returns), got {short_repr(result)}")
    return f"{result.method} search stopped ({result.status}) after {result.expanded:,} nodes expanded, short of the goal"


class Limits:
    """The limits of one search, checked in its loop, and the clock since it started.

    `max_expanded` is a whole number of nodes (0 or more) or None; `max_seconds` a positive number
    of seconds or None (a huge number means no limit); `on_event` a function or None.

    Examples
    --------
    >>> limits = Limits(max_expanded=2, max_seconds=10**400)
    >>> limits.stop(1), limits.stop(2)
    (None, 'max_expanded')
    >>> Limits(max_expanded=-1, max_seconds=None)
    Traceback (most recent call last):
    ...
    ValueError: max_expanded must be 0 or more, got -1
    """

    def __init__(self, max_expanded: int | None, max_seconds: float | None, on_event: OnEvent | None = None):
        if max_expanded is not None:
            max_expanded = check_int(max_expanded, "max_expanded", minimum=0)
        if max_seconds is not None:
            max_seconds = check_real(max_seconds, "max_seconds", above=0, finite=False)
        if on_event is not None:
            check_callable(on_event, "on_event")
        self.max_expanded = math.inf if max_expanded is None else max_expanded
        self.started = perf_counter()
        self.deadline = math.inf if max_seconds is None else self.started + max_seconds

    def stop(self, expanded: int) -> str | None:
        """The limit that stops a search about to expand its next node, or None.

        The clock is read every 1024 nodes only: reading it costs more than expanding a node.
        """
        if expanded >= self.max_expanded:
            return "max_expanded"
        if not expanded & 1023 and perf_counter() > self.deadline:
            return "max_seconds"
        return None

    def seconds(self) -> float:
        """The seconds since the search started."""
        return perf_counter() - self.started


def as_problem(problem) -> Problem:
    """A `Problem` as it is; a board (any sequence of ints, a numpy array too) becomes `Problem.for_board(board)`.

    Examples
    --------
    >>> as_problem([1, 2, 0, 3])  # Problem.for_board
    SlidingPuzzle((1, 2, 0, 3), goal=(1, 2, 3, 0))
    >>> as_problem(7)
    Traceback (most recent call last):
    ...
    TypeError: a search needs a Problem or a board (a sequence of ints), got 7 (int)
    """
    if isinstance(problem, Problem):
        return problem
    if isinstance(problem, Iterable) and not isinstance(problem, (str, bytes, dict, set, frozenset)):
        return Problem.for_board(problem)
    raise TypeError(
        f"a search needs a Problem or a board (a sequence of ints), got {short_repr(problem)} ({type(problem).__name__})"
    )


def _state_methods(problem: Problem, *names: str) -> list[Callable]:
    """The methods `names` of `problem` as a search calls them, on states it made itself from the checked start:
    the problem's `_name` where it has one (the method without the check of the state), else `name`.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> [method.__name__ for method in _state_methods(SlidingPuzzle((1, 2, 0, 3)), "successors", "actions")]
    ['_successors', 'actions']
    """
    return [getattr(problem, "_" + name, None) or getattr(problem, name) for name in names]


def path_to(parents: dict, state) -> tuple[list, list]:
    """The states and actions from the start to `state`, following `parents` (state -> (parent, action)).

    Examples
    --------
    >>> path_to({'a': None, 'b': ('a', 'step'), 'c': ('b', 'jump')}, 'c')
    (['a', 'b', 'c'], ['step', 'jump'])
    """
    states, actions = [state], []
    while parents[state] is not None:
        state, action = parents[state]
        states.append(state)
        actions.append(action)
    states.reverse()
    actions.reverse()
    return states, actions


def check_estimate(value, state):
    """`value` if it is a heuristic estimate a search can use (a number, 0 or more, finite); ValueError otherwise.

    The searches call it on the start's estimate, and on any later one that fails their quick test
    `0 <= value <= MAX_ESTIMATE` (false for NaN, infinity, negative numbers; an error for non-numbers).

    Examples
    --------
    >>> check_estimate(3, (1, 2, 3, 0))
    3
    >>> check_estimate(float('nan'), (1, 2, 3, 0))
    Traceback (most recent call last):
    ...
    ValueError: the heuristic gave nan for (1, 2, 3, 0); an estimate must be a finite number, 0 or more
    """
    return _check_addable(value, "the heuristic gave {} for " + short_repr(state), "an estimate")


def _check_step_cost(value, state, action):
    """`value` if it is a step cost a search can add up, as `check_estimate` (but True and False are no costs).

    Examples
    --------
    >>> _check_step_cost(-1, (1, 2, 0, 3), 'r')
    Traceback (most recent call last):
    ...
    ValueError: step_cost gave -1 for action 'r' in (1, 2, 0, 3); a step cost must be a finite number, 0 or more
    """
    return _check_addable(value, f"step_cost gave {{}} for action {short_repr(action)} in {short_repr(state)}",
                          "a step cost", refused=(str, bytes, bool))


def _check_addable(value, gave: str, kind: str, refused: tuple = (str, bytes)):
    """`value` if a search can add it up (a number from 0 to MAX_ESTIMATE); the ValueError `gave` and `kind` word."""
    try:
        good = not isinstance(value, refused) and bool(0 <= value <= MAX_ESTIMATE)
    except (TypeError, ValueError):  # not a number, or an array (whose truth is ambiguous)
        good = False
    if not good:
        too_large = isinstance(value, (int, float)) and MAX_ESTIMATE < value < math.inf
        raise ValueError(f"{gave.format(short_repr(value))}; {kind} must be a finite number, 0 or more"
                         + (f", at most {MAX_ESTIMATE:g}" if too_large else ""))
    return value


class PathOfLength:
    """Equal to any path of `problem` with `length` actions from its start to a goal: the expected answer of
    an exercise whose search may return any one of several paths of the same length.

    A path is a list of states, each reached from the one before by one of `problem.successors`
    (`textbook.is_path`, the one path check).
    `length` None stands for "no path": then only None is equal.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> expected = PathOfLength(puzzle, 2)
    >>> [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)] == expected
    True
    >>> [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)] == expected
    False
    >>> expected
    a path of 2 moves from the start to a goal
    """

    def __init__(self, problem: Problem, length: int | None):
        self.problem = as_problem(problem)
        self.length = None if length is None else check_int(length, "length", minimum=0)

    def __eq__(self, other) -> bool:
        if self.length is None or other is None:
            return other is None and self.length is None
        if not isinstance(other, (list, tuple)) or len(other) != self.length + 1:
            return False
        try:  # a state that is not one of the problem's (a board of another size, say) makes another path
            return is_path(self.problem, list(other))
        except (ValueError, TypeError):
            return False

    __hash__ = None  # equal to many lists: not a dict key

    def __repr__(self) -> str:
        if self.length is None:
            return "None (no path)"
        return f"a path of {self.length} move{'s' * (self.length != 1)} from the start to a goal"

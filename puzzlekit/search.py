"""Uninformed and informed search on any `Problem`, each returning a `SearchResult` with its statistics.

Every search stops cleanly at `max_expanded` nodes or `max_seconds` seconds, and can report each
step to an `on_event(kind, state, info)` callback so that a widget can animate it.
"""

from __future__ import annotations

import heapq
import math
import numbers
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import count
from time import perf_counter

from .problem import Problem, SlidingPuzzle

__all__ = [
    "SearchResult",
    "breadth_first_search",
    "depth_first_search",
    "depth_limited_search",
    "iterative_deepening_search",
    "greedy_best_first_search",
    "astar_search",
    "weighted_astar_search",
    "lambda_astar_search",
    "ida_star_search",
    "solve",
    "run_search",
    "METHODS",
    "DEFAULT_MAX_EXPANDED",
    "DEFAULT_MAX_EXPANDED_ONE_PATH",
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
    (A* and weighted A* with `reopen=True`); each reopened state may be expanded again, and
    `expanded` counts every expansion.

    The repr leaves out `path` (long) and `seconds` (different on every run), so a notebook
    shows the same output every time; `==` leaves out `seconds` too. It shows `reopened` only
    when a state was reopened.

    Examples
    --------
    >>> result = breadth_first_search(SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8)))
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
        return (
            f"SearchResult(method={self.method!r}, status={self.status!r}, length={self.length}, "
            f"expanded={self.expanded}, generated={self.generated}, max_frontier={self.max_frontier}{reopened})"
        )

    def summary(self) -> str:
        """One line for a person: what was found, the work done, and the time taken.

        Examples
        --------
        >>> result = astar_search(SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8)), 'manhattan')
        >>> result.summary()  # doctest: +ELLIPSIS
        'astar: found a path of 2 moves; 2 nodes expanded, 6 generated, at most 3 on the frontier; ... s'
        """
        if self.found:
            what = f"found a path of {self.length} move{'s' * (self.length != 1)}"
        elif self.status in STOPPED:
            what = f"stopped by {self.status} without reaching the goal"
        else:
            what = f"no path ({self.status})"
        reopened = f", {self.reopened:,} reopened" if self.reopened else ""
        return (
            f"{self.method}: {what}; {self.expanded:,} nodes expanded{reopened}, {self.generated:,} generated, "
            f"at most {self.max_frontier:,} on the frontier; {self.seconds:.3f} s"
        )


# --- Shared pieces ------------------------------------------------------------------------------


def _problem(problem) -> Problem:
    """A `Problem` as it is; a board becomes a `SlidingPuzzle` towards the default goal."""
    if isinstance(problem, Problem):
        return problem
    if isinstance(problem, Sequence) and not isinstance(problem, str):
        return SlidingPuzzle(problem)
    raise TypeError(f"a search needs a Problem (or a board), got {type(problem).__name__}")


class _Limits:
    """The limits of one search, checked in its loop, and the clock since it started."""

    def __init__(self, max_expanded: int | None, max_seconds: float | None):
        if max_expanded is not None and (
            isinstance(max_expanded, bool) or not isinstance(max_expanded, numbers.Integral) or max_expanded < 0
        ):
            raise ValueError(f"max_expanded must be a whole number of nodes, 0 or more, or None; got {max_expanded!r}")
        if max_seconds is not None and (
            isinstance(max_seconds, bool) or not isinstance(max_seconds, numbers.Real) or not max_seconds > 0
        ):
            raise ValueError(f"max_seconds must be a positive number of seconds or None; got {max_seconds!r}")
        self.max_expanded = math.inf if max_expanded is None else int(max_expanded)
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
        return perf_counter() - self.started


def _path_to(parents: dict, state) -> tuple[list, list]:
    """The states and actions from the start to `state`, following `parents` (state -> (parent, action))."""
    states, actions = [state], []
    while parents[state] is not None:
        state, action = parents[state]
        states.append(state)
        actions.append(action)
    states.reverse()
    actions.reverse()
    return states, actions


def _heuristic(problem: Problem, h) -> Callable:
    if h is None:
        raise ValueError("an informed search needs a heuristic h: a function of a state, or a name such as 'manhattan'")
    return problem.heuristic(h)


# --- Uninformed search ----------------------------------------------------------------------------


def breadth_first_search(
    problem: Problem | Sequence[int],
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Expand the shallowest states first; the path found is a shortest one.

    The goal test is made when a state is generated (one layer earlier than when it is
    expanded), as in the textbook. A dict of reached states gives O(1) membership and the path.

    Parameters
    ----------
    problem : a `Problem`, or a board (then a `SlidingPuzzle` towards the default goal).
    max_expanded, max_seconds : stop there with status 'max_expanded' or 'max_seconds' (None: no limit).
    on_event : called as `on_event(kind, state, info)` at each step: kind 'add' (a state joins
        the frontier; info has 'parent', 'action', 'g'), 'expand' (info has 'g') and 'found'
        (info has 'g', the path's length).

    Examples
    --------
    >>> breadth_first_search((4, 1, 3, 7, 2, 6, 0, 5, 8)).actions
    ['u', 'u', 'r', 'd', 'd', 'r']
    """
    problem = _problem(problem)
    limits = _Limits(max_expanded, max_seconds)
    return _uninformed(problem, limits, on_event, "breadth_first", deque.popleft)


def depth_first_search(
    problem: Problem | Sequence[int],
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Expand the deepest state first, never returning to a reached state; the path is seldom short.

    Parameters and events are those of `breadth_first_search`; only the frontier differs (a stack).

    Examples
    --------
    >>> result = depth_first_search((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> result.found, result.length > 2
    (True, True)
    """
    problem = _problem(problem)
    limits = _Limits(max_expanded, max_seconds)
    return _uninformed(problem, limits, on_event, "depth_first", deque.pop)


def _uninformed(problem: Problem, limits: _Limits, on_event: OnEvent | None, method: str, take) -> SearchResult:
    """Breadth-first (`take` = popleft, a queue) or depth-first (`take` = pop, a stack) graph search."""
    successors, is_goal = problem.successors, problem.is_goal
    start = problem.initial
    parents: dict = {start: None}  # every state reached -> (its parent, the action from it)
    frontier = deque([(start, 0)])  # (state, g): g is its depth
    expanded, generated, max_frontier = 0, 1, 1
    if on_event:
        on_event("add", start, {"parent": None, "action": None, "g": 0})
    found = start if is_goal(start) else None
    stopped = None
    while found is None and frontier:
        stopped = limits.stop(expanded)
        if stopped:
            break
        state, g = take(frontier)
        expanded += 1
        if on_event:
            on_event("expand", state, {"g": g})
        children = successors(state)
        if take is deque.pop:
            children.reverse()  # so that the first action is tried first, from the top of the stack
        for action, child in children:
            generated += 1
            if child in parents:
                continue
            parents[child] = (state, action)
            if on_event:
                on_event("add", child, {"parent": state, "action": action, "g": g + 1})
            if is_goal(child):
                found = child
                break
            frontier.append((child, g + 1))
        if len(frontier) > max_frontier:
            max_frontier = len(frontier)
    status = FOUND if found is not None else stopped or EXHAUSTED
    return _finish(method, status, parents, found, expanded, generated, max_frontier, limits, on_event)


def _finish(
    method, status, parents, found, expanded, generated, max_frontier, limits, on_event, reopened=0
) -> SearchResult:
    path = actions = None
    if found is not None:
        path, actions = _path_to(parents, found)
        if on_event:
            on_event("found", found, {"g": len(actions)})
    return SearchResult(
        method, status, path, actions, expanded, generated, max_frontier, limits.seconds(), reopened=reopened
    )


def depth_limited_search(
    problem: Problem | Sequence[int],
    depth_limit: int,
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED_ONE_PATH,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Depth-first search for a path of at most `depth_limit` actions, skipping states already on the path.

    It keeps one path in memory, not a table of reached states. Status 'cutoff' says that the
    limit was met, so a longer path may exist; 'exhausted' that no path exists at all.
    `depth_limit` limits the path; `max_expanded` and `max_seconds` limit the work. Events are
    those of `astar_search`, with h = 0 and f = g; a state joins the path when it is added.

    Examples
    --------
    >>> depth_limited_search((1, 2, 3, 4, 5, 6, 0, 7, 8), 1).status
    'cutoff'
    >>> depth_limited_search((1, 2, 3, 4, 5, 6, 0, 7, 8), 2).actions
    ['r', 'r']
    """
    problem = _problem(problem)
    if isinstance(depth_limit, bool) or not isinstance(depth_limit, numbers.Integral) or depth_limit < 0:
        raise ValueError(f"depth_limit must be a whole number of moves, 0 or more; got {depth_limit!r}")
    limits = _Limits(max_expanded, max_seconds)
    tally = _Tally()
    status, path, actions, _ = _bounded_depth_first(problem, _no_estimate, depth_limit, False, limits, tally, on_event)
    return tally.result("depth_limited", status, path, actions, limits, on_event)


def iterative_deepening_search(
    problem: Problem | Sequence[int],
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED_ONE_PATH,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Depth-limited search with depth limits 0, 1, 2, ... until a path is found: shortest, in little memory.

    The counts add up over all the depth limits tried. Events are those of
    `depth_limited_search`, with a 'deepen' event (info 'bound': the new depth limit) before each.

    Examples
    --------
    >>> iterative_deepening_search((4, 1, 3, 7, 2, 6, 0, 5, 8)).length
    6
    """
    problem = _problem(problem)
    limits = _Limits(max_expanded, max_seconds)
    tally = _Tally()
    depth_limit = 0
    while True:
        if on_event:
            on_event("deepen", problem.initial, {"bound": depth_limit})
        status, path, actions, _ = _bounded_depth_first(
            problem, _no_estimate, depth_limit, False, limits, tally, on_event
        )
        if status != CUTOFF:
            return tally.result("iterative_deepening", status, path, actions, limits, on_event)
        depth_limit += 1


def _no_estimate(state) -> int:
    """h = 0: depth-limited search is the bounded depth-first search of IDA* with f = g."""
    return 0


class _Tally:
    """The counts of a depth-first search, kept across the iterations of IDS and IDA*."""

    def __init__(self):
        self.expanded = self.generated = self.max_frontier = 0

    def result(self, method, status, path, actions, limits, on_event) -> SearchResult:
        if status == FOUND and on_event:
            on_event("found", path[-1], {"g": len(actions)})
        return SearchResult(
            method, status, path, actions, self.expanded, self.generated, self.max_frontier, limits.seconds()
        )


def _bounded_depth_first(
    problem: Problem, h: Callable, bound: float, expand_at_bound: bool, limits: _Limits, tally: _Tally, on_event
) -> tuple[str, list | None, list | None, float]:
    """Depth-first through the states with f = g + h(state) <= `bound`, never repeating a state on the path.

    Each state is goal-tested when it is generated. With `expand_at_bound` (IDA*) every state
    within the bound is expanded; without (depth-limited search, h = 0) the states at depth
    `bound` are not. Returns the status, the path and actions if found, and the least f
    beyond the bound (the next bound for IDA*; infinite when nothing was left out).
    """
    successors, is_goal = problem.successors, problem.is_goal
    start = problem.initial
    start_h = h(start)
    tally.generated += 1
    tally.max_frontier = max(tally.max_frontier, 1)
    if on_event:
        on_event("add", start, {"parent": None, "action": None, "g": 0, "h": start_h, "f": start_h})
    if is_goal(start):
        return FOUND, [start], [], math.inf
    if bound == 0 and not expand_at_bound:
        return CUTOFF, None, None, 1
    status = limits.stop(tally.expanded)
    if status:
        return status, None, None, math.inf
    tally.expanded += 1
    if on_event:
        on_event("expand", start, {"g": 0, "h": start_h, "f": start_h})
    expanded, generated = tally.expanded, tally.generated
    next_bound = math.inf
    path, actions = [start], []
    on_path = {start}  # the states on the path: O(1) cycle check
    stack = [iter(successors(start))]  # for each state on the path, its successors not yet tried
    longest = 1
    while stack:
        for action, child in stack[-1]:
            generated += 1
            if child in on_path:
                continue
            g = len(path)
            child_h = h(child)
            f = g + child_h
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            path.append(child)
            actions.append(action)
            if len(path) > longest:
                longest = len(path)
            if on_event:
                on_event("add", child, {"parent": path[-2], "action": action, "g": g, "h": child_h, "f": f})
            if is_goal(child):
                status = FOUND
                break
            if f == bound and not expand_at_bound:
                # Depth-limited search (h = 0, so f = g): the child is at the depth limit, so it is
                # not expanded, and the states beyond it are left out.
                next_bound = bound + 1
                path.pop()
                actions.pop()
                continue
            status = limits.stop(expanded)
            if status:
                break
            expanded += 1
            if on_event:
                on_event("expand", child, {"g": g, "h": child_h, "f": f})
            on_path.add(child)
            stack.append(iter(successors(child)))
            break
        else:
            # Every successor of the state at the end of the path has been tried: step back.
            stack.pop()
            on_path.discard(path.pop())
            if actions:
                actions.pop()
            continue
        if status:
            break
    tally.expanded, tally.generated = expanded, generated
    tally.max_frontier = max(tally.max_frontier, longest)
    if status == FOUND:
        return FOUND, path, actions, next_bound
    if status:
        return status, None, None, next_bound
    return (EXHAUSTED if next_bound == math.inf else CUTOFF), None, None, next_bound


# --- Informed search -------------------------------------------------------------------------------


def greedy_best_first_search(
    problem: Problem | Sequence[int],
    h,
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Expand the state that looks closest to the goal, f = h; fast, but the path is not always shortest.

    `h` is a function of a state, or for a `SlidingPuzzle` a heuristic's name ('misplaced',
    'manhattan', 'linear_conflict') or function from `puzzlekit.heuristics`, bound to the goal.
    Events are those of `astar_search`.

    Examples
    --------
    >>> greedy_best_first_search((4, 1, 3, 7, 2, 6, 0, 5, 8), 'manhattan').length
    6
    """
    problem = _problem(problem)
    return _best_first(problem, _heuristic(problem, h), 0, 1, False, "greedy", max_expanded, max_seconds, on_event)


def astar_search(
    problem: Problem | Sequence[int],
    h,
    *,
    reopen: bool = True,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Expand the state of least f = g + h: the path found is a shortest one when h is admissible.

    Parameters
    ----------
    problem : a `Problem`, or a board (then a `SlidingPuzzle` towards the default goal).
    h : a function of a state; for a `SlidingPuzzle` also a name ('misplaced', 'manhattan',
        'linear_conflict') or a function of `puzzlekit.heuristics`, which the search binds to the goal.
    reopen : put a state reached again by a shorter path back on the frontier even if it was
        expanded (True, needed for a shortest path when h is admissible but not consistent), or
        leave it closed (False). `SearchResult.reopened` counts the times it happened.
    max_expanded, max_seconds : stop there with status 'max_expanded' or 'max_seconds' (None: no limit).
    on_event : called as `on_event(kind, state, info)`: 'add' when a state joins the frontier, or
        rejoins it by a shorter path (info: 'parent', 'action', 'g', 'h', 'f'), 'expand' (info:
        'g', 'h', 'f'), 'found' (info: 'g').

    A state reached again by a shorter path while still on the frontier moves up the frontier
    with its new g; that is not a reopening.

    Examples
    --------
    >>> astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan').length
    31
    """
    problem = _problem(problem)
    reopen = _switch(reopen, "reopen")
    return _best_first(problem, _heuristic(problem, h), 1, 1, reopen, "astar", max_expanded, max_seconds, on_event)


def weighted_astar_search(
    problem: Problem | Sequence[int],
    h,
    weight: float = 2.0,
    *,
    reopen: bool = False,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """A* with f = g + weight * h: with weight > 1 it expands fewer states for a path at most `weight` times too long.

    The bound holds for an admissible h with `reopen=True`: a state reached again by a shorter
    path goes back on the frontier even if it was expanded (`SearchResult.reopened` counts the
    times). By default (`reopen=False`) an expanded state stays closed, so none is expanded twice;
    the bound then still holds for a consistent h. `lambda_astar_search` is the same
    search written as f = g_weight * g + h, with g_weight = 1 / weight. Other arguments and the
    events are those of `astar_search`.

    Examples
    --------
    >>> result = weighted_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan', weight=1.5)
    >>> 31 <= result.length <= 1.5 * 31
    True
    >>> weighted_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan', weight=2, reopen=True).reopened > 0
    True
    """
    problem = _problem(problem)
    if isinstance(weight, bool) or not isinstance(weight, numbers.Real) or not weight >= 0:
        raise ValueError(
            f"weight must be a number, 0 or more (1 is A*; above 1 trades length for speed); got {weight!r}"
        )
    reopen = _switch(reopen, "reopen")
    return _best_first(
        problem, _heuristic(problem, h), 1, weight, reopen, "weighted_astar", max_expanded, max_seconds, on_event
    )


def lambda_astar_search(
    problem: Problem | Sequence[int],
    h,
    g_weight: float = 0.5,
    *,
    reopen: bool = True,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Weighted A* in the seed's form, f = g_weight * g + h (the seed's lambda), reopening states by default.

    Dividing f by g_weight gives g + h / g_weight: the order of `weighted_astar_search` with
    weight = 1 / g_weight, so with g_weight <= 1 and an admissible h the path is at most
    1 / g_weight times the shortest (with `reopen=True`, the seed's choice). g_weight = 1 is A*,
    and g_weight = 0 greedy search. The events report this f; the other arguments are those of
    `astar_search`.

    Examples
    --------
    >>> seed_form = lambda_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan', g_weight=0.5)
    >>> usual_form = weighted_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan', weight=2, reopen=True)
    >>> seed_form.actions == usual_form.actions, seed_form.expanded == usual_form.expanded
    (True, True)
    >>> 31 <= seed_form.length <= 31 / 0.5
    True
    """
    problem = _problem(problem)
    if isinstance(g_weight, bool) or not isinstance(g_weight, numbers.Real) or not g_weight >= 0:
        raise ValueError(
            f"g_weight must be a number, 0 or more (1 is A*; below 1 trades length for speed); got {g_weight!r}"
        )
    reopen = _switch(reopen, "reopen")
    return _best_first(
        problem, _heuristic(problem, h), g_weight, 1, reopen, "lambda_astar", max_expanded, max_seconds, on_event
    )


def _switch(value, name: str) -> bool:
    """`value` if it is True or False; TypeError otherwise (a string such as 'no' would count as True)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return value


def _best_first(problem, h, g_weight, h_weight, reopen, method, max_expanded, max_seconds, on_event) -> SearchResult:
    """Best-first graph search on f = g_weight * g + h_weight * h, with a binary heap as the frontier."""
    limits = _Limits(max_expanded, max_seconds)
    successors, is_goal = problem.successors, problem.is_goal
    start = problem.initial
    best_g = {start: 0}  # the shortest path found to each reached state (O(1) membership)
    parents: dict = {start: None}
    closed: set = set()  # the states expanded, and not put back on the frontier since
    # Ties on f go to the state with the smaller h (nearer the goal, by its estimate), then to the
    # state added first. The counter makes the order of equal entries the order of insertion, so a
    # search gives the same path and counts on every run, and heapq never has to compare two states
    # (which may not be comparable, and cost time to compare when they are).
    tie = count()
    # With a weight that is not a whole number, f is rounded to 9 decimals, so that values equal in
    # exact arithmetic are equal here too (0.8 * 7 + 1 gives 6.6000000000000005, 0.8 * 2 + 5 gives 6.6):
    # the seed's f = g_weight * g + h and the usual f = g + h / g_weight then order states alike.
    inexact = not (isinstance(g_weight, int) and isinstance(h_weight, int))
    start_h = h(start)
    start_f = round(h_weight * start_h, 9) if inexact else h_weight * start_h
    frontier = [(start_f, start_h, next(tie), 0, start)]
    size = max_frontier = 1  # states on the frontier; the heap may also hold stale entries
    expanded, generated, reopened = 0, 1, 0
    if on_event:
        on_event("add", start, {"parent": None, "action": None, "g": 0, "h": start_h, "f": start_f})
    found = stopped = None
    while frontier:
        f, state_h, _, g, state = heapq.heappop(frontier)
        if g > best_g[state]:
            continue  # stale: a shorter path to this state was put on the frontier after this entry
        size -= 1
        if is_goal(state):
            found = state
            break
        stopped = limits.stop(expanded)
        if stopped:
            break
        expanded += 1
        closed.add(state)
        if on_event:
            on_event("expand", state, {"g": g, "h": state_h, "f": f})
        child_g = g + 1
        for action, child in successors(state):
            generated += 1
            old_g = best_g.get(child)
            if old_g is not None:
                if child_g >= old_g:
                    continue
                if child in closed:
                    if not reopen:
                        continue
                    closed.discard(child)  # reopened: back on the frontier, to be expanded again
                    reopened += 1
                    size += 1
            else:
                size += 1
            best_g[child] = child_g
            parents[child] = (state, action)
            child_h = h(child)
            child_f = g_weight * child_g + h_weight * child_h
            if inexact:
                child_f = round(child_f, 9)
            heapq.heappush(frontier, (child_f, child_h, next(tie), child_g, child))
            if on_event:
                on_event("add", child, {"parent": state, "action": action, "g": child_g, "h": child_h, "f": child_f})
        if size > max_frontier:
            max_frontier = size
    status = FOUND if found is not None else stopped or EXHAUSTED
    return _finish(method, status, parents, found, expanded, generated, max_frontier, limits, on_event, reopened)


def ida_star_search(
    problem: Problem | Sequence[int],
    h,
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED_ONE_PATH,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Iterative deepening A*: depth-first within a bound on f = g + h, raised to the least f left out each time.

    With an admissible h the path is a shortest one, in memory for one path only, at the cost
    of expanding states again in each iteration (the counts add up over all of them). `h` is
    as in `astar_search`; events as well, with a 'deepen' event (info: 'bound') before each iteration.

    Examples
    --------
    >>> ida_star_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'linear_conflict').length
    31
    """
    problem = _problem(problem)
    h = _heuristic(problem, h)
    limits = _Limits(max_expanded, max_seconds)
    tally = _Tally()
    bound = h(problem.initial)
    while True:
        if on_event:
            on_event("deepen", problem.initial, {"bound": bound})
        status, path, actions, bound = _bounded_depth_first(problem, h, bound, True, limits, tally, on_event)
        if status != CUTOFF:
            return tally.result("ida_star", status, path, actions, limits, on_event)


# --- The one-line answer ------------------------------------------------------------------------

METHODS: dict[str, Callable[..., SearchResult]] = {
    "astar": astar_search,
    "ida_star": ida_star_search,
    "weighted_astar": weighted_astar_search,
    "greedy": greedy_best_first_search,
    "breadth_first": breadth_first_search,
    "iterative_deepening": iterative_deepening_search,
    "depth_first": depth_first_search,
}
_INFORMED = {"astar", "ida_star", "weighted_astar", "greedy"}


def run_search(
    problem: Problem | Sequence[int], method: str = "astar", heuristic="manhattan", **options
) -> SearchResult:
    """Run the search named `method` (a key of `METHODS`); `heuristic` goes to the informed ones only.

    Other keywords (`max_expanded`, `max_seconds`, `on_event`, `weight`, `reopen`) go to the search.

    Examples
    --------
    >>> run_search((1, 2, 3, 4, 5, 6, 0, 7, 8), "breadth_first").length
    2
    >>> run_search((1, 2, 3, 4, 5, 6, 0, 7, 8), "bfs")
    Traceback (most recent call last):
    ...
    ValueError: no search method named 'bfs'; the methods are 'astar', 'ida_star', 'weighted_astar', \
'greedy', 'breadth_first', 'iterative_deepening', 'depth_first'
    """
    if method not in METHODS:
        names = ", ".join(repr(name) for name in METHODS)
        raise ValueError(f"no search method named {method!r}; the methods are {names}")
    if method in _INFORMED:
        return METHODS[method](problem, heuristic, **options)
    return METHODS[method](problem, **options)


def solve(
    board: Sequence[int],
    goal: Sequence[int] | None = None,
    method: str = "astar",
    heuristic="manhattan",
    **options,
) -> list[tuple]:
    """The boards from `board` to `goal`, one move apart; the fewest moves with 'astar', 'ida_star',
    'breadth_first' or 'iterative_deepening'.

    `method` is a name in `METHODS`; `heuristic` a name or function for the informed ones.
    Other keywords (`max_expanded`, `max_seconds`, `weight`, `reopen`) go to the search.

    Raises
    ------
    ValueError : the board is not a board, or cannot reach the goal.
    RuntimeError : the search met its limit before the goal.

    Examples
    --------
    >>> solve((1, 2, 3, 4, 5, 6, 0, 7, 8))
    [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)]
    >>> from puzzlekit import SUN_MOON_START, SUN_MOON_GOAL
    >>> len(solve(SUN_MOON_START, SUN_MOON_GOAL)) - 1
    13
    """
    result = run_search(SlidingPuzzle(board, goal), method, heuristic, **options)
    if not result.found:
        raise RuntimeError(
            f"{_not_found(result)}; raise max_expanded or max_seconds, "
            f"or try method='ida_star' with heuristic='linear_conflict'"
        )
    return result.path


def _not_found(result: SearchResult) -> str:
    return f"{result.method} search stopped ({result.status}) after {result.expanded:,} nodes expanded, short of the goal"

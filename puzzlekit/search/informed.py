"""Informed search, guided by a heuristic h: greedy best-first, A*, weighted A* in two forms, and IDA*.

`_best_first` is the one engine of greedy search, the A* forms and uniform-cost search (a binary heap on
f = g_weight * g + h_weight * h); IDA* runs the bounded depth-first engine of `puzzlekit.search.uninformed`.
The short textbook versions are in `puzzlekit.search.textbook`.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from itertools import count

from ..checks import check_bool, check_real
from ..problem import Problem
from .result import (
    CUTOFF,
    DEFAULT_MAX_EXPANDED,
    DEFAULT_MAX_EXPANDED_ONE_PATH,
    EXHAUSTED,
    FOUND,
    MAX_ESTIMATE,
    Limits,
    OnEvent,
    SearchResult,
    _check_step_cost,
    _state_methods,
    as_problem,
    check_estimate,
)
from .uninformed import _bounded_depth_first, _finish, _no_estimate, _Tally

__all__ = [
    "greedy_best_first_search",
    "astar_search",
    "weighted_astar_search",
    "lambda_astar_search",
    "ida_star_search",
    "heuristic_of",
]


def heuristic_of(problem: Problem, h) -> Callable:
    """`h` as a function of a state of `problem`: a function as it is, or a heuristic's name the problem knows.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> heuristic_of(SlidingPuzzle((1, 2, 0, 3)), 'manhattan')((1, 2, 0, 3))
    1
    >>> heuristic_of(SlidingPuzzle((1, 2, 0, 3)), ['manhattan'])
    Traceback (most recent call last):
    ...
    TypeError: a heuristic is a name or a function of a board, got ['manhattan'] (list)
    """
    if h is None:
        raise ValueError("an informed search needs a heuristic h: a function of a state, or a name such as 'manhattan'")
    return problem.heuristic(h)


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
    'manhattan', 'linear_conflict') or function from `puzzlekit.sliding.heuristics`, bound to the goal.
    Events are those of `astar_search`.

    Examples
    --------
    >>> greedy_best_first_search((4, 1, 3, 7, 2, 6, 0, 5, 8), 'manhattan').length
    6
    """
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    return _best_first(problem, heuristic_of(problem, h), 0, 1, False, "greedy", limits, on_event)


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
        'linear_conflict') or a function of `puzzlekit.sliding.heuristics`, which the search binds to the goal.
        Its values must be numbers, 0 or more and finite (ValueError otherwise).
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
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    return _best_first(problem, heuristic_of(problem, h), 1, 1, check_bool(reopen, "reopen"), "astar", limits, on_event)


def weighted_astar_search(
    problem: Problem | Sequence[int],
    h,
    *,
    weight: float = 2.0,
    reopen: bool = True,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """A* with f = g + weight * h: with weight > 1 it expands fewer states for a path at most `weight` times too long.

    The bound holds for an admissible h with `reopen=True` (the default, as in `astar_search`): a
    state reached again by a shorter path goes back on the frontier even if it was expanded
    (`SearchResult.reopened` counts the times). With `reopen=False` an expanded state stays closed,
    so none is expanded twice; the bound then still holds for a consistent h.
    `lambda_astar_search` is the same search written as f = g_weight * g + h, with
    g_weight = 1 / weight. Other arguments and the events are those of `astar_search`.

    Examples
    --------
    >>> result = weighted_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan', weight=1.5)
    >>> 31 <= result.length <= 1.5 * 31
    True
    >>> weighted_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan', weight=2).reopened > 0
    True
    """
    weight = check_real(weight, "weight", minimum=0)
    return _weighted(problem, h, 1, weight, reopen, "weighted_astar", max_expanded, max_seconds, on_event)


def lambda_astar_search(
    problem: Problem | Sequence[int],
    h,
    *,
    g_weight: float = 0.5,
    reopen: bool = True,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Weighted A* in the form of the study of A* with learned values: f = g_weight * g + h (its lambda).

    Dividing f by g_weight gives g + h / g_weight: the order of `weighted_astar_search` with
    weight = 1 / g_weight, so with g_weight <= 1 and an admissible h the path is at most
    1 / g_weight times the shortest (with `reopen=True`, the default, as in the study).
    g_weight = 1 is A*, and g_weight = 0 greedy search. The events report this f; the other
    arguments are those of `astar_search`.

    Examples
    --------
    >>> study_form = lambda_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan', g_weight=0.5)
    >>> usual_form = weighted_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan', weight=2)
    >>> study_form.actions == usual_form.actions, study_form.expanded == usual_form.expanded
    (True, True)
    >>> 31 <= study_form.length <= 31 / 0.5
    True
    """
    g_weight = check_real(g_weight, "g_weight", minimum=0)
    return _weighted(problem, h, g_weight, 1, reopen, "lambda_astar", max_expanded, max_seconds, on_event)


def _weighted(problem, h, g_weight, h_weight, reopen, method, max_expanded, max_seconds, on_event) -> SearchResult:
    """Both forms of weighted A*: f = g_weight * g + h_weight * h, the other arguments checked."""
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    reopen = check_bool(reopen, "reopen")
    return _best_first(problem, heuristic_of(problem, h), g_weight, h_weight, reopen, method, limits, on_event)


def _best_first(
    problem: Problem, h: Callable | None, g_weight: float, h_weight: float, reopen: bool, method: str, limits: Limits,
    on_event: OnEvent | None, *, costs: bool = False,
) -> SearchResult:
    """The engine of greedy search, the A* forms and uniform-cost search: best-first graph search on
    f = g_weight * g + h_weight * h, with a binary heap for the frontier.

    g counts the moves, or with `costs` adds up `problem.step_cost` (then `h` is None: uniform-cost search,
    whose events and result carry g alone). `puzzlekit.search.textbook.best_first` is the same search in a
    dozen lines, without limits, statistics and events.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle, manhattan
    >>> _best_first(SlidingPuzzle((1, 2, 0, 3)), manhattan, 1, 1, True, "astar", Limits(None, None), None).path
    [(1, 2, 0, 3), (1, 2, 3, 0)]
    """
    successors, is_goal, step_cost = _state_methods(problem, "successors", "is_goal", "step_cost")
    informed = h is not None
    if not informed:
        h = _no_estimate
    start = problem.initial
    best_g = {start: 0}  # the shortest (cheapest) path found to each reached state (O(1) membership)
    parents: dict = {start: None}
    closed: set = set()  # the states expanded, and not put back on the frontier since
    # Ties on f go to the state with the smaller h (nearer the goal, by its estimate), then to the
    # state added first. The counter makes the order of equal entries the order of insertion, so a
    # search gives the same path and counts on every run, and heapq never has to compare two states
    # (which may not be comparable, and cost time to compare when they are).
    tie = count()
    # With a weight that is not a whole number, f is rounded to 9 decimals, so that values equal in
    # exact arithmetic are equal here too (0.8 * 7 + 1 gives 6.6000000000000005, 0.8 * 2 + 5 gives 6.6):
    # the study's f = g_weight * g + h and the usual f = g + h / g_weight then order states alike.
    inexact = not (float(g_weight).is_integer() and float(h_weight).is_integer())
    if not inexact:
        g_weight, h_weight = int(g_weight), int(h_weight)
    start_h = check_estimate(h(start), start)
    start_f = round(h_weight * start_h, 9) if inexact else h_weight * start_h
    frontier = [(start_f, start_h, next(tie), 0, start)]
    size = max_frontier = 1  # states on the frontier; the heap may also hold stale entries
    expanded, generated, reopened = 0, 1, 0
    if on_event:
        on_event("add", start, _info(informed, None, None, 0, start_h, start_f))
    found = stopped = None
    while frontier:
        f, state_h, _, g, state = heapq.heappop(frontier)
        if g > best_g[state]:
            continue  # stale: a shorter path to this state was put on the frontier after this entry
        size -= 1
        if is_goal(state):  # tested when taken off, not when generated: a shorter path may still turn up
            found = state
            break
        stopped = limits.stop(expanded)
        if stopped:
            break
        expanded += 1
        closed.add(state)
        if on_event:
            on_event("expand", state, {"g": g, "h": state_h, "f": f} if informed else {"g": g})
        child_g = g + 1
        for action, child in successors(state):
            generated += 1
            if costs:
                cost = step_cost(state, action, child)
                if type(cost) is not int or cost < 0:  # a quick test first: most costs are small ints
                    cost = _check_step_cost(cost, state, action)
                child_g = g + cost
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
            try:
                usable = 0 <= child_h <= MAX_ESTIMATE  # a quick test, false for NaN and infinity too
            except (TypeError, ValueError):
                usable = False
            if not usable:
                check_estimate(child_h, child)  # raises the error that says what is wrong
            child_f = g_weight * child_g + h_weight * child_h
            if inexact:
                child_f = round(child_f, 9)
            heapq.heappush(frontier, (child_f, child_h, next(tie), child_g, child))
            if on_event:
                on_event("add", child, _info(informed, state, action, child_g, child_h, child_f))
        if size > max_frontier:
            max_frontier = size
    status = FOUND if found is not None else stopped or EXHAUSTED
    cost = best_g[found] if costs and found is not None else None
    return _finish(method, status, parents, found, expanded, generated, max_frontier, limits, on_event, reopened,
                   cost=cost)


def _info(informed: bool, parent, action, g, h, f) -> dict:
    """What an 'add' event tells: the parent, the action and g, with h and f for an informed search."""
    if informed:
        return {"parent": parent, "action": action, "g": g, "h": h, "f": f}
    return {"parent": parent, "action": action, "g": g}


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
    problem = as_problem(problem)
    h = heuristic_of(problem, h)
    limits = Limits(max_expanded, max_seconds, on_event)
    tally = _Tally()
    bound = check_estimate(h(problem.initial), problem.initial)
    while True:
        if on_event:
            on_event("deepen", problem.initial, {"bound": bound})
        status, path, actions, bound = _bounded_depth_first(problem, h, bound, True, limits, tally, on_event)
        if status != CUTOFF:
            return tally.result("ida_star", status, path, actions, limits, on_event)

"""Uniform-cost search (Dijkstra's algorithm): the cheapest path when actions cost different amounts.

It adds up `problem.step_cost(state, action, next_state)` along each path; with unit costs it finds
a shortest path, as breadth-first search does. The short textbook version is `textbook.uniform_cost`.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from itertools import count

from ..checks import short_repr
from ..problem import Problem
from .result import DEFAULT_MAX_EXPANDED, EXHAUSTED, FOUND, Limits, OnEvent, SearchResult, as_problem, path_to

__all__ = ["uniform_cost_search", "check_step_cost"]


def uniform_cost_search(
    problem: Problem | Sequence[int],
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Expand the state of least path cost g first; the path found is a cheapest one.

    The frontier is a binary heap on g, the sum of `problem.step_cost` along the path. The goal
    test is made when a state is taken off the frontier, not when it is generated: a cheaper
    path to the goal may still turn up until then. `SearchResult.cost` is the path's cost.

    Parameters
    ----------
    problem : a `Problem` (step costs must be numbers, 0 or more), or a board (a `SlidingPuzzle`, unit costs).
    max_expanded, max_seconds : stop there with status 'max_expanded' or 'max_seconds' (None: no limit).
    on_event : called as `on_event(kind, state, info)`: 'add' when a state joins the frontier, or
        moves up it by a cheaper path (info: 'parent', 'action', 'g'), 'expand' (info: 'g') and
        'found' (info: 'g', the path's cost).

    Examples
    --------
    >>> from puzzlekit.problem import TileCostPuzzle
    >>> uniform_cost_search(TileCostPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)))
    SearchResult(method='uniform_cost', status='found', length=6, cost=27, expanded=93, generated=257, max_frontier=66)
    >>> uniform_cost_search((4, 1, 3, 7, 2, 6, 0, 5, 8)).length
    6
    """
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    fast = problem.unchecked()  # no check of each state: they all come from problem.initial by successors
    successors, is_goal, step_cost = fast.successors, fast.is_goal, fast.step_cost
    start = problem.initial
    best_g = {start: 0}  # the cheapest path found so far to each state reached
    parents: dict = {start: None}
    tie = count()  # equal g: the state pushed first comes out first, and heapq never compares states
    frontier = [(0, next(tie), start)]
    closed: set = set()  # expanded: with costs of 0 or more, no cheaper path to them can turn up
    size = max_frontier = 1  # states on the frontier; the heap may also hold stale entries
    expanded, generated = 0, 1
    if on_event:
        on_event("add", start, {"parent": None, "action": None, "g": 0})
    found = stopped = None
    while frontier:
        g, _, state = heapq.heappop(frontier)
        if g > best_g[state]:
            continue  # stale: a cheaper path to this state was pushed after this entry
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
            on_event("expand", state, {"g": g})
        for action, child in successors(state):
            generated += 1
            if child in closed:
                continue
            child_g = g + check_step_cost(step_cost(state, action, child), state, action)
            old_g = best_g.get(child)
            if old_g is not None and child_g >= old_g:
                continue
            if old_g is None:
                size += 1
            best_g[child], parents[child] = child_g, (state, action)
            heapq.heappush(frontier, (child_g, next(tie), child))
            if on_event:
                on_event("add", child, {"parent": state, "action": action, "g": child_g})
        if size > max_frontier:
            max_frontier = size
    path = actions = None
    if found is not None:
        path, actions = path_to(parents, found)
        if on_event:
            on_event("found", found, {"g": best_g[found]})
    status = FOUND if found is not None else stopped or EXHAUSTED
    cost = best_g[found] if found is not None else None
    return SearchResult(
        "uniform_cost", status, path, actions, expanded, generated, max_frontier, limits.seconds(), cost=cost
    )


def check_step_cost(value, state, action):
    """`value` if it is a step cost a search can add up (a number, 0 or more, finite); ValueError otherwise.

    Examples
    --------
    >>> check_step_cost(3, (1, 2, 0, 3), 'r')
    3
    >>> check_step_cost(-1, (1, 2, 0, 3), 'r')
    Traceback (most recent call last):
    ...
    ValueError: step_cost gave -1 for action 'r' in (1, 2, 0, 3); a step cost must be a finite number, 0 or more
    """
    try:
        good = not isinstance(value, (str, bytes, bool)) and bool(0 <= value < math.inf)
    except (TypeError, ValueError):  # not a number, or an array (whose truth is ambiguous)
        good = False
    if not good:
        raise ValueError(
            f"step_cost gave {short_repr(value)} for action {short_repr(action)} in {short_repr(state)}; "
            f"a step cost must be a finite number, 0 or more"
        )
    return value

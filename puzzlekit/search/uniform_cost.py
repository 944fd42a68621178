"""Uniform-cost search (Dijkstra's algorithm): the cheapest path when actions cost different amounts.

It adds up `problem.step_cost(state, action, next_state)` along each path; with unit costs it finds
a shortest path, as breadth-first search does. It is best-first search on g alone, run by the engine of
`puzzlekit.search._engines`. The short textbook version is `textbook.uniform_cost`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..problem import Problem
from ._engines import best_first
from .inputs import as_problem
from .limits import DEFAULT_MAX_EXPANDED, Limits, OnEvent
from .result import SearchResult

__all__ = ["uniform_cost_search"]


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
    >>> from puzzlekit.sliding.puzzle import TileCostPuzzle
    >>> uniform_cost_search(TileCostPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)))
    SearchResult(method='uniform_cost', status='found', length=6, cost=27, expanded=93, generated=257, max_frontier=66)
    >>> uniform_cost_search((4, 1, 3, 7, 2, 6, 0, 5, 8)).length
    6
    """
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    return best_first(problem, h=None, h_weight=0, reopen=False, method="uniform_cost", limits=limits,
                      on_event=on_event, costs=True)

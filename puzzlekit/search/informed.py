"""Informed search, guided by a heuristic h: best-first search, and greedy search, A*, weighted A* and IDA*.

`best_first_search` is the algorithm as the textbook writes it (aima-python's best_first_graph_search): one
loop on a frontier ordered by f(node), where greedy search, uniform-cost search and the A* forms differ in f
alone. The named searches below run the same algorithm in `puzzlekit.search._engines.best_first`, with f
computed in the loop instead of by a call, and with events for the widgets; it is measured faster, and
tests/test_search.py checks that both find the same paths with the same counts. IDA* runs the engine's
bounded depth-first search.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import count

from ..checks import check_bool, check_callable, check_real
from ..problem import Problem
from ._engines import Tally, best_first, bounded_depth_first
from .inputs import as_problem, heuristic_of
from .limits import DEFAULT_MAX_EXPANDED, DEFAULT_MAX_EXPANDED_ONE_PATH, Limits, OnEvent
from .result import CUTOFF, EXHAUSTED, FOUND, SearchResult

__all__ = [
    "best_first_search",
    "greedy_best_first_search",
    "astar_search",
    "weighted_astar_search",
    "lambda_astar_search",
    "ida_star_search",
]


@dataclass(frozen=True)
class Node:
    """A state reached by a search, with the node it was reached from, the action between and g, its path's cost."""

    state: object
    parent: Node | None = None
    action: object = None
    g: float = 0

    def path(self) -> list[Node]:
        """The nodes from the start to this one."""
        node, nodes = self, []
        while node is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]


def best_first_search(
    problem: Problem | Sequence[int],
    f: Callable[[Node], float],
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
) -> SearchResult:
    """Expand the node of least f(node) first: best-first graph search, as the textbook writes it.

    A node has a `state`, its `parent` node, the `action` from there and `g`, the cost of its path
    (`problem.step_cost` added up). The goal test is made when a node is taken off the frontier (a
    cheaper path may still come until then), and a state reached again by a cheaper path goes back
    on the frontier. f = g is uniform-cost search, f = h greedy search, f = g + h A*.
    `max_frontier` counts the entries of the heap, stale ones included.

    Examples
    --------
    >>> from puzzlekit import manhattan
    >>> astar = best_first_search((4, 1, 3, 7, 2, 6, 0, 5, 8), lambda node: node.g + manhattan(node.state))
    >>> astar.length, astar.actions
    (6, ['u', 'u', 'r', 'd', 'd', 'r'])
    """
    problem, f = as_problem(problem), check_callable(f, "f")
    limits = Limits(max_expanded, max_seconds)
    node = Node(problem.initial)
    tie = count()  # equal f: the node pushed first comes out first, and heapq never compares two nodes
    frontier = [(f(node), next(tie), node)]
    reached = {node.state: node}  # each state -> the cheapest node found for it
    expanded, generated, max_frontier = 0, 1, 1
    while frontier:
        _, _, node = heapq.heappop(frontier)
        if node is not reached[node.state]:
            continue  # stale: a cheaper path to this state was pushed later
        if problem.is_goal(node.state):
            nodes = node.path()
            return SearchResult("best_first", FOUND, [n.state for n in nodes], [n.action for n in nodes[1:]],
                                expanded, generated, max_frontier, limits.seconds(), cost=node.g)
        stopped = limits.stop(expanded)
        if stopped:
            return SearchResult("best_first", stopped, None, None, expanded, generated, max_frontier, limits.seconds())
        expanded += 1
        for action, state in problem.successors(node.state):
            generated += 1
            child = Node(state, node, action, node.g + problem.step_cost(node.state, action, state))
            if state not in reached or child.g < reached[state].g:  # a new state, or a cheaper path to one
                reached[state] = child
                heapq.heappush(frontier, (f(child), next(tie), child))
        max_frontier = max(max_frontier, len(frontier))
    return SearchResult("best_first", EXHAUSTED, None, None, expanded, generated, max_frontier, limits.seconds())


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
    return best_first(problem, h=heuristic_of(problem, h), g_weight=0, reopen=False, method="greedy", limits=limits,
                      on_event=on_event)


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
    return best_first(problem, h=heuristic_of(problem, h), reopen=check_bool(reopen, "reopen"), method="astar",
                      limits=limits, on_event=on_event)


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
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    return best_first(problem, h=heuristic_of(problem, h), h_weight=weight, reopen=check_bool(reopen, "reopen"),
                      method="weighted_astar", limits=limits, on_event=on_event)


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
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    return best_first(problem, h=heuristic_of(problem, h), g_weight=g_weight, reopen=check_bool(reopen, "reopen"),
                      method="lambda_astar", limits=limits, on_event=on_event)


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
    tally = Tally()
    bound = h(problem.initial)
    while True:
        if on_event:
            on_event("deepen", problem.initial, {"bound": bound})
        status, path, actions, bound = bounded_depth_first(problem, h, bound, True, limits, tally, on_event)
        if status != CUTOFF:
            return tally.result("ida_star", status, path, actions, limits, on_event)

"""Uninformed search: breadth-first, depth-first, depth-limited and iterative deepening, with statistics and limits.

`_bounded_depth_first` is the engine of the depth-limited searches and of IDA* (`puzzlekit.search.informed`).
The short textbook versions of these algorithms are in `puzzlekit.search.textbook`.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence

from ..checks import check_choice, check_int
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
    _state_methods,
    as_problem,
    check_estimate,
    path_to,
)

__all__ = [
    "breadth_first_search",
    "depth_first_search",
    "depth_limited_search",
    "iterative_deepening_search",
]


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
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    return _graph_search(problem, limits, on_event, "breadth_first", deque.popleft)


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
    problem = as_problem(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    return _graph_search(problem, limits, on_event, "depth_first", deque.pop)


def _graph_search(problem: Problem, limits: Limits, on_event: OnEvent | None, method: str, take) -> SearchResult:
    """The engine of breadth-first (`take` = popleft, a queue) and depth-first (`take` = pop, a stack) search.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> _graph_search(SlidingPuzzle((1, 2, 0, 3)), Limits(None, None), None, "breadth_first", deque.popleft).path
    [(1, 2, 0, 3), (1, 2, 3, 0)]
    """
    successors, is_goal = _state_methods(problem, "successors", "is_goal")
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
            children = children[::-1]  # so that the first action is tried first, from the top of the stack
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
    method, status, parents, found, expanded, generated, max_frontier, limits, on_event, reopened=0, *, cost=None
) -> SearchResult:
    """The `SearchResult` of a search that kept `parents` (state -> (parent, action)); reports 'found'.

    `cost` is the path's cost when the steps cost other than 1 (uniform-cost search); it is the g of 'found'.

    Examples
    --------
    >>> _finish("mine", "found", {1: None, 2: (1, '+1')}, 2, 1, 2, 1, Limits(None, None), None)
    SearchResult(method='mine', status='found', length=1, expanded=1, generated=2, max_frontier=1)
    """
    path = actions = None
    if found is not None:
        path, actions = path_to(parents, found)
        if on_event:
            on_event("found", found, {"g": len(actions) if cost is None else cost})
    return SearchResult(
        method, status, path, actions, expanded, generated, max_frontier, limits.seconds(), reopened=reopened, cost=cost
    )


def depth_limited_search(
    problem: Problem | Sequence[int],
    depth_limit: int,
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED_ONE_PATH,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
    reached: str = "path",
) -> SearchResult:
    """Depth-first search for a path of at most `depth_limit` actions, skipping states already on the path.

    With `reached='path'` (the default) it keeps one path in memory, not a table of reached states,
    so a state met again by another route is searched again: on a problem full of short cycles the
    work grows exponentially. With `reached='table'` it also remembers the smallest depth at which
    each state was expanded and skips a state met again at the same depth or deeper (a transposition
    table): the same paths are found, with far fewer nodes, at the cost of memory for every state
    expanded, as in breadth-first search. Status 'cutoff' says that the limit was met, so a longer
    path may exist; 'exhausted' that no path exists at all. `depth_limit` limits the path;
    `max_expanded` and `max_seconds` limit the work. Events are those of `astar_search`, with h = 0
    and f = g; a state joins the path when it is added.

    Examples
    --------
    >>> depth_limited_search((1, 2, 3, 4, 5, 6, 0, 7, 8), 1).status
    'cutoff'
    >>> depth_limited_search((1, 2, 3, 4, 5, 6, 0, 7, 8), 2).actions
    ['r', 'r']
    >>> board = (8, 6, 7, 2, 5, 4, 3, 0, 1)
    >>> depth_limited_search(board, 12).expanded, depth_limited_search(board, 12, reached="table").expanded
    (1753, 1437)
    """
    problem = as_problem(problem)
    depth_limit = check_int(depth_limit, "depth_limit", minimum=0)
    table = check_choice(reached, "reached", ("path", "table")) == "table"
    limits = Limits(max_expanded, max_seconds, on_event)
    tally = _Tally()
    status, path, actions, _ = _bounded_depth_first(
        problem, _no_estimate, depth_limit, False, limits, tally, on_event, best_depth={} if table else None
    )
    return tally.result("depth_limited", status, path, actions, limits, on_event)


def iterative_deepening_search(
    problem: Problem | Sequence[int],
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED_ONE_PATH,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
    reached: str = "path",
) -> SearchResult:
    """Depth-limited search with depth limits 0, 1, 2, ... until a path is found: shortest, in little memory.

    The counts add up over all the depth limits tried. Events are those of
    `depth_limited_search`, with a 'deepen' event (info 'bound': the new depth limit) before each.
    `reached='table'` gives each depth-limited search a table of the smallest depth at which each
    state was expanded (see `depth_limited_search`): the path found is still a shortest one, and on
    problems with many routes to the same state far fewer nodes are expanded, but the memory grows
    with the states reached, as in breadth-first search, instead of with the path alone.

    Examples
    --------
    >>> iterative_deepening_search((4, 1, 3, 7, 2, 6, 0, 5, 8)).length
    6
    >>> iterative_deepening_search((4, 1, 3, 7, 2, 6, 0, 5, 8), reached="table").length
    6
    """
    problem = as_problem(problem)
    table = check_choice(reached, "reached", ("path", "table")) == "table"
    limits = Limits(max_expanded, max_seconds, on_event)
    tally = _Tally()
    depth_limit = 0
    while True:
        if on_event:
            on_event("deepen", problem.initial, {"bound": depth_limit})
        status, path, actions, _ = _bounded_depth_first(
            problem, _no_estimate, depth_limit, False, limits, tally, on_event, best_depth={} if table else None
        )
        if status != CUTOFF:
            return tally.result("iterative_deepening", status, path, actions, limits, on_event)
        depth_limit += 1


def _no_estimate(state) -> int:
    """h = 0: depth-limited search is the bounded depth-first search of IDA* with f = g.

    Examples
    --------
    >>> _no_estimate((1, 2, 3, 0))
    0
    """
    return 0


class _Tally:
    """The counts of a depth-first search, kept across the iterations of IDS and IDA*.

    Examples
    --------
    >>> _Tally().result("ida_star", "exhausted", None, None, Limits(None, None), None).expanded
    0
    """

    def __init__(self):
        self.expanded = self.generated = self.max_frontier = 0

    def result(self, method, status, path, actions, limits, on_event) -> SearchResult:
        """The `SearchResult` with these counts; reports 'found'."""
        if status == FOUND and on_event:
            on_event("found", path[-1], {"g": len(actions)})
        return SearchResult(
            method, status, path, actions, self.expanded, self.generated, self.max_frontier, limits.seconds()
        )


def _bounded_depth_first(
    problem: Problem, h: Callable, bound: float, expand_at_bound: bool, limits: Limits, tally: _Tally, on_event,
    *, best_depth: dict | None = None,
) -> tuple[str, list | None, list | None, float]:
    """Depth-first through the states with f = g + h(state) <= `bound`, never repeating a state on the path.

    Each state is goal-tested when it is generated. With `expand_at_bound` (IDA*) every state
    within the bound is expanded; without (depth-limited search, h = 0) the states at depth
    `bound` are not. Returns the status, the path and actions if found, and the least f
    beyond the bound (the next bound for IDA*; infinite when nothing was left out).
    `best_depth`, a dict (empty at first), makes it record the depth g at which each state is
    expanded and skip a state met again at that depth or deeper: everything within the bound
    below it was searched from there already.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> _bounded_depth_first(puzzle, _no_estimate, 1, False, Limits(None, None), _Tally(), None)
    ('cutoff', None, None, 2)
    """
    successors, is_goal = _state_methods(problem, "successors", "is_goal")
    start = problem.initial
    start_h = check_estimate(h(start), start)
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
    if best_depth is not None:
        best_depth[start] = 0
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
            if best_depth is not None and best_depth.get(child, math.inf) <= g:
                continue  # expanded before at this depth or a smaller one: nothing new below it
            child_h = h(child)
            try:
                usable = 0 <= child_h <= MAX_ESTIMATE  # a quick test, false for NaN and infinity too
            except (TypeError, ValueError):
                usable = False
            if not usable:
                check_estimate(child_h, child)  # raises the error that says what is wrong
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
            if best_depth is not None:
                best_depth[child] = g
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

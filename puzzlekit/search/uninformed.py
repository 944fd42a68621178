"""Uninformed search: breadth-first, depth-first, depth-limited and iterative deepening, with statistics and limits.

Each checks its arguments and runs an engine of `puzzlekit.search._engines`.
The short textbook versions of these algorithms are in `puzzlekit.search.textbook`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ..checks import check_choice, check_int
from ..problem import Problem
from ._engines import Tally, bounded_depth_first, graph_search, no_estimate
from .inputs import as_problem
from .limits import DEFAULT_MAX_EXPANDED, DEFAULT_MAX_EXPANDED_ONE_PATH, Limits, OnEvent
from .result import CUTOFF, SearchResult

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
    return graph_search(problem, limits, on_event, "breadth_first", deque.popleft)


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
    return graph_search(problem, limits, on_event, "depth_first", deque.pop)


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
    tally = Tally()
    status, path, actions, _ = bounded_depth_first(
        problem, no_estimate, depth_limit, False, limits, tally, on_event, best_depth={} if table else None
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
    tally = Tally()
    depth_limit = 0
    while True:
        if on_event:
            on_event("deepen", problem.initial, {"bound": depth_limit})
        status, path, actions, _ = bounded_depth_first(
            problem, no_estimate, depth_limit, False, limits, tally, on_event, best_depth={} if table else None
        )
        if status != CUTOFF:
            return tally.result("iterative_deepening", status, path, actions, limits, on_event)
        depth_limit += 1

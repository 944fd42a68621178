"""The one-line answer: a search by its name (`run_search`, `METHODS`) and the path of boards (`solve`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..checks import check_choice
from ..problem import Problem, SlidingPuzzle
from .informed import astar_search, greedy_best_first_search, ida_star_search, weighted_astar_search
from .result import SearchResult, not_found_message
from .uninformed import breadth_first_search, depth_first_search, iterative_deepening_search

__all__ = ["METHODS", "INFORMED_METHODS", "run_search", "solve"]

METHODS: dict[str, Callable[..., SearchResult]] = {
    "astar": astar_search,
    "ida_star": ida_star_search,
    "weighted_astar": weighted_astar_search,
    "greedy": greedy_best_first_search,
    "breadth_first": breadth_first_search,
    "iterative_deepening": iterative_deepening_search,
    "depth_first": depth_first_search,
}
# The methods of `METHODS` that take a heuristic h.
INFORMED_METHODS = frozenset({"astar", "ida_star", "weighted_astar", "greedy"})


def run_search(problem: Problem | Sequence[int], method: str = "astar", h="manhattan", **options) -> SearchResult:
    """Run the search named `method` (a key of `METHODS`); the heuristic `h` goes to the informed ones only.

    Other keywords (`max_expanded`, `max_seconds`, `on_event`, `weight`, `reopen`) go to the search.

    Examples
    --------
    >>> run_search((1, 2, 3, 4, 5, 6, 0, 7, 8), "breadth_first").length
    2
    >>> run_search((1, 2, 3, 4, 5, 6, 0, 7, 8), "bfs")
    Traceback (most recent call last):
    ...
    ValueError: method must be one of 'astar', 'ida_star', 'weighted_astar', 'greedy', 'breadth_first', \
'iterative_deepening', 'depth_first'; got 'bfs' (str)
    """
    check_choice(method, "method", tuple(METHODS))
    if method in INFORMED_METHODS:
        return METHODS[method](problem, h, **options)
    return METHODS[method](problem, **options)


def solve(
    board: Sequence[int],
    goal: Sequence[int] | None = None,
    *,
    method: str = "astar",
    h="manhattan",
    **options,
) -> list[tuple]:
    """The boards from `board` to `goal`, one move apart; the fewest moves with 'astar', 'ida_star',
    'breadth_first' or 'iterative_deepening'.

    `method` is a name in `METHODS`; `h` a heuristic's name or function for the informed ones.
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
    result = run_search(SlidingPuzzle(board, goal), method, h, **options)
    if not result.found:
        raise RuntimeError(
            f"{not_found_message(result)}; raise max_expanded or max_seconds, "
            f"or try method='ida_star' with h='linear_conflict'"
        )
    return result.path

"""The one-line answer: a search by its name (`run_search`, `METHODS`) and the path of boards (`solve`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence

from ..checks import check_choice, short_repr
from ..problem import Problem
from .informed import astar_search, greedy_best_first_search, ida_star_search, weighted_astar_search
from .result import SearchResult, not_found_message
from .uninformed import breadth_first_search, depth_first_search, iterative_deepening_search

__all__ = ["METHODS", "run_search", "solve"]

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


def _check_options(method: str, options: dict) -> None:
    """Check that the search named `method` takes each keyword of `options`; TypeError naming those that do.

    Examples
    --------
    >>> _check_options("weighted_astar", {"weight": 2, "max_expanded": 100})
    >>> _check_options("astar", {"weight": 2})
    Traceback (most recent call last):
    ...
    TypeError: method 'astar' takes no option 'weight' (its options: reopen, max_expanded, max_seconds, on_event); \
'weighted_astar' takes it
    """
    check_choice(method, "method", tuple(METHODS))
    takes = {name: _options(search) for name, search in METHODS.items()}
    for key in options:
        if key not in takes[method]:
            others = [repr(name) for name, names in takes.items() if key in names]
            where = f"{' and '.join(others)} {'takes' if len(others) == 1 else 'take'} it" if others else (
                "no search method takes it")
            its = ", ".join(takes[method])
            raise TypeError(f"method {method!r} takes no option {short_repr(key)} (its options: {its}); {where}")


def _options(search: Callable) -> tuple[str, ...]:
    """The keyword-only parameters of a search function: the options `run_search` may pass on."""
    parameters = inspect.signature(search).parameters.values()
    return tuple(parameter.name for parameter in parameters if parameter.kind is parameter.KEYWORD_ONLY)


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
    _check_options(method, options)
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
    It runs the search it is told on any size. A* with Manhattan distance runs out of its node limit on
    most 4x4 boards: the 15-puzzle's own search, `puzzlekit.sliding.fifteen.sliding_ida_star_search(board,
    '6-6-3+reflect')`, solves any of them (chapter 8), and `puzzlekit.solve`, which picks the search by the
    board's size, runs it there.

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
    problem = Problem.for_board(board, goal)
    result = run_search(problem, method, h, **options)
    if not result.found:
        fifteen = ", or for a 4x4 board puzzlekit.sliding.fifteen.sliding_ida_star_search(board, '5-5-5')" if len(
            problem.initial) == 16 else ""
        raise RuntimeError(
            f"{not_found_message(result)}; raise max_expanded or max_seconds, "
            f"or try method='ida_star' with h='linear_conflict'{fifteen}"
        )
    return result.path

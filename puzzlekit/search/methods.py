"""A search by its name: `run_search` and `METHODS` (`puzzlekit.solve` runs one and returns its path)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence

from ..checks import check_choice, short_repr
from ..problem import Problem
from .informed import astar_search, greedy_best_first_search, ida_star_search, weighted_astar_search
from .result import SearchResult
from .uninformed import breadth_first_search, depth_first_search, iterative_deepening_search

__all__ = ["METHODS", "run_search"]

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

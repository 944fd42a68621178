"""The one-call solve: `solve(board)` picks the search by the board's size, A* up to 3x3, the 15-puzzle's pattern
databases and the sliding IDA* on 4x4; its answer is the list of boards, and says which search found it.

It sits above both the searches (`puzzlekit.search`, which know no puzzle) and the sliding puzzles
(`puzzlekit.sliding`, where the 15-puzzle's own search lives), so that neither has to import the other's choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from .checks import check_choice, short_repr
from .search import INFORMED_METHODS, METHODS, SearchResult, not_found_message, run_search
from .sliding.board import BLANK, is_token_board
from .sliding.fifteen import PARTITIONS, PatternDatabases, sliding_ida_star_search
from .sliding.fifteen.cache import cache_path
from .sliding.fifteen.databases import mirror_cell
from .sliding.fifteen.ida_star import as_pattern_databases
from .sliding.puzzle import SlidingPuzzle, as_sliding_puzzle

__all__ = ["solve", "solution_search", "choose_method", "Solution", "SOLVE_METHODS"]

FIFTEEN_METHOD = "sliding_ida_star"
# The best of chapter 8's databases: 293,821 nodes a board on Korf's 100, 0.4 s each; built once in about 40 s
# (on an idle 2-core machine), then kept in the cache directory and loaded in a few seconds.
FIFTEEN_DATABASES = "6-6-3+reflect"
# Every search `solve` can run by name: those of `puzzlekit.search.METHODS`, and the 15-puzzle's own.
SOLVE_METHODS = (*METHODS, FIFTEEN_METHOD)
FIFTEEN_OPTIONS = ("max_expanded", "max_seconds")  # the keywords the sliding IDA* takes
FIFTEEN_NAMES = (*PARTITIONS, *(f"{name}+reflect" for name in PARTITIONS))  # its pattern databases by name


class Solution(list):
    """The boards from the start to the goal, one move apart (a list, as `solve` always returned), and the
    search that found them: `method` (a name in `SOLVE_METHODS`), `h` (the heuristic's name, None for an
    uninformed search) and `expanded` (the nodes it expanded).

    Examples
    --------
    >>> path = solve((1, 2, 3, 4, 5, 6, 7, 0, 8))
    >>> path
    Solution([(1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)], method='astar', h='manhattan')
    >>> path == [(1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)], path.method, path.expanded
    (True, 'astar', 1)
    """

    def __init__(self, path: Sequence, method: str, h: str | None = None, expanded: int = 0):
        super().__init__(path)
        self.method, self.h, self.expanded = method, h, expanded

    def __repr__(self) -> str:
        h = "" if self.h is None else f", h={self.h!r}"
        return f"Solution({list.__repr__(self)}, method={self.method!r}{h})"

    __str__ = __repr__


def choose_method(board: Sequence[int], goal: Sequence[int] | None = None) -> tuple[str, str]:
    """The search `solve` runs on `board` when told none, and its heuristic: (method, h), picked by the size.

    A 4x4 board of numbered tiles gets the sliding IDA* with the pattern databases `FIFTEEN_DATABASES`
    (without the reflected lookup when the goal's blank is off the main diagonal); any other board A*
    with Manhattan distance, which finds the fewest moves of any 3x3 board within its node limit.

    Examples
    --------
    >>> choose_method((1, 2, 3, 4, 5, 6, 0, 7, 8))
    ('astar', 'manhattan')
    >>> choose_method(tuple(range(1, 16)) + (0,))
    ('sliding_ida_star', '6-6-3+reflect')
    """
    return _choice(SlidingPuzzle(board, goal))


def _choice(problem: SlidingPuzzle) -> tuple[str, str]:
    if problem.size == 4 and not is_token_board(problem.goal):
        blank = problem.goal.index(BLANK)
        on_diagonal = mirror_cell(blank, problem.size) == blank  # the reflected lookup needs it there
        return FIFTEEN_METHOD, FIFTEEN_DATABASES if on_diagonal else FIFTEEN_DATABASES.partition("+")[0]
    return "astar", "manhattan"


def databases_to_build(problem: SlidingPuzzle | Sequence[int], h) -> list:
    """The patterns of `h` not yet in the cache: what the sliding IDA*'s first search with `h` builds.

    `h` is what the sliding IDA* reads: 'manhattan', a name in `FIFTEEN_NAMES`, or `PatternDatabases` (built already).

    Examples
    --------
    >>> databases_to_build((1, 2, 3, 4, 5, 6, 7, 0, 8), "manhattan")
    []
    """
    problem = problem if isinstance(problem, SlidingPuzzle) else SlidingPuzzle(problem)
    if isinstance(h, PatternDatabases):
        return []
    check_choice(h, "h", ("manhattan", *FIFTEEN_NAMES))
    if h == "manhattan" or problem.size != 4:
        return []
    return [pattern for pattern in PARTITIONS[h.partition("+")[0]] if not cache_path(pattern, problem.goal).exists()]


def solution_search(
    problem: SlidingPuzzle | Sequence[int], method: str | None = None, h=None, **options
) -> SearchResult:
    """The `SearchResult` of the search that `solve` runs: `method`, or when it is None the one `choose_method` picks.

    `h` goes to the search (by default Manhattan distance, or the picked databases on a 4x4 board);
    other keywords (`max_expanded`, `max_seconds`, `weight`, `reopen`) too. The command line's
    `solve` prints this result.

    Examples
    --------
    >>> solution_search((1, 2, 3, 4, 5, 6, 0, 7, 8))
    SearchResult(method='astar', status='found', length=2, expanded=2, generated=6, max_frontier=3)
    >>> solution_search(tuple(range(1, 15)) + (0, 15), h="manhattan").method  # 4x4: the 15-puzzle's own search
    'sliding_ida_star'
    """
    problem = as_sliding_puzzle(problem)
    return _search(problem, *_resolve(problem, method, h), options)


def _resolve(problem: SlidingPuzzle, method: str | None, h) -> tuple[str, object, bool]:
    """(the method to run, its heuristic, whether the method was picked by the size rather than given)."""
    if method is None:
        method, default_h = _choice(problem)
        return method, default_h if h is None else h, True
    check_choice(method, "method", SOLVE_METHODS)
    return method, "manhattan" if h is None else h, False


def _search(problem: SlidingPuzzle, method: str, h, picked: bool, options: dict) -> SearchResult:
    """Run `method`: a search of `METHODS` by name, or the sliding IDA* with its own options checked here."""
    if method != FIFTEEN_METHOD:
        return run_search(problem, method, h, **options)
    why = f" (solve runs {FIFTEEN_METHOD} on a 4x4 board; name another method for other options)" if picked else ""
    for key in options:
        if key not in FIFTEEN_OPTIONS:
            raise TypeError(f"method {FIFTEEN_METHOD!r} takes no option {short_repr(key)} "
                            f"(its options: {', '.join(FIFTEEN_OPTIONS)}){why}")
    try:
        named = isinstance(h, str) and h in FIFTEEN_NAMES
        databases = as_pattern_databases(h, problem.goal, progress=False) if named else h  # the search's own cache
        return sliding_ida_star_search(problem, databases, **options)
    except (TypeError, ValueError) as error:
        if not picked or not str(error).startswith("h must be"):
            raise
        raise type(error)(f"{error}; on a 4x4 board solve runs {FIFTEEN_METHOD}, which reads pattern databases: "
                          f"pass method='astar' (or another) to search with h={short_repr(h)}") from None


def solve(
    board: Sequence[int],
    goal: Sequence[int] | None = None,
    *,
    method: str | None = None,
    h=None,
    **options,
) -> Solution:
    """The boards from `board` to `goal`, one move apart, in the fewest moves when the board is 5x5 or smaller.

    Told no `method`, it picks one by the board's size (`choose_method`): A* with Manhattan distance
    up to 3x3 (and on 5x5 and larger, where its node limit usually stops it first); on a 4x4 board of
    numbered tiles, the 15-puzzle's search of chapter 8, IDA* with additive pattern databases
    (`sliding_ida_star_search` with '6-6-3+reflect'), which finds a shortest path of a random board in
    well under a second. The first 4x4 solve builds those databases, once, printing nothing: about
    40 s on an idle 2-core machine (minutes on a busy one), with some 1.3 GB of memory. They are kept in
    `~/.cache/puzzlekit` (`puzzlekit.sliding.fifteen.cache_directory()`), and later sessions load them in
    a few seconds. A 4x4 goal of one's own gets databases of its own, built the same way.

    `method` is a name in `SOLVE_METHODS` (`puzzlekit.search.METHODS` and 'sliding_ida_star'); `h` a
    heuristic for the informed searches (for the sliding IDA*: 'manhattan', '5-5-5', '6-6-3', either with
    '+reflect', or `PatternDatabases`). Other keywords (`max_expanded`, `max_seconds`, `weight`,
    `reopen`) go to the search. The answer is a `Solution`: the list of boards, with the `method`
    and `h` that found it.

    Raises
    ------
    ValueError : the board is not a board, or cannot reach the goal.
    RuntimeError : the search met its limit before the goal.

    Examples
    --------
    >>> solve((1, 2, 3, 4, 5, 6, 0, 7, 8))
    Solution([(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)], method='astar', \
h='manhattan')
    >>> from puzzlekit import SUN_MOON_START, SUN_MOON_GOAL
    >>> len(solve(SUN_MOON_START, SUN_MOON_GOAL)) - 1
    13
    >>> fifteen = solve((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15), h="manhattan")  # no databases
    >>> len(fifteen) - 1, fifteen.method, fifteen.h
    (1, 'sliding_ida_star', 'manhattan')
    """
    problem = SlidingPuzzle(board, goal)
    method, h, picked = _resolve(problem, method, h)
    result = _search(problem, method, h, picked, options)
    if not result.found:
        raise RuntimeError(f"{not_found_message(result)}; raise max_expanded or max_seconds{_advice(problem, result)}")
    return Solution(result.path, method, _name(h) if method in INFORMED_METHODS or method == FIFTEEN_METHOD else None,
                    result.expanded)


def _name(h) -> str:
    """A heuristic as the answer names it: its name, or the function's name."""
    return h if isinstance(h, str) else getattr(h, "__name__", None) or repr(h)


def _advice(problem: SlidingPuzzle, result: SearchResult) -> str:
    """What to try when a search stopped short: the 15-puzzle's search on a 4x4 board, IDA* otherwise."""
    if result.method == FIFTEEN_METHOD:
        return ""
    advice = ", or try method='ida_star' with h='linear_conflict'"
    if problem.size == 4 and not is_token_board(problem.goal):
        advice += f", or leave method out: on a 4x4 board solve runs {FIFTEEN_METHOD} with pattern databases"
    return advice

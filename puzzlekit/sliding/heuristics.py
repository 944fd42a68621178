"""Estimates of the moves left to the goal, for informed search: misplaced tiles, Manhattan distance, linear conflict.

All three are admissible (they never overestimate) for any N x N board and any goal. Each
takes `(board, goal=None)`; `for_goal(h, goal)` gives the fast function of a board alone that
the searches call, with the goal's positions worked out once.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Sequence

from ..checks import short_repr
from .board import BLANK, Board, check_cells, check_pair, is_token_board
from .grid import side

__all__ = [
    "misplaced",
    "manhattan",
    "linear_conflict",
    "HEURISTICS",
    "for_goal",
    "misplaced_for",
]


def misplaced(board: Sequence[int], goal: Sequence[int] | None = None) -> int:
    """The number of tiles not on their goal cell; the blank is not counted.

    Leaving the blank out keeps it admissible: one move puts at most one tile in place, so a
    board with one tile out of place is one move from the goal, not two (aima-python counts the
    blank and overestimates). On a token board it counts the tokens on a cell meant for another.

    Examples
    --------
    >>> misplaced((1, 2, 3, 4, 5, 6, 7, 0, 8))
    1
    >>> misplaced((8, 6, 7, 2, 5, 4, 3, 0, 1))
    7
    """
    cells, target, _ = check_pair(board, goal)
    return misplaced_for(target)(cells)


def manhattan(board: Sequence[int], goal: Sequence[int] | None = None) -> int:
    """The sum over tiles of the rows plus columns between each tile and its goal cell.

    A move shifts one tile by one cell, so no board is solved in fewer moves. On a token board
    (sun/moon) each token may end on any goal cell of its kind: the sum is taken over the best
    pairing of tokens with those cells.

    Examples
    --------
    >>> manhattan((1, 2, 3, 4, 5, 6, 7, 0, 8))
    1
    >>> manhattan((8, 6, 7, 2, 5, 4, 3, 0, 1))
    21
    >>> from puzzlekit import SUN_MOON_START, SUN_MOON_GOAL
    >>> manhattan(SUN_MOON_START, SUN_MOON_GOAL)
    9
    """
    cells, target, _ = check_pair(board, goal)
    return _manhattan_for(target)(cells)


def linear_conflict(board: Sequence[int], goal: Sequence[int] | None = None) -> int:
    """Manhattan distance plus 2 moves for each tile that must step out of its line to let another pass.

    Two tiles in their goal row, in the wrong order, cannot pass each other inside the row:
    one of them leaves the row and comes back, two moves Manhattan distance does not count.
    In each row (and each column) the fewest tiles that must leave is the number of tiles
    in their goal line minus the longest run of them already in goal order.

    Examples
    --------
    >>> linear_conflict((2, 1, 3, 4, 5, 6, 7, 8, 0))
    4
    >>> manhattan((2, 1, 3, 4, 5, 6, 7, 8, 0))
    2
    >>> linear_conflict((8, 6, 7, 2, 5, 4, 3, 0, 1))
    23
    """
    cells, target, _ = check_pair(board, goal)
    return _linear_conflict_for(target)(cells)


HEURISTICS: dict[str, Callable[..., int]] = {
    "misplaced": misplaced,
    "manhattan": manhattan,
    "linear_conflict": linear_conflict,
}


def for_goal(h, goal: Sequence[int]) -> Callable[[Board], int]:
    """`h` as a function of a board alone, for boards heading to `goal`.

    `h` is a name in `HEURISTICS` or one of its functions: the result is a fast version that
    checks nothing. Any other function is taken to be a function of a board already and is
    returned as it is.

    Examples
    --------
    >>> h = for_goal('manhattan', (1, 2, 3, 4, 5, 6, 7, 8, 0))
    >>> h((1, 2, 3, 4, 5, 6, 7, 0, 8))
    1
    >>> for_goal(manhattan, (1, 2, 3, 0))((1, 2, 0, 3))
    1
    >>> for_goal('euclid', (1, 2, 3, 0))
    Traceback (most recent call last):
    ...
    ValueError: no heuristic named 'euclid'; the names are 'misplaced', 'manhattan', 'linear_conflict'
    """
    if isinstance(h, str):
        if h not in HEURISTICS:
            names = ", ".join(repr(name) for name in HEURISTICS)
            raise ValueError(f"no heuristic named {h!r}; the names are {names}")
        h = HEURISTICS[h]
    if not callable(h):
        raise TypeError(f"a heuristic is a name or a function of a board, got {short_repr(h)} ({type(h).__name__})")
    goal = check_cells(goal, "goal")[0]
    build = {misplaced: misplaced_for, manhattan: _manhattan_for, linear_conflict: _linear_conflict_for}.get(h)
    if build is not None:
        return build(goal)
    return h


# --- Fast versions, built once per goal ---------------------------------------------------------------
# Each builder checks the goal and returns a closure over tables of it; the searches call the closure
# on every board they generate, so it does no checking and as little Python as it can.


def misplaced_for(goal: Board) -> Callable[[Board], int]:
    """`misplaced` for boards heading to `goal`, unchecked: cells that differ, less the blank's.

    Examples
    --------
    >>> misplaced_for((1, 2, 3, 0))((1, 2, 0, 3))
    1
    """
    goal = check_cells(goal, "goal")[0]
    goal_blank = goal.index(BLANK)

    def h(board: Board) -> int:
        # Cells that differ from the goal, less the blank's cell when the blank is out of place.
        return sum(map(operator.ne, board, goal)) - (board[goal_blank] != BLANK)

    return h


@functools.lru_cache(maxsize=64)
def _manhattan_for(goal: Board) -> Callable[[Board], int]:
    if is_token_board(goal):
        return _token_manhattan(goal)
    size = side(len(goal), "goal")
    home = {tile: divmod(cell, size) for cell, tile in enumerate(goal)}
    # distance[cell][tile]: the moves tile `tile` on `cell` is from home; 0 for the blank.
    distance = [
        [0 if tile == BLANK else abs(row - home[tile][0]) + abs(col - home[tile][1]) for tile in range(len(goal))]
        for row, col in (divmod(cell, size) for cell in range(len(goal)))
    ]

    def h(board: Board) -> int:
        return sum(map(operator.getitem, distance, board))

    return h


def _token_manhattan(goal: Board) -> Callable[[Board], int]:
    """Manhattan distance on a token board: each kind of token paired with its goal cells at least cost."""
    size = side(len(goal), "goal")
    kinds = sorted(set(goal) - {BLANK})
    homes = {kind: [divmod(cell, size) for cell, value in enumerate(goal) if value == kind] for kind in kinds}

    @functools.lru_cache(maxsize=1 << 16)
    def h(board: Board) -> int:
        total = 0
        for kind in kinds:
            places = [divmod(cell, size) for cell, value in enumerate(board) if value == kind]
            total += _least_pairing(places, homes[kind])
        return total

    return h


def _least_pairing(places: list[tuple[int, int]], homes: list[tuple[int, int]]) -> int:
    """The least total Manhattan distance of a one-to-one pairing of `places` with `homes`."""
    # best[used]: the cheapest pairing of the first k places with the k homes in the bit set `used`.
    full = (1 << len(homes)) - 1
    best = [0] + [math.inf] * full
    for used in range(full):
        row, col = places[used.bit_count()]
        for index, (home_row, home_col) in enumerate(homes):
            bit = 1 << index
            if not used & bit:
                cost = best[used] + abs(row - home_row) + abs(col - home_col)
                if cost < best[used | bit]:
                    best[used | bit] = cost
    return best[full]


class _LineTable(dict):
    """What the tiles of one row (or column) add to the estimate, worked out the first time a line is seen."""

    def __init__(self, cost: Callable[[tuple], int]):
        super().__init__()
        self.cost = cost

    def __missing__(self, line: tuple) -> int:
        value = self[line] = self.cost(line)
        return value


@functools.lru_cache(maxsize=64)
def _linear_conflict_for(goal: Board) -> Callable[[Board], int]:
    if is_token_board(goal):
        raise ValueError(
            "linear_conflict needs numbered tiles, each once; on a token board such as sun/moon "
            "use 'manhattan' or 'misplaced'"
        )
    size = side(len(goal), "goal")
    home = {tile: divmod(cell, size) for cell, tile in enumerate(goal) if tile != BLANK}

    def row_cost(row: int) -> Callable[[tuple], int]:
        def cost(line: tuple) -> int:
            # The Manhattan distance of the tiles in this row, and the conflicts among those at home in it.
            distance = sum(abs(row - home[tile][0]) + abs(col - home[tile][1]) for col, tile in enumerate(line) if tile)
            at_home = [home[tile][1] for tile in line if tile and home[tile][0] == row]
            return distance + 2 * (len(at_home) - _longest_increasing(at_home))

        return cost

    def column_cost(col: int) -> Callable[[tuple], int]:
        def cost(line: tuple) -> int:
            at_home = [home[tile][0] for tile in line if tile and home[tile][1] == col]
            return 2 * (len(at_home) - _longest_increasing(at_home))

        return cost

    rows = [(_LineTable(row_cost(row)), row * size, (row + 1) * size) for row in range(size)]
    columns = [(_LineTable(column_cost(col)), col) for col in range(size)]

    def h(board: Board) -> int:
        total = 0
        for table, start, stop in rows:
            total += table[board[start:stop]]
        for table, col in columns:
            total += table[board[col::size]]
        return total

    return h


def _longest_increasing(values: list[int]) -> int:
    """The length of the longest strictly increasing subsequence (values are few: one line of a board)."""
    longest: list[int] = []  # longest[k]: the length of the longest run ending at values[k]
    for k, value in enumerate(values):
        longest.append(1 + max((longest[j] for j in range(k) if values[j] < value), default=0))
    return max(longest, default=0)

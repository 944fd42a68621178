"""Every board of the 2x2 and 3x3 puzzles as numpy arrays: which row is which board (the rows of a Q-table).

Row `i` of a table is the i-th board that can reach the goal, in the order of `rank`; column `a` is action `a`
(the blank's move 'u', 'r', 'd', 'l').
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..checks import check_collection, check_int
from .board import BLANK, Board, check_cells, check_reachable, default_goal, is_token_board
from .distances import distance_table, rank, rank_columns
from .grid import DIRECTIONS, MAX_SIZE, target_array

__all__ = ["StateSpace", "state_space"]

# The widths whose every board fits in a table: 12 boards on 2x2, 181,440 on 3x3 (4x4 would need 10 ** 13).
TABLE_SIZES = (2, 3)


@dataclass(frozen=True, eq=False)
class StateSpace:
    """Every board that can reach the goal, as numpy arrays indexed by row (boards in rank order).

    Attributes
    ----------
    size : the width of the board.
    goal : the goal board (tiles in order, the blank last).
    boards : (rows, size * size) uint8 array, one board per row.
    ranks : (rows,) int64 array, `rank(board)` of each row, increasing.
    neighbours : (rows, 4) int32 array, the row the blank's move u, r, d, l leads to, -1 for the wall.
    distances : (rows,) int8 array, the fewest moves to the goal (`distance_table`).
    goal_row : the row of the goal.
    row_of_rank : (size * size)! int32 array, the row of each rank, -1 for boards that cannot reach the goal.

    Examples
    --------
    >>> space = state_space(3)
    >>> len(space.boards), int(space.distances.max())
    (181440, 31)
    >>> row = space.row((1, 2, 3, 4, 5, 6, 7, 0, 8))
    >>> space.board(int(space.neighbours[row, 1]))  # the blank moves right
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    """

    size: int
    goal: Board
    boards: object
    ranks: object
    neighbours: object
    distances: object
    goal_row: int
    row_of_rank: object

    def __repr__(self) -> str:
        return f"StateSpace(size={self.size}, rows={len(self.ranks)}, goal={self.goal})"

    def row(self, board: Sequence[int]) -> int:
        """The row of `board`; ValueError if it is another size or cannot reach the goal.

        Examples
        --------
        >>> state_space(2).row((1, 2, 3, 0))
        5
        """
        cells, size = check_cells(board)
        if size != self.size or is_token_board(cells):
            raise ValueError(f"board {cells} is not a board of the {self.size}x{self.size} tiles puzzle")
        row = int(self.row_of_rank[rank(cells)])
        if row < 0:  # a board of the other parity: check_reachable says so
            check_reachable(cells, self.goal, self.size)
        return row

    def board(self, row: int) -> Board:
        """The board in row `row`.

        Examples
        --------
        >>> state_space(2).board(0)
        (0, 1, 3, 2)
        """
        row = check_int(row, "row", minimum=0, maximum=len(self.ranks) - 1)
        return tuple(int(cell) for cell in self.boards[row])

    def rows(self, boards) -> object:
        """The rows of many boards at once: a (count, size * size) array in, an int64 array out (-1: unsolvable).

        Examples
        --------
        >>> state_space(2).rows([(1, 2, 3, 0), (1, 2, 0, 3), (2, 1, 3, 0)]).tolist()
        [5, 4, -1]
        """
        check_collection(boards, "boards", f"a list of boards or a (count, {self.size * self.size}) array")
        if not hasattr(boards, "dtype"):
            boards = [check_cells(board)[0] for board in boards] or np.empty((0, self.size * self.size), np.uint8)
        boards = np.asarray(boards)
        cells = self.size * self.size
        if boards.dtype.kind not in "iu" or boards.ndim not in (1, 2) or boards.shape[-1] != cells:
            raise ValueError(f"boards must be boards of {cells} cells ({self.size}x{self.size}), one per row; "
                             f"got an array of shape {boards.shape} and type {boards.dtype}")
        if boards.size and (boards.min() < 0 or boards.max() >= cells):
            raise ValueError(f"boards hold values from {boards.min()} to {boards.max()}; a {self.size}x{self.size} "
                             f"board holds 0..{cells - 1}")
        boards = boards.astype(np.uint8).reshape(-1, cells)
        return self.row_of_rank[rank_columns(np.ascontiguousarray(boards.T))].astype(np.int64)


def state_space(size: int = 3) -> StateSpace:
    """The boards of the `size` x `size` puzzle that reach the goal, their moves and distances (cached).

    `itertools.permutations` lists all boards in rank order; the distances say which reach the
    goal; each move is made on all boards at once (the blank's target cells from
    `grid.target_array`) and the results ranked at once. About a third of a second for the
    8-puzzle, once per session.

    Examples
    --------
    >>> space = state_space(2)
    >>> space
    StateSpace(size=2, rows=12, goal=(1, 2, 3, 0))
    >>> space.neighbours[space.goal_row].tolist()  # from the goal the blank can go up or left
    [3, -1, -1, 4]
    >>> space.board(3), space.board(4)
    ((1, 0, 3, 2), (1, 2, 0, 3))
    >>> state_space(4)
    Traceback (most recent call last):
    ...
    ValueError: a 4x4 board has 10,461,394,944,000 reachable boards, too many for a table;
    Q-tables cover 2x2 and 3x3 boards
    """
    return _build(check_table_size(size))


def check_table_size(size) -> int:
    """`size` as an int, after checking that a table covers its boards: 2 or 3.

    Examples
    --------
    >>> check_table_size(3)
    3
    >>> check_table_size(5)
    Traceback (most recent call last):
    ...
    ValueError: a 5x5 board has 7,755,605,021,665,492,992,000,000 reachable boards, too many for a table;
    Q-tables cover 2x2 and 3x3 boards
    """
    size = check_int(size, "size", minimum=2, maximum=MAX_SIZE)
    if size not in TABLE_SIZES:
        raise ValueError(f"a {size}x{size} board has {math.factorial(size * size) // 2:,} reachable boards, "
                         f"too many for a table; Q-tables cover 2x2 and 3x3 boards")
    return size


@functools.cache
def _build(size: int) -> StateSpace:
    """The state space of `size`, built once per session (`state_space` checks `size` first)."""
    goal = default_goal(size)
    cells = size * size
    every_distance = distance_table(goal)
    ranks = np.flatnonzero(every_distance >= 0)
    every_board = np.fromiter(itertools.chain.from_iterable(itertools.permutations(range(cells))), np.uint8,
                              count=cells * math.factorial(cells)).reshape(-1, cells)
    boards = every_board[ranks]
    row_of_rank = np.full(len(every_distance), -1, np.int32)
    row_of_rank[ranks] = np.arange(len(ranks), dtype=np.int32)
    blank = np.argmax(boards == BLANK, axis=1)
    targets = target_array(size)[blank]  # (rows, 4): the cell the blank moves to, -1 for the wall
    neighbours = np.full((len(ranks), len(DIRECTIONS)), -1, np.int32)
    for action in range(len(DIRECTIONS)):
        movable = np.flatnonzero(targets[:, action] >= 0)
        moved = boards[movable]
        column = np.arange(len(movable))
        target = targets[movable, action]
        moved[column, blank[movable]] = moved[column, target]
        moved[column, target] = BLANK
        # rank_columns takes the boards as columns
        neighbours[movable, action] = row_of_rank[rank_columns(np.ascontiguousarray(moved.T))]
    distances = every_distance[ranks]
    for array in (boards, ranks, neighbours, row_of_rank, distances):
        array.flags.writeable = False
    return StateSpace(size, goal, boards, ranks, neighbours, distances, int(row_of_rank[rank(goal)]), row_of_rank)


# Like an lru_cache'd function, `state_space.cache_clear()` forgets what was built (the benchmarks time a build).
state_space.cache_clear = _build.cache_clear

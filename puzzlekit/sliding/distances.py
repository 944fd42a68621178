"""Exact distances of every 8-puzzle board: boards ranked as permutations, and one breadth-first sweep from the goal.

`distance_table()[rank(board)]` is the fewest moves from `board` to the goal, for all 9! boards at once.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence

import numpy as np

from ..checks import check_int
from .board import BLANK, Board, check_cells, default_goal, is_token_board, successors
from .grid import target_array

__all__ = ["rank", "unrank", "distance_table", "breadth_first_distances"]

# The most cells `rank_columns` ranks: 12! still fits its int32 ranks (a 3x3 board has 9 cells).
MAX_RANKED_CELLS = 12


def _tiles(board, what: str = "board") -> tuple[tuple, int]:
    cells, size = check_cells(board, what)
    if is_token_board(cells):
        raise ValueError(f"{what} repeats tokens; ranks number boards of distinct tiles (each of 1..N-1 once)")
    return cells, size


def rank(board: Sequence[int]) -> int:
    """The position of `board` among all orderings of its cells, in dictionary order (0 to (N*N)! - 1).

    The blank counts as 0, so the board (0, 1, ..., 8) has rank 0 and (8, 7, ..., 0) rank 9! - 1.
    Each cell contributes how many of the values after it are smaller (its Lehmer digit),
    weighted by the number of orderings of the cells after it.

    Examples
    --------
    >>> rank((0, 1, 2, 3, 4, 5, 6, 7, 8))
    0
    >>> rank((1, 2, 3, 4, 5, 6, 7, 8, 0))
    46233
    >>> rank((8, 7, 6, 5, 4, 3, 2, 1, 0))
    362879
    """
    cells, _ = _tiles(board)
    index = 0
    for i, value in enumerate(cells):
        smaller_after = sum(1 for later in cells[i + 1 :] if later < value)
        index = index * (len(cells) - i) + smaller_after
    return index


def unrank(index: int, size: int = 3) -> Board:
    """The board of a `size` x `size` puzzle with rank `index`: the inverse of `rank`.

    Examples
    --------
    >>> unrank(46233)
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    >>> unrank(rank((8, 6, 7, 2, 5, 4, 3, 0, 1)))
    (8, 6, 7, 2, 5, 4, 3, 0, 1)
    >>> unrank(23, size=2)
    (3, 2, 1, 0)
    """
    cells = len(default_goal(size))
    index = check_int(index, "rank", minimum=0, maximum=math.factorial(cells) - 1)
    remaining = list(range(cells))
    board = []
    for i in range(cells):
        digit, index = divmod(index, math.factorial(cells - 1 - i))
        board.append(remaining.pop(digit))
    return tuple(board)


def distance_table(goal: Sequence[int] | None = None):
    """The fewest moves from every board to `goal` (by default the tiles in order, blank last), by rank.

    A breadth-first sweep backwards from the goal, one layer of boards at a time, each layer as
    numpy arrays: its boards are moved all at once, ranked all at once, and the boards not seen
    before make the next layer. Boards that cannot reach the goal (the other parity) get -1.
    It takes a few hundredths of a second for the 8-puzzle; 2x2 boards work too, 4x4 boards
    are far too many (16! / 2).

    Returns
    -------
    numpy.ndarray of int8, of length (N*N)!: entry `rank(board)` is the distance of `board`.

    Examples
    --------
    >>> table = distance_table()
    >>> int(table[rank((8, 6, 7, 2, 5, 4, 3, 0, 1))])
    31
    >>> int((table >= 0).sum()), int(table.max())
    (181440, 31)
    >>> small = distance_table((1, 2, 3, 0))
    >>> len(small), int((small >= 0).sum()), int(small.max())
    (24, 12, 6)
    """
    target, size = _tiles(default_goal() if goal is None else goal, "goal")
    if size > 3:
        raise ValueError(
            f"a {size}x{size} board has {math.factorial(size * size) // 2:,} reachable boards, too many for a table; "
            f"distance_table() covers 2x2 and 3x3 boards"
        )
    cells = size * size
    distance = np.full(math.factorial(cells), -1, np.int8)
    owner = np.empty(len(distance), np.int32)
    # The layer: its boards as the columns of a (cells, boards) array, and where each one's blank is.
    layer = np.array(target, np.uint8)[:, None]
    blanks = np.array([target.index(BLANK)])
    distance[rank_columns(layer)] = 0
    targets = target_array(size)  # targets[cell, direction]: where the blank goes; -1 off the board
    moves = 0
    while layer.shape[1]:
        moves += 1
        boards, moved_blanks = [], []
        for direction in range(targets.shape[1]):
            target_cell = targets[blanks, direction]
            can = target_cell >= 0
            moved = layer[:, can]  # a copy: one column per board whose blank can move this way
            blank, target_cell = blanks[can], target_cell[can]
            column = np.arange(moved.shape[1])
            moved[blank, column] = moved[target_cell, column]
            moved[target_cell, column] = BLANK
            boards.append(moved)
            moved_blanks.append(target_cell)
        moved = np.concatenate(boards, axis=1)
        ranks = rank_columns(moved)
        new = np.flatnonzero(distance[ranks] == -1)
        ranks = ranks[new]
        # A board reached from two boards of the layer appears twice: keep one column per rank.
        # Each rank records one position where it occurs; the positions recorded are the keepers.
        positions = np.arange(len(ranks), dtype=np.int32)
        owner[ranks] = positions
        keep = owner[ranks] == positions
        distance[ranks[keep]] = moves
        layer = moved[:, new[keep]]
        blanks = np.concatenate(moved_blanks)[new[keep]]
    return distance


def rank_columns(boards):
    """The rank of each column of a (cells, boards) uint8 array, as int32: `rank` for many boards at once.

    Examples
    --------
    >>> import numpy as np
    >>> boards = np.array([(1, 2, 3, 4, 5, 6, 7, 8, 0), (0, 1, 2, 3, 4, 5, 6, 7, 8)], np.uint8).T
    >>> rank_columns(boards).tolist()
    [46233, 0]
    """
    assert boards.dtype.kind == "u" and 4 <= boards.shape[0] <= MAX_RANKED_CELLS, "StateSpace.rows checks the boards"
    cells, count = boards.shape
    ranks = np.zeros(count, np.int32)
    smaller_after = np.empty(count, np.uint8)
    smaller = np.empty(count, bool)
    for i in range(cells - 1):
        smaller_after[:] = 0
        for j in range(i + 1, cells):
            np.less(boards[j], boards[i], out=smaller)
            smaller_after += smaller
        ranks += smaller_after * np.int32(math.factorial(cells - 1 - i))
    return ranks


def breadth_first_distances(goal: Sequence[int]) -> dict[Board, int]:
    """The fewest moves from every board that can reach `goal`, by a breadth-first search from the goal.

    Moves can be undone, so the boards `d` moves from the goal are the boards `d` moves to it.

    Examples
    --------
    >>> from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START
    >>> distances = breadth_first_distances(SUN_MOON_GOAL)
    >>> len(distances), distances[SUN_MOON_START], max(distances.values())
    (630, 13, 17)
    """
    target, size = check_cells(goal, "goal")
    if size > 3:
        raise ValueError(
            f"a {size}x{size} goal has {math.factorial(size * size) // 2:,} boards that reach it, too many to list; "
            f"breadth_first_distances covers 2x2 and 3x3 boards"
        )
    distances = {target: 0}
    frontier = deque([target])
    while frontier:
        board = frontier.popleft()
        for _, next_board in successors(board):
            if next_board not in distances:
                distances[next_board] = distances[board] + 1
                frontier.append(next_board)
    return distances

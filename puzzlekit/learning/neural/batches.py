"""Boards in batches, as numpy rows: the goal, every board's children, random scrambles from the goal.

A batch is a (count, cells) uint8 array, one board per row, 0 for the blank (any width: 3x3, 4x4, ...).
"""

from __future__ import annotations

import numpy as np

from ...checks import check_collection, check_int, short_repr
from ...sliding.board import default_goal
from ...sliding.grid import MAX_SIZE, target_array

__all__ = ["children", "scramble"]


def check_batch(boards, size: int):
    """`boards` as a (count, size * size) uint8 array, each row holding 0..cells-1 once; TypeError or ValueError
    otherwise.

    Examples
    --------
    >>> check_batch([[1, 2, 3, 0]], 2).tolist()
    [[1, 2, 3, 0]]
    >>> check_batch([[1, 1, 3, 0]], 2)
    Traceback (most recent call last):
    ...
    ValueError: boards must hold each of 0..3 once per row; row 0 is [1, 1, 3, 0]
    """
    size = check_int(size, "size", minimum=2, maximum=MAX_SIZE)
    cells = size * size
    check_collection(boards, "boards", f"a (count, {cells}) array of boards", sized=True)
    try:
        array = np.asarray(boards)
    except (TypeError, ValueError):  # rows of different lengths
        array = None
    if array is None or array.dtype.kind not in "iu" or array.ndim != 2 or array.shape[1] != cells:
        raise ValueError(f"boards must be a (count, {cells}) array of whole numbers for {size}x{size} boards, "
                         f"rows of equal length, got {short_repr(boards)}"
                         + ("" if array is None else f" (shape {array.shape}, type {array.dtype})"))
    wrong = np.flatnonzero((np.sort(array, axis=1) != np.arange(cells)).any(axis=1))
    if len(wrong):
        raise ValueError(f"boards must hold each of 0..{cells - 1} once per row; "
                         f"row {wrong[0]} is {array[wrong[0]].tolist()}")
    return array.astype(np.uint8)


def goal_batch(size: int, count: int = 1):
    """`count` copies of the goal of the `size` x `size` puzzle (tiles in order, blank last).

    Examples
    --------
    >>> goal_batch(3, 2).tolist()
    [[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 7, 8, 0]]
    """
    return np.tile(np.array(default_goal(size), np.uint8), (count, 1))


def children(boards, size: int):
    """Every board one move from each board: a (count, 4, cells) array and a (count, 4) mask of the legal moves.

    Column `a` is the blank's move 'u', 'r', 'd', 'l'; where the blank is at the edge the child is a copy of
    the board itself and the mask is False.

    Examples
    --------
    >>> import numpy as np
    >>> kids, legal = children(np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0]], np.uint8), 3)
    >>> legal.tolist()
    [[True, False, False, True]]
    >>> kids[0, 0].tolist()   # the blank moved up
    [1, 2, 3, 4, 5, 0, 7, 8, 6]
    """
    boards = check_batch(boards, size)
    targets = target_array(size)
    count = len(boards)
    rows = np.arange(count)
    blanks = np.argmax(boards == 0, axis=1)
    result = np.repeat(boards[:, None, :], 4, axis=1)
    legal = targets[blanks] >= 0  # (count, 4)
    for direction in range(4):
        target = targets[blanks, direction]
        can = rows[target >= 0]
        moved = result[can, direction]
        moved[np.arange(len(can)), blanks[can]] = boards[can, target[can]]
        moved[np.arange(len(can)), target[can]] = 0
        result[can, direction] = moved
    return result, legal


def scramble(depths, size: int, *, rng):
    """Boards reached from the goal by random moves, `depths[i]` moves for row i; never straight back.

    A random walk of k moves ends at most k moves from the goal, often fewer: how DeepCubeA draws its boards.

    Examples
    --------
    >>> import numpy as np
    >>> boards = scramble([0, 1, 5], 3, rng=np.random.default_rng(0))
    >>> boards[0].tolist()
    [1, 2, 3, 4, 5, 6, 7, 8, 0]
    >>> int((boards[1] != boards[0]).sum())   # one move: the blank and one tile swapped
    2
    """
    size = check_int(size, "size", minimum=2, maximum=MAX_SIZE)
    if type(rng).__name__ != "Generator" or not hasattr(rng, "random"):
        raise TypeError(f"rng must be a numpy Generator (numpy.random.default_rng(seed)), got {short_repr(rng)}")
    check_collection(depths, "depths", "a list of numbers of moves", sized=True, dicts=False)
    depths = np.asarray(depths)
    if depths.ndim != 1 or (len(depths) and (depths.dtype.kind not in "iu" or depths.min() < 0
                                             or depths.max() > 10_000)):
        raise ValueError(f"depths must be a list of whole numbers of moves, 0 to 10,000, got {short_repr(depths)}")
    depths = depths.astype(np.int64)
    targets = target_array(size)
    boards = goal_batch(size, len(depths))
    blanks = np.full(len(depths), size * size - 1)
    previous = np.full(len(depths), -1)
    rows = np.arange(len(depths))
    for step in range(int(depths.max()) if len(depths) else 0):
        active = rows[depths > step]
        options = targets[blanks[active]].astype(np.int64)  # (active, 4) cells, -1 off the board
        options[options == previous[active, None]] = -1  # no undoing the last move
        # Pick one legal direction at random per board: random keys, -inf for the illegal ones.
        keys = rng.random(options.shape)
        keys[options < 0] = -1
        target = options[np.arange(len(active)), keys.argmax(axis=1)]
        blank = blanks[active]
        boards[active, blank] = boards[active, target]
        boards[active, target] = 0
        previous[active] = blank
        blanks[active] = target
    return boards


def reflect(boards, size: int):
    """Each board mirrored in the diagonal from the top left, its tiles renamed so that the goal stays the goal
    (`boards` a batch its callers, the trainers and the pattern-database inputs, have checked).

    The mirror of a board is exactly as far from the goal as the board itself (each move has its mirror move),
    so a board whose distance is known gives a second one for free.

    Examples
    --------
    >>> import numpy as np
    >>> reflect(np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 7, 0, 8]]), 3).tolist()
    [[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 0, 7, 8, 6]]
    """
    boards = np.asarray(boards)
    cells = size * size
    mirror = np.arange(cells).reshape(size, size).T.ravel()  # the cell each cell goes to (its own inverse)
    goal = np.array(default_goal(size))
    rename = np.zeros(cells, np.uint8)
    rename[goal] = goal[mirror]  # the tile at goal cell i becomes the tile at goal cell mirror(i)
    result = np.empty_like(boards)
    result[:, mirror] = rename[boards]
    return result

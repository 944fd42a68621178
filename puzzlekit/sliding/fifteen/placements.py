"""Numbering the placements of a pattern's tiles: which cells k tiles occupy, as a number from 0 to n!/(n-k)! - 1.

A pattern database stores one entry per placement, so it needs a dense numbering (`rank_placements`,
`unrank_placements`, vectorised in numpy); the sliding IDA* needs a numbering that changes by a
fixed amount when one tile moves (`sparse_index`: the cells as digits in base n).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ...checks import check_int
from ..grid import MAX_SIZE

__all__ = ["count_placements", "rank_placements", "unrank_placements"]

# The largest table this package builds or holds: 2**28 entries (268 MB of bytes), enough for a
# pattern of 7 tiles of the 15-puzzle, and a clear refusal before a numpy array fills the memory.
MAX_ENTRIES = 2**28


def count_placements(cells: int, tiles: int) -> int:
    """The number of ways to put `tiles` distinct tiles on `cells` cells: cells! / (cells - tiles)!.

    Examples
    --------
    >>> count_placements(16, 6), count_placements(9, 2)
    (5765760, 72)
    """
    cells = check_int(cells, "cells", minimum=1, maximum=MAX_SIZE * MAX_SIZE)
    tiles = check_int(tiles, "tiles", minimum=0, maximum=cells)
    return math.perm(cells, tiles)


def _weights(cells: int, tiles: int) -> list[int]:
    """The place value of each digit: the placements of the tiles after it, (cells-1-i)!/(cells-tiles)!."""
    return [math.perm(cells - 1 - i, tiles - 1 - i) for i in range(tiles)]


def rank_placements(positions, cells: int):
    """The dense number of each placement: row i of `positions` holds the cells of tiles 0..k-1.

    The numbering is lexicographic: tile 0's cell is the leading digit, then tile 1's cell among
    the cells left, and so on. Works on a (rows, k) array (one rank per row) or a single sequence.

    Examples
    --------
    >>> rank_placements([0, 1], 9), rank_placements([8, 7], 9)
    (0, 71)
    >>> rank_placements([[0, 1], [1, 0], [0, 2]], 9).tolist()
    [0, 8, 1]
    >>> rank_placements([[0, 0]], 9)
    Traceback (most recent call last):
    ...
    ValueError: positions must be distinct cells from 0 to 8 in each row
    """
    cells = check_int(cells, "cells", minimum=1, maximum=MAX_SIZE * MAX_SIZE)
    if (isinstance(positions, (list, tuple)) and all(type(cell) is int and 0 <= cell < cells for cell in positions)
            and len(set(positions)) == len(positions)):
        return _rank_one(positions, cells)  # one placement: plain Python is many times faster than numpy

    array = np.asarray(positions)
    single = array.ndim == 1
    array = np.atleast_2d(array)
    if array.ndim != 2 or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"positions must be a sequence or a 2-d array of whole numbers (cells), got {array.dtype}")
    rows, tiles = array.shape
    if tiles > cells or (array.size and (array.min() < 0 or array.max() >= cells)) or (
        tiles > 1 and (np.sort(array, axis=1)[:, 1:] == np.sort(array, axis=1)[:, :-1]).any()
    ):
        raise ValueError(f"positions must be distinct cells from 0 to {cells - 1} in each row")
    ranks = rank_placement_columns(array.T, cells)
    return ranks[0] if single else ranks


def _rank_one(positions: Sequence[int], cells: int) -> int:
    """`rank_placements` of one placement given as distinct Python ints, each a cell."""
    rank = 0
    for i, (cell, weight) in enumerate(zip(positions, _weights(cells, len(positions)))):
        rank += (cell - sum(earlier < cell for earlier in positions[:i])) * weight
    return rank


def rank_placement_columns(columns, cells: int):
    """`rank_placements` of a (tiles, rows) integer array, unchecked: the fast form for a builder's inner loop.

    Examples
    --------
    >>> import numpy as np
    >>> rank_placement_columns(np.array([[0, 1, 0], [1, 0, 2]]), 9).tolist()
    [0, 8, 1]
    """
    tiles, rows = columns.shape
    ranks = np.zeros(rows, np.int64)
    for i, weight in enumerate(_weights(cells, tiles)):
        digit = columns[i].astype(np.int64)
        for j in range(i):  # a cell is counted among the cells left only if no earlier tile took it
            digit -= columns[j] < columns[i]
        ranks += digit * weight
    return ranks


def unrank_placements(ranks, cells: int, tiles: int):
    """The (rows, tiles) cells of the placements numbered `ranks`: the inverse of `rank_placements`.

    Examples
    --------
    >>> unrank_placements([0, 8, 71], 9, 2).tolist()
    [[0, 1], [1, 0], [8, 7]]
    >>> unrank_placements([72], 9, 2)
    Traceback (most recent call last):
    ...
    ValueError: ranks must be from 0 to 71 (the placements of 2 tiles on 9 cells)
    """
    total = count_placements(cells, tiles)
    ranks = np.atleast_1d(np.asarray(ranks))
    if ranks.ndim != 1 or not np.issubdtype(ranks.dtype, np.integer):
        raise TypeError("ranks must be a whole number or a 1-d array of whole numbers")
    if ranks.size and (ranks.min() < 0 or ranks.max() >= total):
        raise ValueError(f"ranks must be from 0 to {total - 1} (the placements of {tiles} tiles on {cells} cells)")
    ranks = ranks.astype(np.int64)
    positions = np.empty((ranks.size, tiles), np.int64)
    taken = np.empty((ranks.size, 0), np.int64)  # the cells taken so far, sorted in each row
    for i, weight in enumerate(_weights(cells, tiles)):
        cell = (ranks // weight) % (cells - i)  # the digit: which of the cells left
        for j in range(i):  # step over the taken cells at or below it, in increasing order
            cell += taken[:, j] <= cell
        positions[:, i] = cell
        taken = np.sort(np.column_stack([taken, cell]), axis=1)
    return positions


def sparse_index(positions, cells: int):
    """The cells of a placement as the digits of a number in base `cells`, tile 0 the lowest digit.

    When tile i moves from cell a to cell b the number changes by (b - a) * cells**i, so a search
    updates it with one addition. Works on a sequence or a (rows, k) array.

    Examples
    --------
    >>> sparse_index([1, 2], 9)
    19
    >>> sparse_index([[1, 2], [2, 1]], 9).tolist()
    [19, 11]
    """
    cells = check_int(cells, "cells", minimum=1, maximum=MAX_SIZE * MAX_SIZE)
    array = np.asarray(positions)
    if array.ndim == 1:
        return sum(int(cell) * cells**i for i, cell in enumerate(array.tolist()))
    return array.astype(np.int64) @ (cells ** np.arange(array.shape[1], dtype=np.int64))

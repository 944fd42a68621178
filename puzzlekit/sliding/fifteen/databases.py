"""Additive pattern databases: a partition of the tiles into disjoint patterns, one table each, summed.

Each table counts only the moves of its own tiles, so no move is counted twice and the sum never
exceeds the true number of moves. The reflected lookup (Culberson and Schaeffer's trick) reads
the same tables a second time, for the board mirrored about its main diagonal, and keeps the larger.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...checks import check_choice
from ..board import BLANK, check_pair, default_goal
from .building import check_goal, check_pattern
from .cache import cached_pattern_database
from .placements import MAX_ENTRIES, count_placements, rank_placements, sparse_index, unrank_placements

__all__ = ["PatternDatabases", "pattern_databases", "reflect_board", "mirror_cell"]

# Partitions of the 15-puzzle's tiles for the goal 1..15 with the blank last (Korf and Felner's,
# turned from their goal, blank first, by a half turn; the 8-tile half of their 7-8 partition is
# beyond this package's builder, see chapter 8).
PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "5-5-5": ((1, 2, 3, 4, 7), (5, 6, 9, 10, 13), (8, 11, 12, 14, 15)),
    "6-6-3": ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4)),
}


def check_partition(partition, goal: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """`partition` as a tuple of patterns, after checking they are disjoint patterns of `goal`'s tiles.

    `partition` may also name one of `PARTITIONS` (for a 4x4 goal).

    Examples
    --------
    >>> check_partition([[1, 2], [3]], (1, 2, 3, 0))
    ((1, 2), (3,))
    >>> check_partition([[1, 2], [2, 3]], (1, 2, 3, 0))
    Traceback (most recent call last):
    ...
    ValueError: the patterns of a partition must be disjoint; tile 2 is in two of them
    """
    goal, size = check_goal(goal)
    if isinstance(partition, str):
        check_choice(partition, "partition", tuple(PARTITIONS))
        if size != 4:
            raise ValueError(f"partition {partition!r} is for 4x4 boards; the goal is {size}x{size}")
        return PARTITIONS[partition]
    if not isinstance(partition, Sequence) or not partition:
        raise TypeError(f"partition must be a name in PARTITIONS or a sequence of patterns, got {partition!r}")
    patterns = tuple(check_pattern(pattern, goal) for pattern in partition)
    seen = set()
    for pattern in patterns:
        for tile in pattern:
            if tile in seen:
                raise ValueError(f"the patterns of a partition must be disjoint; tile {tile} is in two of them")
            seen.add(tile)
    return patterns


def reflect_board(board: Sequence[int], goal: Sequence[int] | None = None) -> tuple[int, ...]:
    """`board` mirrored about the main diagonal, its tiles renamed so that `goal` mirrors to itself.

    A board and its reflection are equally far from the goal (each move mirrors to a move), so a
    heuristic may take the larger of its two estimates. The goal's blank must lie on the diagonal.

    Examples
    --------
    >>> reflect_board((1, 2, 3, 4, 5, 6, 7, 0, 8))
    (1, 2, 3, 4, 5, 0, 7, 8, 6)
    >>> reflect_board((1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8))
    Traceback (most recent call last):
    ...
    ValueError: the reflected lookup needs the goal's blank on the main diagonal; it is at (2, 1)
    """
    cells, target, size = check_pair(board, goal)
    rename = _renaming(target, size)
    mirrored = [BLANK] * len(cells)
    for cell, tile in enumerate(cells):
        mirrored[mirror_cell(cell, size)] = rename[tile]
    return tuple(mirrored)


def mirror_cell(cell: int, size: int) -> int:
    """The cell that mirrors `cell` about the main diagonal of a `size` x `size` board (row and column swapped).

    Examples
    --------
    >>> mirror_cell(1, 3), mirror_cell(4, 3), mirror_cell(7, 4)
    (3, 4, 13)
    """
    row, col = divmod(cell, size)
    return col * size + row


def _renaming(goal: tuple, size: int) -> dict[int, int]:
    """tile -> the tile that stands in the mirror image of its goal cell (the blank -> the blank)."""
    blank = goal.index(BLANK)
    if mirror_cell(blank, size) != blank:
        raise ValueError(
            f"the reflected lookup needs the goal's blank on the main diagonal; it is at {divmod(blank, size)}"
        )
    return {tile: goal[mirror_cell(cell, size)] for cell, tile in enumerate(goal)}


class PatternDatabases:
    """An additive heuristic: the sum over disjoint patterns of each pattern's database entry.

    Call it on a board for its estimate. With `reflect=True` it also reads the tables for the
    mirrored board (`reflect_board`) and returns the larger sum. Built by `pattern_databases`.

    Examples
    --------
    >>> h = pattern_databases([[1, 2, 3], [4, 5, 6], [7, 8]], cache=False)
    >>> h((1, 2, 3, 4, 5, 6, 7, 0, 8)), h((8, 6, 7, 2, 5, 4, 3, 0, 1))
    (1, 23)
    >>> h.parts((8, 6, 7, 2, 5, 4, 3, 0, 1))
    [10, 6, 7]
    """

    def __init__(self, partition, goal, tables, *, reflect: bool = False):
        self.goal, self.size = check_goal(goal)
        self.partition = check_partition(partition, self.goal)
        self.reflect = check_choice(reflect, "reflect", (True, False))
        cells = self.size * self.size
        if len(tables) != len(self.partition) or any(
            len(table) != count_placements(cells, len(pattern)) for table, pattern in zip(tables, self.partition)
        ):
            raise ValueError("tables must hold one database per pattern, each of the pattern's number of placements")
        self.tables = list(tables)
        self.rename = _renaming(self.goal, self.size) if reflect else None
        self._sparse = None

    def __repr__(self) -> str:
        patterns = ", ".join("-".join(map(str, pattern)) for pattern in self.partition)
        return f"PatternDatabases([{patterns}], goal={self.goal}, reflect={self.reflect})"

    def parts(self, board: Sequence[int]) -> list[int]:
        """Each pattern's entry for `board` (no reflection).

        Examples
        --------
        >>> pattern_databases([[1, 2, 3, 4], [5, 6, 7, 8]], cache=False).parts((1, 2, 3, 4, 5, 6, 0, 7, 8))
        [0, 2]
        """
        cells, _, _ = check_pair(board, self.goal)
        where = {tile: cell for cell, tile in enumerate(cells)}
        n = self.size * self.size
        return [
            int(table[rank_placements([where[tile] for tile in pattern], n)])  # (plain Python for one placement)
            for table, pattern in zip(self.tables, self.partition)
        ]

    def __call__(self, board: Sequence[int]) -> int:
        estimate = sum(self.parts(board))
        if self.reflect:
            estimate = max(estimate, sum(self.parts(reflect_board(board, self.goal))))
        return estimate

    def covers_every_tile(self) -> bool:
        """True if the patterns hold every tile of the goal (then h = 0 only on the goal).

        Examples
        --------
        >>> pattern_databases([[1, 2], [3]], (1, 2, 3, 0), cache=False).covers_every_tile()
        True
        """
        return sum(map(len, self.partition)) == len(self.goal) - 1

    def sparse_tables(self) -> list[bytes]:
        """Each table re-indexed by `sparse_index` (cells ** tiles bytes), the form the sliding IDA* reads.

        Examples
        --------
        >>> h = pattern_databases([[1, 2], [3]], (1, 2, 3, 0), cache=False)
        >>> [len(table) for table in h.sparse_tables()], h.sparse_tables()[0][sparse_index([0, 1], 4)]
        ([16, 4], 0)
        """
        if self._sparse is None:
            n = self.size * self.size
            if any(n ** len(pattern) > MAX_ENTRIES for pattern in self.partition):
                raise ValueError(
                    f"the sliding IDA* holds tables of at most {MAX_ENTRIES:,} entries; choose smaller patterns"
                )
            sparse = []
            for table, pattern in zip(self.tables, self.partition):
                full = np.zeros(n ** len(pattern), np.uint8)
                ranks = np.arange(len(table))
                full[sparse_index(unrank_placements(ranks, n, len(pattern)), n)] = table
                sparse.append(full.tobytes())
            self._sparse = sparse
        return self._sparse


def pattern_databases(
    partition, goal: Sequence[int] | None = None, *, reflect: bool = False, cache: bool = True, progress=None
) -> PatternDatabases:
    """The additive heuristic of `partition` (a name in `PARTITIONS` or a list of disjoint patterns) for `goal`.

    Each pattern's table is loaded from the cache directory or built (`cached_pattern_database`;
    `cache=False` builds without files). `goal` defaults to the 4x4 goal for a named partition,
    to the 3x3 goal otherwise.

    Examples
    --------
    >>> h = pattern_databases([[1, 2, 3, 4], [5, 6, 7, 8]], cache=False, reflect=True)
    >>> h
    PatternDatabases([1-2-3-4, 5-6-7-8], goal=(1, 2, 3, 4, 5, 6, 7, 8, 0), reflect=True)
    >>> h((8, 6, 7, 2, 5, 4, 3, 0, 1))
    29
    """
    if goal is None:
        goal = default_goal(4 if isinstance(partition, str) else 3)
    goal, _ = check_goal(goal)
    patterns = check_partition(partition, goal)
    check_choice(reflect, "reflect", (True, False))
    tables = [cached_pattern_database(pattern, goal, cache=cache, progress=progress) for pattern in patterns]
    return PatternDatabases(patterns, goal, tables, reflect=reflect)

"""Korf's 100 random 15-puzzle instances (Korf 1985, Table 1) with their optimal lengths, in puzzlekit's goal.

The file data/korf100.txt keeps them as published: Korf's goal has the blank first (tile v on cell
v). A half turn of the board with each tile v renamed 16 - v takes that goal to puzzlekit's (tiles
in order, the blank last) and every path to a path, so the optimal lengths are unchanged.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from ...datafiles import data_path
from ..board import check_board

__all__ = ["KORF100_RESULTS", "korf100"]

# The data files (see `puzzlekit.datafiles.data_path`): the instances; Korf's own count for each, the nodes his
# IDA* with Manhattan distance generated (1985, Table 1); the last full run of tests/benchmarks/bench_korf100.py.
KORF100 = "korf100.txt"
KORF100_MANHATTAN_NODES = "korf100_manhattan_nodes.txt"
KORF100_RESULTS = "korf100_results.csv"


class KorfInstance(NamedTuple):
    """One of Korf's instances: its number (1 to 100), the board (puzzlekit's goal), its optimal length, and
    the nodes Korf's IDA* with Manhattan distance generated on it (None if that file is missing)."""

    number: int
    board: tuple[int, ...]
    length: int
    manhattan_nodes: int | None = None


def from_korf_goal(board) -> tuple[int, ...]:
    """A 4x4 board for Korf's goal (the blank first) as the same problem for puzzlekit's goal (the blank last).

    Examples
    --------
    >>> from_korf_goal(range(16))
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0)
    """
    cells = tuple(board)
    if sorted(cells) != list(range(16)):
        raise ValueError(f"a board for Korf's goal holds 0 to 15 once each, got {cells!r}")
    return tuple(16 - tile if tile else 0 for tile in reversed(cells))


def korf100(path: str | os.PathLike | None = None) -> list[KorfInstance]:
    """Korf's 100 instances, read from `path` (the data file korf100.txt by default), for puzzlekit's goal.

    Korf's node counts come from korf100_manhattan_nodes.txt beside it, when that file is there.

    Examples
    --------
    >>> instances = korf100()
    >>> len(instances), instances[0].number, instances[0].length, instances[0].manhattan_nodes
    (100, 1, 57, 276361933)
    >>> sum(instance.length for instance in instances) / 100
    53.05
    """
    path = data_path(KORF100) if path is None else Path(path)
    nodes = {}
    counts = path.with_name(KORF100_MANHATTAN_NODES)
    if counts.exists():
        for line in counts.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                number, _, total = line.split()
                nodes[int(number)] = int(total)
    instances = []
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split()
        if len(fields) != 18 or not all(field.isdigit() for field in fields):
            raise ValueError(f"{Path(path).name} line {number}: expected a number, a length and 16 cells, got {line!r}")
        board = check_board(from_korf_goal(int(field) for field in fields[2:]))
        instances.append(KorfInstance(int(fields[0]), board, int(fields[1]), nodes.get(int(fields[0]))))
    return instances

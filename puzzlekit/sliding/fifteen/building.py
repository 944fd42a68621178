"""Building one pattern database: a breadth-first sweep in numpy over the placements of a pattern's tiles.

The sweep tracks the blank too, since which tiles can move depends on where it is, and drops it
when it stores the table: each entry is the fewest moves of the pattern's tiles that bring them
home from that placement, whatever the blank's cell and however the other tiles lie.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from ...checks import check_choice, check_collection
from ..board import BLANK, check_cells, default_goal, is_token_board
from ..grid import target_array
from .placements import MAX_ENTRIES, count_placements, rank_placement_columns

__all__ = ["build_pattern_database"]

UNSEEN = 255  # an entry the sweep has not reached (in a stored table: a placement no board has)
# The number of placements from which a build shows a progress bar (about two seconds of work).
PROGRESS_ABOVE = 1_000_000
BLOCK = 1 << 14  # states swept at a time


def check_goal(goal) -> tuple[tuple[int, ...], int]:
    """`goal` as a tuple and its width, after checking it is a board of numbered tiles (not a token board).

    Examples
    --------
    >>> check_goal([1, 2, 3, 0])
    ((1, 2, 3, 0), 2)
    >>> check_goal((1, 1, 2, 2, 0, 1, 2, 1, 2))
    Traceback (most recent call last):
    ...
    ValueError: pattern databases need a goal of numbered tiles, got the token board (1, 1, 2, 2, 0, 1, 2, 1, 2)
    """
    cells, size = check_cells(goal, "goal")
    if is_token_board(cells):
        raise ValueError(f"pattern databases need a goal of numbered tiles, got the token board {cells}")
    if size > 7:
        raise ValueError(f"pattern databases are built for boards up to 7x7, got a {size}x{size} goal")
    return cells, size


def check_pattern(pattern, goal: Sequence[int]) -> tuple[int, ...]:
    """`pattern` as a tuple of tiles, after checking they are distinct tiles of `goal` (not the blank).

    Examples
    --------
    >>> check_pattern([3, 1], (1, 2, 3, 4, 5, 6, 7, 8, 0))
    (3, 1)
    >>> check_pattern([1, 9], (1, 2, 3, 4, 5, 6, 7, 8, 0))
    Traceback (most recent call last):
    ...
    ValueError: pattern must hold distinct tiles of the goal (1 to 8, not the blank 0), got [1, 9]
    """
    check_collection(pattern, "pattern", "a sequence of tiles")
    tiles = tuple(pattern)
    if any(isinstance(tile, bool) or not isinstance(tile, int) for tile in tiles):
        raise TypeError(f"pattern must hold whole numbers (tiles), got {list(tiles)!r}")
    present = set(goal) - {BLANK}
    if not tiles or len(set(tiles)) != len(tiles) or not set(tiles) <= present:
        raise ValueError(
            f"pattern must hold distinct tiles of the goal ({min(present)} to {max(present)}, not the blank 0), "
            f"got {list(tiles)!r}"
        )
    return tiles


def build_pattern_database(pattern: Sequence[int], goal: Sequence[int] | None = None, *, progress=None):
    """The pattern database of `pattern`: a uint8 array, by `rank_placements`, of the fewest moves of its tiles.

    Entry r is the fewest moves of the pattern's tiles that bring them from the placement
    numbered r (tile `pattern[i]` on cell `positions[i]`) to their cells in `goal`, where moves
    of the other tiles cost nothing. It is a 0-1 breadth-first sweep from the goal over (placement,
    blank cell): a move of the blank onto another tile's cell costs 0, onto a pattern tile 1 (that
    tile slides into the blank's cell). Any other tile may stand anywhere, so the count never
    exceeds the true number of moves, and moves of different patterns' tiles can be added.

    `progress` is True, False or None (a bar from tqdm.auto when the pattern has over
    `PROGRESS_ABOVE` placements).

    Examples
    --------
    >>> from puzzlekit.sliding.fifteen.placements import rank_placements
    >>> table = build_pattern_database([1, 2])
    >>> table.shape, int(table.max())
    ((72,), 7)
    >>> int(table[rank_placements([0, 1], 9)]), int(table[rank_placements([1, 0], 9)])
    (0, 4)
    """
    goal = default_goal(3) if goal is None else goal
    goal, size = check_goal(goal)
    tiles = check_pattern(pattern, goal)
    check_choice(progress, "progress", (True, False, None))
    cells, k = size * size, len(tiles)
    placements = count_placements(cells, k)
    if placements * cells > 4 * MAX_ENTRIES:
        raise ValueError(
            f"a pattern of {k} tiles on a {size}x{size} board has {placements:,} placements; "
            f"this builder takes at most {4 * MAX_ENTRIES // cells:,}: choose smaller patterns"
        )
    targets = np.asarray(target_array(size), np.int8)
    grow = _growth(size)
    dist = np.full(placements * cells, UNSEEN, np.uint8)  # by rank * cells + the lowest cell of the blank's region
    positions = np.array([[goal.index(tile)] for tile in tiles], np.int8)  # (tiles, states)
    taken = np.array([sum(1 << cell for cell in positions[:, 0].tolist())], np.int64)
    region = _region(np.array([goal.index(BLANK)]), taken, grow)
    dist[_index(positions, region, cells)] = 0
    bar = _bar(size, tiles) if progress or (progress is None and placements > PROGRESS_ABOVE) else None
    level = 0
    while positions.shape[1]:
        if bar is not None:
            bar.update(positions.shape[1])
        level += 1
        if level >= UNSEEN:
            raise ValueError(f"pattern {list(tiles)} needs more than {UNSEEN - 1} moves; it cannot be stored in bytes")
        # In blocks, so that the arrays of one step stay in the processor's cache.
        found = [
            _step(positions[:, i : i + BLOCK], taken[i : i + BLOCK], region[i : i + BLOCK],
                  targets, grow, cells, dist, level)
            for i in range(0, positions.shape[1], BLOCK)
        ]
        positions = np.concatenate([part[0] for part in found], axis=1)
        taken, region = (np.concatenate([part[i] for part in found]) for i in (1, 2))
    if bar is not None:
        bar.close()
    return dist.reshape(placements, cells).min(axis=1)  # the blank dropped: the least over its regions


# A state of the sweep is a placement and the region of the blank: the cells it reaches without
# moving a pattern tile, a bit mask (bit c for cell c). Moves inside a region cost nothing, so the
# sweep never makes them: it stores one entry per (placement, region), under the region's lowest cell.


@cache
def _growth(size: int):
    """(shift, mask) pairs on int64 bit masks: `(region << shift) & mask` (`>>` for a negative shift) moves a region.

    Up to 4x4, instead, a table of the region of every (taken cells, blank cell) pair.
    """
    cells = size * size
    left = sum(1 << c for c in range(cells) if c % size)  # cells with a neighbour on their left
    right = sum(1 << c for c in range(cells) if c % size != size - 1)
    full = (1 << cells) - 1
    grow = [(1, left), (-1, right), (size, full), (-size, full)]
    if cells > 16:
        return grow
    # Up to 16 cells, the region of every (taken cells, blank cell) pair fits in a table of 2**cells x cells.
    taken = np.repeat(np.arange(1 << cells, dtype=np.int64), cells)
    blanks = np.tile(np.arange(cells, dtype=np.int64), 1 << cells)
    table = _flood(1 << blanks, ~taken, grow).reshape(1 << cells, cells)
    table.flags.writeable = False
    return [("table", table)]


def _region(blanks, taken, grow):
    """The cells the blank reaches from `blanks` without crossing a cell in `taken` (per row)."""

    if len(grow) and grow[0][0] == "table":  # boards up to 4x4: every answer computed in advance
        return grow[0][1][taken, blanks]
    return _flood(1 << blanks, ~taken, grow)


def _flood(region, free, grow):
    """`region` grown one cell at a time inside `free` until it stops growing (each row apart)."""
    active = np.arange(len(region))
    while len(active):
        now, room = region[active], free[active]
        grown = now.copy()
        for shift, mask in grow:
            moved = now << shift if shift > 0 else now >> -shift
            grown |= moved & mask & room
        changed = grown != now
        region[active] = grown
        active = active[changed]
    return region


def _index(positions, region, cells: int):
    """Where the state (placement, region) lives in the sweep's table: rank * cells + the region's lowest cell."""
    lowest = region & -region
    return rank_placement_columns(positions, cells) * cells + np.log2(lowest.astype(np.float64)).astype(np.int64)


def _step(positions, taken, region, targets, grow, cells, dist, level):
    """The states one pattern move from the given ones, new to `dist` (where they are marked `level`).

    `positions` is (tiles, states): row i holds the cell of the pattern's tile i in each state.
    """
    tiles, states = positions.shape
    parts = []
    for direction in range(targets.shape[1]):
        moved = targets[positions, direction]  # where each tile would go, -1 off the board (int8)
        # A tile may slide into a neighbour cell that the blank can reach (a cell of its region).
        column, row = np.nonzero((moved >= 0) & ((region >> (moved & 63).astype(np.int64)) & 1).astype(bool))
        if len(row):
            new_positions = positions[:, row]
            new_positions[column, np.arange(len(row))] = moved[column, row]
            old, new = positions[column, row], moved[column, row]
            old, new = old.astype(np.int64), new.astype(np.int64)
            parts.append((new_positions, taken[row] ^ (1 << old) ^ (1 << new), old))
    if not parts:
        return positions[:, :0], taken[:0], region[:0]
    positions = np.concatenate([part[0] for part in parts], axis=1)
    taken, blanks = (np.concatenate([part[i] for part in parts]) for i in (1, 2))
    region = _region(blanks, taken, grow)  # the blank stands where the tile was
    index = _index(positions, region, cells)
    fresh = np.flatnonzero(dist[index] == UNSEEN)
    _, first = np.unique(index[fresh], return_index=True)  # each new state once
    keep = fresh[first]
    dist[index[keep]] = level
    return positions[:, keep], taken[keep], region[keep]


def _bar(size: int, tiles: tuple):
    from tqdm.auto import tqdm

    name = f"pattern {'-'.join(map(str, tiles))} ({size}x{size})"
    return tqdm(desc=name, unit=" states", leave=False)  # states: (placement, region of the blank) pairs

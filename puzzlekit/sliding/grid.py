"""The geometry of a square grid of cells: where the blank can move, and swapping two cells.

Every module that moves a blank (boards, problems, environments, tables of all boards) asks
this one for the neighbour cells, so the rule "the blank moves up, right, down or left, not off
the board" is written once.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..checks import check_int, short_repr
from .board_checks import MAX_SIZE, check_cells, side  # noqa: F401 - side re-exported for the grid's users

__all__ = ["DIRECTIONS", "step_table", "target_array", "swap"]

# The blank's moves, in the order of the original 8-puzzle game. 'u' moves the blank up: the tile above it slides down.
DIRECTIONS = ("u", "r", "d", "l")
DIRECTION_NAMES = {"u": "up", "r": "right", "d": "down", "l": "left"}
EDGE_NAMES = {"u": "top row", "r": "right column", "d": "bottom row", "l": "left column"}

def neighbour(cell: int, size: int, direction: str) -> int | None:
    """The cell one step from `cell` in `direction` ('u', 'r', 'd' or 'l') on a `size` x `size` grid, or None off
    the edge. `step_table` reads it once per size, with cells and directions it makes itself: trusted.

    Examples
    --------
    >>> neighbour(4, 3, 'u'), neighbour(4, 3, 'l'), neighbour(2, 3, 'r')
    (1, 3, None)
    """
    row, col = divmod(cell, size)
    if direction == "u":
        return cell - size if row > 0 else None
    if direction == "r":
        return cell + 1 if col < size - 1 else None
    if direction == "d":
        return cell + size if row < size - 1 else None
    return cell - 1 if col > 0 else None


def step_table(size: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """For each cell of the blank, its (direction, neighbour cell) pairs in the order 'u', 'r', 'd', 'l'.

    Computed once per size; every fast move in the package reads it.

    Examples
    --------
    >>> step_table(2)
    ((('r', 1), ('d', 2)), (('d', 3), ('l', 0)), (('u', 0), ('r', 3)), (('u', 1), ('l', 2)))
    """
    return _step_table(check_int(size, "size", minimum=2, maximum=MAX_SIZE))


@cache
def _step_table(size: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    return tuple(
        tuple(
            (direction, target)
            for direction in DIRECTIONS
            if (target := neighbour(cell, size, direction)) is not None
        )
        for cell in range(size * size)
    )


def target_array(size: int):
    """A numpy (cells, 4) array: the cell the blank moves to from each cell, per direction u, r, d, l; -1 off the edge.

    The vectorised form of `step_table`, for code that moves many boards at once.

    Examples
    --------
    >>> target_array(2).tolist()
    [[-1, 1, 2, -1], [-1, -1, 3, 0], [0, 3, -1, -1], [1, -1, -1, 2]]
    """
    size = check_int(size, "size", minimum=2, maximum=MAX_SIZE)
    table = np.full((size * size, len(DIRECTIONS)), -1, np.int32)
    for cell, pairs in enumerate(step_table(size)):
        for direction, target in pairs:
            table[cell, DIRECTIONS.index(direction)] = target
    table.flags.writeable = False
    return table


def swap(cells, i: int, j: int) -> tuple:
    """`cells` (a board) as a new tuple with the values at cells `i` and `j` exchanged (the input is not changed).

    It checks the board and the cells; the package's searches and trainers, which move a board
    they have checked many times, call `_swapped`, the same exchange without the checks.

    Examples
    --------
    >>> swap((1, 2, 3, 0), 2, 3)
    (1, 2, 0, 3)
    >>> swap((1, 2, 3, 0), 2, 4)
    Traceback (most recent call last):
    ...
    ValueError: j must be from 0 to 3, got 4
    """
    cells, size = check_cells(cells)
    last = size * size - 1
    return _swapped(cells, check_int(i, "i", minimum=0, maximum=last), check_int(j, "j", minimum=0, maximum=last))


def _swapped(cells, i: int, j: int) -> tuple:
    """`swap` without the checks, for a board and cells the caller has checked (private to the package)."""
    swapped = list(cells)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return tuple(swapped)


def slide_target(blank: int, size: int, direction: str) -> int:
    """The cell the blank at `blank` moves to in `direction` (a checked letter); ValueError if it would leave the board.

    Examples
    --------
    >>> slide_target(4, 3, 'u')
    1
    >>> slide_target(8, 3, 'r')
    Traceback (most recent call last):
    ...
    ValueError: the blank at (2, 2) cannot move 'r' (right): it is on the right column
    """
    target = dict(step_table(size)[blank]).get(direction)
    if target is None:
        raise ValueError(blocked_message(blank, size, direction))
    return target


def blocked_message(blank: int, size: int, direction: str) -> str:
    """What to say when the blank at `blank` cannot move `direction`: it would leave the board.

    Examples
    --------
    >>> blocked_message(8, 3, 'r')
    "the blank at (2, 2) cannot move 'r' (right): it is on the right column"
    """
    return (
        f"the blank at {divmod(blank, size)} cannot move {direction!r} ({DIRECTION_NAMES[direction]}): "
        f"it is on the {EDGE_NAMES[direction]}"
    )


def check_direction(action, name: str = "action") -> str:
    """A move of the blank as its letter, from 'u', 'r', 'd', 'l' or its index 0-3; `name` names it in an error.

    Examples
    --------
    >>> check_direction("d"), check_direction(3)
    ('d', 'l')
    >>> check_direction("up", "move")
    Traceback (most recent call last):
    ...
    ValueError: move must be 'u', 'r', 'd', 'l' or 0-3, got 'up'
    """
    if isinstance(action, str) and action in DIRECTIONS:
        return action
    if isinstance(action, str):
        raise ValueError(f"{name} must be 'u', 'r', 'd', 'l' or 0-3, got {short_repr(action)}")
    return DIRECTIONS[check_int(action, f"{name} ('u', 'r', 'd', 'l' or 0-3)", minimum=0, maximum=3)]

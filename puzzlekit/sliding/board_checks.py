"""Checking boards: a square of cells with one blank, holding numbered tiles or repeated tokens, against its goal.

Every function of the package that takes a board checks it here, so each mistake gets one message.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from functools import cache

from ..checks import check_int, short_repr

__all__ = ["Board", "BLANK", "default_goal"]

# The widest board the package accepts: enough for any demonstration, small enough that a goal or a
# table of its cells always fits in memory.
MAX_SIZE = 16


def side(cells: int, what: str = "board") -> int:
    """The width of a square board of `cells` cells (2x2 or larger, at most `MAX_SIZE` wide).

    Examples
    --------
    >>> side(9), side(16)
    (3, 4)
    >>> side(8)
    Traceback (most recent call last):
    ...
    ValueError: board has 8 cells; a square board needs 4, 9, 16, 25, ... cells (2x2, 3x3, 4x4, 5x5, ...)
    """
    if type(cells) is not int:
        cells = check_int(cells, f"the number of cells of the {what}", minimum=0)
    size = math.isqrt(max(cells, 0))
    if size < 2 or size * size != cells:
        raise ValueError(
            f"{what} has {cells} cells; a square board needs 4, 9, 16, 25, ... cells (2x2, 3x3, 4x4, 5x5, ...)"
        )
    if size > MAX_SIZE:
        raise ValueError(f"{what} is {size}x{size}; boards up to {MAX_SIZE}x{MAX_SIZE} are supported")
    return size


Board = tuple  # a tuple of ints, row-major, e.g. (1, 2, 3, 4, 5, 6, 7, 8, 0); 0 is the blank
BLANK = 0
MAX_CELLS = MAX_SIZE * MAX_SIZE


# The common case, checked quickly: a tuple holding each of 0..n-1 once as a Python int, n a square.
_SIDES = {size * size: size for size in range(2, MAX_SIZE + 1)}
_ALL_CELLS = {size * size: frozenset(range(size * size)) for size in range(2, MAX_SIZE + 1)}


def _quick_tiles(board) -> int | None:
    """The width of `board` when it is plainly a tile board (a tuple of the ints 0..n-1, each once), else None.

    Equal sets with n values mean each value once; the type test, made first, refuses True for 1, 1.0 for 1,
    and a cell that cannot go in a set (a list), which the full check then names.
    Anything else takes the full check, which says what is wrong.
    """
    if type(board) is tuple and all(type(cell) is int for cell in board) and _ALL_CELLS.get(len(board)) == set(board):
        return _SIDES[len(board)]
    return None


def _cells(board, what: str = "board") -> tuple:
    """Return `board` as a tuple of Python ints, or raise TypeError."""
    if isinstance(board, (str, bytes)):
        raise TypeError(f"{what} must be a sequence of ints, not a string; parse_board() reads text")
    if not isinstance(board, Iterable) or isinstance(board, (set, frozenset, dict)):
        raise TypeError(f"{what} must be a sequence of ints (a tuple or a list), got {type(board).__name__}")
    dimensions = getattr(board, "ndim", 1)  # a numpy array: one row of cells, not a grid or a single number
    if dimensions == 0:
        raise TypeError(f"{what} must be a sequence of ints; got a 0-d array, a single number ({short_repr(board)})")
    if dimensions != 1:
        raise TypeError(f"{what} must be a flat sequence of ints; got an array of shape {board.shape}, use .ravel()")
    cells = tuple(board)
    if len(cells) > MAX_CELLS:
        raise ValueError(f"{what} has {len(cells)} cells; boards up to {MAX_CELLS} cells are supported")
    if all(type(cell) is int for cell in cells):
        return cells
    return tuple(check_int(cell, f"{what} cells") for cell in cells)


def _check_shape(cells: tuple, what: str = "board") -> int:
    """Check that `cells` is square with exactly one blank and no negative values; return the width."""
    size = side(len(cells), what)
    blanks = cells.count(BLANK)
    if blanks != 1:
        found = "no blank" if blanks == 0 else f"{blanks} blanks"
        raise ValueError(f"{what} has {found}; it needs exactly one blank (0)")
    lowest = min(cells)
    if lowest < 0:
        raise ValueError(
            f"{what} holds {short_repr(lowest)}; cells hold 0 for the blank and positive numbers for tiles")
    return size


def check_square(board, what: str = "board") -> tuple[Board, int]:
    """Check that `board` is a square of ints with exactly one blank and no negative values; return it and its width.

    It says nothing about which tiles or tokens the board holds: `check_cells` does.

    Examples
    --------
    >>> check_square([1, 1, 2, 0])
    ((1, 1, 2, 0), 2)
    >>> check_square((1, 2, 0, 0))
    Traceback (most recent call last):
    ...
    ValueError: board has 2 blanks; it needs exactly one blank (0)
    """
    cells = _cells(board, what)
    return cells, _check_shape(cells, what)


def _check_tiles(cells: tuple, size: int, what: str = "board") -> None:
    """Check that a board of numbered tiles holds each of 1..N-1 exactly once."""
    last = len(cells) - 1
    if len(set(cells)) == len(cells) and max(cells) == last:
        return  # n distinct values from 0 to n-1: a permutation
    highest = max(cells)
    if highest > last:
        raise ValueError(
            f"{what} holds {short_repr(highest)}, out of range: "
            f"a {size}x{size} board holds the blank 0 and tiles 1..{last}"
        )
    counts = Counter(cells)
    repeated = min(tile for tile, count in counts.items() if count > 1)
    missing = min(set(range(1, last + 1)) - set(cells))
    raise ValueError(
        f"{what} repeats tile {repeated} ({counts[repeated]} times) and lacks tile {missing}: "
        f"a {size}x{size} board holds each of the tiles 1..{last} once "
        f"(on a token board such as sun/moon every token appears at least twice)"
    )


def is_token_board(cells: tuple) -> bool:
    """True for a token board (sun/moon): every value but the blank appears at least twice.

    A board where only some values repeat is a tile board with a mistake in it, not a token board.

    Examples
    --------
    >>> is_token_board((1, 1, 1, 2, 1, 2, 2, 0, 2)), is_token_board((1, 2, 3, 0))
    (True, False)
    >>> is_token_board((1, 1, 2, 0, 3, 4, 5, 6, 7))
    Traceback (most recent call last):
    ...
    ValueError: board repeats tile 1 (2 times) and lacks tile 8: a 3x3 board holds each of the tiles 1..8 once \
(on a token board such as sun/moon every token appears at least twice)
    """
    return _is_token(check_cells(cells)[0])


def _is_token(cells: tuple) -> bool:
    """`is_token_board` for cells that `check_square` has passed."""
    if len(set(cells)) == len(cells):
        return False
    counts = Counter(cells)
    return all(count >= 2 for value, count in counts.items() if value != BLANK)


def check_cells(board, what: str = "board") -> tuple[Board, int]:
    """Check a tile board or a token board; return its cells as a tuple of ints, and its width.

    Examples
    --------
    >>> check_cells([1, 2, 3, 0])
    ((1, 2, 3, 0), 2)
    >>> check_cells((2, 2, 0, 1, 1, 2, 1, 2, 1))
    ((2, 2, 0, 1, 1, 2, 1, 2, 1), 3)
    """
    size = _quick_tiles(board)
    if size is not None:
        return board, size
    cells, size = check_square(board, what)
    if not _is_token(cells):
        _check_tiles(cells, size, what)
    return cells, size


def check_pair(board, goal) -> tuple[Board, Board, int]:
    """Check a board against its goal (the default goal when None); return both as tuples, and the width.

    Examples
    --------
    >>> check_pair([1, 2, 0, 3], None)
    ((1, 2, 0, 3), (1, 2, 3, 0), 2)
    """
    size = _quick_tiles(board)
    if size is not None and (goal is None or _quick_tiles(goal) == size):
        return board, _default_goal(size) if goal is None else goal, size
    cells, size = check_square(board)
    target, goal_size = (None, size) if goal is None else check_cells(goal, "goal")
    if goal_size != size:
        raise ValueError(
            f"goal is {goal_size}x{goal_size} but the board is {size}x{size}; they must be the same size"
        )
    if target is None or not _is_token(target):
        if _is_token(cells):
            raise ValueError(
                f"board is a token board ({_census(cells)}) "
                f"{'and has no default goal' if target is None else 'but the goal numbers its tiles'}; "
                f"pass a token goal, e.g. goal=SUN_MOON_GOAL"
            )
        _check_tiles(cells, size)
        target = default_goal(size) if target is None else target
    elif Counter(cells) != Counter(target):
        raise ValueError(f"board and goal hold different tokens: board {_census(cells)}, goal {_census(target)}")
    return cells, target, size


def check_goal(goal, size) -> tuple[Board, int]:
    """Check the goal of a `size` x `size` puzzle (None: the default goal); return it as a tuple, and the size.

    Examples
    --------
    >>> check_goal(None, 2)
    ((1, 2, 3, 0), 2)
    >>> check_goal((1, 2, 3, 0), 3)
    Traceback (most recent call last):
    ...
    ValueError: goal is 2x2 but size is 3; pass size=2
    """
    size = check_int(size, "size", minimum=2, maximum=MAX_SIZE)
    if goal is None:
        return _default_goal(size), size
    target, goal_size = check_cells(goal, "goal")
    if goal_size != size:
        raise ValueError(f"goal is {goal_size}x{goal_size} but size is {size}; pass size={goal_size}")
    return target, size


def check_tile(board, n) -> tuple[Board, int]:
    """Check that `n` is on `board` exactly once (0, the blank, is); return the board's cells and width.

    Examples
    --------
    >>> check_tile((1, 2, 3, 0), 3)
    ((1, 2, 3, 0), 2)
    >>> check_tile((1, 2, 3, 0), 4)
    Traceback (most recent call last):
    ...
    ValueError: tile 4 is not on the board: a 2x2 board holds the blank 0 and tiles 1..3
    """
    cells, size = check_cells(board)
    count = cells.count(check_int(n, "tile"))
    if count == 0:
        raise ValueError(
            f"tile {short_repr(n)} is not on the board: "
            f"a {size}x{size} board holds the blank 0 and tiles 1..{len(cells) - 1}"
        )
    if count > 1:
        raise ValueError(f"{n} appears {count} times on this token board; position() needs a tile that appears once")
    return cells, size


def _census(cells: tuple) -> str:
    """How many of each token a board holds, e.g. '4 x 1, 4 x 2'."""
    counts = Counter(cell for cell in cells if cell != BLANK)
    return ", ".join(f"{count} x {token}" for token, count in sorted(counts.items()))


def default_goal(size: int = 3) -> Board:
    """The textbook's goal: tiles 1..N-1 in order, the blank last.

    Examples
    --------
    >>> default_goal(3)
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    >>> default_goal(2)
    (1, 2, 3, 0)
    """
    return _default_goal(check_int(size, "size", minimum=2, maximum=MAX_SIZE))


@cache
def _default_goal(size: int) -> Board:
    return tuple(range(1, size * size)) + (BLANK,)

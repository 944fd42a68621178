"""Boards of the sliding puzzle: tuples of ints, row-major, with 0 for the blank.

The textbook's helpers come first (`position`, `moves`, `move`), then the blank's moves
(`slide`, `successors`), parity (`inversions`, `is_solvable`), random boards, and text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from ..checks import check_choice, check_int, make_rng, short_repr
from .board_checks import (
    BLANK,
    MAX_CELLS,
    Board,
    check_cells,
    check_goal,
    check_pair,
    check_square,
    check_tile,
    default_goal,  # noqa: F401 - re-exported: the board's names in one place
    is_token_board,
)
from .grid import (
    DIRECTIONS,  # noqa: F401 - re-exported, as default_goal
    _swapped,
    slide_target,
    step_table,
    swap,
)

# Board, BLANK and default_goal come from `board_checks`, DIRECTIONS from `grid`, and are public there.
__all__ = [
    "SUN", "MOON", "SUN_MOON_START", "SUN_MOON_GOAL", "position", "moves", "move", "slide", "successors", "inversions",
    "is_solvable", "random_board", "width", "check_board", "parity_invariant", "parse_board", "format_board"
]

SUN, MOON = 1, 2  # the tokens of the sun/moon puzzle, drawn as ☼ and ☾
SUN_MOON_START = (SUN, SUN, SUN, MOON, SUN, MOON, MOON, BLANK, MOON)
SUN_MOON_GOAL = (BLANK, MOON, SUN, MOON, SUN, MOON, SUN, MOON, SUN)


# --- Checking boards (the checks themselves are in `puzzlekit.sliding.board_checks`) ------------------


def check_board(board: Sequence[int], goal: Sequence[int] | None = None) -> Board:
    """Return `board` as a tuple after checking it is a valid board for `goal`.

    A tile board holds each of 1..N-1 once and one blank; a token board (the sun/moon
    puzzle) repeats values and must hold the same tokens as its goal.

    Examples
    --------
    >>> check_board([1, 2, 3, 4, 5, 6, 7, 0, 8])
    (1, 2, 3, 4, 5, 6, 7, 0, 8)
    >>> check_board([1, 2, 3, 4, 5, 6, 7, 8])
    Traceback (most recent call last):
    ...
    ValueError: board has 8 cells; a square board needs 4, 9, 16, 25, ... cells (2x2, 3x3, 4x4, 5x5, ...)
    >>> check_board(SUN_MOON_START, goal=SUN_MOON_GOAL)
    (1, 1, 1, 2, 1, 2, 2, 0, 2)
    """
    return check_pair(board, goal)[0]


def width(board: Sequence[int]) -> int:
    """The number of cells in a row of a square board.

    Examples
    --------
    >>> width((1, 2, 3, 0))
    2
    >>> width(range(16))
    4
    """
    return check_cells(board)[1]


# --- The textbook's helpers -------------------------------------------------------------------


def position(board: Sequence[int], n: int) -> tuple[int, int]:
    """The (row, col) of tile `n`; `n = 0` finds the blank.

    Examples
    --------
    >>> position((1, 3, 2, 5, 7, 4, 0, 8, 6), 4)
    (1, 2)
    >>> position((1, 3, 2, 5, 7, 4, 0, 8, 6), 0)
    (2, 0)
    """
    cells, size = check_tile(board, n)
    return divmod(cells.index(n), size)


def moves(board: Sequence[int]) -> list[int]:
    """The tiles that can slide into the blank: the tile above it, below, left, right.

    Examples
    --------
    >>> moves((1, 3, 2, 5, 7, 4, 0, 8, 6))
    [5, 8]
    >>> moves((1, 2, 3, 4, 0, 5, 6, 7, 8))
    [2, 7, 4, 5]
    """
    cells, size = check_cells(board)
    blank = cells.index(BLANK)
    return [cells[target] for target in _textbook_order(blank, size)]


def move(board: Sequence[int], n: int) -> Board:
    """The board after tile `n` slides into the blank.

    Examples
    --------
    >>> move((1, 3, 2, 5, 7, 4, 0, 8, 6), 5)
    (1, 3, 2, 0, 7, 4, 5, 8, 6)
    >>> move((1, 3, 2, 5, 7, 4, 0, 8, 6), 7)
    Traceback (most recent call last):
    ...
    ValueError: tile 7 cannot slide: it is at (1, 1) and the blank is at (2, 0), not next to it; tiles that can: [5, 8]
    """
    cells, blank, tile = _check_move(board, n)  # the cells of the blank and of tile n, next to it
    after = list(cells)
    after[blank], after[tile] = n, BLANK
    return tuple(after)


def _check_move(board, n) -> tuple[Board, int, int]:
    """`move`'s checks: `n` a tile next to the blank; return the cells, the blank's cell and the tile's."""
    cells, size = check_cells(board)
    check_int(n, "tile")
    blank = cells.index(BLANK)
    neighbours = _textbook_order(blank, size)
    if n == BLANK or n not in cells:
        raise ValueError(
            f"0 is the blank, not a tile; tiles that can slide: {[cells[i] for i in neighbours]}" if n == BLANK
            else f"tile {short_repr(n)} is not on the board: "
            f"a {size}x{size} board holds the blank 0 and tiles 1..{len(cells) - 1}"
        )
    sources = [i for i in neighbours if cells[i] == n]
    if not sources:
        if cells.count(n) == 1:
            where = f"it is at {divmod(cells.index(n), size)} and the blank is at {divmod(blank, size)}, not next to it"
        else:
            where = f"no {n} is next to the blank at {divmod(blank, size)}"
        raise ValueError(f"tile {n} cannot slide: {where}; tiles that can: {[cells[i] for i in neighbours]}")
    if len(sources) > 1:
        raise ValueError(f"{len(sources)} tokens {n} are next to the blank; use slide(board, direction) to say which")
    return cells, blank, sources[0]


def _textbook_order(blank: int, size: int) -> list[int]:
    """The cells next to the blank in the textbook's order: above, below, left, right."""
    targets = dict(step_table(size)[blank])
    return [targets[direction] for direction in "udlr" if direction in targets]


# --- The blank's moves --------------------------------------------------------------------------


def slide(board: Sequence[int], direction: str) -> Board:
    """The board after the blank moves one cell in `direction` ('u', 'r', 'd' or 'l').

    The tile that was there moves the other way: `slide(b, 'u')` slides the tile above the blank down.

    Examples
    --------
    >>> slide((1, 2, 3, 4, 0, 5, 6, 7, 8), 'u')
    (1, 0, 3, 4, 2, 5, 6, 7, 8)
    >>> slide((1, 2, 3, 4, 5, 6, 7, 8, 0), 'r')
    Traceback (most recent call last):
    ...
    ValueError: the blank at (2, 2) cannot move 'r' (right): it is on the right column
    """
    cells, size = check_cells(board)
    check_choice(direction, "direction", DIRECTIONS)
    blank = cells.index(BLANK)
    target = slide_target(blank, size, direction)
    return _swapped(cells, blank, target)


def successors(board: Sequence[int]) -> list[tuple[str, Board]]:
    """The (direction, board) pairs one move of the blank away, in the order 'u', 'r', 'd', 'l'.

    Examples
    --------
    >>> successors((1, 2, 3, 4, 5, 6, 7, 8, 0))
    [('u', (1, 2, 3, 4, 5, 0, 7, 8, 6)), ('l', (1, 2, 3, 4, 5, 6, 7, 0, 8))]
    """
    cells, size = check_cells(board)
    blank = cells.index(BLANK)
    return [(direction, _swapped(cells, blank, target)) for direction, target in step_table(size)[blank]]


# --- Parity -----------------------------------------------------------------------------------


def inversions(board: Sequence[int]) -> int:
    """The number of pairs of tiles in the wrong order, reading row by row; the blank is left out.

    Examples
    --------
    >>> inversions((1, 2, 3, 4, 5, 6, 7, 8, 0))
    0
    >>> inversions((1, 2, 3, 4, 5, 6, 8, 7, 0))
    1
    >>> inversions((1, 3, 4, 2, 0, 7, 5, 8, 6))
    5
    """
    cells, _ = check_cells(board)
    return _inversions(cells)


def _inversions(cells: tuple) -> int:
    tiles = [cell for cell in cells if cell != BLANK]
    return sum(1 for i, a in enumerate(tiles) for b in tiles[i + 1 :] if a > b)


def parity_invariant(cells: tuple, size: int) -> int:
    """What no slide can change: the inversions (odd widths) or inversions plus the blank's row (even), mod 2.

    Examples
    --------
    >>> parity_invariant((1, 2, 3, 4, 5, 6, 8, 7, 0), 3)
    1
    """
    cells, width = check_cells(cells)
    if check_int(size, "size") != width:
        raise ValueError(f"size is {size} but the board is {width}x{width}; they must agree")
    if size % 2 == 1:
        return _inversions(cells) % 2
    return (_inversions(cells) + cells.index(BLANK) // size) % 2


def is_solvable(board: Sequence[int], goal: Sequence[int] | None = None) -> bool:
    """True if slides can turn `board` into `goal` (by default the tiles in order, blank last).

    For odd widths the parity of the inversions decides; for even widths the parity of the
    inversions plus the blank's row. A token board reaches its goal exactly when it holds the
    same tokens (so a board with other tokens than its token goal is not solvable, not an error).

    Examples
    --------
    >>> is_solvable((1, 2, 3, 4, 5, 6, 8, 7, 0))
    False
    >>> is_solvable((8, 6, 7, 2, 5, 4, 3, 0, 1))
    True
    >>> is_solvable((1, 2, 3, 4, 5, 6, 8, 7, 0), goal=(1, 2, 3, 4, 5, 6, 8, 7, 0))
    True
    >>> is_solvable(SUN_MOON_START, goal=SUN_MOON_GOAL)
    True
    """
    if goal is not None:
        target, _ = check_cells(goal, "goal")
        if is_token_board(target):
            cells, _ = check_square(board)
            if len(cells) != len(target):
                check_pair(cells, target)  # raises the size mismatch
            return Counter(cells) == Counter(target)
    cells, target, size = check_pair(board, goal)
    return parity_invariant(cells, size) == parity_invariant(target, size)


def check_reachable(cells: Board, target: Board, size: int, what: str = "board") -> Board:
    """`cells` itself if slides can turn it into `target`; otherwise the ValueError that says why not (parity).

    Both must be checked boards of width `size` (see `check_pair`); token boards holding the same
    tokens always reach each other.

    Examples
    --------
    >>> check_reachable((1, 2, 3, 0), (1, 2, 3, 0), 2)
    (1, 2, 3, 0)
    >>> check_reachable((1, 2, 3, 4, 5, 6, 8, 7, 0), default_goal(3), 3)
    Traceback (most recent call last):
    ...
    ValueError: board (1, 2, 3, 4, 5, 6, 8, 7, 0) cannot reach the goal (1, 2, 3, 4, 5, 6, 7, 8, 0): \
the parity of its inversions differs, and no slide changes it (see chapter 2)
    """
    cells, target, _ = check_pair(cells, target)
    if parity_invariant(cells, size) != parity_invariant(target, size) and not is_token_board(target):
        what_parity = "inversions" if size % 2 else "inversions plus the blank's row"
        raise ValueError(
            f"{what} {cells} cannot reach the goal {target}: the parity of its {what_parity} differs, "
            f"and no slide changes it (see chapter 2)"
        )
    return cells


# --- Random boards ------------------------------------------------------------------------------


def random_board(size: int = 3, seed=None, goal: Sequence[int] | None = None) -> Board:
    """A board drawn uniformly from those that can reach `goal`, never `goal` itself.

    Examples
    --------
    >>> random_board(3, seed=1)
    (6, 7, 8, 5, 4, 1, 0, 2, 3)
    >>> is_solvable(random_board(4, seed=7))
    True
    """
    target, size = check_goal(goal, size)
    rng = make_rng(seed)
    tiles = not is_token_board(target)
    while True:
        cells = list(target)
        rng.shuffle(cells)
        board = tuple(cells)
        if tiles and parity_invariant(board, size) != parity_invariant(target, size):
            # Swapping two tiles flips the parity: a one-to-one map from unsolvable boards to solvable
            # ones, so the result stays uniform.
            first, second = [i for i, cell in enumerate(board) if cell != BLANK][:2]
            board = swap(board, first, second)
        if board != target:
            return board


# --- Text ---------------------------------------------------------------------------------------

_SYMBOLS = {"_": BLANK, ".": BLANK, "☼": SUN, "☾": MOON}
_BOX = "┏┳┓┣╋┫┗┻┛━"


def parse_board(text) -> Board:
    """Read a board from text such as "1 2 3 / 4 5 6 / 7 8 _", from lines, or from a list of numbers.

    The blank may be written `_`, `.` or `0`; sun and moon as ☼ and ☾. The box-drawing
    picture of `format_board` reads back too.

    Examples
    --------
    >>> parse_board("1 2 3 / 4 5 6 / 7 8 _")
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    >>> parse_board([8, 6, 7, 2, 5, 4, 3, 0, 1])
    (8, 6, 7, 2, 5, 4, 3, 0, 1)
    >>> parse_board("☼ ☼ ☼ / ☾ ☼ ☾ / ☾ _ ☾")
    (1, 1, 1, 2, 1, 2, 2, 0, 2)
    >>> parse_board(format_board((1, 2, 3, 0)))
    (1, 2, 3, 0)
    """
    if not isinstance(text, str):
        return check_cells(text)[0]
    rows = []
    for line in re.split(r"[/\n]", text):
        if "┃" in line:
            fields = [field.strip() or "_" for field in line.split("┃")[1:-1]]
        else:
            fields = [field for field in re.split(r"[\s,;]+", line.strip(_BOX + " \t[]()")) if field]
        if fields:
            rows.append([_read_cell(field) for field in fields])
    if not rows:
        raise ValueError("no board in the text: write the tiles row by row, e.g. '1 2 3 / 4 5 6 / 7 8 _'")
    if len(rows) > 1:
        for number, row in enumerate(rows[1:], start=2):
            if len(row) != len(rows[0]):
                raise ValueError(f"row {number} has {len(row)} cells but row 1 has {len(rows[0])}; rows must match")
        if len(rows) != len(rows[0]):
            raise ValueError(f"{len(rows)} rows of {len(rows[0])} cells; a square board has as many rows as columns")
    return check_cells(tuple(cell for row in rows for cell in row))[0]


def _read_cell(field: str) -> int:
    if field in _SYMBOLS:
        return _SYMBOLS[field]
    if field.isascii() and field.isdigit():
        if len(field) > len(str(MAX_CELLS)):  # before int(), which refuses more than 4,300 digits in its own words
            raise ValueError(f"text holds the number {short_repr(field, 30)}, {len(field):,} digits long; "
                             f"a board has at most {MAX_CELLS} cells, so its tiles have at most "
                             f"{len(str(MAX_CELLS))} digits")
        return int(field)
    raise ValueError(
        f"cannot read {field!r} as a cell: write tiles as numbers, the blank as _ (or 0), sun and moon as ☼ and ☾"
    )


def _symbols(cells: tuple) -> dict[int, str]:
    """How to print each value: numbers, or ☼ and ☾ on a sun/moon board."""
    if is_token_board(cells) and set(cells) <= {BLANK, SUN, MOON}:
        return {BLANK: " ", SUN: "☼", MOON: "☾"}
    return {cell: str(cell) if cell != BLANK else " " for cell in cells}


def format_board(board: Sequence[int]) -> str:
    """A box-drawing picture of the board (sun/moon tokens as ☼ and ☾).

    Examples
    --------
    >>> print(format_board((1, 2, 3, 4, 5, 6, 7, 8, 0)))
    ┏━━━┳━━━┳━━━┓
    ┃ 1 ┃ 2 ┃ 3 ┃
    ┣━━━╋━━━╋━━━┫
    ┃ 4 ┃ 5 ┃ 6 ┃
    ┣━━━╋━━━╋━━━┫
    ┃ 7 ┃ 8 ┃   ┃
    ┗━━━┻━━━┻━━━┛
    """
    cells, size = check_cells(board)
    symbols = _symbols(cells)
    cell_width = max(len(symbol) for symbol in symbols.values()) + 2

    def rule(left: str, middle: str, right: str) -> str:
        return left + middle.join(["━" * cell_width] * size) + right

    lines = [rule("┏", "┳", "┓")]
    for row in range(size):
        if row:
            lines.append(rule("┣", "╋", "┫"))
        values = cells[row * size : (row + 1) * size]
        drawn = (symbols[value].rjust(cell_width - 2).center(cell_width) for value in values)
        lines.append("┃" + "┃".join(drawn) + "┃")
    lines.append(rule("┗", "┻", "┛"))
    return "\n".join(lines)

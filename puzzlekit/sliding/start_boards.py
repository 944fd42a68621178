"""Boards to start from, named by their distance to the goal: the menus of the search explorer and the Q-learning view.

Each distance in a name is the length of a shortest path (tests/test_start_boards.py checks it with A*).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .board import BLANK, MOON, SUN, SUN_MOON_GOAL, SUN_MOON_START, Board, is_token_board

__all__ = []

# name -> (board, goal); a goal of None is the tiles in order with the blank last.
START_BOARDS: dict[str, tuple[Board, Board | None]] = {
    "6 moves: 4 1 3 / 7 2 6 / _ 5 8": ((4, 1, 3, 7, 2, 6, 0, 5, 8), None),
    "12 moves: 4 1 6 / 7 _ 2 / 5 3 8": ((4, 1, 6, 7, 0, 2, 5, 3, 8), None),
    "20 moves: 2 3 7 / 8 _ 6 / 1 5 4": ((2, 3, 7, 8, 0, 6, 1, 5, 4), None),
    "31 moves, the hardest: 8 6 7 / 2 5 4 / 3 _ 1": ((8, 6, 7, 2, 5, 4, 3, 0, 1), None),
    "sun and moon: 13 moves": (SUN_MOON_START, SUN_MOON_GOAL),
}


def one_line(board: Sequence[int]) -> str:
    """A board on one line, as `parse_board` reads it back: '1 2 3 / 4 5 6 / 7 8 _' (sun and moon as ☼ and ☾).

    Examples
    --------
    >>> one_line((8, 6, 7, 2, 5, 4, 3, 0, 1))
    '8 6 7 / 2 5 4 / 3 _ 1'
    >>> one_line(SUN_MOON_START)
    '☼ ☼ ☼ / ☾ ☼ ☾ / ☾ _ ☾'
    """
    cells, size = tuple(board), math.isqrt(len(board))
    symbols = {SUN: "☼", MOON: "☾"} if is_token_board(cells) else {}
    text = ["_" if cell == BLANK else symbols.get(cell, str(cell)) for cell in cells]
    return " / ".join(" ".join(text[row * size:(row + 1) * size]) for row in range(size))

"""Boards as pictures in a notebook: `show(board)` draws SVG, and prints as box-drawing text elsewhere."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..checks import check_collection, check_int, short_repr
from .board import BLANK, MOON, SUN, check_cells, format_board, is_token_board

__all__ = ["show"]


@dataclass(frozen=True)
class Theme:
    """The colours of a board, as CSS colours: the pictures of `show` and the widgets share them.

    Examples
    --------
    >>> COLOURS.tile, COLOURS.highlight
    ('#f4d9a6', '#9fd3a8')
    """

    tile: str = "#f4d9a6"  # warm wood
    tile_edge: str = "#b5894a"
    highlight: str = "#9fd3a8"  # a tile a hint or a move points at
    frame: str = "#4a3b2a"  # the frame around the board, and the blank
    sun: str = "#f2b705"
    moon: str = "#5b6ee1"
    text: str = "#222"  # the numbers on the tiles


COLOURS = Theme()


class BoardPicture:
    """One or more boards side by side: SVG in a notebook, box-drawing text in a terminal.

    Examples
    --------
    >>> picture = show((1, 2, 3, 0))
    >>> picture._repr_svg_().startswith('<svg')
    True
    >>> print(picture)
    ┏━━━┳━━━┓
    ┃ 1 ┃ 2 ┃
    ┣━━━╋━━━┫
    ┃ 3 ┃   ┃
    ┗━━━┻━━━┛
    """

    def __init__(self, boards: Sequence, captions: Sequence[str] | None = None, highlight=(), cell: int = 40):
        check_collection(boards, "boards", "a list of boards")
        self.boards = [check_cells(board)[0] for board in boards]
        if not self.boards:
            raise ValueError("show() needs at least one board")
        if captions is not None:
            check_collection(captions, "captions", "a list of texts, one per board")
            captions = list(captions)
            if not all(isinstance(caption, str) for caption in captions):
                raise TypeError(f"captions must be texts (strings), one per board, got {short_repr(captions)}")
            if len(captions) != len(self.boards):
                raise ValueError(f"{len(captions)} captions for {len(self.boards)} boards; give one caption per board")
        self.captions = captions
        check_collection(highlight, "highlight", "a list of tiles, e.g. highlight=[5]")
        self.highlight = {check_int(tile, "a tile in highlight") for tile in highlight}
        self.cell = check_int(cell, "cell", minimum=8, maximum=400)

    def __repr__(self) -> str:
        pictures = [format_board(board).split("\n") for board in self.boards]
        if self.captions:
            pictures = [[caption] + lines for caption, lines in zip(self.captions, pictures)]
        height = max(len(lines) for lines in pictures)
        widths = [max(len(line) for line in lines) for lines in pictures]
        rows = []
        for i in range(height):
            parts = [(lines[i] if i < len(lines) else "").ljust(w) for lines, w in zip(pictures, widths)]
            rows.append("   ".join(parts).rstrip())
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        gap, caption_height = self.cell // 2, (18 if self.captions else 0)
        sizes = [int(len(board) ** 0.5) for board in self.boards]
        captions = [str(caption) for caption in self.captions] if self.captions else [""] * len(sizes)
        # Each board sits in a slot wide enough for its caption (about 7.5 px a character at 13 px).
        slots = [max(size * self.cell + 8, round(len(caption) * 7.5) + 4) for size, caption in zip(sizes, captions)]
        total_width = sum(slots) + gap * (len(slots) - 1)
        total_height = max(sizes) * self.cell + 8 + caption_height
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" height="{total_height}" '
            f'viewBox="0 0 {total_width} {total_height}" font-family="sans-serif">'
        ]
        x = 0
        for board, size, caption, slot in zip(self.boards, sizes, captions, slots):
            if caption:
                parts.append(
                    f'<text x="{x + slot / 2:g}" y="13" font-size="13" '
                    f'text-anchor="middle" fill="#333">{escape(caption)}</text>'
                )
            parts.append(self._board_svg(board, size, x + (slot - size * self.cell - 8) // 2, caption_height))
            x += slot + gap
        parts.append("</svg>")
        return "".join(parts)

    def _board_svg(self, board: tuple, size: int, x0: int, y0: int) -> str:
        c = self.cell
        side = size * c + 8
        parts = [f'<rect x="{x0}" y="{y0}" width="{side}" height="{side}" rx="6" fill="{COLOURS.frame}"/>']
        token = is_token_board(board)
        for index, value in enumerate(board):
            if value == BLANK:
                continue
            row, col = divmod(index, size)
            x, y = x0 + 4 + col * c, y0 + 4 + row * c
            fill = COLOURS.highlight if value in self.highlight and not token else COLOURS.tile
            parts.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{c - 4}" height="{c - 4}" rx="5" '
                f'fill="{fill}" stroke="{COLOURS.tile_edge}"/>'
            )
            cx, cy = x + c / 2, y + c / 2
            if token and value == SUN:
                parts.append(_sun(cx, cy, c * 0.2))
            elif token and value == MOON:
                parts.append(_moon(cx, cy, c * 0.26))
            else:
                parts.append(
                    f'<text x="{cx:g}" y="{cy + c * 0.16:g}" font-size="{c * 0.45:g}" text-anchor="middle" '
                    f'fill="{COLOURS.text}">{value}</text>'
                )
        return "".join(parts)


def _sun(cx: float, cy: float, r: float) -> str:
    parts = [f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:.1f}" fill="{COLOURS.sun}"/>']
    for k in range(8):  # eight rays
        dx, dy = math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)
        parts.append(
            f'<line x1="{cx + dx * r * 1.3:.1f}" y1="{cy + dy * r * 1.3:.1f}" '
            f'x2="{cx + dx * r * 1.75:.1f}" y2="{cy + dy * r * 1.75:.1f}" stroke="{COLOURS.sun}" stroke-width="2"/>'
        )
    return "".join(parts)


def _moon(cx: float, cy: float, r: float) -> str:
    # A crescent: the outer circle's arc, then an inner arc of a larger radius back to the start.
    top, bottom = cy - r, cy + r
    cx += r * 0.3  # the crescent's bulk lies left of its tips: shift it to the middle
    return (
        f'<path d="M {cx:.1f} {top:.1f} A {r:.1f} {r:.1f} 0 1 0 {cx:.1f} {bottom:.1f} '
        f'A {r * 1.25:.1f} {r * 1.25:.1f} 0 0 1 {cx:.1f} {top:.1f} Z" fill="{COLOURS.moon}"/>'
    )


def show(*boards, captions: Sequence[str] | None = None, highlight=(), cell: int = 40) -> BoardPicture:
    """A picture of one board, or of several side by side (a path, for instance).

    `highlight` names tiles to colour; `cell` is the size of a cell in pixels.

    Examples
    --------
    >>> show((1, 2, 3, 0), (1, 2, 0, 3), captions=["goal", "one move away"]).captions
    ['goal', 'one move away']
    >>> len(show([(1, 2, 3, 0), (1, 2, 0, 3)]).boards)
    2
    """
    if len(boards) == 1 and _is_sequence_of_boards(boards[0]):
        boards = tuple(boards[0])
    return BoardPicture(boards, captions=captions, highlight=highlight, cell=cell)


def _is_sequence_of_boards(value) -> bool:
    if isinstance(value, (str, bytes)):
        return False
    try:
        first = next(iter(value))
    except (TypeError, StopIteration):
        return False
    return not isinstance(first, (int,)) and hasattr(first, "__len__")

"""A grid of buttons that shows a sliding-puzzle board: numbers, sun and moon, or pieces of a picture.

`TileGrid` only draws; the board widget decides what a click does. Only the cells whose look
changed are sent to the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...sliding.board import BLANK, MOON, SUN, check_cells, is_token_board
from ...sliding.display import COLOURS, show
from .base import NO_TEXT, cell_button

__all__ = []

SYMBOLS = {SUN: "☼", MOON: "☾"}


def cell_pixels(size: int) -> int:
    """The width of a cell in pixels on a `size` x `size` board: smaller cells on bigger boards.

    Examples
    --------
    >>> cell_pixels(3), cell_pixels(6)
    (64, 48)
    """
    return {2: 72, 3: 64, 4: 56}.get(size, 48)


class TileGrid:
    """The cells of a board as buttons in a CSS grid, with its style sheet and a small picture of the goal.

    `prefix` names this board's CSS classes (two boards on a page must not share them);
    `on_click(index)` is called when cell `index` is clicked; `picture_url` (a data URL, or None)
    turns on picture mode, where each tile shows its piece of the picture.

    Examples
    --------
    >>> grid = TileGrid("pkdemo", lambda index: None)
    >>> grid.build((1, 2, 3, 0), goal=(1, 2, 3, 0))
    >>> [cell.description for cell in grid.cells]
    ['1', '2', '3', '\\xa0']
    """

    def __init__(self, prefix: str, on_click: Callable[[int], object], *, picture_url: str | None = None,
                 numbers: bool = True):
        assert prefix.isidentifier(), "the prefix names CSS classes"
        self.prefix, self.on_click = prefix, on_click
        self.picture_url, self.numbers = picture_url, numbers
        self.style_html = widgets.HTML(layout=widgets.Layout(display="none"))
        self.grid = widgets.GridBox()
        self.grid.add_class("puzzlekit-grid")
        self.grid.add_class(f"{prefix}-grid")
        self.goal_picture = widgets.HTML()
        self.cells: list[widgets.Button] = []
        self._shown: list = []
        self.goal: tuple = ()
        self.token = False

    def build(self, board: Sequence[int], goal: Sequence[int]) -> None:
        """Make the cells for a board of the size of `board` and draw it (the old cells are closed)."""
        board, size = check_cells(board)
        self.goal, self.token = check_cells(goal, "goal")[0], is_token_board(goal)
        for old in self.cells:
            old.layout.close()
            old.style.close()
            old.close()
        px = cell_pixels(size)
        shape = widgets.Layout(width=f"{px}px", height=f"{px}px", margin="0", padding="0")  # one for all the cells
        self.cells = []
        for index in range(size * size):
            cell = cell_button(shape, self.on_click, index, ["puzzlekit-cell", f"{self.prefix}-cell"])
            cell.style.font_weight = "bold"
            cell.style.font_size = f"{round(px * (0.5 if self.token else 0.4))}px"
            self.cells.append(cell)
        self._shown = [None] * (size * size)
        self.grid.layout = widgets.Layout(grid_template_columns=f"repeat({size}, {px}px)",
                                          grid_template_rows=f"repeat({size}, {px}px)", grid_gap="3px",
                                          width="max-content", height="max-content", align_self="flex-start")
        self.grid.children = self.cells
        self.style_html.value = self._css(size)
        self._draw_goal()
        self.draw(board)

    def _css(self, size: int) -> str:
        p = self.prefix
        rules = [
            f".{p}-grid {{ background: {COLOURS.frame}; padding: 5px; border-radius: 7px; }}",
            f".{p}-grid .{p}-cell {{ border-radius: 5px; box-shadow: none; }}",
        ]
        if self.picture_url:
            rules.append(
                f'.{p}-grid .{p}-pic {{ background-image: url("{self.picture_url}") !important; '
                f"background-size: {size * 100}% {size * 100}% !important; background-repeat: no-repeat !important; "
                "color: #fff !important; text-shadow: 0 0 3px #000, 0 0 2px #000; font-size: 12px !important; "
                "display: flex; align-items: flex-start; justify-content: flex-start; padding: 2px 5px !important; }"
            )
            for tile in self.goal:
                row, col = divmod(self.goal.index(tile), size)
                rules.append(f".{p}-grid .{p}-t{tile} {{ background-position: "
                             f"{col * 100 / (size - 1):g}% {row * 100 / (size - 1):g}% !important; }}")
        return "<style>" + "\n".join(rules) + "</style>"

    def _draw_goal(self) -> None:
        if self.picture_url:
            self.goal_picture.value = (f'<div style="margin-top:8px;font-size:12px">goal</div>'
                                       f'<img src="{self.picture_url}" width="96" height="96" alt="the picture">')
        elif self.token:
            self.goal_picture.value = ('<div style="margin-top:8px;font-size:12px">goal</div>'
                                       + show(self.goal, cell=26)._repr_svg_())
        else:
            self.goal_picture.value = ""

    def draw(self, board: Sequence[int], highlight: int | None = None) -> None:
        """Show `board` on the cells, colouring cell `highlight`; only the cells that changed are redrawn."""
        solved = tuple(board) == self.goal
        for index, value in enumerate(board):
            look = (value, index == highlight, solved and value == BLANK)
            if self._shown[index] == look:
                continue
            self._shown[index] = look
            self._draw_cell(self.cells[index], value, highlighted=index == highlight, complete=look[2])

    def _draw_cell(self, cell: widgets.Button, value: int, highlighted: bool, complete: bool) -> None:
        p = self.prefix
        if self.picture_url:  # a tile shows its piece; the blank none, until the picture is complete
            pieces = {f"{p}-pic", f"{p}-t{value}"} if value != BLANK or complete else set()
            for name in [c for c in cell._dom_classes if c.startswith(f"{p}-t") or c == f"{p}-pic"]:
                if name not in pieces:
                    cell.remove_class(name)
            for name in sorted(pieces):
                cell.add_class(name)
        if value == BLANK:
            cell.description = NO_TEXT
            cell.tooltip = "the blank"
            cell.style.button_color = COLOURS.tile if complete else COLOURS.frame
        else:
            cell.description = SYMBOLS.get(value, str(value)) if self.token else (
                str(value) if self.numbers or not self.picture_url else NO_TEXT)
            cell.tooltip = f"tile {value}" if not self.token else ("a sun" if value == SUN else "a moon")
            cell.style.button_color = COLOURS.highlight if highlighted else COLOURS.tile
        colours = {SUN: COLOURS.sun, MOON: COLOURS.moon}
        cell.style.text_color = colours.get(value, COLOURS.text) if self.token else COLOURS.text

"""Interactive boards for JupyterLab, in ipywidgets 8 alone: play a puzzle, step through a search, watch Q-learning.

The widgets add no puzzle logic: moves, shuffles, searches and tables are those of `game`, `search` and `qtable`.
"""

from __future__ import annotations

import base64
import functools
import html
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import ipywidgets as widgets

from .board import (
    BLANK,
    MOON,
    SUN,
    SUN_MOON_GOAL,
    SUN_MOON_START,
    Board,
    check_cells,
    is_token_board,
    default_goal,
    moves,
    slide,
)
from .checks import make_rng
from .grid import DIRECTION_NAMES
from .display import _FRAME, _HIGHLIGHT, _MOON, _SUN, _TILE, show
from .game import SlidingPuzzleGame
from .heuristics import HEURISTICS
from .problem import SlidingPuzzle
from .search import METHODS, astar_search, run_search, weighted_astar_search

__all__ = ["PuzzleBoard", "SearchExplorer", "QLearningView", "play", "picture"]

_TILE_MOVES = {"u": "down", "d": "up", "l": "right", "r": "left"}  # the blank goes one way, the tile the other
_SYMBOLS = {SUN: "☼", MOON: "☾"}
# A button with no text keeps the text it had in the browser (ipywidgets 8's ButtonView skips an empty
# description), so an empty cell shows a no-break space instead.
NO_TEXT = "\u00a0"
_MAX_PICTURE_BYTES = 8_000_000  # the image travels to the browser inside the page, base64-encoded


# --- Pictures ----------------------------------------------------------------------------------------


def picture() -> str:
    """The course's own picture for picture mode: a landscape drawn as SVG, no image file needed.

    Examples
    --------
    >>> svg = picture()
    >>> svg.startswith('<svg') and 'viewBox="0 0 300 300"' in svg
    True
    """
    rays = "".join(
        f'<line x1="{232 + 38 * math.cos(k * math.pi / 6):.1f}" y1="{62 + 38 * math.sin(k * math.pi / 6):.1f}" '
        f'x2="{232 + 52 * math.cos(k * math.pi / 6):.1f}" y2="{62 + 52 * math.sin(k * math.pi / 6):.1f}" '
        f'stroke="#ffd23f" stroke-width="5" stroke-linecap="round"/>'
        for k in range(12)
    )
    trees = "".join(
        f'<rect x="{x - 3}" y="{y}" width="6" height="14" fill="#6b4226"/>'
        f'<polygon points="{x},{y - 34 * s} {x - 15 * s},{y + 2} {x + 15 * s},{y + 2}" fill="#1f6b35"/>'
        for x, y, s in [(22, 206, 1.0), (48, 212, 1.2), (160, 214, 0.9), (282, 236, 1.3)]
    )
    flowers = "".join(
        f'<circle cx="{x}" cy="{y}" r="4" fill="{colour}"/><circle cx="{x}" cy="{y}" r="1.6" fill="#fff6a0"/>'
        for x, y, colour in [(200, 272, "#e8486b"), (222, 285, "#f39c34"), (246, 270, "#b45bd6"),
                             (268, 288, "#e8486b"), (182, 290, "#f39c34"), (290, 266, "#ffffff")]
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">'
        '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#2f6fc0"/><stop offset="1" stop-color="#cde9ff"/></linearGradient>'
        '<linearGradient id="lake" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#5aa7e8"/><stop offset="1" stop-color="#1d4f9a"/></linearGradient></defs>'
        '<rect width="300" height="300" fill="url(#sky)"/>'
        f'<circle cx="232" cy="62" r="30" fill="#ffd23f"/>{rays}'
        '<g fill="#ffffff" opacity="0.92"><ellipse cx="62" cy="48" rx="34" ry="13"/>'
        '<ellipse cx="88" cy="38" rx="24" ry="15"/>'
        '<ellipse cx="140" cy="92" rx="26" ry="9"/><ellipse cx="158" cy="86" rx="17" ry="10"/></g>'
        '<polygon points="0,175 55,96 100,150 150,66 212,162 252,112 300,158 300,215 0,215" fill="#6f7fa6"/>'
        '<polygon points="55,96 42,115 52,112 60,120 68,110" fill="#f4f7fb"/>'
        '<polygon points="150,66 133,92 145,88 153,97 165,86" fill="#f4f7fb"/>'
        '<polygon points="252,112 240,128 250,125 257,131 264,124" fill="#f4f7fb"/>'
        '<path d="M0,196 Q70,160 150,192 T300,184 V300 H0 Z" fill="#5fae4b"/>'
        '<path d="M0,236 Q90,214 170,240 T300,236 V300 H0 Z" fill="#4a963a"/>'
        '<ellipse cx="92" cy="258" rx="84" ry="26" fill="url(#lake)"/>'
        '<polygon points="80,250 112,250 106,259 86,259" fill="#8b5a2b"/>'
        '<polygon points="96,248 96,216 114,246" fill="#fbfbf3"/>'
        '<line x1="96" y1="214" x2="96" y2="250" stroke="#333"/>'
        '<rect x="198" y="186" width="48" height="40" fill="#f1dcb5"/>'
        '<polygon points="192,188 222,160 252,188" fill="#c0392b"/>'
        '<rect x="216" y="202" width="12" height="24" fill="#7b4a22"/>'
        '<rect x="203" y="195" width="10" height="9" fill="#8fd0ff"/>'
        '<rect x="232" y="195" width="10" height="9" fill="#8fd0ff"/>'
        f"{trees}{flowers}</svg>"
    )


_IMAGE_TYPES = [  # (how the file starts, its MIME type)
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
]


def _image_type(data: bytes) -> str | None:
    for magic, mime in _IMAGE_TYPES:
        if data.startswith(magic):
            return mime
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    head = data[:512].lstrip().lower()
    if head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in data[:4096].lower()):
        return "image/svg+xml"
    return None


def _square_svg(image) -> str:
    """The picture of picture mode as a square SVG: ours, or an image file cropped to its middle square.

    The image is not decoded here: the browser crops it (`preserveAspectRatio="xMidYMid slice"`) and
    cuts it into tiles (CSS `background-position`), so no image library is needed.
    """
    if image is True:
        return picture()
    if isinstance(image, (bytes, bytearray)):
        data, name = bytes(image), "the image bytes"
    elif isinstance(image, (str, os.PathLike)):
        path = Path(image)
        if not path.is_file():
            raise FileNotFoundError(f"no image file at {str(path)!r}")
        data, name = path.read_bytes(), repr(str(path))
    else:
        raise TypeError(f"picture must be True (the course's picture), an image file name or bytes, "
                        f"got {type(image).__name__}")
    mime = _image_type(data)
    if mime is None:
        raise ValueError(f"{name} is not a PNG, JPEG, GIF, WebP or SVG image")
    if len(data) > _MAX_PICTURE_BYTES:
        raise ValueError(f"{name} has {len(data):,} bytes; picture mode takes images up to "
                         f"{_MAX_PICTURE_BYTES:,} bytes (the page carries the whole image): use a smaller one")
    href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="300" '
        f'viewBox="0 0 300 300"><image href="{href}" xlink:href="{href}" x="0" y="0" width="300" height="300" '
        'preserveAspectRatio="xMidYMid slice"/></svg>'
    )


def _data_url(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


# --- The playable board ------------------------------------------------------------------------------


@dataclass
class _Plan:
    """Moves of the blank to play on the board, where they come from, and whether they are a shortest path."""

    actions: list
    source: str
    shortest: bool
    reaches_goal: bool = True
    done: int = 0
    expected: tuple = ()  # the board the next move applies to


class PuzzleBoard(widgets.VBox):
    """A board to play: click a tile next to the blank to slide it; Shuffle, Reset, Hint, Solve, Stop.

    Parameters
    ----------
    size : the width of the board, 3 to 5 in the size menu (any width of 2 or more here).
    board : the board to start from; by default a shuffled one (from `seed`).
    goal : the board to reach; by default the tiles in order with the blank last.
    seed : makes every shuffle repeatable.
    picture : picture mode: True for the course's picture, or an image file (PNG, JPEG, GIF,
        WebP, SVG) or its bytes; each tile shows its piece of the image.
    numbers : in picture mode, show each tile's number in a corner too.
    hints : where Hint and Solve get their moves: 'astar' (shortest paths) or 'qtable' (the
        shipped table of the 8-puzzle, as the seed's `Solver`); `use_table` adds a table of your own.
    max_seconds, max_expanded : the limits of one search for a hint or a solution. On 4x4 and 5x5
        a shortest path is often out of reach; then weighted A* (not always shortest) is tried,
        within the same limits, and the message says so. Nothing waits longer.

    Hint and Solve run `puzzlekit.search.astar_search` (or read the table); Solve plays the moves
    one at a time, driven by a hidden `ipywidgets.Play` that ticks in the browser; `step()` plays
    one move by hand, which is how the tests drive it.

    Examples
    --------
    >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> board.cells[7].click()            # tile 7, right of the blank, slides left
    >>> board.board, board.counter.value
    ((1, 2, 3, 4, 5, 6, 7, 0, 8), 'Moves: 1')
    >>> board.cells[0].click()            # tile 1 is not next to the blank: nothing moves
    >>> board.message.value
    'Tile 1 is not next to the blank; the tiles that can slide: 5, 7, 8.'
    >>> board.solve_button.click()        # A* finds the last move; the animation plays it
    >>> board.step(), board.message.value
    (True, 'Solved in 2 moves: 1 yours, then 1 by A*.')
    """

    def __init__(self, size: int = 3, *, board: Sequence[int] | None = None, goal: Sequence[int] | None = None,
                 seed=0, picture=None, numbers: bool = True, hints: str = "astar", max_seconds: float = 1.5,
                 max_expanded: int = 300_000):
        super().__init__()
        if board is not None:
            size = check_cells(board)[1]
        self._rng = make_rng(seed)  # one generator for every deal of this board, whatever its size
        self.game = SlidingPuzzleGame(size, board=board, seed=self._rng, goal=goal)
        if board is None:
            self.game.shuffle()
        self.token = is_token_board(self.game.goal)
        if hints == "qtable" and not (self.game.size == 3 and self.game.goal == default_goal(3)):
            raise ValueError("hints='qtable' needs the 8-puzzle with its usual goal: the shipped table covers "
                             "only those boards; use hints='astar'")
        if picture not in (None, False) and self.token:
            raise ValueError("picture mode needs numbered tiles; the sun/moon board shows its symbols")
        self._picture_url = _data_url(_square_svg(picture)) if picture not in (None, False) else None
        self.numbers = numbers
        self.max_seconds, self.max_expanded = max_seconds, max_expanded
        self._tables: dict = {}  # hint source -> its Q-table (the shipped one is loaded on first use)
        self._solver = None
        self._known: dict = {}  # board -> (the rest of a path found by a search, shortest?, source)
        self._known_note = ""
        self._plan: _Plan | None = None
        self._prefix = f"pk{self.model_id[:10]}"  # CSS names for this board alone

        self.style_html = widgets.HTML(layout=widgets.Layout(display="none"))
        self.grid = widgets.GridBox()
        self.grid.add_class("puzzlekit-grid")
        self.grid.add_class(f"{self._prefix}-grid")
        self.cells: list[widgets.Button] = []
        self.goal_picture = widgets.HTML()
        self.counter = widgets.Label("Moves: 0")
        self.counter.add_class("puzzlekit-counter")
        self.message = widgets.HTML()
        self.message.add_class("puzzlekit-message")
        button = functools.partial(widgets.Button, layout=widgets.Layout(width="104px"))
        self.shuffle_button = button(description="Shuffle", tooltip="a new board that can be solved")
        self.reset_button = button(description="Reset", tooltip="back to the start of this game")
        self.hint_button = button(description="Hint", tooltip="the next move of a shortest solution")
        self.solve_button = button(description="Solve", tooltip="play a solution, move by move", button_style="info")
        self.stop_button = button(description="Stop", tooltip="stop the solution", disabled=True)
        for name, action in [("shuffle", self.shuffle), ("reset", self.reset), ("hint", self.hint),
                             ("solve", self.solve), ("stop", self.stop)]:
            getattr(self, f"{name}_button").on_click(lambda _, action=action: action())
            getattr(self, f"{name}_button").add_class(f"puzzlekit-{name}")
        self.speed = widgets.IntSlider(value=4, min=1, max=20, description="moves/s",
                                       layout=widgets.Layout(width="220px"),
                                       style={"description_width": "56px"})
        self.play = widgets.Play(min=0, max=2**31 - 1, interval=250, show_repeat=False,
                                 layout=widgets.Layout(display="none"))
        self.speed.observe(self._on_speed, "value")
        self.play.observe(self._on_tick, "value")
        self.size_choice = widgets.Dropdown(description="size", layout=widgets.Layout(width="150px"),
                                            style={"description_width": "40px"})
        self.hint_choice = widgets.Dropdown(description="hints", layout=widgets.Layout(width="200px"),
                                            style={"description_width": "40px"})
        self.add_class("puzzlekit-board")

        self._shown: list = []
        self._choosing = False
        self._build_grid()
        self._set_size_choices()
        self._set_hint_choices(hints)
        self.size_choice.observe(self._on_size, "value")
        self.hint_choice.observe(lambda _: self._known.clear(), "value")
        controls = widgets.VBox(
            [self.counter, self.shuffle_button, self.reset_button, self.hint_button, self.solve_button,
             self.stop_button, self.goal_picture],
            layout=widgets.Layout(margin="0 0 0 12px"),
        )
        self.children = [
            self.style_html,
            widgets.HBox([self.size_choice, self.hint_choice]),
            widgets.HBox([self.grid, controls]),
            self.speed,
            self.play,
            self.message,
        ]
        self._say("Click a tile next to the blank to slide it." if not self.game.is_solved() else
                  "Solved. Shuffle for a new game.")

    @classmethod
    def sun_moon(cls, *, seed=0, **options) -> PuzzleBoard:
        """The sun/moon board: 4 suns, 4 moons and a blank, from the seed's start to its goal.

        Examples
        --------
        >>> board = PuzzleBoard.sun_moon()
        >>> [cell.description for cell in board.cells[:3]], board.game.goal == SUN_MOON_GOAL
        (['☼', '☼', '☼'], True)
        """
        return cls(board=SUN_MOON_START, goal=SUN_MOON_GOAL, seed=seed, **options)

    def __repr__(self) -> str:
        return f"PuzzleBoard(size={self.game.size}, board={self.board}, move_count={self.move_count})"

    # --- What the board holds -------------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The board on show, a tuple; setting it starts a new game from that board."""
        return self.game.board

    @board.setter
    def board(self, board: Sequence[int]) -> None:
        self._stop_plan()
        cells, size = check_cells(board)
        if size != self.game.size:
            if self.token:
                raise ValueError(f"this sun/moon board is 3x3; the board given is {size}x{size}")
            self._new_game(size, cells)
            self._build_grid()
            self._set_size_choices()
            self._set_hint_choices(self.hint_choice.value)
        else:
            self.game.board = cells
            self._refresh()
        self._say("Click a tile next to the blank to slide it.")

    @property
    def move_count(self) -> int:
        """The moves made since the last shuffle or reset, by hand or by the solver."""
        return self.game.move_count

    @property
    def solved(self) -> bool:
        """True when the board shows the goal."""
        return self.game.is_solved()

    # --- Building -------------------------------------------------------------------------------------

    def _cell_px(self) -> int:
        return {2: 72, 3: 64, 4: 56}.get(self.game.size, 48)

    def _build_grid(self) -> None:
        for old in self.cells:
            old.layout.close()
            old.style.close()
            old.close()
        size, px = self.game.size, self._cell_px()
        self.cells = []
        shape = widgets.Layout(width=f"{px}px", height=f"{px}px", margin="0", padding="0")  # one for all the cells
        for index in range(size * size):
            cell = widgets.Button(layout=shape)
            cell.style.font_weight = "bold"
            cell.style.font_size = f"{round(px * (0.5 if self.token else 0.4))}px"
            cell.add_class("puzzlekit-cell")
            cell.add_class(f"{self._prefix}-cell")
            cell.on_click(functools.partial(self._clicked, index))
            self.cells.append(cell)
        self._shown = [None] * (size * size)
        self.grid.layout = widgets.Layout(grid_template_columns=f"repeat({size}, {px}px)",
                                          grid_template_rows=f"repeat({size}, {px}px)", grid_gap="3px",
                                          width="max-content", height="max-content", align_self="flex-start")
        self.grid.children = self.cells
        self.style_html.value = self._css()
        self._draw_goal()
        self._refresh()

    def _css(self) -> str:
        p, size = self._prefix, self.game.size
        rules = [
            f".{p}-grid {{ background: {_FRAME}; padding: 5px; border-radius: 7px; }}",
            f".{p}-grid .{p}-cell {{ border-radius: 5px; box-shadow: none; }}",
        ]
        if self._picture_url:
            rules.append(
                f'.{p}-grid .{p}-pic {{ background-image: url("{self._picture_url}") !important; '
                f"background-size: {size * 100}% {size * 100}% !important; background-repeat: no-repeat !important; "
                "color: #fff !important; text-shadow: 0 0 3px #000, 0 0 2px #000; font-size: 12px !important; "
                "display: flex; align-items: flex-start; justify-content: flex-start; padding: 2px 5px !important; }"
            )
            for tile in self.game.goal:
                row, col = divmod(self.game.goal.index(tile), size)
                rules.append(f".{p}-grid .{p}-t{tile} {{ background-position: "
                             f"{col * 100 / (size - 1):g}% {row * 100 / (size - 1):g}% !important; }}")
        return "<style>" + "\n".join(rules) + "</style>"

    def _draw_goal(self) -> None:
        if self._picture_url:
            self.goal_picture.value = (f'<div style="margin-top:8px;font-size:12px">goal</div>'
                                       f'<img src="{self._picture_url}" width="96" height="96" alt="the picture">')
        elif self.token:
            self.goal_picture.value = ('<div style="margin-top:8px;font-size:12px">goal</div>'
                                       + show(self.game.goal, cell=26)._repr_svg_())
        else:
            self.goal_picture.value = ""

    def _set_size_choices(self) -> None:
        size = self.game.size
        self._choosing = True  # the options change the value on the way: not a choice of the reader's
        try:
            if self.token:
                self.size_choice.options = [("3x3", 3)]
                self.size_choice.layout.display = "none"
            else:
                self.size_choice.options = [(f"{n}x{n}", n) for n in sorted({3, 4, 5, size})]
            self.size_choice.value = size
        finally:
            self._choosing = False

    def _tables_apply(self) -> bool:
        """Q-tables cover the 2x2 and 3x3 puzzles of numbered tiles with the usual goal."""
        return not self.token and self.game.size in (2, 3) and self.game.goal == default_goal(self.game.size)

    def _set_hint_choices(self, selected: str) -> None:
        options = [("A*", "astar")]
        if self._tables_apply() and self.game.size == 3:
            options.append(("Q-table", "qtable"))
        if self._tables_apply():
            rows = _table_rows(self.game.size)
            options += [(f"Q-table ({name})", name) for name, q in self._tables.items()
                        if name != "qtable" and q.shape == (rows, 4)]
        values = [value for _, value in options]
        if selected not in values:
            if selected not in ("astar", "qtable") and selected not in self._tables:
                raise ValueError(f"hints must be 'astar' or 'qtable' (the shipped table of the 8-puzzle), "
                                 f"got {selected!r}")
            selected = "astar"
        self.hint_choice.options = options
        self.hint_choice.value = selected
        self.hint_choice.layout.display = None if len(options) > 1 else "none"

    def use_table(self, q, name: str = "trained") -> None:
        """Take hints and solutions from the Q-table `q` (rows of `qtable.state_space(3)`, 4 columns).

        Examples
        --------
        >>> from puzzlekit.qtable import load_table
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> board.use_table(load_table()[0], "shipped copy")
        >>> board.hint_choice.value
        'shipped copy'
        """
        import numpy as np

        if not self._tables_apply():
            raise ValueError("Q-tables cover the 2x2 and 3x3 puzzles with their usual goal; "
                             "this board is another puzzle")
        q, rows = np.asarray(q), _table_rows(self.game.size)
        if q.shape != (rows, 4):
            raise ValueError(f"a Q-table of the {self.game.size}x{self.game.size} puzzle has shape ({rows}, 4), "
                             f"got {q.shape}")
        if name in ("astar", "qtable"):
            raise ValueError(f"{name!r} names a built-in source; give the table another name")
        self._tables[name] = q
        self._set_hint_choices(name)

    # --- Drawing --------------------------------------------------------------------------------------

    def _refresh(self, highlight: int | None = None) -> None:
        """Show the game's board on the buttons; only the cells that changed are sent to the browser."""
        board, solved = self.game.board, self.game.is_solved()
        for index, value in enumerate(board):
            look = (value, index == highlight, solved and value == BLANK)
            if self._shown[index] == look:
                continue
            self._shown[index] = look
            self._draw_cell(self.cells[index], value, highlighted=index == highlight, complete=look[2])
        self.counter.value = f"Moves: {self.game.move_count}"

    def _draw_cell(self, cell: widgets.Button, value: int, highlighted: bool, complete: bool) -> None:
        p = self._prefix
        if self._picture_url:  # a tile shows its piece; the blank none, until the picture is complete
            pieces = {f"{p}-pic", f"{p}-t{value}"} if value != BLANK or complete else set()
            for name in [c for c in cell._dom_classes if c.startswith(f"{p}-t") or c == f"{p}-pic"]:
                if name not in pieces:
                    cell.remove_class(name)
            for name in sorted(pieces):
                cell.add_class(name)
        if value == BLANK:
            cell.description = NO_TEXT
            cell.tooltip = "the blank"
            cell.style.button_color = _TILE if complete else _FRAME
        else:
            cell.description = _SYMBOLS.get(value, str(value)) if self.token else (
                str(value) if self.numbers or not self._picture_url else NO_TEXT)
            cell.tooltip = f"tile {value}" if not self.token else ("a sun" if value == SUN else "a moon")
            cell.style.button_color = _HIGHLIGHT if highlighted else _TILE
        cell.style.text_color = {SUN: _SUN, MOON: _MOON}.get(value, "#222") if self.token else "#222"

    def _say(self, text: str) -> None:
        self.message.value = html.escape(text, quote=False)

    def _piece(self, value: int, index: int | None = None) -> str:
        """How a message names a tile: 'tile 5', or the sun/moon at (row, col)."""
        if not self.token:
            return f"tile {value}"
        name = "☼" if value == SUN else "☾"
        if index is None:
            return f"the {name}"
        return f"the {name} at row {index // self.game.size + 1}, column {index % self.game.size + 1}"

    # --- Playing by hand --------------------------------------------------------------------------------

    def _clicked(self, index: int, _button=None) -> None:
        self._stop_plan()
        board = self.game.board
        value = board[index]
        if value == BLANK:
            self._refresh()
            self._say(f"That is the blank. Click a tile next to it: {self._movable(board)}.")
            return
        if self.game.move_tile_by_index(index) is None:
            self._refresh()
            if self.token:
                self._say(f"That {_SYMBOLS[value]} is not next to the blank; "
                          f"click one that is: {self._movable(board)}.")
            else:
                self._say(f"Tile {value} is not next to the blank; the tiles that can slide: {self._movable(board)}.")
            return
        self._refresh()
        self._say(f"Solved in {self.move_count} moves! Shuffle for a new game." if self.game.is_solved() else "")

    def _movable(self, board: Board) -> str:
        tiles = moves(board)
        if self.token:
            return ", ".join(_SYMBOLS[tile] for tile in tiles)
        return ", ".join(str(tile) for tile in sorted(tiles))

    def shuffle(self) -> Board:
        """Deal a new board that can reach the goal (the next one from the seed); the counter goes to 0.

        Examples
        --------
        >>> board = PuzzleBoard(seed=1)
        >>> board.shuffle_button.click()
        >>> board.board != PuzzleBoard(seed=1).board, board.move_count
        (True, 0)
        """
        self._stop_plan()
        self.game.shuffle()
        self._refresh()
        self._say("A new board: slide the tiles back in order." if not self.token else
                  "A new board: make it look like the goal.")
        return self.board

    def reset(self) -> Board:
        """Go back to the board this game started from, with the counter at 0.

        Examples
        --------
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> board.cells[8].click()
        >>> board.reset_button.click()
        >>> board.board, board.move_count
        ((1, 2, 3, 4, 5, 6, 7, 0, 8), 0)
        """
        self._stop_plan()
        self.game.reset()
        self._refresh()
        self._say("Back to the start of this game.")
        return self.board

    def _on_size(self, change) -> None:
        if not self._choosing and change["new"] is not None and change["new"] != self.game.size:
            self._stop_plan()
            self._new_game(change["new"])
            self.game.shuffle()
            self._build_grid()
            self._set_hint_choices(self.hint_choice.value)
            self._say(f"A new {self.game.size}x{self.game.size} board: slide the tiles back in order.")

    def _new_game(self, size: int, board: Board | None = None) -> None:
        self.game = SlidingPuzzleGame(size, board=board, seed=self._rng)  # checks the board before it replaces ours
        self._known.clear()

    # --- Hints and solutions ------------------------------------------------------------------------------

    def hint(self) -> str | None:
        """Show the next move of a solution and colour its tile; return the blank's move ('u', 'r', 'd', 'l').

        Examples
        --------
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 0, 7, 8))
        >>> board.hint_button.click()
        >>> board.message.value
        'Hint: slide tile 7 left; 2 moves to go (A*, a shortest path).'
        >>> board.cells[7].style.button_color == '#9fd3a8'   # tile 7 is coloured
        True
        """
        self._stop_plan()
        if self.game.is_solved():
            self._refresh()
            self._say("Already solved. Shuffle for a new game.")
            return None
        plan, note = self._find_plan()
        if plan is None:
            self._refresh()
            self._say(note)
            return None
        action = plan.actions[0]
        board = self.game.board
        index = slide(board, action).index(BLANK)  # the cell of the tile that moves
        tile = self._piece(board[index], index)
        slide_it, left = f"slide {tile} {_TILE_MOVES[action]}", len(plan.actions)
        if plan.source.startswith("Q-table"):
            text = f"Hint: {slide_it} (the greedy move of the {plan.source})."
        elif plan.shortest:
            text = f"Hint: {slide_it}; {left} move{'s' * (left != 1)} to go ({plan.source}, a shortest path)."
        else:
            who = plan.source[0].upper() + plan.source[1:]
            text = f"{note} {who}, faster but not always shortest, suggests: {slide_it} (a path of {left} moves)."
        self._refresh(highlight=index)
        self._say(text)
        return action

    def solve(self) -> None:
        """Find a solution from the board on show and play it, one move per tick of the speed.

        `step()` plays the next move at once; the hidden `play` widget calls it in the browser.

        Examples
        --------
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 0, 5, 7, 8, 6))
        >>> board.solve()
        >>> board.message.value
        'Solving: 2 moves (A*, a shortest path). Stop halts it.'
        >>> while board.step():
        ...     pass
        >>> board.solved, board.message.value
        (True, 'Solved in 2 moves, all by A*.')
        """
        self._stop_plan()
        if self.game.is_solved():
            self._refresh()
            self._say("Already solved. Shuffle for a new game.")
            return
        plan, note = self._find_plan()
        self._refresh()
        if plan is None:
            self._say(note)
            return
        plan.expected = self.game.board
        self._plan = plan
        self._moves_before = self.game.move_count
        count = f"{len(plan.actions)} move{'s' * (len(plan.actions) != 1)}"
        if plan.source.startswith("Q-table"):
            what = (f"Playing the greedy policy of the {plan.source}: {count}." if plan.reaches_goal else
                    f"The {plan.source}'s greedy policy does not reach the goal in {count}; playing them anyway.")
        elif plan.shortest:
            what = f"Solving: {count} ({plan.source}, a shortest path)."
        else:
            what = f"{note} Playing {plan.source}'s path instead: {count}, not always the shortest."
        self._say(what + " Stop halts it.")
        self.stop_button.disabled = False
        self.play.interval = round(1000 / self.speed.value)
        self.play.playing = True

    def step(self) -> bool:
        """Play the next move of the solution being shown; False when there is none.

        Examples
        --------
        >>> PuzzleBoard().step()
        False
        """
        plan = self._plan
        if plan is None:
            return False
        if self.game.board != plan.expected:  # the board was changed under the plan (by code): drop it
            self._stop_plan()
            return False
        self.game.move_hole(plan.actions[plan.done])
        plan.done += 1
        plan.expected = self.game.board
        self._refresh()
        if plan.done < len(plan.actions):
            return True
        self._stop_plan()
        if self.game.is_solved():
            by_hand = self.game.move_count - len(plan.actions)
            who = plan.source if not plan.source.startswith("Q-table") else f"the {plan.source}"
            if by_hand:
                self._say(f"Solved in {self.game.move_count} moves: {by_hand} yours, "
                          f"then {len(plan.actions)} by {who}.")
            else:
                self._say(f"Solved in {self.game.move_count} moves, all by {who}.")
        else:
            self._say(f"The policy made {len(plan.actions)} moves without reaching the goal.")
        return True

    def stop(self) -> None:
        """Stop the solution being played; the board stays where it is.

        Examples
        --------
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 0, 5, 7, 8, 6))
        >>> board.solve_button.click()
        >>> board.step()
        True
        >>> board.stop_button.click()
        >>> board.message.value, board.move_count
        ('Stopped after 1 of 2 moves.', 1)
        """
        plan = self._plan
        self._stop_plan()
        if plan is not None:
            self._say(f"Stopped after {plan.done} of {len(plan.actions)} moves.")

    def _stop_plan(self) -> None:
        self._plan = None
        self.play.playing = False
        self.stop_button.disabled = True

    def _on_tick(self, change) -> None:
        """One tick of the Play widget in the browser: one move. Ticks with no plan are ignored."""
        if self._plan is not None:
            self.step()

    def _on_speed(self, change) -> None:
        self.play.interval = round(1000 / change["new"])

    def _find_plan(self) -> tuple[_Plan | None, str]:
        """The moves from the board on show: from a Q-table, a known path, A*, or weighted A* within the limits."""
        board, source = self.game.board, self.hint_choice.value
        if source != "astar":
            return self._table_plan(board, source), ""
        if board in self._known:
            actions, shortest, name = self._known[board]
            return _Plan(list(actions), name, shortest), self._known_note
        problem = SlidingPuzzle(board, self.game.goal)
        h = "manhattan" if self.token else "linear_conflict"
        limits = {"max_seconds": self.max_seconds, "max_expanded": self.max_expanded}
        result = astar_search(problem, h, **limits)
        note = ""
        if result.found:
            self._remember(result, True, "A*", note)
            return _Plan(list(result.actions), "A*", True), note
        stopped = _limit_text(result)
        result = weighted_astar_search(problem, h, 3, **limits)
        if result.found:
            note = f"No shortest path within the limit (A* {stopped})."
            self._remember(result, False, "weighted A*", note)
            return _Plan(list(result.actions), "weighted A*", False), note
        return None, (f"No hint within the limit: A* {stopped}, and weighted A* {_limit_text(result)}. "
                      "Move a few tiles towards their places and ask again.")

    def _remember(self, result, shortest: bool, source: str, note: str) -> None:
        """Keep the path found: each board on it knows the rest of the way, so following hints costs no search."""
        self._known = {board: (tuple(result.actions[i:]), shortest, source)
                       for i, board in enumerate(result.path[:-1])}
        self._known_note = note

    def _table_plan(self, board: Board, source: str, max_moves: int = 100) -> _Plan:
        """The greedy policy of a Q-table from `board`: the move of highest value, as `qtable.Solver` plays it."""
        from .qtable import greedy_moves, state_space

        if source not in self._tables:  # the shipped table, loaded on first use
            from .qtable import Solver

            self._solver = self._solver or Solver()
            self._tables[source] = self._solver.q
        q, space = self._tables[source], state_space(self.game.size)
        actions, reached = greedy_moves(q, space, space.row(board), max_moves)
        label = "Q-table" if source == "qtable" else f"Q-table ({source})"
        return _Plan(actions, label, False, reaches_goal=reached)


def _table_rows(size: int) -> int:
    """The rows of a Q-table of the `size` x `size` puzzle: one per board that can reach the goal."""
    return math.factorial(size * size) // 2


def _limit_text(result) -> str:
    """How a search stopped, for a message: 'stopped after 1.5 s and 150,000 boards'."""
    return f"stopped after {result.seconds:.1f} s and {result.expanded:,} boards expanded"


def play(size: int = 3, **options) -> PuzzleBoard:
    """A shuffled board to play with: `play()` as the last line of a cell shows it.

    Options are those of `PuzzleBoard` (`seed`, `picture`, `hints`, ...).

    Examples
    --------
    >>> play(4, seed=2).game.size
    4
    """
    return PuzzleBoard(size, **options)


# --- The search explorer -------------------------------------------------------------------------------


@dataclass
class _Frame:
    """One picture of a search: what happened, on which board, and the counts at that moment."""

    kind: str  # 'expand', 'deepen', 'found', 'path'
    board: tuple
    g: int = 0
    h: float | None = None
    f: float | None = None
    expanded: int = 0
    frontier: int = 0
    bound: float | None = None
    action: str | None = None
    added: list = field(default_factory=list)  # (board, action, g, h, f) put on the frontier at this step


_METHOD_NAMES = {
    "astar": "A*",
    "ida_star": "IDA*",
    "weighted_astar": "weighted A* (w = 2)",
    "greedy": "greedy best-first",
    "breadth_first": "breadth-first",
    "iterative_deepening": "iterative deepening",
    "depth_first": "depth-first",
}
_ONE_PATH = {"iterative_deepening", "ida_star"}  # these keep one path, not a frontier of reached states
_INFORMED = {"astar", "ida_star", "weighted_astar", "greedy"}


def _starts() -> dict:
    """The boards a learner can pick in the explorer, each named with its distance to the goal."""
    return {
        "6 moves: 4 1 3 / 7 2 6 / _ 5 8": ((4, 1, 3, 7, 2, 6, 0, 5, 8), None),
        "12 moves: 4 1 6 / 7 _ 2 / 5 3 8": ((4, 1, 6, 7, 0, 2, 5, 3, 8), None),
        "20 moves: 2 3 7 / 8 _ 6 / 1 5 4": ((2, 3, 7, 8, 0, 6, 1, 5, 4), None),
        "31 moves, the hardest: 8 6 7 / 2 5 4 / 3 _ 1": ((8, 6, 7, 2, 5, 4, 3, 0, 1), None),
        "sun and moon: 13 moves": (SUN_MOON_START, SUN_MOON_GOAL),
    }


class SearchExplorer(widgets.VBox):
    """Watch a search work: pick a start board, an algorithm and a heuristic, then step or play through it.

    Each step shows the board being expanded, its depth g (and h, f for the informed searches),
    the boards it puts on the frontier, the size of the frontier and the boards expanded so far;
    the last steps walk along the path found. The search is `puzzlekit.search.run_search`, its
    steps recorded through its `on_event` callback; `max_expanded` keeps the recording small.

    Examples
    --------
    >>> explorer = SearchExplorer(method="breadth_first")
    >>> explorer.result
    SearchResult(method='breadth_first', status='found', length=6, expanded=34, generated=89, max_frontier=22)
    >>> explorer.stats.value
    'Step 1 of 41: expanding a board at depth 0. Frontier: 2 boards. Expanded so far: 1.'
    >>> explorer.frame.value = explorer.frame.max     # the last step: the goal, at the end of the path
    >>> explorer.stats.value
    'The path found, move 6 of 6: the blank moves right. 6 moves, 34 boards expanded.'
    """

    def __init__(self, start: Sequence[int] | None = None, goal: Sequence[int] | None = None, *,
                 method: str = "astar", heuristic: str = "manhattan", max_expanded: int = 20_000):
        super().__init__()
        self.starts = _starts()
        if start is not None:
            cells = SlidingPuzzle(start, goal).initial  # checks the board and that it can reach the goal
            self.starts = {f"your board: {_one_line(cells)}": (cells, goal), **self.starts}
        if method not in METHODS:
            raise ValueError(f"no search method named {method!r}; the methods are {', '.join(map(repr, METHODS))}")
        if heuristic not in HEURISTICS:
            raise ValueError(f"no heuristic named {heuristic!r}; the names are {', '.join(map(repr, HEURISTICS))}")
        self.max_expanded = max_expanded
        self.frames: list[_Frame] = []
        self.result = None
        self.start_choice = widgets.Dropdown(options=list(self.starts), description="start",
                                             layout=widgets.Layout(width="420px"), style={"description_width": "60px"})
        self.method_choice = widgets.Dropdown(options=[(name, key) for key, name in _METHOD_NAMES.items()],
                                              value=method, description="search",
                                              layout=widgets.Layout(width="300px"), style={"description_width": "60px"})
        self.heuristic_choice = widgets.Dropdown(options=list(HEURISTICS), value=heuristic, description="h",
                                                 layout=widgets.Layout(width="220px"),
                                                 style={"description_width": "30px"})
        self.frame = widgets.IntSlider(min=0, max=0, description="step", readout=True,
                                       layout=widgets.Layout(width="420px"), style={"description_width": "60px"})
        self.back_button = widgets.Button(description="◀ back", layout=widgets.Layout(width="80px"))
        self.step_button = widgets.Button(description="step ▶", layout=widgets.Layout(width="80px"))
        self.play_button = widgets.Button(description="play", button_style="info", layout=widgets.Layout(width="80px"))
        self.speed = widgets.IntSlider(value=5, min=1, max=30, description="steps/s",
                                       layout=widgets.Layout(width="240px"), style={"description_width": "60px"})
        self.play = widgets.Play(min=0, max=2**31 - 1, interval=200, layout=widgets.Layout(display="none"))
        self.picture = widgets.HTML()
        self.stats = widgets.HTML()
        self.summary = widgets.HTML()
        self.add_class("puzzlekit-explorer")
        for widget, name in [(self.frame, "steps"), (self.stats, "stats"), (self.summary, "summary")]:
            widget.add_class(f"puzzlekit-{name}")
        self.back_button.on_click(lambda _: self.back())
        self.step_button.on_click(lambda _: self.step())
        self.play_button.on_click(lambda _: self.toggle_play())
        self.speed.observe(lambda change: setattr(self.play, "interval", round(1000 / change["new"])), "value")
        self.play.observe(lambda _: self._tick(), "value")
        self.frame.observe(lambda _: self._show(), "value")
        for choice in (self.start_choice, self.method_choice, self.heuristic_choice):
            choice.observe(lambda _: self.run(), "value")
        self.children = [
            widgets.HBox([self.start_choice]),
            widgets.HBox([self.method_choice, self.heuristic_choice]),
            widgets.HBox([self.back_button, self.step_button, self.play_button, self.speed]),
            self.frame,
            self.play,
            self.stats,
            self.picture,
            self.summary,
        ]
        self.run()

    def __repr__(self) -> str:
        board = self.starts[self.start_choice.value][0]
        return (f"SearchExplorer(start={board}, method={self.method_choice.value!r}, "
                f"heuristic={self.heuristic_choice.value!r})")

    def run(self) -> None:
        """Run the chosen search from the chosen board, recording its steps, and show the first.

        Examples
        --------
        >>> explorer = SearchExplorer()
        >>> explorer.method_choice.value = "greedy"      # a new choice runs the search again
        >>> explorer.result.method, explorer.frame.value
        ('greedy', 0)
        """
        self.play.playing = False
        self.play_button.description = "play"
        board, goal = self.starts[self.start_choice.value]
        method, heuristic = self.method_choice.value, self.heuristic_choice.value
        self.heuristic_choice.disabled = method not in _INFORMED
        frames: list[_Frame] = []
        frontier: set = set()
        one_path = method in _ONE_PATH
        counts = {"expanded": 0}

        def record(kind: str, state, info: dict) -> None:
            if kind == "expand":
                counts["expanded"] += 1
                frontier.discard(state)
                frames.append(_Frame("expand", state, info["g"], info.get("h"), info.get("f"), counts["expanded"],
                                     info["g"] + 1 if one_path else len(frontier)))
            elif kind == "add":
                if not one_path:
                    frontier.add(state)
                if frames and frames[-1].kind == "expand" and info.get("parent") == frames[-1].board:
                    frames[-1].added.append((state, info["action"], info["g"], info.get("h"), info.get("f")))
                    if not one_path:
                        frames[-1].frontier = len(frontier)
            elif kind == "deepen":
                frames.append(_Frame("deepen", state, 0, expanded=counts["expanded"], bound=info["bound"]))
            elif kind == "found":
                if method in ("breadth_first", "depth_first") and frames and frames[-1].kind == "expand":
                    # These test a board for the goal when it is generated: the goal never waits on the frontier.
                    if any(added[0] == state for added in frames[-1].added):
                        frames[-1].frontier -= 1
                frames.append(_Frame("found", state, info["g"], expanded=counts["expanded"]))

        options = {"max_expanded": self.max_expanded, "on_event": record}
        if method == "weighted_astar":
            options["weight"] = 2
        try:
            self.result = run_search(SlidingPuzzle(board, goal), method, heuristic, **options)
        except ValueError as error:  # e.g. linear_conflict on the sun/moon board
            self.result, self.frames = None, []
            self.frame.max = 0
            self.stats.value = html.escape(str(error), quote=False)
            self.picture.value = show(board, captions=["start"], cell=44)._repr_svg_()
            self.summary.value = ""
            return
        result = self.result
        if result.found:
            for number, (state, action) in enumerate(zip(result.path[1:], result.actions), start=1):
                frames.append(_Frame("path", state, number, action=action, expanded=result.expanded))
        self.frames = frames
        self.summary.value = html.escape(self._summary(), quote=False)
        with self.frame.hold_trait_notifications():
            self.frame.max = max(len(frames) - 1, 0)
            self.frame.value = 0
        self._show()

    def _summary(self) -> str:
        result, name = self.result, _METHOD_NAMES[self.result.method]
        if result.found:
            moves = " ".join(result.actions) or "none"
            return (f"{name} found a path of {result.length} moves ({moves}), after expanding "
                    f"{result.expanded:,} boards; at most {result.max_frontier:,} "
                    f"{'on the path' if result.method in _ONE_PATH else 'on the frontier'}.")
        if result.status in ("max_expanded", "max_seconds"):
            return (f"{name} stopped at the limit of {self.max_expanded:,} boards expanded without reaching "
                    "the goal: try A* or a better heuristic.")
        return f"{name} found no path ({result.status})."

    def step(self) -> bool:
        """Show the next step of the search; False at the last one.

        Examples
        --------
        >>> explorer = SearchExplorer()
        >>> explorer.step(), explorer.frame.value
        (True, 1)
        """
        if self.frame.value >= self.frame.max:
            self.play.playing = False
            self.play_button.description = "play"
            return False
        self.frame.value += 1
        return True

    def back(self) -> bool:
        """Show the step before; False at the first.

        Examples
        --------
        >>> SearchExplorer().back()
        False
        """
        if self.frame.value <= 0:
            return False
        self.frame.value -= 1
        return True

    def toggle_play(self) -> None:
        """Play the steps one after another at the chosen speed, or pause them.

        Examples
        --------
        >>> explorer = SearchExplorer()
        >>> explorer.toggle_play(); explorer.play.playing
        True
        >>> explorer.toggle_play(); explorer.play.playing
        False
        """
        playing = not self.play.playing
        if playing and self.frame.value >= self.frame.max:
            self.frame.value = 0
        self.play.interval = round(1000 / self.speed.value)
        self.play.playing = playing
        self.play_button.description = "pause" if playing else "play"

    def _tick(self) -> None:
        if self.play.playing:
            self.step()

    def _show(self) -> None:
        if not self.frames:
            return
        index = self.frame.value
        frame, total = self.frames[index], len(self.frames)
        one_path = self.result.method in _ONE_PATH
        if frame.kind == "expand":
            estimate = frame.h is not None and self.result.method in _INFORMED
            numbers = f"g = {frame.g}" + (f", h = {frame.h:g}, f = {frame.f:g}" if estimate else "")
            held = (f"On the path: {frame.frontier} boards" if one_path else
                    f"Frontier: {frame.frontier} board{'s' * (frame.frontier != 1)}")
            self.stats.value = (f"Step {index + 1} of {total}: expanding a board at depth {frame.g}"
                                f"{f' (h = {frame.h:g}, f = {frame.f:g})' if estimate else ''}. "
                                f"{held}. Expanded so far: {frame.expanded:,}.")
            pictures = [show(frame.board, captions=[f"expanding: {numbers}"], cell=44)._repr_svg_()]
            for child, action, g, h, f in frame.added:
                estimate = h is not None and self.result.method in _INFORMED
                label = f"{action}: g={g}" + (f" h={h:g} f={f:g}" if estimate else "")
                pictures.append(show(child, captions=[label], highlight=[child[frame.board.index(BLANK)]],
                                     cell=26)._repr_svg_())
            added = "" if frame.added else '<div style="font-size:12px">(no new boards to add)</div>'
            self.picture.value = (f'<div style="display:flex;gap:14px;align-items:flex-end;flex-wrap:wrap">'
                                  f'{pictures[0]}<div style="display:flex;gap:8px;align-items:flex-end">'
                                  f'{"".join(pictures[1:])}{added}</div></div>')
        elif frame.kind == "deepen":
            what = "depth limit" if self.result.method == "iterative_deepening" else "bound on f"
            self.stats.value = (f"Step {index + 1} of {total}: a new iteration with {what} {frame.bound:g}; "
                                f"the search starts again from the start board. Expanded so far: {frame.expanded:,}.")
            self.picture.value = show(frame.board, captions=["start"], cell=44)._repr_svg_()
        elif frame.kind == "found":
            self.stats.value = (f"Step {index + 1} of {total}: the goal, reached at depth {frame.g} after "
                                f"expanding {frame.expanded:,} boards. The next steps follow the path.")
            self.picture.value = show(frame.board, captions=["goal"], cell=44)._repr_svg_()
        else:
            length = self.result.length
            self.stats.value = (f"The path found, move {frame.g} of {length}: the blank moves "
                                f"{DIRECTION_NAMES[frame.action]}. {length} moves, {frame.expanded:,} boards expanded.")
            previous = self.result.path[frame.g - 1]
            self.picture.value = show(frame.board, captions=[f"move {frame.g}: {frame.action}"],
                                      highlight=[frame.board[previous.index(BLANK)]], cell=44)._repr_svg_()


def _one_line(board: Sequence[int]) -> str:
    """A board on one line: '1 2 3 / 4 5 6 / 7 8 _'."""
    size = math.isqrt(len(board))
    cells = ["_" if cell == BLANK else _SYMBOLS.get(cell, str(cell)) if is_token_board(board) else str(cell)
             for cell in board]
    return " / ".join(" ".join(cells[row * size:(row + 1) * size]) for row in range(size))


# --- The Q-learning view ---------------------------------------------------------------------------------


class QLearningView(widgets.VBox):
    """Train a Q-table on the 8-puzzle with a live learning curve, then watch its greedy policy play.

    The training is `puzzlekit.qlearning.train_fast` with the settings chosen here (the seed's by
    default); after each batch of episodes the curve adds the share of boards whose greedy move
    is a shortest one (`policy_mistakes`). The board below then takes its hints and its Solve from
    the table: Solve plays the greedy policy, move by move. The kernel is busy while it trains
    (a few seconds for a million episodes), so the curve grows but nothing can be clicked.

    Examples
    --------
    >>> view = QLearningView(size=2, seed=0)      # the 2x2 puzzle: 12 boards, learned in a blink
    >>> view.episodes.value = 2000
    >>> view.train_button.click()                 # it stops once every greedy move is a shortest one
    >>> view.progress.value
    '64 episodes: the greedy move is a shortest one on 11 of 11 boards (100.0%).'
    >>> view.board.hint_choice.value
    'trained'
    """

    def __init__(self, size: int = 3, *, seed: int = 0):
        super().__init__()
        from .qlearning import EIGHT_PUZZLE_HYPERPARAMETERS as seed_settings

        if size not in (2, 3):
            raise ValueError(f"size must be 3 (the 8-puzzle) or 2; a {size}x{size} board has too many boards "
                             "for a table")
        self.size = size
        self.q = None
        self.table_source = "not trained"  # where the table the board plays comes from, for the repr
        self.curve_points: list[tuple[int, float]] = []
        choices = ([("65,536", 65_536), ("262,144", 262_144), ("1,048,576", 1_048_576),
                    ("3,000,000 (the seed's)", 3_000_000)] if size == 3 else
                   [("200", 200), ("500", 500), ("2,000", 2000), ("10,000", 10_000)])
        wide = {"description_width": "150px"}
        self.episodes = widgets.Dropdown(options=choices, value=choices[2][1], description="episodes", style=wide)
        self.learning_rate = widgets.FloatSlider(value=seed_settings.learning_rate, min=0.05, max=1.0, step=0.05,
                                                 description="learning rate", style=wide)
        self.discount_factor = widgets.FloatSlider(value=seed_settings.discount_factor, min=0.5, max=0.99, step=0.01,
                                                   description="discount factor", style=wide)
        self.exploration = widgets.FloatSlider(value=seed_settings.exploration_probability, min=0.0, max=1.0,
                                               step=0.05, description="exploration probability", style=wide)
        self.seed = widgets.IntText(value=seed, description="seed", style=wide, layout=widgets.Layout(width="260px"))
        self.stop_when_optimal = widgets.Checkbox(value=True, description="stop once every greedy move is shortest",
                                                  indent=False)
        self.train_button = widgets.Button(description="Train", button_style="info")
        self.shipped_button = widgets.Button(description="Use the shipped table", layout=widgets.Layout(width="200px"),
                                             disabled=size != 3)
        self.curve = widgets.HTML(_curve_svg([], choices[2][1]))
        self.progress = widgets.Label("Not trained yet: press Train.")
        self.board = PuzzleBoard(size, seed=seed)
        self.board.size_choice.layout.display = "none"  # a table covers one size of board
        starts = [(name, board) for name, (board, goal) in _starts().items()
                  if goal is None and len(board) == size * size]
        self.start_choice = widgets.Dropdown(options=[("a shuffled board", None)] + starts, description="start from",
                                             layout=widgets.Layout(width="420px"), style={"description_width": "80px"})
        self.start_choice.observe(self._on_start, "value")
        self.train_button.on_click(lambda _: self.train())
        self.shipped_button.on_click(lambda _: self.use_shipped_table())
        self.add_class("puzzlekit-qlearning")
        self.children = [
            widgets.HBox([
                widgets.VBox([self.episodes, self.learning_rate, self.discount_factor, self.exploration, self.seed,
                              self.stop_when_optimal, widgets.HBox([self.train_button, self.shipped_button])]),
                self.curve,
            ]),
            self.progress,
            self.start_choice,
            self.board,
        ]

    def _on_start(self, change) -> None:
        """Put the chosen board on the board below (a new game), or deal a shuffled one."""
        if change["new"] is None:
            self.board.shuffle()
        else:
            self.board.board = change["new"]

    def __repr__(self) -> str:
        return f"QLearningView(size={self.size}, {self.table_source})"

    def settings(self):
        """The hyperparameters chosen in the controls, as a `Hyperparameters` (max_steps as in the seed).

        Examples
        --------
        >>> QLearningView(size=2).settings().discount_factor
        0.92
        """
        from .qlearning import EIGHT_PUZZLE_HYPERPARAMETERS, Hyperparameters

        return Hyperparameters(
            learning_rate=self.learning_rate.value, discount_factor=round(self.discount_factor.value, 4),
            generations=self.episodes.value, max_steps=EIGHT_PUZZLE_HYPERPARAMETERS.max_steps,
            exploration_probability=self.exploration.value, seed=self.seed.value,
        )

    def train(self):
        """Train a table with the chosen settings, drawing the curve as it learns; return the table.

        Examples
        --------
        >>> view = QLearningView(size=2)
        >>> view.episodes.value = 200
        >>> view.stop_when_optimal.value = False
        >>> view.train().shape
        (12, 4)
        """
        import time

        from .qlearning import policy_mistakes, train_fast
        from .qtable import state_space

        settings = self.settings()
        boards = len(state_space(self.size).ranks) - 1  # the goal needs no move
        self.curve_points = [(0, 0.0)]
        self.curve.value = _curve_svg(self.curve_points, settings.generations)
        self.progress.value = "Training ..."
        stop_when_optimal = self.stop_when_optimal.value
        started = time.perf_counter()

        def callback(episodes: int, q) -> bool:
            mistakes = policy_mistakes(q)
            self.curve_points.append((episodes, 100 * (boards - mistakes) / boards))
            self.curve.value = _curve_svg(self.curve_points, settings.generations)
            right = boards - mistakes
            self.progress.value = (f"{episodes:,} episodes: the greedy move is a shortest one on "
                                   f"{right:,} of {boards:,} boards ({100 * right / boards:.1f}%).")
            return stop_when_optimal and mistakes == 0

        q = train_fast(settings, self.size, lanes=65536 if self.size == 3 else 64, callback=callback)
        self._seconds = time.perf_counter() - started
        self.curve.value = _curve_svg(self.curve_points, self.curve_points[-1][0])  # the episodes it took
        self.q = q
        self.table_source = f"trained on {self.curve_points[-1][0]:,} episodes"
        self.board.use_table(q, "trained")
        return q

    def use_shipped_table(self) -> None:
        """Take the board's hints and moves from the table that ships with the course.

        Examples
        --------
        >>> view = QLearningView()
        >>> view.use_shipped_table()
        >>> view
        QLearningView(size=3, the shipped table, 720,896 episodes)
        >>> view.board.hint_choice.value, view.progress.value
        ('qtable', 'The shipped table, 720,896 episodes: the greedy move is a shortest one on 181,439 of 181,439 \
boards (100.0%). Solve on the board plays it.')
        """
        from .qlearning import policy_mistakes
        from .qtable import Solver

        solver = Solver()
        self.q = solver.q
        self.table_source = f"the shipped table, {solver.metadata['episodes']:,} episodes"
        self.board._tables["qtable"] = solver.q
        self.board.hint_choice.value = "qtable"
        boards = len(solver.q) - 1  # the goal needs no move
        right = boards - policy_mistakes(solver.q)
        self.progress.value = (f"The shipped table, {solver.metadata['episodes']:,} episodes: the greedy move is a "
                               f"shortest one on {right:,} of {boards:,} boards ({100 * right / boards:.1f}%). "
                               "Solve on the board plays it.")


def _curve_svg(points: list, episodes: int, width: int = 380, height: int = 230) -> str:
    """The learning curve: the share of boards with a shortest greedy move, against the episodes so far."""
    left, right, top, bottom = 44, 30, 26, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    episodes = max(episodes, 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
             f'font-size="11"><text x="{left}" y="14" font-size="12" fill="#333">boards whose greedy move is a '
             f'shortest one</text><rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="#fafafa" '
             'stroke="#999"/>']
    for percent in (0, 25, 50, 75, 100):
        y = top + plot_h * (1 - percent / 100)
        parts.append(f'<line x1="{left}" y1="{y:g}" x2="{left + plot_w}" y2="{y:g}" stroke="#e3e3e3"/>'
                     f'<text x="{left - 5}" y="{y + 4:g}" text-anchor="end">{percent}%</text>')
    for fraction in (0, 0.5, 1):
        x = left + plot_w * fraction
        parts.append(f'<text x="{x:g}" y="{top + plot_h + 14}" text-anchor="middle">'
                     f'{round(episodes * fraction):,}</text>')
    parts.append(f'<text x="{left + plot_w / 2:g}" y="{height - 4}" text-anchor="middle">episodes</text>')
    if points:
        xy = " ".join(f"{left + plot_w * min(e / episodes, 1):.1f},{top + plot_h * (1 - p / 100):.1f}"
                      for e, p in points)
        parts.append(f'<polyline points="{xy}" fill="none" stroke="#3465a4" stroke-width="2"/>')
        parts.extend(f'<circle cx="{left + plot_w * min(e / episodes, 1):.1f}" cy="{top + plot_h * (1 - p / 100):.1f}" '
                     f'r="2.5" fill="#3465a4"/>' for e, p in points[1:])
    parts.append("</svg>")
    return "".join(parts)

"""The playable sliding-puzzle board: click a tile next to the blank; Shuffle, Reset, Hint, Solve, Stop.

Moves and shuffles are those of `puzzlekit.sliding.game`, hints and solutions those of `puzzlekit.interfaces.hints`.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence

import ipywidgets as widgets

from ...checks import check_bool, check_choice, check_int, check_real, make_rng
from ...sliding.board import SUN_MOON_GOAL, SUN_MOON_START, Board, check_cells, default_goal, is_token_board, moves
from ...sliding.display import COLOURS  # noqa: F401 - named in the doctests
from ...sliding.game import SlidingPuzzleGame
from ..hints import DEFAULT_MAX_EXPANDED, DEFAULT_MAX_SECONDS, HintSources, Plan, hint_message, solve_message
from .base import GridPuzzleWidget
from .pictures import data_url, square_svg
from .tile_grid import SYMBOLS, TileGrid

__all__ = ["PuzzleBoard", "play"]

MAX_WIDGET_SIZE = 8  # 64 buttons: past that a board no longer fits a notebook's page


def _shown(board) -> tuple[Board, int]:
    """`board` checked (`check_cells`) and small enough for the widget; its cells and width."""
    cells, size = check_cells(board)
    if size > MAX_WIDGET_SIZE:
        raise ValueError(f"board is {size}x{size}; the widget shows boards up to {MAX_WIDGET_SIZE}x{MAX_WIDGET_SIZE}")
    return cells, size


class PuzzleBoard(GridPuzzleWidget):
    """A board to play: click a tile next to the blank to slide it; Shuffle, Reset, Hint, Solve, Stop.

    Parameters
    ----------
    size : the width of the board, 3 to 5 in the size menu (2 to 8 here).
    board : the board to start from; by default a shuffled one (from `seed`).
    goal : the board to reach; by default the tiles in order with the blank last.
    seed : makes every shuffle repeatable (an int, None, a `random.Random` or a numpy Generator).
    picture : picture mode: True for the course's picture, or an image file (PNG, JPEG, GIF,
        WebP, SVG) or its bytes; each tile shows its piece of the image.
    numbers : in picture mode, show each tile's number in a corner too.
    hints : where Hint and Solve get their moves: 'astar' (shortest paths) or 'qtable' (the
        shipped table of the 8-puzzle, as the original game's `Solver`); `use_table` adds a table of your own.
    max_seconds, max_expanded : the limits of one search for a hint or a solution. On 4x4 and 5x5
        a shortest path is often out of reach; then weighted A* (not always shortest) is tried,
        within the same limits, and the message says so (`puzzlekit.interfaces.hints.plan_solution`).

    Solve plays the moves one at a time, driven by a hidden `ipywidgets.Play` that ticks in the
    browser; `step()` plays one move by hand, which is how the tests drive it.

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
                 seed=0, picture=None, numbers: bool = True, hints: str = "astar",
                 max_seconds: float = DEFAULT_MAX_SECONDS, max_expanded: int = DEFAULT_MAX_EXPANDED):
        size = check_int(size, "size", minimum=2, maximum=MAX_WIDGET_SIZE)
        if board is not None:
            size = _shown(board)[1]
        check_bool(numbers, "numbers")
        check_choice(hints, "hints", HintSources.BUILT_IN)
        self.max_seconds = check_real(max_seconds, "max_seconds", above=0, finite=False)
        self.max_expanded = check_int(max_expanded, "max_expanded", minimum=1)
        self._rng = make_rng(seed)  # one generator for every deal of this board, whatever its size
        game = SlidingPuzzleGame(size, board=board, seed=self._rng, goal=goal)
        token = is_token_board(game.goal)
        if hints == "qtable" and not (game.size == 3 and game.goal == default_goal(3)):
            raise ValueError("hints='qtable' needs the 8-puzzle with its usual goal: the shipped table covers "
                             "only those boards; use hints='astar'")
        showing_picture = picture is not None and picture is not False
        if showing_picture and token:
            raise ValueError("picture mode needs numbered tiles; the sun/moon board shows its symbols")
        picture_url = data_url(square_svg(picture)) if showing_picture else None
        super().__init__()
        self.game, self.token = game, token
        if board is None:
            self.game.shuffle()
        self.sources = HintSources(self.game.goal, max_seconds=self.max_seconds, max_expanded=self.max_expanded)
        # CSS names for this board alone
        self.tiles = TileGrid(f"pk{self.model_id[:10]}", self._clicked, picture_url=picture_url, numbers=numbers)
        self.style_html, self.grid, self.goal_picture = self.tiles.style_html, self.tiles.grid, self.tiles.goal_picture
        self.shuffle_button = self.add_button("shuffle", "Shuffle", "a new board that can be solved", self.shuffle)
        self.reset_button = self.add_button("reset", "Reset", "back to the start of this game", self.reset)
        self.hint_button = self.add_button("hint", "Hint", "the next move of a shortest solution", self.hint)
        self.solve_button = self.add_button("solve", "Solve", "play a solution, move by move", self.solve,
                                            button_style="info")
        self.size_choice = widgets.Dropdown(description="size", layout=widgets.Layout(width="150px"),
                                            style={"description_width": "40px"})
        self.hint_choice = widgets.Dropdown(description="hints", layout=widgets.Layout(width="200px"),
                                            style={"description_width": "40px"})
        self.add_class("puzzlekit-board")

        self._choosing = False
        self._build_grid()
        self._set_size_choices()
        self._set_hint_choices(hints)
        self.size_choice.observe(self._on_size, "value")
        self.hint_choice.observe(lambda _: self.sources.planner.forget(), "value")
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
        self.say("Click a tile next to the blank to slide it." if not self.game.is_solved() else
                 "Solved. Shuffle for a new game.")

    @classmethod
    def sun_moon(cls, *, seed=0, **options) -> PuzzleBoard:
        """The sun/moon board: 4 suns, 4 moons and a blank, from the original sun-and-moon program's start to its goal.

        Examples
        --------
        >>> board = PuzzleBoard.sun_moon()
        >>> [cell.description for cell in board.cells[:3]], board.game.goal == SUN_MOON_GOAL
        (['☼', '☼', '☼'], True)
        """
        for name in ("board", "goal", "size"):
            if name in options:
                raise TypeError(f"sun_moon() sets {name} itself; give only options such as seed or hints")
        known = [name for name in inspect.signature(cls.__init__).parameters if name not in ("self", "size", "board",
                                                                                              "goal", "seed")]
        unknown = [name for name in options if name not in known]
        if unknown:
            raise TypeError(
                f"PuzzleBoard.sun_moon has no option {unknown[0]!r}; its options are seed, {', '.join(known)}"
            )
        return cls(board=SUN_MOON_START, goal=SUN_MOON_GOAL, seed=seed, **options)

    def __repr__(self) -> str:
        return f"PuzzleBoard(size={self.game.size}, board={self.board}, move_count={self.move_count})"

    # --- What the board holds (the hooks of GridPuzzleWidget) -----------------------------------------------

    @property
    def board(self) -> Board:
        """The board on show, a tuple; setting it starts a new game from that board."""
        return self.game.board

    @board.setter
    def board(self, board: Sequence[int]) -> None:
        cells, size = _shown(board)
        if size != self.game.size:
            if self.token:
                raise ValueError(f"this sun/moon board is 3x3; the board given is {size}x{size}")
            self._new_game(size, cells)  # checks the board before it replaces ours
            self.stop_playing()
            self._build_grid()
            self._set_size_choices()
            self._set_hint_choices(self.hint_choice.value)
        else:
            self.game.board = cells
            self.stop_playing()
            self.refresh()
        self.say("Click a tile next to the blank to slide it.")

    state = board

    def apply_action(self, action: str) -> None:
        """Move the blank one step ('u', 'r', 'd', 'l'), as a move of a solution (`step` calls it).

        Examples
        --------
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> board.apply_action("r"); board.board, board.move_count
        ((1, 2, 3, 4, 5, 6, 7, 8, 0), 1)
        """
        self.game.move_hole(action)

    # --- Building -------------------------------------------------------------------------------------

    @property
    def cells(self) -> list:
        """The buttons of the cells, row by row."""
        return self.tiles.cells

    @property
    def css_prefix(self) -> str:
        """The prefix of this board's own CSS classes (`<prefix>-grid`, `<prefix>-t5`, ...)."""
        return self.tiles.prefix

    def _build_grid(self) -> None:
        self.tiles.build(self.game.board, self.game.goal)
        self.refresh()

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

    def _set_hint_choices(self, selected: str) -> None:
        options = self.sources.options()
        if selected not in [value for _, value in options]:
            selected = "astar"
        self.hint_choice.options = options
        self.hint_choice.value = selected
        self.hint_choice.layout.display = None if len(options) > 1 else "none"

    def use_table(self, q, name: str = "trained") -> None:
        """Take hints and solutions from the Q-table `q` (rows of `state_space.state_space(size)`, 4 columns).

        Examples
        --------
        >>> from puzzlekit.learning.qtable import load_table
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> board.use_table(load_table()[0], "shipped copy")
        >>> board.hint_choice.value
        'shipped copy'
        """
        self.sources.add_table(name, q)
        self._set_hint_choices(name)

    def use_shipped_table(self):
        """Take hints and solutions from the Q-table that ships with the course (8-puzzle); return its `Solver`.

        Examples
        --------
        >>> board = PuzzleBoard(hints="astar")
        >>> board.use_shipped_table().metadata["episodes"] > 0, board.hint_choice.value
        (True, 'qtable')
        """
        solver = self.sources.use_shipped_table()
        self._set_hint_choices("qtable")
        return solver

    # --- Drawing --------------------------------------------------------------------------------------

    def refresh(self, highlight: int | None = None) -> None:
        """Show the game's board on the buttons and the move count; `highlight` colours a cell.

        Examples
        --------
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> board.refresh(highlight=8); board.cells[8].style.button_color == COLOURS.highlight
        True
        """
        if highlight is not None:
            highlight = check_int(highlight, "highlight (a cell)", minimum=0, maximum=len(self.game.board) - 1)
        self.tiles.draw(self.game.board, highlight)
        super().refresh()

    # --- Playing by hand --------------------------------------------------------------------------------

    def _clicked(self, index: int, _button=None) -> None:
        self.stop_playing()
        board = self.game.board
        value = board[index]
        if value == 0:
            self.refresh()
            self.say(f"That is the blank. Click a tile next to it: {self._movable(board)}.")
            return
        if self.game.move_tile_by_index(index) is None:
            self.refresh()
            if self.token:
                self.say(f"That {SYMBOLS[value]} is not next to the blank; "
                         f"click one that is: {self._movable(board)}.")
            else:
                self.say(f"Tile {value} is not next to the blank; the tiles that can slide: {self._movable(board)}.")
            return
        self.refresh()
        self.say(f"Solved in {self.move_count} moves! Shuffle for a new game." if self.game.is_solved() else "")

    def _movable(self, board: Board) -> str:
        tiles = moves(board)
        if self.token:
            return ", ".join(SYMBOLS[tile] for tile in tiles)
        return ", ".join(str(tile) for tile in sorted(tiles))

    def shuffle(self) -> Board:
        """Deal a new board that can reach the goal (the next from the board's random source); the counter goes to 0.

        Examples
        --------
        >>> board = PuzzleBoard(seed=1)
        >>> board.shuffle_button.click()
        >>> board.board != PuzzleBoard(seed=1).board, board.move_count
        (True, 0)
        """
        self.stop_playing()
        self.game.shuffle()
        self.refresh()
        self.say("A new board: slide the tiles back in order." if not self.token else
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
        self.stop_playing()
        self.game.reset()
        self.refresh()
        self.say("Back to the start of this game.")
        return self.board

    def _on_size(self, change) -> None:
        if not self._choosing and change["new"] is not None and change["new"] != self.game.size:
            self.stop_playing()
            self._new_game(change["new"])
            self.game.shuffle()
            self._build_grid()
            self._set_hint_choices(self.hint_choice.value)
            self.say(f"A new {self.game.size}x{self.game.size} board: slide the tiles back in order.")

    def _new_game(self, size: int, board: Board | None = None) -> None:
        self.game = SlidingPuzzleGame(size, board=board, seed=self._rng)
        self.sources.set_goal(self.game.goal)

    # --- Hints and solutions ------------------------------------------------------------------------------

    def hint(self) -> str | None:
        """Show the next move of a solution and colour its tile; return the blank's move ('u', 'r', 'd', 'l').

        Examples
        --------
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 0, 7, 8))
        >>> board.hint_button.click()
        >>> board.message.value
        'Hint: slide tile 7 left; 2 moves to go (A*, a shortest path).'
        >>> board.cells[7].style.button_color == '#9fd3a8'   # tile 7 is coloured (COLOURS.highlight)
        True
        """
        self.stop_playing()
        if self.game.is_solved():
            self.refresh()
            self.say("Already solved. Shuffle for a new game.")
            return None
        plan = self.plan()
        index, text = hint_message(self.game.board, plan)
        self.refresh(highlight=index)
        self.say(text)
        return plan.actions[0] if plan.actions else None

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
        self.stop_playing()
        self.refresh()
        if self.game.is_solved():
            self.say("Already solved. Shuffle for a new game.")
            return
        plan = self.plan()
        if not plan.found:
            self.say(plan.note)
            return
        who = plan.source if not plan.source.startswith("Q-table") else f"the {plan.source}"
        self.play_moves(plan.actions, who, solve_message(plan))

    def plan(self) -> Plan:
        """The moves from the board on show, from the chosen source: a Q-table's greedy policy, or A* (`Planner`).

        Examples
        --------
        >>> PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8)).plan().actions
        ('r',)
        """
        return self.sources.plan(self.hint_choice.value, self.game.board)


def play(size: int = 3, **options) -> PuzzleBoard:
    """A shuffled board to play with: `play()` as the last line of a cell shows it.

    Options are those of `PuzzleBoard` (`seed`, `picture`, `hints`, ...).

    Examples
    --------
    >>> play(4, seed=2).game.size
    4
    """
    return PuzzleBoard(size, **options)

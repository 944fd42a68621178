"""The playable Sokobond board: arrow buttons or typed keys move your molecule; Undo, Reset, Hint, Solve, a level menu.

The rules, the game and the planner are those of `puzzlekit.sokobond`; this module only shows them.
"""

from __future__ import annotations

import ipywidgets as widgets

from ...checks import check_choice, check_int, check_real, check_type
from ...sliding.grid import DIRECTION_NAMES
from ...sokobond import KEYS, Level, SokobondGame, draw, levels, load_level, parse_level
from .base import GridPuzzleWidget

__all__ = ["SokobondBoard"]

ARROWS = {"u": "↑", "r": "→", "d": "↓", "l": "←"}
# A hint or a solution must come while the reader still waits; A* solves the largest shipped level
# (workshop, 32 moves) in about 22,000 nodes.
DEFAULT_MAX_SECONDS = 10.0
DEFAULT_MAX_EXPANDED = 200_000
KEY_HELP = "Type u r d l to move, z to undo, x to reset, h for a hint."


class SokobondBoard(GridPuzzleWidget):
    """A Sokobond level to play: arrow buttons (or keys typed in the box) move your molecule.

    Undo takes a move back, Reset starts the level again, Hint shows the next move of a shortest
    solution (A* with the admissible `widest_gap`, dead states pruned: `SokobondGame.plan`), Solve
    plays one move by move (Stop halts it), and the menu picks another shipped level. Keyboard:
    ipywidgets gives a plain widget no key events, so the board has a text box: click it and type
    u, r, d, l to move, z to undo, x to reset, h for a hint (the box keeps what was typed).

    Parameters
    ----------
    level : a shipped level's name (see `puzzlekit.sokobond.levels()`), a `Level`, or a level's text.
    cell : the size of a cell of the picture, in pixels.
    speed : the moves a second of Solve.
    max_seconds, max_expanded : the limits of the search behind Hint and Solve.

    Examples
    --------
    >>> board = SokobondBoard("water")
    >>> board.arrows["r"].click(); board.counter.value
    'Moves: 1'
    >>> board.undo_button.click(); board.move_count
    0
    >>> board.key_box.value = "rd"; board.game.moves      # typed in the key box
    ['r', 'd']
    >>> board.solve_button.click()
    >>> while board.step():
    ...     pass
    >>> board.solved, board.message.value
    (True, 'Solved in 6 moves: 2 yours, then 4 by A*.')
    """

    def __init__(self, level: str | Level = "first", *, cell: int = 40, speed: int = 4,
                 max_seconds: float = DEFAULT_MAX_SECONDS, max_expanded: int = DEFAULT_MAX_EXPANDED):
        self.cell = check_int(cell, "cell", minimum=16, maximum=100)
        self.max_seconds = check_real(max_seconds, "max_seconds", above=0, finite=False)
        self.max_expanded = check_int(max_expanded, "max_expanded", minimum=1)
        self.shipped = levels()
        name, first = self._level(level)
        super().__init__(speed=speed)
        self.add_class("puzzlekit-board")
        self.add_class("puzzlekit-sokobond")
        self.picture = widgets.HTML()
        self.picture.add_class("puzzlekit-picture")
        self.arrows = {}
        for direction, arrow in ARROWS.items():
            button = self.add_button(DIRECTION_NAMES[direction], arrow, f"move {DIRECTION_NAMES[direction]}",
                                     lambda direction=direction: self.press(direction))
            button.layout.width = "44px"
            self.arrows[direction] = button
        self.undo_button = self.add_button("undo", "Undo", "take the last move back", self.undo)
        self.reset_button = self.add_button("reset", "Reset", "back to the start of the level", self.reset)
        self.hint_button = self.add_button("hint", "Hint", "the next move of a shortest solution", self.hint)
        self.solve_button = self.add_button("solve", "Solve", "play a shortest solution, move by move", self.solve,
                                            button_style="info")
        self.key_box = widgets.Text(placeholder="type u r d l, z, x, h", continuous_update=True,
                                 description="keys", layout=widgets.Layout(width="220px"),
                                 style={"description_width": "40px"})
        self.key_box.add_class("puzzlekit-keys")
        self._typed = ""
        self.key_box.observe(self._on_keys, "value")
        self.level_choice = widgets.Dropdown(description="level", layout=widgets.Layout(width="260px"),
                                             style={"description_width": "40px"})
        self.level_choice.add_class("puzzlekit-levels")
        options = [(f"{number}. {known}", known) for number, known in enumerate(self.shipped, start=1)]
        self.own_level = None if name is not None else first  # a level given as text or a Level: menu entry ""
        if name is None:
            options.insert(0, (first.title or "your level", ""))
        self.level_choice.options = options
        self.level_choice.value = "" if name is None else name
        self.level_choice.observe(self._on_level, "value")
        self._plans: dict = {}  # state -> the moves of a shortest solution from it (None: there is none)
        self._start(first)
        pad = widgets.Label(layout=widgets.Layout(width="44px"))
        arrows = widgets.VBox([widgets.HBox([pad, self.arrows["u"], pad]),
                               widgets.HBox([self.arrows["l"], self.arrows["d"], self.arrows["r"]])])
        controls = widgets.VBox([self.counter, arrows, self.undo_button, self.reset_button, self.hint_button,
                                 self.solve_button, self.stop_button], layout=widgets.Layout(margin="0 0 0 12px"))
        self.children = [widgets.HBox([self.level_choice, self.key_box]), widgets.HBox([self.picture, controls]),
                         self.speed, self.play, self.message]

    def __repr__(self) -> str:
        title = f" {self.game.level.title!r}" if self.game.level.title else ""
        return f"<SokobondBoard{title}: {self.move_count} moves{', solved' if self.solved else ''}>"

    def _level(self, level) -> tuple[str | None, Level]:
        if isinstance(level, Level):
            return None, level
        check_type(level, "level", str, "a shipped level's name, a Level or a level's text")
        if "\n" not in level:  # a name: load_level says which levels ship when it is none of them
            return level, load_level(level)
        return None, parse_level(level)

    # --- The hooks of GridPuzzleWidget --------------------------------------------------------------------

    @property
    def state(self):
        """The state on show (`puzzlekit.sokobond.State`)."""
        return self.game.state

    def apply_action(self, action: str) -> None:
        """Move the player's molecule one cell ('u', 'r', 'd', 'l'), as a move of a solution.

        Examples
        --------
        >>> board = SokobondBoard("pair")
        >>> board.apply_action("r"); board.game.moves
        ['r']
        """
        self.game.move(action)

    def refresh(self, highlight: str | None = None) -> None:
        """Draw the state and the move counter; `highlight` ('u', 'r', 'd', 'l') colours that arrow.

        Examples
        --------
        >>> board = SokobondBoard("pair")
        >>> board.refresh(highlight="r"); board.arrows["r"].button_style, board.arrows["u"].button_style
        ('success', '')
        """
        if highlight is not None:
            highlight = check_choice(highlight, "highlight", tuple(self.arrows))
        self.picture.value = draw(self.game.level, self.game.state, cell=self.cell)._repr_svg_()
        for direction, button in self.arrows.items():
            button.button_style = "success" if direction == highlight else ""
        super().refresh()

    # --- Playing by hand -----------------------------------------------------------------------------------

    def _start(self, level: Level) -> None:
        self.game = SokobondGame(level)
        self._plans.clear()
        self.stop_playing()
        self.refresh()
        shortest = f" It can be solved in {level.shortest} moves." if level.shortest is not None else ""
        self.say(f"{level.title or 'Your level'}: bond every atom into one molecule.{shortest} {KEY_HELP}")

    def choose(self, name: str) -> None:
        """Play the shipped level `name` from its start (as the level menu does).

        Examples
        --------
        >>> board = SokobondBoard()
        >>> board.press("r"); board.choose("water")
        True
        >>> board.level_choice.value, board.game.level.shortest, board.move_count
        ('water', 6, 0)
        """
        name, level = self._level(name)
        if name is None:
            raise ValueError("choose() takes a shipped level's name; make a new SokobondBoard for your own level")
        if self.level_choice.value != name:
            self.level_choice.value = name  # its observer starts the level
        else:
            self._start(level)

    def _on_level(self, change) -> None:
        if change["new"]:
            self._start(load_level(change["new"]))
        elif change["new"] == "" and self.own_level is not None:
            self._start(self.own_level)

    def press(self, direction: str) -> bool:
        """Move your molecule 'u', 'r', 'd' or 'l' (an arrow button); False if a wall stops it.

        Examples
        --------
        >>> board = SokobondBoard("first")
        >>> board.press("u"), board.message.value
        (False, 'A wall stops your molecule: it cannot move up.')
        """
        self.stop_playing()
        moved = self.game.move(direction)
        self.refresh()
        if not moved:
            self.say(f"A wall stops your molecule: it cannot move {DIRECTION_NAMES[direction]}.")
        elif self.solved:
            shortest = self.game.level.shortest
            best = "" if shortest is None else (" The fewest possible!" if self.move_count <= shortest
                                                 else f" (It can be done in {shortest}.)")
            self.say(f"Solved in {self.move_count} moves!{best}")
        elif self.game.is_dead():
            self.say("A closed molecule is left out: this level cannot be solved from here. Undo!")
        else:
            self.say("")
        return moved

    def undo(self) -> bool:
        """Take the last move back; False if there is none.

        Examples
        --------
        >>> SokobondBoard().undo()
        False
        """
        self.stop_playing()
        undone = self.game.undo()
        self.refresh()
        self.say("One move taken back." if undone else "No move to take back.")
        return undone

    def reset(self) -> None:
        """Back to the start of the level, with the counter at 0.

        Examples
        --------
        >>> board = SokobondBoard("water")
        >>> board.press("u"), board.reset(), board.counter.value
        (True, None, 'Moves: 0')
        """
        self.stop_playing()
        self.game.reset()
        self.refresh()
        self.say("Back to the start of the level.")

    def _on_keys(self, change) -> None:
        """Keys typed in the box: act on the characters inserted since the last change (and only those)."""
        old, new = self._typed, change["new"]
        self._typed = new
        start = 0
        while start < min(len(old), len(new)) and old[start] == new[start]:
            start += 1
        end = 0
        while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
            end += 1
        self.type_keys(new[start:len(new) - end])

    def type_keys(self, text: str) -> None:
        """Act on each key of `text`: u r d l move, z undoes, x resets, h hints; other characters are ignored.

        Examples
        --------
        >>> board = SokobondBoard("water")
        >>> board.type_keys("rr?"); board.game.moves, board.message.value
        (['r', 'r'], "'?' is not a key of the game. Type u r d l to move, z to undo, x to reset, h for a hint.")
        """
        check_type(text, "text", str, "a str")
        for key in text.lower():
            command = KEYS.get(key)
            if command in ARROWS:
                self.press(command)
            elif command in ("undo", "reset", "hint"):
                getattr(self, command)()
            elif not key.isspace():
                self.say(f"{key!r} is not a key of the game. {KEY_HELP}")

    # --- Hints and solutions ---------------------------------------------------------------------------------

    def plan(self) -> list[str] | None:
        """The moves of a shortest solution from the state on show; None if there is none.

        Plans are remembered along their path, so following hints costs one search. Raises
        RuntimeError when the search meets `max_seconds` or `max_expanded` first.

        Examples
        --------
        >>> SokobondBoard("water").plan()
        ['u', 'l', 'r', 'r', 'r', 'd']
        """
        state = self.game.state
        if state not in self._plans:
            moves = self.game.plan(max_seconds=self.max_seconds, max_expanded=self.max_expanded)
            self._plans[state] = moves
            if moves:
                follower = SokobondGame(self.game.level)
                follower.set_state(state)
                for number, direction in enumerate(moves[:-1], start=1):
                    follower.move(direction)
                    self._plans.setdefault(follower.state, moves[number:])
        return self._plans[state]

    def _plan_or_say(self) -> list[str] | None:
        if self.solved:
            self.say("Already solved. Pick another level, or Reset.")
            return None
        if self.game.is_dead():
            self.say("No solution from here: a closed molecule is left out. Undo!")
            return None
        try:
            moves = self.plan()
        except RuntimeError:
            self.say(f"No solution found within the limits ({self.max_expanded:,} states, {self.max_seconds:g} s).")
            return None
        if moves is None:
            self.say("No solution from here. Undo or Reset.")
        return moves

    def hint(self) -> str | None:
        """Colour the arrow of the next move of a shortest solution and say how far the goal is.

        Examples
        --------
        >>> board = SokobondBoard("water")
        >>> board.hint_button.click(); board.message.value
        'Hint: move up; 6 moves to go (A*, a shortest path).'
        """
        self.stop_playing()
        self.refresh()
        moves = self._plan_or_say()
        if not moves:
            return None
        self.refresh(highlight=moves[0])
        self.say(f"Hint: move {DIRECTION_NAMES[moves[0]]}; {len(moves)} moves to go (A*, a shortest path).")
        return moves[0]

    def solve(self) -> None:
        """Find a shortest solution from the state on show and play it, one move per tick (`step`).

        Examples
        --------
        >>> board = SokobondBoard("pair")
        >>> board.solve(); board.message.value
        'Solving: 2 moves (A*, a shortest path). Stop halts it.'
        >>> board.step(), board.step(), board.solved
        (True, True, True)
        """
        self.stop_playing()
        self.refresh()
        moves = self._plan_or_say()
        if moves:
            self.play_moves(moves, "A*", f"Solving: {len(moves)} moves (A*, a shortest path).")

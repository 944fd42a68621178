"""What every playable grid-puzzle widget shares: a move counter, a message line, buttons, an animated solve.

A puzzle family subclasses `GridPuzzleWidget`, keeps its game as `self.game` (which counts the moves and
says when it is solved) and fills in the hooks (`state`, `apply_action`, and `refresh` to redraw); see the
package docstring for the steps.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...checks import check_callable, check_collection, check_int, check_type

__all__ = ["GridPuzzleWidget"]

# A button with no text keeps the text it had in the browser (ipywidgets 8's ButtonView skips an empty
# description), so an empty cell shows a no-break space instead.
NO_TEXT = "\u00a0"
BUTTON_WIDTH = "104px"
MAX_SPEED = 20  # moves a second: faster than the browser draws


class GridPuzzleWidget(widgets.VBox):
    """The shared half of a playable puzzle: counter, message, Stop, speed, and a solution played move by move.

    A solution is a list of actions handed to `play_moves`; a hidden `ipywidgets.Play` ticks in the
    browser at `speed` moves a second and each tick calls `step()`, which applies one action through
    the `apply_action` hook. A click of the reader's (any call of `stop_playing`) halts it, and so does
    a state changed behind the widget's back. Subclasses lay out `children` themselves.

    Examples
    --------
    >>> from puzzlekit.interfaces.widgets import PuzzleBoard
    >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> board.play_moves(["r", "r"], "my plan", "Two moves to go.")
    >>> board.message.value, board.planned_moves
    ('Two moves to go. Stop halts it.', ('r', 'r'))
    >>> board.step(), board.step(), board.message.value
    (True, True, 'Solved in 2 moves, all by my plan.')
    """

    def __init__(self, *, speed: int = 4):
        super().__init__()
        speed = check_int(speed, "speed", minimum=1, maximum=MAX_SPEED)
        self.counter = widgets.Label("Moves: 0")
        self.counter.add_class("puzzlekit-counter")
        self.message = widgets.HTML()
        self.message.add_class("puzzlekit-message")
        self.speed = widgets.IntSlider(value=speed, min=1, max=MAX_SPEED, description="moves/s",
                                       layout=widgets.Layout(width="220px"), style={"description_width": "56px"})
        self.play = widgets.Play(min=0, max=2**31 - 1, interval=round(1000 / speed), show_repeat=False,
                                 layout=widgets.Layout(display="none"))
        self.speed.observe(lambda change: setattr(self.play, "interval", round(1000 / change["new"])), "value")
        self.play.observe(self._on_tick, "value")
        self.stop_button = self.add_button("stop", "Stop", "stop the solution", self.stop, disabled=True)
        self._moves: list = []  # the solution being played
        self._who = ""  # who found it, for the messages
        self._done = 0
        self._expected = None  # the state the next move applies to
        self._moves_before = 0

    # --- Hooks: a puzzle family fills these in ------------------------------------------------------------

    @property
    def state(self):
        """The state on show, compared before each move of a solution (a board, a level's state, ...)."""
        raise NotImplementedError(f"{type(self).__name__} must say what its state is")

    @property
    def move_count(self) -> int:
        """The moves made since the last new game or reset, as the puzzle's game (`self.game`) counts them."""
        return self.game.move_count

    @property
    def solved(self) -> bool:
        """True when the puzzle's game (`self.game`) shows its goal."""
        return self.game.is_solved()

    def apply_action(self, action) -> None:
        """Make one move of a solution on the puzzle.

        Examples
        --------
        >>> GridPuzzleWidget().apply_action("r")
        Traceback (most recent call last):
        ...
        NotImplementedError: GridPuzzleWidget must make the moves of a solution
        """
        raise NotImplementedError(f"{type(self).__name__} must make the moves of a solution")

    def refresh(self, highlight=None) -> None:
        """Draw the state on show; `highlight` marks a cell (a hint's). Here: the move counter.

        Examples
        --------
        >>> from puzzlekit.interfaces.widgets import PuzzleBoard
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> board.game.move_hole("r"); board.counter.value     # behind the widget's back
        (8, 7)
        'Moves: 0'
        >>> board.refresh(); board.counter.value
        'Moves: 1'
        """
        self.counter.value = f"Moves: {self.move_count}"

    # --- Shared pieces ----------------------------------------------------------------------------------

    def add_button(self, name: str, description: str, tooltip: str, action: Callable[[], object],
                   **options) -> widgets.Button:
        """A button of the puzzle's controls, with the CSS class `puzzlekit-<name>`, that calls `action()`.

        Examples
        --------
        >>> from puzzlekit.interfaces.widgets import PuzzleBoard
        >>> board = PuzzleBoard()
        >>> board.add_button("undo", "Undo", "take a move back", lambda: None)._dom_classes
        ('puzzlekit-undo',)
        """
        for value, what in [(name, "name"), (description, "description"), (tooltip, "tooltip")]:
            check_type(value, what, str, "a str")
        check_callable(action, "action")
        button = widgets.Button(description=description, tooltip=tooltip,
                                layout=widgets.Layout(width=BUTTON_WIDTH), **options)
        button.on_click(lambda _: action())
        button.add_class(f"puzzlekit-{name}")
        return button

    def say(self, text: str) -> None:
        """Show `text` on the message line (as text: any HTML in it is escaped).

        Examples
        --------
        >>> from puzzlekit.interfaces.widgets import PuzzleBoard
        >>> board = PuzzleBoard()
        >>> board.say("<b>hello</b>"); board.message.value
        '&lt;b&gt;hello&lt;/b&gt;'
        """
        check_type(text, "text", str, "a str")
        self.message.value = html.escape(text, quote=False)

    # --- A solution, played move by move --------------------------------------------------------------------

    def play_moves(self, actions: Sequence, who: str, text: str) -> None:
        """Play `actions` from the state on show, one per tick; `who` found them, `text` says so now.

        Examples
        --------
        >>> from puzzlekit.interfaces.widgets import PuzzleBoard
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> board.play_moves(["r"], "a friend", "A friend's move."); board.play.playing
        True
        """
        check_collection(actions, "actions", "a list of moves")
        check_type(who, "who", str, "a str")
        self.stop_playing()
        self._moves, self._who, self._done = list(actions), who, 0
        self._expected = self.state
        self._moves_before = self.move_count
        self.say(f"{text} Stop halts it.")
        self.stop_button.disabled = False
        self.play.interval = round(1000 / self.speed.value)
        self.play.playing = True

    @property
    def planned_moves(self) -> tuple:
        """The moves of the solution being played, all of them (empty when none is).

        Examples
        --------
        >>> from puzzlekit.interfaces.widgets import PuzzleBoard
        >>> PuzzleBoard().planned_moves
        ()
        """
        return tuple(self._moves) if self._expected is not None else ()

    def step(self) -> bool:
        """Play the next move of the solution being shown; False when there is none.

        Examples
        --------
        >>> from puzzlekit.interfaces.widgets import PuzzleBoard
        >>> PuzzleBoard().step()
        False
        """
        if self._expected is None:
            return False
        if self.state != self._expected:  # the state was changed under the solution (by code): drop it
            self.stop_playing()
            return False
        self.apply_action(self._moves[self._done])
        self._done += 1
        self._expected = self.state
        self.refresh()
        if self._done < len(self._moves):
            return True
        total = len(self._moves)
        self.stop_playing()
        if self.solved:
            by_hand = self.move_count - total
            if by_hand:
                self.say(f"Solved in {self.move_count} moves: {by_hand} yours, then {total} by {self._who}.")
            else:
                self.say(f"Solved in {self.move_count} moves, all by {self._who}.")
        else:
            self.say(f"The policy made {total} moves without reaching the goal.")
        return True

    def stop(self) -> None:
        """Stop the solution being played; the puzzle stays where it is.

        Examples
        --------
        >>> from puzzlekit.interfaces.widgets import PuzzleBoard
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 0, 5, 7, 8, 6))
        >>> board.solve_button.click()
        >>> board.step()
        True
        >>> board.stop_button.click()
        >>> board.message.value, board.move_count
        ('Stopped after 1 of 2 moves.', 1)
        """
        if self._expected is not None:
            done, total = self._done, len(self._moves)
            self.stop_playing()
            self.say(f"Stopped after {done} of {total} moves.")

    def stop_playing(self) -> None:
        """Drop the solution being played, without a word (a click of the reader's does this).

        Examples
        --------
        >>> from puzzlekit.interfaces.widgets import PuzzleBoard
        >>> board = PuzzleBoard(board=(1, 2, 3, 4, 0, 5, 7, 8, 6))
        >>> board.solve(); board.stop_playing(); board.planned_moves, board.play.playing
        ((), False)
        """
        self._expected = None
        self.play.playing = False
        self.stop_button.disabled = True

    def _on_tick(self, change) -> None:
        """One tick of the Play widget in the browser: one move. Ticks with no solution are ignored."""
        if self._expected is not None:
            self.step()


def cell_button(layout: widgets.Layout, on_click: Callable, index: int, classes: Sequence[str]) -> widgets.Button:
    """A cell of a grid: a button that calls `on_click(index)`, with the CSS classes given."""
    cell = widgets.Button(layout=layout)
    for name in classes:
        cell.add_class(name)
    cell.on_click(functools.partial(on_click, index))
    return cell

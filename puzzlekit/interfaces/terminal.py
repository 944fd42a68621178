"""Playing in a terminal, a line at a time: the 8-puzzle and Sokobond (`python -m puzzlekit play`).

A session holds a game and acts on typed keys; `play_lines` reads lines from any iterable (stdin, or
a list in a test), so a game can be played, scripted and tested the same way. It ends on `q`, on a
solved puzzle, or at the end of the input: it never waits for more.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TextIO

from ..checks import check_int
from ..sliding.board import (
    Board,
    check_cells,
    check_pair,
    check_reachable,
    default_goal,
    format_board,
    move,
    random_board,
    slide,
)
from ..sliding.grid import DIRECTION_NAMES
from ..sokobond import KEYS, SokobondGame
from ..sokobond.level import Level
from .hints import hint as sliding_hint

__all__ = []

SLIDING_KEYS = ("u r d l: move the blank up, right, down, left;  a tile's number (e.g. 7): slide that tile;\n"
                "z: undo;  x: reset;  n: a new board;  h: hint;  ?: these keys;  q: quit")
SOKOBOND_KEYS = ("u r d l: move your molecule up, right, down, left;  z: undo;  x: reset;  h: hint;\n"
                 "?: these keys;  q: quit")
HINT_LIMITS = {"max_seconds": 10.0, "max_expanded": 200_000}  # a hint comes within a few seconds or not at all


class SlidingSession:
    """The 8-puzzle (or any sliding puzzle) played by keys: the board, the moves made, undo, hints.

    Examples
    --------
    >>> session = SlidingSession((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> session.act("r"), session.act("8"), session.solved, session.move_count
    ('', '', True, 2)
    >>> session.act("z"), session.board
    ('One move taken back.', (1, 2, 3, 4, 5, 6, 7, 0, 8))
    """

    keys = SLIDING_KEYS

    def __init__(self, board: Sequence[int] | None = None, *, goal: Sequence[int] | None = None, seed=0):
        self._rng = random.Random(check_int(seed, "seed", minimum=0))
        if board is None:
            goal, size = (default_goal(3), 3) if goal is None else check_cells(goal, "goal")
            board = random_board(size, seed=self._rng, goal=goal)
        self.board, self.goal, size = check_pair(board, goal)
        check_reachable(self.board, self.goal, size)
        self.start: Board = self.board
        self.history: list[Board] = []

    @property
    def move_count(self) -> int:
        """The moves made since the start (an undone move no longer counts)."""
        return len(self.history)

    @property
    def solved(self) -> bool:
        """True when the board is the goal."""
        return self.board == self.goal

    def picture(self) -> str:
        """The board in box-drawing characters."""
        return format_board(self.board)

    def act(self, key: str) -> str:
        """Act on one key (a letter, or a tile's number); return what to tell the player ('' if nothing)."""
        if key.isdigit():
            try:
                return self._to(move(self.board, int(key)))
            except ValueError as error:
                return str(error)
        if key in DIRECTION_NAMES:
            try:
                return self._to(slide(self.board, key))
            except ValueError as error:
                return str(error)
        if key == "z":
            if not self.history:
                return "No move to take back."
            self.board = self.history.pop()
            return "One move taken back."
        if key == "x":
            self.board, self.history = self.start, []
            return "Back to the start."
        if key == "n":
            size = round(len(self.goal) ** 0.5)
            self.board = self.start = random_board(size, seed=self._rng, goal=self.goal)
            self.history = []
            return "A new board."
        if key == "h":
            return sliding_hint(self.board, self.goal, **HINT_LIMITS)[1]
        return f"{key!r} is not a key of the game; type ? for the keys."

    def _to(self, board: Board) -> str:
        self.history.append(self.board)
        self.board = board
        return ""


class SokobondSession:
    """A Sokobond level played by keys (those of `puzzlekit.sokobond.KEYS`), on a `SokobondGame`.

    Examples
    --------
    >>> session = SokobondSession('######\\n#h.O.#\\n#...H#\\n######')
    >>> session.act("u"), session.act("r"), session.act("h")
    ('A wall stops your molecule: it cannot move up.', '', 'Hint: move right; 1 move to go.')
    >>> session.act("r"), session.solved, session.move_count
    ('', True, 2)
    """

    keys = SOKOBOND_KEYS

    def __init__(self, level: Level | str):
        self.game = SokobondGame(level)

    @property
    def move_count(self) -> int:
        """The moves made since the start (an undone move no longer counts)."""
        return self.game.move_count

    @property
    def solved(self) -> bool:
        """True when one molecule holds every atom with no free electron left."""
        return self.game.is_solved()

    def picture(self) -> str:
        """The level as text: `#` walls, atoms by letter (yours in lower case), bonds as - and |."""
        return str(self.game)

    def act(self, key: str) -> str:
        """Act on one key; return what to tell the player ('' if nothing)."""
        command = KEYS.get(key)
        if command in DIRECTION_NAMES:
            if not self.game.move(command):
                return f"A wall stops your molecule: it cannot move {DIRECTION_NAMES[command]}."
            if self.game.is_dead() and not self.solved:
                return "A closed molecule is left out: no solution from here. Undo (z)!"
            return ""
        if command == "undo":
            return "One move taken back." if self.game.undo() else "No move to take back."
        if command == "reset":
            self.game.reset()
            return "Back to the start."
        if command == "hint":
            try:
                moves = self.game.plan(**HINT_LIMITS)
            except RuntimeError:
                return "No hint: the search met its limit."
            if moves is None:
                return "No solution from here: undo (z) or reset (x)."
            if not moves:
                return "Already solved."
            return f"Hint: move {DIRECTION_NAMES[moves[0]]}; {len(moves)} move{'s' * (len(moves) != 1)} to go."
        return f"{key!r} is not a key of the game; type ? for the keys."


def play_lines(session: SlidingSession | SokobondSession, lines: Iterable[str], out: TextIO, *,
               prompt: str = "") -> int:
    """Play `session` with the keys on `lines`, writing to `out`; return 0 (solved, quit, or the input ended).

    A line holds keys, run together or apart ("rrd", "r r d"); a number is a tile's number.
    `prompt` is written before each line is read (for a person at a terminal: "> ").

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> play_lines(SokobondSession('#####\\n#h.H#\\n#####'), ["x? r"], out)
    0
    >>> print(out.getvalue())   # doctest: +NORMALIZE_WHITESPACE
    # # # # #
    # h . H #
    # # # # #
    Moves: 0.  Keys: u r d l: move your molecule up, right, down, left;  z: undo;  x: reset;  h: hint;
    ?: these keys;  q: quit
    Back to the start.
    u r d l: move your molecule up, right, down, left;  z: undo;  x: reset;  h: hint;
    ?: these keys;  q: quit
    # # # # #
    # . h-H #
    # # # # #
    Solved in 1 move!
    """
    print(session.picture(), file=out)
    print(f"Moves: 0.  Keys: {session.keys}", file=out)
    print(prompt, end="", file=out, flush=True)
    for line in lines:
        tokens = line.split()
        for token in tokens:
            for key in [token] if token.isdigit() else token.lower():
                if key == "q":
                    print("Bye.", file=out)
                    return 0
                said = session.keys if key == "?" else session.act(key)
                if said:
                    print(said, file=out)
        print(session.picture(), file=out)
        if session.solved:
            print(f"Solved in {session.move_count} move{'s' * (session.move_count != 1)}!", file=out)
            return 0
        print(f"Moves: {session.move_count}", file=out)
        print(prompt, end="", file=out, flush=True)
    print("\nThe input ended. Bye.", file=out)
    return 0

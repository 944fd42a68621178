"""Playing a Sokobond level by hand, and asking for help: `SokobondGame`, `solution_path`, `plan` and `hint` (no widgets
needed)."""

from __future__ import annotations

from ..checks import check_type
from ..search import DEFAULT_MAX_EXPANDED, astar_search
from .level import Level, parse_level
from .picture import format_state
from .problem import SokobondPuzzle
from .rules import State, check_state, initial_state, is_dead, is_solved, move

__all__ = ["SokobondGame", "solution_path", "plan", "hint"]

# The keys of the terminal play mode (`python -m puzzlekit play --sokobond`) and of the widget's key box:
# a key -> a move of `SokobondGame.move`, or the name of a command.
KEYS = {"u": "u", "r": "r", "d": "d", "l": "l", "z": "undo", "x": "reset", "h": "hint", "q": "quit", "?": "help"}


def _level(level) -> Level:
    if isinstance(level, str):
        return parse_level(level)
    return check_type(level, "level", Level, "a Level or its text")


def solution_path(level: Level | str, state: State | None = None, *,
                  max_expanded: int | None = DEFAULT_MAX_EXPANDED, max_seconds: float | None = None) -> list[State]:
    """The states of a shortest solution, from `state` (by default the level's start) to a solved state.

    The solver contract of both puzzles, as `puzzlekit.solve` for a board: a solution is the list of
    states from the start to the goal, each one move after the one before (the start alone when it is
    solved already); a puzzle that has no solution is a ValueError, and a search that meets its limit
    before it can tell is a RuntimeError. `plan` gives the moves of the same solution.

    Examples
    --------
    >>> level = parse_level('######\\n#h.O.#\\n#...H#\\n######')
    >>> path = solution_path(level)
    >>> len(path) - 1, is_solved(level, path[-1])
    (2, True)
    >>> solution_path('#####\\n#hH.#\\n#.H.#\\n#####')   # h-H is closed: the last H can never join
    Traceback (most recent call last):
    ...
    ValueError: this level has no solution from this state: every state it can reach was tried
    """
    result = _search(level, state, max_expanded, max_seconds)
    if result is None or not result.found:
        raise ValueError("this level has no solution from this state: every state it can reach was tried")
    return result.path


def plan(level: Level | str, state: State | None = None, *, max_expanded: int | None = DEFAULT_MAX_EXPANDED,
         max_seconds: float | None = None) -> list[str] | None:
    """The moves of a shortest solution from `state` (by default the level's start); None if there is none.

    A* with the admissible and consistent `widest_gap`, skipping dead states (which never removes
    a solution), so the plan is a shortest one. [] if `state` is already solved. The moves of
    `solution_path`'s solution, for the hint buttons: None instead of its ValueError.

    Raises
    ------
    RuntimeError : the search met `max_expanded` or `max_seconds` first.

    Examples
    --------
    >>> plan('######\\n#h.O.#\\n#...H#\\n######')
    ['r', 'r']
    >>> plan('#####\\n#hH.#\\n#.H.#\\n#####') is None   # h-H is closed: the last H can never join
    True
    """
    result = _search(level, state, max_expanded, max_seconds)
    return result.actions if result is not None and result.found else None


def _search(level, state, max_expanded, max_seconds):
    """A* from `state` with `widest_gap`, dead states skipped; None for a dead start. RuntimeError at a limit."""
    level = _level(level)
    puzzle = SokobondPuzzle(level, prune_dead=True, start=state)
    if is_dead(level, puzzle.initial):
        return None
    result = astar_search(puzzle, "widest_gap", max_expanded=max_expanded, max_seconds=max_seconds)
    if result.found or result.status == "exhausted":
        return result
    raise RuntimeError(f"no plan within the limit: A* stopped ({result.status}) after {result.expanded:,} states "
                       f"expanded; raise max_expanded or max_seconds")


def hint(level: Level | str, state: State | None = None, *, max_expanded: int | None = DEFAULT_MAX_EXPANDED,
         max_seconds: float | None = None) -> str | None:
    """The first move of a shortest solution from `state` ('u', 'r', 'd' or 'l'); None if solved or hopeless.

    The limits go to `plan`.

    Examples
    --------
    >>> hint('######\\n#h.O.#\\n#...H#\\n######')
    'r'
    """
    moves = plan(level, state, max_expanded=max_expanded, max_seconds=max_seconds)
    return moves[0] if moves else None


class SokobondGame:
    """A Sokobond level being played: the state, the moves made (which `undo` takes back), and help.

    Examples
    --------
    >>> game = SokobondGame('######\\n#h.O.#\\n#...H#\\n######')
    >>> game.move('u'), game.move('r'), game.move_count
    (False, True, 1)
    >>> game.hint()
    'r'
    >>> game.move('r'), game.is_solved(), game.moves
    (True, True, ['r', 'r'])
    >>> game.undo(), game.move_count, game.is_solved()
    (True, 1, False)
    >>> game.reset() == game.start
    True
    """

    def __init__(self, level: Level | str):
        self.level = _level(level)
        self.start: State = initial_state(self.level)
        self.state: State = self.start
        self.history: list[tuple[str, State]] = []  # (move, the state before it), for undo

    def __repr__(self) -> str:
        return f"<SokobondGame: {self.move_count} moves{', solved' if self.is_solved() else ''}>"

    def __str__(self) -> str:
        return format_state(self.level, self.state)

    def _repr_svg_(self) -> str:
        from .picture import draw

        return draw(self.level, self.state)._repr_svg_()

    @property
    def move_count(self) -> int:
        """The moves made since the start (an undone move no longer counts)."""
        return len(self.history)

    @property
    def moves(self) -> list[str]:
        """The moves made since the start, in order."""
        return [direction for direction, _ in self.history]

    def move(self, direction: str) -> bool:
        """Move the player's molecule 'u', 'r', 'd' or 'l'; False (and no change) if a wall stops it.

        Examples
        --------
        >>> SokobondGame('#####\\n#h.H#\\n#####').move('x')
        Traceback (most recent call last):
        ...
        ValueError: direction must be one of 'u', 'r', 'd', 'l'; got 'x' (str)
        """
        child = move(self.level, self.state, direction)
        if child is None:
            return False
        self.history.append((direction, self.state))
        self.state = child
        return True

    def undo(self) -> bool:
        """Take back the last move; False if there is none.

        Examples
        --------
        >>> game = SokobondGame('######\\n#h.O.#\\n#...H#\\n######')
        >>> game.undo(), game.move('r'), game.undo(), game.move_count
        (False, True, True, 0)
        """
        if not self.history:
            return False
        _, self.state = self.history.pop()
        return True

    def reset(self) -> State:
        """Back to the start, with no moves made.

        Examples
        --------
        >>> game = SokobondGame('######\\n#h.O.#\\n#...H#\\n######')
        >>> game.move('r'), game.reset() == game.start, game.moves
        (True, True, [])
        """
        self.state = self.start
        self.history.clear()
        return self.state

    def is_solved(self) -> bool:
        """True when one molecule holds every atom with no free electron left.

        Examples
        --------
        >>> game = SokobondGame('######\\n#h.O.#\\n#...H#\\n######')
        >>> game.is_solved(), game.move('r'), game.move('r'), game.is_solved()
        (False, True, True, True)
        """
        return is_solved(self.level, self.state)

    def is_dead(self) -> bool:
        """True when the level can no longer be solved from here (see `is_dead`): time to undo.

        Examples
        --------
        >>> game = SokobondGame('#######\\n#h.H..#\\n#...H.#\\n#######')
        >>> game.move('r'), game.is_dead()      # h-H is a closed molecule; the other H can never join
        (True, True)
        """
        return is_dead(self.level, self.state)

    def hint(self, *, max_expanded: int | None = DEFAULT_MAX_EXPANDED, max_seconds: float | None = None) -> str | None:
        """The next move of a shortest solution from here (see `hint`), None if solved or hopeless.

        Examples
        --------
        >>> SokobondGame('######\\n#h.O.#\\n#...H#\\n######').hint(max_expanded=1000)
        'r'
        """
        return hint(self.level, self.state, max_expanded=max_expanded, max_seconds=max_seconds)

    def plan(
        self, *, max_expanded: int | None = DEFAULT_MAX_EXPANDED, max_seconds: float | None = None
    ) -> list[str] | None:
        """The moves of a shortest solution from here (see `plan`).

        Examples
        --------
        >>> SokobondGame('######\\n#h.O.#\\n#...H#\\n######').plan()
        ['r', 'r']
        """
        return plan(self.level, self.state, max_expanded=max_expanded, max_seconds=max_seconds)

    def set_state(self, state: State) -> None:
        """Play on from `state` (checked against the level), as a new start with no moves made.

        Examples
        --------
        >>> level = '######\\n#h.O.#\\n#...H#\\n######'
        >>> game, other = SokobondGame(level), SokobondGame(level)
        >>> _ = other.move('r'); game.set_state(other.state); game.plan(), game.move_count
        (['r'], 0)
        """
        self.start = self.state = check_state(self.level, state)
        self.history.clear()



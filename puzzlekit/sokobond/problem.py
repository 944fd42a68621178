"""`SokobondPuzzle`: a Sokobond level as a search `Problem`, so that every search of `puzzlekit.search` runs on it."""

from __future__ import annotations

from collections.abc import Callable

from ..checks import check_bool, check_choice, check_type, short_repr
from ..problem import Problem
from ..sliding.grid import DIRECTIONS
from .heuristics import HEURISTICS
from .level import Level, parse_level
from .picture import format_state
from .rules import State, check_state, initial_state, is_dead, is_solved, move

__all__ = ["SokobondPuzzle"]


class SokobondPuzzle(Problem):
    """Moving the player's molecule until one molecule holds every atom with no free electron left.

    States are `State`s (the atoms' cells and the bonds); actions are the moves 'u', 'r', 'd',
    'l' that change something (a move into a wall is not an action). Every action costs 1.

    Parameters
    ----------
    level : a `Level`, or its text (see `parse_level`).
    prune_dead : leave out the states that `is_dead` proves hopeless (a closed molecule that is
        not the whole level). It never removes a solution, and it has no effect on a level with cutters.
    start : the state to search from; by default the level's start (`initial_state`).

    Examples
    --------
    >>> from puzzlekit.search import astar_search, breadth_first_search
    >>> puzzle = SokobondPuzzle('#######\\n#h..O.#\\n#...H.#\\n#######')
    >>> puzzle.actions(puzzle.initial)
    ['r', 'd']
    >>> breadth_first_search(puzzle).actions   # h bonds with O, then O with H: water
    ['r', 'r']
    >>> astar_search(puzzle, 'widest_gap').length
    2
    """

    def __init__(self, level: Level | str, *, prune_dead: bool = False, start: State | None = None):
        if isinstance(level, str):
            level = parse_level(level)
        check_type(level, "level", Level, "a Level or its text")
        check_bool(prune_dead, "prune_dead")
        self.level = level
        self.prune_dead = prune_dead
        self.initial: State = initial_state(level) if start is None else check_state(level, start)

    def __repr__(self) -> str:
        prune = ", prune_dead=True" if self.prune_dead else ""
        name = f" {self.level.title!r}" if self.level.title else ""
        return f"<SokobondPuzzle{name}: {len(self.level.elements)} atoms{prune}>"

    def _repr_svg_(self) -> str:
        from .picture import draw

        return draw(self.level, self.initial)._repr_svg_()

    def __str__(self) -> str:
        return format_state(self.level, self.initial)

    def actions(self, state: State) -> list[str]:
        """The moves that change `state` (and, with `prune_dead`, do not lead to a dead state), in the order u, r, d, l.

        Examples
        --------
        >>> puzzle = SokobondPuzzle('#####\\n#h.H#\\n#####')
        >>> puzzle.actions(puzzle.initial)
        ['r']
        """
        return [action for action, _ in self.successors(state)]

    def result(self, state: State, action: str) -> State:
        """The state after `action`; a ValueError if a wall stops it.

        Examples
        --------
        >>> puzzle = SokobondPuzzle('#####\\n#h.H#\\n#####')
        >>> puzzle.result(puzzle.initial, 'r').bonds
        ((0, 1),)
        >>> puzzle.result(puzzle.initial, 'u')
        Traceback (most recent call last):
        ...
        ValueError: move 'u' is blocked: a wall stops the player's molecule or an atom it pushes
        """
        child = move(self.level, state, action)
        if child is None:
            raise ValueError(f"move {action!r} is blocked: a wall stops the player's molecule or an atom it pushes")
        return child

    def is_goal(self, state: State) -> bool:
        """True when one molecule holds every atom and no electron is left free (`is_solved`).

        Examples
        --------
        >>> puzzle = SokobondPuzzle('#####\\n#h.H#\\n#####')
        >>> puzzle.is_goal(puzzle.initial), puzzle.is_goal(puzzle.result(puzzle.initial, 'r'))
        (False, True)
        """
        return is_solved(self.level, state)

    def successors(self, state: State) -> list[tuple[str, State]]:
        """The (move, state) pairs one move from `state`: the moves that change it, in the order u, r, d, l.

        Examples
        --------
        >>> puzzle = SokobondPuzzle('#####\\n#h.H#\\n#####')
        >>> [action for action, _ in puzzle.successors(puzzle.initial)]
        ['r']
        """
        level, pairs = self.level, []
        for action in DIRECTIONS:
            child = move(level, state, action)
            if child is not None and not (self.prune_dead and is_dead(level, child)):
                pairs.append((action, child))
        return pairs

    def heuristic(self, h) -> Callable[[State], int]:
        """`h` as a function of a state: a name ('manhattan_sum', 'electron_weighted_sum', 'widest_gap'),
        a function of (level, state) from `puzzlekit.sokobond.heuristics`, or any function of a state.

        Examples
        --------
        >>> puzzle = SokobondPuzzle('#####\\n#h.H#\\n#####')
        >>> puzzle.heuristic('manhattan_sum')(puzzle.initial), puzzle.heuristic('widest_gap')(puzzle.initial)
        (2, 1)
        >>> puzzle.heuristic('manhattan')
        Traceback (most recent call last):
        ...
        ValueError: h must be one of 'manhattan_sum', 'electron_weighted_sum', 'widest_gap'; got 'manhattan' (str)
        """
        if isinstance(h, str):
            h = HEURISTICS[check_choice(h, "h", tuple(HEURISTICS))]
        if h in HEURISTICS.values():
            function, level = h, self.level
            return lambda state: function(level, state)
        if callable(h):
            return h
        raise TypeError(f"h must be a heuristic's name or a function of a state, got {short_repr(h)}")

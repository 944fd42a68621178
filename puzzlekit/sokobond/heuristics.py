"""Estimates of the moves left in a Sokobond state: the original project's two, and an admissible one.

`manhattan_sum` and `electron_weighted_sum` are the original Sokobond project's heuristics; neither
is admissible (both overestimate one move by two). `widest_gap` never overestimates.
"""

from __future__ import annotations

from .level import Level
from .rules import State, check_state, free_electrons, molecule

__all__ = ["manhattan_sum", "electron_weighted_sum", "widest_gap", "HEURISTICS"]


def _distance(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def manhattan_sum(level: Level, state: State) -> int:
    """The original project's first heuristic: the Manhattan distances from the player's atom to each atom
    not yet in its molecule, added up.

    Not admissible: an atom two cells away joins in one move (it need only become a neighbour).

    Examples
    --------
    >>> from puzzlekit.sokobond import initial_state, parse_level
    >>> level = parse_level('######\\n#h.H.#\\n######')
    >>> manhattan_sum(level, initial_state(level))   # one move solves it
    2
    """
    if not isinstance(state, State):
        state = check_state(level, state)
    joined = molecule(level.player, state.bonds)
    player = state.cells[level.player]
    return sum(_distance(player, cell) for atom, cell in enumerate(state.cells) if atom not in joined)


def electron_weighted_sum(level: Level, state: State) -> int:
    """The original project's second heuristic: like `manhattan_sum`, each distance times the atom's free electrons + 1.

    Not admissible either (it is never below `manhattan_sum`).

    Examples
    --------
    >>> from puzzlekit.sokobond import initial_state, parse_level
    >>> level = parse_level('######\\n#h.H.#\\n######')
    >>> electron_weighted_sum(level, initial_state(level))   # 2 cells, 1 electron + 1
    4
    """
    if not isinstance(state, State):
        state = check_state(level, state)
    joined = molecule(level.player, state.bonds)
    player = state.cells[level.player]
    left = free_electrons(level, state.bonds)
    return sum(_distance(player, cell) * (left[atom] + 1)
               for atom, cell in enumerate(state.cells) if atom not in joined)


def widest_gap(level: Level, state: State) -> int:
    """The widest gap the atoms must close: the least g such that linking atoms at most g + 1 apart links them all.

    Admissible, and consistent: a move shifts some atoms one cell the same way and leaves the
    others, so the Manhattan distance between two atoms changes by at most 1, and so does this
    gap (the largest step of the best chain of atoms, found as the longest edge of a minimum
    spanning tree). At the goal all atoms form one molecule of neighbours: the gap is 0.

    Examples
    --------
    >>> from puzzlekit.sokobond import initial_state, parse_level
    >>> level = parse_level('########\\n#h.H...#\\n#.....O#\\n########')
    >>> widest_gap(level, initial_state(level))   # H and O are 4 apart: a gap of 3 cells
    3
    """
    if not isinstance(state, State):
        state = check_state(level, state)
    cells = state.cells
    # Prim's algorithm: grow a tree from atom 0, always adding the atom nearest to it.
    nearest = {atom: _distance(cells[0], cells[atom]) for atom in range(1, len(cells))}
    widest = 0
    while nearest:
        atom = min(nearest, key=nearest.__getitem__)
        widest = max(widest, nearest.pop(atom) - 1)
        for other in nearest:
            distance = _distance(cells[atom], cells[other])
            if distance < nearest[other]:
                nearest[other] = distance
    return widest


# The names `SokobondPuzzle.heuristic` knows.
HEURISTICS = {
    "manhattan_sum": manhattan_sum,
    "electron_weighted_sum": electron_weighted_sum,
    "widest_gap": widest_gap,
}


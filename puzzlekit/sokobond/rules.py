"""The state of a Sokobond level and the move rule: pushing, walls, cutters, then bonding.

A state is where each atom is and which pairs are bonded. Both belong in it: the same cells
with different bonds move differently (a bonded atom comes along, an unbonded one stays).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..checks import check_choice, check_type, short_repr
from ..sliding.grid import DIRECTIONS
from .level import Level

__all__ = [
    "State", "STEPS", "initial_state", "free_electrons", "molecule", "bond_atoms", "cut_bonds", "move",
    "is_solved", "is_dead"
]

# How a move shifts a cell: (rows, columns). The letters are those of the sliding puzzles.
STEPS = {"u": (-1, 0), "r": (0, 1), "d": (1, 0), "l": (0, -1)}
assert tuple(STEPS) == DIRECTIONS
_STEP_LIST = tuple(STEPS.values())


class State(NamedTuple):
    """Where each atom is (in the order of `Level.elements`) and the bonded pairs (i, j), i < j, sorted.

    Examples
    --------
    >>> State(((1, 1), (1, 2)), ((0, 1),)).bonds
    ((0, 1),)
    """

    cells: tuple
    bonds: tuple


def free_electrons(level: Level, bonds) -> list[int]:
    """The electrons each atom has left: its element's count minus its bonds.

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> free_electrons(parse_level('#####\\n#hO.#\\n#####'), [(0, 1)])
    [0, 1]
    """
    left = list(level.electrons)
    for i, j in bonds:
        left[i] -= 1
        left[j] -= 1
    return left


@lru_cache(maxsize=1 << 16)
def _links(count: int, bonds: tuple) -> tuple:
    """For each atom, the atoms bonded to it. Remembered: a search meets the same bonds again and again."""
    links = [[] for _ in range(count)]
    for i, j in bonds:
        links[i].append(j)
        links[j].append(i)
    return tuple(map(tuple, links))


@lru_cache(maxsize=1 << 16)
def _molecule(count: int, bonds: tuple, atom: int) -> frozenset:
    """The molecule of `atom` over `bonds`, remembered like `_links`."""
    return frozenset(_reach(_links(count, bonds), [atom]))


def molecule(atom: int, bonds) -> frozenset:
    """The atoms joined to `atom` by a chain of bonds, `atom` included.

    Examples
    --------
    >>> sorted(molecule(0, [(0, 1), (1, 2), (3, 4)]))
    [0, 1, 2]
    """
    bonds = tuple(bonds)
    return _molecule(1 + max([atom, *(max(pair) for pair in bonds)]), bonds, atom)


def _reach(links, start) -> set:
    seen, stack = set(start), list(start)
    while stack:
        for other in links[stack.pop()]:
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return seen


def molecules(level: Level, state: State) -> list[frozenset]:
    """The molecules of `state` (a lone atom is a molecule of one), the player's first, then by first atom.

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> level = parse_level('######\\n#hO.H#\\n######')
    >>> molecules(level, initial_state(level))
    [frozenset({0, 1}), frozenset({2})]
    """
    state = _valid(level, state)
    links = _links(len(level.elements), state.bonds)
    found, seen = [], set()
    for atom in [level.player, *range(len(level.elements))]:
        if atom not in seen:
            group = _reach(links, [atom])
            seen |= group
            found.append(frozenset(group))
    return found


def bond_atoms(level: Level, cells, bonds) -> tuple:
    """The bonding step: bond every two neighbouring atoms, not yet bonded, that both have a free electron.

    The order matters when an atom has more free neighbours than electrons: the player's atom
    goes first, then the other atoms in reading order of their cells (top row first, left to
    right); each bonds with its neighbours in the order up, right, down, left while both have
    electrons left. Two atoms share one bond at most. Returns the new bonds, sorted.

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> level = parse_level('#####\\n#HoH#\\n#####')   # O has two electrons: both H bond
    >>> bond_atoms(level, level.cells, ())
    ((0, 1), (1, 2))
    >>> level = parse_level('#####\\n#HhH#\\n#####')   # the player's H has one: its upper, then right, neighbour
    >>> bond_atoms(level, level.cells, ())
    ((1, 2),)
    """
    left = free_electrons(level, bonds)
    # Only atoms with an electron left can bond: usually few, so this is the quick part of a move.
    ready = [atom for atom in range(len(cells)) if left[atom]]
    if len(ready) < 2:
        return tuple(bonds)
    at = {cells[atom]: atom for atom in ready}
    # Most moves bond nothing: look for one pair of ready neighbours (each pair once: right and down) first.
    if not any(
        (other := at.get(cell)) is not None and (min(atom, other), max(atom, other)) not in bonds
        for atom in ready
        for cell in ((cells[atom][0], cells[atom][1] + 1), (cells[atom][0] + 1, cells[atom][1]))
    ):
        return tuple(bonds)
    bonded = set(bonds)
    ready.sort(key=lambda atom: (atom != level.player, cells[atom]))
    for atom in ready:
        row, col = cells[atom]
        for dr, dc in _STEP_LIST:
            if not left[atom]:
                break
            other = at.get((row + dr, col + dc))
            if other is not None and left[other]:
                pair = (atom, other) if atom < other else (other, atom)
                if pair not in bonded:
                    bonded.add(pair)
                    left[atom] -= 1
                    left[other] -= 1
    return tuple(sorted(bonded)) if len(bonded) > len(bonds) else tuple(bonds)


def check_state(level: Level, state) -> State:
    """`state` as a `State` of `level`, after checking it: a cell on the floor for each atom, bonds between atoms.

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> level = parse_level('#####\\n#h.H#\\n#####')
    >>> check_state(level, (((1, 1), (1, 2)), ((0, 1),)))
    State(cells=((1, 1), (1, 2)), bonds=((0, 1),))
    >>> check_state(level, (((1, 1), (0, 0)), ()))
    Traceback (most recent call last):
    ...
    ValueError: the state puts an atom at (0, 0), which is not a floor cell of the level or holds two atoms
    """
    check_type(level, "level", Level, "a Level (see parse_level)")
    if not (isinstance(state, tuple) and len(state) == 2):
        raise TypeError(f"a state must be a State(cells, bonds), got {short_repr(state)}")
    cells, bonds = state
    if len(cells) != len(level.elements):
        raise ValueError(f"the state has {len(cells)} cells for the level's {len(level.elements)} atoms")
    for cell in cells:
        if not (isinstance(cell, tuple) and len(cell) == 2) or cell not in level.floor or list(cells).count(cell) > 1:
            raise ValueError(f"the state puts an atom at {short_repr(cell)}, which is not a floor cell of the level "
                             f"or holds two atoms")
    for pair in bonds:
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(a, int) for a in pair)
                and 0 <= pair[0] < pair[1] < len(cells)) or list(bonds).count(pair) > 1:
            raise ValueError(f"bond {short_repr(pair)} is not a pair (i, j) of atoms with i < j, listed once")
    return State(tuple((int(row), int(col)) for row, col in cells), tuple(sorted(bonds)))


def _valid(level, state) -> State:
    """`state` itself when it is a `State` of a `Level` (the quick path of a search), else checked by `check_state`."""
    if isinstance(state, State) and isinstance(level, Level):
        return state
    return check_state(level, state)


def initial_state(level: Level) -> State:
    """The state a level starts in: its atoms where the level puts them, neighbours already bonded.

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> initial_state(parse_level('######\\n#hH.O#\\n######'))
    State(cells=((1, 1), (1, 2), (1, 4)), bonds=((0, 1),))
    """
    check_type(level, "level", Level, "a Level (see parse_level)")
    return State(level.cells, bond_atoms(level, level.cells, ()))


def cut_bonds(level: Level, state: State, direction: str) -> set:
    """The bonds that would slide across a cutter if both their atoms moved `direction`.

    A bond crosses a corner when it moves sideways: a horizontal bond between columns c and c + 1
    moving from row r to row r + 1 crosses corner (r + 1, c + 1); moving up from row r, corner (r, c + 1).
    A vertical bond moving left or right crosses a corner the same way, turned a quarter.

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> level = parse_level('#####\\n#hO.#\\n#...#\\n#####\\ncutters: 2,2')
    >>> cut_bonds(level, initial_state(level), 'd'), cut_bonds(level, initial_state(level), 'u')
    ({(0, 1)}, set())
    """
    check_choice(direction, "direction", DIRECTIONS)
    state = _valid(level, state)
    if not level.cutters:
        return set()
    dr, dc = STEPS[direction]
    cut = set()
    for i, j in state.bonds:
        (ri, ci), (rj, cj) = state.cells[i], state.cells[j]
        if ri == rj and dr:  # a horizontal bond moving up or down
            corner = (ri + (dr > 0), max(ci, cj))
        elif ci == cj and dc:  # a vertical bond moving left or right
            corner = (max(ri, rj), ci + (dc > 0))
        else:
            continue
        if corner in level.cutters:
            cut.add((i, j))
    return cut


def move(level: Level, state: State, direction: str) -> State | None:
    """The state after the player moves `direction` ('u', 'r', 'd', 'l'), or None if a wall stops the move.

    1. Find the bonds this move would cut (`cut_bonds`).
    2. The moving group is the player's molecule over the bonds not cut, plus every atom in the
       way with its own molecule, again and again until nothing new joins (pushing).
    3. If any atom of the group would enter a wall, nothing moves: None.
    4. Otherwise the cut bonds that touch the group break (each end gets its electron back)
       and the group moves one cell.
    5. The bonding step (`bond_atoms`).

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> level = parse_level('######\\n#hH.O#\\n######')
    >>> state = move(level, initial_state(level), 'r')
    >>> state   # h-H moved; H has no electron left for O
    State(cells=((1, 2), (1, 3), (1, 4)), bonds=((0, 1),))
    >>> move(level, state, 'r') is None   # H would push O into the wall
    True
    >>> move(level, state, 'l')
    State(cells=((1, 1), (1, 2), (1, 4)), bonds=((0, 1),))
    """
    check_choice(direction, "direction", DIRECTIONS)
    state = _valid(level, state)
    dr, dc = STEPS[direction]
    cells, bonds = state
    walls = level.walls
    cut = cut_bonds(level, state, direction)
    kept = tuple(bond for bond in bonds if bond not in cut) if cut else bonds
    links = _links(len(cells), kept)
    at = {cell: atom for atom, cell in enumerate(cells)}
    group = set(_molecule(len(cells), kept, level.player))
    stack = list(group)
    while stack:
        row, col = cells[stack.pop()]
        target = (row + dr, col + dc)
        if target in walls:  # the walls enclose every atom (parse_level checks), so no atom leaves the grid
            return None
        other = at.get(target)
        if other is not None and other not in group:
            joined = _reach(links, [other])
            group |= joined
            stack.extend(joined)
    if cut:
        bonds = tuple(bond for bond in bonds if bond not in cut or (bond[0] not in group and bond[1] not in group))
    moved = tuple((row + dr, col + dc) if atom in group else (row, col) for atom, (row, col) in enumerate(cells))
    return State(moved, bond_atoms(level, moved, bonds))


def is_solved(level: Level, state: State) -> bool:
    """True when every atom is in the player's molecule and no atom has a free electron left.

    That is the original Sokobond project's goal (the real game asks only for no free electron,
    so some of its levels end with several molecules).

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> level = parse_level('#####\\n#hO.#\\n#####')
    >>> is_solved(level, initial_state(level))
    False
    >>> level = parse_level('#####\\n#hOH#\\n#####')
    >>> is_solved(level, initial_state(level))
    True
    """
    state = _valid(level, state)
    if 2 * len(state.bonds) != sum(level.electrons):  # each bond spends two electrons: some are left
        return False
    return len(_molecule(len(state.cells), state.bonds, level.player)) == len(state.cells)


def is_dead(level: Level, state: State) -> bool:
    """True if `state` provably cannot reach the goal: a molecule with no free electron left is not the whole level.

    Such a molecule can never bond again, so it can never join the others. The rule holds only
    without cutters (a cutter can give electrons back), so on a level with cutters it says False.

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> level = parse_level('######\\n#hH.H#\\n######')   # H2 is closed, the last H is left out
    >>> is_dead(level, initial_state(level))
    True
    """
    state = _valid(level, state)
    if level.cutters:
        return False
    left = free_electrons(level, state.bonds)
    groups = molecules(level, state)
    return len(groups) > 1 and any(not any(left[atom] for atom in group) for group in groups)

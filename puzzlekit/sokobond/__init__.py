"""Sokobond, a second puzzle on the same search code: atoms pushed around a grid bond into one molecule.

`parse_level` reads a level, `SokobondPuzzle` makes it a search `Problem`, `draw` pictures a state.
"""

from .data import level_folder, levels, load_level, read_level
from .game import KEYS, SokobondGame, hint, plan, solution_path
from .heuristics import HEURISTICS, electron_weighted_sum, manhattan_sum, widest_gap
from .level import ELECTRONS, MAX_LEVEL_SIDE, Level, format_level, parse_level
from .picture import ATOM_COLOURS, SokobondPicture, draw, format_state
from .problem import SokobondPuzzle
from .rules import (
    STEPS,
    State,
    bond_atoms,
    check_state,
    cut_bonds,
    free_electrons,
    initial_state,
    is_dead,
    is_solved,
    molecule,
    molecules,
    move,
)

__all__ = [
    "ELECTRONS", "Level", "parse_level", "format_level", "State", "STEPS", "initial_state", "free_electrons",
    "molecule", "molecules", "bond_atoms", "cut_bonds", "move", "is_solved", "is_dead", "SokobondPuzzle",
    "manhattan_sum", "electron_weighted_sum", "widest_gap", "HEURISTICS", "draw", "levels", "load_level",
    "SokobondGame", "solution_path", "plan", "hint"
]

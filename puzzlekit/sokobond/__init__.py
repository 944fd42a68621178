"""Sokobond, a second puzzle on the same search code: atoms pushed around a grid bond into one molecule.

`parse_level` reads a level, `SokobondPuzzle` makes it a search `Problem`, `draw` pictures a state.
"""

from . import data, game, heuristics, level, picture, problem, rules
from .data import level_folder, levels, load_level, read_level
from .game import KEYS, SokobondGame, hint, plan, solution_path
from .heuristics import HEURISTICS, electron_weighted_sum, manhattan_sum, widest_gap
from .level import ELECTRONS, MAX_LEVEL_SIDE, Cell, Level, format_level, parse_level
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

# Each module lists its public names once, in its own `__all__`; the package re-exports them.
__all__ = [
    *level.__all__, *rules.__all__, *problem.__all__, *heuristics.__all__, *picture.__all__, *data.__all__,
    *game.__all__
]

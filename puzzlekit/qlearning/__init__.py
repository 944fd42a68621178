"""Tabular Q-learning on sliding puzzles: the settings, one readable loop, a fast numpy trainer of the same
algorithm, reading a learned table, and the original game's `QLearning` and `Solver`.

Exact distances referee every policy: `policy_mistakes(q)` counts the boards where the greedy move is not a shortest one.
"""

from ..state_space import q_array
from .evaluation import format_path, greedy_moves, greedy_path, policy_mistakes
from .fast import train_fast, update_entries
from .loop import QTable, greedy_action, q_learning, q_update
from .original import QLearning, Solver
from .settings import EIGHT_PUZZLE_HYPERPARAMETERS, SUN_MOON_HYPERPARAMETERS, Hyperparameters, exploration_rate

__all__ = [
    "Hyperparameters",
    "EIGHT_PUZZLE_HYPERPARAMETERS",
    "SUN_MOON_HYPERPARAMETERS",
    "exploration_rate",
    "QTable",
    "q_learning",
    "q_update",
    "greedy_action",
    "train_fast",
    "update_entries",
    "q_array",
    "greedy_path",
    "greedy_moves",
    "format_path",
    "policy_mistakes",
    "QLearning",
    "Solver",
]

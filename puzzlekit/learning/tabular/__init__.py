"""The tabular learners on sliding puzzles: the settings, Q-learning as one readable loop (SARSA, expected SARSA
and Monte Carlo control beside it), a fast numpy trainer of the same algorithm, reading a learned table, and the
original game's `QLearning` and `Solver`.

Exact distances referee every policy: `policy_mistakes(q)` counts the boards where the greedy move is not a
shortest one.
"""

from ..qtable import q_array
from .evaluation import format_path, greedy_moves, greedy_path, policy_mistakes
from .lanes import q_learning_in_lanes, q_update_batch
from .loop import QTable, greedy_action, q_learning
from .monte_carlo import monte_carlo_control
from .original import QLearning, Solver
from .settings import EIGHT_PUZZLE_HYPERPARAMETERS, SUN_MOON_HYPERPARAMETERS, Hyperparameters, linear_schedule
from .td import expected_sarsa, expected_sarsa_update, sarsa, sarsa_update

__all__ = [
    "Hyperparameters",
    "EIGHT_PUZZLE_HYPERPARAMETERS",
    "SUN_MOON_HYPERPARAMETERS",
    "linear_schedule",
    "QTable",
    "q_learning",
    "greedy_action",
    "sarsa",
    "sarsa_update",
    "expected_sarsa",
    "expected_sarsa_update",
    "monte_carlo_control",
    "q_learning_in_lanes",
    "q_update_batch",
    "q_array",
    "greedy_path",
    "greedy_moves",
    "format_path",
    "policy_mistakes",
    "QLearning",
    "Solver",
]

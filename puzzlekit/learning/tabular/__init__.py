"""The tabular learners on sliding puzzles: the settings, Q-learning as one readable loop (SARSA, expected SARSA
and Monte Carlo control beside it), a fast numpy trainer of the same algorithm, reading a learned table, and the
original game's `QLearning` and `Solver`.

Exact distances referee every policy: `policy_mistakes(q)` counts the boards where the greedy move is not a
shortest one.
"""

from ..qtable import q_array
from . import evaluation, lanes, loop, monte_carlo, original, settings, td
from .evaluation import format_path, greedy_moves, greedy_path, policy_mistakes
from .lanes import q_learning_in_lanes, q_update_batch
from .loop import QTable, greedy_action, q_learning
from .monte_carlo import monte_carlo_control
from .original import QLearning, Solver
from .settings import EIGHT_PUZZLE_HYPERPARAMETERS, SUN_MOON_HYPERPARAMETERS, Hyperparameters, linear_schedule
from .td import expected_sarsa, expected_sarsa_update, sarsa, sarsa_update

# Each module lists its public names once, in its own `__all__`; the package re-exports them.
__all__ = [
    *loop.__all__, *settings.__all__, *td.__all__, *monte_carlo.__all__, *lanes.__all__, *evaluation.__all__,
    *original.__all__, "q_array"
]

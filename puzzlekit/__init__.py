"""puzzlekit: sliding puzzles for the course, from the textbook's helpers to search and learning.

The names a learner types first are here, in the order the chapters meet them: the board and the
textbook's helpers (`position`, `moves`, `move`, `is_solvable`), search, heuristics, Q-learning and
learned heuristics. The widgets load on first use, so `import puzzlekit` imports neither numpy,
matplotlib nor ipywidgets.
"""

import importlib

from . import problem as _problem

# Where each name lives: `puzzlekit.<name>` imports its module when first used (PEP 562's module __getattr__),
# so `import puzzlekit` stays light (no numpy, matplotlib or ipywidgets) and a chapter pays only for what it uses.
_MODULES = {
    ".course.exercises": "attempt check",
    ".datafiles": "data_path",
    ".learning.learned": "q_heuristic q_to_distance",
    ".learning.tabular": (
        "EIGHT_PUZZLE_HYPERPARAMETERS SUN_MOON_HYPERPARAMETERS Hyperparameters QLearning Solver "
        "format_path greedy_path policy_mistakes q_learning q_learning_in_lanes"),
    ".learning.qtable": "load_table",
    ".problem": "Problem",
    ".search": (
        "SearchResult astar_search breadth_first_search depth_first_search depth_limited_search "
        "greedy_best_first_search ida_star_search iterative_deepening_search lambda_astar_search run_search "
        "weighted_astar_search"),
    ".sliding.board": (
        "BLANK DIRECTIONS MOON SUN SUN_MOON_GOAL SUN_MOON_START Board check_board default_goal "
        "format_board inversions is_solvable move moves parse_board position random_board slide "
        "successors width"),
    ".sliding.display": "BoardPicture show",
    ".sliding.distances": "distance_table rank unrank",
    ".sliding.environment": "Rewards SlidingPuzzleEnv",
    ".sliding.game": "SlidingPuzzleGame",
    ".sliding.heuristics": "linear_conflict manhattan misplaced",
    ".sliding.puzzle": "SlidingPuzzle",
    ".sokobond": "SokobondGame SokobondPuzzle",
    ".solving": "solve",
    ".interfaces.widgets": "PuzzleBoard SearchExplorer QLearningView play picture SokobondBoard",
}
_HOMES = {name: module for module, names in _MODULES.items() for name in names.split()}
_SUBPACKAGES = ("checks", "course", "datafiles", "interfaces", "learning", "problem", "search", "sliding", "sokobond",
                "solving")

__version__ = "0.1.0"

# The public names are those of `_MODULES`, listed there once by the module they live in.
__all__ = list(_HOMES)


def _sliding_puzzle(board, goal=None):
    """A bare board as a search problem (`Problem.for_board`): a `SlidingPuzzle`, its module loaded on first use."""
    return importlib.import_module(".sliding.puzzle", __name__).SlidingPuzzle(board, goal)


_problem.board_problem = _sliding_puzzle


def __getattr__(name: str):
    """`puzzlekit.move` and every name of `__all__`: imported from its module when first used, then kept."""
    home = _HOMES.get(name)
    if home is None:
        if name in _SUBPACKAGES:  # `puzzlekit.search` without `import puzzlekit.search` first
            return importlib.import_module(f".{name}", __name__)
        raise AttributeError(f"module 'puzzlekit' has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))

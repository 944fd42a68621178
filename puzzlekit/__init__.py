"""puzzlekit: sliding puzzles for the course, from the textbook's helpers to search and learning.

The names a learner types first are here, in the order the chapters meet them: the board and the
textbook's helpers (`position`, `moves`, `move`, `is_solvable`), search, heuristics, Q-learning and
learned heuristics. The widgets load on first use, so `import puzzlekit` imports neither numpy,
matplotlib nor ipywidgets.
"""

from .course.exercises import attempt, check
from .datafiles import data_path
from .learning.learned import q_heuristic, q_to_distance
from .learning.qlearning import (
    EIGHT_PUZZLE_HYPERPARAMETERS,
    SUN_MOON_HYPERPARAMETERS,
    Hyperparameters,
    QLearning,
    Solver,
    format_path,
    greedy_path,
    policy_mistakes,
    q_learning,
    train_fast,
)
from .learning.qtable import load_table
from .problem import Problem
from .search import (
    SearchResult,
    astar_search,
    breadth_first_search,
    depth_first_search,
    depth_limited_search,
    greedy_best_first_search,
    ida_star_search,
    iterative_deepening_search,
    lambda_astar_search,
    run_search,
    weighted_astar_search,
)
from .sliding.board import (
    BLANK,
    DIRECTIONS,
    MOON,
    SUN,
    SUN_MOON_GOAL,
    SUN_MOON_START,
    Board,
    check_board,
    default_goal,
    format_board,
    inversions,
    is_solvable,
    move,
    moves,
    parse_board,
    position,
    random_board,
    slide,
    successors,
    width,
)
from .sliding.display import BoardPicture, show
from .sliding.distances import distance_table, rank, unrank
from .sliding.environment import Rewards, SlidingPuzzleEnv
from .sliding.game import SlidingPuzzleGame
from .sliding.heuristics import linear_conflict, manhattan, misplaced
from .sliding.puzzle import SlidingPuzzle
from .sokobond import SokobondGame, SokobondPuzzle
from .solving import solve

__version__ = "0.1.0"

# The widgets need ipywidgets: `puzzlekit.PuzzleBoard` imports `puzzlekit.interfaces.widgets` when first used (see __getattr__).
_WIDGETS = ("PuzzleBoard", "SearchExplorer", "QLearningView", "play", "picture", "SokobondBoard")

__all__ = [
    # boards and the textbook's helpers (chapters 1-2)
    "position",
    "moves",
    "move",
    "slide",
    "successors",
    "inversions",
    "is_solvable",
    "random_board",
    "default_goal",
    "width",
    "check_board",
    "parse_board",
    "format_board",
    "show",
    "BoardPicture",
    "SlidingPuzzleGame",
    "Board",
    "BLANK",
    "SUN",
    "MOON",
    "SUN_MOON_START",
    "SUN_MOON_GOAL",
    "DIRECTIONS",
    # exercises
    "check",
    "attempt",
    # search and heuristics (chapters 3-4)
    "Problem",
    "SlidingPuzzle",
    "SearchResult",
    "solve",
    "run_search",
    "breadth_first_search",
    "depth_first_search",
    "depth_limited_search",
    "iterative_deepening_search",
    "greedy_best_first_search",
    "astar_search",
    "weighted_astar_search",
    "lambda_astar_search",
    "ida_star_search",
    "misplaced",
    "manhattan",
    "linear_conflict",
    "rank",
    "unrank",
    "distance_table",
    # Q-learning (chapters 5-6)
    "SlidingPuzzleEnv",
    "Rewards",
    "Hyperparameters",
    "EIGHT_PUZZLE_HYPERPARAMETERS",
    "SUN_MOON_HYPERPARAMETERS",
    "q_learning",
    "train_fast",
    "greedy_path",
    "format_path",
    "policy_mistakes",
    "QLearning",
    "Solver",
    "load_table",
    "data_path",
    # learned heuristics (chapter 7)
    "q_heuristic",
    "q_to_distance",
    # Sokobond (chapter 9)
    "SokobondPuzzle",
    "SokobondGame",
    # widgets, loaded on first use
    *_WIDGETS,
]


def __getattr__(name: str):
    """`puzzlekit.PuzzleBoard` and the other widgets import `puzzlekit.interfaces.widgets` (and ipywidgets) when first used."""
    if name in _WIDGETS:
        from .interfaces import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'puzzlekit' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WIDGETS))

"""puzzlekit: sliding puzzles for the course, from the textbook's helpers to search and learning.

The names a learner types first are here: `position`, `moves`, `move`, `is_solvable`, `show`, ...
"""

from .board import (
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
from .display import BoardPicture, show
from .distances import distance_table, rank, unrank
from .exercises import check
from .game import SlidingPuzzleGame
from .heuristics import linear_conflict, manhattan, misplaced
from .problem import Problem, SlidingPuzzle
from .search import (
    SearchResult,
    astar_search,
    breadth_first_search,
    depth_first_search,
    depth_limited_search,
    greedy_best_first_search,
    ida_star_search,
    iterative_deepening_search,
    run_search,
    solve,
    weighted_astar_search,
)

__all__ = [
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
    "check",
    "BoardPicture",
    "SlidingPuzzleGame",
    "Board",
    "BLANK",
    "SUN",
    "MOON",
    "SUN_MOON_START",
    "SUN_MOON_GOAL",
    "DIRECTIONS",
    "solve",
    "Problem",
    "SlidingPuzzle",
    "SearchResult",
    "run_search",
    "breadth_first_search",
    "depth_first_search",
    "depth_limited_search",
    "iterative_deepening_search",
    "greedy_best_first_search",
    "astar_search",
    "weighted_astar_search",
    "ida_star_search",
    "misplaced",
    "manhattan",
    "linear_conflict",
    "rank",
    "unrank",
    "distance_table",
]

__version__ = "0.1.0"

# --- Q-learning (issue 4): environments, the readable loop, the fast trainer, the seed's QLearning and Solver ---
from .environment import SlidingPuzzleEnv  # noqa: E402
from .qlearning import (  # noqa: E402
    EIGHT_PUZZLE_HYPERPARAMETERS,
    SUN_MOON_HYPERPARAMETERS,
    Hyperparameters,
    QLearning,
    format_path,
    greedy_path,
    policy_mistakes,
    q_learning,
    train_fast,
)
from .qlearning import Solver  # noqa: E402
from .environment import Rewards  # noqa: E402
from .qtable import load_table  # noqa: E402
from .datafiles import data_path  # noqa: E402

__all__ += [
    "SlidingPuzzleEnv",
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
    "Rewards",
    "load_table",
    "data_path",
]

# --- Learned heuristics (issue 6): a Q-table as the h of A*, and weighted A* in the seed's form f = lambda * g + h ---
from .learned import q_heuristic, q_to_distance  # noqa: E402
from .search import lambda_astar_search  # noqa: E402

__all__ += ["q_heuristic", "q_to_distance", "lambda_astar_search"]

# --- Widgets (issue 5), loaded on first use: `import puzzlekit` must not import ipywidgets ---
_WIDGETS = ("PuzzleBoard", "SearchExplorer", "QLearningView", "play", "picture")
__all__ += list(_WIDGETS)


def __getattr__(name: str):
    """`puzzlekit.PuzzleBoard` and the other widgets import `puzzlekit.widgets` (and ipywidgets) when first used."""
    if name in _WIDGETS:
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'puzzlekit' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WIDGETS))

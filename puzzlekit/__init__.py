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
from .exercises import check
from .game import SlidingPuzzleGame

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
]

__version__ = "0.1.0"

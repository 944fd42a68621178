"""Heuristics learned by Q-learning: a Q-table's values read back as a number of moves to the goal.

With the original game's rewards (1 for the move into the goal, 0 for any other), the best value of a
board d moves away is discount ** (d - 1) once learned, so d = 1 + log(value) / log(discount).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence

import numpy as np

from ..checks import check_real, short_repr
from ..sliding.board import Board, check_cells, check_pair, check_reachable, is_token_board
from ..sliding.heuristics import for_goal
from ..sliding.state_space import state_space  # noqa: F401 - the doctests use it
from . import DISCOUNT
from .qtable import check_dict_table, check_table, q_array, table_goal

__all__ = ["q_to_distance", "learned_distances", "q_heuristic", "QHeuristic"]


def q_to_distance(value: float, discount: float = DISCOUNT) -> float:
    """The moves to the goal that a board's best Q-value stands for: 1 + log(value) / log(discount).

    A fully learned table holds discount ** (d - 1) as the best value of a board d moves from the
    goal (the original game's rewards: 1 at the goal, 0 otherwise). A value of 0 means nothing was learned
    and stands for no distance at all: ValueError, as for a value outside (0, 1].

    Examples
    --------
    >>> q_to_distance(1.0)
    1.0
    >>> round(q_to_distance(0.92 ** 30), 9)
    31.0
    >>> q_to_distance(0.0)
    Traceback (most recent call last):
    ...
    ValueError: a value of 0 was never learned and stands for no distance; a learned value is in (0, 1]
    """
    _check_discount(discount)
    value = check_real(value, "a Q-value", finite=False)  # inf and NaN: refused below, as out of (0, 1]
    if not 0 < value <= 1:
        raise ValueError("a value of 0 was never learned and stands for no distance; a learned value is in (0, 1]"
                         if value == 0 else f"a learned value is in (0, 1] with the original game's rewards "
                         f"(1 at the goal, 0 otherwise); got {value!r}")
    return 1 + math.log(value) / math.log(discount)


def learned_distances(q, discount: float = DISCOUNT):
    """For each row of a Q-table array (`q_learning_in_lanes`, `load_table`), the moves its best value stands for.

    The distance is `q_to_distance` of the row's highest value, rounded to a whole number of moves
    (a table stored as float32, or built by multiplying by the discount one step at a time, lands
    near a whole number, not on it). The goal's row is 0: nothing is learned there, as every
    episode ends at the goal. A row whose values are all 0 was never learned: -1.
    A table of `q_learning` (a dict) is first made an array with `q_array`.

    Returns
    -------
    numpy.ndarray of int64, one entry per row of `state_space(size)`.

    Examples
    --------
    >>> from puzzlekit.learning.qtable import load_table
    >>> distances = learned_distances(load_table()[0])
    >>> bool((distances == state_space(3).distances).all())
    True
    >>> learned_distances({(1, 2, 0, 3): [0.8464, 1.0, -math.inf, -math.inf]}).tolist()
    [-1, -1, -1, -1, 1, 0, -1, -1, -1, -1, -1, -1]
    """
    _check_discount(discount)
    if isinstance(q, dict):
        if not q:
            raise ValueError("an empty table has no boards to tell the puzzle by; make it an array with q_array")
        q = q_array(q, check_cells(next(iter(q)))[1])
    q, space = check_table(q)
    best = q.max(axis=1)
    legal_values = q[space.neighbours >= 0]
    if legal_values.min() < 0 or best.max() > 1:
        raise ValueError(
            f"the table has values from {legal_values.min():g} to {best.max():g}; a distance can be read only from "
            f"values in [0, 1], as the original game's rewards give (1 at the goal, 0 otherwise)"
        )
    distances = np.full(len(q), -1, np.int64)
    learned = best > 0
    distances[learned] = np.rint(1 + np.log(best[learned].astype(np.float64)) / math.log(discount))
    distances[space.goal_row] = 0
    return distances


class QHeuristic:
    """h(board): the moves a Q-table's best value for `board` stands for, or the rule for boards it never learned.

    Made by `q_heuristic`. `learned` is the number of boards (the goal left out) with a learned value.
    It takes the boards a search makes, tuples it trusts.

    Examples
    --------
    >>> h = q_heuristic({(1, 2, 0, 3): [0.8464, 1.0, -math.inf, -math.inf]}, unexplored=0)
    >>> h
    QHeuristic(1 board learned, discount=0.92, unexplored=0)
    >>> h((1, 2, 0, 3)), h((1, 2, 3, 0)), h((0, 3, 2, 1))
    (1, 0, 0)
    """

    def __init__(self, known: dict, fallback: Callable[[Board], float], rule: str, discount: float, goal: Board):
        self.goal = goal
        self.known = known  # board -> its learned distance (the goal: 0)
        self.learned = len(known) - 1
        self.discount = discount
        self.unexplored = rule
        self._fallback = fallback

    def __repr__(self) -> str:
        boards = f"{self.learned:,} board{'s' * (self.learned != 1)}"
        return f"QHeuristic({boards} learned, discount={self.discount:g}, unexplored={self.unexplored})"

    def __call__(self, board: Sequence[int]) -> float:
        if type(board) is not tuple:  # a learner's list or array; a tuple is a search's board, checked at its door
            board = check_pair(board, self.goal)[0]
        distance = self.known.get(board)
        return self._fallback(board) if distance is None else distance


def q_heuristic(q, discount: float = DISCOUNT, *, unexplored="manhattan",
                goal: Sequence[int] | None = None) -> QHeuristic:
    """A heuristic made from a Q-table, for any informed search: `astar_search(board, q_heuristic(q))`.

    The estimate of a board is `q_to_distance` of its highest value, rounded to a whole number of
    moves, and 0 at the goal. With the original game's learning rate 1 a learned value is the discounted
    reward of a path the agent really walked, so it is never above the best value: the estimate
    is never below the true distance. It is exact once the table is fully learned, and it
    overestimates (is not admissible) wherever the table has only found a long way round.

    Parameters
    ----------
    q : a table of `q_learning_in_lanes` or `load_table` (an array, one row per board of `state_space`), or
        of `q_learning` (a dict, board -> 4 values), learned with the original game's rewards.
    discount : the discount factor the table was learned with (the original game's 0.92).
    unexplored : the rule for a board whose values are all 0 (never learned, so its logarithm is
        undefined): a heuristic, by name ('manhattan', 'linear_conflict', 'misplaced') or as a
        function of a board, whose estimate is used instead; or a number of moves, the same for
        every such board (0: as near as the goal, optimistic; a large number: as far as can be).
    goal : the goal the table was learned for; for a dict table, by default the tiles in order.

    Examples
    --------
    >>> from puzzlekit import astar_search
    >>> from puzzlekit.learning.qtable import load_table
    >>> h = q_heuristic(load_table()[0])
    >>> h
    QHeuristic(181,439 boards learned, discount=0.92, unexplored='manhattan')
    >>> h((8, 6, 7, 2, 5, 4, 3, 0, 1))
    31
    >>> result = astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), h)
    >>> result.length, result.expanded
    (31, 31)
    """
    _check_discount(discount)
    target = _goal_of(q, goal)
    fallback, rule = _unexplored_rule(unexplored, target)
    known = _known_from_dict(q, discount, target) if isinstance(q, dict) else _known_from_array(q, discount)
    return QHeuristic(known, fallback, rule, discount, target)


def _goal_of(q, goal) -> Board:
    """The goal of the table: an array's is that of its state space; a dict's is `goal` or the default."""
    target = table_goal(q, goal)
    if not isinstance(q, dict):
        check_table(q)  # moves into the wall -inf, as the original game's tables have
        return target
    if is_token_board(target):
        raise ValueError("a Q-table heuristic reads distances from the original game's rewards; "
                         "a token board such as sun/moon is learned with other rewards")
    return target


def _known_from_array(q, discount: float) -> dict:
    space = check_table(q)[1]
    distances = learned_distances(q, discount)
    rows = np.flatnonzero(distances >= 0)
    return dict(zip(map(tuple, space.boards[rows].tolist()), distances[rows].tolist()))


def _known_from_dict(q: dict, discount: float, target: Board) -> dict:
    known = {}
    width = check_dict_table(q, "the table")  # every board, and 4 numbers (none NaN) for each
    for board, values in q.items():
        legal = [check_real(value, "a Q-value", finite=False) for value in values if value != -math.inf]
        best = max(legal, default=-math.inf)
        if math.isinf(best) or min(legal) < 0 or best > 1:
            raise ValueError(
                f"board {short_repr(board)} has values {short_repr(list(values))}; a distance can be read only from "
                f"values in [0, 1], as the original game's rewards give (1 at the goal, 0 otherwise), "
                f"and a board needs a legal move (a value other than -inf)"
            )
        if best > 0:
            known[check_cells(board, "a board of the table")[0]] = round(q_to_distance(best, discount))
    if width is not None and width * width != len(target):
        raise ValueError(f"the table holds {width}x{width} boards but the goal {target} is not of that size")
    for board in q:  # each board must be one that slides can turn into the goal
        try:
            check_reachable(board, target, width, "board")
        except ValueError as error:
            raise ValueError(f"q: {error}; a table learned for the goal {target} holds only boards that "
                             "reach it") from None
    known[target] = 0
    return known


def _unexplored_rule(unexplored, goal: Board) -> tuple[Callable[[Board], float], str]:
    if isinstance(unexplored, str) or callable(unexplored):
        fallback = for_goal(unexplored, goal)
        return fallback, repr(unexplored) if isinstance(unexplored, str) else getattr(unexplored, "__name__", "h")
    if isinstance(unexplored, numbers.Real) and not isinstance(unexplored, bool):
        if not (math.isfinite(unexplored) and unexplored >= 0):
            raise ValueError(
                f"unexplored must be a finite number of moves, 0 or more (IDA* cannot raise its bound past "
                f"infinity); got {unexplored!r}"
            )

        def constant(board: Board) -> float:
            return unexplored

        return constant, f"{unexplored!r}"
    raise TypeError(
        f"unexplored is a heuristic (a name such as 'manhattan', or a function of a board) or a number of moves; "
        f"got {unexplored!r}"
    )


def _check_discount(discount: float) -> None:
    check_real(discount, "discount (strictly between 0 and 1, for its logarithm to rank distances)",
               above=0, below=1)

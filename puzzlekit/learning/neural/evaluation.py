"""A learned estimate measured on all 181,440 boards of the 8-puzzle, against their exact distances.

Every function here takes `estimates`: one number per row of `state_space(3)` (the network's estimate of each board).
"""

from __future__ import annotations

import heapq
from itertools import count

import numpy as np

from ...sliding.state_space import state_space
from .. import DISCOUNT
from .encoding import encode
from .network import Network, predict

__all__ = ["all_estimates", "greedy_optimal", "error_summary", "astar_rows", "astar_summary", "q_from_estimates"]


def all_estimates(network: Network, encoding: str = "one_hot"):
    """The network's estimate of every board of the 8-puzzle, in the rows of `state_space(3)`; 0 at the goal.

    Examples
    --------
    >>> from puzzlekit.learning.neural.network import new_network
    >>> all_estimates(new_network([81, 4, 1])).shape
    (181440,)
    """
    space = state_space(3)
    estimates = predict(network, encode(space.boards, 3, encoding))
    estimates[space.goal_row] = 0  # the search knows the goal when it sees it
    return estimates


def greedy_optimal(estimates):
    """For each board, whether the move to its child of least estimate is an optimal move (True at the goal).

    Examples
    --------
    >>> import numpy as np
    >>> bool(greedy_optimal(state_space(3).distances.astype(np.float32)).all())   # exact distances: always
    True
    """
    space = state_space(3)
    neighbour_values = np.where(space.neighbours >= 0, estimates[space.neighbours], np.inf)
    chosen = space.neighbours[np.arange(len(estimates)), neighbour_values.argmin(axis=1)]
    optimal = space.distances[chosen] == space.distances - 1
    optimal[space.goal_row] = True
    return optimal


def error_summary(estimates) -> dict:
    """The error in moves against the exact distances: mean absolute, largest, overestimates (admissibility broken).

    Examples
    --------
    >>> import numpy as np
    >>> error_summary(state_space(3).distances.astype(np.float32))["mean_absolute_error"]
    0.0
    """
    space = state_space(3)
    error = np.asarray(estimates, np.float64) - space.distances
    return {
        "mean_absolute_error": round(float(np.abs(error).mean()), 4),
        "largest_error": round(float(np.abs(error).max()), 4),
        "within_half_a_move": round(float((np.abs(error) < 0.5).mean()), 4),
        "overestimates": int((error > 1e-6).sum()),
        "overestimates_rounded": int((np.rint(estimates) > space.distances).sum()),
        "greedy_optimal": round(float(greedy_optimal(estimates).mean()), 4),
    }


def astar_rows(start: int, h, *, g_weight: float = 1.0) -> tuple[int, int]:
    """A* on the rows of `state_space(3)` with f = g_weight * g + h[row], re-opening; returns (length, expanded).

    The same search as `puzzlekit.lambda_astar_search` with `reopen=True` (ties to the smaller h, then to the
    first added), on row numbers and a list of estimates, so that all 181,440 boards can be searched in seconds.

    Examples
    --------
    >>> space = state_space(3)
    >>> h = [float(d) for d in space.distances]
    >>> astar_rows(space.row((8, 6, 7, 2, 5, 4, 3, 0, 1)), h)   # exact h: straight down an optimal path
    (31, 31)
    """
    space = state_space(3)
    neighbours = _neighbour_lists()
    goal = space.goal_row
    best_g = {start: 0}
    tie = count()
    frontier = [(round(h[start], 9), h[start], next(tie), 0, start)]
    expanded = 0
    while frontier:
        _, _, _, g, row = heapq.heappop(frontier)
        if g > best_g[row]:
            continue
        if row == goal:
            return g, expanded
        expanded += 1
        child_g = g + 1
        for child in neighbours[row]:
            if child_g < best_g.get(child, child_g + 1):
                best_g[child] = child_g
                heapq.heappush(frontier, (round(g_weight * child_g + h[child], 9), h[child], next(tie), child_g, child))
    raise ValueError("the goal was not reached")  # cannot happen: every row reaches the goal


_NEIGHBOURS = []


def _neighbour_lists() -> list:
    if not _NEIGHBOURS:
        _NEIGHBOURS.append([[int(c) for c in row if c >= 0] for row in state_space(3).neighbours])
    return _NEIGHBOURS[0]


def astar_summary(estimates, rows=None, *, g_weight: float = 1.0, rounded: bool = False,
                  progress: bool = False) -> dict:
    """A* with the estimates as h on the boards in `rows` (default: all): optimal share, extra moves, nodes expanded.

    `rounded` rounds each estimate to a whole number of moves first (negative ones to 0).

    Examples
    --------
    >>> import numpy as np
    >>> summary = astar_summary(state_space(3).distances.astype(float), rows=range(100))
    >>> summary["optimal"], summary["mean_expanded"] == summary["mean_length"]
    (1.0, True)
    """
    from tqdm.auto import tqdm

    space = state_space(3)
    values = np.maximum(np.asarray(estimates, np.float64), 0)
    if rounded:
        values = np.rint(values)
    values[space.goal_row] = 0
    h = values.tolist()
    rows = range(len(space.boards)) if rows is None else rows
    lengths, expanded = [], []
    for row in tqdm(rows, disable=not progress, leave=False, mininterval=0.5):
        length, nodes = astar_rows(int(row), h, g_weight=g_weight)
        lengths.append(length)
        expanded.append(nodes)
    lengths, expanded = np.array(lengths), np.array(expanded)
    optimal = space.distances[np.asarray(list(rows))]
    return {
        "boards": len(lengths),
        "optimal": round(float((lengths == optimal).mean()), 4),
        "mean_length": round(float(lengths.mean()), 3),
        "mean_optimal_length": round(float(optimal.mean()), 3),
        "largest_excess": int((lengths - optimal).max()),
        "mean_expanded": round(float(expanded.mean()), 2),
    }


def q_from_estimates(estimates, discount: float = DISCOUNT):
    """A Q-table (181,440 x 4) from a network's estimates, on chapter 7's scale: Q(s, a) = discount ** h(child).

    With the original game's rewards a board d moves away is worth discount ** (d - 1), so the move to a child
    estimated h moves away is worth discount ** h; walls get -inf. `puzzlekit.q_heuristic` reads it back as
    h(board) = 1 + min over children of h(child), rounded: the network's values as the study used a Q-table's.

    Examples
    --------
    >>> from puzzlekit.learning.learned import learned_distances
    >>> space = state_space(3)
    >>> q = q_from_estimates(space.distances.astype(float))
    >>> bool((learned_distances(q) == space.distances).all())
    True
    """
    space = state_space(3)
    values = np.maximum(np.asarray(estimates, np.float64), 0)
    values[space.goal_row] = 0
    legal = space.neighbours >= 0
    return np.where(legal, discount ** values[space.neighbours], -np.inf)

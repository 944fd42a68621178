"""Batched weighted A* for a learned heuristic: many nodes expanded per network call, as DeepCubeA does.

A network costs far more per call than per board, so the search pops the `batch` best nodes of the frontier at once,
makes all their children, and asks the network for all their estimates in one call. f = g_weight * g + h, the form
of chapter 7 (g_weight = 1 is A*; DeepCubeA used 0.8 with its inadmissible learned h). An expanded board reached
again by a shorter path is re-opened.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import count

import numpy as np

from ...checks import check_int, check_real
from ...sliding.board import check_cells, check_reachable, default_goal
from ...sliding.grid import step_table

__all__ = ["batch_weighted_astar", "network_heuristic"]


@dataclass
class BatchResult:
    """What `batch_weighted_astar` found: the path (boards, start first), and the work it took."""

    path: list = field(repr=False)
    length: int
    expanded: int
    generated: int
    network_calls: int
    seconds: float = field(repr=False)
    found: bool = True


def network_heuristic(network, size: int, encoding="one_hot") -> Callable:
    """h(boards) for `batch_weighted_astar`: the network's estimates of a (count, cells) batch, at least 0, goal 0.

    `encoding` is the one the network was trained with: a name in `ENCODINGS` or a `PatternDatabaseInputs`.

    Examples
    --------
    >>> from puzzlekit.learning.neural.files import load_network
    >>> h = network_heuristic(load_network("network_8puzzle_davi.npz")[0], 3)
    >>> import numpy as np
    >>> h(np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0]], np.uint8)).tolist()
    [0.0]
    """
    from .encoding import encode
    from .network import predict

    goal = np.array(default_goal(size), np.uint8)

    def h(boards):
        estimates = np.maximum(predict(network, encode(boards, size, encoding)), 0)
        estimates[(boards == goal).all(axis=1)] = 0
        return estimates

    return h


def batch_weighted_astar(board: Sequence[int], h: Callable, *, g_weight: float = 0.8, batch: int = 100,
                         max_expanded: int = 1_000_000) -> BatchResult:
    """Search from `board` to the goal with f = g_weight * g + h, expanding up to `batch` nodes per call of `h`.

    `h` takes a (count, cells) uint8 array of boards and returns their estimates (`network_heuristic`). The search
    stops when the goal is popped from the frontier, or after `max_expanded` expansions (`found` is then False).
    With batch = 1 and g_weight = 1 it is plain A*.

    Examples
    --------
    >>> import numpy as np
    >>> from puzzlekit.learning.neural.encoding import tile_distances
    >>> manhattan = lambda boards: tile_distances(boards, 3)[:, -1]
    >>> result = batch_weighted_astar((8, 6, 7, 2, 5, 4, 3, 0, 1), manhattan, g_weight=1, batch=1)
    >>> result.length
    31
    >>> batch_weighted_astar((8, 6, 7, 2, 5, 4, 3, 0, 1), manhattan, g_weight=0.5, batch=20).length >= 31
    True
    """
    start, size = check_cells(board)
    check_reachable(start, default_goal(size), size)
    g_weight = check_real(g_weight, "g_weight", minimum=0)
    batch = check_int(batch, "batch", minimum=1)
    max_expanded = check_int(max_expanded, "max_expanded", minimum=1)
    began = time.perf_counter()
    goal = default_goal(size)
    neighbours = [[target for _, target in pairs] for pairs in step_table(size)]
    best_g = {start: 0}
    parents = {start: None}
    tie = count()
    start_h = float(h(np.array([start], np.uint8))[0])
    frontier = [(g_weight * 0 + start_h, next(tie), 0, start)]
    expanded, generated, calls = 0, 1, 1
    found = None
    while frontier and found is None and expanded < max_expanded:
        popped = []
        while frontier and len(popped) < batch:
            _, _, g, state = heapq.heappop(frontier)
            if g > best_g[state]:
                continue  # stale entry: a shorter path was found after this one was pushed
            if state == goal:
                found = state
                break
            popped.append((g, state))
        if found is not None:
            break
        new_children, new_g = [], []
        for g, state in popped:
            expanded += 1
            blank = state.index(0)
            for target in neighbours[blank]:
                cells = list(state)
                cells[blank], cells[target] = cells[target], 0
                child = tuple(cells)
                generated += 1
                if g + 1 < best_g.get(child, g + 2):
                    best_g[child] = g + 1
                    parents[child] = state
                    new_children.append(child)
                    new_g.append(g + 1)
        if new_children:
            values = h(np.array(new_children, np.uint8))
            calls += 1
            for child, g, value in zip(new_children, new_g, values.tolist()):
                heapq.heappush(frontier, (g_weight * g + value, next(tie), g, child))
    seconds = time.perf_counter() - began
    if found is None:
        return BatchResult([], -1, expanded, generated, calls, seconds, found=False)
    path = [found]
    while parents[path[-1]] is not None:
        path.append(parents[path[-1]])
    path.reverse()
    return BatchResult(path, len(path) - 1, expanded, generated, calls, seconds)

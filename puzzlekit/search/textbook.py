"""The searches as the textbook writes them: short functions on any `Problem` that return a path or None.

Each returns the list of states from `problem.initial` to a goal, or None when there is none.
Uniform-cost search, greedy search, A* and weighted A* are `puzzlekit.search.informed.best_first_search`
with their f, as in aima-python: that loop is read in `informed.py`.
No limits, no statistics, no events: the engines of `puzzlekit.search` add those, and the tests
check that both find paths of the same length (the same paths, in fact).
"""

from __future__ import annotations

import math
from collections import deque

from ..problem import Problem
from .informed import best_first_search

__all__ = [
    "breadth_first", "depth_limited", "iterative_deepening", "uniform_cost", "greedy", "astar",
    "weighted_astar", "ida_star", "bidirectional_breadth_first", "next_layer", "path_back"
]


def path_back(parents: dict, state) -> list:
    """The states from the start to `state`, following `parents` (state -> the state it was reached from).

    Examples
    --------
    >>> path_back({'a': None, 'b': 'a', 'c': 'b'}, 'c')
    ['a', 'b', 'c']
    """
    path = [state]
    while parents[state] is not None:
        state = parents[state]
        path.append(state)
    return path[::-1]


def breadth_first(problem: Problem) -> list | None:
    """Breadth-first search: a shortest path, found layer by layer, or None.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> breadth_first(SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8)))
    [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)]
    """
    start = problem.initial
    if problem.is_goal(start):
        return [start]
    parents = {start: None}  # every state reached -> the state it was reached from
    frontier = deque([start])  # first in, first out
    while frontier:
        state = frontier.popleft()
        for _, child in problem.successors(state):
            if child not in parents:
                parents[child] = state
                if problem.is_goal(child):
                    return path_back(parents, child)
                frontier.append(child)
    return None


def depth_limited(problem: Problem, limit: int) -> list | None:
    """Depth-first search for a path of at most `limit` moves, never revisiting a state on the path; or None.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> depth_limited(puzzle, 1) is None, len(depth_limited(puzzle, 2)) - 1
    (True, 2)
    """

    def extend(path: list) -> list | None:
        state = path[-1]
        if problem.is_goal(state):
            return path
        if len(path) > limit:  # `limit` moves made already: go no deeper
            return None
        for _, child in problem.successors(state):
            if child not in path:
                found = extend(path + [child])
                if found is not None:
                    return found
        return None

    return extend([problem.initial])


def iterative_deepening(problem: Problem, max_depth: int = 100) -> list | None:
    """Depth-limited search with limits 0, 1, 2, ..., `max_depth`: a shortest path in little memory, or None.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> len(iterative_deepening(SlidingPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)))) - 1
    6
    """
    for limit in range(max_depth + 1):
        path = depth_limited(problem, limit)
        if path is not None:
            return path
    return None


def uniform_cost(problem: Problem) -> list | None:
    """Uniform-cost search, f = g: a cheapest path (with unit costs, a shortest), or None.

    Examples
    --------
    >>> from puzzlekit.sliding.puzzle import TileCostPuzzle
    >>> puzzle = TileCostPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8))
    >>> path = uniform_cost(puzzle)
    >>> len(path) - 1, sum(puzzle.step_cost(a, None, b) for a, b in zip(path, path[1:]))
    (6, 27)
    """
    return best_first_search(problem, lambda node: node.g, max_expanded=None).path


def greedy(problem: Problem, h) -> list | None:
    """Greedy best-first search, f = h: the state that looks nearest the goal first; a path, not always shortest.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> len(greedy(SlidingPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)), 'manhattan')) - 1
    6
    """
    h = problem.heuristic(h)
    return best_first_search(problem, lambda node: h(node.state), max_expanded=None).path


def astar(problem: Problem, h) -> list | None:
    """A*, f = g + h: a shortest path when h never overestimates, or None.

    `h` is a function of a state (or, for a `SlidingPuzzle`, a heuristic's name). Ties on f go
    to the smaller h, nearer the goal by its estimate (f is the pair (g + h, h)).

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> len(astar(SlidingPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1)), 'manhattan')) - 1
    31
    """
    h = problem.heuristic(h)
    return best_first_search(problem, lambda node: (node.g + h(node.state), h(node.state)), max_expanded=None).path


def weighted_astar(problem: Problem, h, weight: float = 2) -> list | None:
    """Weighted A*, f = g + weight * h: fewer states expanded, a path at most `weight` times the shortest.

    The study's form f = g_weight * g + h orders states alike with weight = 1 / g_weight.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> 31 <= len(weighted_astar(SlidingPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1)), 'manhattan', 1.5)) - 1 <= 1.5 * 31
    True
    """
    h = problem.heuristic(h)
    return best_first_search(problem, lambda node: node.g + weight * h(node.state), max_expanded=None).path


def ida_star(problem: Problem, h) -> list | None:
    """Iterative deepening A*: depth-first within a bound on f = g + h, raised to the least f left out; or None.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> len(ida_star(SlidingPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1)), 'linear_conflict')) - 1
    31
    """
    h = problem.heuristic(h)

    def search(path: list, bound: float) -> list | float:
        """The path to a goal within `bound`, or the least f beyond it."""
        state = path[-1]
        f = len(path) - 1 + h(state)  # g is the number of moves on the path
        if f > bound:
            return f
        if problem.is_goal(state):
            return path
        least = math.inf
        for _, child in problem.successors(state):
            if child not in path:
                found = search(path + [child], bound)
                if isinstance(found, list):
                    return found
                least = min(least, found)
        return least

    bound = h(problem.initial)
    while True:
        found = search([problem.initial], bound)
        if isinstance(found, list):
            return found
        if found == math.inf:
            return None
        bound = found


def bidirectional_breadth_first(problem: Problem) -> list | None:
    """Breadth-first from the start and from `problem.goal` (by `problem.predecessors`) until they meet; or None.

    Each round expands one whole layer, of the side with the smaller frontier: finishing a layer
    before the other side moves is what makes the first meeting a shortest path.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> len(bidirectional_breadth_first(SlidingPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)))) - 1
    6
    """
    start, goal = problem.initial, problem.goal
    if start == goal:
        return [start]
    forward, backward = {start: None}, {goal: None}  # state -> the state it was reached from, on each side
    forward_layer, backward_layer = [start], [goal]
    while forward_layer and backward_layer:
        if len(forward_layer) <= len(backward_layer):
            forward_layer, meeting = next_layer(forward_layer, problem.successors, forward, backward)
        else:
            backward_layer, meeting = next_layer(backward_layer, problem.predecessors, backward, forward)
        if meeting is not None:
            return path_back(forward, meeting) + path_back(backward, meeting)[-2::-1]
    return None


def next_layer(layer: list, steps, parents: dict, other_parents: dict) -> tuple[list, object]:
    """One side's next layer, and the first state it meets that the other side reached (or None).

    Examples
    --------
    >>> parents = {1: None}
    >>> next_layer([1], lambda n: [('+1', n + 1), ('*2', n * 2)], parents, {10: None}), parents
    (([2], None), {1: None, 2: 1})
    """
    new_layer = []
    for state in layer:
        for _, child in steps(state):
            if child not in parents:
                parents[child] = state
                if child in other_parents:
                    return new_layer, child
                new_layer.append(child)
    return new_layer, None


def is_path(problem: Problem, path) -> bool:
    """True if `path` is a list of states from `problem.initial` to a goal, each one legal move after the one before.

    A check for any search's answer that does not ask which of several shortest paths it found.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> is_path(puzzle, [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)])
    True
    >>> is_path(puzzle, [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)])  # a jump, not a move
    False
    >>> is_path(puzzle, None)
    False
    """
    if not isinstance(path, list) or not path or path[0] != problem.initial or not problem.is_goal(path[-1]):
        return False
    return all(after in [child for _, child in problem.successors(before)] for before, after in zip(path, path[1:]))

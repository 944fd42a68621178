"""Tests for puzzlekit.search.textbook: the short searches find the paths the engines find."""

import random

import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, Problem, SlidingPuzzle, default_goal, random_board, slide
from puzzlekit.search import (
    astar_search,
    breadth_first_search,
    depth_limited_search,
    ida_star_search,
    iterative_deepening_search,
    textbook,
)
from puzzlekit.sliding.distances import distance_table, rank, unrank


@pytest.fixture(scope="module")
def table():
    return distance_table()


def boards_at(table, distances, per_distance, seed):
    """Seeded 3x3 boards at the given exact distances from the goal."""
    import numpy as np

    rng = random.Random(seed)
    boards = []
    for distance in distances:
        ranks = np.flatnonzero(table == distance)
        boards += [unrank(int(ranks[rng.randrange(len(ranks))])) for _ in range(per_distance)]
    return boards


def is_legal(path, goal):
    return path[-1] == goal and all(any(slide(a, d) == b for d in "urdl" if _can(a, d)) for a, b in zip(path, path[1:]))


def _can(board, direction):
    try:
        slide(board, direction)
    except ValueError:
        return False
    return True


def test_breadth_first_finds_the_engines_path(table):
    boards = boards_at(table, range(0, 21, 2), 3, seed=1)
    for board in boards:
        puzzle = SlidingPuzzle(board)
        path = textbook.breadth_first(puzzle)
        assert path == breadth_first_search(puzzle).path
        assert len(path) - 1 == table[rank(board)] and is_legal(path, puzzle.goal)


def test_depth_limited_and_iterative_deepening_find_the_engines_paths(table):
    for board in boards_at(table, range(0, 11), 2, seed=2):
        puzzle = SlidingPuzzle(board)
        distance = int(table[rank(board)])
        for limit in (distance - 1, distance, distance + 2):
            if limit < 0:
                continue
            path = textbook.depth_limited(puzzle, limit)
            engine = depth_limited_search(puzzle, limit)
            assert path == engine.path
            assert (path is None) == (limit < distance)
        path = textbook.iterative_deepening(puzzle)
        assert path == iterative_deepening_search(puzzle).path and len(path) - 1 == distance


def test_astar_and_ida_star_find_the_engines_paths(table):
    boards = boards_at(table, range(4, 29, 4), 3, seed=3) + [random_board(3, seed=seed) for seed in range(10)]
    for board in boards:
        puzzle = SlidingPuzzle(board)
        distance = int(table[rank(board)])
        for h in ("manhattan", "linear_conflict"):
            path = textbook.astar(puzzle, h)
            assert path == astar_search(puzzle, h).path and len(path) - 1 == distance
            path = textbook.ida_star(puzzle, h)
            assert path == ida_star_search(puzzle, h).path and len(path) - 1 == distance


def test_they_run_on_any_problem_and_say_none_when_there_is_no_path():
    sun_moon = SlidingPuzzle(SUN_MOON_START, SUN_MOON_GOAL)
    assert len(textbook.breadth_first(sun_moon)) - 1 == len(textbook.astar(sun_moon, "manhattan")) - 1 == 13

    class Line(Problem):
        """States 0..5 in a row; the goal, 9, cannot be reached."""

        initial = 0

        def actions(self, state):
            return [step for step in (-1, 1) if 0 <= state + step <= 5]

        def result(self, state, action):
            return state + action

        def is_goal(self, state):
            return state == 9

    assert textbook.breadth_first(Line()) is None
    assert textbook.depth_limited(Line(), 10) is None
    assert textbook.iterative_deepening(Line(), max_depth=12) is None
    assert textbook.astar(Line(), lambda state: 0) is None
    assert textbook.ida_star(Line(), lambda state: 0) is None
    assert textbook.breadth_first(SlidingPuzzle(default_goal(2))) == [default_goal(2)]


def test_best_first_variants_differ_in_f_alone():
    """uniform_cost, greedy, astar and weighted_astar are best_first_search with their f: each finds a legal path, the
    optimal ones as short as A*, weighted A* within its bound, greedy search as the engine's greedy search does."""
    from puzzlekit.search import greedy_best_first_search

    puzzle = SlidingPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1))
    shortest = len(textbook.astar(puzzle, "manhattan")) - 1
    assert shortest == 31 and len(textbook.uniform_cost(SlidingPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)))) - 1 == 6
    for path, bound in [(textbook.greedy(puzzle, "manhattan"), None),
                        (textbook.weighted_astar(puzzle, "manhattan", 1.5), 1.5 * shortest)]:
        assert textbook.is_path(puzzle, path) and len(path) - 1 >= shortest
        assert bound is None or len(path) - 1 <= bound
    assert textbook.is_path(puzzle, greedy_best_first_search(puzzle, "manhattan").path)


# Each textbook search, the arguments after the problem, and its engine: the same name with `_search` (the naming
# rule of README's module table). greedy is `greedy_best_first_search`, the name AIMA gives it.
TWINS = {
    "breadth_first": (), "depth_limited": (12,), "iterative_deepening": (), "uniform_cost": (),
    "greedy": ("manhattan",), "astar": ("manhattan",), "weighted_astar": ("manhattan",), "ida_star": ("manhattan",),
    "bidirectional_breadth_first": (),
}


def test_every_textbook_search_has_its_engine_twin_and_they_agree():
    """The twins are found by the rule alone, and on a few boards their paths have the same length (weighted A* and
    greedy search may pick another path of their own, so for them the lengths are compared: equal or both legal)."""
    import puzzlekit.search as search

    searches = [name for name in textbook.__all__ if name not in ("next_layer", "path_back", "is_path")]
    assert sorted(searches) == sorted(TWINS)
    for name, arguments in TWINS.items():
        engine = getattr(search, "greedy_best_first_search" if name == "greedy" else f"{name}_search")
        weight = {"weight": 2} if name == "weighted_astar" else {}
        for board in [(1, 2, 3, 4, 5, 6, 0, 7, 8), (4, 1, 3, 7, 2, 6, 0, 5, 8), (1, 2, 3, 4, 0, 5, 7, 8, 6)]:
            puzzle = SlidingPuzzle(board)
            readable, fast = getattr(textbook, name)(puzzle, *arguments), engine(puzzle, *arguments, **weight)
            assert textbook.is_path(puzzle, readable) and textbook.is_path(puzzle, fast.path), name
            if name not in ("greedy", "weighted_astar"):
                assert len(readable) == len(fast.path), name

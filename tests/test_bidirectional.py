"""Tests for bidirectional breadth-first search, the engine and the textbook version, and predecessors."""

import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, random_board
from puzzlekit.problem import Problem
from puzzlekit.search import bidirectional_breadth_first_search, breadth_first_search, textbook
from puzzlekit.sliding.board import slide
from puzzlekit.sliding.distances import distance_table, rank
from puzzlekit.sliding.puzzle import SlidingPuzzle


class Doubling(Problem):
    """From 1, reach `goal` by adding one or doubling; searched backwards by taking one off or halving."""

    initial = 1

    def __init__(self, goal):
        self.goal = goal

    def actions(self, state):
        return ["+1", "*2"]

    def result(self, state, action):
        return state + 1 if action == "+1" else state * 2

    def is_goal(self, state):
        return state == self.goal

    def predecessors(self, state):
        before = [("+1", state - 1)] if state > 1 else []
        return before + ([("*2", state // 2)] if state % 2 == 0 and state > 1 else [])


def check_path(problem, result):
    assert result.path[0] == problem.initial and problem.is_goal(result.path[-1])
    assert [problem.result(a, action) for a, action in zip(result.path, result.actions)] == result.path[1:]


def test_predecessor_boards_undo_the_moves():
    puzzle = SlidingPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8))
    for board in [puzzle.initial, puzzle.goal, (1, 2, 3, 4, 0, 5, 6, 7, 8)]:
        for action, before in puzzle.predecessors(board):
            assert slide(before, action) == board
    with pytest.raises(NotImplementedError, match="predecessors"):
        Problem().predecessors(0)


def test_shortest_lengths_on_3x3_boards():
    table = distance_table()
    for seed in range(12):
        board = random_board(3, seed=seed)
        puzzle = SlidingPuzzle(board)
        result = bidirectional_breadth_first_search(puzzle)
        assert result.length == table[rank(board)]
        check_path(puzzle, result)
        assert len(textbook.bidirectional_breadth_first(puzzle)) - 1 == result.length
        if seed < 3:
            assert result.expanded < breadth_first_search(puzzle).expanded / 10


def test_every_distance_from_0_to_12_and_the_sun_moon_board():
    table = distance_table()
    for board in [(1, 2, 3, 4, 5, 6, 7, 8, 0), (1, 2, 3, 4, 5, 6, 7, 0, 8), (4, 1, 3, 7, 2, 6, 0, 5, 8)]:
        assert bidirectional_breadth_first_search(board).length == table[rank(board)]
    sun_moon = SlidingPuzzle(SUN_MOON_START, SUN_MOON_GOAL)
    result = bidirectional_breadth_first_search(sun_moon)
    check_path(sun_moon, result)
    assert result.length == breadth_first_search(sun_moon).length


def test_a_problem_whose_backward_steps_differ_from_its_forward_steps():
    for goal in range(1, 80):
        problem = Doubling(goal)
        result = bidirectional_breadth_first_search(problem)
        assert result.length == breadth_first_search(problem).length
        check_path(problem, result)
        assert len(textbook.bidirectional_breadth_first(problem)) - 1 == result.length


def test_limits_and_missing_goal():
    stopped = bidirectional_breadth_first_search(random_board(4, seed=2), max_expanded=30)
    assert stopped.status == "max_expanded" and stopped.path is None and stopped.expanded == 30

    class NoGoal(Problem):
        initial = 0

    with pytest.raises(TypeError, match="one goal state"):
        bidirectional_breadth_first_search(NoGoal())


def test_events_report_both_sides():
    sides = set()
    bidirectional_breadth_first_search((4, 1, 3, 7, 2, 6, 0, 5, 8),
                                       on_event=lambda kind, state, info: sides.add(info.get("side")))
    assert {"forward", "backward"} <= sides

"""Tests for puzzlekit.sliding.puzzle: the problem protocol and SlidingPuzzle."""

import random

import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, random_board, slide, successors
from puzzlekit.problem import Problem
from puzzlekit.search import astar_search, breadth_first_search
from puzzlekit.sliding.heuristics import manhattan
from puzzlekit.sliding.puzzle import SlidingPuzzle


def boards_of_every_kind():
    rng = random.Random(5)
    boards = [(random_board(size, seed=rng), None) for size in (2, 3, 3, 4, 4, 5) for _ in range(5)]
    boards.append((SUN_MOON_START, SUN_MOON_GOAL))
    return boards


@pytest.mark.parametrize("board, goal", boards_of_every_kind())
def test_successor_boards_agree_with_the_board_module(board, goal):
    puzzle = SlidingPuzzle(board, goal)
    assert puzzle.successors(board) == successors(board)
    assert puzzle.actions(board) == [direction for direction, _ in successors(board)]
    for direction in puzzle.actions(board):
        assert puzzle.result(board, direction) == slide(board, direction)


def test_default_goal_and_attributes():
    puzzle = SlidingPuzzle([4, 1, 3, 7, 2, 6, 0, 5, 8])
    assert puzzle.initial == (4, 1, 3, 7, 2, 6, 0, 5, 8)
    assert puzzle.goal == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert puzzle.size == 3
    assert puzzle.is_goal(puzzle.goal) and not puzzle.is_goal(puzzle.initial)
    assert "SlidingPuzzle((4, 1, 3" in repr(puzzle)


def test_any_goal():
    goal = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    puzzle = SlidingPuzzle((1, 0, 2, 3, 4, 5, 6, 7, 8), goal)
    assert puzzle.goal == goal
    assert puzzle.is_goal(puzzle.result(puzzle.initial, "l"))


def test_sun_moon_needs_its_goal():
    with pytest.raises(ValueError, match="no default goal"):
        SlidingPuzzle(SUN_MOON_START)
    puzzle = SlidingPuzzle(SUN_MOON_START, SUN_MOON_GOAL)
    assert puzzle.goal == SUN_MOON_GOAL
    with pytest.raises(ValueError, match="different tokens"):
        SlidingPuzzle((1, 1, 1, 1, 1, 2, 2, 0, 2), SUN_MOON_GOAL)


@pytest.mark.parametrize(
    "board, goal",
    [
        ((1, 2, 3, 4, 5, 6, 8, 7, 0), None),
        ((2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0), None),  # one swap on 4x4
        ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0), None),  # Sam Loyd's 14-15 puzzle
        ((1, 2, 3, 4, 5, 6, 7, 8, 0), (1, 2, 3, 4, 5, 6, 8, 7, 0)),
    ],
)
def test_wrong_parity_is_refused_at_once(board, goal):
    with pytest.raises(ValueError, match="cannot reach the goal.*parity"):
        SlidingPuzzle(board, goal)


def test_even_width_message_names_the_blank_row():
    with pytest.raises(ValueError, match="inversions plus the blank's row"):
        SlidingPuzzle((2, 1, 3, 0))


@pytest.mark.parametrize(
    "board, message",
    [
        ((1, 2, 3, 4, 5, 6, 7, 8), "8 cells"),
        ((1, 2, 3, 4, 5, 6, 7, 7, 0), "repeats tile 7"),
        ((1, 2, 3, 4, 5, 6, 7, 8, 9), "no blank"),
    ],
)
def test_bad_boards_are_refused(board, message):
    with pytest.raises(ValueError, match=message):
        SlidingPuzzle(board)


def test_result_refuses_impossible_moves():
    puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 7, 8, 0), (1, 2, 3, 4, 5, 6, 7, 0, 8))
    with pytest.raises(ValueError, match="cannot move 'r' \\(right\\): it is on the right column"):
        puzzle.result(puzzle.initial, "r")
    with pytest.raises(ValueError, match="one of 'u', 'r', 'd', 'l'"):
        puzzle.result(puzzle.initial, "x")


def test_heuristic_binds_library_heuristics_to_the_goal():
    goal = (8, 7, 6, 5, 4, 3, 2, 1, 0)
    board = (8, 7, 6, 5, 4, 3, 2, 0, 1)
    puzzle = SlidingPuzzle(board, goal)
    assert puzzle.heuristic("manhattan")(board) == manhattan(board, goal)
    assert puzzle.heuristic(manhattan)(board) == manhattan(board, goal)
    assert manhattan(board, goal) == 1 and manhattan(board) == 17  # so the goal really was bound
    own = lambda state: 7  # noqa: E731
    assert puzzle.heuristic(own) is own


class Route(Problem):
    """A small map: from A, find a way to the goal town."""

    roads = {"A": ["B", "C"], "B": ["D"], "C": ["D", "E"], "D": ["F"], "E": ["F"], "F": [], "G": []}

    def __init__(self, goal):
        self.initial, self.goal = "A", goal

    def actions(self, state):
        return self.roads[state]

    def result(self, state, action):
        return action

    def is_goal(self, state):
        return state == self.goal


def test_a_problem_of_your_own():
    result = breadth_first_search(Route("F"))
    assert result.path == ["A", "B", "D", "F"]
    assert result.actions == ["B", "D", "F"]
    assert Route("F").successors("C") == [("D", "D"), ("E", "E")]
    assert breadth_first_search(Route("G")).status == "exhausted"
    assert astar_search(Route("F"), h=lambda town: 0).length == 3


def test_the_protocol_says_what_is_missing():
    class Empty(Problem):
        initial = 0

    with pytest.raises(NotImplementedError, match="actions"):
        Empty().actions(0)
    with pytest.raises(NotImplementedError, match="result"):
        Empty().result(0, 1)
    with pytest.raises(NotImplementedError, match="is_goal"):
        Empty().is_goal(0)
    with pytest.raises(ValueError, match="knows no heuristics by name"):
        astar_search(Route("F"), h="manhattan")


def test_a_search_takes_a_board_in_a_fresh_interpreter_without_importing_the_puzzle_first():
    """`Problem.for_board` needs no hook set at import time: `puzzlekit.search` alone turns a board into a problem."""
    import subprocess
    import sys

    code = ("import sys; from puzzlekit.search import breadth_first_search; "
            "assert 'puzzlekit.sliding.puzzle' not in sys.modules; print(breadth_first_search((1, 2, 0, 3)).length)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "1"

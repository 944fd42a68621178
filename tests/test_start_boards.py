"""Tests for puzzlekit.sliding.start_boards: each start is as far from its goal as its name says."""

import pytest

from puzzlekit import SUN_MOON_START, astar_search, parse_board
from puzzlekit.sliding.puzzle import SlidingPuzzle
from puzzlekit.sliding.start_boards import START_BOARDS, one_line


@pytest.mark.parametrize("name", list(START_BOARDS))
def test_each_start_is_as_far_from_the_goal_as_its_name_says(name):
    board, goal = START_BOARDS[name]
    length = astar_search(SlidingPuzzle(board, goal), "manhattan").length
    assert name.startswith(f"{length} moves") or name.endswith(f"{length} moves"), name
    if goal is None:
        assert name.endswith(one_line(board)) and parse_board(one_line(board)) == board


def test_one_line_reads_back():
    assert parse_board(one_line(SUN_MOON_START)) == SUN_MOON_START

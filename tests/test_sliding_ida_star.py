"""Tests of the sliding IDA* (puzzlekit.sliding.fifteen.ida_star): the readable IDA*'s answers and counts, limits,
bad input."""

from __future__ import annotations

import pytest

from puzzlekit import random_board
from puzzlekit.search import SearchResult, ida_star_search
from puzzlekit.sliding.board import successors
from puzzlekit.sliding.distances import distance_table, rank
from puzzlekit.sliding.fifteen import korf100, pattern_databases, sliding_ida_star_search
from puzzlekit.sliding.puzzle import SlidingPuzzle

GOAL3 = (1, 2, 3, 4, 5, 6, 7, 8, 0)
GOAL4 = tuple(range(1, 16)) + (0,)
THREES = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14, 15]]


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLEKIT_CACHE", str(tmp_path / "cache"))


def assert_valid_path(result: SearchResult, start, goal):
    assert result.path[0] == tuple(start) and result.path[-1] == tuple(goal)
    assert len(result.path) == len(result.actions) + 1
    for board, action, following in zip(result.path, result.actions, result.path[1:]):
        assert (action, following) in successors(board)


def test_same_lengths_and_node_counts_as_the_readable_ida_star_with_manhattan():
    same = 0
    boards = [random_board(3, seed=seed) for seed in range(40)]
    for board in boards:
        readable = ida_star_search(board, "manhattan")
        fast = sliding_ida_star_search(board, "manhattan")
        assert fast.length == readable.length
        assert fast.method == "sliding_ida_star" and fast.status == "found"
        assert_valid_path(fast, board, GOAL3)
        # The readable search also refuses longer cycles on its path (a state met twice), so now and
        # then it expands a few nodes fewer; the fast one only skips the move that undoes the last.
        assert readable.expanded <= fast.expanded <= readable.expanded * 1.01
        same += fast.expanded == readable.expanded
        assert fast.max_frontier == readable.max_frontier
    assert same >= 0.9 * len(boards)


def test_shortest_paths_with_pattern_databases_on_3x3():
    table = distance_table()
    h = pattern_databases([[1, 2, 3, 4], [5, 6, 7, 8]], reflect=True)
    plain = pattern_databases([[1, 2, 3, 4], [5, 6, 7, 8]])
    for seed in range(30):
        board = random_board(3, seed=1000 + seed)
        result = sliding_ida_star_search(board, h)
        assert result.length == table[rank(board)]
        assert_valid_path(result, board, GOAL3)
        assert sliding_ida_star_search(board, plain).length == result.length
        # Better estimates, less work: never more nodes than Manhattan distance.
        assert result.expanded <= sliding_ida_star_search(board, "manhattan").expanded


def test_4x4_boards_and_a_goal_of_ones_own():
    instance = min(korf100(), key=lambda instance: instance.length)  # Korf's #55, 41 moves
    h = pattern_databases(THREES, GOAL4, reflect=True)
    result = sliding_ida_star_search(instance.board, h)
    assert result.length == instance.length == 41
    assert_valid_path(result, instance.board, GOAL4)
    korf_goal = (0,) + tuple(range(1, 16))
    puzzle = SlidingPuzzle((4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), korf_goal)
    result = sliding_ida_star_search(puzzle, "manhattan")
    assert result.actions == ["u"] and result.path[-1] == korf_goal


def test_the_goal_and_the_counts():
    result = sliding_ida_star_search(GOAL3)
    assert (result.status, result.length, result.expanded, result.generated) == ("found", 0, 0, 1)
    board = (1, 2, 3, 4, 5, 6, 7, 0, 8)
    fast, readable = sliding_ida_star_search(board), ida_star_search(board, "manhattan")
    assert (fast.length, fast.expanded) == (readable.length, readable.expanded)
    assert fast.max_frontier == readable.max_frontier
    assert fast.generated == 1 + 3  # the start, then its three moves (the readable search counts the same here)


def test_a_board_that_cannot_reach_the_goal_is_refused_before_any_search():
    with pytest.raises(ValueError, match="parity"):
        sliding_ida_star_search((2, 1, 3, 0))


def test_limits_stop_the_search_as_in_ida_star_search():
    board = (8, 6, 7, 2, 5, 4, 3, 0, 1)
    result = sliding_ida_star_search(board, max_expanded=10)
    assert (result.status, result.expanded, result.path) == ("max_expanded", 10, None)
    assert ida_star_search(board, "manhattan", max_expanded=10).expanded == 10
    assert sliding_ida_star_search(board, max_expanded=0).status == "max_expanded"
    assert sliding_ida_star_search(board, max_seconds=1e-9).status == "max_seconds"
    assert sliding_ida_star_search(board, max_seconds=10**400).length == 31
    assert sliding_ida_star_search(board, max_expanded=None).length == 31


def test_bad_input_is_refused_clearly():
    with pytest.raises(TypeError, match="problem must be a board or a SlidingPuzzle"):
        sliding_ida_star_search("12345678 ")
    with pytest.raises(TypeError, match="max_expanded"):
        sliding_ida_star_search(GOAL3, max_expanded=1.5)
    with pytest.raises(ValueError, match="max_expanded"):
        sliding_ida_star_search(GOAL3, max_expanded=-1)
    with pytest.raises(ValueError, match="max_seconds"):
        sliding_ida_star_search(GOAL3, max_seconds=float("nan"))
    with pytest.raises(ValueError, match="max_seconds"):
        sliding_ida_star_search(GOAL3, max_seconds=0)
    with pytest.raises(ValueError, match="h must be one of"):
        sliding_ida_star_search(GOAL3, "linear_conflict")
    with pytest.raises(TypeError, match="h must be one of"):
        sliding_ida_star_search(GOAL3, len)
    with pytest.raises(ValueError, match="every tile"):
        sliding_ida_star_search(GOAL3, pattern_databases([[1, 2]]))
    with pytest.raises(ValueError, match="goal"):
        sliding_ida_star_search(GOAL4, pattern_databases([[1, 2, 3, 4], [5, 6, 7, 8]]))
    with pytest.raises(ValueError, match="4x4"):
        sliding_ida_star_search(GOAL3, "5-5-5+reflect")
    with pytest.raises(ValueError, match="token"):
        sliding_ida_star_search(SlidingPuzzle((1, 1, 2, 2, 0, 1, 2, 1, 2), (1, 2, 1, 2, 0, 2, 1, 2, 1)))


def test_named_databases_are_loaded_once_for_the_search_and_for_solve():
    """One copy in memory: the search's cache is the one `puzzlekit.solve` reads (without a progress bar)."""
    from puzzlekit.sliding.fifteen.ida_star import as_pattern_databases

    goal = tuple(range(1, 16)) + (0,)
    assert as_pattern_databases("manhattan", goal) is as_pattern_databases("manhattan", list(goal), progress=False)
    assert not hasattr(__import__("puzzlekit.solving").solving, "_databases")

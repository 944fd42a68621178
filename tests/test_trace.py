"""Tests for puzzlekit.interfaces.trace: a recorded search agrees with the search's own counts, without ipywidgets."""

import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, default_goal, run_search
from puzzlekit.interfaces.trace import INFORMED_METHODS, METHOD_NAMES, ONE_PATH_METHODS, trace_search
from puzzlekit.sliding.puzzle import SlidingPuzzle

SIX_MOVES = (4, 1, 3, 7, 2, 6, 0, 5, 8)
TWELVE_MOVES = (4, 1, 6, 7, 0, 2, 5, 3, 8)


@pytest.mark.parametrize("method", ["breadth_first", "depth_first", "astar", "greedy", "weighted_astar"])
def test_frames_follow_the_search(method):
    trace = trace_search(SIX_MOVES, method, "manhattan", max_expanded=20_000)
    result = trace.result
    expands = [frame for frame in trace.frames if frame.kind == "expand"]
    assert len(expands) == result.expanded == trace.count("expand")
    assert [frame.expanded for frame in expands] == list(range(1, result.expanded + 1))
    assert max(frame.frontier for frame in expands) == result.max_frontier  # the frontier, counted from the events
    path = [frame.board for frame in trace.frames if frame.kind == "path"]
    assert path == result.path[1:] and path[-1] == default_goal(3)
    assert trace.frames[-len(path) - 1].kind == "found"
    for frame in expands:  # every board put on the frontier is one move from the board expanded
        for _child, _action, g, h, _f in frame.added:
            assert g == frame.g + 1 and (h is None) == (method not in INFORMED_METHODS)


def test_the_trace_is_the_search_it_records():
    for method in METHOD_NAMES:
        options = {"weight": 2} if method == "weighted_astar" else {}
        traced = trace_search(TWELVE_MOVES, method, max_expanded=200_000).result
        assert traced == run_search(SlidingPuzzle(TWELVE_MOVES), method, "manhattan", max_expanded=200_000, **options)


def test_iterative_deepening_starts_again_at_each_limit():
    trace = trace_search(TWELVE_MOVES, "iterative_deepening", max_expanded=1_000_000)
    assert [frame.bound for frame in trace.frames if frame.kind == "deepen"] == list(range(13))
    assert all(frame.frontier == frame.g + 1 for frame in trace.frames if frame.kind == "expand")
    assert "ida_star" in ONE_PATH_METHODS and trace_search(TWELVE_MOVES, "ida_star").frames[0].kind == "deepen"


def test_the_limit_stops_the_recording():
    trace = trace_search((8, 6, 7, 2, 5, 4, 3, 0, 1), "breadth_first", max_expanded=300)
    assert trace.result.status == "max_expanded" and len(trace.frames) == 300
    assert all(frame.kind == "expand" for frame in trace.frames)


def test_a_problem_with_its_goal():
    trace = trace_search(SlidingPuzzle(SUN_MOON_START, SUN_MOON_GOAL), "astar")
    assert trace.result.length == 13 and trace.frames[-1].board == SUN_MOON_GOAL


@pytest.mark.parametrize("call, error, words", [
    (lambda: trace_search((1, 2, 3, 4, 5, 6, 8, 7, 0)), ValueError, "cannot reach the goal"),
    (lambda: trace_search(SUN_MOON_START), ValueError, "has no default goal"),
])
def test_bad_input_gets_a_clear_error(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_a_huge_time_limit_is_no_limit():
    assert trace_search(SIX_MOVES, max_seconds=10**400).result.length == 6

"""Tests for the searches on bad or unusual input: each works, or raises a ValueError/TypeError saying what is wrong."""

import math

import numpy as np
import pytest

from puzzlekit import SlidingPuzzle, default_goal, parse_board, solve
from puzzlekit.search import (
    METHODS,
    astar_search,
    breadth_first_search,
    greedy_best_first_search,
    ida_star_search,
    lambda_astar_search,
    run_search,
    weighted_astar_search,
)

NEAR = (1, 2, 3, 4, 5, 6, 0, 7, 8)  # 2 moves from the goal


@pytest.mark.parametrize("method", list(METHODS))
def test_numpy_boards_are_boards(method):
    assert run_search(np.array(NEAR), method) == run_search(NEAR, method)
    assert SlidingPuzzle(np.array(NEAR, np.int8)).initial == NEAR
    assert solve(np.array(NEAR), method=method) == solve(NEAR, method=method)


def test_numpy_boards_in_a_search_and_a_0d_array():
    assert astar_search(np.array(NEAR), "manhattan").path == astar_search(NEAR, "manhattan").path
    with pytest.raises(TypeError, match="0-d array"):
        astar_search(np.array(5), "manhattan")
    with pytest.raises(TypeError, match="shape \\(3, 3\\)"):
        breadth_first_search(np.array(NEAR).reshape(3, 3))
    with pytest.raises(TypeError, match="a search needs a Problem or a board"):
        breadth_first_search(7)


@pytest.mark.parametrize("search", [breadth_first_search, ida_star_search, astar_search])
def test_huge_limits_do_not_overflow(search):
    args = (NEAR,) if search is breadth_first_search else (NEAR, "manhattan")
    assert search(*args, max_seconds=10**400, max_expanded=10**400).length == 2
    assert search(*args, max_seconds=math.inf).length == 2


def test_limits_of_the_wrong_kind_or_range():
    with pytest.raises(TypeError, match="max_expanded must be an int"):
        astar_search(NEAR, "manhattan", max_expanded=2.5)
    with pytest.raises(TypeError, match="max_expanded must be an int"):
        astar_search(NEAR, "manhattan", max_expanded=True)
    with pytest.raises(ValueError, match="max_seconds must be a finite number, got nan"):
        astar_search(NEAR, "manhattan", max_seconds=math.nan)
    with pytest.raises(TypeError, match="max_seconds must be a number"):
        astar_search(NEAR, "manhattan", max_seconds="1")
    with pytest.raises(ValueError, match="weight must be a finite number"):
        weighted_astar_search(NEAR, "manhattan", weight=math.inf)
    with pytest.raises(TypeError, match="g_weight must be a number"):
        lambda_astar_search(NEAR, "manhattan", g_weight="0.5")


@pytest.mark.parametrize("search", [astar_search, greedy_best_first_search, weighted_astar_search, ida_star_search])
@pytest.mark.parametrize("bad", [math.nan, math.inf, -1, "3", None, [2]])
def test_a_heuristic_that_gives_garbage_is_refused(search, bad):
    at_start = lambda board: bad  # noqa: E731
    later = lambda board: bad if board != NEAR else 2  # noqa: E731 - fine at the start, garbage after
    for h in (at_start, later):
        with pytest.raises(ValueError, match="the heuristic gave .*; an estimate must be a finite number, 0 or more"):
            search(NEAR, h)


@pytest.mark.parametrize("search", [astar_search, lambda_astar_search, weighted_astar_search, ida_star_search])
def test_an_estimate_too_large_for_a_float_is_refused_not_an_overflow(search):
    """An int estimate of 10 ** 400 is finite, but f = 0.5 * g + h cannot hold it: refused, with the bound."""
    huge = 10**400
    for h in (lambda board: huge, lambda board: huge if board != NEAR else 2):
        with pytest.raises(ValueError, match=r"the heuristic gave .*; "
                                             r"an estimate must be a finite number, 0 or more, at most 1e\+300"):
            search(NEAR, h)


def test_a_nan_heuristic_never_yields_a_path():
    """The case the property suite found: NaN estimates gave a 41-move 'solution' to a one-move board."""
    one_move = (1, 2, 3, 4, 5, 6, 7, 0, 8)
    with pytest.raises(ValueError, match="gave nan"):
        astar_search(one_move, lambda board: 0 if board == one_move else math.nan)


def test_callbacks_and_names_of_the_wrong_kind():
    with pytest.raises(TypeError, match="on_event must be a function"):
        astar_search(NEAR, "manhattan", on_event=3)
    with pytest.raises(TypeError, match="on_event must be a function"):
        breadth_first_search(NEAR, on_event="print")
    with pytest.raises(TypeError, match="a heuristic is a name or a function of a board, got \\['manhattan'\\]"):
        astar_search(NEAR, ["manhattan"])
    with pytest.raises(ValueError, match="method must be one of"):
        run_search(NEAR, {"astar"})


def test_boards_and_sizes_out_of_range():
    with pytest.raises(ValueError, match="size must be from 2 to 16"):
        default_goal(10**5)
    with pytest.raises(ValueError, match="cannot read '²' as a cell"):
        parse_board("1 2 / 3 ²")
    with pytest.raises(ValueError, match="boards up to 256 cells"):
        astar_search(tuple(range(10**4)), "manhattan")

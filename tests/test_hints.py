"""Tests for puzzlekit.interfaces.hints: the plan behind a board's Hint and Solve, without ipywidgets."""

import subprocess
import sys

import numpy as np
import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, default_goal, random_board, slide
from puzzlekit.interfaces.hints import (
    HINT_WEIGHT,
    HintSources,
    Planner,
    hint,
    hint_message,
    piece_name,
    plan_solution,
    solve_message,
    table_plan,
)
from puzzlekit.learning.qtable import load_table
from puzzlekit.sliding.distances import distance_table, rank


@pytest.fixture(scope="module")
def distances():
    return distance_table()


def test_hints_need_no_ipywidgets():
    code = ("import sys, puzzlekit.interfaces.hints, puzzlekit.interfaces.trace, puzzlekit.sliding.start_boards; "
            "print('ipywidgets' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_astar_plans_are_shortest_and_legal(distances):
    for seed in range(5):
        board = random_board(3, seed=seed)
        plan = plan_solution(board)
        assert plan.found and plan.shortest and plan.source == "A*"
        assert len(plan.actions) == distances[rank(board)]
        state = board
        for action, next_state in zip(plan.actions, plan.path[1:]):
            state = slide(state, action)
            assert state == next_state
        assert state == default_goal(3)


def test_weighted_astar_takes_over_at_the_limit():
    board = random_board(4, seed=0)
    plan = plan_solution(board, max_expanded=3000)
    assert plan.found and not plan.shortest and plan.source == "weighted A*" and HINT_WEIGHT == 3
    assert plan.note.startswith("No shortest path within the limit (A* stopped after ")
    assert plan.path[0] == board and plan.path[-1] == default_goal(4)
    index, text = hint_message(board, plan)
    assert text.startswith(plan.note + " Weighted A*, faster but not always shortest, suggests: slide tile ")
    assert board[index] != 0 and slide(board, plan.actions[0])[board.index(0)] == board[index]
    assert solve_message(plan).endswith(f"Playing weighted A*'s path instead: {len(plan.actions)} moves, "
                                        "not always the shortest.")


def test_no_plan_within_the_limit_says_what_stopped_both_searches():
    plan = plan_solution(random_board(5, seed=1), max_expanded=50)
    assert not plan.found and plan.actions == ()
    assert plan.note.startswith("No hint within the limit: A* stopped after ")
    assert "and weighted A* stopped after " in plan.note
    assert hint_message(random_board(5, seed=1), plan) == (None, plan.note)


def test_the_planner_follows_its_path_without_searching_again():
    planner = Planner()
    board = random_board(3, seed=4)
    first = planner.plan(board)
    for action in first.actions:
        plan = planner.plan(board)
        assert plan.actions[0] == action and planner.searches == 1
        board = slide(board, action)
    planner.plan(random_board(3, seed=5))
    assert planner.searches == 2
    planner.forget()
    planner.plan(random_board(3, seed=5))
    assert planner.searches == 3


def test_sun_moon_hints_name_the_token_and_its_cell():
    action, text = hint(SUN_MOON_START, SUN_MOON_GOAL)
    assert action in "urdl" and text.startswith("Hint: slide the ") and "13 moves to go" in text
    assert " at row " in text and ", column " in text


def test_piece_names():
    assert piece_name((1, 2, 3, 0), 3) == "the blank"
    assert piece_name(SUN_MOON_START, 0) == "the ☼ at row 1, column 1"


def test_a_table_plan_is_the_greedy_policy(distances):
    q = load_table()[0]
    for seed in range(3):
        board = random_board(3, seed=seed)
        plan = table_plan(q, board)
        assert plan.reaches_goal and len(plan.actions) == distances[rank(board)]
        assert hint_message(board, plan)[1].endswith("(the greedy move of the Q-table).")
    untrained = np.where(q > -np.inf, 0.0, -np.inf)
    plan = table_plan(untrained, random_board(3, seed=0), name="untrained", max_moves=20)
    assert len(plan.actions) == 20 and not plan.reaches_goal and plan.source == "Q-table (untrained)"
    assert solve_message(plan) == ("The Q-table (untrained)'s greedy policy does not reach the goal in 20 moves; "
                                   "playing them anyway.")


def test_hint_sources_offer_what_fits_the_goal():
    sources = HintSources(default_goal(3))
    q = load_table()[0]
    sources.add_table("mine", q)
    assert sources.options() == [("A*", "astar"), ("Q-table", "qtable"), ("Q-table (mine)", "mine")]
    sources.set_goal(default_goal(4))
    assert sources.options() == [("A*", "astar")]
    sources.set_goal(SUN_MOON_GOAL)
    assert sources.options() == [("A*", "astar")] and not sources.tables_apply
    with pytest.raises(ValueError, match="another puzzle"):
        sources.add_table("mine", q)


@pytest.mark.parametrize("call, error, words", [
    (lambda: plan_solution((1, 2, 3, 4, 5, 6, 8, 7, 0)), ValueError, "cannot reach the goal"),
    (lambda: plan_solution((1, 2, 3, 0), max_seconds="1"), TypeError, "max_seconds must be a number"),
    (lambda: plan_solution((1, 2, 3, 0), max_seconds=float("nan")), ValueError, "max_seconds must be a finite"),
    (lambda: plan_solution((1, 2, 3, 0), max_expanded=0), ValueError, "max_expanded must be 1 or more"),
    (lambda: plan_solution((1, 2, 3, 0), max_expanded=True), TypeError, "max_expanded must be an int"),
    (lambda: HintSources(default_goal(3)).add_table(["x"], load_table()[0]), TypeError, "name must be"),
])
def test_bad_input_gets_a_clear_error(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_a_huge_time_limit_is_no_limit():
    assert plan_solution((1, 2, 0, 3), max_seconds=10**400).actions == ("r",)


def test_a_plan_at_the_goal_has_no_moves():
    plan = plan_solution(default_goal(3))
    assert plan.found and plan.actions == () and plan.shortest and plan.path == (default_goal(3),)
    assert hint_message(default_goal(3), plan) == (None, "Already solved.")

"""Slippery moves and policy iteration: the outcomes are a distribution, and every solver finds the same values."""

import math

import numpy as np
import pytest

from puzzlekit import successors
from puzzlekit.learning import textbook
from puzzlekit.learning.dynamic_programming import value_iteration
from puzzlekit.learning.textbook import (
    evaluation_sweep,
    expected_value,
    improve_policy,
    move_outcomes,
    policy_evaluation,
    policy_iteration,
    value_iteration_slippery,
)
from puzzlekit.sliding.distances import breadth_first_distances
from puzzlekit.sliding.state_space import state_space

GOAL = (1, 2, 3, 0)
BOARDS = breadth_first_distances(GOAL)


@pytest.mark.parametrize("slip", [0.0, 0.1, 0.5, 1.0])
def test_outcomes_sum_to_one_and_the_chosen_move_keeps_one_minus_slip(slip):
    for board in [*BOARDS, (1, 2, 3, 4, 0, 5, 6, 7, 8), (0, 1, 2, 3, 4, 5, 6, 7, 8)]:
        for direction, following in successors(board):
            outcomes = move_outcomes(board, direction, slip)
            assert math.isclose(sum(p for p, _ in outcomes), 1.0)
            chance = dict((b, p) for p, b in outcomes)
            assert chance.get(following, 0.0) == pytest.approx(1 - slip)
            if slip:  # the board itself (no move) is one of the outcomes, as likely as each other move
                assert chance[board] == pytest.approx(slip / len(successors(board)))


def test_the_expectation_counts_the_outcome_that_stays_put():
    values = {board: 0.5 for board in BOARDS}
    # right from one move away: 0.8 the goal (1.0); 0.1 up (0.92 * 0.5); 0.1 no move (0.92 * 0.5)
    assert expected_value((1, 2, 0, 3), "r", values, 0.2, 0.92) == pytest.approx(0.8 + 0.2 * 0.92 * 0.5)
    assert expected_value((1, 2, 0, 3), 1, values, 0.0, 0.92) == 1.0


@pytest.mark.parametrize("discount", [0.5, 0.9])
def test_without_slips_the_values_are_value_iteration_s(discount):
    q, _ = textbook.value_iteration(BOARDS, successors, GOAL, discount=discount)
    values, _ = value_iteration_slippery(BOARDS, 0.0, discount, tolerance=0)
    assert values == {board: max(q[board].values(), default=0.0) for board in BOARDS}


@pytest.mark.parametrize("slip", [0.1, 0.3, 0.7])
def test_readable_and_array_value_iteration_agree_with_slips(slip):
    values, _ = value_iteration_slippery(BOARDS, slip, 0.9, tolerance=1e-13)
    space = state_space(2)
    array = value_iteration(space, discount=0.9, slip=slip, tolerance=1e-13)
    for board, value in values.items():
        assert array.values[space.row(board)] == pytest.approx(value, abs=1e-10)


@pytest.mark.parametrize("slip", [0.0, 0.2, 0.5])
def test_policy_iteration_finds_value_iteration_s_values_and_an_optimal_policy(slip):
    result = policy_iteration(BOARDS, slip, 0.92)
    values, _ = value_iteration_slippery(BOARDS, slip, 0.92)
    for board in BOARDS:
        assert result.values[board] == pytest.approx(values[board], abs=1e-8)
    # The policy is greedy with respect to its own values: improving it changes nothing.
    assert improve_policy(result.policy, result.values, slip, 0.92) == result.policy
    assert result.improvements >= 1 and result.sweeps >= result.improvements


def test_a_sweep_reads_only_the_old_values():
    values = {board: 0.0 for board in BOARDS}
    policy = {board: successors(board)[0][0] for board in BOARDS if board != GOAL}
    swept = evaluation_sweep(values, policy, 0.0, 0.9)
    # After one sweep only the boards whose move reaches the goal have a value: no value travels two moves.
    moving_to_goal = {b for b in policy if dict(successors(b))[policy[b]] == GOAL}
    assert {board for board, value in swept.items() if value} == moving_to_goal


def test_policy_evaluation_of_a_policy_that_never_arrives_with_discount_1_stops_with_a_clear_error():
    stuck = {board: successors(board)[0][0] for board in BOARDS if board != GOAL}
    stuck[(1, 2, 0, 3)] = "u"  # and never 'r'
    with pytest.raises(RuntimeError, match="did not settle"):
        policy_evaluation(stuck, {board: 0.0 for board in BOARDS}, 0.0, 1.0, move_reward=-1.0, max_sweeps=50)


def test_slippery_8_puzzle_values_fall_as_slip_grows():
    space = state_space(3)
    rows = [space.row((1, 2, 3, 4, 5, 6, 0, 7, 8))]
    worth = [value_iteration(space, slip=slip, tolerance=1e-6).values[rows][0] for slip in (0.0, 0.3)]
    assert worth[0] == pytest.approx(0.92) and worth[1] < worth[0]


@pytest.mark.parametrize("bad, error", [("x", ValueError), (7, ValueError), (None, TypeError)])
def test_bad_actions_are_refused(bad, error):
    with pytest.raises(error):
        move_outcomes((1, 2, 0, 3), bad)


def test_bad_slip_is_refused():
    with pytest.raises(ValueError, match="slip"):
        move_outcomes((1, 2, 0, 3), "r", 1.5)
    with pytest.raises(ValueError, match="slip"):
        value_iteration(state_space(2), slip=-0.1)
    assert np.isfinite(value_iteration(state_space(2), slip=1.0, tolerance=1e-9).values).all()

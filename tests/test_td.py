"""SARSA, expected SARSA and Monte Carlo control: their updates by hand, and their loops on the 2x2 puzzle."""

import dataclasses
import math

import pytest

from puzzlekit import SlidingPuzzleEnv
from puzzlekit.learning.tabular import (
    Hyperparameters,
    expected_sarsa,
    expected_sarsa_update,
    monte_carlo_control,
    policy_mistakes,
    q_learning,
    sarsa,
    sarsa_update,
)
from puzzlekit.learning.tabular.loop import q_update
from puzzlekit.learning.tabular.td import epsilon_greedy_probabilities
from puzzlekit.learning.textbook import expected_value, value_iteration_slippery
from puzzlekit.learning.wrappers import RecordEpisodeStatistics
from puzzlekit.sliding.distances import breadth_first_distances

SETTINGS = Hyperparameters(learning_rate=0.5, discount=0.9, episodes=400, max_steps=30,
                           epsilon=0.3, seed=0)
INF = math.inf


def test_sarsa_update_uses_the_next_move_s_value_not_the_best():
    expected = 0.5 * 1.0 + 0.5 * (-1.0 + 0.9 * 4.0)
    assert sarsa_update(1.0, -1.0, [2.0, 8.0, -INF, 4.0], 3, 0.5, 0.9) == pytest.approx(expected)
    assert sarsa_update(1.0, 10.0, None, None, 0.5, 0.9) == 5.5  # after the goal nothing follows


def test_sarsa_update_refuses_a_next_move_into_a_forbidden_wall():
    with pytest.raises(ValueError, match="not allowed"):
        sarsa_update(0.0, 0.0, [1.0, 1.0, -INF, -INF], 2, 0.5, 0.9)


@pytest.mark.parametrize("epsilon", [0.0, 0.1, 1.0])
def test_epsilon_greedy_chances_sum_to_one_and_favour_the_best(epsilon):
    chances = epsilon_greedy_probabilities([1.0, 3.0, -INF, 3.0], epsilon)
    assert sum(chances) == pytest.approx(1.0) and chances[2] == 0.0
    assert chances[1] == chances[3] == pytest.approx(epsilon / 3 + (1 - epsilon) / 2)


def test_expected_sarsa_with_no_exploration_is_q_learning():
    values = [1.0, 3.0, -INF, 2.0]
    assert expected_sarsa_update(0.5, -1.0, values, 0.0, 0.7, 0.9) == q_update(0.5, -1.0, 3.0, 0.7, 0.9)


@pytest.mark.parametrize("learn", [sarsa, expected_sarsa, q_learning])
def test_each_td_loop_learns_an_optimal_policy_on_the_2x2_puzzle_with_a_decaying_epsilon(learn):
    q = learn(SlidingPuzzleEnv(2), dataclasses.replace(SETTINGS, episodes=2000), final_epsilon=0.0)
    assert len(q) == 11 and policy_mistakes(q) == 0


def test_monte_carlo_control_learns_an_optimal_policy_on_the_2x2_puzzle_more_slowly():
    settings = dataclasses.replace(SETTINGS, episodes=2000, epsilon=0.1)
    assert policy_mistakes(monte_carlo_control(SlidingPuzzleEnv(2), settings)) == 0
    assert policy_mistakes(monte_carlo_control(SlidingPuzzleEnv(2), dataclasses.replace(settings, episodes=500))) > 0


@pytest.mark.parametrize("learn", [sarsa, expected_sarsa, monte_carlo_control])
def test_the_loops_are_repeatable_and_stop_when_the_callback_says_so(learn):
    seen = []
    first = learn(SlidingPuzzleEnv(2), SETTINGS, callback=lambda episodes, q: seen.append(episodes) or episodes == 5)
    assert seen == [1, 2, 3, 4, 5]
    assert first == learn(SlidingPuzzleEnv(2), SETTINGS, callback=lambda episodes, q: episodes == 5)


def test_monte_carlo_values_are_means_of_first_visit_returns():
    # From two moves away, always exploring: each value is the mean of the discounted returns after its first visit.
    settings = dataclasses.replace(SETTINGS, epsilon=1.0, episodes=50, max_steps=200)
    env = RecordEpisodeStatistics(SlidingPuzzleEnv(2, start=(1, 0, 3, 2)))
    q = monte_carlo_control(env, settings)
    # Every episode starts at the start board: its chosen move's value is a mean of 0.9 ** (length - 1).
    returns = [0.9 ** (length - 1) for length in env.lengths]
    assert min(returns) <= max(q[(1, 0, 3, 2)]) <= max(returns)
    assert sum(env.reached) == 50


def test_a_decaying_learning_rate_beats_a_learning_rate_of_1_on_slippery_moves():
    """With random outcomes a learning rate of 1 copies the last sample; falling rates average them."""
    boards = breadth_first_distances((1, 2, 3, 0))
    values, _ = value_iteration_slippery(boards, 0.3, 0.9, tolerance=1e-12)
    settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=3000, max_steps=20,
                               epsilon=1.0, seed=3)

    def error(q):
        return max(abs(q[board][action] - expected_value(board, "urdl"[action], values, 0.3, 0.9))
                   for board in q if board != (1, 2, 3, 0) for action in range(4) if q[board][action] > -INF)

    jumpy = q_learning(SlidingPuzzleEnv(2, slip=0.3), settings)
    averaged = q_learning(SlidingPuzzleEnv(2, slip=0.3), settings, final_learning_rate=0.01)
    assert error(averaged) < 0.05 < error(jumpy)


def test_the_learners_check_the_final_learning_rate():
    with pytest.raises(ValueError, match="final_learning_rate"):
        sarsa(SlidingPuzzleEnv(2), SETTINGS, final_learning_rate=0.0)
    with pytest.raises(ValueError, match="final_learning_rate"):
        q_learning(SlidingPuzzleEnv(2), SETTINGS, final_learning_rate=2.0)

"""The exploration options of q_learning and q_learning_in_lanes: a decaying epsilon and optimistic initial values."""

import math
from dataclasses import replace

import numpy as np
import pytest

from puzzlekit import Hyperparameters, SlidingPuzzleEnv, q_learning, q_learning_in_lanes
from puzzlekit.learning.tabular import linear_schedule, policy_mistakes, q_array
from puzzlekit.sliding.state_space import state_space

SETTINGS_2X2 = Hyperparameters(learning_rate=1.0, discount=0.92, episodes=300, max_steps=40,
                               epsilon=1.0, seed=3)


def test_linear_schedule_is_constant_without_an_end_and_falls_in_a_straight_line_to_it():
    assert [linear_schedule(0.6, None, 10, episode) for episode in range(11)] == [0.6] * 11
    falling = [linear_schedule(0.6, 0.1, 10, episode) for episode in range(11)]
    assert falling[0] == 0.6 and falling[-1] == pytest.approx(0.1)
    assert all(later < earlier for earlier, later in zip(falling, falling[1:]))
    assert linear_schedule(0.6, 0.1, 10, 50) == falling[-1]  # stays after the last episode


def test_linear_schedule_of_an_array_of_episodes_matches_one_at_a_time():
    episodes = np.arange(0, 1000, 37)
    rates = linear_schedule(0.9, 0.05, 999, episodes)
    assert rates.tolist() == [linear_schedule(0.9, 0.05, 999, int(e)) for e in episodes]


@pytest.mark.parametrize("options, error", [
    ({"final_epsilon": 1.5}, ValueError), ({"final_epsilon": -0.1}, ValueError),
    ({"final_epsilon": "0.1"}, TypeError), ({"final_epsilon": math.nan}, ValueError),
    ({"initial_value": math.inf}, ValueError), ({"initial_value": math.nan}, ValueError),
    ({"initial_value": None}, TypeError),
])
def test_bad_exploration_options_are_refused_by_both_trainers(options, error):
    with pytest.raises(error):
        q_learning(SlidingPuzzleEnv(2), SETTINGS_2X2, **options)
    with pytest.raises(error):
        q_learning_in_lanes(SETTINGS_2X2, size=2, **options)


def test_linear_schedule_refuses_a_negative_step():
    with pytest.raises(ValueError, match="t must"):
        linear_schedule(1.0, 0.0, 10, -1)
    with pytest.raises(TypeError, match="t must"):
        linear_schedule(1.0, 0.0, 10, 1.5)


def test_the_defaults_are_the_original_behaviour():
    assert q_learning(SlidingPuzzleEnv(2), SETTINGS_2X2) == q_learning(
        SlidingPuzzleEnv(2), SETTINGS_2X2, final_epsilon=None, initial_value=0.0)
    assert np.array_equal(q_learning_in_lanes(SETTINGS_2X2, size=2, lanes=16),
                          q_learning_in_lanes(SETTINGS_2X2, size=2, lanes=16, final_epsilon=None, initial_value=0.0))


@pytest.mark.parametrize("epsilon", [1.0, 0.3])
def test_a_schedule_from_epsilon_to_itself_draws_exactly_as_the_constant_one(epsilon):
    settings = replace(SETTINGS_2X2, epsilon=epsilon)
    assert q_learning(SlidingPuzzleEnv(2), settings, final_epsilon=epsilon) == q_learning(SlidingPuzzleEnv(2), settings)
    assert np.array_equal(q_learning_in_lanes(settings, size=2, lanes=16, final_epsilon=epsilon),
                          q_learning_in_lanes(settings, size=2, lanes=16))


def test_a_decaying_epsilon_turns_greedy_by_the_last_episodes():
    # From 1 to 0 over 400 episodes: the last episodes follow the (already exact) table, so they take the
    # shortest way and make no more than 6 steps, the 2x2 puzzle's largest distance.
    steps = []

    class Counting(SlidingPuzzleEnv):
        def reset(self, **options):
            steps.append(0)
            return super().reset(**options)

        def step(self, action):
            steps[-1] += 1
            return super().step(action)

    q_learning(Counting(2), replace(SETTINGS_2X2, episodes=400), final_epsilon=0.0)
    assert max(steps[-20:]) <= 6 and max(steps[:20]) > 6


def test_optimistic_values_start_every_legal_move_high_and_still_reach_the_exact_table():
    env = SlidingPuzzleEnv(2, start=(1, 2, 0, 3))
    one = q_learning(env, replace(SETTINGS_2X2, episodes=1, epsilon=0.0), initial_value=1.0)
    assert set(one[(1, 2, 0, 3)]) <= {1.0, 0.92, -math.inf}  # untried 1.0; a tried move that leads on: 0.92 * 1.0
    space = state_space(2)
    fast = q_learning_in_lanes(replace(SETTINGS_2X2, epsilon=0.0), size=2, lanes=16, initial_value=1.0)
    assert fast[space.goal_row].tolist() == [1.0, -math.inf, -math.inf, 1.0]  # the goal's moves are never updated
    exact = q_learning_in_lanes(SETTINGS_2X2, size=2, lanes=16)
    others = np.arange(len(space.boards)) != space.goal_row
    # Greedy from above: the best moves reach their exact values; a move it stopped trying stays above its own.
    assert np.array_equal(fast[others].max(axis=1), exact[others].max(axis=1)) and policy_mistakes(fast) == 0
    assert (fast[others] >= exact[others]).all()
    readable = q_learning(SlidingPuzzleEnv(2), SETTINGS_2X2, initial_value=1.0)
    assert np.array_equal(q_array(readable, 2)[others], exact[others])

"""Value iteration: the readable loop and the array form agree, and both reach the optimal values."""

import numpy as np
import pytest

from puzzlekit import successors
from puzzlekit.learning import textbook
from puzzlekit.learning.dynamic_programming import value_iteration
from puzzlekit.sliding.distances import breadth_first_distances
from puzzlekit.sliding.state_space import state_space

GOAL_2X2 = (1, 2, 3, 0)


@pytest.mark.parametrize("discount", [0.5, 0.9, 0.92])
def test_readable_and_array_forms_agree_on_2x2(discount):
    space = state_space(2)
    readable, _ = textbook.value_iteration(breadth_first_distances(GOAL_2X2), successors, GOAL_2X2, discount=discount)
    array = value_iteration(space, discount=discount).q
    for row in range(len(space.boards)):
        board = space.board(row)
        for action, direction in enumerate("urdl"):
            expected = readable[board].get(direction, -np.inf)
            if board == GOAL_2X2:  # the goal ends the episode: its moves are never updated, 0 as in q_learning_in_lanes
                expected = 0.0 if space.neighbours[row, action] >= 0 else -np.inf
            assert array[row, action] == pytest.approx(expected)


def test_values_are_discounted_distances_and_the_policy_is_optimal_on_every_8_puzzle_board():
    space = state_space(3)
    result = value_iteration(space, discount=0.92)
    distances = space.distances.astype(float)
    away = distances > 0
    # Reward 1 at the goal, 0 elsewhere: a board d moves away is worth 0.92 ** (d - 1).
    np.testing.assert_allclose(result.values[away], 0.92 ** (distances[away] - 1))
    best = space.neighbours[np.arange(len(distances)), np.argmax(result.q, axis=1)]
    assert (space.distances[best][away] == space.distances[away] - 1).all()
    # One sweep per layer of the 31 moves, and a last one that changes nothing.
    assert result.changes[-1] == 0 and all(change > 0 for change in result.changes[:-1])
    assert result.sweeps == len(result.changes)


def test_a_sweep_limit_that_is_too_small_says_so():
    with pytest.raises(RuntimeError, match="did not settle within 3 sweeps"):
        value_iteration(state_space(3), max_sweeps=3)


@pytest.mark.parametrize(
    "options, error",
    [({"discount": 1.0}, ValueError), ({"discount": "0.9"}, TypeError), ({"max_sweeps": 0}, ValueError),
     ({"discount": float("nan")}, ValueError), ({"goal_reward": None}, TypeError)],
)
def test_bad_settings_are_refused(options, error):
    with pytest.raises(error):
        value_iteration(state_space(2), **options)


def test_a_space_without_moves_is_refused():
    with pytest.raises(TypeError, match="neighbours"):
        value_iteration(object())


def test_the_callback_sees_every_sweep_and_value_spreads_one_move_per_sweep():
    space = state_space(2)
    seen = []
    result = value_iteration(space, discount=0.9,
                             callback=lambda sweep, q: seen.append((sweep, int((q.max(axis=1) > 0).sum()))))
    assert [sweep for sweep, _ in seen] == list(range(1, result.sweeps + 1))
    distances = space.distances.astype(int)
    assert [reached for _, reached in seen][:6] == [int(((distances >= 1) & (distances <= d)).sum())
                                                    for d in range(1, 7)]
    with pytest.raises(TypeError, match="callback"):
        value_iteration(space, callback="print")


def test_the_value_iteration_table_is_a_table_like_q_learning_in_lanes_s():
    from puzzlekit.learning.tabular import policy_mistakes, q_learning_in_lanes
    from puzzlekit.learning.tabular.settings import Hyperparameters

    space = state_space(2)
    result = value_iteration(space, discount=0.92)
    settings = Hyperparameters(learning_rate=1.0, discount=0.92, episodes=300, max_steps=40,
                               epsilon=1.0, seed=0)
    assert policy_mistakes(result.q) == 0
    # the goal's row included: 0, never updated
    assert np.array_equal(result.q, q_learning_in_lanes(settings, size=2, lanes=16))

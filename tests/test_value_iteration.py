"""Value iteration: the readable loop and the array form agree, and both reach the optimal values."""

import numpy as np
import pytest

from puzzlekit import successors
from puzzlekit.distances import breadth_first_distances
from puzzlekit.state_space import state_space
from puzzlekit.value_iteration import value_iteration, value_iteration_readable

GOAL_2X2 = (1, 2, 3, 0)


@pytest.mark.parametrize("discount", [0.5, 0.9, 0.92])
def test_readable_and_array_forms_agree_on_2x2(discount):
    space = state_space(2)
    readable, _ = value_iteration_readable(breadth_first_distances(GOAL_2X2), successors, GOAL_2X2, discount=discount)
    array = value_iteration(space, discount=discount).q
    for row in range(len(space.boards)):
        board = space.board(row)
        for action, direction in enumerate("urdl"):
            expected = readable[board].get(direction, -np.inf)
            if board == GOAL_2X2:
                expected = -np.inf  # the goal ends the episode: no moves from it
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

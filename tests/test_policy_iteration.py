"""Policy iteration on arrays (the engine): the same rounds, sweeps, values and policy as its textbook twin."""

import numpy as np
import pytest

from puzzlekit.learning import dynamic_programming
from puzzlekit.learning.dynamic_programming import value_iteration
from puzzlekit.learning.textbook import expected_value, policy_iteration
from puzzlekit.sliding.distances import breadth_first_distances
from puzzlekit.sliding.state_space import state_space

BOARDS = breadth_first_distances((1, 2, 3, 0))


@pytest.mark.parametrize("slip", [0.0, 0.2, 0.5])
def test_the_array_form_does_what_the_readable_loop_does(slip):
    space = state_space(2)
    array = dynamic_programming.policy_iteration(space, slip, 0.92, tolerance=1e-10)
    readable = policy_iteration(BOARDS, slip, 0.92, tolerance=1e-10)
    assert (array.improvements, array.sweeps) == (readable.improvements, readable.sweeps)
    for board, move in readable.policy.items():
        assert "urdl"[array.policy[space.row(board)]] == move
        assert array.values[space.row(board)] == pytest.approx(readable.values[board], abs=1e-12)
    assert array.policy[space.goal_row] == -1


def test_the_engines_expected_value_is_the_readable_expectation_on_every_move():
    space = state_space(2)
    values = np.linspace(0.1, 0.9, 12)
    q = dynamic_programming.expected_value(space, values, 0.3, 0.9)
    by_board = {space.board(row): float(values[row]) for row in range(12)}
    for row in range(12):
        board = space.board(row)
        for action, move in enumerate("urdl"):
            if space.neighbours[row, action] < 0:
                assert q[row, action] == -np.inf
            elif row != space.goal_row:
                assert q[row, action] == pytest.approx(expected_value(board, move, by_board, 0.3, 0.9))


def test_values_agree_with_value_iteration_on_the_slippery_2x2():
    space = state_space(2)
    assert np.allclose(dynamic_programming.policy_iteration(space, 0.4).values,
                       value_iteration(space, slip=0.4, tolerance=1e-13).values, atol=1e-8)


def test_bad_spaces_and_limits_are_refused():
    with pytest.raises(TypeError, match="space"):
        dynamic_programming.policy_iteration("space")
    with pytest.raises(ValueError, match="values"):
        dynamic_programming.expected_value(state_space(2), [0.0] * 3)
    with pytest.raises(RuntimeError, match="improvements"):
        dynamic_programming.policy_iteration(state_space(2), max_improvements=1)


def test_the_package_face_names_the_engines_and_each_agrees_with_its_textbook_twin():
    import puzzlekit.learning as learning
    from puzzlekit.learning import textbook

    assert learning.value_iteration is dynamic_programming.value_iteration
    assert learning.policy_iteration is dynamic_programming.policy_iteration
    space = state_space(2)
    engine = learning.policy_iteration(space, 0.2, learning.DISCOUNT, tolerance=1e-10)
    twin = textbook.policy_iteration(BOARDS, 0.2, learning.DISCOUNT, tolerance=1e-10)
    assert all("urdl"[engine.policy[space.row(board)]] == move for board, move in twin.policy.items())
    assert np.allclose([engine.values[space.row(board)] for board in BOARDS], [twin.values[board] for board in BOARDS])

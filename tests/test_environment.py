"""Tests for puzzlekit.sliding.environment: Gymnasium's reset/step semantics, and the rewards of the original game and
of the original sun-and-moon program."""

import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, SlidingPuzzleEnv, is_solvable
from puzzlekit.sliding.environment import (
    ACTIONS,
    DOWN,
    EIGHT_PUZZLE_REWARDS,
    LEFT,
    RIGHT,
    SUN_MOON_REWARDS,
    UP,
    Rewards,
)

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def test_action_constants_follow_the_directions():
    assert [ACTIONS[a] for a in (UP, RIGHT, DOWN, LEFT)] == ["u", "r", "d", "l"]


def test_reset_with_a_seed_repeats_the_starting_boards():
    env = SlidingPuzzleEnv()
    first = [env.reset(seed=7)[0]] + [env.reset()[0] for _ in range(20)]
    again = [env.reset(seed=7)[0]] + [env.reset()[0] for _ in range(20)]
    assert first == again
    assert len(set(first)) > 15  # later resets go on drawing, they do not repeat the first board
    assert env.reset(seed=8)[0] != first[0]


def test_reset_draws_solvable_boards_that_are_not_the_goal():
    env = SlidingPuzzleEnv()
    env.reset(seed=0)
    for _ in range(200):
        board, info = env.reset()
        assert board != GOAL and is_solvable(board) and info["steps"] == 0
        assert info["actions"] == env.actions(board)


def test_reset_options_and_start():
    env = SlidingPuzzleEnv(start=(1, 2, 3, 4, 5, 6, 7, 0, 8))
    assert env.reset()[0] == env.reset(seed=3)[0] == (1, 2, 3, 4, 5, 6, 7, 0, 8)
    assert env.reset(options={"board": (1, 2, 3, 4, 5, 0, 7, 8, 6)})[0] == (1, 2, 3, 4, 5, 0, 7, 8, 6)
    with pytest.raises(ValueError, match="parity"):
        env.reset(options={"board": (2, 1, 3, 4, 5, 6, 7, 8, 0)})
    with pytest.raises(ValueError, match="over before it began"):
        SlidingPuzzleEnv(start=GOAL)
    with pytest.raises(ValueError, match="unknown reset options"):
        env.reset(options={"start": GOAL})


def test_step_returns_the_five_values_and_ends_at_the_goal():
    env = SlidingPuzzleEnv(start=(1, 2, 3, 4, 5, 6, 0, 7, 8))
    env.reset()
    board, reward, terminated, truncated, info = env.step("r")
    assert (board, reward, terminated, truncated) == ((1, 2, 3, 4, 5, 6, 7, 0, 8), 0.0, False, False)
    assert info == {"actions": (UP, RIGHT, LEFT), "steps": 1}
    board, reward, terminated, truncated, info = env.step(RIGHT)
    assert (board, reward, terminated, truncated) == (GOAL, 1.0, True, False)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(UP)
    assert env.reset()[0] == (1, 2, 3, 4, 5, 6, 0, 7, 8)  # reset starts again


def test_step_before_reset_and_bad_actions():
    env = SlidingPuzzleEnv()
    with pytest.raises(RuntimeError, match="before step"):
        env.step(UP)
    env.reset(seed=0)
    for action in (4, -1, "x"):
        with pytest.raises(ValueError, match="action .*0-3"):
            env.step(action)
    for action in (True, 1.0, None):
        with pytest.raises(TypeError, match="action .*must be an int"):
            env.step(action)


def test_without_wall_rewards_a_move_into_the_wall_is_refused_and_changes_nothing():
    env = SlidingPuzzleEnv(start=(1, 2, 3, 4, 5, 6, 7, 0, 8))
    env.reset()
    with pytest.raises(ValueError, match="cannot move 'd' .* bottom row; it can move 'u', 'r', 'l'"):
        env.step(DOWN)
    board, _, _, _, info = env.step(LEFT)
    assert board == (1, 2, 3, 4, 5, 6, 0, 7, 8) and info["steps"] == 1


def test_sun_moon_rewards_wall_move_and_goal():
    env = SlidingPuzzleEnv.sun_moon()
    board, info = env.reset(seed=0)
    assert board == SUN_MOON_START and info["actions"] == (UP, RIGHT, DOWN, LEFT)
    board, reward, terminated, truncated, info = env.step(DOWN)  # the blank is on the bottom row
    assert (board, reward, terminated, truncated, info["steps"]) == (SUN_MOON_START, -1000.0, False, False, 1)
    board, reward, terminated, _, _ = env.step(UP)
    assert board == (1, 1, 1, 2, 0, 2, 2, 1, 2) and reward == -10.0 and not terminated
    one_away = (2, 0, 1, 2, 1, 2, 1, 2, 1)  # the goal with the blank moved right
    assert env.reset(options={"board": one_away})[0] == one_away
    board, reward, terminated, _, _ = env.step(LEFT)
    assert (board, reward, terminated) == (SUN_MOON_GOAL, 100.0, True)


def test_truncation_after_max_steps():
    env = SlidingPuzzleEnv.sun_moon(max_steps=3)
    env.reset()
    results = [env.step(DOWN) for _ in range(3)]
    assert [truncated for *_, truncated, _ in results] == [False, False, True]
    with pytest.raises(RuntimeError, match="ended"):
        env.step(DOWN)


def test_two_by_two_and_size_checks():
    env = SlidingPuzzleEnv(2)
    board, info = env.reset(seed=1)
    assert len(board) == 4 and board != (1, 2, 3, 0)
    with pytest.raises(ValueError, match="goal is 2x2 but size is 3"):
        SlidingPuzzleEnv(goal=(1, 2, 3, 0))


def test_rewards():
    assert EIGHT_PUZZLE_REWARDS == Rewards() and EIGHT_PUZZLE_REWARDS.wall is None
    assert SUN_MOON_REWARDS == Rewards(move=-10, goal=100, wall=-1000)
    with pytest.raises(TypeError, match="move reward must be a number"):
        Rewards(move="1")
    with pytest.raises(TypeError, match=r"wall reward \(a number, or None .*\) must be a number"):
        Rewards(wall="none")
    with pytest.raises(ValueError, match="goal reward must be a finite number"):
        Rewards(goal=float("nan"))
    with pytest.raises(TypeError, match="rewards must be a Rewards"):
        SlidingPuzzleEnv(rewards=(0, 1, None))


def test_actions_check_the_board():
    """A board that is not one of the environment's puzzle is refused, not answered."""
    with pytest.raises(ValueError, match="1 cells"):
        SlidingPuzzleEnv().actions([0])
    with pytest.raises(TypeError):
        SlidingPuzzleEnv.sun_moon().actions(5)
    with pytest.raises(ValueError, match="goal"):
        SlidingPuzzleEnv().actions(SUN_MOON_START)  # a token board for a tiles puzzle
    assert SlidingPuzzleEnv(2).actions([1, 2, 3, 0]) == (UP, LEFT)


def test_sizes_and_limits_must_be_ints():
    for size in (2.0, "3", None):
        with pytest.raises(TypeError, match="size must be an int"):
            SlidingPuzzleEnv(size)
    with pytest.raises(ValueError, match="size must be from 2 to"):
        SlidingPuzzleEnv(10**5)
    with pytest.raises(TypeError, match="max_steps"):
        SlidingPuzzleEnv(max_steps=2.5)
    with pytest.raises(ValueError, match="max_steps"):
        SlidingPuzzleEnv(max_steps=0)
    with pytest.raises(TypeError, match="options must be a dict"):
        SlidingPuzzleEnv().reset(options=[("board", GOAL)])

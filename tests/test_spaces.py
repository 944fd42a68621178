"""The environment's spaces: what Gymnasium's Discrete and Box promise, and slippery steps that follow move_outcomes."""

import collections
import random

import pytest

from puzzlekit import SUN_MOON_START, SlidingPuzzleEnv
from puzzlekit.learning.textbook import move_outcomes
from puzzlekit.learning.wrappers import RecordEpisodeStatistics
from puzzlekit.sliding.environment import DOWN, RIGHT
from puzzlekit.sliding.spaces import Box, Discrete


def test_spaces_hold_every_action_and_every_board_the_environment_gives():
    env = SlidingPuzzleEnv(3, max_steps=50)
    board, info = env.reset(seed=4)
    rng = random.Random(0)
    assert env.action_space == Discrete(4) and env.observation_space == Box(0, 8, (9,))
    for _ in range(50):
        assert env.observation_space.contains(board) and all(env.action_space.contains(a) for a in info["actions"])
        board, _, terminated, truncated, info = env.step(rng.choice(info["actions"]))
        if terminated or truncated:
            break


def test_samples_are_seeded_and_inside():
    space, box = Discrete(4), Box(0, 8, (9,))
    assert [space.sample(seed=s) for s in range(20)] == [Discrete(4).sample(seed=s) for s in range(20)]
    assert all(space.contains(space.sample()) and box.contains(box.sample()) for _ in range(100))
    assert {space.sample() for _ in range(200)} == {0, 1, 2, 3}
    assert not box.contains("123456780") and not box.contains((1, 2, 3, 4, 5, 6, 7, 8, 9)) and not space.contains(True)


def test_seed_makes_the_samples_repeat_as_in_gymnasium():
    for space in (Discrete(4), Box(0, 8, (9,))):
        assert space.seed(5) == [5]
        first = [space.sample() for _ in range(30)]
        space.seed(5)
        assert [space.sample() for _ in range(30)] == first
        space.seed(6)
        assert [space.sample() for _ in range(30)] != first
        same = type(space)(*((4,) if isinstance(space, Discrete) else (0, 8, (9,))))
        assert space.sample(seed=5) == same.sample(seed=5)
    with pytest.raises(ValueError):
        Discrete(4).seed(-1)
    with pytest.raises(TypeError):
        Discrete(4).seed("1")


@pytest.mark.parametrize("bad", [0, -1, 2.5, "4", None])
def test_discrete_refuses_a_bad_n(bad):
    with pytest.raises((TypeError, ValueError), match="n"):
        Discrete(bad)


def test_box_refuses_a_bad_shape():
    with pytest.raises(TypeError, match="shape"):
        Box(0, 8, 9)
    with pytest.raises(ValueError, match="high"):
        Box(5, 1, (3,))


def test_slippery_steps_land_as_often_as_move_outcomes_says():
    env = SlidingPuzzleEnv(2, slip=0.3)
    env.reset(seed=0)
    landed = collections.Counter()
    for _ in range(6000):
        env.reset(options={"board": (1, 2, 0, 3)})
        landed[env.step(RIGHT)[0]] += 1
    for probability, board in move_outcomes((1, 2, 0, 3), "r", 0.3):
        assert abs(landed[board] / 6000 - probability) < 0.03


def test_without_slips_the_environment_draws_nothing_more():
    plain, slippery_zero = SlidingPuzzleEnv(3), SlidingPuzzleEnv(3, slip=0.0)
    assert [plain.reset(seed=9)[0] for _ in range(1)] == [slippery_zero.reset(seed=9)[0]]
    assert [plain.reset()[0] for _ in range(5)] == [slippery_zero.reset()[0] for _ in range(5)]


def test_a_slipped_move_into_the_wall_pays_the_move_not_the_wall():
    env = SlidingPuzzleEnv.sun_moon(slip=1.0)  # every move slips
    env.reset(seed=0)
    board, reward, *_ = env.step(DOWN)  # the wall below: it slips into one of the three legal moves
    assert board != SUN_MOON_START and reward == -10.0
    with pytest.raises(ValueError, match="slip"):
        SlidingPuzzleEnv(2, slip=2)


def test_the_recorder_counts_returns_lengths_and_bumps():
    env = RecordEpisodeStatistics(SlidingPuzzleEnv.sun_moon(max_steps=3))
    env.reset(seed=0)
    for action in ("d", "d", "u"):
        env.step(action)
    assert (env.returns, env.lengths, env.bumps, env.reached) == ([-2010.0], [3], [2], [False])
    assert env.goal == SlidingPuzzleEnv.sun_moon().goal  # the wrapped environment's attributes show through
    with pytest.raises(TypeError, match="env"):
        RecordEpisodeStatistics("env")

"""The settings of a tabular learner: `Hyperparameters`, those of the original game and the sun-and-moon program,
and `linear_schedule`, the straight line that ε and the learning rate may follow over the episodes."""

from __future__ import annotations

from dataclasses import dataclass

from ...checks import check_callable, check_int, check_real, check_type
from .. import DISCOUNT
from ..qtable import check_dict_table
from ..wrappers import check_environment

__all__ = [
    "Hyperparameters",
    "EIGHT_PUZZLE_HYPERPARAMETERS",
    "SUN_MOON_HYPERPARAMETERS",
]


@dataclass(frozen=True)
class Hyperparameters:
    """The settings of a Q-learning run, with a seed for the random generators.

    learning_rate : how far each update moves Q toward its target, in (0, 1] (1.0: all the way).
    discount : what a reward one step later is worth now, in [0, 1] (the original game's discount_factor).
    episodes : the number of episodes (the original game called them generations).
    max_steps : the most steps in an episode.
    epsilon : ε, the chance of a random move instead of the best one so far.
    seed : makes the run repeatable (None: a different run each time).

    Examples
    --------
    >>> EIGHT_PUZZLE_HYPERPARAMETERS.discount
    0.92
    >>> Hyperparameters(learning_rate=1.5, discount=0.9, episodes=10, max_steps=5, epsilon=0.1)
    Traceback (most recent call last):
    ...
    ValueError: learning_rate must be 1 or less, got 1.5
    """

    learning_rate: float
    discount: float
    episodes: int
    max_steps: int
    epsilon: float
    seed: int | None = None

    def __post_init__(self):
        for name, bounds in (("learning_rate", {"above": 0, "maximum": 1}),
                             ("discount", {"minimum": 0, "maximum": 1}),
                             ("epsilon", {"minimum": 0, "maximum": 1})):
            object.__setattr__(self, name, check_real(getattr(self, name), name, **bounds))
        object.__setattr__(self, "episodes", check_int(self.episodes, "episodes", minimum=0))
        object.__setattr__(self, "max_steps", check_int(self.max_steps, "max_steps", minimum=1))
        if self.seed is not None:
            # numpy's generators take no negative seed
            object.__setattr__(self, "seed", check_int(self.seed, "seed", minimum=0))


# The original game's settings for the 8-puzzle; enough episodes to reach a policy that is optimal on every board.
EIGHT_PUZZLE_HYPERPARAMETERS = Hyperparameters(
    learning_rate=1.0, discount=DISCOUNT, episodes=3_000_000, max_steps=40, epsilon=1.0
)
# The original sun-and-moon program's settings.
SUN_MOON_HYPERPARAMETERS = Hyperparameters(
    learning_rate=0.7, discount=0.9, episodes=1000, max_steps=1000, epsilon=0.1
)


def check_learner_arguments(env, hyperparameters, q, callback, final_epsilon, initial_value,
                            final_learning_rate=None) -> tuple[float | None, float, float | None]:
    """The arguments every tabular learner shares, checked at its door; the options returned as floats.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzleEnv
    >>> check_learner_arguments(SlidingPuzzleEnv(2), SUN_MOON_HYPERPARAMETERS, None, None, 0.05, 1)
    (0.05, 1.0, None)
    >>> check_learner_arguments(SlidingPuzzleEnv(2), SUN_MOON_HYPERPARAMETERS, {(1, 2, 3, 4, 5, 6, 7, 8, 0): [0.0] * 4},
    ...                         None, None, 0.0)
    Traceback (most recent call last):
    ...
    ValueError: q holds 3x3 boards but the environment's board is 2x2
    """
    check_environment(env)
    check_type(hyperparameters, "hyperparameters", Hyperparameters, "a Hyperparameters")
    if q is not None:
        width, size = check_dict_table(q), getattr(env, "size", None)
        if width is not None and isinstance(size, int) and width != size:
            raise ValueError(f"q holds {width}x{width} boards but the environment's board is {size}x{size}")
    if callback is not None:
        check_callable(callback, "callback")
    if final_epsilon is not None:
        final_epsilon = check_real(final_epsilon, "final_epsilon", minimum=0, maximum=1)
    if final_learning_rate is not None:
        final_learning_rate = check_real(final_learning_rate, "final_learning_rate", above=0, maximum=1)
    return final_epsilon, check_real(initial_value, "initial_value"), final_learning_rate


def linear_schedule(start: float, end: float | None, duration: int, t):
    """A value that moves in a straight line from `start` at step 0 to `end` at step `duration`, then stays at `end`.

    The schedule of ε (from `epsilon` to `final_epsilon` over the episodes) and of the learning rate, as in
    CleanRL. `end=None` keeps `start` throughout (the original game's constant ε). `t` may be a numpy array of
    steps; the answer is then an array too.

    Examples
    --------
    >>> [linear_schedule(1.0, 0.0, 4, episode) for episode in range(6)]
    [1.0, 0.75, 0.5, 0.25, 0.0, 0.0]
    >>> linear_schedule(0.1, None, 4, 3)
    0.1
    """
    start, duration = check_real(start, "start"), max(check_int(duration, "duration", minimum=0), 1)
    if not hasattr(t, "clip"):
        t = check_int(t, "t", minimum=0)
    if end is None:
        return start
    end = check_real(end, "end")
    fraction = t.clip(0, duration) / duration if hasattr(t, "clip") else min(t, duration) / duration
    return start + (end - start) * fraction

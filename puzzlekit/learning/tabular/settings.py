"""The settings of a Q-learning run: `Hyperparameters`, those of the original game and the sun-and-moon program,
and the schedules of exploration (`exploration_rate`) and of the learning rate (`learning_rate_at`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...checks import check_int, check_real, short_repr

__all__ = [
    "Hyperparameters",
    "EIGHT_PUZZLE_HYPERPARAMETERS",
    "SUN_MOON_HYPERPARAMETERS",
    "exploration_rate",
    "check_exploration_options",
    "learning_rate_at",
]


@dataclass(frozen=True)
class Hyperparameters:
    """The settings of a Q-learning run, with a seed for the random generators.

    learning_rate : how far each update moves Q toward its target, in (0, 1] (1.0: all the way).
    discount : what a reward one step later is worth now, in [0, 1] (the original game's discount_factor).
    episodes : the number of episodes (the original game called them generations).
    max_steps : the most steps in an episode.
    exploration_probability : epsilon, the chance of a random move instead of the best one so far.
    seed : makes the run repeatable (None: a different run each time).

    Examples
    --------
    >>> EIGHT_PUZZLE_HYPERPARAMETERS.discount
    0.92
    >>> Hyperparameters(learning_rate=1.5, discount=0.9, episodes=10, max_steps=5,
    ...                 exploration_probability=0.1)
    Traceback (most recent call last):
    ...
    ValueError: learning_rate must be 1 or less, got 1.5
    """

    learning_rate: float
    discount: float
    episodes: int
    max_steps: int
    exploration_probability: float
    seed: int | None = None

    def __post_init__(self):
        for name, bounds in (("learning_rate", {"above": 0, "maximum": 1}),
                             ("discount", {"minimum": 0, "maximum": 1}),
                             ("exploration_probability", {"minimum": 0, "maximum": 1})):
            object.__setattr__(self, name, check_real(getattr(self, name), name, **bounds))
        object.__setattr__(self, "episodes", check_int(self.episodes, "episodes", minimum=0))
        object.__setattr__(self, "max_steps", check_int(self.max_steps, "max_steps", minimum=1))
        if self.seed is not None:
            object.__setattr__(self, "seed", check_int(self.seed, "seed", minimum=0))  # numpy's generators take no negative seed


# The original game's settings for the 8-puzzle; enough episodes to reach a policy that is optimal on every board.
EIGHT_PUZZLE_HYPERPARAMETERS = Hyperparameters(
    learning_rate=1.0, discount=0.92, episodes=3_000_000, max_steps=40, exploration_probability=1.0
)
# The original sun-and-moon program's settings.
SUN_MOON_HYPERPARAMETERS = Hyperparameters(
    learning_rate=0.7, discount=0.9, episodes=1000, max_steps=1000, exploration_probability=0.1
)


def check_exploration_options(final_exploration: float | None, initial_value: float) -> tuple[float | None, float]:
    """Check the exploration options of `q_learning` and `train_fast`; return them as floats.

    Examples
    --------
    >>> check_exploration_options(0.05, 1)
    (0.05, 1.0)
    >>> check_exploration_options(None, float("inf"))
    Traceback (most recent call last):
    ...
    ValueError: initial_value must be a finite number, got inf
    """
    if final_exploration is not None:
        final_exploration = check_real(final_exploration, "final_exploration", minimum=0, maximum=1)
    return final_exploration, check_real(initial_value, "initial_value")


def exploration_rate(hyperparameters: Hyperparameters, episode, *, final_exploration: float | None = None):
    """Epsilon for episode `episode` (0 is the first): the chance that a step makes a random move.

    With `final_exploration=None` (the original game) epsilon is `exploration_probability` in every
    episode. With a number it falls in a straight line from `exploration_probability` in the first
    episode to `final_exploration` in the last (episode `episodes - 1`): a decaying epsilon.
    After the last episode it stays at `final_exploration`. `episode` may be a numpy array of
    episode numbers; the answer is then an array too.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.92, episodes=5, max_steps=40,
    ...                            exploration_probability=1.0)
    >>> [exploration_rate(settings, episode) for episode in range(5)]
    [1.0, 1.0, 1.0, 1.0, 1.0]
    >>> [exploration_rate(settings, episode, final_exploration=0.0) for episode in range(5)]
    [1.0, 0.75, 0.5, 0.25, 0.0]
    """
    if not isinstance(hyperparameters, Hyperparameters):
        raise TypeError(f"hyperparameters must be a Hyperparameters, got {short_repr(hyperparameters)}")
    if hasattr(episode, "clip"):  # a numpy array of episodes
        if getattr(episode, "dtype", None) is None or episode.dtype.kind not in "iu":
            raise TypeError(f"episode must be an int or a numpy array of ints, got {short_repr(episode)}")
    else:
        episode = check_int(episode, "episode", minimum=0)
    start = hyperparameters.exploration_probability
    if final_exploration is None:
        return start
    final_exploration = check_real(final_exploration, "final_exploration", minimum=0, maximum=1)
    last = max(hyperparameters.episodes - 1, 1)
    if hasattr(episode, "clip"):
        fraction = episode.clip(0, last) / last
    else:
        fraction = min(episode, last) / last  # 0 in the first episode, 1 in the last
    return start + (final_exploration - start) * fraction


def learning_rate_at(hyperparameters: Hyperparameters, episode: int, final_learning_rate: float | None = None) -> float:
    """The learning rate in episode `episode`: `learning_rate` throughout, or falling in a straight line to
    `final_learning_rate` in the last episode (as `exploration_rate` does for epsilon).

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=5, max_steps=9,
    ...                            exploration_probability=0.1)
    >>> [learning_rate_at(settings, episode, 0.5) for episode in range(5)]
    [1.0, 0.875, 0.75, 0.625, 0.5]
    """
    if not isinstance(hyperparameters, Hyperparameters):
        raise TypeError(f"hyperparameters must be a Hyperparameters, got {short_repr(hyperparameters)}")
    episode = check_int(episode, "episode", minimum=0)
    start = hyperparameters.learning_rate
    if final_learning_rate is None:
        return start
    final_learning_rate = check_real(final_learning_rate, "final_learning_rate", above=0, maximum=1)
    last = max(hyperparameters.episodes - 1, 1)
    return start + (final_learning_rate - start) * min(episode, last) / last

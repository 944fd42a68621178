"""Wrappers around an environment, as Gymnasium's: the same `reset` and `step`, with something recorded on the way.

`RecordEpisodeStatistics(env)` keeps each episode's return, length and bumps into the wall, so that a
learning loop (`q_learning`, `sarsa`, ...) can be watched without changing it.
"""

from __future__ import annotations

from ..checks import short_repr

__all__ = ["RecordEpisodeStatistics"]


def check_environment(env) -> None:
    """Check that `env` is an environment: a `SlidingPuzzleEnv`, or a wrapper with its `reset` and `step`.

    Examples
    --------
    >>> check_environment(None)
    Traceback (most recent call last):
    ...
    TypeError: env must be an environment with reset() and step(), such as SlidingPuzzleEnv(); got None (NoneType)
    """
    if not (callable(getattr(env, "reset", None)) and callable(getattr(env, "step", None))):
        raise TypeError(f"env must be an environment with reset() and step(), such as SlidingPuzzleEnv(); "
                        f"got {short_repr(env)} ({type(env).__name__})")


class RecordEpisodeStatistics:
    """An environment that records, for each episode that ended, its return, its length and its bumps.

    `returns[i]` is the sum of the rewards of episode i (undiscounted), `lengths[i]` its steps,
    `bumps[i]` how many of its steps paid the wall's reward (`env.rewards.wall`), and `reached[i]`
    whether it reached the goal. An episode counts once it ends (terminated or truncated) or when
    the next `reset` cuts it short. Everything else is passed to the wrapped environment.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzleEnv
    >>> env = RecordEpisodeStatistics(SlidingPuzzleEnv.sun_moon())
    >>> _ = env.reset(seed=0)
    >>> _ = env.step('d'), env.step('u')  # into the wall, then up
    >>> _ = env.reset()
    >>> env.returns, env.lengths, env.bumps, env.reached
    ([-1010.0], [2], [1], [False])
    """

    def __init__(self, env):
        check_environment(env)
        self.env = env
        self.returns: list[float] = []
        self.lengths: list[int] = []
        self.bumps: list[int] = []
        self.reached: list[bool] = []
        self._episode: list | None = None  # [return, length, bumps] of the episode under way

    def __getattr__(self, name):
        return getattr(self.env, name)  # size, goal, rewards, actions, ... of the wrapped environment

    def __repr__(self) -> str:
        return f"RecordEpisodeStatistics({self.env!r})"

    def reset(self, **options):
        """Reset the wrapped environment (counting the episode under way, if any); its `(board, info)`.

        Examples
        --------
        >>> from puzzlekit import SlidingPuzzleEnv
        >>> RecordEpisodeStatistics(SlidingPuzzleEnv(2)).reset(options={"board": (1, 2, 0, 3)})[0]
        (1, 2, 0, 3)
        """
        self._close(reached=False)
        result = self.env.reset(**options)
        self._episode = [0.0, 0, 0]
        return result

    def step(self, action):
        """Step the wrapped environment and record the reward; its `(board, reward, terminated, truncated, info)`.

        Examples
        --------
        >>> from puzzlekit import SlidingPuzzleEnv
        >>> env = RecordEpisodeStatistics(SlidingPuzzleEnv(2))
        >>> _ = env.reset(options={"board": (1, 2, 0, 3)})
        >>> env.step('r')[1:3], env.returns, env.reached
        ((1.0, True), [1.0], [True])
        """
        board, reward, terminated, truncated, info = self.env.step(action)
        if self._episode is not None:
            self._episode[0] += reward
            self._episode[1] += 1
            wall = getattr(getattr(self.env, "rewards", None), "wall", None)
            self._episode[2] += wall is not None and reward == wall
            if terminated or truncated:
                self._close(reached=terminated)
        return board, reward, terminated, truncated, info

    def _close(self, reached: bool) -> None:
        if self._episode is not None and self._episode[1] > 0:
            total, length, bumps = self._episode
            self.returns.append(total)
            self.lengths.append(length)
            self.bumps.append(bumps)
            self.reached.append(reached)
        self._episode = None

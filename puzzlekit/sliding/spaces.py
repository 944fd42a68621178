"""An environment's spaces as Gymnasium describes them (`Discrete`, `Box`), without depending on gymnasium.

`env.action_space` says which actions there are and `env.observation_space` what a board looks like,
with `n`, `shape`, `seed(seed)`, `sample()` and `contains`, as in Gymnasium, so code written for its
toy-text environments reads the same here. `sample(seed=...)` also draws once from a generator of its
own, which Gymnasium's `sample` does not take.
"""

from __future__ import annotations

import random

from ..checks import check_int, make_rng, short_repr

__all__ = ["Discrete", "Box"]


class Discrete:
    """The actions 0, 1, ..., n - 1, as Gymnasium's `Discrete(n)`.

    Examples
    --------
    >>> space = Discrete(4)
    >>> space.n, space.shape, space.contains(3), space.contains(4), space.contains("u")
    (4, (), True, False, False)
    >>> space.sample(seed=0) in range(4)
    True
    """

    def __init__(self, n: int):
        self.n = check_int(n, "n", minimum=1)
        self.shape: tuple = ()
        self._rng = random.Random()

    def __repr__(self) -> str:
        return f"Discrete({self.n})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Discrete) and other.n == self.n

    def seed(self, seed: int | None = None) -> list:
        """Seed the space's own generator, which `sample()` draws from, as Gymnasium's `space.seed(seed)`;
        returns `[seed]`.

        Examples
        --------
        >>> space = Discrete(4)
        >>> _ = space.seed(3)
        >>> first = [space.sample() for _ in range(5)]
        >>> _ = space.seed(3)
        >>> first == [space.sample() for _ in range(5)]
        True
        """
        if seed is not None:
            seed = check_int(seed, "seed", minimum=0)
        self._rng = random.Random(seed)
        return [seed]

    def sample(self, seed=None) -> int:
        """A random action, from the space's own generator, or from a fresh one seeded with `seed`.

        Examples
        --------
        >>> Discrete(4).sample(seed=1) == Discrete(4).sample(seed=1)
        True
        """
        rng = self._rng if seed is None else make_rng(seed)
        return rng.randrange(self.n)

    def contains(self, x) -> bool:
        """Whether `x` is one of the actions (an int from 0 to n - 1; not a bool).

        Examples
        --------
        >>> Discrete(4).contains(2), Discrete(4).contains(2.0), Discrete(4).contains(True)
        (True, False, False)
        """
        return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < self.n

    __contains__ = contains


class Box:
    """Tuples of `shape[0]` ints from `low` to `high`, as Gymnasium's `Box(low, high, shape, dtype=int)`.

    A board of the environment is such a tuple: row-major cells, 0 for the blank. As in Gymnasium,
    `sample` draws every cell on its own, so a sample is in the box but is seldom a board.

    Examples
    --------
    >>> space = Box(0, 8, (9,))
    >>> space.shape, space.contains((1, 2, 3, 4, 5, 6, 7, 8, 0)), space.contains((1, 2, 3))
    ((9,), True, False)
    >>> len(space.sample(seed=0))
    9
    """

    def __init__(self, low: int, high: int, shape: tuple):
        self.low = check_int(low, "low")
        self.high = check_int(high, "high", minimum=self.low)
        if not (isinstance(shape, tuple) and len(shape) == 1):
            raise TypeError(f"shape must be a tuple of one length, e.g. (9,), got {short_repr(shape)}")
        self.shape = (check_int(shape[0], "shape[0]", minimum=1),)
        self._rng = random.Random()

    def __repr__(self) -> str:
        return f"Box({self.low}, {self.high}, {self.shape}, int)"

    def __eq__(self, other) -> bool:
        return isinstance(other, Box) and (other.low, other.high, other.shape) == (self.low, self.high, self.shape)

    def seed(self, seed: int | None = None) -> list:
        """Seed the space's own generator, which `sample()` draws from, as Gymnasium's `space.seed(seed)`;
        returns `[seed]`.

        Examples
        --------
        >>> space = Box(0, 8, (9,))
        >>> _ = space.seed(3)
        >>> first = [space.sample() for _ in range(5)]
        >>> _ = space.seed(3)
        >>> first == [space.sample() for _ in range(5)]
        True
        """
        if seed is not None:
            seed = check_int(seed, "seed", minimum=0)
        self._rng = random.Random(seed)
        return [seed]

    def sample(self, seed=None) -> tuple[int, ...]:
        """A random tuple of the box, each cell drawn on its own, from the space's generator or one seeded with `seed`.

        Examples
        --------
        >>> Box(0, 3, (4,)).sample(seed=2) == Box(0, 3, (4,)).sample(seed=2)
        True
        """
        rng = self._rng if seed is None else make_rng(seed)
        return tuple(rng.randint(self.low, self.high) for _ in range(self.shape[0]))

    def contains(self, x) -> bool:
        """Whether `x` is a sequence of `shape[0]` ints, each from `low` to `high`.

        Examples
        --------
        >>> Box(0, 3, (4,)).contains([1, 2, 3, 0]), Box(0, 3, (4,)).contains((1, 2, 3, 4))
        (True, False)
        """
        if isinstance(x, (str, bytes)) or not hasattr(x, "__len__") or len(x) != self.shape[0]:
            return False
        return all(isinstance(cell, int) and not isinstance(cell, bool) and self.low <= cell <= self.high for cell in x)

    __contains__ = contains

"""SARSA and expected SARSA beside Q-learning: the same readable loop, another target for the update.

Q-learning's target uses the best move from the next board, whatever the agent does next (off-policy);
SARSA's uses the move the agent will actually make there, exploration included (on-policy); expected
SARSA's the average over the moves the epsilon-greedy agent might make, weighted by their chances.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ...checks import check_int, check_real, short_repr
from ...sliding.environment import SlidingPuzzleEnv
from ..qtable import check_dict_table
from .loop import QTable, check_environment, greedy_action, q_update
from .settings import Hyperparameters, check_exploration_options, exploration_rate, learning_rate_at

__all__ = ["sarsa", "expected_sarsa", "sarsa_update", "expected_sarsa_update", "epsilon_greedy",
           "epsilon_greedy_probabilities", "check_learning_arguments"]


def sarsa_update(old: float, reward: float, next_values: Sequence[float] | None, next_action: int | None,
                 learning_rate: float, discount: float) -> float:
    """SARSA's update: move `old` toward reward + discount * Q(next board, the move the agent takes next).

    `next_action` is None when nothing follows (the move reached the goal); `next_values` is then ignored.

    Examples
    --------
    >>> sarsa_update(0.0, -10.0, [5.0, 50.0, -math.inf, 0.0], 0, learning_rate=0.5, discount=0.9)  # not max: 50
    -2.75
    >>> sarsa_update(0.0, 100.0, None, None, learning_rate=0.5, discount=0.9)  # the goal: nothing follows
    50.0
    """
    if next_action is None:
        return q_update(old, reward, 0.0, learning_rate, discount)
    next_action = check_int(next_action, "next_action (0-3, or None after the goal)", minimum=0, maximum=3)
    next_values = _row(next_values, "next_values")
    if next_values[next_action] == -math.inf:
        raise ValueError(f"next_action {next_action} is not allowed on the next board (its value is -inf)")
    return q_update(old, reward, next_values[next_action], learning_rate, discount)


def epsilon_greedy_probabilities(values: Sequence[float], epsilon: float) -> list[float]:
    """The chance of each of the 4 moves for an epsilon-greedy agent: epsilon spread over the allowed moves
    (those not -inf), the rest over the best ones (ties share it).

    Examples
    --------
    >>> [round(chance, 9) for chance in epsilon_greedy_probabilities([1.0, 3.0, -math.inf, 0.0], epsilon=0.3)]
    [0.1, 0.8, 0.0, 0.1]
    """
    values = _row(values, "values")
    epsilon = check_real(epsilon, "epsilon", minimum=0, maximum=1)
    allowed = [action for action, value in enumerate(values) if value > -math.inf]
    if not allowed:
        raise ValueError("values are all -inf: no move is allowed")
    best = max(values)
    ties = [action for action in allowed if values[action] == best]
    return [(epsilon / len(allowed) if action in allowed else 0.0) + ((1 - epsilon) / len(ties) if action in ties else 0.0)
            for action in range(4)]


def expected_sarsa_update(old: float, reward: float, next_values: Sequence[float] | None, epsilon: float,
                          learning_rate: float, discount: float) -> float:
    """Expected SARSA's update: the target averages Q(next board, .) over the epsilon-greedy agent's chances.

    `next_values` is None when nothing follows (the move reached the goal).

    Examples
    --------
    >>> round(expected_sarsa_update(0.0, -10.0, [10.0, 50.0, -math.inf, 0.0], 0.3, learning_rate=1.0, discount=0.9), 9)
    26.9
    """
    if next_values is None:
        return q_update(old, reward, 0.0, learning_rate, discount)
    next_values = _row(next_values, "next_values")
    chances = epsilon_greedy_probabilities(next_values, epsilon)
    average = sum(chance * value for chance, value in zip(chances, next_values) if chance > 0)
    return q_update(old, reward, average, learning_rate, discount)


def epsilon_greedy(values: Sequence[float], actions: Sequence[int], epsilon: float, rng: random.Random) -> int:
    """With probability epsilon a random move of `actions`, otherwise the best (ties at random): as `q_learning` moves.

    Examples
    --------
    >>> epsilon_greedy([0.0, 1.0, -math.inf, 0.5], (0, 1, 3), 0.0, random.Random(0))
    1
    """
    values = _row(values, "values")
    if isinstance(actions, (str, bytes)) or not hasattr(actions, "__len__") or not actions or not all(
            isinstance(action, int) and not isinstance(action, bool) and 0 <= action <= 3 for action in actions):
        raise TypeError(f"actions must be a non-empty tuple of moves 0-3, as info['actions'], got {short_repr(actions)}")
    if not (type(epsilon) is float and 0.0 <= epsilon <= 1.0):
        epsilon = check_real(epsilon, "epsilon", minimum=0, maximum=1)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {short_repr(rng)} ({type(rng).__name__})")
    if rng.random() < epsilon:
        return rng.choice(actions)
    return greedy_action(values, rng)


def sarsa(
    env: SlidingPuzzleEnv,
    hyperparameters: Hyperparameters,
    *,
    q: QTable | None = None,
    callback: Callable[[int, QTable], bool | None] | None = None,
    final_exploration: float | None = None,
    final_learning_rate: float | None = None,
    initial_value: float = 0.0,
) -> QTable:
    """SARSA, one episode after another: choose the next move first, then update toward its value.

    The same table, settings and options as `q_learning` (plus `final_learning_rate`, see
    `learning_rate_at`); only the target differs.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=300, max_steps=20,
    ...                            exploration_probability=0.2, seed=0)
    >>> q = sarsa(SlidingPuzzleEnv(2), settings)
    >>> q[(1, 2, 0, 3)][1]  # right reaches the goal
    1.0
    """
    check_learning_arguments(env, hyperparameters, q, callback)
    final_exploration, initial_value = check_exploration_options(final_exploration, initial_value)
    discount = hyperparameters.discount
    rng = random.Random(hyperparameters.seed)  # the agent's coin flips, moves and tie-breaks
    q = {} if q is None else q
    for episode in range(hyperparameters.episodes):
        state, info = env.reset(seed=rng.randrange(2**32) if episode == 0 else None)
        epsilon = exploration_rate(hyperparameters, episode, final_exploration=final_exploration)
        learning_rate = learning_rate_at(hyperparameters, episode, final_learning_rate)
        action = epsilon_greedy(_values(q, state, info, initial_value), info["actions"], epsilon, rng)
        for step in range(hyperparameters.max_steps):
            next_state, reward, terminated, truncated, info = env.step(action)
            if terminated:  # nothing follows the goal
                next_values, next_action = None, None
            else:  # the move the agent will make next, exploration included: its value is the target's
                next_values = _values(q, next_state, info, initial_value)
                next_action = epsilon_greedy(next_values, info["actions"], epsilon, rng)
            q[state][action] = sarsa_update(q[state][action], reward, next_values, next_action, learning_rate, discount)
            state, action = next_state, next_action
            if terminated or truncated:
                break
        if callback is not None and callback(episode + 1, q):
            break
    return q


def expected_sarsa(
    env: SlidingPuzzleEnv,
    hyperparameters: Hyperparameters,
    *,
    q: QTable | None = None,
    callback: Callable[[int, QTable], bool | None] | None = None,
    final_exploration: float | None = None,
    final_learning_rate: float | None = None,
    initial_value: float = 0.0,
) -> QTable:
    """Expected SARSA: as `sarsa`, but the target averages the next board's values over the agent's chances.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=300, max_steps=20,
    ...                            exploration_probability=0.2, seed=0)
    >>> q = expected_sarsa(SlidingPuzzleEnv(2), settings)
    >>> q[(1, 2, 0, 3)][1]
    1.0
    """
    check_learning_arguments(env, hyperparameters, q, callback)
    final_exploration, initial_value = check_exploration_options(final_exploration, initial_value)
    discount = hyperparameters.discount
    rng = random.Random(hyperparameters.seed)
    q = {} if q is None else q
    for episode in range(hyperparameters.episodes):
        state, info = env.reset(seed=rng.randrange(2**32) if episode == 0 else None)
        epsilon = exploration_rate(hyperparameters, episode, final_exploration=final_exploration)
        learning_rate = learning_rate_at(hyperparameters, episode, final_learning_rate)
        for step in range(hyperparameters.max_steps):
            action = epsilon_greedy(_values(q, state, info, initial_value), info["actions"], epsilon, rng)
            next_state, reward, terminated, truncated, info = env.step(action)
            next_values = None if terminated else _values(q, next_state, info, initial_value)
            q[state][action] = expected_sarsa_update(q[state][action], reward, next_values, epsilon, learning_rate,
                                                     discount)
            state = next_state
            if terminated or truncated:
                break
        if callback is not None and callback(episode + 1, q):
            break
    return q


def _values(q: QTable, state, info: dict, initial_value: float) -> list[float]:
    """The row of `state`, made on its first visit: `initial_value` for each allowed move, -inf for the others."""
    if state not in q:
        q[state] = [initial_value if action in info["actions"] else -math.inf for action in range(4)]
    return q[state]


def _row(values, name: str) -> list[float]:
    """A row of 4 values as floats (-inf allowed, NaN not), with at least one allowed move."""
    if type(values) is list and len(values) == 4 and all(type(value) is float and value == value for value in values):
        numbers = values  # the loops' own rows, checked in the line above
    else:
        try:
            count = len(values)
        except TypeError:  # a number, or a 0-d numpy array (it has __len__, but no length)
            count = None
        if isinstance(values, (str, bytes, dict)) or count != 4:
            raise TypeError(f"{name} must be 4 numbers [Q(u), Q(r), Q(d), Q(l)], got {short_repr(values)}")
        numbers = [check_real(value, f"a value of {name}", finite=False) for value in values]
    if max(numbers) == -math.inf:
        raise ValueError(f"{name} are all -inf: no move is allowed there ({short_repr(values)})")
    return numbers


def check_learning_arguments(env, hyperparameters, q, callback) -> None:
    """Check the arguments a learning loop shares: an environment, `Hyperparameters`, a table or None, a callback.

    Examples
    --------
    >>> from puzzlekit.learning.tabular.settings import SUN_MOON_HYPERPARAMETERS
    >>> check_learning_arguments(SlidingPuzzleEnv(2), SUN_MOON_HYPERPARAMETERS, None, None)
    >>> check_learning_arguments(SlidingPuzzleEnv(2), SUN_MOON_HYPERPARAMETERS, {(1, 2, 3, 4, 5, 6, 7, 8, 0): [0.0] * 4}, None)
    Traceback (most recent call last):
    ...
    ValueError: q holds 3x3 boards but the environment's board is 2x2
    """
    check_environment(env)
    if not isinstance(hyperparameters, Hyperparameters):
        raise TypeError(f"hyperparameters must be a Hyperparameters, got {type(hyperparameters).__name__}")
    if q is not None:
        width, size = check_dict_table(q), getattr(env, "size", None)
        if width is not None and isinstance(size, int) and width != size:
            raise ValueError(f"q holds {width}x{width} boards but the environment's board is {size}x{size}")
    if callback is not None and not callable(callback):
        raise TypeError(f"callback must be a function (callable), got {short_repr(callback)}")

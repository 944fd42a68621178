"""SARSA and expected SARSA beside Q-learning: the same readable loop, another target for the update.

Q-learning's target uses the best move from the next board, whatever the agent does next (off-policy);
SARSA's uses the move the agent will actually make there, exploration included (on-policy); expected
SARSA's the average over the moves the epsilon-greedy agent might make, weighted by their chances.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ...checks import check_int, check_real
from ...sliding.environment import SlidingPuzzleEnv
from .loop import QTable, check_row, greedy_action, q_update
from .settings import Hyperparameters, check_learner_arguments, linear_schedule

__all__ = ["sarsa", "expected_sarsa", "sarsa_update"]


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
    _check_update(old, reward, learning_rate, discount)
    if next_action is None:
        return q_update(old, reward, 0.0, learning_rate, discount)
    next_action = check_int(next_action, "next_action (0-3, or None after the goal)", minimum=0, maximum=3)
    next_values = _allowed_row(next_values)
    if next_values[next_action] == -math.inf:
        raise ValueError(f"next_action {next_action} is not allowed on the next board (its value is -inf)")
    return q_update(old, reward, next_values[next_action], learning_rate, discount)


def expected_sarsa_update(old: float, reward: float, next_values: Sequence[float] | None, epsilon: float,
                          learning_rate: float, discount: float) -> float:
    """Expected SARSA's update: the target averages Q(next board, .) over the epsilon-greedy agent's chances.

    `next_values` is None when nothing follows (the move reached the goal).

    Examples
    --------
    >>> round(expected_sarsa_update(0.0, -10.0, [10.0, 50.0, -math.inf, 0.0], 0.3, learning_rate=1.0, discount=0.9), 9)
    26.9
    """
    _check_update(old, reward, learning_rate, discount)
    epsilon = check_real(epsilon, "epsilon", minimum=0, maximum=1)
    if next_values is None:
        return q_update(old, reward, 0.0, learning_rate, discount)
    return q_update(old, reward, _expected_next(_allowed_row(next_values), epsilon), learning_rate, discount)


def epsilon_greedy_probabilities(values: Sequence[float], epsilon: float) -> list[float]:
    """The chance of each of the 4 moves for an epsilon-greedy agent: epsilon spread over the allowed moves
    (those not -inf), the rest over the best ones (ties share it).

    Examples
    --------
    >>> [round(chance, 9) for chance in epsilon_greedy_probabilities([1.0, 3.0, -math.inf, 0.0], epsilon=0.3)]
    [0.1, 0.8, 0.0, 0.1]
    """
    allowed = [action for action, value in enumerate(values) if value > -math.inf]
    best = max(values)
    ties = [action for action in allowed if values[action] == best]
    return [(epsilon / len(allowed) if action in allowed else 0.0) + ((1 - epsilon) / len(ties) if action in ties
                                                                       else 0.0) for action in range(4)]


def _expected_next(next_values: Sequence[float], epsilon: float) -> float:
    """The average of the next board's values over the epsilon-greedy agent's chances."""
    chances = epsilon_greedy_probabilities(next_values, epsilon)
    return sum(chance * value for chance, value in zip(chances, next_values) if chance > 0)


def epsilon_greedy(values: Sequence[float], actions: Sequence[int], epsilon: float, rng: random.Random) -> int:
    """With probability epsilon a random move of `actions`, otherwise the best (ties at random): as `q_learning` moves.

    Examples
    --------
    >>> epsilon_greedy([0.0, 1.0, -math.inf, 0.5], (0, 1, 3), 0.0, random.Random(0))
    1
    """
    if rng.random() < epsilon:
        return rng.choice(actions)
    return greedy_action(values, rng)


def sarsa(
    env: SlidingPuzzleEnv,
    hyperparameters: Hyperparameters,
    *,
    q: QTable | None = None,
    callback: Callable[[int, QTable], bool | None] | None = None,
    final_epsilon: float | None = None,
    final_learning_rate: float | None = None,
    initial_value: float = 0.0,
) -> QTable:
    """SARSA, one episode after another: choose the next move first, then update toward its value.

    The same table, settings and options as `q_learning` (plus `final_learning_rate`, see
    `linear_schedule`); only the target differs.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=300, max_steps=20,
    ...                            epsilon=0.2, seed=0)
    >>> q = sarsa(SlidingPuzzleEnv(2), settings)
    >>> q[(1, 2, 0, 3)][1]  # right reaches the goal
    1.0
    """
    return _td_control(env, hyperparameters, _sarsa_next, q, callback, final_epsilon, final_learning_rate,
                       initial_value)


def expected_sarsa(
    env: SlidingPuzzleEnv,
    hyperparameters: Hyperparameters,
    *,
    q: QTable | None = None,
    callback: Callable[[int, QTable], bool | None] | None = None,
    final_epsilon: float | None = None,
    final_learning_rate: float | None = None,
    initial_value: float = 0.0,
) -> QTable:
    """Expected SARSA: as `sarsa`, but the target averages the next board's values over the agent's chances.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=300, max_steps=20,
    ...                            epsilon=0.2, seed=0)
    >>> q = expected_sarsa(SlidingPuzzleEnv(2), settings)
    >>> q[(1, 2, 0, 3)][1]
    1.0
    """
    return _td_control(env, hyperparameters, _expected_sarsa_next, q, callback, final_epsilon, final_learning_rate,
                       initial_value)


def _sarsa_next(q: QTable, state, info: dict, epsilon: float, rng: random.Random, initial_value: float):
    """SARSA's next move, exploration included, and its value: the target's."""
    action = epsilon_greedy(_values(q, state, info, initial_value), info["actions"], epsilon, rng)
    return action, q[state][action]


def _expected_sarsa_next(q: QTable, state, info: dict, epsilon: float, rng: random.Random, initial_value: float):
    """No move chosen yet (the loop chooses it when it gets there), and the average value over the agent's chances."""
    return None, _expected_next(_values(q, state, info, initial_value), epsilon)


def _td_control(env, hyperparameters, next_move, q, callback, final_epsilon, final_learning_rate, initial_value):
    """The loop SARSA and expected SARSA share: `next_move` gives the next move (or None) and the target's value."""
    final_epsilon, initial_value, final_learning_rate = check_learner_arguments(
        env, hyperparameters, q, callback, final_epsilon, initial_value, final_learning_rate)
    discount, last = hyperparameters.discount, hyperparameters.episodes - 1
    rng = random.Random(hyperparameters.seed)  # the agent's coin flips, moves and tie-breaks
    q = {} if q is None else q
    for episode in range(hyperparameters.episodes):
        state, info = env.reset(seed=rng.randrange(2**32) if episode == 0 else None)
        epsilon = linear_schedule(hyperparameters.epsilon, final_epsilon, last, episode)
        learning_rate = linear_schedule(hyperparameters.learning_rate, final_learning_rate, last, episode)
        action = None
        for _ in range(hyperparameters.max_steps):
            if action is None:
                action = epsilon_greedy(_values(q, state, info, initial_value), info["actions"], epsilon, rng)
            next_state, reward, terminated, truncated, info = env.step(action)
            if terminated:  # nothing follows the goal
                next_action, next_value = None, 0.0
            else:
                next_action, next_value = next_move(q, next_state, info, epsilon, rng, initial_value)
            q[state][action] = q_update(q[state][action], reward, next_value, learning_rate, discount)
            state, action = next_state, next_action
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


def _allowed_row(values) -> list[float]:
    """`next_values` checked: 4 numbers (-inf allowed, NaN not), at least one move allowed."""
    numbers = check_row(values, "next_values")
    if max(numbers) == -math.inf:
        raise ValueError("next_values are all -inf: no move is allowed there")
    return numbers


def _check_update(old, reward, learning_rate, discount) -> None:
    """The numbers an update takes, checked at the door of `sarsa_update` and `expected_sarsa_update`."""
    check_real(old, "old")
    check_real(reward, "reward")
    check_real(learning_rate, "learning_rate", above=0, maximum=1)
    check_real(discount, "discount", minimum=0, maximum=1)

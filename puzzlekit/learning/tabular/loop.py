"""Q-learning as one readable loop: episodes of ε-greedy moves on an environment, one update per step."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ...checks import check_collection, check_real, check_type, short_repr
from ...sliding.environment import SlidingPuzzleEnv
from .settings import Hyperparameters, check_learner_arguments, linear_schedule

__all__ = ["QTable", "q_learning", "greedy_action"]

QTable = dict  # board -> [Q(u), Q(r), Q(d), Q(l)], -inf for a move the board does not allow


def q_update(old: float, reward: float, best_next: float, learning_rate: float, discount: float) -> float:
    """The original game's update: ``(1 - lr) * old + lr * (reward + discount * best_next)``.

    `best_next` is the best value of the next board (0 after the goal, where nothing follows).

    Examples
    --------
    >>> q_update(0.0, 1.0, 0.0, learning_rate=1.0, discount=0.92)  # the move into the goal
    1.0
    >>> q_update(0.0, 0.0, 1.0, learning_rate=0.5, discount=0.92)  # halfway to 0.92
    0.46
    """
    return (1 - learning_rate) * old + learning_rate * (reward + discount * best_next)


def q_learning(
    env: SlidingPuzzleEnv,
    hyperparameters: Hyperparameters,
    *,
    q: QTable | None = None,
    callback: Callable[[int, QTable], bool | None] | None = None,
    final_epsilon: float | None = None,
    initial_value: float = 0.0,
    final_learning_rate: float | None = None,
) -> QTable:
    """Q-learning, one episode after another, one step at a time; return the table, board -> 4 values.

    Each step: with probability epsilon a random allowed move, otherwise the best so far (ties
    broken at random); then `q_update`, where nothing follows the goal (max Q_next is 0 there).
    Pass `q` to go on training a table; `callback(episodes, q)` runs after each episode and
    stops the training by returning True. `final_epsilon` (a number: epsilon falls in a straight
    line to it over the episodes, see `linear_schedule`) and `initial_value` (what an untried legal
    move is worth, 0 by default) are those of `q_learning_in_lanes`. `final_learning_rate` (a number: the
    learning rate falls in a straight line to it) averages the targets of later episodes instead of
    jumping to each: what random outcomes (slippery moves) need.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=300, max_steps=20,
    ...                            epsilon=1.0, seed=0)
    >>> q = q_learning(SlidingPuzzleEnv(2), settings)
    >>> q[(1, 2, 0, 3)]  # right (1) reaches the goal; up (0) leads 2 moves away; down, left: the wall
    [0.81, 1.0, -inf, -inf]
    """
    final_epsilon, initial_value, final_learning_rate = check_learner_arguments(
        env, hyperparameters, q, callback, final_epsilon, initial_value, final_learning_rate)
    discount, last = hyperparameters.discount, hyperparameters.episodes - 1
    rng = random.Random(hyperparameters.seed)  # the agent's coin flips, moves and tie-breaks
    q = {} if q is None else q
    for episode in range(hyperparameters.episodes):
        # The environment draws the starting boards from its own generator, seeded once from ours.
        state, info = env.reset(seed=rng.randrange(2**32) if episode == 0 else None)
        epsilon = linear_schedule(hyperparameters.epsilon, final_epsilon, last, episode)
        learning_rate = linear_schedule(hyperparameters.learning_rate, final_learning_rate, last, episode)
        for _ in range(hyperparameters.max_steps):
            if state not in q:  # a board seen for the first time: initial_value (0) for every allowed move
                q[state] = [initial_value if action in info["actions"] else -math.inf for action in range(4)]
            values = q[state]
            # Explore with probability epsilon, otherwise take the best move found so far.
            if rng.random() < epsilon:
                action = rng.choice(info["actions"])
            else:
                action = greedy_action(values, rng)
            next_state, reward, terminated, truncated, info = env.step(action)
            # The target: the reward, plus the discounted value of the best move from the next board.
            # Nothing follows the goal, and a board never seen yet is worth initial_value (0) so far.
            best_next = 0.0 if terminated else max(q.get(next_state, [initial_value]))
            values[action] = q_update(values[action], reward, best_next, learning_rate, discount)
            state = next_state
            if terminated or truncated:
                break
        if callback is not None and callback(episode + 1, q):
            break
    return q


def greedy_action(values: Sequence[float], rng: random.Random | None = None) -> int:
    """The action with the highest value; ties go to the first, or to a random one when `rng` is given.

    Examples
    --------
    >>> greedy_action([0.5, 0.9, -math.inf, 0.9])
    1
    >>> sorted({greedy_action([0.5, 0.9, -math.inf, 0.9], random.Random(seed)) for seed in range(20)})
    [1, 3]
    """
    if not (type(values) is list and len(values) == 4 and all(type(value) is float and value == value
                                                               for value in values)):
        values = check_row(values, "values")  # the loop's own rows are lists of 4 floats: checked in the line above
    check_type(rng, "rng", (random.Random, type(None)), "a random.Random or None")
    best = max(values)
    if best == -math.inf:
        raise ValueError(f"values are all -inf: no move is allowed, so there is no best one ({short_repr(values)})")
    ties = [action for action, value in enumerate(values) if value == best]
    return ties[0] if rng is None else rng.choice(ties)


def check_row(values, name: str) -> list[float]:
    """A row of 4 values as floats (-inf allowed, NaN not), or TypeError / ValueError saying what is wrong."""
    check_collection(values, name, "4 numbers [Q(u), Q(r), Q(d), Q(l)]", dicts=False)
    numbers = [check_real(value, f"a value of {name}", finite=False) for value in values]
    if len(numbers) != 4:
        raise ValueError(f"{name} must be 4 numbers [Q(u), Q(r), Q(d), Q(l)], got {len(numbers)}")
    return numbers

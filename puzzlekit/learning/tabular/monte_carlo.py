"""Monte Carlo control, first-visit and epsilon-soft: play a whole episode, then average the returns that followed.

No bootstrapping: Q(s, a) is the mean of the discounted returns seen after the first time each
episode took move a on board s, and the agent plays epsilon-greedy on those means.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...sliding.environment import SlidingPuzzleEnv
from .loop import QTable
from .settings import Hyperparameters, check_learner_arguments, linear_schedule
from .td import epsilon_greedy

__all__ = ["monte_carlo_control"]


def monte_carlo_control(
    env: SlidingPuzzleEnv,
    hyperparameters: Hyperparameters,
    *,
    q: QTable | None = None,
    callback: Callable[[int, QTable], bool | None] | None = None,
    final_epsilon: float | None = None,
    initial_value: float = 0.0,
) -> QTable:
    """First-visit epsilon-soft Monte Carlo control; return the table, board -> 4 values, as `q_learning` does.

    Each episode is played to its end (the goal, or `max_steps`) with epsilon-greedy moves; then,
    from the last step back, the return G = reward + discount * G is accumulated, and at the first
    visit of each (board, move) in the episode Q moves to the mean of all its returns so far
    (`learning_rate` is not used: each value is a plain average). A table passed as `q` starts
    its counts afresh.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=300, max_steps=30,
    ...                            epsilon=0.3, seed=0)
    >>> q = monte_carlo_control(SlidingPuzzleEnv(2), settings)
    >>> q[(1, 2, 0, 3)].index(max(q[(1, 2, 0, 3)]))  # right, into the goal, is the best move
    1
    """
    final_epsilon, initial_value, _ = check_learner_arguments(env, hyperparameters, q, callback, final_epsilon,
                                                              initial_value)
    discount, last = hyperparameters.discount, hyperparameters.episodes - 1
    rng = random.Random(hyperparameters.seed)
    q = {} if q is None else q
    visits: dict = {}  # (board, move) -> how many first-visit returns its value averages
    for episode in range(hyperparameters.episodes):
        state, info = env.reset(seed=rng.randrange(2**32) if episode == 0 else None)
        epsilon = linear_schedule(hyperparameters.epsilon, final_epsilon, last, episode)
        steps = []  # (board, move, reward) of the whole episode
        for _ in range(hyperparameters.max_steps):
            if state not in q:
                q[state] = [initial_value if action in info["actions"] else float("-inf") for action in range(4)]
            action = epsilon_greedy(q[state], info["actions"], epsilon, rng)
            next_state, reward, terminated, truncated, info = env.step(action)
            steps.append((state, action, reward))
            state = next_state
            if terminated or truncated:
                break
        first_visit = {}
        for time, (board, action, _) in enumerate(steps):
            first_visit.setdefault((board, action), time)
        ret = 0.0
        for time in reversed(range(len(steps))):
            board, action, reward = steps[time]
            ret = reward + discount * ret  # the discounted return from this step to the end
            if first_visit[(board, action)] == time:
                visits[(board, action)] = visits.get((board, action), 0) + 1
                q[board][action] += (ret - q[board][action]) / visits[(board, action)]  # the running mean
        if callback is not None and callback(episode + 1, q):
            break
    return q


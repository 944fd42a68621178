"""The fast trainer: the Q-learning of `q_learning` on every board at once, many episodes side by side in numpy."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...checks import check_callable, check_int, check_real, check_type, short_repr
from ...sliding.environment import EIGHT_PUZZLE_REWARDS, Rewards
from ...sliding.state_space import state_space
from .settings import Hyperparameters, linear_schedule

__all__ = ["q_learning_in_lanes", "q_update_batch"]


def q_learning_in_lanes(
    hyperparameters: Hyperparameters,
    size: int = 3,
    *,
    rewards: Rewards = EIGHT_PUZZLE_REWARDS,
    lanes: int = 65536,
    callback: Callable[[int, object], bool | None] | None = None,
    final_epsilon: float | None = None,
    initial_value: float = 0.0,
):
    """The same Q-learning as `q_learning` on every board of the puzzle, `lanes` episodes side by side.

    The episodes are those of `q_learning` with `SlidingPuzzleEnv(size)`: each starts from a
    random board that is not the goal, moves at random with probability epsilon and otherwise
    greedily (random ties), only legal moves, at most `max_steps` steps, over at the goal. The
    difference is the order: `lanes` episodes take their first step together, then their
    second, ... One step of all of them is a few numpy operations on arrays of rows of
    `state_space(size)`; all updates of a step read the table as it was before the step (two
    episodes updating the same move compute the same value, as the puzzle is deterministic).
    `callback(episodes, q)` runs after each batch of `lanes` episodes and stops by returning True.

    Two options change how the agent explores (the defaults are the original game's):
    `final_epsilon`, a number in [0, 1], makes epsilon fall in a straight line from
    `epsilon` in the first episode to `final_epsilon` in the last (see
    `linear_schedule`; each episode uses its own epsilon); `initial_value` is the value every
    legal move starts with (above the true values: "optimistic", so untried moves look best).

    Returns
    -------
    numpy.ndarray of float64, shape (rows, 4): row `state_space(size).row(board)`, column the action;
    -inf for a move into the wall.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount=0.9, episodes=300, max_steps=20,
    ...                            epsilon=1.0, seed=0)
    >>> q = q_learning_in_lanes(settings, size=2)
    >>> q[state_space(2).row((1, 2, 0, 3))].tolist()  # as q_learning's
    [0.81, 1.0, -inf, -inf]
    >>> q = q_learning_in_lanes(settings, size=2, final_epsilon=0.0, initial_value=1.0)  # decaying, optimistic
    >>> q[state_space(2).row((1, 2, 0, 3))].tolist()
    [0.81, 1.0, -inf, -inf]
    """
    check_type(hyperparameters, "hyperparameters", Hyperparameters, "a Hyperparameters")
    check_type(rewards, "rewards", Rewards, "a Rewards")
    if rewards.wall is not None:
        raise ValueError("q_learning_in_lanes offers only legal moves, as the original game did: "
                         "rewards.wall must be None")
    lanes = check_int(lanes, "lanes", minimum=1, maximum=2**24)
    if callback is not None:
        check_callable(callback, "callback")
    if final_epsilon is not None:
        final_epsilon = check_real(final_epsilon, "final_epsilon", minimum=0, maximum=1)
    initial_value = check_real(initial_value, "initial_value")
    learning_rate, discount = hyperparameters.learning_rate, hyperparameters.discount
    space = state_space(size)
    rows, goal = len(space.ranks), space.goal_row
    rng = np.random.default_rng(hyperparameters.seed)
    legal = space.neighbours >= 0
    q = np.where(legal, initial_value, -np.inf)
    # Flat views: entry row * 4 + action. `nth_legal[row * 4 + k]` is the flat entry of the k-th legal move.
    flat_q = q.reshape(-1)
    flat_next = space.neighbours.reshape(-1).astype(np.intp)
    legal_count = legal.sum(axis=1)
    nth_legal = (np.argsort(~legal, axis=1, kind="stable") + 4 * np.arange(rows)[:, None]).reshape(-1)
    episodes = 0
    while episodes < hyperparameters.episodes:
        batch = min(lanes, hyperparameters.episodes - episodes)
        # Each episode starts from a random board other than the goal.
        state = rng.integers(0, rows - 1, batch)
        state += state >= goal
        # epsilon of each lane's episode: one number, or one per lane when it decays
        epsilon = linear_schedule(hyperparameters.epsilon, final_epsilon, hyperparameters.episodes - 1,
                                  np.arange(episodes, episodes + batch))
        for _ in range(hyperparameters.max_steps):
            # Explore: a random legal move. Lanes that do not explore take the best move (random ties).
            chosen = nth_legal[4 * state + (rng.random(len(state)) * legal_count[state]).astype(np.intp)]
            greedy = np.flatnonzero(rng.random(len(state)) >= epsilon)
            if len(greedy):
                entries = 4 * state[greedy, None] + np.arange(4)
                values = flat_q[entries]
                ties = values == values.max(axis=1, keepdims=True)
                chosen[greedy] = entries[np.arange(len(greedy)), np.argmax(ties * rng.random(ties.shape), axis=1)]
            next_state = flat_next[chosen]
            terminated = next_state == goal
            reward = np.where(terminated, rewards.goal, rewards.move)
            q_update_batch(flat_q, chosen, reward, next_state, terminated,
                           learning_rate=learning_rate, discount=discount)
            state = next_state[~terminated]
            if final_epsilon is not None:
                epsilon = epsilon[~terminated]
            if not len(state):
                break
        episodes += batch
        if callback is not None and callback(episodes, q):
            break
    return q


def q_update_batch(flat_q, chosen, reward, next_state, terminated, *, learning_rate: float, discount: float) -> None:
    """The original game's update for many moves at once, in place: entries `chosen` (row * 4 + action) of `flat_q`.

    `flat_q` is a table of shape (rows, 4) flattened to one dimension; for each move, `chosen` is
    its entry, `reward` what it paid, `next_state` the row it led to and `terminated` whether
    that row is the goal. All moves read the table as it was before any of them.

    Examples
    --------
    >>> import numpy as np
    >>> flat_q = np.array([0.0, 0.0, 0.0, 0.0, 1.0, 0.5, -np.inf, -np.inf])  # two rows
    >>> q_update_batch(flat_q, np.array([0, 1]), np.array([0.0, 1.0]), np.array([1, 1]), np.array([False, True]),
    ...                learning_rate=1.0, discount=0.9)
    >>> flat_q[:4].tolist()  # entry 0: 0.9 * the best of row 1; entry 1: into the goal, 1
    [0.9, 1.0, 0.0, 0.0]
    """
    learning_rate, discount = _check_update(flat_q, chosen, reward, next_state, terminated, learning_rate, discount)
    # max Q_next over the four moves of each next board (-inf for the wall), and 0 after the goal.
    best_next = np.maximum(np.maximum(flat_q[4 * next_state], flat_q[4 * next_state + 1]),
                           np.maximum(flat_q[4 * next_state + 2], flat_q[4 * next_state + 3]))
    best_next[terminated] = 0.0
    flat_q[chosen] = (1 - learning_rate) * flat_q[chosen] + learning_rate * (reward + discount * best_next)


def _check_update(flat_q, chosen, reward, next_state, terminated, learning_rate, discount) -> tuple[float, float]:
    """Check the arguments of `q_update_batch` in a few cheap tests (the trainer calls it at every step)."""
    for name, array, kinds in (("flat_q", flat_q, "f"), ("chosen", chosen, "iu"), ("reward", reward, "fiu"),
                               ("next_state", next_state, "iu"), ("terminated", terminated, "b")):
        if type(array) is not np.ndarray or array.ndim != 1 or array.dtype.kind not in kinds:
            words = {"f": "floats", "iu": "ints", "fiu": "numbers", "b": "bools"}[kinds]
            raise TypeError(f"{name} must be a one-dimensional numpy array of {words}, got {short_repr(array)}")
    moves, entries = len(chosen), len(flat_q)
    if (entries % 4 or len(reward) != moves or len(next_state) != moves or len(terminated) != moves
            or moves and (chosen.max() >= entries or next_state.max() >= entries // 4)):
        raise ValueError(f"flat_q must hold 4 entries per row; chosen, reward, next_state and terminated one per "
                         f"move; chosen and next_state must name entries and rows of flat_q; got lengths {entries}, "
                         f"{moves}, {len(reward)}, {len(next_state)}, {len(terminated)} and, as the largest "
                         f"entry and row named, {chosen.max(initial=-1)} and {next_state.max(initial=-1)}")
    if not (type(learning_rate) is float and 0 < learning_rate <= 1):
        learning_rate = check_real(learning_rate, "learning_rate", above=0, maximum=1)
    if not (type(discount) is float and 0 <= discount <= 1):
        discount = check_real(discount, "discount", minimum=0, maximum=1)
    return learning_rate, discount

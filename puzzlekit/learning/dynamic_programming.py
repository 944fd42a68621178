"""Dynamic programming over a whole state space at once (the 8-puzzle's 181,440 boards), on numpy arrays.

Value iteration solves the Bellman optimality equation by sweeping every state until nothing changes,

    Q(s, a) = r(s, a) + discount * max_a' Q(s', a'),    with no future after the goal;

policy iteration evaluates a policy by sweeps, then improves it, until it stays the same. Both know the whole
model (every board, every move, every reward), where Q-learning samples moves. Their readable twins, on a dict of
boards, are in `puzzlekit.learning.textbook`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..checks import check_callable, check_int, check_real, short_repr
from . import DISCOUNT

__all__ = ["value_iteration", "policy_iteration", "expected_value"]


@dataclass(repr=False)
class ValueIterationResult:
    """What `value_iteration` computed: the Q array, its sweeps, and how much each sweep changed.

    `q` has one row per state and one column per action (u, r, d, l), -inf for a move into the
    wall; the goal's moves are never updated (an episode ends there) and keep 0, as in a table of
    `q_learning_in_lanes`, so `q` works wherever a learned table does (`policy_mistakes`, `save_table`).
    `values` is max over the row (0 at the goal). `changes[i]` is the largest change of any
    Q-value in sweep i + 1; the last is 0: the values are a fixpoint of the Bellman equation.
    """

    q: object
    values: object
    sweeps: int
    changes: list = field(default_factory=list)

    def __repr__(self) -> str:
        return f"ValueIterationResult(states={len(self.values)}, sweeps={self.sweeps})"


def value_iteration(
    space,
    *,
    discount: float = DISCOUNT,
    move_reward: float = 0.0,
    goal_reward: float = 1.0,
    max_sweeps: int = 1000,
    callback: Callable[[int, object], None] | None = None,
    slip: float = 0.0,
    tolerance: float = 0.0,
) -> ValueIterationResult:
    """Value iteration over a whole state space at once (e.g. `puzzlekit.sliding.state_space.state_space(3)`).

    `space` needs `neighbours` (a (rows, 4) int array: the row each move leads to, -1 for the
    wall) and `goal_row`. Each sweep updates every Q-value from the values of the sweep before
    (a Jacobi sweep); it stops when a sweep changes nothing. `callback(sweep, q)` runs after
    each sweep with the Q array of that sweep (to watch the values spread from the goal).

    `slip` makes the moves slippery (see `puzzlekit.learning.textbook.move_outcomes`): with probability `slip`
    the blank makes one of the board's other outcomes instead, another legal move or none, each
    as likely. The values then approach their fixpoint without reaching it exactly: the sweeps
    stop when no Q-value changes by more than `tolerance`.

    Examples
    --------
    >>> from puzzlekit.sliding.state_space import state_space
    >>> result = value_iteration(state_space(2), discount=0.9)
    >>> result, result.q[state_space(2).row((1, 2, 0, 3))].tolist()
    (ValueIterationResult(states=12, sweeps=8), [0.81, 1.0, -inf, -inf])
    >>> reached = []  # the boards with a value above 0 after each sweep: one more distance each time
    >>> _ = value_iteration(state_space(2), callback=lambda sweep, q: reached.append(int((q.max(axis=1) > 0).sum())))
    >>> reached
    [2, 4, 6, 8, 10, 11, 11, 11]
    >>> slippery = value_iteration(state_space(2), discount=0.9, slip=0.2, tolerance=1e-12)
    >>> round(float(slippery.q[state_space(2).row((1, 2, 0, 3)), 1]), 4)  # right: into the goal 8 times in 10
    0.9614
    """
    discount = check_real(discount, "discount", minimum=0, below=1)
    move_reward = check_real(move_reward, "move_reward")
    goal_reward = check_real(goal_reward, "goal_reward")
    max_sweeps = check_int(max_sweeps, "max_sweeps", minimum=1)
    slip = check_real(slip, "slip", minimum=0, maximum=1)
    tolerance = check_real(tolerance, "tolerance", minimum=0)
    if callback is not None:
        check_callable(callback, "callback")
    neighbours, goal = _space(space)
    q = np.where(neighbours >= 0, 0.0, -np.inf)  # the goal's row keeps these: nothing is learned there
    legal = neighbours >= 0
    legal[goal] = False  # the goal ends the episode: its moves are never updated
    following = np.where(legal, neighbours, 0)
    reward = np.where(following == goal, goal_reward, move_reward)
    future = np.where(following == goal, 0.0, discount)  # no future after the goal
    values = np.zeros(len(neighbours))
    outcomes = (neighbours >= 0).sum(axis=1, keepdims=True)  # a slip's outcomes: the other legal moves, and staying put
    changes = []
    for sweep in range(1, max_sweeps + 1):
        moved = reward + future * values[following]  # what each move is worth when it does not slip
        if slip == 0.0:
            new_q = np.where(legal, moved, q)
        else:
            stay = move_reward + discount * values[:, None]
            others = np.sum(moved, axis=1, where=legal, keepdims=True) - moved + stay
            new_q = np.where(legal, (1 - slip) * moved + slip * others / outcomes, q)
        difference = np.subtract(new_q, q, out=np.zeros_like(q), where=legal)
        change = float(np.max(np.abs(difference)))
        changes.append(change)
        q = new_q
        values = np.max(q, axis=1)
        values[goal] = 0.0
        if callback is not None:
            callback(sweep, q)
        if change <= tolerance:
            return ValueIterationResult(q, values, sweep, changes)
    raise RuntimeError(f"value iteration did not settle within {max_sweeps} sweeps (last change {changes[-1]:g})")


@dataclass
class PolicyIterationResult:
    """What `policy_iteration` found: the policy, its values, how many improvements and evaluation sweeps it took.

    Examples
    --------
    >>> PolicyIterationResult({}, {}, 1, 3).sweeps
    3
    """

    policy: object  # board -> move (the textbook's dict), or one action per row (the engine's array)
    values: object  # board -> V(board), or one value per row
    improvements: int
    sweeps: int


def expected_value(space, values, slip: float = 0.0, discount: float = DISCOUNT, *, move_reward: float = 0.0,
               goal_reward: float = 1.0):
    """Q(s, a) of every row and move under `values` (one per row), slippery moves averaged; -inf for the wall.

    The goal's row is 0 for its legal moves (nothing is learned there), as in `value_iteration`.

    Examples
    --------
    >>> import numpy as np
    >>> from puzzlekit.sliding.state_space import state_space
    >>> space = state_space(2)
    >>> values = np.zeros(12)
    >>> expected_value(space, values, slip=0.2)[space.row((1, 2, 0, 3))].tolist()  # right: into the goal 8 times in 10
    [0.1, 0.8, -inf, -inf]
    """
    neighbours, goal = _space(space)
    try:
        values = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"values must be numbers, one per row of the space, got {short_repr(values)}") from None
    if values.shape != (len(neighbours),) or not np.isfinite(values).all():
        raise ValueError(f"values must be {len(neighbours)} finite numbers, one per row; got shape {values.shape}")
    slip = check_real(slip, "slip", minimum=0, maximum=1)
    discount = check_real(discount, "discount", minimum=0, maximum=1)
    move_reward, goal_reward = check_real(move_reward, "move_reward"), check_real(goal_reward, "goal_reward")
    legal = neighbours >= 0
    following = np.where(legal, neighbours, 0)
    moved = np.where(following == goal, goal_reward, move_reward + discount * values[following])  # no slip
    stay = move_reward + discount * values[:, None]  # the move that does not happen
    others = np.sum(moved, axis=1, where=legal, keepdims=True) - moved + stay
    q = (1 - slip) * moved + slip * others / legal.sum(axis=1, keepdims=True)
    q = np.where(legal, q, -np.inf)
    q[goal] = np.where(legal[goal], 0.0, -np.inf)
    return q


def policy_iteration(space, slip: float = 0.0, discount: float = DISCOUNT, *, move_reward: float = 0.0,
                           goal_reward: float = 1.0, tolerance: float = 1e-8, max_improvements: int = 1000,
                           max_sweeps: int = 100_000) -> PolicyIterationResult:
    """Policy iteration on arrays: `policy` one action per row (the goal's is -1), `values` one per row.

    Starts from each board's first legal move; `sweeps` counts every evaluation sweep of every
    round, `improvements` the rounds. A row keeps its action unless another is better by more
    than 1e-12. RuntimeError if a limit stops it first.

    Examples
    --------
    >>> from puzzlekit.sliding.state_space import state_space
    >>> result = policy_iteration(state_space(2), discount=0.9)
    >>> result.improvements, round(float(result.values[state_space(2).row((1, 2, 0, 3))]), 6)
    (6, 1.0)
    """
    neighbours, goal = _space(space)
    tolerance = check_real(tolerance, "tolerance", minimum=0)
    max_improvements = check_int(max_improvements, "max_improvements", minimum=1)
    max_sweeps = check_int(max_sweeps, "max_sweeps", minimum=1)
    rewards = {"move_reward": move_reward, "goal_reward": goal_reward}
    rows = np.arange(len(neighbours))
    policy = np.argmax(neighbours >= 0, axis=1)  # the first legal move of each row
    values = np.zeros(len(neighbours))
    sweeps = 0
    for improvement in range(1, max_improvements + 1):
        while True:  # evaluate: V(s) = Q(s, policy(s)) until it settles
            new_values = expected_value(space, values, slip, discount, **rewards)[rows, policy]
            new_values[goal] = 0.0
            change = float(np.max(np.abs(new_values - values)))
            values, sweeps = new_values, sweeps + 1
            if change <= tolerance:
                break
            if sweeps >= max_sweeps:
                raise RuntimeError(f"policy evaluation did not settle within {max_sweeps} sweeps in all")
        q = expected_value(space, values, slip, discount, **rewards)
        best = np.argmax(q, axis=1)
        better = q[rows, best] > q[rows, policy] + 1e-12  # improve: keep the move unless another is better
        better[goal] = False
        if not better.any():
            result = policy.copy()
            result[goal] = -1
            return PolicyIterationResult(result, values, improvement, sweeps)
        policy = np.where(better, best, policy)
    raise RuntimeError(f"policy iteration did not settle within {max_improvements} improvements")


def _space(space):
    """`space.neighbours` as an int array and `space.goal_row`, checked."""
    neighbours = np.asarray(getattr(space, "neighbours", None))
    if neighbours.ndim != 2 or neighbours.shape[1] != 4 or neighbours.dtype.kind not in "iu":
        raise TypeError("space must have `neighbours`, a (rows, 4) int array, "
                        "as puzzlekit.sliding.state_space.state_space gives")
    goal = check_int(getattr(space, "goal_row", None), "space.goal_row", minimum=0, maximum=len(neighbours) - 1)
    return neighbours, goal

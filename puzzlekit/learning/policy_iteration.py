"""Policy iteration over a whole state space at once (the 8-puzzle's 181,440 boards), beside `value_iteration`.

The same rounds as `puzzlekit.learning.mdp.policy_iteration` (evaluate the policy by sweeps, then improve it),
on numpy arrays: a policy is one action per row, and each sweep updates every row at once.
"""

from __future__ import annotations

from ..checks import check_int, check_real, short_repr
from .mdp import PolicyIterationResult

__all__ = ["expected_q", "policy_iteration_array"]


def expected_q(space, values, slip: float = 0.0, discount: float = 0.92, *, move_reward: float = 0.0,
               goal_reward: float = 1.0):
    """Q(s, a) of every row and move under `values` (one per row), slippery moves averaged; -inf for the wall.

    The goal's row is 0 for its legal moves (nothing is learned there), as in `value_iteration`.

    Examples
    --------
    >>> import numpy as np
    >>> from puzzlekit.sliding.state_space import state_space
    >>> space = state_space(2)
    >>> values = np.zeros(12)
    >>> expected_q(space, values, slip=0.2)[space.row((1, 2, 0, 3))].tolist()  # right: into the goal 8 times in 10
    [0.1, 0.8, -inf, -inf]
    """
    import numpy as np

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


def policy_iteration_array(space, slip: float = 0.0, discount: float = 0.92, *, move_reward: float = 0.0,
                           goal_reward: float = 1.0, tolerance: float = 1e-8, max_improvements: int = 1000,
                           max_sweeps: int = 100_000) -> PolicyIterationResult:
    """Policy iteration on arrays: `policy` one action per row (the goal's is -1), `values` one per row.

    Starts from each board's first legal move; `sweeps` counts every evaluation sweep of every
    round, `improvements` the rounds. A row keeps its action unless another is better by more
    than 1e-12. RuntimeError if a limit stops it first.

    Examples
    --------
    >>> from puzzlekit.sliding.state_space import state_space
    >>> result = policy_iteration_array(state_space(2), discount=0.9)
    >>> result.improvements, round(float(result.values[state_space(2).row((1, 2, 0, 3))]), 6)
    (6, 1.0)
    """
    import numpy as np

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
            new_values = expected_q(space, values, slip, discount, **rewards)[rows, policy]
            new_values[goal] = 0.0
            change = float(np.max(np.abs(new_values - values)))
            values, sweeps = new_values, sweeps + 1
            if change <= tolerance:
                break
            if sweeps >= max_sweeps:
                raise RuntimeError(f"policy evaluation did not settle within {max_sweeps} sweeps in all")
        q = expected_q(space, values, slip, discount, **rewards)
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
    import numpy as np

    neighbours = np.asarray(getattr(space, "neighbours", None))
    if neighbours.ndim != 2 or neighbours.shape[1] != 4 or neighbours.dtype.kind not in "iu":
        raise TypeError("space must have `neighbours`, a (rows, 4) int array, as puzzlekit.sliding.state_space.state_space gives")
    goal = check_int(getattr(space, "goal_row", None), "space.goal_row", minimum=0, maximum=len(neighbours) - 1)
    return neighbours, goal

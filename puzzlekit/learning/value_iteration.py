"""Value iteration: the Bellman optimality equation solved by sweeping over every state, beside Q-learning.

Q-learning samples moves; value iteration, which knows the whole model (every board, every move,
every reward), updates every state at once until nothing changes:

    Q(s, a) = r(s, a) + discount * max_a' Q(s', a'),    with no future after the goal.

`value_iteration_readable` is the textbook loop over a dict of states; `value_iteration` is the same
computation on numpy arrays over a state space such as all 181,440 boards of the 8-puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

from ..checks import check_callable, check_int, check_real

__all__ = ["ValueIterationResult", "value_iteration_readable", "value_iteration"]


def value_iteration_readable(
    states: Iterable[Hashable],
    successors: Callable[[Hashable], list[tuple[object, Hashable]]],
    goal: Hashable,
    *,
    discount: float = 0.92,
    move_reward: float = 0.0,
    goal_reward: float = 1.0,
    max_sweeps: int = 1000,
) -> tuple[dict, int]:
    """Sweep Q(s, a) = r + discount * max Q(s', .) over every state until no value changes; return (Q, sweeps).

    `successors(state)` lists (action, next state) pairs; the goal ends an episode, so it has no
    actions and moving into it pays `goal_reward` (any other move pays `move_reward`).

    Examples
    --------
    >>> from puzzlekit import successors
    >>> from puzzlekit.sliding.distances import breadth_first_distances
    >>> boards = breadth_first_distances((1, 2, 3, 0))  # the 12 boards of the 2x2 puzzle
    >>> q, sweeps = value_iteration_readable(boards, successors, (1, 2, 3, 0), discount=0.9)
    >>> q[(1, 2, 0, 3)], sweeps
    ({'u': 0.81, 'r': 1.0}, 3)
    """
    discount = check_real(discount, "discount", minimum=0, below=1)
    max_sweeps = check_int(max_sweeps, "max_sweeps", minimum=1)
    states = list(states)
    q = {state: {} if state == goal else {action: 0.0 for action, _ in successors(state)} for state in states}
    for sweep in range(1, max_sweeps + 1):
        changed = False
        for state in states:
            if state == goal:
                continue
            for action, next_state in successors(state):
                if next_state == goal:
                    target = goal_reward
                else:
                    target = move_reward + discount * max(q[next_state].values())
                if q[state][action] != target:
                    q[state][action] = target
                    changed = True
        if not changed:
            return q, sweep
    raise RuntimeError(f"value iteration did not settle within {max_sweeps} sweeps")


@dataclass(repr=False)
class ValueIterationResult:
    """What `value_iteration` computed: the Q array, its sweeps, and how much each sweep changed.

    `q` has one row per state and one column per action (u, r, d, l), -inf for a move into the
    wall; the goal's moves are never updated (an episode ends there) and keep 0, as in a table of
    `train_fast`, so `q` works wherever a learned table does (`policy_mistakes`, `save_table`).
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
    discount: float = 0.92,
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

    `slip` makes the moves slippery (see `puzzlekit.learning.mdp.move_outcomes`): with probability `slip`
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
    import numpy as np

    discount = check_real(discount, "discount", minimum=0, below=1)
    move_reward = check_real(move_reward, "move_reward")
    goal_reward = check_real(goal_reward, "goal_reward")
    max_sweeps = check_int(max_sweeps, "max_sweeps", minimum=1)
    slip = check_real(slip, "slip", minimum=0, maximum=1)
    tolerance = check_real(tolerance, "tolerance", minimum=0)
    if callback is not None:
        check_callable(callback, "callback")
    neighbours = np.asarray(getattr(space, "neighbours", None))
    if neighbours.ndim != 2 or neighbours.shape[1] != 4 or neighbours.dtype.kind not in "iu":
        raise TypeError("space must have `neighbours`, a (rows, 4) int array, as puzzlekit.sliding.state_space.state_space gives")
    goal = check_int(getattr(space, "goal_row", None), "space.goal_row", minimum=0, maximum=len(neighbours) - 1)
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

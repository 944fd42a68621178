"""Dynamic programming as the textbook writes it, on a dict of boards: the readable twins of the engines in
`puzzlekit.learning.dynamic_programming`, which compute the same on arrays.

`value_iteration` sweeps Q(s, a) = r + discount * max Q(s', .) over every state. Moves may slip: with
probability `slip` the blank makes one of the board's other outcomes instead of the chosen move, each as likely:
another legal move, or no move at all. With `slip=0` every move is deterministic, and the values are those of
`value_iteration`. The boards are the states, the blank's moves 'u', 'r', 'd', 'l' the actions; moving
into the goal pays `goal_reward` and ends the episode, any other outcome (staying put included) pays `move_reward`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping

from ..checks import check_callable, check_collection, check_int, check_real, check_type, short_repr
from ..sliding.board import Board, check_cells, default_goal, successors
from ..sliding.grid import check_direction
from . import DISCOUNT
from .dynamic_programming import PolicyIterationResult

__all__ = [
    "value_iteration",
    "move_outcomes",
    "expected_value",
    "evaluation_sweep",
    "policy_evaluation",
    "policy_iteration",
    "value_iteration_slippery",
]

Values = dict  # board -> V(board)
Policy = dict  # board -> the move taken there, 'u', 'r', 'd' or 'l'


def value_iteration(
    states: Iterable[Hashable],
    successors: Callable[[Hashable], list[tuple[object, Hashable]]],
    goal: Hashable,
    *,
    discount: float = DISCOUNT,
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
    >>> q, sweeps = value_iteration(boards, successors, (1, 2, 3, 0), discount=0.9)
    >>> q[(1, 2, 0, 3)], sweeps
    ({'u': 0.81, 'r': 1.0}, 3)
    """
    discount = check_real(discount, "discount", minimum=0, below=1)
    max_sweeps = check_int(max_sweeps, "max_sweeps", minimum=1)
    check_callable(successors, "successors")
    check_collection(states, "states", "a list of states")
    states = list(states)
    if goal not in states:
        raise ValueError(f"goal {short_repr(goal)} is not one of the states")
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


def move_outcomes(board, action, slip: float = 0.0) -> list[tuple[float, Board]]:
    """Where moving the blank `action` from `board` may lead: (probability, board) pairs that sum to 1.

    The chosen move happens with probability 1 - slip; each other outcome (another legal move,
    or the board staying as it is) with an equal share of `slip`.

    Examples
    --------
    >>> move_outcomes((1, 2, 0, 3), 'r')
    [(1.0, (1, 2, 3, 0))]
    >>> move_outcomes((1, 2, 0, 3), 'r', slip=0.2)  # right; or up; or no move at all
    [(0.8, (1, 2, 3, 0)), (0.1, (0, 2, 1, 3)), (0.1, (1, 2, 0, 3))]
    >>> move_outcomes((1, 2, 0, 3), 'd')
    Traceback (most recent call last):
    ...
    ValueError: action 'd' is not a legal move of board (1, 2, 0, 3); its moves are 'u', 'r'
    """
    cells = check_cells(board)[0]
    direction = check_direction(action)
    slip = check_real(slip, "slip", minimum=0, maximum=1)
    following = dict(successors(cells))
    if direction not in following:
        legal = ", ".join(repr(move) for move in following)
        raise ValueError(f"action {direction!r} is not a legal move of board {cells}; its moves are {legal}")
    others = [next_board for move, next_board in following.items() if move != direction] + [cells]
    outcomes = [(1 - slip, following[direction])] + [(slip / len(others), other) for other in others]
    return [(probability, next_board) for probability, next_board in outcomes if probability > 0]


def expected_value(
    board,
    action,
    values: Mapping[Hashable, float],
    slip: float = 0.0,
    discount: float = DISCOUNT,
    *,
    goal=None,
    move_reward: float = 0.0,
    goal_reward: float = 1.0,
) -> float:
    """Q(board, action) under `values`: the sum over the outcomes of probability * (reward + discount * V(next)).

    Nothing follows the goal: an outcome that reaches it pays `goal_reward` and no more.
    `goal` is the board's default goal (tiles in order, the blank last) unless given.

    Examples
    --------
    >>> values = {(0, 2, 1, 3): 0.81, (1, 2, 0, 3): 0.9}
    >>> expected_value((1, 2, 0, 3), 'r', values, slip=0.0, discount=0.9)
    1.0
    >>> round(expected_value((1, 2, 0, 3), 'r', values, slip=0.2, discount=0.9), 4)  # 0.8 + 0.1*0.9*(0.81 + 0.9)
    0.9539
    """
    goal = _goal(goal, board)
    discount = check_real(discount, "discount", minimum=0, maximum=1)
    move_reward, goal_reward = check_real(move_reward, "move_reward"), check_real(goal_reward, "goal_reward")
    check_type(values, "values", Mapping, "a dict, board -> value")
    total = 0.0
    for probability, next_board in move_outcomes(board, action, slip):
        if next_board == goal:
            total += probability * goal_reward  # the episode ends: no value follows
        else:
            if next_board not in values:
                raise ValueError(f"values has no value for board {next_board}")
            total += probability * (move_reward + discount * check_real(values[next_board], "a value of values"))
    return total


def evaluation_sweep(values: Values, policy: Policy, slip: float = 0.0, discount: float = DISCOUNT,
                     **rewards) -> Values:
    """One sweep of policy evaluation: every board's new value from the old ones, V(s) = Q(s, policy[s]).

    The goal keeps 0 (nothing follows it). `rewards` may give `goal`, `move_reward`, `goal_reward`
    as for `expected_value`.

    Examples
    --------
    >>> values = {(1, 2, 3, 0): 0.0, (1, 2, 0, 3): 0.0, (1, 0, 3, 2): 0.0}
    >>> policy = {(1, 2, 0, 3): 'r', (1, 0, 3, 2): 'd'}
    >>> evaluation_sweep(values, policy, discount=0.9)
    {(1, 2, 3, 0): 0.0, (1, 2, 0, 3): 1.0, (1, 0, 3, 2): 1.0}
    """
    _check_values(values)
    goal = _goal(rewards.pop("goal", None), next(iter(values)))
    _check_policy(policy)
    missing = next((board for board in values if board != goal and board not in policy), None)
    if missing is not None:
        raise ValueError(f"policy has no move for board {missing}")
    return {board: 0.0 if board == goal else
            expected_value(board, policy[board], values, slip, discount, goal=goal, **rewards) for board in values}


def policy_evaluation(
    policy: Policy, values: Values, slip: float = 0.0, discount: float = DISCOUNT, *,
    tolerance: float = 1e-10, max_sweeps: int = 100_000, **rewards,
) -> tuple[Values, int]:
    """Sweep `evaluation_sweep` from `values` until no value moves more than `tolerance`; return (values, sweeps).

    RuntimeError if the values still move after `max_sweeps` sweeps (with `discount=1` a policy that
    never reaches the goal has no finite value).

    Examples
    --------
    >>> from puzzlekit.sliding.distances import breadth_first_distances
    >>> boards = {board: 0.0 for board in breadth_first_distances((1, 2, 3, 0))}
    >>> round_the_ring = {board: 'dlru'[board.index(0)] for board in boards}  # the blank goes round anticlockwise
    >>> values, sweeps = policy_evaluation(round_the_ring, boards, discount=0.9, tolerance=0)
    >>> values[(1, 2, 0, 3)], round(values[(1, 0, 3, 2)], 6), sweeps  # 1 move from the goal; 11 moves round the ring
    (1.0, 0.348678, 12)
    """
    tolerance = check_real(tolerance, "tolerance", minimum=0)
    max_sweeps = check_int(max_sweeps, "max_sweeps", minimum=1)
    for sweep in range(1, max_sweeps + 1):
        new_values = evaluation_sweep(values, policy, slip, discount, **rewards)
        change = max(abs(new_values[board] - values[board]) for board in values)
        values = new_values
        if change <= tolerance:
            return values, sweep
    raise RuntimeError(f"policy evaluation did not settle within {max_sweeps} sweeps (last change {change:g}); "
                       f"a policy that never reaches the goal with discount 1 has no finite value")


def improve_policy(policy: Policy, values: Values, slip: float = 0.0, discount: float = DISCOUNT, **rewards) -> Policy:
    """Policy improvement: on every board the move of highest expected value under `values` (behind
    `policy_iteration`, which checks its arguments).

    A board keeps its move unless another is better by more than 1e-12 (so rounding never makes
    policy iteration swap between two equally good moves forever).

    Examples
    --------
    >>> values = {(1, 2, 3, 0): 0.0, (1, 2, 0, 3): 0.9, (0, 2, 1, 3): 0.81}
    >>> improve_policy({(1, 2, 0, 3): 'u'}, values, discount=0.9)
    {(1, 2, 0, 3): 'r'}
    """
    improved = {}
    for board, current in policy.items():
        worth = {move: expected_value(board, move, values, slip, discount, **rewards) for move, _ in successors(board)}
        best = max(worth, key=worth.get)
        improved[board] = best if worth[best] > worth[current] + 1e-12 else current
    return improved


def policy_iteration(
    states: Iterable[Hashable], slip: float = 0.0, discount: float = DISCOUNT, *,
    tolerance: float = 1e-10, max_improvements: int = 1000, **rewards,
) -> PolicyIterationResult:
    """Policy iteration: evaluate the policy, improve it, until it stays the same (from each board's first move).

    `sweeps` counts every evaluation sweep of every round; `improvements` the rounds. RuntimeError
    if the policy still changes after `max_improvements` rounds.

    Examples
    --------
    >>> from puzzlekit.sliding.distances import breadth_first_distances
    >>> result = policy_iteration(breadth_first_distances((1, 2, 3, 0)), discount=0.9)
    >>> result.policy[(1, 2, 0, 3)], result.values[(1, 2, 0, 3)], result.improvements
    ('r', 1.0, 6)
    """
    values = {board: 0.0 for board in _states(states)}
    _check_values(values)
    goal = _goal(rewards.pop("goal", None), next(iter(values)))
    max_improvements = check_int(max_improvements, "max_improvements", minimum=1)
    policy = {board: successors(board)[0][0] for board in values if board != goal}
    sweeps = 0
    for improvement in range(1, max_improvements + 1):
        values, used = policy_evaluation(policy, values, slip, discount, tolerance=tolerance, goal=goal, **rewards)
        sweeps += used
        improved = improve_policy(policy, values, slip, discount, goal=goal, **rewards)
        if improved == policy:
            return PolicyIterationResult(policy, values, improvement, sweeps)
        policy = improved
    raise RuntimeError(f"policy iteration did not settle within {max_improvements} improvements")


def value_iteration_slippery(
    states: Iterable[Hashable], slip: float = 0.0, discount: float = DISCOUNT, *,
    tolerance: float = 1e-10, max_sweeps: int = 100_000, **rewards,
) -> tuple[Values, int]:
    """Value iteration with the expectation: V(s) = max over moves of `expected_value`, swept until it settles.

    Returns (values, sweeps). With `slip=0` its values are the maxima of `value_iteration`'s
    (and of `dynamic_programming.value_iteration`'s).
    RuntimeError if the values still move by more than `tolerance` after `max_sweeps` sweeps.

    Examples
    --------
    >>> from puzzlekit.sliding.distances import breadth_first_distances
    >>> values, sweeps = value_iteration_slippery(breadth_first_distances((1, 2, 3, 0)), discount=0.9, tolerance=0)
    >>> values[(1, 2, 0, 3)], values[(0, 2, 1, 3)], sweeps
    (1.0, 0.9, 7)
    """
    values = {board: 0.0 for board in _states(states)}
    _check_values(values)
    goal = _goal(rewards.pop("goal", None), next(iter(values)))
    tolerance = check_real(tolerance, "tolerance", minimum=0)
    max_sweeps = check_int(max_sweeps, "max_sweeps", minimum=1)
    for sweep in range(1, max_sweeps + 1):
        new_values = {board: 0.0 if board == goal else
                      max(expected_value(board, move, values, slip, discount, goal=goal, **rewards)
                          for move, _ in successors(board)) for board in values}
        change = max(abs(new_values[board] - values[board]) for board in values)
        values = new_values
        if change <= tolerance:
            return values, sweep
    raise RuntimeError(f"value iteration did not settle within {max_sweeps} sweeps (last change {change:g})")


def _states(states) -> list:
    """The boards of `states` (boards, or a dict keyed by boards), checked."""
    check_collection(states, "states", "a list of boards")
    boards = [check_cells(board, "a board of states")[0] for board in states]
    if not boards:
        raise ValueError("states is empty: there is no board to value")
    return boards


def _goal(goal, board) -> Board:
    """`goal` checked, or the default goal of `board`'s size."""
    if goal is None:
        return default_goal(check_cells(board)[1])
    return check_cells(goal, "goal")[0]


def _check_policy(policy) -> None:
    check_type(policy, "policy", Mapping, "a dict, board -> move")
    for move in policy.values():
        check_direction(move)


def _check_values(values) -> None:
    if not isinstance(values, Mapping) or not values:
        raise TypeError(f"values must be a non-empty dict, board -> value, got {short_repr(values)}")

"""Reading a learned table: the path its best moves take, and the boards where its best move is not a shortest one.

Exact distances referee every policy: `policy_mistakes(q)` counts the boards where the greedy move is not a
shortest move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...checks import check_collection, check_int, check_type, make_rng, short_repr
from ...sliding.board import Board, check_cells, default_goal, format_board, is_token_board, successors
from ...sliding.distances import breadth_first_distances
from ...sliding.environment import ACTIONS, SlidingPuzzleEnv
from ...sliding.state_space import TABLE_SIZES, StateSpace, state_space
from ..qtable import check_dict_table, check_dict_table_shape, check_dict_values, check_table, q_array, table_goal
from ..wrappers import check_environment
from .loop import QTable, greedy_action

__all__ = ["greedy_path", "greedy_moves", "format_path", "policy_mistakes"]


def greedy_path(
    q: QTable, env: SlidingPuzzleEnv, start: Sequence[int] | None = None, *, max_steps: int = 200,
    seed: int | None = None,
) -> list[Board]:
    """The boards met by following the table's best moves from `start` (by default the env's start).

    `q` is a table of `q_learning` (board -> 4 values). Stops at the goal or after `max_steps`
    moves. Ties go to the first move, or to a random one when `seed` is given. A board the
    table has never seen counts 0 for each allowed move.

    Examples
    --------
    >>> q = {(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf]}
    >>> greedy_path(q, SlidingPuzzleEnv(2), (1, 2, 0, 3))
    [(1, 2, 0, 3), (1, 2, 3, 0)]
    >>> greedy_path(None, SlidingPuzzleEnv(2), (1, 2, 0, 3))
    Traceback (most recent call last):
    ...
    TypeError: q must be a table of q_learning (a dict, board -> 4 values), got None (NoneType)
    """
    if not isinstance(q, dict):
        hint = "; for an array table use greedy_moves or Solver" if hasattr(q, "shape") else ""
        raise TypeError(f"q must be a table of q_learning (a dict, board -> 4 values), "
                        f"got {short_repr(q)} ({type(q).__name__}){hint}")
    check_dict_table_shape(q)  # the entries the path reads are checked as it reads them
    check_environment(env)
    max_steps = check_int(max_steps, "max_steps", minimum=0)
    rng = None if seed is None else make_rng(seed)
    state, info = env.reset(options=None if start is None else {"board": start})
    path = [state]
    for _ in range(max_steps):
        values = q.get(state)
        if values is None:
            values = [0.0 if action in info["actions"] else -math.inf for action in range(4)]
        else:
            check_dict_values(values, state)
        state, _, terminated, truncated, info = env.step(greedy_action(values, rng))
        path.append(state)
        if terminated or truncated:
            break
    return path


def greedy_moves(q, space: StateSpace, row: int, max_steps: int = 200) -> tuple[list[str], bool]:
    """The moves of highest value from board `row` of `space` in an array table, at most `max_steps`; and whether
    they reach the goal. Ties go to the first move.

    Examples
    --------
    >>> import numpy as np
    >>> from puzzlekit.sliding.state_space import state_space
    >>> space = state_space(2)
    >>> q = np.where(space.neighbours >= 0, 0.0, -np.inf)
    >>> q[space.row((1, 2, 0, 3)), 1] = 1.0  # from one move away, the blank goes right
    >>> greedy_moves(q, space, space.row((1, 2, 0, 3)), 5)
    (['r'], True)
    """
    check_type(space, "space", StateSpace, "the state space of the table")
    q, space = check_table(q, walls=False, space=space)
    row = check_int(row, "row", minimum=0, maximum=len(space.ranks) - 1)
    max_steps = check_int(max_steps, "max_steps", minimum=0)
    moves = []
    while row != space.goal_row and len(moves) < max_steps:
        action = int(q[row].argmax())
        moves.append(ACTIONS[action])
        next_row = int(space.neighbours[row, action])
        row = row if next_row < 0 else next_row  # into the wall (a table learned with a wall reward): it stays
    return moves, row == space.goal_row


def format_path(path: Sequence[Sequence[int]]) -> str:
    """The boards of a path one under another, as box-drawing pictures, each with the move that led to it.

    Examples
    --------
    >>> print(format_path([(1, 2, 0, 3), (1, 2, 3, 0)]))
    start
    ┏━━━┳━━━┓
    ┃ 1 ┃ 2 ┃
    ┣━━━╋━━━┫
    ┃   ┃ 3 ┃
    ┗━━━┻━━━┛
    move 1: blank r
    ┏━━━┳━━━┓
    ┃ 1 ┃ 2 ┃
    ┣━━━╋━━━┫
    ┃ 3 ┃   ┃
    ┗━━━┻━━━┛
    """
    check_collection(path, "path", "a list of boards")
    boards = [check_cells(board, f"board {number} of the path")[0] for number, board in enumerate(path)]
    parts = []
    for number, board in enumerate(boards):
        if number == 0:
            caption = "start"
        else:
            moved = {next_board: direction for direction, next_board in successors(boards[number - 1])}
            if board != boards[number - 1] and board not in moved:
                raise ValueError(f"path: board {number} {board} is not one move from board {number - 1} "
                                 f"{boards[number - 1]}; a path's boards are one slide apart")
            caption = f"move {number}: blank {moved.get(board, 'stays (wall)')}"
        parts.append(caption + "\n" + format_board(board))
    return "\n".join(parts)


def policy_mistakes(q, goal: Sequence[int] | None = None) -> int:
    """The number of boards (the goal left out) where the table's best move is not a shortest move.

    A board counts as right only when every move tied for its highest value is a shortest move
    (one that leads a move closer to the goal), so no way of breaking ties can hide a board the
    table knows nothing about: 0 means the greedy policy is optimal from every board, whatever
    the tie-breaking. `q` is an array of `q_learning_in_lanes` (8-puzzle or 2x2, checked against
    `distance_table` all at once) or a table of `q_learning` (checked against
    `breadth_first_distances(goal)`); a board the table never saw counts 0 for each allowed move,
    as in `greedy_path`, and moving into the wall is a mistake. Boards wider than 3x3 are
    refused (4x4 has some 10 ** 13 boards to check), and so are tables holding NaN.

    Examples
    --------
    >>> q = {(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf]}  # one board seen, 10 not
    >>> policy_mistakes(q, goal=(1, 2, 3, 0))  # the farthest board is right whatever it does
    9
    >>> from puzzlekit.learning.qtable import load_table
    >>> policy_mistakes(load_table()[0])
    0
    """
    goal = table_goal(q, goal)
    if isinstance(q, dict):
        return _dict_mistakes(q, goal)
    q, space = check_table(q, walls=False)
    return int(_wrong_rows(q, space).sum())


def _dict_mistakes(q: QTable, goal) -> int:
    """`policy_mistakes` of a table of `q_learning`, for its checked goal (`table_goal`)."""
    target, size = check_cells(goal, "goal")
    if size not in TABLE_SIZES:
        raise ValueError(f"policy_mistakes checks every board; a {size}x{size} goal has "
                         f"{math.factorial(size * size) // 2:,} of them, too many: only 2x2 and 3x3 boards")
    check_dict_table(q, "the table")
    if not is_token_board(target) and target == default_goal(size):
        return int(_wrong_rows(q_array(q, size), state_space(size)).sum())
    distances = breadth_first_distances(target)
    unreachable = next((board for board in q if tuple(board) not in distances), None)
    if unreachable is not None:
        raise ValueError(f"goal {target}: the table holds the board {short_repr(unreachable)}, which cannot reach it; "
                         f"pass the goal the table was learned for")
    mistakes = 0
    for board, distance in distances.items():
        if distance == 0:
            continue
        after = dict(successors(board))
        values = q.get(board) or [0.0 if direction in after else -math.inf for direction in ACTIONS]
        best = max(values)
        tied = [ACTIONS[action] for action, value in enumerate(values) if value == best]
        # into the wall, the board stays where it is: never a shortest move
        mistakes += any(distances[after.get(direction, board)] != distance - 1 for direction in tied)
    return mistakes


def _wrong_rows(q, space: StateSpace):
    """For each row of the array `q`, True where a move tied for the best does not lead one move closer."""
    tied = q == q.max(axis=1, keepdims=True)
    closer = (space.neighbours >= 0) & (
        space.distances[space.neighbours].astype(int) == space.distances.astype(int)[:, None] - 1
    )
    wrong = (tied & ~closer).any(axis=1)
    wrong[space.goal_row] = False
    return wrong

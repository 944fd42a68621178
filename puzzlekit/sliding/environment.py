"""A sliding puzzle as a reinforcement-learning environment, with Gymnasium's `reset` and `step`.

No dependency on gymnasium: the same method signatures and docstring sections, nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..checks import check_int, check_real, check_type, make_rng, short_repr
from .board import (
    BLANK,
    DIRECTIONS,
    SUN_MOON_GOAL,
    SUN_MOON_START,
    Board,
    check_goal,
    check_pair,
    check_reachable,
    random_board,
)
from .grid import _swapped, blocked_message, step_table
from .spaces import Box, Discrete

__all__ = ["UP", "RIGHT", "DOWN", "LEFT", "ACTIONS", "Rewards", "SUN_MOON_REWARDS", "SlidingPuzzleEnv"]

# The blank's moves as action numbers, in the order of `puzzlekit.DIRECTIONS`: ACTIONS[UP] == 'u'.
UP, RIGHT, DOWN, LEFT = range(4)
ACTIONS = DIRECTIONS


@dataclass(frozen=True)
class Rewards:
    """What a step pays: an ordinary move, a move into the wall, and the move that reaches the goal.

    `wall=None` means a move into the wall is not an action at all: the environment offers only
    the legal moves (`info["actions"]`) and refuses the others. A number means the move is
    allowed, pays that much, and leaves the board as it is.

    Examples
    --------
    >>> EIGHT_PUZZLE_REWARDS
    Rewards(move=0.0, goal=1.0, wall=None)
    >>> SUN_MOON_REWARDS.wall
    -1000.0
    """

    move: float = 0.0
    goal: float = 1.0
    wall: float | None = None

    def __post_init__(self):
        for name in ("move", "goal", "wall"):
            value = getattr(self, name)
            if value is None and name == "wall":
                continue
            what = f"the {name} reward"
            if name == "wall":
                what += " (a number, or None to forbid moves into the wall)"
            object.__setattr__(self, name, check_real(value, what))


# The original game's rewards for the 8-puzzle: 1 for reaching the goal and nothing else, and only legal moves.
EIGHT_PUZZLE_REWARDS = Rewards(move=0.0, goal=1.0, wall=None)
# The original sun-and-moon program's: -10 a move, -1000 for bumping into the wall (the board stays), +100 the goal.
SUN_MOON_REWARDS = Rewards(move=-10.0, goal=100.0, wall=-1000.0)


class SlidingPuzzleEnv:
    """A sliding puzzle to learn on: reset to a board, step the blank, be paid at the goal.

    Description
    -----------
    A board of `size` x `size` cells with one blank (0). Each step moves the blank one cell;
    the episode ends when the board shows `goal` (by default the tiles in order with the
    blank last; pass `goal=SUN_MOON_GOAL` for the sun/moon puzzle). Episodes start from `start`
    when it is given (the original sun-and-moon program always starts from `SUN_MOON_START`), otherwise from a
    random board that can reach the goal and is not the goal, drawn from its seeded generator.

    Action Space
    ------------
    Four actions, the blank's moves: `UP` (0), `RIGHT` (1), `DOWN` (2), `LEFT` (3), or their
    letters 'u', 'r', 'd', 'l' (`ACTIONS[action]`). `info["actions"]` lists the actions the
    current board allows: the legal moves, or all four when `rewards.wall` is a number.

    `action_space` is `Discrete(4)`.

    Observation Space
    -----------------
    The board itself: a tuple of `size * size` ints, row-major, 0 for the blank
    (`observation_space` is `Box(0, size * size - 1, (size * size,))`).

    Slippery moves
    --------------
    With `slip=p` a step slips with probability p: instead of the chosen move the blank makes
    one of the board's other outcomes, each as likely: another legal move, or no move at all
    (a chosen move into the wall, which leaves the board as it is, may slip into a legal move).
    A slip pays for what happened: the goal's reward if it reaches the goal, otherwise the
    move's. The slips are drawn from the environment's seeded generator; `slip=0` (the default)
    never draws.

    Reward
    ------
    From `rewards` (a `Rewards`): `rewards.goal` for the move that reaches the goal,
    `rewards.move` for any other move, and `rewards.wall` for a move into the wall, which
    leaves the board as it is. `EIGHT_PUZZLE_REWARDS` (the default) pays 1 at the goal and
    nothing else, and has no moves into the wall; `SUN_MOON_REWARDS` pays -10 a move, -1000
    for the wall and +100 at the goal.

    Episode End
    -----------
    Terminated when the board is the goal. Truncated after `max_steps` steps when it is given
    (learning loops usually count steps themselves). Stepping after the end, or before the
    first `reset`, raises RuntimeError.

    Examples
    --------
    >>> env = SlidingPuzzleEnv(start=(1, 2, 3, 4, 5, 6, 7, 0, 8))
    >>> env.reset(seed=0)
    ((1, 2, 3, 4, 5, 6, 7, 0, 8), {'actions': (0, 1, 3), 'steps': 0})
    >>> env.step(RIGHT)
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), 1.0, True, False, {'actions': (0, 3), 'steps': 1})
    >>> env.action_space, env.observation_space, env.observation_space.contains(env.goal)
    (Discrete(4), Box(0, 8, (9,), int), True)
    """

    def __init__(
        self,
        size: int = 3,
        *,
        goal: Sequence[int] | None = None,
        start: Sequence[int] | None = None,
        rewards: Rewards = EIGHT_PUZZLE_REWARDS,
        max_steps: int | None = None,
        slip: float = 0.0,
    ):
        target, size = check_goal(goal, size)
        check_type(rewards, "rewards", Rewards, "a Rewards, e.g. SUN_MOON_REWARDS")
        if max_steps is not None:
            max_steps = check_int(max_steps, "max_steps (or None, no limit)", minimum=1)
        self.size = size
        self.goal: Board = target
        self.rewards = rewards
        self.max_steps = max_steps
        self.slip = check_real(slip, "slip", minimum=0, maximum=1)
        self.action_space = Discrete(len(ACTIONS))
        self.observation_space = Box(0, size * size - 1, (size * size,))
        self.start: Board | None = None if start is None else self._check_start(start, "start")
        # For each cell of the blank, the cell it moves to for each action (None: the wall), from the grid's table.
        self._targets = [tuple(dict(pairs).get(direction) for direction in ACTIONS) for pairs in step_table(size)]
        self._swap = _swapped  # boards here are checked once, in reset
        self._legal = [tuple(ACTIONS.index(direction) for direction, _ in pairs) for pairs in step_table(size)]
        self._rng = make_rng(None)
        self._state: Board | None = None
        self._steps = 0
        self._over = True

    @classmethod
    def sun_moon(cls, *, start: Sequence[int] | None = SUN_MOON_START, max_steps: int | None = None,
                 slip: float = 0.0) -> SlidingPuzzleEnv:
        """The original sun-and-moon program's environment: its start and goal, -10 a move, -1000 the wall,
        +100 the goal.

        Pass `start=None` to start each episode from a random board instead.

        Examples
        --------
        >>> env = SlidingPuzzleEnv.sun_moon()
        >>> board, info = env.reset(seed=0)
        >>> board == SUN_MOON_START, info["actions"]
        (True, (0, 1, 2, 3))
        >>> env.step(DOWN)[:4]  # the blank is on the bottom row: the board stays, the wall costs 1000
        ((1, 1, 1, 2, 1, 2, 2, 0, 2), -1000.0, False, False)
        """
        return cls(3, goal=SUN_MOON_GOAL, start=start, rewards=SUN_MOON_REWARDS, max_steps=max_steps, slip=slip)

    def __repr__(self) -> str:
        return (f"SlidingPuzzleEnv(size={self.size}, goal={self.goal}, start={self.start}, "
                f"rewards={self.rewards}, max_steps={self.max_steps}"
                + (f", slip={self.slip}" if self.slip else "") + ")")

    def _check_start(self, board, what: str) -> Board:
        cells = check_reachable(check_pair(board, self.goal)[0], self.goal, self.size, what)
        if cells == self.goal:
            raise ValueError(f"{what} is the goal {self.goal}: the episode would be over before it began")
        return cells

    def actions(self, board: Sequence[int]) -> tuple[int, ...]:
        """The actions `board` allows: its legal moves, or all four when moves into the wall are paid for.

        Examples
        --------
        >>> SlidingPuzzleEnv().actions((1, 2, 3, 4, 5, 6, 7, 8, 0))
        (0, 3)
        >>> SlidingPuzzleEnv.sun_moon().actions(SUN_MOON_GOAL)
        (0, 1, 2, 3)
        >>> SlidingPuzzleEnv().actions([0])
        Traceback (most recent call last):
        ...
        ValueError: board has 1 cells; a square board needs 4, 9, 16, 25, ... cells (2x2, 3x3, 4x4, 5x5, ...)
        """
        cells = check_pair(board, self.goal)[0]
        return self._actions(cells)

    def _actions(self, board: Board) -> tuple[int, ...]:
        """`actions` of a board already checked."""
        if self.rewards.wall is not None:
            return (UP, RIGHT, DOWN, LEFT)
        return self._legal[board.index(BLANK)]

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[Board, dict]:
        """Start an episode; return the first board and `info` (`{'actions': ..., 'steps': 0}`).

        `seed` reseeds the generator that draws random starting boards (pass it once, on the
        first reset, as in Gymnasium); `options={'board': b}` starts this episode from `b`.

        Examples
        --------
        >>> env = SlidingPuzzleEnv()
        >>> env.reset(seed=1)[0] == env.reset(seed=1)[0]
        True
        >>> env.reset(options={"board": (1, 2, 3, 4, 5, 0, 7, 8, 6)})[0]
        (1, 2, 3, 4, 5, 0, 7, 8, 6)
        """
        if seed is not None:
            self._rng = make_rng(seed)
        check_type(options, "options", (dict, type(None)), "a dict such as {'board': ...} or None")
        options = options or {}
        unknown = set(options) - {"board"}
        if unknown:
            raise ValueError(f"unknown reset options {sorted(unknown)}; the only option is 'board'")
        if "board" in options:
            board = self._check_start(options["board"], "options['board']")
        elif self.start is not None:
            board = self.start
        else:
            board = random_board(self.size, seed=self._rng, goal=self.goal)
        self._state, self._steps, self._over = board, 0, False
        return board, {"actions": self._actions(board), "steps": 0}

    def step(self, action: int | str) -> tuple[Board, float, bool, bool, dict]:
        """Move the blank; return `(board, reward, terminated, truncated, info)`.

        Examples
        --------
        >>> env = SlidingPuzzleEnv()
        >>> env.reset(options={"board": (1, 2, 3, 4, 5, 6, 0, 7, 8)})[0]
        (1, 2, 3, 4, 5, 6, 0, 7, 8)
        >>> env.step('r')
        ((1, 2, 3, 4, 5, 6, 7, 0, 8), 0.0, False, False, {'actions': (0, 1, 3), 'steps': 1})
        >>> env.step(DOWN)
        Traceback (most recent call last):
        ...
        ValueError: the blank at (2, 1) cannot move 'd' (down): it is on the bottom row; it can move 'u', 'r', 'l'
        >>> slippery = SlidingPuzzleEnv(2, slip=1.0)  # every move slips: up, or no move at all
        >>> _ = slippery.reset(seed=0, options={"board": (1, 2, 0, 3)})
        >>> slippery.step(RIGHT)[0] in [(0, 2, 1, 3), (1, 2, 0, 3)]
        True
        """
        if self._state is None:
            raise RuntimeError("call reset() before step(): there is no board yet")
        if self._over:
            raise RuntimeError("the episode has ended (goal reached or steps used up); call reset() to start another")
        action = _action_number(action)
        board = self._state
        blank = board.index(BLANK)
        target = self._targets[blank][action]
        if target is None and self.rewards.wall is None:
            direction = ACTIONS[action]
            legal = ", ".join(repr(ACTIONS[a]) for a in self._legal[blank])
            raise ValueError(f"{blocked_message(blank, self.size, direction)}; it can move {legal}")
        slipped = bool(self.slip) and self._rng.random() < self.slip
        if slipped:  # one of the other outcomes instead, each as likely: another legal move, or staying put
            others = [cell for cell in self._targets[blank] if cell is not None and cell != target]
            target = self._rng.choice(others + ([None] if target is not None else []))
        if target is None:  # the board stays: a move into the wall pays the wall's reward, a slip the move's
            reward = self.rewards.move if slipped else self.rewards.wall
        else:
            board = self._swap(board, blank, target)
            reward = self.rewards.goal if board == self.goal else self.rewards.move
        self._steps += 1
        terminated = board == self.goal
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._state, self._over = board, terminated or truncated
        return board, reward, terminated, truncated, {"actions": self._actions(board), "steps": self._steps}


def _action_number(action) -> int:
    """An action as 0-3, from 0-3 or from 'u', 'r', 'd', 'l'."""
    if isinstance(action, str):
        if action in ACTIONS:
            return ACTIONS.index(action)
        raise ValueError(f"action must be 0-3 (UP, RIGHT, DOWN, LEFT) or 'u', 'r', 'd', 'l', got {short_repr(action)}")
    what = "action (0-3: UP, RIGHT, DOWN, LEFT; or 'u', 'r', 'd', 'l')"
    return check_int(action, what, minimum=0, maximum=3)

"""The original game's interface: `QLearning` with `train()`, `test()`, `save()`, and `Solver.get_action(game)`."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict

import numpy as np

from ...checks import check_bool, check_callable, check_int, check_real, short_repr
from ...sliding.board import Board, check_cells
from ...sliding.environment import ACTIONS, SlidingPuzzleEnv
from ...sliding.game import SlidingPuzzleGame
from ...sliding.state_space import check_table_size, state_space
from ..qtable import check_output, load_table, q_array, save_table
from .evaluation import greedy_moves, policy_mistakes
from .lanes import q_learning_in_lanes
from .loop import q_learning
from .settings import Hyperparameters

__all__ = ["QLearning", "Solver"]


class QLearning:
    """Q-learning on the 8-puzzle with the original game's interface: `train()`, `test()`, `save(file_name)`.

    The table is an array with one row per board (see `puzzlekit.sliding.state_space.state_space`), one
    column per move of the blank 'u', 'r', 'd', 'l'. `train()` uses the fast trainer, or the
    readable loop `q_learning` with `fast=False`; both run the same algorithm.

    The arguments keep the original game's names: `discount_factor` and `generations` are what
    the rest of puzzlekit (and `agent.hyperparameters`) calls `discount` and `episodes`.

    Examples
    --------
    >>> agent = QLearning(learning_rate=1.0, discount_factor=0.92, generations=2000, max_steps=40,
    ...                   exploration_probability=1.0, seed=0, size=2)
    >>> agent.train()
    >>> agent.test()  # the board the policy takes longest to solve, and the moves it takes
    ((0, 3, 2, 1), 6)
    """

    def __init__(self, learning_rate: float, discount_factor: float, generations: int, max_steps: int,
                 exploration_probability: float, seed: int | None = None, *, size: int = 3):
        discount_factor = check_real(discount_factor, "discount_factor", minimum=0, maximum=1)
        generations = check_int(generations, "generations", minimum=0)
        self.hyperparameters = Hyperparameters(learning_rate, discount=discount_factor, episodes=generations,
                                               max_steps=max_steps, epsilon=exploration_probability,
                                               seed=seed)
        self.size = size = check_table_size(size)
        self.q = None
        self.episodes = 0
        self.seconds = 0.0
        self.trainer: str | None = None
        self.stop_when_optimal = False

    def __repr__(self) -> str:
        trained = f"trained on {self.episodes:,} episodes" if self.q is not None else "not trained"
        return f"QLearning({self.hyperparameters}, size={self.size}, {trained})"

    def train(self, *, fast: bool = True, stop_when_optimal: bool = False,
              progress: Callable[[int, int], None] | None = None) -> None:
        """Learn the table over `generations` episodes (fewer with `stop_when_optimal`, once no board is wrong).

        `progress(episodes, generations)` is called as the training goes. With `fast=False` the
        readable loop `q_learning` runs instead of `q_learning_in_lanes` (about 70 times slower), and the
        policy is checked every 50,000 episodes (1,000 on 2x2) rather than after each batch.

        Examples
        --------
        >>> agent = QLearning(1.0, 0.92, generations=100_000, max_steps=40, exploration_probability=1.0, seed=1, size=2)
        >>> agent.train(stop_when_optimal=True)
        >>> agent.episodes < 100_000, policy_mistakes(agent.q)
        (True, 0)
        """
        check_bool(fast, "fast")
        check_bool(stop_when_optimal, "stop_when_optimal")
        if progress is not None:
            check_callable(progress, "progress")
        settings = self.hyperparameters
        started = time.perf_counter()
        check_every = 1 if fast else 50_000 if self.size == 3 else 1000  # a check of q_learning's dict costs ~0.4 s

        def callback(episodes: int, q) -> bool:
            self.episodes = episodes
            if progress is not None:
                progress(episodes, settings.episodes)
            if not stop_when_optimal or (episodes % check_every and episodes < settings.episodes):
                return False
            return policy_mistakes(q if fast else q_array(q, self.size)) == 0

        if fast:
            lanes = 65536 if self.size == 3 else 64
            self.q = q_learning_in_lanes(settings, self.size, lanes=lanes, callback=callback)
        else:
            self.q = q_array(q_learning(SlidingPuzzleEnv(self.size), settings, callback=callback), self.size)
        self.trainer = "q_learning_in_lanes" if fast else "q_learning"
        self.stop_when_optimal = bool(stop_when_optimal)
        self.seconds = time.perf_counter() - started

    def _trained(self, what: str):
        if self.q is None:
            raise RuntimeError(f"nothing to {what}: call train() first")
        return self.q

    def test(self, max_steps: int = 200) -> tuple[Board, int]:
        """The board the greedy policy takes the most moves to solve, and that number (counting stops at `max_steps`).

        Examples
        --------
        >>> QLearning(1.0, 0.92, generations=10, max_steps=40, exploration_probability=1.0).test()
        Traceback (most recent call last):
        ...
        RuntimeError: nothing to test: call train() first
        """
        max_steps = check_int(max_steps, "max_steps", minimum=0, maximum=10**6)  # bad arguments first, then the state
        q = self._trained("test")
        space = state_space(self.size)
        policy = q.argmax(axis=1)
        moves_needed = np.zeros(len(q), int)
        state = np.arange(len(q))
        for _ in range(max_steps):
            moving = state != space.goal_row
            if not moving.any():
                break
            moves_needed += moving
            next_state = space.neighbours[state, policy[state]]  # -1 for the wall: the board stays
            state = np.where(moving & (next_state >= 0), next_state, state)
        hardest = int(moves_needed.argmax())
        return space.board(hardest), int(moves_needed[hardest])

    def save(self, file_name: str | os.PathLike) -> None:
        """Write the table to `file_name` (.npz, no pickle) with the hyperparameters; see `qtable.save_table`.

        Examples
        --------
        >>> QLearning(1.0, 0.92, generations=10, max_steps=40, exploration_probability=1.0).save("q.npz")
        Traceback (most recent call last):
        ...
        RuntimeError: nothing to save: call train() first
        """
        check_output(file_name, probe=False)  # a bad name first, then the state
        q = self._trained("save")
        save_table(file_name, q, hyperparameters=asdict(self.hyperparameters), trainer=self.trainer,
                   episodes=self.episodes, stop_when_optimal=self.stop_when_optimal, seconds=round(self.seconds, 3),
                   mistakes=policy_mistakes(q))

    @staticmethod
    def convert_to_number(board: Sequence[int]) -> int:
        """The board as one number, its cells read as digits: the original game's key for a board.

        Examples
        --------
        >>> QLearning.convert_to_number([1, 2, 3, 4, 0, 5, 7, 8, 6])
        123405786
        """
        cells = check_cells(board)[0]
        if max(cells) > 9:
            raise ValueError(f"board {cells} has tiles above 9; a number with one digit per cell needs tiles 0-9")
        return int("".join(map(str, cells)))


class Solver:
    """Plays the 8-puzzle from a saved Q-table: the move with the highest value, as in the original game.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzleGame
    >>> solver = Solver()
    >>> game = SlidingPuzzleGame(board=(1, 2, 3, 4, 0, 5, 7, 8, 6))
    >>> while not game.is_solved():
    ...     _ = game.move_hole(solver.get_action(game))
    >>> game.move_count
    2
    """

    def __init__(self, file_name: str | os.PathLike | None = None):
        self.q, self.metadata = load_table(file_name)
        self.space = state_space(self.metadata["size"])

    def __repr__(self) -> str:
        return f"Solver({self.metadata['puzzle']}, goal={self.space.goal})"

    def get_action(self, game: SlidingPuzzleGame) -> str:
        """The blank's best move for the board of `game` (a `SlidingPuzzleGame`): 'u', 'r', 'd' or 'l'.

        Examples
        --------
        >>> from puzzlekit import SlidingPuzzleGame
        >>> Solver().get_action(SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8)))
        'r'
        >>> Solver().get_action(None)
        Traceback (most recent call last):
        ...
        TypeError: game must be a SlidingPuzzleGame, got None (NoneType); for a board use Solver().solve(board)
        """
        if not isinstance(game, SlidingPuzzleGame):
            raise TypeError(f"game must be a SlidingPuzzleGame, got {short_repr(game)} ({type(game).__name__}); "
                            f"for a board use Solver().solve(board)")
        if tuple(game.goal) != self.space.goal:
            raise ValueError(f"the game's goal is {tuple(game.goal)} but this table was learned for {self.space.goal}")
        row = self.space.row(game.board)
        if row == self.space.goal_row:
            raise ValueError("the board is the goal already: there is no move to make")
        return ACTIONS[int(self.q[row].argmax())]

    def solve(self, board: Sequence[int], max_steps: int = 200) -> list[str]:
        """The moves the table makes from `board` to the goal (at most `max_steps`; ValueError beyond).

        Examples
        --------
        >>> Solver().solve((1, 2, 3, 4, 0, 5, 7, 8, 6))
        ['r', 'd']
        """
        moves, reached = greedy_moves(self.q, self.space, self.space.row(board), max_steps)
        if not reached:
            raise ValueError(f"the table did not reach the goal from {tuple(board)} in {max_steps} moves")
        return moves

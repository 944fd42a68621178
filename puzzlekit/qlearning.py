"""Tabular Q-learning on sliding puzzles: one readable loop, a fast numpy trainer of the same algorithm, and the seed's `QLearning`.

Exact distances referee every policy: `policy_mistakes(q)` counts the boards where the greedy move is not a shortest one.
"""

from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from .board import BLANK, Board, check_cells, is_token_board, default_goal, format_board, successors
from .distances import breadth_first_distances
from .environment import ACTIONS, EIGHT_PUZZLE_REWARDS, Rewards, SlidingPuzzleEnv
from .qtable import _size_of, save_table, state_space

__all__ = [
    "Hyperparameters",
    "EIGHT_PUZZLE_HYPERPARAMETERS",
    "SUN_MOON_HYPERPARAMETERS",
    "q_learning",
    "greedy_action",
    "greedy_path",
    "format_path",
    "train_fast",
    "q_array",
    "policy_mistakes",
    "QLearning",
]

QTable = dict  # board -> [Q(u), Q(r), Q(d), Q(l)], -inf for a move the board does not allow


@dataclass(frozen=True)
class Hyperparameters:
    """The settings of a Q-learning run, named as in the seed, with the seed of the random generators.

    learning_rate : how far each update moves Q toward its target (1.0: all the way).
    discount_factor : what a reward one step later is worth now.
    generations : the number of episodes.
    max_steps : the most steps in an episode.
    exploration_probability : epsilon, the chance of a random move instead of the best one so far.
    seed : makes the run repeatable (None: a different run each time).

    Examples
    --------
    >>> EIGHT_PUZZLE_HYPERPARAMETERS.discount_factor
    0.92
    >>> Hyperparameters(learning_rate=1.5, discount_factor=0.9, generations=10, max_steps=5,
    ...                 exploration_probability=0.1)
    Traceback (most recent call last):
    ...
    ValueError: learning_rate must be in (0, 1], got 1.5
    """

    learning_rate: float
    discount_factor: float
    generations: int
    max_steps: int
    exploration_probability: float
    seed: int | None = None

    def __post_init__(self):
        for name, low, high, low_open in (("learning_rate", 0, 1, True), ("discount_factor", 0, 1, False),
                                          ("exploration_probability", 0, 1, False)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise TypeError(f"{name} must be a number, got {value!r}")
            if not (low < value <= high if low_open else low <= value <= high):
                raise ValueError(f"{name} must be in {'(' if low_open else '['}{low}, {high}], got {value!r}")
            object.__setattr__(self, name, float(value))
        for name, low in (("generations", 0), ("max_steps", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
                raise ValueError(f"{name} must be an int of at least {low}, got {value!r}")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, numbers.Integral)):
            raise TypeError(f"seed must be an int or None, got {self.seed!r}")


# The 8-puzzle seed's settings; enough episodes to reach a policy that is optimal on every board.
EIGHT_PUZZLE_HYPERPARAMETERS = Hyperparameters(
    learning_rate=1.0, discount_factor=0.92, generations=3_000_000, max_steps=40, exploration_probability=1.0
)
# The sun/moon seed's settings.
SUN_MOON_HYPERPARAMETERS = Hyperparameters(
    learning_rate=0.7, discount_factor=0.9, generations=1000, max_steps=1000, exploration_probability=0.1
)


# --- The readable loop -----------------------------------------------------------------------------


def q_learning(
    env: SlidingPuzzleEnv,
    hyperparameters: Hyperparameters,
    q: QTable | None = None,
    callback: Callable[[int, QTable], bool | None] | None = None,
) -> QTable:
    """Q-learning, one episode after another, one step at a time; return the table, board -> 4 values.

    Each step: with probability epsilon a random allowed move, otherwise the best so far (ties
    broken at random); then the seed's update
    ``Q_new = (1 - lr) * Q_old + lr * (r + discount * max Q_next)``, where nothing follows the
    goal (max Q_next is 0 there). Pass `q` to go on training a table; `callback(episodes, q)`
    runs after each episode and stops the training by returning True.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount_factor=0.9, generations=300, max_steps=20,
    ...                            exploration_probability=1.0, seed=0)
    >>> q = q_learning(SlidingPuzzleEnv(2), settings)
    >>> q[(1, 2, 0, 3)]  # right (1) reaches the goal; up (0) leads 2 moves away; down, left: the wall
    [0.81, 1.0, -inf, -inf]
    """
    learning_rate, discount = hyperparameters.learning_rate, hyperparameters.discount_factor
    rng = random.Random(hyperparameters.seed)  # the agent's coin flips, moves and tie-breaks
    q = {} if q is None else q
    for episode in range(hyperparameters.generations):
        # The environment draws the starting boards from its own generator, seeded once from ours.
        state, info = env.reset(seed=rng.randrange(2**32) if episode == 0 else None)
        for step in range(hyperparameters.max_steps):
            if state not in q:  # a board seen for the first time: 0 for every allowed move
                q[state] = [0.0 if action in info["actions"] else -math.inf for action in range(4)]
            values = q[state]
            # Explore with probability epsilon, otherwise take the best move found so far.
            if rng.random() < hyperparameters.exploration_probability:
                action = rng.choice(info["actions"])
            else:
                action = greedy_action(values, rng)
            next_state, reward, terminated, truncated, info = env.step(action)
            # The target: the reward, plus the discounted value of the best move from the next board.
            # Nothing follows the goal, and a board never seen yet is worth 0 so far.
            best_next = 0.0 if terminated else max(q.get(next_state, [0.0]))
            values[action] = (1 - learning_rate) * values[action] + learning_rate * (reward + discount * best_next)
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
    best = max(values)
    ties = [action for action, value in enumerate(values) if value == best]
    return ties[0] if rng is None else rng.choice(ties)


def greedy_path(
    q: QTable, env: SlidingPuzzleEnv, start: Sequence[int] | None = None, *, max_steps: int = 200, seed: int | None = None
) -> list[Board]:
    """The boards met by following the table's best moves from `start` (by default the env's start).

    Stops at the goal or after `max_steps` moves. Ties go to the first move, or to a random one
    when `seed` is given. A board the table has never seen counts 0 for each allowed move.

    Examples
    --------
    >>> q = {(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf]}
    >>> greedy_path(q, SlidingPuzzleEnv(2), (1, 2, 0, 3))
    [(1, 2, 0, 3), (1, 2, 3, 0)]
    """
    rng = None if seed is None else random.Random(seed)
    state, info = env.reset(options=None if start is None else {"board": start})
    path = [state]
    for _ in range(max_steps):
        values = q.get(state) or [0.0 if action in info["actions"] else -math.inf for action in range(4)]
        state, _, terminated, truncated, info = env.step(greedy_action(values, rng))
        path.append(state)
        if terminated or truncated:
            break
    return path


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
    parts = []
    for number, board in enumerate(path):
        if number == 0:
            caption = "start"
        else:
            moved = {next_board: direction for direction, next_board in successors(path[number - 1])}
            caption = f"move {number}: blank {moved.get(tuple(board), 'stays (wall)')}"
        parts.append(caption + "\n" + format_board(board))
    return "\n".join(parts)


# --- The fast trainer -------------------------------------------------------------------------------


def train_fast(
    hyperparameters: Hyperparameters,
    size: int = 3,
    *,
    rewards: Rewards = EIGHT_PUZZLE_REWARDS,
    lanes: int = 65536,
    callback: Callable[[int, object], bool | None] | None = None,
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

    Returns
    -------
    numpy.ndarray of float64, shape (rows, 4): row `state_space(size).row(board)`, column the action;
    -inf for a move into the wall.

    Examples
    --------
    >>> settings = Hyperparameters(learning_rate=1.0, discount_factor=0.9, generations=300, max_steps=20,
    ...                            exploration_probability=1.0, seed=0)
    >>> q = train_fast(settings, size=2)
    >>> q[state_space(2).row((1, 2, 0, 3))].tolist()  # as q_learning's
    [0.81, 1.0, -inf, -inf]
    """
    import numpy as np

    if rewards.wall is not None:
        raise ValueError("train_fast offers only legal moves, as the 8-puzzle seed did: rewards.wall must be None")
    if isinstance(lanes, bool) or not isinstance(lanes, numbers.Integral) or lanes < 1:
        raise ValueError(f"lanes must be a positive int, got {lanes!r}")
    learning_rate, discount = hyperparameters.learning_rate, hyperparameters.discount_factor
    epsilon = hyperparameters.exploration_probability
    space = state_space(size)
    rows, goal = len(space.ranks), space.goal_row
    rng = np.random.default_rng(hyperparameters.seed)
    legal = space.neighbours >= 0
    q = np.where(legal, 0.0, -np.inf)
    # Flat views: entry row * 4 + action. `nth_legal[row * 4 + k]` is the flat entry of the k-th legal move.
    flat_q = q.reshape(-1)
    flat_next = space.neighbours.reshape(-1).astype(np.intp)
    legal_count = legal.sum(axis=1)
    nth_legal = (np.argsort(~legal, axis=1, kind="stable") + 4 * np.arange(rows)[:, None]).reshape(-1)
    episodes = 0
    while episodes < hyperparameters.generations:
        batch = min(lanes, hyperparameters.generations - episodes)
        # Each episode starts from a random board other than the goal.
        state = rng.integers(0, rows - 1, batch)
        state += state >= goal
        for step in range(hyperparameters.max_steps):
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
            _update(flat_q, chosen, reward, next_state, terminated, learning_rate, discount)
            state = next_state[~terminated]
            if not len(state):
                break
        episodes += batch
        if callback is not None and callback(episodes, q):
            break
    return q


def _update(flat_q, chosen, reward, next_state, terminated, learning_rate: float, discount: float) -> None:
    """The seed's update for many moves at once: entries `chosen` (row * 4 + action) of the flat table."""
    import numpy as np

    # max Q_next over the four moves of each next board (-inf for the wall), and 0 after the goal.
    best_next = np.maximum(np.maximum(flat_q[4 * next_state], flat_q[4 * next_state + 1]),
                           np.maximum(flat_q[4 * next_state + 2], flat_q[4 * next_state + 3]))
    best_next[terminated] = 0.0
    flat_q[chosen] = (1 - learning_rate) * flat_q[chosen] + learning_rate * (reward + discount * best_next)


def q_array(q: QTable, size: int = 3):
    """A table of `q_learning` (board -> values) as an array with the rows of `state_space(size)`.

    Boards the table never saw get 0 for each legal move; moves into the wall are -inf.

    Examples
    --------
    >>> table = q_array({(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf]}, size=2)
    >>> table.shape, table[state_space(2).row((1, 2, 0, 3))].tolist()
    ((12, 4), [0.81, 1.0, -inf, -inf])
    """
    import numpy as np

    space = state_space(size)
    array = np.where(space.neighbours >= 0, 0.0, -np.inf)
    if q:
        boards = list(q)
        rows = space.rows(boards)
        if (rows < 0).any():
            bad = boards[int(np.flatnonzero(rows < 0)[0])]
            raise ValueError(f"board {bad} of the table cannot reach the goal {space.goal}")
        array[rows] = np.array(list(q.values()), dtype=float)
    return array


# --- Referees ---------------------------------------------------------------------------------------


def policy_mistakes(q, goal: Sequence[int] | None = None) -> int:
    """The number of boards (the goal left out) where the table's best move is not a shortest move.

    A board counts as right only when every move tied for its highest value is a shortest move
    (one that leads a move closer to the goal), so no way of breaking ties can hide a board the
    table knows nothing about: 0 means the greedy policy is optimal from every board, whatever
    the tie-breaking. `q` is an array of `train_fast` (8-puzzle or 2x2, checked against
    `distance_table` all at once) or a table of `q_learning` (checked against
    `breadth_first_distances(goal)`); a board the table never saw counts 0 for each allowed move,
    as in `greedy_path`, and moving into the wall is a mistake.

    Examples
    --------
    >>> q = {(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf]}  # one board seen, 10 not
    >>> policy_mistakes(q, goal=(1, 2, 3, 0))  # the farthest board is right whatever it does
    9
    >>> from puzzlekit.qtable import load_table
    >>> policy_mistakes(load_table()[0])
    0
    """
    import numpy as np

    if isinstance(q, dict):
        if goal is None:
            if not q:
                raise ValueError("an empty table has no boards to tell the puzzle by; pass the goal")
            goal = default_goal(check_cells(next(iter(q)))[1])
        target, size = check_cells(goal, "goal")
        if not is_token_board(target) and size <= 3 and target == default_goal(size):
            space = state_space(size)
            wrong = _wrong_rows(q_array(q, size), space)
            return int(wrong.sum())
        distances = breadth_first_distances(target)
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
    q = np.asarray(q)
    return int(_wrong_rows(q, state_space(_size_of(q))).sum())


def _wrong_rows(q, space):
    """For each row of the array `q`, True where a move tied for the best does not lead one move closer."""
    import numpy as np

    tied = q == q.max(axis=1, keepdims=True)
    closer = (space.neighbours >= 0) & (
        space.distances[space.neighbours].astype(int) == space.distances.astype(int)[:, None] - 1
    )
    wrong = (tied & ~closer).any(axis=1)
    wrong[space.goal_row] = False
    return wrong


# --- The seed's interface ---------------------------------------------------------------------------


class QLearning:
    """Q-learning on the 8-puzzle with the seed's interface: `train()`, `test()`, `save(file_name)`.

    The table is an array with one row per board (see `puzzlekit.qtable.state_space`), one
    column per move of the blank 'u', 'r', 'd', 'l'. `train()` uses the fast trainer, or the
    readable loop `q_learning` with `fast=False`; both run the same algorithm.

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
        self.hyperparameters = Hyperparameters(learning_rate, discount_factor, generations, max_steps,
                                               exploration_probability, seed)
        if size not in (2, 3):
            raise ValueError(f"size must be 3 (the 8-puzzle) or 2; a {size}x{size} board has too many boards for a table")
        self.size = size
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
        readable loop `q_learning` runs instead of `train_fast` (about 70 times slower), and the
        policy is checked every 50,000 episodes (1,000 on 2x2) rather than after each batch.

        Examples
        --------
        >>> agent = QLearning(1.0, 0.92, generations=100_000, max_steps=40, exploration_probability=1.0, seed=1, size=2)
        >>> agent.train(stop_when_optimal=True)
        >>> agent.episodes < 100_000, policy_mistakes(agent.q)
        (True, 0)
        """
        settings = self.hyperparameters
        started = time.perf_counter()
        check_every = 1 if fast else 50_000 if self.size == 3 else 1000  # a check of q_learning's dict costs ~0.4 s

        def callback(episodes: int, q) -> bool:
            self.episodes = episodes
            if progress is not None:
                progress(episodes, settings.generations)
            if not stop_when_optimal or (episodes % check_every and episodes < settings.generations):
                return False
            return policy_mistakes(q if fast else q_array(q, self.size)) == 0

        if fast:
            lanes = 65536 if self.size == 3 else 64
            self.q = train_fast(settings, self.size, lanes=lanes, callback=callback)
        else:
            self.q = q_array(q_learning(SlidingPuzzleEnv(self.size), settings, callback=callback), self.size)
        self.trainer = "train_fast" if fast else "q_learning"
        self.stop_when_optimal = stop_when_optimal
        self.seconds = time.perf_counter() - started

    def _trained(self, what: str):
        if self.q is None:
            raise RuntimeError(f"nothing to {what}: call train() first")
        return self.q

    def test(self, max_moves: int = 200) -> tuple[Board, int]:
        """The board the greedy policy takes the most moves to solve, and that number (counting stops at 200).

        Examples
        --------
        >>> QLearning(1.0, 0.92, generations=10, max_steps=40, exploration_probability=1.0).test()
        Traceback (most recent call last):
        ...
        RuntimeError: nothing to test: call train() first
        """
        import numpy as np

        q = self._trained("test")
        space = state_space(self.size)
        policy = q.argmax(axis=1)
        moves_needed = np.zeros(len(q), int)
        state = np.arange(len(q))
        for _ in range(max_moves):
            moving = state != space.goal_row
            if not moving.any():
                break
            moves_needed += moving
            next_state = space.neighbours[state, policy[state]]  # -1 for the wall: the board stays
            state = np.where(moving & (next_state >= 0), next_state, state)
        hardest = int(moves_needed.argmax())
        return space.board(hardest), int(moves_needed[hardest])

    def save(self, file_name) -> None:
        """Write the table to `file_name` (.npz, no pickle) with the hyperparameters; see `qtable.save_table`.

        Examples
        --------
        >>> QLearning(1.0, 0.92, generations=10, max_steps=40, exploration_probability=1.0).save("q.npz")
        Traceback (most recent call last):
        ...
        RuntimeError: nothing to save: call train() first
        """
        q = self._trained("save")
        save_table(file_name, q, hyperparameters=asdict(self.hyperparameters), trainer=self.trainer,
                   episodes=self.episodes, stop_when_optimal=self.stop_when_optimal, seconds=round(self.seconds, 3),
                   mistakes=policy_mistakes(q))

    @staticmethod
    def convert_to_number(board: Sequence[int]) -> int:
        """The board as one number, its cells read as digits: the seed's key for a board.

        Examples
        --------
        >>> QLearning.convert_to_number([1, 2, 3, 4, 0, 5, 7, 8, 6])
        123405786
        """
        cells = check_cells(board)[0]
        if max(cells) > 9:
            raise ValueError(f"board {cells} has tiles above 9; a number with one digit per cell needs tiles 0-9")
        return int("".join(map(str, cells)))

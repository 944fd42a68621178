"""Q-tables over every board of the 8-puzzle as numpy arrays: which row is which board, files, and a `Solver`.

Row `i` of a table is the i-th board that can reach the goal, in the order of `rank`; column `a` is action `a`.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import os
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .board import BLANK, Board, check_cells, is_token_board, default_goal
from .distances import _ranks, distance_table, rank
from .environment import ACTIONS

__all__ = ["StateSpace", "state_space", "greedy_moves", "save_table", "load_table", "Solver", "DEFAULT_TABLE", "FORMAT",
           "VERSION"]

# The trained table that ships with the course (written by `python -m puzzlekit train`).
DEFAULT_TABLE = Path(__file__).resolve().parent.parent / "data" / "qtable_8puzzle.npz"
FORMAT, VERSION = "puzzlekit-qtable", 1


@dataclass(frozen=True, eq=False)
class StateSpace:
    """Every board that can reach the goal, as numpy arrays indexed by row (boards in rank order).

    Attributes
    ----------
    size : the width of the board.
    goal : the goal board (tiles in order, the blank last).
    boards : (rows, size * size) uint8 array, one board per row.
    ranks : (rows,) int64 array, `rank(board)` of each row, increasing.
    neighbours : (rows, 4) int32 array, the row the blank's move u, r, d, l leads to, -1 for the wall.
    distances : (rows,) int8 array, the fewest moves to the goal (`distance_table`).
    goal_row : the row of the goal.

    Examples
    --------
    >>> space = state_space(3)
    >>> len(space.boards), int(space.distances.max())
    (181440, 31)
    >>> row = space.row((1, 2, 3, 4, 5, 6, 7, 0, 8))
    >>> space.board(int(space.neighbours[row, 1]))  # the blank moves right
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    """

    size: int
    goal: Board
    boards: object
    ranks: object
    neighbours: object
    distances: object
    goal_row: int
    _row_of_rank: object

    def __repr__(self) -> str:
        return f"StateSpace(size={self.size}, rows={len(self.ranks)}, goal={self.goal})"

    def row(self, board: Sequence[int]) -> int:
        """The row of `board`; ValueError if it is another size or cannot reach the goal.

        Examples
        --------
        >>> state_space(2).row((1, 2, 3, 0))
        5
        """
        cells, size = check_cells(board)
        if size != self.size or is_token_board(cells):
            raise ValueError(f"board {cells} is not a board of the {self.size}x{self.size} tiles puzzle")
        row = int(self._row_of_rank[rank(cells)])
        if row < 0:
            raise ValueError(f"board {cells} cannot reach the goal {self.goal}: its parity is wrong (see chapter 2)")
        return row

    def board(self, row: int) -> Board:
        """The board in row `row`.

        Examples
        --------
        >>> state_space(2).board(0)
        (0, 1, 3, 2)
        """
        return tuple(int(cell) for cell in self.boards[row])

    def rows(self, boards) -> object:
        """The rows of many boards at once: a (count, size * size) array in, an int64 array out (-1: unsolvable).

        Examples
        --------
        >>> state_space(2).rows([(1, 2, 3, 0), (1, 2, 0, 3), (2, 1, 3, 0)]).tolist()
        [5, 4, -1]
        """
        import numpy as np

        boards = np.asarray(boards, dtype=np.uint8).reshape(-1, self.size * self.size)
        return self._row_of_rank[_ranks(np.ascontiguousarray(boards.T))].astype(np.int64)


@functools.lru_cache(maxsize=4)
def state_space(size: int = 3) -> StateSpace:
    """The boards of the `size` x `size` puzzle that reach the goal, their moves and distances (cached).

    `itertools.permutations` lists all boards in rank order; the distances say which reach the
    goal; each move is made on all boards at once and the results ranked at once. About a
    third of a second for the 8-puzzle, once per session.

    Examples
    --------
    >>> space = state_space(2)
    >>> space
    StateSpace(size=2, rows=12, goal=(1, 2, 3, 0))
    >>> space.neighbours[space.goal_row].tolist()  # from the goal the blank can go up or left
    [3, -1, -1, 4]
    >>> space.board(3), space.board(4)
    ((1, 0, 3, 2), (1, 2, 0, 3))
    """
    import numpy as np

    goal = default_goal(size)
    if size > 3:
        raise ValueError(f"a {size}x{size} board has {math.factorial(size * size) // 2:,} reachable boards, "
                         f"too many for a table; Q-tables cover 2x2 and 3x3 boards")
    cells = size * size
    every_distance = distance_table(goal)
    ranks = np.flatnonzero(every_distance >= 0)
    every_board = np.fromiter(itertools.chain.from_iterable(itertools.permutations(range(cells))), np.uint8,
                              count=cells * math.factorial(cells)).reshape(-1, cells)
    boards = every_board[ranks]
    row_of_rank = np.full(len(every_distance), -1, np.int32)
    row_of_rank[ranks] = np.arange(len(ranks), dtype=np.int32)
    blank = np.argmax(boards == BLANK, axis=1)
    row, col = np.divmod(blank, size)
    neighbours = np.full((len(ranks), 4), -1, np.int32)
    for action, (step, allowed) in enumerate([(-size, row > 0), (1, col < size - 1),
                                              (size, row < size - 1), (-1, col > 0)]):  # u, r, d, l
        movable = np.flatnonzero(allowed)
        moved = boards[movable]
        column = np.arange(len(movable))
        target = blank[movable] + step
        moved[column, blank[movable]] = moved[column, target]
        moved[column, target] = BLANK
        neighbours[movable, action] = row_of_rank[_ranks(np.ascontiguousarray(moved.T))]  # ranks take boards as columns
    for array in (boards, ranks, neighbours, row_of_rank):
        array.flags.writeable = False
    distances = every_distance[ranks]
    distances.flags.writeable = False
    return StateSpace(size, goal, boards, ranks, neighbours, distances, int(row_of_rank[rank(goal)]), row_of_rank)


# --- Files ---------------------------------------------------------------------------------------


def save_table(file_name: str | os.PathLike, q, *, dtype: str = "float32", **metadata) -> Path:
    """Write the table `q` (rows x 4, -inf for the wall) to a .npz file, with `metadata` as JSON; return the path.

    No pickle: the archive holds the array `q` and a JSON string `metadata` (format, version,
    puzzle, size, goal, what the rows and columns are, and the keyword arguments given here,
    such as the hyperparameters). The file is written under a temporary name and then renamed,
    so an interrupted save never leaves half a file.

    Examples
    --------
    >>> import numpy, tempfile, pathlib
    >>> q = numpy.where(state_space(2).neighbours >= 0, 0.5, -numpy.inf)
    >>> path = save_table(pathlib.Path(tempfile.mkdtemp()) / "tiny.npz", q, trainer="by hand")
    >>> table, metadata = load_table(path)
    >>> table.shape, metadata["trainer"], metadata["goal"]
    ((12, 4), 'by hand', [1, 2, 3, 0])
    """
    import numpy as np

    q = np.asarray(q)
    size = _size_of(q)
    space = state_space(size)
    _check_walls(q, space, "the table")
    header = {
        "format": FORMAT,
        "version": VERSION,
        "puzzle": f"{size * size - 1}-puzzle",
        "size": size,
        "goal": list(space.goal),
        "rows": "the boards that can reach the goal, in increasing rank (puzzlekit.rank)",
        "columns": list(ACTIONS),
        "wall": "-inf",
    }
    clash = set(header) & set(metadata)
    if clash:
        raise ValueError(f"metadata may not replace {sorted(clash)}: save_table writes those itself")
    text = json.dumps({**header, **metadata})
    path = Path(file_name)
    if path.suffix != ".npz":
        raise ValueError(f"file name {str(path)!r} should end in .npz (a numpy archive)")
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # same folder, so os.replace is atomic
    try:
        with open(temporary, "wb") as file:
            np.savez_compressed(file, q=q.astype(dtype), metadata=np.array(text))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def load_table(file_name: str | os.PathLike | None = None):
    """Read a table written by `save_table` (by default the one that ships); return `(q, metadata)`.

    ValueError, saying what is wrong, for a file that is damaged, not a numpy archive, or a
    numpy archive of something else.

    Examples
    --------
    >>> q, metadata = load_table()
    >>> q.shape, metadata["puzzle"], metadata["hyperparameters"]["discount_factor"]
    ((181440, 4), '8-puzzle', 0.92)
    """
    import numpy as np

    path = Path(DEFAULT_TABLE if file_name is None else file_name)
    if not path.exists():
        hint = " (python -m puzzlekit train writes it)" if file_name is None else ""
        raise FileNotFoundError(f"no Q-table at {path}{hint}")
    what = f"{path} is not a puzzlekit Q-table"
    unreadable = (OSError, EOFError, ValueError, zipfile.BadZipFile, zlib.error)
    try:
        archive = np.load(path, allow_pickle=False)
    except unreadable as error:
        raise ValueError(f"{what}: it is not a numpy .npz archive ({type(error).__name__}: {error})") from error
    if not isinstance(archive, np.lib.npyio.NpzFile):
        raise ValueError(f"{what}: it holds a single numpy array, not an archive of 'q' and 'metadata'")
    with archive:
        names = sorted(archive.files)
        if names != ["metadata", "q"]:
            raise ValueError(f"{what}: it holds the arrays {names}, expected 'metadata' and 'q'")
        try:
            text, q = archive["metadata"], archive["q"]
        except unreadable as error:
            raise ValueError(f"{what}: its arrays cannot be read, the file may be damaged "
                             f"({type(error).__name__}: {error})") from error
    if text.shape != () or text.dtype.kind != "U":
        raise ValueError(f"{what}: its metadata is a {text.dtype} array of shape {text.shape}, expected a JSON string")
    try:
        metadata = json.loads(str(text))
    except json.JSONDecodeError as error:
        raise ValueError(f"{what}: its metadata is not valid JSON ({error})") from error
    if not isinstance(metadata, dict) or metadata.get("format") != FORMAT:
        found = metadata.get("format") if isinstance(metadata, dict) else type(metadata).__name__
        raise ValueError(f"{what}: its format is {found!r}, expected {FORMAT!r}")
    if metadata.get("version") != VERSION:
        raise ValueError(f"{path} is a Q-table of format version {metadata.get('version')!r}; "
                         f"this puzzlekit reads version {VERSION}")
    size = metadata.get("size")
    if size not in (2, 3):
        raise ValueError(f"{what}: its size is {size!r}, expected 2 or 3")
    space = state_space(size)
    if metadata.get("goal") != list(space.goal):
        raise ValueError(f"{what} for the goal {tuple(space.goal)}: its goal is {metadata.get('goal')!r}")
    if q.dtype.kind != "f" or q.shape != (len(space.ranks), 4):
        raise ValueError(f"{what}: its table is {q.dtype} of shape {q.shape}, "
                         f"expected floats of shape ({len(space.ranks)}, 4), one row per board")
    _check_walls(q, space, what + ": the table")
    q.flags.writeable = False
    return q, metadata


def _size_of(q) -> int:
    for size in (2, 3):
        if q.shape == (len(state_space(size).ranks), 4):
            return size
    raise ValueError(f"a table has shape (12, 4) for 2x2 boards or (181440, 4) for 3x3 boards, got {q.shape}")


def _check_walls(q, space: StateSpace, what: str) -> None:
    """A move into the wall is -inf and every legal move a finite number."""
    import numpy as np

    legal = space.neighbours >= 0
    if not np.isfinite(q[legal]).all():
        raise ValueError(f"{what} has values that are not finite numbers where moves are legal")
    if not (q[~legal] == -np.inf).all():
        raise ValueError(f"{what} has values other than -inf for moves into the wall")


# --- Playing from a table --------------------------------------------------------------------------


class Solver:
    """Plays the 8-puzzle from a saved Q-table: the move with the highest value, as in the seed.

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

    def get_action(self, game) -> str:
        """The blank's best move for the board of `game` (a `SlidingPuzzleGame`): 'u', 'r', 'd' or 'l'.

        Examples
        --------
        >>> from puzzlekit import SlidingPuzzleGame
        >>> Solver().get_action(SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8)))
        'r'
        """
        board = game.board
        if tuple(game.goal) != self.space.goal:
            raise ValueError(f"the game's goal is {tuple(game.goal)} but this table was learned for {self.space.goal}")
        row = self.space.row(board)
        if row == self.space.goal_row:
            raise ValueError("the board is the goal already: there is no move to make")
        return ACTIONS[int(self.q[row].argmax())]

    def solve(self, board: Sequence[int], max_moves: int = 200) -> list[str]:
        """The moves the table makes from `board` to the goal (at most `max_moves`; ValueError beyond).

        Examples
        --------
        >>> Solver().solve((1, 2, 3, 4, 0, 5, 7, 8, 6))
        ['r', 'd']
        """
        moves, reached = greedy_moves(self.q, self.space, self.space.row(board), max_moves)
        if not reached:
            raise ValueError(f"the table did not reach the goal from {tuple(board)} in {max_moves} moves")
        return moves


def greedy_moves(q, space: StateSpace, row: int, max_moves: int) -> tuple[list[str], bool]:
    """The moves of highest value from board `row` of `space`, at most `max_moves`, and whether they reach the goal.

    Examples
    --------
    >>> space = state_space(2)
    >>> import numpy as np
    >>> q = np.zeros((len(space.boards), 4)); q[space.neighbours < 0] = -np.inf
    >>> q[space.row((1, 2, 0, 3)), 1] = 1.0  # from one move away, the blank goes right
    >>> greedy_moves(q, space, space.row((1, 2, 0, 3)), 5)
    (['r'], True)
    """
    moves = []
    while row != space.goal_row and len(moves) < max_moves:
        action = int(q[row].argmax())
        moves.append(ACTIONS[action])
        row = int(space.neighbours[row, action])
    return moves, row == space.goal_row

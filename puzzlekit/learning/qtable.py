"""Q-tables: a table over every board checked (`check_table`), a dict table made an array (`q_array`), and the file:
`save_table` writes a .npz archive with JSON metadata, no pickle; `load_table` reads one back, checking each array's
header before it reads a byte of data.
"""

from __future__ import annotations

import os
import zipfile
import zlib
from pathlib import Path

import numpy as np

from ..checks import check_bool, check_type, short_repr
from ..datafiles import data_folder, data_path, metadata_json, parse_metadata, read_npy_member
from ..sliding.board import check_cells, default_goal, is_token_board
from ..sliding.grid import DIRECTIONS
from ..sliding.state_space import TABLE_SIZES, StateSpace, state_space

__all__ = ["save_table", "load_table", "DEFAULT_TABLE", "q_array"]

# The trained table that ships with the course (written by `python -m puzzlekit train`), in the data folder.
DEFAULT_TABLE_NAME = "qtable_8puzzle.npz"
DEFAULT_TABLE = data_folder() / DEFAULT_TABLE_NAME
FORMAT, VERSION = "puzzlekit-qtable", 1
# The float types a table may be stored as (float16 loses the far boards of the 8-puzzle: see chapter 5b,
# Going further).
DTYPES = ("float16", "float32", "float64")
# The most characters of metadata and the deepest nesting of its JSON that a file may hold.
_METADATA_CHARACTERS, _METADATA_DEPTH = 100_000, 32


def save_table(file_name: str | os.PathLike, q, *, dtype: str = "float32", **metadata) -> Path:
    """Write the table `q` (rows x 4, -inf for the wall) to a .npz file, with `metadata` as JSON; return the path.

    No pickle: the archive holds the array `q` and a JSON string `metadata` (format, version,
    puzzle, size, goal, what the rows and columns are, and the keyword arguments given here,
    such as the hyperparameters). The file is written under a temporary name and then renamed,
    so an interrupted save never leaves half a file. A table that `load_table` would refuse is
    refused here: one of another shape, with NaN, with values that overflow `dtype`.

    Examples
    --------
    >>> import numpy, tempfile, pathlib
    >>> q = numpy.where(state_space(2).neighbours >= 0, 0.5, -numpy.inf)
    >>> path = save_table(pathlib.Path(tempfile.mkdtemp()) / "tiny.npz", q, trainer="by hand")
    >>> table, metadata = load_table(path)
    >>> table.shape, metadata["trainer"], metadata["goal"]
    ((12, 4), 'by hand', [1, 2, 3, 0])
    >>> save_table(path, q * 1e300, dtype="float32")
    Traceback (most recent call last):
    ...
    ValueError: the table has values too large for float32 (up to 5e+299); save it as float64
    """
    path = check_output(file_name, probe=False)
    if dtype not in DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(map(repr, DTYPES))}; got {short_repr(dtype)}")
    q, space = check_table(q)
    with np.errstate(over="ignore"):  # an overflow becomes inf, refused just below
        stored = q.astype(dtype)
    legal = space.neighbours >= 0
    if not np.isfinite(stored[legal]).all():
        raise ValueError(f"the table has values too large for {dtype} (up to {np.abs(q[legal]).max():.0e}); "
                         f"save it as float64")
    size = space.size
    header = {
        "format": FORMAT,
        "version": VERSION,
        "puzzle": f"{size * size - 1}-puzzle",
        "size": size,
        "goal": list(space.goal),
        "rows": "the boards that can reach the goal, in increasing rank (puzzlekit.rank)",
        "columns": list(DIRECTIONS),
        "wall": "-inf",
    }
    text = metadata_json(header, metadata, "save_table", max_characters=_METADATA_CHARACTERS,
                         max_depth=_METADATA_DEPTH)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = _temporary(path)
    try:
        with open(temporary, "wb") as file:
            np.savez_compressed(file, q=stored, metadata=np.array(text))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def load_table(file_name: str | os.PathLike | None = None):
    """Read a table written by `save_table` (by default the one that ships); return `(q, metadata)`.

    ValueError, saying what is wrong, for a file that is damaged, not a numpy archive, or a
    numpy archive of something else. Each array's header (its type and shape) is checked
    before its data is read, so a file cannot make this allocate more than a table's size,
    and nothing is ever unpickled.

    Examples
    --------
    >>> q, metadata = load_table()
    >>> q.shape, metadata["puzzle"], metadata["hyperparameters"]["discount"]
    ((181440, 4), '8-puzzle', 0.92)
    """
    if file_name is None:
        try:
            path = data_path(DEFAULT_TABLE_NAME)
        except FileNotFoundError as error:
            raise FileNotFoundError(f"no Q-table: {error} (python -m puzzlekit train writes it)") from None
    else:
        path = _check_file_name(file_name)
    if not path.is_file():
        raise FileNotFoundError(f"no Q-table at {path}")
    what = f"{path} is not a puzzlekit Q-table"
    unreadable = (OSError, EOFError, zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError)
    try:
        with zipfile.ZipFile(path) as archive:
            names = sorted(archive.namelist())
            if names != ["metadata.npy", "q.npy"]:
                shown = [name.removesuffix(".npy") for name in names[:10]]
                raise ValueError(f"{what}: it holds the arrays {shown}, expected 'metadata' and 'q'")
            text = read_npy_member(archive, "metadata", what, lambda dtype, shape: dtype.kind == "U" and shape == ()
                                   and dtype.itemsize <= 4 * _METADATA_CHARACTERS, "a JSON string", "save_table")
            metadata = _read_metadata(str(text), path, what)
            metadata = _with_current_names(metadata)
            space = state_space(metadata["size"])
            rows = len(space.ranks)
            q = read_npy_member(archive, "q", what, lambda dtype, shape: dtype.name in DTYPES and shape == (rows, 4),
                                f"floats of shape ({rows}, 4), one row per board", "save_table")
    except zipfile.BadZipFile as error:
        if path.read_bytes()[:6] == b"\x93NUMPY":
            raise ValueError(f"{what}: it holds a single numpy array, not an archive of 'q' and 'metadata'") from None
        raise ValueError(f"{what}: it is not a numpy .npz archive ({error})") from None
    except unreadable as error:
        raise ValueError(f"{what}: its arrays cannot be read, the file may be damaged "
                         f"({type(error).__name__}: {error})") from None
    q = check_table(q, what + ": the table")[0]
    q.flags.writeable = False
    return q, metadata


# Names that tables written before a rename may hold, old -> new: keys of "hyperparameters", the "trainer".
_OLD_NAMES = {"exploration_probability": "epsilon", "train_fast": "q_learning_in_lanes"}


def _with_current_names(metadata: dict) -> dict:
    """`metadata` with each old name of `_OLD_NAMES` replaced by its new name."""
    hyperparameters = metadata.get("hyperparameters")
    if isinstance(hyperparameters, dict):
        metadata["hyperparameters"] = {_OLD_NAMES.get(key, key): value for key, value in hyperparameters.items()}
    trainer = metadata.get("trainer")
    if isinstance(trainer, str):
        metadata["trainer"] = _OLD_NAMES.get(trainer, trainer)
    return metadata


def check_output(file_name: str | os.PathLike, *, probe: bool = True) -> Path:
    """`file_name` as a Path, after checking it names a .npz file that can be written (`probe`: by writing a
    temporary file beside it and removing it, creating its folder if need be).

    Call it before a long training, so that a bad output fails at once, not after the work.
    TypeError or ValueError for a bad name, OSError (such as PermissionError) for a folder that
    cannot be written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> check_output(pathlib.Path(tempfile.mkdtemp()) / "q.npz").name
    'q.npz'
    >>> check_output("q.pickle")
    Traceback (most recent call last):
    ...
    ValueError: file name 'q.pickle' should end in .npz (a numpy archive)
    """
    path = _check_file_name(file_name)
    check_bool(probe, "probe")
    if path.suffix != ".npz":
        raise ValueError(f"file name {str(path)!r} should end in .npz (a numpy archive)")
    if probe:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = _temporary(path)
        with open(temporary, "wb"):
            pass
        temporary.unlink()
    return path


def _temporary(path: Path) -> Path:
    """A temporary name in the same folder as `path`, so that `os.replace` onto `path` is atomic."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def _check_file_name(file_name) -> Path:
    check_type(file_name, "file_name", (str, os.PathLike), "a str or a path")
    path = Path(file_name)
    if not str(path) or "\0" in str(path) or path.is_dir():
        raise ValueError(f"file_name must name a file, such as {str(path / 'q.npz')!r}, "
                         f"not a folder; got {short_repr(str(file_name))}")
    return path


def _read_metadata(text: str, path: Path, what: str) -> dict:
    """The JSON metadata of a table file, checked: format, version, size and goal."""
    metadata = parse_metadata(text, what, file_format=FORMAT, version=VERSION, kind=f"{path} (a Q-table)",
                              max_depth=_METADATA_DEPTH)
    size = metadata.get("size")
    if type(size) is not int or size not in TABLE_SIZES:
        raise ValueError(f"{what}: its size is {short_repr(size)}, expected 2 or 3")
    goal = state_space(size).goal
    if metadata.get("goal") != list(goal):
        raise ValueError(f"{what} for the goal {goal}: its goal is {short_repr(metadata.get('goal'))}")
    return metadata


def check_table(q, what: str = "the table", *, walls: bool = True, space=None) -> tuple[object, StateSpace]:
    """`q` as a numpy array of floats and its state space, after checking it is a Q-table over every board.

    A table has one row per board of `state_space(2)` or `state_space(3)` and 4 columns; every
    legal move holds a finite number (no NaN) and every move into the wall -inf (any finite
    number when `walls=False`, for tables learned with a reward for the wall). TypeError for
    something that is not an array of floats (a dict of `q_learning` goes through `q_array` first),
    ValueError for the wrong shape or values, or for a `space` given that is not the table's.

    Examples
    --------
    >>> import numpy as np
    >>> q, space = check_table(np.where(state_space(2).neighbours >= 0, 0.0, -np.inf))
    >>> q.shape, space.size
    ((12, 4), 2)
    >>> check_table(np.full((12, 4), np.nan))
    Traceback (most recent call last):
    ...
    ValueError: the table has values that are not finite numbers (NaN or inf) where moves are legal
    >>> check_table(None)
    Traceback (most recent call last):
    ...
    TypeError: the table must be a numpy array of floats, one row per board and 4 columns; got None (NoneType)
    """
    check_type(what, "what", str, "a string (a name for the table in messages)")
    check_bool(walls, "walls")
    if isinstance(q, dict):
        raise TypeError(f"{what} is a dict (board -> values, as q_learning makes); make it an array with q_array")
    kind = getattr(getattr(q, "dtype", None), "kind", None)
    if kind is None and isinstance(q, (list, tuple)):
        try:
            q = np.asarray(q, dtype=float)
            kind = "f"
        except (TypeError, ValueError):
            kind = None
    if kind != "f":
        raise TypeError(f"{what} must be a numpy array of floats, one row per board and 4 columns; "
                        f"got {short_repr(q)} ({type(q).__name__})")
    q = np.asarray(q)
    given, space = space, next((state_space(size) for size in TABLE_SIZES
                                if q.shape == (len(state_space(size).ranks), 4)), None)
    if space is None:
        raise ValueError(f"{what} has shape {q.shape}; a table has shape (12, 4) for 2x2 boards "
                         f"or (181440, 4) for 3x3 boards")
    if given is not None and given is not space:
        raise ValueError(f"space must be the state space of {what}, {space}")
    legal = space.neighbours >= 0
    if not np.isfinite(q[legal]).all():
        raise ValueError(f"{what} has values that are not finite numbers (NaN or inf) where moves are legal")
    if np.isnan(q[~legal]).any() or walls and not (q[~legal] == -np.inf).all():
        raise ValueError(f"{what} has {'values other than -inf' if walls else 'NaN values'} for moves into the wall")
    return q, space


def table_goal(q, goal=None) -> tuple:
    """The goal a table was learned for: an array table's is its state space's (and `goal`, if given, must be it);
    a dict table's is `goal`, by default the usual goal of its boards' size.

    Examples
    --------
    >>> table_goal({(1, 2, 0, 3): [0.5, 1.0, float("-inf"), float("-inf")]})
    (1, 2, 3, 0)
    >>> table_goal(load_table()[0], goal=(1, 2, 3, 4, 5, 6, 7, 0, 8))
    Traceback (most recent call last):
    ...
    ValueError: an array table is learned for the goal (1, 2, 3, 4, 5, 6, 7, 8, 0), not (1, 2, 3, 4, 5, 6, 7, 0, 8)
    """
    if not isinstance(q, dict):
        space = check_table(q, walls=False)[1]
        if goal is not None and check_cells(goal, "goal")[0] != space.goal:
            raise ValueError(f"an array table is learned for the goal {space.goal}, not {tuple(goal)}")
        return space.goal
    if goal is None:
        if not q:
            raise ValueError("an empty table has no boards to tell the puzzle by; pass the goal")
        goal = default_goal(check_cells(next(iter(q)), "a board of the table")[1])
    return check_cells(goal, "goal")[0]


def check_dict_table(q, what: str = "q") -> int | None:
    """Check a table of `q_learning`: a dict, board -> 4 numbers (no NaN), all boards of one size; return the width.

    The width is None for an empty table. The boards may be any boards of that width.

    Examples
    --------
    >>> import math
    >>> check_dict_table({(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf]})
    2
    >>> check_dict_table({(1, 2, 0, 3): 0.5})
    Traceback (most recent call last):
    ...
    ValueError: q gives board (1, 2, 0, 3) the values 0.5; each board needs 4 numbers [Q(u), Q(r), Q(d), Q(l)], none NaN
    """
    if not isinstance(q, dict):
        raise TypeError(f"{what} must be a dict of q_learning (board -> 4 values), "
                        f"got {short_repr(q)} ({type(q).__name__})")
    width = None
    for board, values in q.items():
        cells, size = check_cells(board, f"a board of {what}")
        if width is None:
            width = size
        elif size != width:
            raise ValueError(f"{what} mixes boards of two sizes, {width}x{width} and {size}x{size}")
        _check_values(values, cells, what)
    return width


def check_dict_values(values, board, what: str = "q") -> None:
    """Check one entry of a table of `q_learning`: `board` a board, its `values` 4 numbers, none NaN.

    Examples
    --------
    >>> import math
    >>> check_dict_values([0.5, 1.0, -math.inf, 0.0], (1, 2, 0, 3))
    >>> check_dict_values([0.5, math.nan, 0.0, 0.0], (1, 2, 0, 3))
    Traceback (most recent call last):
    ...
    ValueError: q gives board (1, 2, 0, 3) the values [0.5, nan, 0.0, 0.0]; each board needs 4 numbers ..., none NaN
    """
    _check_values(values, check_cells(board, f"a board of {what}")[0], what)


def _check_values(values, cells: tuple, what: str) -> None:
    if not isinstance(values, (list, tuple)) or len(values) != 4 or not all(
            isinstance(value, (int, float)) and not isinstance(value, bool) and value == value for value in values):
        raise ValueError(f"{what} gives board {cells} the values {short_repr(values)}; each board needs 4 numbers "
                         f"[Q(u), Q(r), Q(d), Q(l)], none NaN")


def check_dict_table_shape(q, what: str = "q") -> int | None:
    """`check_dict_table` for a caller that reads only a few entries and checks each with `check_dict_values`.

    It checks that `q` is a dict, its first entry in full, and that every key has that board's
    length (a quick pass); a table that fails the quick pass gets `check_dict_table`'s full check and
    its message. So a function that follows one path through a table of 181,440 boards does not pay
    for checking all of them on every call.

    Examples
    --------
    >>> import math
    >>> check_dict_table_shape({(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf], (1, 2, 3, 0): [0.0] * 4})
    2
    >>> check_dict_table_shape({(1, 2, 0, 3): [1.0] * 4, (1, 2, 3, 4, 5, 6, 7, 0, 8): [1.0] * 4})
    Traceback (most recent call last):
    ...
    ValueError: q mixes boards of two sizes, 2x2 and 3x3
    """
    if not isinstance(q, dict):
        return check_dict_table(q, what)  # raises its TypeError
    if not q:
        return None
    board, values = next(iter(q.items()))
    cells, width = check_cells(board, f"a board of {what}")
    _check_values(values, cells, what)
    if not all(type(key) is tuple and len(key) == len(cells) for key in q):
        return check_dict_table(q, what)  # finds the key at fault and says what is wrong with it
    return width


def q_array(q: dict, size: int = 3):
    """A table of `q_learning` (board -> 4 values) as an array with the rows of `state_space(size)`.

    Boards the table never saw get 0 for each legal move; moves into the wall are -inf.

    Examples
    --------
    >>> import math
    >>> table = q_array({(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf]}, size=2)
    >>> table.shape, table[state_space(2).row((1, 2, 0, 3))].tolist()
    ((12, 4), [0.81, 1.0, -inf, -inf])
    """
    check_dict_table(q, "q")  # boards, and 4 numbers for each
    space = state_space(size)
    array = np.where(space.neighbours >= 0, 0.0, -np.inf)
    if q:
        boards = [check_cells(board)[0] for board in q]
        wrong = next((board for board in boards if len(board) != size * size or is_token_board(board)), None)
        if wrong is not None:
            raise ValueError(f"board {wrong} of the table is not a board of the {size}x{size} tiles puzzle")
        rows = space.rows(boards)
        if (rows < 0).any():
            bad = boards[int(np.flatnonzero(rows < 0)[0])]
            raise ValueError(f"board {bad} of the table cannot reach the goal {space.goal}")
        array[rows] = np.array(list(q.values()), dtype=float)
    return check_table(array, "the table", walls=False)[0]

"""Keeping pattern databases between sessions: one checked .npz file per pattern in a user cache directory.

No pickle: each file holds plain arrays (the table, its pattern, its goal, a SHA-256 digest of the
table), is written under a temporary name and renamed, and is checked when loaded. A file that
fails a check is rebuilt, with a warning, never trusted.
"""

from __future__ import annotations

import hashlib
import math
import os
import warnings
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ...checks import check_choice
from .building import build_pattern_database
from .placements import count_placements

__all__ = []


def cache_directory() -> Path:
    """Where pattern databases are kept: $PUZZLEKIT_CACHE, else $XDG_CACHE_HOME/puzzlekit, else ~/.cache/puzzlekit.

    Examples
    --------
    >>> import os
    >>> os.environ["PUZZLEKIT_CACHE"] = "/tmp/somewhere"
    >>> str(cache_directory())
    '/tmp/somewhere'
    >>> del os.environ["PUZZLEKIT_CACHE"]
    """
    if os.environ.get("PUZZLEKIT_CACHE"):
        return Path(os.environ["PUZZLEKIT_CACHE"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base).expanduser() / "puzzlekit"


def cache_path(pattern: Sequence[int], goal: Sequence[int]) -> Path:
    """The file of the pattern database of `pattern` for `goal` in `cache_directory()`.

    Examples
    --------
    >>> cache_path([1, 2], (1, 2, 3, 4, 5, 6, 7, 8, 0)).name
    'pdb-3x3-1-2-goal-47001774.npz'
    """
    goal, size, tiles = tuple(goal), math.isqrt(len(goal)), tuple(pattern)  # checked by pattern_databases
    digest = hashlib.sha256(",".join(map(str, goal)).encode()).hexdigest()[:8]
    return cache_directory() / f"pdb-{size}x{size}-{'-'.join(map(str, tiles))}-goal-{digest}.npz"


def save_pattern_database(path: str | os.PathLike, table, pattern: Sequence[int], goal: Sequence[int]) -> Path:
    """Write `table` with its pattern, goal and digest to `path` (a temporary file first, then renamed).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pdb.npz"
    >>> table = build_pattern_database([1, 2])
    >>> bool((load_pattern_database(save_pattern_database(path, table, [1, 2], None), [1, 2], None) == table).all())
    True
    """
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0) if goal is None else tuple(goal)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    table = np.ascontiguousarray(table, np.uint8)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as file:
            np.savez(
                file,
                table=table,
                pattern=np.array(pattern, np.int64),
                goal=np.array(goal, np.int64),
                sha256=np.frombuffer(hashlib.sha256(table.tobytes()).digest(), np.uint8),
            )
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()
    return path


def load_pattern_database(path: str | os.PathLike, pattern: Sequence[int], goal: Sequence[int] | None):
    """The table stored at `path`, after checking it is the database of `pattern` for `goal`, whole and unchanged.

    Raises ValueError (or OSError if the file cannot be read) saying what is wrong.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pdb.npz"
    >>> _ = path.write_bytes(b"not a database")
    >>> load_pattern_database(path, [1, 2], None)
    Traceback (most recent call last):
    ...
    ValueError: pdb.npz is not a pattern database file (not a .npz archive)
    """
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0) if goal is None else tuple(goal)
    size, tiles, path = math.isqrt(len(goal)), tuple(pattern), Path(path)
    try:
        if not zipfile.is_zipfile(path):
            raise zipfile.BadZipFile("not a .npz archive")
        with np.load(path, allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in ("table", "pattern", "goal", "sha256")}
    except (zipfile.BadZipFile, KeyError, EOFError, ValueError) as error:
        raise ValueError(f"{path.name} is not a pattern database file ({error})") from None
    table = arrays["table"]
    if (arrays["pattern"].tolist() != list(tiles) or arrays["goal"].tolist() != list(goal)
            or table.dtype != np.uint8 or table.shape != (count_placements(size * size, len(tiles)),)):
        raise ValueError(f"{path.name} holds another pattern, goal or table than the pattern {list(tiles)} for {goal} "
                         f"needs (it holds a {table.dtype} table of shape {table.shape})")
    if hashlib.sha256(table.tobytes()).digest() != arrays["sha256"].tobytes():
        raise ValueError(f"{path.name} is damaged: its table does not match its SHA-256 digest")
    return table


def cached_pattern_database(pattern: Sequence[int], goal: Sequence[int] | None = None, *, cache=True, progress=None):
    """The pattern database of `pattern` for `goal`: loaded from the cache, or built (and then saved there).

    `cache=False` builds it without reading or writing any file. A cached file that fails its
    checks is rebuilt with a warning; a cache directory that cannot be written only warns.

    Examples
    --------
    >>> cached_pattern_database([1, 2], cache=False).shape
    (72,)
    """
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0) if goal is None else goal
    check_choice(cache, "cache", (True, False))
    path = cache_path(pattern, goal)
    if cache and path.exists():
        try:
            return load_pattern_database(path, pattern, goal)
        except (OSError, ValueError) as error:
            warnings.warn(f"pattern database cache {path} is damaged ({error}); rebuilding it", stacklevel=2)
    table = build_pattern_database(pattern, goal, progress=progress)
    if cache:
        try:
            save_pattern_database(path, table, pattern, goal)
        except OSError as error:
            warnings.warn(f"could not write the pattern database cache {path} ({error}); it is not kept", stacklevel=2)
    return table

"""The Sokobond levels shipped with the course, in data/sokobond/ as text files: `levels()` and `load_level(name)`;
`read_level` takes a shipped level's name or a level's file (the command line's LEVEL)."""

from __future__ import annotations

from pathlib import Path

from ..checks import check_type
from ..datafiles import data_folder
from .level import Level, parse_level

__all__ = ["levels", "load_level"]


def level_folder() -> Path:
    """The folder of the shipped levels: sokobond/ in the data folder (see `puzzlekit.datafiles`).

    Each level is a file NN_name.txt: NN gives the order, `name` the level's name.

    Examples
    --------
    >>> level_folder().name
    'sokobond'
    """
    return data_folder() / "sokobond"


def _files() -> dict[str, Path]:
    folder = level_folder()
    if not folder.is_dir():
        raise FileNotFoundError(f"the Sokobond levels are not where they should be: {folder}")
    return {path.stem.partition("_")[2]: path for path in sorted(folder.glob("[0-9][0-9]_*.txt"))}


def levels() -> list[str]:
    """The names of the shipped levels, from the easiest.

    Examples
    --------
    >>> levels()[0]
    'first'
    >>> len(levels()) >= 11
    True
    """
    return list(_files())


def load_level(name: str) -> Level:
    """The shipped level called `name` (see `levels()`), with its title and shortest solution length.

    Examples
    --------
    >>> level = load_level('first')
    >>> level.shortest, level.elements
    (5, ('H', 'O', 'H'))
    >>> load_level('last')   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no shipped Sokobond level is called 'last'; the levels are 'first', ...
    """
    check_type(name, "name", str, "a level's name (a str, see levels())")
    files = _files()
    if name not in files:
        names = ", ".join(repr(known) for known in files)
        raise ValueError(f"no shipped Sokobond level is called {name!r}; the levels are {names}")
    return parse_level(files[name].read_text(encoding="utf-8"))


def read_level(name: str) -> Level:
    """The shipped level called `name` (see `levels()`), or else the level in the text file at the path `name`.

    Examples
    --------
    >>> read_level('water').title
    'Water'
    >>> read_level('no_such_level')   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'no_such_level' is neither a shipped Sokobond level (first, pair, ...) nor a level's file
    """
    check_type(name, "name", str, "a level's name or a file's path (a str)")
    files = _files()
    if name in files:
        return load_level(name)
    path = Path(name)
    if not path.is_file():
        raise ValueError(f"{name!r} is neither a shipped Sokobond level ({', '.join(files)}) nor a level's file")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"cannot read the level file {name!r}: {error}") from None
    return parse_level(text)

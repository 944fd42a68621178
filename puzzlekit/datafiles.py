"""Where the data files that ship with puzzlekit are: `data_path(name)` finds one, installed or in the repository.

The files live in the repository's top-level `data/` folder; a built wheel carries them inside the
package as `puzzlekit/data/` (pyproject.toml maps the package `puzzlekit.data` to the folder `data`).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

__all__ = ["data_path", "data_folder", "DATA_FOLDERS"]

_HERE = Path(__file__).resolve().parent
# Where to look, in order: inside the installed package (a wheel), then the repository (an editable install or a
# checkout on sys.path).
DATA_FOLDERS = (_HERE / "data", _HERE.parent / "data")


def data_folder() -> Path:
    """The folder that holds the data files: the package's own in a wheel, else the repository's `data/`.

    Examples
    --------
    >>> data_folder().name
    'data'
    """
    return next((folder for folder in DATA_FOLDERS if folder.is_dir()), DATA_FOLDERS[-1])


def data_path(name: str) -> Path:
    """The path of the data file `name` (such as 'qtable_8puzzle.npz'), wherever puzzlekit is installed.

    `name` is relative to the data folder and written with '/' (e.g. 'sokobond/level.txt').

    Raises
    ------
    TypeError : `name` is not a string.
    ValueError : `name` is absolute or climbs out of the folder with '..'.
    FileNotFoundError : no data folder holds the file.

    Examples
    --------
    >>> data_path("qtable_8puzzle.npz").name
    'qtable_8puzzle.npz'
    >>> data_path("../pyproject.toml")
    Traceback (most recent call last):
    ...
    ValueError: name must be a file name inside the data folder, such as 'qtable_8puzzle.npz'; got '../pyproject.toml'
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, the file's name in the data folder; got {type(name).__name__}")
    parts = PurePosixPath(name).parts
    if not parts or name.startswith("/") or "\\" in name or ".." in parts or "\0" in name:
        raise ValueError(
            f"name must be a file name inside the data folder, such as 'qtable_8puzzle.npz'; got {name[:80]!r}"
        )
    for folder in DATA_FOLDERS:
        path = folder.joinpath(*parts)
        if path.is_file():
            return path
    looked = " or ".join(str(folder) for folder in DATA_FOLDERS)
    raise FileNotFoundError(f"no data file {name!r} in {looked}")

"""Where the data files that ship with puzzlekit are: `data_path(name)` finds one, installed or in the repository.

The files live in the repository's top-level `data/` folder; a built wheel carries them inside the
package as `puzzlekit/data/` (pyproject.toml maps the package `puzzlekit.data` to the folder `data`).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

__all__ = ["data_path", "data_folder", "DATA_FOLDERS", "read_npy_member"]

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


def read_npy_member(archive, name: str, what: str, accept, expected: str, writer: str):
    """The array `name` (a `.npy` member of the open zip `archive`), its header checked by `accept(dtype, shape)`
    before any data is read: never a pickle, never more data than the header promises.

    `what` starts every message ("x.npz is not a puzzlekit table file"), `expected` says what `accept` wants
    and `writer` names the function that writes such files.

    Examples
    --------
    >>> import io, zipfile, numpy as np
    >>> buffer = io.BytesIO()
    >>> np.savez(buffer, q=np.zeros((2, 4), np.float32))
    >>> archive = zipfile.ZipFile(buffer)
    >>> read_npy_member(archive, "q", "t.npz", lambda dtype, shape: shape == (2, 4), "2x4", "save_table").shape
    (2, 4)
    >>> read_npy_member(archive, "q", "t.npz", lambda dtype, shape: shape == (3, 4), "floats of shape (3, 4)", "save_table")
    Traceback (most recent call last):
    ...
    ValueError: t.npz: its array 'q' is float32 of shape (2, 4), expected floats of shape (3, 4)
    """
    import math

    import numpy as np

    with archive.open(name + ".npy") as file:
        try:
            version = np.lib.format.read_magic(file)
            if version == (1, 0):
                shape, fortran_order, dtype = np.lib.format.read_array_header_1_0(file)
            elif version == (2, 0):
                shape, fortran_order, dtype = np.lib.format.read_array_header_2_0(file)
            else:
                raise ValueError(f"numpy format version {version} is not one {writer} writes")
        except (ValueError, SyntaxError, TypeError) as error:
            raise ValueError(f"{what}: its array {name!r} has no valid numpy header ({error})") from None
        if dtype.hasobject or not accept(dtype, shape):
            kind = "Python objects (a pickle, never read)" if dtype.hasobject else dtype
            raise ValueError(f"{what}: its array {name!r} is {kind} of shape {shape}, expected {expected}")
        count = math.prod(shape)
        data = file.read(count * dtype.itemsize)
        if len(data) != count * dtype.itemsize:
            raise ValueError(f"{what}: its array {name!r} is cut short, the file may be damaged")
    return np.frombuffer(data, dtype).reshape(shape, order="F" if fortran_order else "C").copy()

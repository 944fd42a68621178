"""Where the data files that ship with puzzlekit are: `data_path(name)` finds one, installed or in the repository.

The files live in the repository's top-level `data/` folder; a built wheel carries them inside the
package as `puzzlekit/data/` (pyproject.toml maps the package `puzzlekit.data` to the folder `data`).
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath

import numpy as np

from .checks import check_type, short_repr

__all__ = ["data_path"]

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
    check_type(name, "name", str, "a str, the file's name in the data folder")
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
    >>> read_npy_member(archive, "q", "t.npz", lambda dtype, shape: shape == (3, 4), "floats of shape (3, 4)",
    ...                 "save_table")
    Traceback (most recent call last):
    ...
    ValueError: t.npz: its array 'q' is float32 of shape (2, 4), expected floats of shape (3, 4)
    """
    import math

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


def parse_metadata(text: str, what: str, *, file_format: str, version: int, kind: str, max_depth: int = 32) -> dict:
    """The JSON metadata of a data file, checked: nested at most `max_depth` deep, a dict of this format and version.

    `what` starts the messages about a damaged file; `kind` names the file in the message about its version.

    Examples
    --------
    >>> parse_metadata('{"format": "f", "version": 1, "size": 3}', "t.npz", file_format="f", version=1, kind="t.npz")
    {'format': 'f', 'version': 1, 'size': 3}
    >>> parse_metadata('{"format": "f", "version": true}', "t.npz", file_format="f", version=1, kind="t.npz")
    Traceback (most recent call last):
    ...
    ValueError: t.npz is of format version True; this puzzlekit reads version 1
    """
    if json_depth(text) > max_depth:
        raise ValueError(f"{what}: its metadata is nested more than {max_depth} deep")
    try:
        metadata = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ValueError(f"{what}: its metadata is not valid JSON ({error})") from None
    if not isinstance(metadata, dict) or metadata.get("format") != file_format:
        found = metadata.get("format") if isinstance(metadata, dict) else type(metadata).__name__
        raise ValueError(f"{what}: its format is {short_repr(found)}, expected {file_format!r}")
    if type(metadata.get("version")) is not int or metadata["version"] != version:  # true == 1 in Python
        raise ValueError(f"{kind} is of format version {short_repr(metadata.get('version'))}; "
                         f"this puzzlekit reads version {version}")
    return metadata


def metadata_json(header: dict, metadata: dict, writer: str, *, max_characters: int = 100_000,
                  max_depth: int = 32) -> str:
    """The JSON text of a data file's metadata: `header`, which `writer` sets, and the caller's `metadata`, checked:
    no key of the header replaced, JSON (TypeError otherwise), finite, at most `max_characters` long and
    `max_depth` deep (ValueError otherwise), so that what is written can be read back.

    Examples
    --------
    >>> metadata_json({"format": "f"}, {"trainer": "by hand"}, "save_table")
    '{"format": "f", "trainer": "by hand"}'
    >>> metadata_json({"format": "f"}, {"format": "g"}, "save_table")
    Traceback (most recent call last):
    ...
    ValueError: metadata may not replace ['format']: save_table writes those itself
    """
    clash = set(header) & set(metadata)
    if clash:
        raise ValueError(f"metadata may not replace {sorted(clash)}: {writer} writes those itself")
    try:
        text = json.dumps({**header, **metadata}, allow_nan=False)
    except TypeError as error:
        raise TypeError(f"metadata must be JSON: numbers, strings, lists and dicts ({error})") from None
    except (ValueError, RecursionError) as error:
        raise ValueError(f"metadata must be finite JSON, not circular or too deep ({error})") from None
    if len(text) > max_characters or json_depth(text) > max_depth:
        raise ValueError(f"metadata must be at most {max_characters:,} characters of JSON, nested at most "
                         f"{max_depth} deep")
    return text


def json_depth(text: str) -> int:
    """The deepest nesting of brackets in a JSON text, brackets inside strings left out.

    Examples
    --------
    >>> json_depth('{"a": [1, [2]], "b": "[[["}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest

"""The network file: `save_network` writes a network as a .npz archive with JSON metadata, no pickle.

`load_network` reads one back, checking each array's header (type and shape) before it reads its data, the shapes
against each other and every value finite: a damaged or mismatched file is refused with a message that says why.
"""

from __future__ import annotations

import os
import zipfile
import zlib
from pathlib import Path

import numpy as np

from ...checks import check_type, short_repr
from ...datafiles import data_path, metadata_json, parse_metadata, read_npy_member
from ..qtable import check_output
from .network import Network

__all__ = ["load_network"]

FORMAT, VERSION = "puzzlekit-network", 1
MAX_LAYERS = 16
MAX_PARAMETERS = 10_000_000  # a file may not make load_network allocate more than this many float32
_METADATA_CHARACTERS = 100_000


def save_network(file_name: str | os.PathLike, network: Network, **metadata) -> Path:
    """Write `network` to a .npz file (`weights_0`, `biases_0`, ... and a JSON string `metadata`); return the path.

    The file is written under a temporary name in the same folder, then renamed, so an interrupted save never
    leaves half a file. Keyword arguments go into the metadata (they must be JSON: the encoding, the training
    settings, ...).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from puzzlekit.learning.neural.network import new_network
    >>> path = save_network(pathlib.Path(tempfile.mkdtemp()) / "tiny.npz", new_network([4, 3, 1]), encoding="one_hot")
    >>> network, metadata = load_network(path)
    >>> network.sizes, metadata["encoding"]
    ([4, 3, 1], 'one_hot')
    """
    check_type(network, "network", Network, "a Network")
    path = check_output(file_name, probe=False)
    _check_layers(network.weights, network.biases, str(path))
    header = {"format": FORMAT, "version": VERSION, "sizes": network.sizes}
    text = metadata_json(header, metadata, "save_network", max_characters=_METADATA_CHARACTERS)
    arrays = {f"weights_{i}": w for i, w in enumerate(network.weights)}
    arrays.update({f"biases_{i}": b for i, b in enumerate(network.biases)})
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as file:
            np.savez_compressed(file, metadata=np.array(text), **arrays)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def load_network(file_name: str | os.PathLike, *, inputs: int | None = None) -> tuple[Network, dict]:
    """Read a network written by `save_network` (a name without a folder is looked up in `data/`);
    return `(network, metadata)`.

    `inputs`, if given, is the width the network's first layer must have (81 for one-hot 8-puzzle boards).
    ValueError, saying what is wrong, for a file that is not a numpy archive, is damaged, holds something else,
    has layers whose shapes do not chain, or holds NaN or infinite values. Nothing is ever unpickled.

    Examples
    --------
    >>> network, metadata = load_network("network_8puzzle_davi.npz", inputs=81)
    >>> network.sizes[0], metadata["training"]
    (81, 'davi')
    >>> load_network("network_8puzzle_davi.npz", inputs=256)
    Traceback (most recent call last):
    ...
    ValueError: network_8puzzle_davi.npz has 81 inputs, expected 256
    """
    check_type(file_name, "file_name", (str, os.PathLike), "a str or a path")
    path = Path(file_name)
    if not path.exists() and path.parent == Path(".") and str(path):
        try:
            path = data_path(path.name)
        except (FileNotFoundError, ValueError):
            pass
    if not path.is_file():
        raise FileNotFoundError(f"no network file at {file_name}")
    what = f"{path.name} is not a puzzlekit network file"
    unreadable = (OSError, EOFError, zlib.error, NotImplementedError, RuntimeError)
    try:
        with zipfile.ZipFile(path) as archive:
            names = {name.removesuffix(".npy") for name in archive.namelist()}
            if "metadata" not in names:
                raise ValueError(f"{what}: it holds no 'metadata' (it holds {sorted(names)[:10]})")
            text = str(read_npy_member(archive, "metadata", what, lambda dtype, shape: dtype.kind == "U" and shape == ()
                                       and dtype.itemsize <= 4 * _METADATA_CHARACTERS, "a JSON string", "save_network"))
            metadata = parse_metadata(text, what, file_format=FORMAT, version=VERSION,
                                      kind=f"{path.name} (a network file)")
            sizes = metadata.get("sizes")
            if (not isinstance(sizes, list) or not 2 <= len(sizes) <= MAX_LAYERS + 1
                    or not all(type(s) is int and s >= 1 for s in sizes) or sizes[-1] != 1
                    or sum(m * n + n for m, n in zip(sizes, sizes[1:])) > MAX_PARAMETERS):
                raise ValueError(f"{what}: its layer sizes {short_repr(sizes)} are not those of a network of at most "
                                 f"{MAX_LAYERS} layers and {MAX_PARAMETERS:,} parameters ending in 1 output")
            layers = len(sizes) - 1
            expected = {"metadata"} | {f"{kind}_{i}" for kind in ("weights", "biases") for i in range(layers)}
            if names != expected:
                raise ValueError(f"{what}: it holds the arrays {sorted(names)[:10]}, expected {sorted(expected)}")
            weights = [read_npy_member(archive, f"weights_{i}", what, lambda d, s, i=i: d == np.float32
                                       and s == (sizes[i], sizes[i + 1]),
                                       f"float32 of shape {(sizes[i], sizes[i + 1])}, as its layer sizes say",
                                       "save_network") for i in range(layers)]
            biases = [read_npy_member(archive, f"biases_{i}", what, lambda d, s, i=i: d == np.float32
                                      and s == (sizes[i + 1],), f"float32 of shape {(sizes[i + 1],)}, as its layer "
                                      "sizes say", "save_network") for i in range(layers)]
    except zipfile.BadZipFile as error:
        raise ValueError(f"{what}: it is not a numpy .npz archive ({error})") from None
    except unreadable as error:
        raise ValueError(f"{what}: its arrays cannot be read, the file may be damaged "
                         f"({type(error).__name__}: {error})") from None
    _check_layers(weights, biases, path.name)
    if inputs is not None and sizes[0] != inputs:
        raise ValueError(f"{path.name} has {sizes[0]} inputs, expected {inputs}")
    return Network(weights, biases), metadata


def _check_layers(weights: list, biases: list, name: str) -> None:
    """Each layer float32 with finite values (`Network` checks, when it is made, that the shapes chain)."""
    for i, (w, b) in enumerate(zip(weights, biases)):
        if w.dtype != np.float32 or b.dtype != np.float32 or not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise ValueError(f"{name}: layer {i} must be float32 with finite values (no NaN or infinity), "
                             f"got weights {w.dtype} and biases {b.dtype}")

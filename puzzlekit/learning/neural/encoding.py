"""What a network sees of a board: one-hot tile positions, or a few hand-made features such as Manhattan distance.

Both take a (count, cells) batch of boards (`batches`) and return a float32 array, one row per board.
"""

from __future__ import annotations

from ...checks import check_int
from ...sliding.grid import MAX_SIZE
from .batches import check_batch

__all__ = ["one_hot", "tile_distances", "one_hot_and_distances", "ENCODINGS", "encode", "input_width"]


def one_hot(boards, size: int):
    """Where each tile is: entry `tile * cells + cell` is 1 when `tile` is on `cell` (the blank is tile 0).

    cells x cells inputs (81 for the 8-puzzle, 256 for the 15-puzzle), of which exactly `cells` are 1.

    Examples
    --------
    >>> import numpy as np
    >>> x = one_hot(np.array([[1, 2, 3, 0]]), 2)
    >>> x.shape, x[0].reshape(4, 4).tolist()[0]   # tile 0, the blank, is on cell 3
    ((1, 16), [0.0, 0.0, 0.0, 1.0])
    """
    import numpy as np

    boards = check_batch(boards, size).astype(np.int64)
    cells = size * size
    x = np.zeros((len(boards), cells * cells), np.float32)
    rows = np.arange(len(boards))[:, None]
    x[rows, boards * cells + np.arange(cells)] = 1
    return x


def tile_distances(boards, size: int):
    """Hand-made features: each tile's Manhattan distance to its goal cell (tiles 1..cells-1), then their sum.

    The goal is the tiles in order, blank last. The sum is the Manhattan heuristic of chapter 4.

    Examples
    --------
    >>> import numpy as np
    >>> tile_distances(np.array([[1, 2, 0, 3]]), 2).tolist()
    [[0.0, 0.0, 1.0, 1.0]]
    """
    import numpy as np

    boards = check_batch(boards, size).astype(np.int64)
    cells = size * size
    where = np.argsort(boards, axis=1)[:, 1:]  # the cell of tiles 1..cells-1
    home = np.arange(cells - 1)
    distance = np.abs(where // size - home // size) + np.abs(where % size - home % size)
    return np.concatenate([distance, distance.sum(axis=1, keepdims=True)], axis=1).astype(np.float32)


def one_hot_and_distances(boards, size: int):
    """Both: the one-hot tile positions, then `tile_distances` scaled to about 0..1 (each tile's by the longest
    distance a tile can be from home, the sum by the number of cells times the board's width less one).

    Examples
    --------
    >>> import numpy as np
    >>> one_hot_and_distances(np.array([[1, 2, 0, 3]]), 2).shape
    (1, 20)
    """
    import numpy as np

    features = tile_distances(boards, size)
    features[:, :-1] /= 2 * (size - 1)
    features[:, -1] /= size * size * (size - 1)
    return np.concatenate([one_hot(boards, size), features], axis=1)


ENCODINGS = {"one_hot": one_hot, "tile_distances": tile_distances, "one_hot_and_distances": one_hot_and_distances}


def input_width(encoding: str, size: int) -> int:
    """How many inputs an encoding gives a board of width `size`.

    Examples
    --------
    >>> input_width("one_hot", 3), input_width("tile_distances", 3)
    (81, 9)
    """
    if not isinstance(encoding, str) or encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {sorted(ENCODINGS)}, got {encoding!r}")
    cells = check_int(size, "size", minimum=2, maximum=MAX_SIZE) ** 2
    return {"one_hot": cells * cells, "tile_distances": cells, "one_hot_and_distances": cells * cells + cells}[encoding]


def encode(boards, size: int, encoding: str = "one_hot"):
    """`ENCODINGS[encoding](boards, size)`, the encoding named by its string.

    Examples
    --------
    >>> import numpy as np
    >>> encode(np.array([[1, 2, 3, 0]]), 2, "tile_distances").tolist()
    [[0.0, 0.0, 0.0, 0.0]]
    """
    if not isinstance(encoding, str) or encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {sorted(ENCODINGS)}, got {encoding!r}")
    return ENCODINGS[encoding](boards, size)

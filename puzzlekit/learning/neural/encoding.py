"""What a network sees of a board: one-hot tile positions, a few hand-made features such as Manhattan distance, or
the entries of pattern databases (`PatternDatabaseInputs`).

Each takes a (count, cells) batch of boards (`batches`) and returns a float32 array, one row per board. The first
three need nothing but the board and are named by a string (`ENCODINGS`); pattern-database inputs need the tables,
so that encoding is an object holding them, passed wherever a name would be (`encode`, `DaviSettings`,
`network_heuristic`).
"""

from __future__ import annotations

import numpy as np

from ...checks import check_bool, check_int, short_repr
from ...sliding.grid import MAX_SIZE
from .batches import check_batch

__all__ = ["one_hot", "tile_distances", "PatternDatabaseInputs", "encode"]


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
    features = tile_distances(boards, size)
    features[:, :-1] /= 2 * (size - 1)
    features[:, -1] /= size * size * (size - 1)
    return np.concatenate([one_hot(boards, size), features], axis=1)


ENCODINGS = {"one_hot": one_hot, "tile_distances": tile_distances, "one_hot_and_distances": one_hot_and_distances}


class PatternDatabaseInputs:
    """Pattern-database entries as inputs (Samadi, Felner and Schaeffer, 2008): a network that sees what an
    additive heuristic sees, the moves each pattern's tiles need, and learns how to combine them.

    One input per pattern (its table's entry for the board), and as many again for the board mirrored about the
    diagonal when the databases read it too (`reflect=True`), each divided by its table's largest entry so that it
    lies in 0..1. With `one_hot=True` the one-hot tile positions come first. The object holds the tables: make it
    once and pass it as the `encoding` (`encode`, `DaviSettings`, `network_heuristic`). Its `name` is
    'pattern_databases' or 'one_hot_and_pattern_databases'.

    Examples
    --------
    >>> import numpy as np
    >>> from puzzlekit.sliding.fifteen import pattern_databases
    >>> databases = pattern_databases([[1, 2, 3, 4], [5, 6, 7, 8]], cache=False, reflect=True)
    >>> inputs = PatternDatabaseInputs(databases)
    >>> inputs, inputs.width
    (PatternDatabaseInputs(1-2-3-4, 5-6-7-8; reflect, 4 inputs), 4)
    >>> board = (8, 6, 7, 2, 5, 4, 3, 0, 1)
    >>> databases.parts(board), inputs.entries(np.array([board]), 3).tolist()
    ([14, 15], [[14, 15, 14, 15]])
    """

    def __init__(self, databases, *, one_hot: bool = False):
        from ...sliding.board import default_goal
        from ...sliding.fifteen.databases import PatternDatabases

        if not isinstance(databases, PatternDatabases):
            raise TypeError(f"databases must be a PatternDatabases (puzzlekit.sliding.fifteen.pattern_databases), "
                            f"got {short_repr(databases)}")
        if databases.goal != default_goal(databases.size):
            raise ValueError(f"databases must be built for the goal {default_goal(databases.size)} (tiles in order, "
                             f"blank last), the goal the network learns; they are for {databases.goal}")
        self.one_hot = check_bool(one_hot, "one_hot")
        self.size, self.patterns, self.reflect = databases.size, databases.partition, databases.reflect
        self.tables = [np.frombuffer(table, np.uint8) for table in databases.sparse_tables()]
        self.scales = [float(max(1, table.max())) for table in self.tables]
        self.name = "one_hot_and_pattern_databases" if one_hot else "pattern_databases"
        entries = len(self.patterns) * (2 if self.reflect else 1)
        self.width = entries + (self.size ** 4 if one_hot else 0)

    def __repr__(self) -> str:
        patterns = ", ".join("-".join(map(str, pattern)) for pattern in self.patterns)
        return (f"PatternDatabaseInputs({patterns}{'; reflect' if self.reflect else ''}"
                f"{'; one-hot' if self.one_hot else ''}, {self.width} inputs)")

    def entries(self, boards, size: int):
        """Each pattern's table entry for each board (then for its reflection), unscaled: a (count, inputs) array."""
        from ...sliding.fifteen.placements import sparse_index
        from .batches import reflect

        boards = self._check(boards, size)
        cells = size * size
        columns = []
        for batch in (boards, reflect(boards, size)) if self.reflect else (boards,):
            where = np.empty(batch.shape, np.int64)  # where[row, tile] = the cell of the tile
            where[np.arange(len(batch))[:, None], batch] = np.arange(cells)
            columns += [table[sparse_index(where[:, list(pattern)], cells)]
                        for pattern, table in zip(self.patterns, self.tables)]
        return np.stack(columns, axis=1)

    def __call__(self, boards, size: int):
        """The inputs of a (count, cells) batch of boards: the scaled entries, after the one-hot positions if asked."""
        scales = np.array(self.scales * (2 if self.reflect else 1), np.float32)  # a board's, then its reflection's
        scaled = (self.entries(boards, size) / scales).astype(np.float32)
        return np.concatenate([one_hot(boards, size), scaled], axis=1) if self.one_hot else scaled

    def _check(self, boards, size: int):
        return check_batch(boards, self._check_size(size))

    def _check_size(self, size) -> int:
        size = check_int(size, "size", minimum=2, maximum=MAX_SIZE)
        if size != self.size:
            raise ValueError(f"these pattern databases are for {self.size}x{self.size} boards, got size {size}")
        return size


def check_encoding(encoding):
    """`encoding` itself, after checking it is a name in `ENCODINGS` or a `PatternDatabaseInputs`.

    Examples
    --------
    >>> check_encoding("one_hot")
    'one_hot'
    >>> check_encoding("pixels")
    Traceback (most recent call last):
    ...
    ValueError: encoding must be one of ['one_hot', 'one_hot_and_distances', 'tile_distances'] or ..., got 'pixels'
    """
    if isinstance(encoding, PatternDatabaseInputs) or (isinstance(encoding, str) and encoding in ENCODINGS):
        return encoding
    raise ValueError(f"encoding must be one of {sorted(ENCODINGS)} or a PatternDatabaseInputs, "
                     f"got {short_repr(encoding)}")


def encoding_name(encoding) -> str:
    """The name of an encoding, for a file's metadata: the string itself, or a `PatternDatabaseInputs`' `name`.

    Examples
    --------
    >>> encoding_name("one_hot")
    'one_hot'
    """
    return encoding if isinstance(encoding, str) else encoding.name


def input_width(encoding, size: int) -> int:
    """How many inputs an encoding gives a board of width `size`.

    Examples
    --------
    >>> input_width("one_hot", 3), input_width("tile_distances", 3)
    (81, 9)
    """
    encoding = check_encoding(encoding)
    cells = check_int(size, "size", minimum=2, maximum=MAX_SIZE) ** 2
    if isinstance(encoding, PatternDatabaseInputs):
        encoding._check_size(size)
        return encoding.width
    return {"one_hot": cells * cells, "tile_distances": cells, "one_hot_and_distances": cells * cells + cells}[encoding]


def encode(boards, size: int, encoding="one_hot"):
    """The boards through `encoding`: `ENCODINGS[encoding](boards, size)` for a name, `encoding(boards, size)` for a
    `PatternDatabaseInputs`.

    Examples
    --------
    >>> import numpy as np
    >>> encode(np.array([[1, 2, 3, 0]]), 2, "tile_distances").tolist()
    [[0.0, 0.0, 0.0, 0.0]]
    """
    encoding = check_encoding(encoding)
    return ENCODINGS[encoding](boards, size) if isinstance(encoding, str) else encoding(boards, size)

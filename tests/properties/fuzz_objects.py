"""Strategies for the package's own objects: heuristics, callbacks, Q-tables, table files, environments, settings.

Table files are written into `workdir()`, a folder the test session sets (see `use_workdir`).
"""

from __future__ import annotations

import importlib
import io
import itertools
import json
import math
import zipfile
from functools import cache
from pathlib import Path

import numpy as np
from fuzz_values import (
    BOARDS,
    CHEAP_BOARDS,
    NON_TEXT_BOARDS,
    SUN_MOON,
    SUN_MOON_GOAL,
    Arg,
    bad,
    cheap_boards,
    good,
    permutations_of,
)
from hypothesis import strategies as st

# Where the public names live. Some may move while the package is refactored; `public` looks in each.
PUBLIC_MODULES = [
    "puzzlekit", "puzzlekit.sliding.board", "puzzlekit.sliding.grid", "puzzlekit.checks", "puzzlekit.search",
    "puzzlekit.learning.tabular", "puzzlekit.sliding.environment", "puzzlekit.learning.learned",
    "puzzlekit.sliding.heuristics", "puzzlekit.sliding.distances", "puzzlekit.sliding.game", "puzzlekit.problem",
    "puzzlekit.sliding.display", "puzzlekit.learning.textbook", "puzzlekit.sliding.spaces",
    "puzzlekit.learning.wrappers", "puzzlekit.interfaces.policy_picture", "puzzlekit.learning.dynamic_programming",
    "puzzlekit.learning.neural", "puzzlekit.solving",
]
TABLE_MODULES = ["puzzlekit.learning.qtable", "puzzlekit.sliding.state_space", "puzzlekit.learning.tabular",
                 "puzzlekit"]


def public(name: str, modules=None):
    """The public object `name` from the first module (of the table modules, then the public ones) that has it."""
    for module_name in modules or TABLE_MODULES + PUBLIC_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        if name in getattr(module, "__all__", ()):
            return getattr(module, name)
    raise LookupError(f"no public {name!r} in {modules or TABLE_MODULES + PUBLIC_MODULES}")


_WORKDIR: list[Path] = []
_numbers = itertools.count()


def use_workdir(path: Path) -> None:
    """Set the folder the file strategies write into."""
    _WORKDIR[:] = [Path(path)]


def workdir() -> Path:
    if not _WORKDIR:
        raise RuntimeError("the property suite's work folder is not set (the fuzz_workdir fixture sets it)")
    return _WORKDIR[0]


def fresh(suffix: str = ".npz") -> Path:
    return workdir() / f"f{next(_numbers)}{suffix}"


# --- Q-tables ------------------------------------------------------------------------------------


@cache
def shipped_table():
    """The table that ships (3x3, read-only)."""
    return public("load_table")()[0]


@cache
def small_table():
    """A 2x2 table: a learned-looking value for each legal move, -inf for the wall."""
    neighbours = public("state_space")(2).neighbours
    values = np.linspace(0.1, 0.9, neighbours.size).reshape(neighbours.shape)
    return np.where(neighbours >= 0, values, -np.inf)


def _spoil(kind: str):
    """A 2x2 table with one thing wrong."""
    table = small_table().copy()
    legal = np.isfinite(table)
    if kind == "nan":
        table[legal] = np.nan
    elif kind == "one nan":
        table[np.argwhere(legal)[0][0], np.argwhere(legal)[0][1]] = np.nan
    elif kind == "+inf":
        table[legal] = np.inf
    elif kind == "no walls":
        table = np.zeros_like(table)
    elif kind == "object":
        table = table.astype(object)
    elif kind == "strings":
        table = table.astype(str)
    elif kind == "ints":
        table = np.zeros(table.shape, dtype=np.int64)
    elif kind == "bools":
        table = legal
    elif kind == "complex":
        table = table.astype(complex)
    elif kind == "3 columns":
        table = table[:, :3]
    elif kind == "extra row":
        table = np.vstack([table, table[:1]])
    elif kind == "transposed":
        table = table.T
    elif kind == "1-d":
        table = table.ravel()
    elif kind == "3-d":
        table = table[None]
    elif kind == "list":
        return table.tolist()
    return table


SPOILED = ["nan", "one nan", "+inf", "no walls", "object", "strings", "ints", "bools", "complex", "3 columns",
           "extra row", "transposed", "1-d", "3-d", "list"]


def _dict_table(boards):
    return {tuple(b): [0.5 if i % 2 else 0.25, 0.75, -math.inf, 1.0] for i, b in enumerate(boards)}


GARBAGE_DICTS = [
    {"x": [1.0, 1.0, 1.0, 1.0]},
    {(1, 2, 0, 3): [math.nan] * 4},
    {(1, 2, 0, 3): [1.0]},
    {(1, 2, 0, 3): ["a", "b", "c", "d"]},
    {(1, 2, 0, 3): None},
    {(1, 2, 0, 3): 0.5},
    {(1, 2, 0): [1.0, 1.0, 1.0, 1.0]},
    {(1, 2, 0, 3): [1.0] * 4, (1, 2, 3, 4, 5, 6, 7, 0, 8): [1.0] * 4},
    {5: [1.0] * 4},
    {None: [1.0] * 4},
]

Q_TABLES = st.one_of(
    good(st.sampled_from(["shipped", "small"]).map(lambda k: shipped_table() if k == "shipped" else small_table())),
    good(st.lists(permutations_of(2), max_size=4).map(_dict_table)),
    good(st.just({})),
    # nested lists are the same table to numpy; finite walls are a table learned with a reward for the wall
    good(st.sampled_from(["list", "no walls"]).map(_spoil)),
    bad(st.sampled_from([kind for kind in SPOILED if kind not in ("list", "no walls")]).map(_spoil)),
    bad(st.sampled_from(GARBAGE_DICTS)),
    bad(st.sampled_from([None, 5, "q", 1.5, [], [[0.0] * 4], (), np.array(0.5), np.zeros((0, 4)), np.zeros((5, 4)),
                         np.zeros(4), set(), object()])),
)
SMALL_Q_TABLES = st.one_of(good(st.just("small").map(lambda _: small_table())), Q_TABLES)


# --- Heuristics and callbacks --------------------------------------------------------------------


def returning(value):
    def h(board, *rest):
        return value

    h.__qualname__ = f"returning({value!r})"
    return h


HEURISTIC_NAMES = ["misplaced", "manhattan", "linear_conflict"]
HEURISTICS = st.one_of(  # heuristics a search calls: a NaN or a string must be refused when it arrives
    good(st.sampled_from(HEURISTIC_NAMES)),
    good(st.sampled_from(HEURISTIC_NAMES).map(lambda name: public(name))),
    good(st.sampled_from([returning(0), returning(1), returning(-1), returning(math.inf), returning(2.5),
                          returning(np.float32(1)), returning(10**30)])),
    bad(st.sampled_from(["euclid", "", "Manhattan ", None, 5, 1.5, math.nan, ["manhattan"], ("manhattan",),
                         {"h": 1}, {"manhattan"}, b"manhattan", object()])),
    bad(st.sampled_from([returning(math.nan), returning("far"), returning(None), returning([1]),
                         returning(1j), returning(np.nan), returning(-math.inf)])),
)
STORED_HEURISTICS = st.one_of(  # heuristics stored for later (not called now): only their kind can be checked
    good(st.sampled_from(HEURISTIC_NAMES)),
    good(st.sampled_from([returning(0), returning(math.nan), returning("far")])),
    bad(st.sampled_from(["euclid", "", None, 5, 1.5, ["manhattan"], {"h": 1}, b"manhattan", object()])),
)
UNEXPLORED = st.one_of(STORED_HEURISTICS, good(st.sampled_from([0, 1, 2.5])), bad(st.sampled_from([math.nan, -1])))


def quiet(*args, **kwargs):
    return None


def stopper(*args, **kwargs):
    return True


def unwritten(*args, **kwargs):
    """A student's function not written yet."""
    raise NotImplementedError


CALLBACKS = st.one_of(
    good(st.sampled_from([None, quiet, stopper, print])),
    bad(st.sampled_from([5, "print", [quiet], (quiet,), True, 1.5, {"f": quiet}, b"x", object()])),
)


# --- Table files -----------------------------------------------------------------------------------


def _zip(members: dict) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _npy(array) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=True)
    return buffer.getvalue()


def _npy_header(shape, descr="<f8") -> bytes:
    """An .npy file whose header declares `shape` but which holds only a few bytes of data."""
    header = repr({"descr": descr, "fortran_order": False, "shape": tuple(shape)}).encode()
    header += b" " * (63 - (len(header) + 10) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + b"\x00" * 64


def _metadata(**changes) -> str:
    text = {"format": "puzzlekit-qtable", "version": 1, "puzzle": "3-puzzle", "size": 2, "goal": [1, 2, 3, 0],
            "rows": "boards", "columns": ["u", "r", "d", "l"], "wall": "-inf"}
    text.update(changes)
    return json.dumps(text)


def _archive(q=None, metadata=None, **extra) -> bytes:
    members = {}
    if q is not None:
        members["q.npy"] = _npy(q)
    if metadata is not None:
        members["metadata.npy"] = _npy(np.array(metadata))
    members.update({f"{name}.npy": data for name, data in extra.items()})
    return _zip(members)


def _valid_file_bytes() -> bytes:
    path = fresh()
    public("save_table")(path, small_table())
    return path.read_bytes()


def _nested(depth: int) -> list:
    """A list nested `depth` deep, built without recursion."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


DEEP = "[" * 100_000 + "]" * 100_000
RECIPES = {
    # name: (bytes or a function making them, garbage?)
    "valid": (_valid_file_bytes, False),
    "truncated": (lambda: _valid_file_bytes()[:200], True),
    "truncated late": (lambda: _valid_file_bytes()[:-30], True),
    "empty": (lambda: b"", True),
    "text": (lambda: b"q = [[1, 2, 3, 4]]\n", True),
    "random bytes": (lambda: bytes(range(256)) * 8, True),
    "raw members": (lambda: _zip({"q.npy": b"not an array", "metadata.npy": b"{}"}), True),
    "raw other names": (lambda: _zip({"q": b"x", "metadata": b"y"}), True),
    "huge shape": (lambda: _zip({"q.npy": _npy_header((10**12, 4)), "metadata.npy": _npy(np.array(_metadata()))}),
                   True),
    "huge metadata shape": (lambda: _zip({"q.npy": _npy(small_table()), "metadata.npy": _npy_header((10**13,), "<U9")}),
                            True),
    "negative shape": (lambda: _zip({"q.npy": _npy_header((-1, 4)), "metadata.npy": _npy(np.array(_metadata()))}),
                       True),
    "deep json": (lambda: _archive(small_table(), DEEP), True),
    "deep json object": (lambda: _archive(small_table(), '{"a":' * 50_000 + "1" + "}" * 50_000), True),
    "json list": (lambda: _archive(small_table(), "[1, 2, 3]"), True),
    "json null": (lambda: _archive(small_table(), "null"), True),
    "not json": (lambda: _archive(small_table(), "format: puzzlekit"), True),
    "wrong format": (lambda: _archive(small_table(), _metadata(format="other")), True),
    "format list": (lambda: _archive(small_table(), _metadata(format=["puzzlekit-qtable"])), True),
    "version 99": (lambda: _archive(small_table(), _metadata(version=99)), True),
    "version list": (lambda: _archive(small_table(), _metadata(version=[1])), True),
    "size 4": (lambda: _archive(small_table(), _metadata(size=4)), True),
    "size 10**9": (lambda: _archive(small_table(), _metadata(size=10**9)), True),
    "size list": (lambda: _archive(small_table(), _metadata(size=[2])), True),
    "size true": (lambda: _archive(small_table(), _metadata(size=True)), True),
    "goal wrong": (lambda: _archive(small_table(), _metadata(goal=[0, 1, 2, 3])), True),
    "goal dict": (lambda: _archive(small_table(), _metadata(goal={"a": 1})), True),
    "no metadata": (lambda: _archive(small_table()), True),
    "no q": (lambda: _archive(None, _metadata()), True),
    "extra member": (lambda: _archive(small_table(), _metadata(), extra=_npy(np.zeros(3))), True),
    "metadata ints": (lambda: _zip({"q.npy": _npy(small_table()), "metadata.npy": _npy(np.arange(3))}), True),
    "metadata bytes": (lambda: _zip({"q.npy": _npy(small_table()), "metadata.npy": _npy(np.array(b"{}"))}), True),
    "pickled q": (lambda: _archive(small_table().astype(object), _metadata()), True),
    "pickled metadata": (lambda: _zip({"q.npy": _npy(small_table()),
                                       "metadata.npy": _npy(np.array({"format": 1}, dtype=object))}), True),
    "nan q": (lambda: _archive(_spoil("nan"), _metadata()), True),
    "int q": (lambda: _archive(_spoil("ints"), _metadata()), True),
    "float16 q": (lambda: _archive(small_table().astype(np.float16), _metadata()), False),
    "overflowing q": (lambda: _archive(small_table().astype(np.float16) * np.float16(1e5), _metadata()), True),
    "q wrong shape": (lambda: _archive(np.zeros((3, 4)), _metadata()), True),
    "q 0-d": (lambda: _archive(np.array(1.0), _metadata()), True),
    "a bare npy": (lambda: _npy(small_table()), True),
    "corrupt deflate": (lambda: _valid_file_bytes()[:60] + b"\xff" * 300 + _valid_file_bytes()[360:], True),
}


def make_file(recipe: str, suffix: str = ".npz") -> Path:
    """Write the file of `recipe` into the work folder; return its path."""
    make, _ = RECIPES[recipe]
    path = fresh(suffix)
    path.write_bytes(make())
    return path


def _other_path(kind: str):
    if kind == "missing":
        return workdir() / "missing" / "nothing.npz"
    if kind == "folder":
        folder = fresh("")
        folder.mkdir()
        return folder
    if kind == "txt":
        path = fresh(".txt")
        path.write_bytes(_valid_file_bytes())
        return path
    return {"none": None, "int": 5, "list": ["a.npz"], "bytes": b"\xff.npz", "nul": "a\x00b.npz", "empty": ""}[kind]


TABLE_FILES = st.one_of(  # files to read
    st.sampled_from(sorted(RECIPES)).map(lambda r: Arg(make_file(r), RECIPES[r][1])),
    st.sampled_from(sorted(RECIPES)).map(lambda r: Arg(str(make_file(r)), RECIPES[r][1])),
    good(st.sampled_from(["missing", "folder", "txt"]).map(_other_path)),
    bad(st.sampled_from(["int", "list", "nul"]).map(_other_path)),
)
OUTPUT_FILES = st.one_of(  # files to write
    good(st.just("").map(lambda _: fresh())),
    good(st.just("").map(lambda _: str(fresh()))),
    good(st.just("").map(lambda _: workdir() / "new folder" / f"t{next(_numbers)}.npz")),
    good(st.sampled_from(["folder", "txt"]).map(_other_path)),
    bad(st.sampled_from(["int", "list", "nul", "none", "empty"]).map(_other_path)),
)

METADATA = st.dictionaries(
    st.sampled_from(["trainer", "note", "seed", "format", "size", "goal", "hyperparameters"]),
    st.one_of(
        good(st.sampled_from(["by hand", 1, 2.5, None, [1, 2], {"a": 1}, math.nan, math.inf, np.int64(3)])),
        bad(st.sampled_from([{1, 2}, b"bytes", object(), 1j, _nested(5000)])),
    ),
    max_size=2,
)
DTYPES = st.one_of(
    good(st.sampled_from(["float32", "float64", np.float64, "f8"])),
    bad(st.sampled_from(["int8", "int64", "uint8", "bool", "object", "U5", "complex128", "nope", 5,
                         None, [], "datetime64"])),
)


# --- Environments, settings, rewards ---------------------------------------------------------------


def environment(kind: str):
    env_class = public("SlidingPuzzleEnv")
    if kind == "sun_moon":
        env = env_class.sun_moon()
    else:
        env = env_class(int(kind))
    env.reset(seed=0)
    return env


def hyperparameters(episodes: int = 20, max_steps: int = 30, seed=0):
    return public("Hyperparameters")(learning_rate=1.0, discount=0.9, episodes=episodes,
                                     max_steps=max_steps, epsilon=0.3, seed=seed)


ENVIRONMENTS = st.one_of(good(st.sampled_from(["2", "3", "sun_moon"]).map(environment)),
                         bad(st.sampled_from([None, "env", 5, (1, 2, 3, 0), object()])))
HYPERPARAMETERS = st.one_of(
    good(st.builds(hyperparameters, st.integers(1, 30), st.integers(1, 40), st.sampled_from([None, 0, 7]))),
    bad(st.sampled_from([None, {"learning_rate": 1.0}, (1.0, 0.9, 10, 10, 0.3), 5, "fast"])),
)
REWARDS = st.one_of(
    good(st.sampled_from(["default", "sun_moon", "walls"]).map(
        lambda k: public("Rewards")(**({"default": {}, "sun_moon": {"move": -10.0, "goal": 100.0, "wall": -1000.0},
                                        "walls": {"wall": -1.0}}[k])))),
    bad(st.sampled_from([None, (0.0, 1.0, None), {"move": 0.0}, 5, "default"])),
)
OPTIONS = st.one_of(
    good(st.sampled_from([None, {}])),
    st.one_of(BOARDS, CHEAP_BOARDS).map(lambda arg: Arg({"board": arg.value}, arg.garbage)),
    bad(st.sampled_from([5, "board", [("board", (1, 2, 3, 0))], {"board": None, "colour": 1},
                         {"bored": (1, 2, 3, 0)}])),
)
GAMES = st.one_of(
    good(st.sampled_from([3, 3, 2]).map(lambda size: public("SlidingPuzzleGame")(size, seed=size))),
    bad(st.sampled_from([None, 5, "game", (1, 2, 3, 4, 5, 6, 7, 0, 8), object()])),
)
RNGS = st.one_of(good(st.sampled_from([None, 0]).map(lambda s: None if s is None else __import__("random").Random(s))),
                 bad(st.sampled_from([5, "rng", [1], math.nan])))
SPACES = st.one_of(good(st.sampled_from([2, 3]).map(lambda size: public("state_space")(size))),
                   bad(st.sampled_from([None, 3, "space", {}, object()])))
VALUE_ROWS = st.one_of(
    good(st.lists(st.floats(-10, 10), min_size=4, max_size=4)),
    good(st.just([0.5, -math.inf, 1.0, -math.inf])),
    bad(st.sampled_from([[], [math.nan] * 4, ["a"] * 4, None, 5, [[1.0]] * 4, [-math.inf] * 4, "urdl",
                         np.array(0.5), [1.0, math.nan, 0.0, 0.0]])),
)
PATHS = st.one_of(
    good(st.lists(cheap_boards, max_size=4)),
    good(st.just([SUN_MOON, SUN_MOON_GOAL])),
    bad(st.sampled_from([None, 5, "path", [None], [(1, 2, 3)], [[1.5, 0, 2, 3]], [{1, 2, 3, 0}]])),
)
CASES = st.one_of(
    good(st.lists(st.tuples(cheap_boards, st.integers(0, 3)), max_size=3)),
    bad(st.sampled_from([None, 5, "cases", [5], [None], object()])),
)
TEXTS = st.one_of(
    NON_TEXT_BOARDS,  # parse_board also reads sequences of numbers
    good(st.sampled_from(["1 2 3 / 4 5 6 / 7 8 _", "1,2;3 0", "☼ ☼ ☼ / ☾ ☼ ☾ / ☾ _ ☾", "[1 2] [3 _]",
                          "1 2\n3 .", "8 6 7 / 2 5 4 / 3 _ 1"])),
    good(st.text(alphabet="0123456789 _./\n┃━☼☾,;[]()²٣x-", max_size=40)),
    bad(st.sampled_from(["", "   ", "1 2 / 3 ²", "1 2 / 3 ٣", "1 2 3 / 4 5", "a b / c _", "1 2 / 3 -1", "1 2 / 3 1e3",
                         "_ _ / 1 2", "1 2 3", "/", "1 2 / 3 _ / 4 5", "0x1 2 / 3 _", "1 2 / 3 𝟘"])),
)
BOARD_LISTS = st.lists(st.one_of(BOARDS), max_size=3).map(lambda args: Arg([a.value for a in args],
                                                                          any(a.garbage for a in args)))


# --- The neural network (chapter 10): tiny networks, a few rows ------------------------------------


def tiny_network():
    """A fresh 3-4-1 network (training changes a network in place: each call gets its own)."""
    return public("new_network", ["puzzlekit.learning.neural"])([3, 4, 1], seed=0)


def tiny_rows():
    return np.eye(3, dtype=np.float32)


def tiny_outputs():
    return public("forward", ["puzzlekit.learning.neural"])(tiny_network(), tiny_rows())[1]


def board_batch(size: int):
    """Three boards of `size`: the goal and two scrambles (fixed seed)."""
    neural = ["puzzlekit.learning.neural"]
    return public("scramble", neural)([0, 3, 7], size, rng=np.random.default_rng(0))


ODD = [None, 5, 1.5, "x", b"x", {"a": 1}, object()]
NETWORKS = st.one_of(good(st.just(None).map(lambda _: tiny_network())), bad(st.sampled_from(ODD + [[3, 4, 1]])))
NETWORK_INPUTS = st.one_of(good(st.sampled_from([(3, 3), (1, 3), (2, 3)])
                                .map(lambda shape: np.ones(shape, np.float32))),
                           good(st.just([[1, 0, 0], [0, 1, 0]])),
                           bad(st.sampled_from(ODD + [[["a", "b", "c"]]])))
ESTIMATES = st.one_of(good(st.sampled_from([(1.0, 2.0, 3.0), (0.5,), (0, 0, 0)]).map(np.array)),
                      good(st.lists(st.floats(-1e3, 1e3), min_size=1, max_size=4)),
                      bad(st.sampled_from(ODD + [[], [math.nan], ["a"], [[1.0, 2.0]]])))
OUTPUTS = st.one_of(good(st.just(None).map(lambda _: tiny_outputs())), bad(st.sampled_from(ODD + [[], [np.eye(3)]])))
LAYERS = {
    "weights": st.one_of(good(st.just(None).map(lambda _: tiny_network().weights)),
                         bad(st.sampled_from(ODD + [[None], [], [np.ones(3)], [np.array(["a"])]]))),
    "biases": st.one_of(good(st.just(None).map(lambda _: tiny_network().biases)),
                        bad(st.sampled_from(ODD + [[None], [], [np.ones((3, 3))]]))),
}
BOARD_BATCHES = st.one_of(good(st.sampled_from([2, 3, 3]).map(board_batch)),
                          bad(st.sampled_from(ODD + [[[1, 2], [3]], [[1, 1, 2, 0]], np.zeros((2, 9))])))
DEPTH_LISTS = st.one_of(good(st.lists(st.integers(0, 20), max_size=4)),
                        bad(st.sampled_from(ODD + [[-1], [1.5], [10**6], ["a"], [[1, 2]]])))
NUMPY_RNGS = st.one_of(good(st.integers(0, 10).map(np.random.default_rng)),
                       bad(st.sampled_from(ODD + [7])))


def tiny_databases():
    """Pattern databases of the 2x2 puzzle (two patterns, read for the reflected board too): built in a blink."""
    return public("pattern_databases", ["puzzlekit.sliding.fifteen"])([[1, 2], [3]], (1, 2, 3, 0), cache=False,
                                                                      reflect=True)


def tiny_pattern_inputs(one_hot: bool = False):
    """Pattern-database inputs of the 2x2 puzzle: an encoding object, beside the names."""
    return public("PatternDatabaseInputs", ["puzzlekit.learning.neural"])(tiny_databases(), one_hot=one_hot)


ENCODING_NAMES = st.one_of(good(st.sampled_from(["one_hot", "tile_distances", "one_hot_and_distances"])),
                           good(st.booleans().map(tiny_pattern_inputs)),
                           bad(st.sampled_from(["", "pixels", None, 5, ["one_hot"], b"one_hot"])))
PATTERN_DATABASES = st.one_of(good(st.just(None).map(lambda _: tiny_databases())),
                              bad(st.sampled_from(ODD + [[[1, 2], [3]], "6-6-3"])))
STRICT_BOOLS = st.one_of(good(st.booleans()), bad(st.sampled_from(["yes", None, [True], 2.5, math.nan, 0, 1])))


def _child_arrays(kind: str):
    legal = np.array([[True, True, False, True], [True, False, True, True]])
    return {"child_estimates": np.array([[2.5, 0.7, 9.0, -4.0], [3.0, 3.0, 3.0, 3.0]]), "legal": legal,
            "child_is_goal": np.array([[False, False, False, False], [False, False, False, True]]),
            "is_goal": np.array([False, True])}[kind]


CHILD_ARRAYS = {kind: st.one_of(good(st.just(kind).map(_child_arrays)),
                                bad(st.sampled_from(ODD + [[1.0, 2.0], np.ones((2, 4), object)])))
                for kind in ("child_estimates", "legal", "child_is_goal", "is_goal")}
DAVI_SETTINGS = st.one_of(
    good(st.sampled_from([("one_hot", 16), ("tile_distances", 4), (None, 6)]).map(lambda pair: public(
        "DaviSettings", ["puzzlekit.learning.neural"])(size=2, encoding=pair[0] or tiny_pattern_inputs(), steps=3,
                                                       batch_size=4, pool=8, check_every=1, max_wait=2))),
    bad(st.sampled_from(ODD + [{"steps": 3}])))
DAVI_NETWORKS = st.one_of(good(st.sampled_from([16, 4, 6, 81]).map(
    lambda width: public("new_network", ["puzzlekit.learning.neural"])([width, 3, 1], seed=0))),
    bad(st.sampled_from(ODD)))
LAYER_SIZES = st.one_of(good(st.sampled_from([[3, 4, 1], [2, 1], (5, 2, 1), [np.int64(3), 1]])),
                        bad(st.sampled_from(ODD + [[], [1], [3, 0, 1], [3, 2], [1.5, 1], [3, -1, 1], "31",
                                                   [100_001, 1]])))


def node_cost(node) -> float:
    """f = g, for best_first_search: uniform-cost search."""
    return node.g


def node_depth_first(node) -> float:
    """f = -g, for best_first_search: the deepest node first."""
    return -node.g

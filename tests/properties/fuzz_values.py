"""Hypothesis strategies for the property suite: each draws an `Arg`, a value and whether it is certainly garbage.

A garbage value must be refused (ValueError/TypeError); any other value may work or be refused with a
clear message. Boards are generated and checked with the small geometry below, written independently
of the package, so a bug in the package cannot hide in its own test data.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

DIRECTIONS = "urdl"
STEP = {"u": (-1, 0), "r": (0, 1), "d": (1, 0), "l": (0, -1)}


@dataclass(frozen=True)
class Arg:
    """A generated argument; `garbage` when every correct function must refuse it."""

    value: object
    garbage: bool = False


def good(strategy) -> st.SearchStrategy:
    """Values that may be accepted (or refused with a clear message)."""
    return strategy.map(Arg)


def bad(strategy) -> st.SearchStrategy:
    """Values that must be refused."""
    return strategy.map(lambda value: Arg(value, True))


# --- Geometry, independent of the package ------------------------------------------------------


def goal_of(size: int) -> tuple:
    """The tiles in order, the blank last."""
    return tuple(range(1, size * size)) + (0,)


def slide_blank(cells: tuple, size: int, direction: str) -> tuple | None:
    """The board after the blank moves one cell in `direction`, or None at the wall."""
    blank = cells.index(0)
    row, col = divmod(blank, size)
    d_row, d_col = STEP[direction]
    if not (0 <= row + d_row < size and 0 <= col + d_col < size):
        return None
    other = (row + d_row) * size + col + d_col
    board = list(cells)
    board[blank], board[other] = board[other], board[blank]
    return tuple(board)


def is_one_slide(before, after, size: int) -> bool:
    """True when `after` is `before` with the blank swapped with one orthogonal neighbour."""
    return any(slide_blank(tuple(before), size, d) == tuple(after) for d in DIRECTIONS)


def parity_solvable(cells: tuple, goal: tuple, size: int) -> bool:
    """Whether `cells` reaches `goal` (numbered tiles): the textbook's inversion and blank-row parity."""

    def invariant(board):
        tiles = [t for t in board if t]
        order = {t: i for i, t in enumerate(t for t in goal if t)}
        ranks = [order[t] for t in tiles]
        inversions = sum(1 for i in range(len(ranks)) for j in range(i + 1, len(ranks)) if ranks[i] > ranks[j])
        if size % 2:
            return inversions % 2
        return (inversions + board.index(0) // size) % 2

    return invariant(cells) == invariant(goal)


def scramble(size: int, directions) -> tuple:
    """The goal after the blank tries each of `directions` (moves into the wall are skipped)."""
    board = goal_of(size)
    for direction in directions:
        board = slide_blank(board, size, direction) or board
    return board


def scrambled(size: int, most: int) -> st.SearchStrategy:
    """Boards at most `most` moves from the goal: cheap to search."""
    return st.lists(st.sampled_from(DIRECTIONS), max_size=most).map(lambda ds: scramble(size, ds))


def permutations_of(size: int) -> st.SearchStrategy:
    return st.permutations(range(size * size)).map(tuple)


# --- Boards --------------------------------------------------------------------------------------

CONTAINERS = {
    "tuple": tuple,
    "list": list,
    "int64 array": lambda cells: np.array(cells, dtype=np.int64),
    "int16 array": lambda cells: np.array(cells, dtype=np.int16),
}


def in_containers(cells: st.SearchStrategy) -> st.SearchStrategy:
    """The same cells as a tuple, a list or a one-dimensional numpy array of ints."""
    return st.tuples(cells, st.sampled_from(sorted(CONTAINERS))).map(lambda pair: CONTAINERS[pair[1]](pair[0]))


SUN_MOON = (1, 1, 1, 2, 1, 2, 2, 0, 2)
SUN_MOON_GOAL = (0, 2, 1, 2, 1, 2, 1, 2, 1)
token_boards = st.one_of(st.permutations(SUN_MOON), st.permutations((1, 1, 1, 0))).map(tuple)

tile_boards = st.one_of(
    permutations_of(2), permutations_of(3), permutations_of(3), permutations_of(4), permutations_of(5),
    st.just(goal_of(16)),
)
cheap_boards = st.one_of(permutations_of(2), scrambled(3, 12), scrambled(4, 6))

NOT_INTS = [1.5, 2.0, math.nan, math.inf, -0.0, np.float64(3.0), True, False, "1", "", None, [1], (2,), b"3", 1j,
            {"tile": 1}]
HUGE = [10**30, 2**63, 2**64, 10**400, -(2**63)]


def _replace(cells: tuple, index: int, value) -> list:
    board = list(cells)
    board[index % len(board)] = value
    return board


def edited_boards() -> st.SearchStrategy:
    """A valid board with one cell replaced by something no board holds: a non-int, a negative, a huge int."""
    values = st.one_of(st.sampled_from(NOT_INTS + HUGE), st.integers(-(2**70), -1))
    return st.builds(_replace, st.one_of(permutations_of(2), permutations_of(3)), st.integers(0, 15), values)


def _two_blanks(cells: tuple) -> tuple:
    return tuple(0 if cell == 1 else cell for cell in cells)


def _repeat(cells: tuple) -> tuple:
    return tuple(2 if cell == 1 else cell for cell in cells)  # 2 twice, 1 missing: neither tiles nor tokens


ODD_OBJECTS = [5, 1.5, True, "1 2 3 0", "", b"\x01\x02\x03\x00", {1, 2, 3, 0}, frozenset({1, 2, 3, 0}),
               {1: 2, 3: 0}, dict.fromkeys((1, 2, 3, 0)), object(), [[1, 2], [3, 0]], [(1, 2), (3, 0)],
               [[1, 2, 3], [4, 5, 6], [7, 8, 0]], range(5), (None,) * 4]
ODD_ARRAYS = [
    lambda: np.array(5),
    lambda: np.array(0),
    lambda: np.arange(9).reshape(3, 3),
    lambda: np.arange(4).reshape(2, 2)[::-1],
    lambda: np.arange(8).reshape(2, 2, 2),
    lambda: np.empty((0,), dtype=np.int64),
    lambda: np.empty((0, 0), dtype=np.int64),
    lambda: np.array([1.0, 2.0, 3.0, 0.0]),
    lambda: np.array([1, 2, 3, 0], dtype=bool),
    lambda: np.array(["1", "2", "3", "0"]),
    lambda: np.array([1, 2, 3, math.nan]),
    lambda: np.arange(300),
    lambda: np.array([[1, 2, 3, 0]]),
]

garbage_boards = st.one_of(
    st.sampled_from([0, 1, 2, 3, 5, 6, 7, 8, 10, 15, 17, 24]).flatmap(lambda n: st.permutations(range(n))).map(tuple),
    st.sampled_from([2, 3]).flatmap(lambda s: st.permutations(range(1, s * s + 1))),  # no blank
    permutations_of(3).map(_two_blanks),
    permutations_of(3).map(_repeat),
    edited_boards(),
    st.sampled_from(ODD_OBJECTS),
    st.sampled_from(ODD_ARRAYS).map(lambda make: make()),
    st.just(tuple(range(289))),
    st.just(range(10**6)),
)

BOARDS = st.one_of(good(in_containers(tile_boards)), good(token_boards), bad(garbage_boards), bad(st.just(None)))
NON_TEXT_BOARDS = BOARDS.filter(lambda arg: not isinstance(arg.value, str))
CHEAP_BOARDS = st.one_of(good(in_containers(cheap_boards)), good(st.permutations(SUN_MOON).map(tuple)),
                         bad(garbage_boards), bad(st.just(None)))
CHEAP_GOALS = st.one_of(good(st.just(None)), good(st.just(SUN_MOON_GOAL)), good(st.just((0, 1, 2, 3, 4, 5, 6, 7, 8))),
                        good(in_containers(cheap_boards)), bad(garbage_boards))
OPTIONAL_BOARDS = st.one_of(good(st.just(None)), good(in_containers(tile_boards)), good(token_boards),
                            bad(garbage_boards))
GOALS = OPTIONAL_BOARDS
BOARD_LISTS = st.one_of(
    good(st.lists(st.one_of(permutations_of(2)), max_size=4)),
    good(st.lists(permutations_of(3), max_size=4)),
    bad(st.lists(garbage_boards, min_size=1, max_size=2)),
    bad(st.sampled_from([None, 5, "boards"])),
)


# --- Numbers -------------------------------------------------------------------------------------


def ints(low: int, high: int, *, extra_good=(), neutral=()) -> st.SearchStrategy:
    """Ints in [low, high] are fine; below, non-ints and bools are garbage; `neutral` values may go either way."""
    below = [low - 1, low - 10**6] if low is not None else []
    return st.one_of(
        good(st.integers(low, high)),
        good(st.sampled_from(list(extra_good) or [low])),
        good(st.sampled_from(list(neutral) or [low])),
        bad(st.sampled_from(below + [True, False, 2.0, 2.5, math.nan, math.inf, -math.inf, "3", None, [3], b"3"])),
    )


def reals(low: float, high: float, *, neutral=(), allow_none: bool = False) -> st.SearchStrategy:
    """Finite numbers in [low, high] are fine; NaN, strings, bools, None and out-of-range numbers are garbage."""
    garbage = [math.nan, -math.nan, "0.5", [0.5], True, False, b"1", 1j, low - 1, high + 1, -(10**400), 10**400]
    if not allow_none:
        garbage.append(None)
    return st.one_of(
        good(st.floats(low, high)),
        good(st.sampled_from([low, high, int(low) if float(low).is_integer() else low])),
        good(st.sampled_from(list(neutral) or [high])),
        bad(st.sampled_from([g for g in garbage if isinstance(g, (str, bytes, list, complex, bool, type(None)))
                             or not (low <= g <= high)])),
    )


SIZES = st.one_of(
    good(st.sampled_from([2, 3, 3, 4, 16, np.int64(3)])),
    bad(st.sampled_from([0, 1, -1, 17, 10**5, 10**400, 2.0, 3.5, True, False, "3", None, [3], math.nan, math.inf,
                         np.float64(3.0), np.array(3)])),
)
SMALL_SIZES = st.one_of(good(st.sampled_from([2, 3])), SIZES)
SEEDS = st.one_of(
    good(st.sampled_from([None, 0, 1, 42, 2**32, 2**64, 10**30, np.int64(7)])),
    good(st.integers(0, 2**70)),
    good(st.integers(-(2**40), -1)),
    bad(st.sampled_from([1.5, math.nan, "seed", [1, 2], {1: 2}, b"\x00", object()])),
)
MAX_EXPANDED = st.one_of(
    good(st.sampled_from([None, 0, 1, 5, 100, 3000, 10**400, np.int64(50)])),
    good(st.integers(0, 3000)),
    bad(st.sampled_from([-1, -(10**400), True, False, 2.5, 100.0, math.nan, math.inf, -math.inf, "100", [100], 1j])),
)
MAX_SECONDS = st.one_of(
    good(st.sampled_from([None, 0.5, 0.2, 1, math.inf, 10**400, 1e308, np.float64(0.3)])),
    good(st.floats(0.05, 0.5)),
    bad(st.sampled_from([-1, -0.5, -math.inf, math.nan, True, False, "1", [1], 1j, -(10**400)])),
)
STEPS = ints(0, 300, neutral=[1000])  # max_steps / max_moves (None is fine where it is the default)
DEPTHS = ints(0, 14)
TILES = st.one_of(
    good(st.integers(-3, 20)), good(st.sampled_from(HUGE + [np.int64(1)])),
    bad(st.sampled_from([True, False, 1.0, 1.5, math.nan, "1", None, [1], (1,), b"1", {1}])),
)
DIRECTION_VALUES = st.one_of(
    good(st.sampled_from(list(DIRECTIONS) + ["up", "U", "left", 0, 1, 2, 3, np.int64(2)])),
    bad(st.sampled_from(["x", "", " u", "ud", None, 1.5, math.nan, ["u"], ("u",), True, False, -1, 4, 10**30,
                         b"u", {"u"}])),
)
INDICES = ints(0, 8, neutral=[9, 15, 10**30, -1, np.int64(4)])
PROBABILITIES = reals(0.0, 1.0)
DISCOUNTS = reals(0.01, 0.99, neutral=[0.0, 1.0, 0.92])
WEIGHTS = reals(0.0, 10.0, neutral=[math.inf, 1e300, 10**400])
REWARD_VALUES = st.one_of(
    good(st.floats(-1e6, 1e6)), good(st.sampled_from([0, -1000, 10**6, 1e308, -1e308, math.inf, -math.inf])),
    bad(st.sampled_from([math.nan, "1", [1.0], True, None, b"1", 1j])),
)
BOOLS = st.one_of(good(st.booleans()), good(st.sampled_from([0, 1, np.bool_(True)])),
                  bad(st.sampled_from(["yes", "False", None, [True], 2.5, math.nan])))
NAMES = st.one_of(good(st.text(max_size=12)), good(st.sampled_from(["board", "size", "max_expanded"])))
ANYTHING = good(st.one_of(st.sampled_from(ODD_OBJECTS + NOT_INTS + HUGE), st.integers(), st.floats(), st.text(),
                          st.lists(st.integers(), max_size=5), tile_boards, st.just(None)))

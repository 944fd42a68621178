"""Tests for puzzlekit.sliding.distances: ranks, and the exact distance of every 8-puzzle board."""

import itertools
import math
import random

import numpy as np
import pytest

from puzzlekit import SUN_MOON_GOAL, random_board, successors
from puzzlekit.sliding.distances import distance_table, rank, unrank

# The number of 8-puzzle boards at each distance 0..31 from the goal 1..8 with the blank last, as
# published (Reinefeld 1993, "Complete solution of the eight-puzzle and the benefit of node ordering in IDA*").
PUBLISHED_HISTOGRAM = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
]  # fmt: skip


@pytest.fixture(scope="module")
def table():
    return distance_table()


def test_rank_is_the_dictionary_order_of_permutations():
    for size in (2, 3):
        for index, board in enumerate(itertools.permutations(range(size * size))):
            if index % 37 == 0 or size == 2:
                assert rank(board) == index
                assert unrank(index, size) == board


@pytest.mark.parametrize("size", [2, 3, 4, 5])
def test_unrank_undoes_rank(size):
    rng = random.Random(size)
    for _ in range(50):
        board = random_board(size, seed=rng)
        assert unrank(rank(board), size) == board
    assert rank(unrank(math.factorial(size * size) - 1, size)) == math.factorial(size * size) - 1


def test_rank_and_unrank_refuse_what_they_cannot_number():
    with pytest.raises(ValueError, match="repeats tokens"):
        rank(SUN_MOON_GOAL)
    with pytest.raises(ValueError, match="rank must be from 0 to 362879, got 362880"):
        unrank(362880)
    with pytest.raises(ValueError, match="rank must be from 0 to 362879, got -1"):
        unrank(-1)
    with pytest.raises(TypeError, match="rank must be an int"):
        unrank(5.0)
    assert unrank(np.int64(5)) == unrank(5)


def test_histogram_is_the_published_one(table):
    assert table.dtype == np.int8 and len(table) == math.factorial(9)
    reachable = table[table >= 0]
    assert len(reachable) == 181_440
    assert np.bincount(reachable).tolist() == PUBLISHED_HISTOGRAM
    assert round(float(reachable.mean()), 2) == 21.97


def test_the_two_hardest_boards(table):
    hardest = sorted(unrank(int(index)) for index in np.flatnonzero(table == 31))
    assert hardest == [(6, 4, 7, 8, 5, 0, 3, 2, 1), (8, 6, 7, 2, 5, 4, 3, 0, 1)]


def test_unreachable_boards_are_the_other_parity(table):
    assert table[rank((1, 2, 3, 4, 5, 6, 8, 7, 0))] == -1
    assert table[rank((1, 2, 3, 4, 5, 6, 7, 8, 0))] == 0


def test_each_board_is_one_move_further_than_a_neighbour(table):
    """The table is a breadth-first layering: neighbours differ by one, and each board has one closer."""
    rng = random.Random(1)
    for _ in range(3000):
        board = random_board(3, seed=rng)
        distance = table[rank(board)]
        around = [int(table[rank(neighbour)]) for _, neighbour in successors(board)]
        assert all(abs(d - distance) == 1 for d in around)
        assert distance - 1 in around


def test_other_goals():
    # Blank first is the 180-degree turn of blank last (with tiles renamed): the same histogram.
    turned = distance_table((0, 1, 2, 3, 4, 5, 6, 7, 8))
    assert np.bincount(turned[turned >= 0]).tolist() == PUBLISHED_HISTOGRAM
    # With the blank in the middle, the farthest boards are 30 moves away.
    middle = distance_table((1, 2, 3, 8, 0, 4, 7, 6, 5))
    assert (middle >= 0).sum() == 181_440 and middle.max() == 30
    small = distance_table((1, 2, 3, 0))
    assert sorted(small[small >= 0].tolist()) == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]


def test_too_big_or_token_goals_are_refused():
    with pytest.raises(ValueError, match="too many for a table"):
        distance_table(tuple(range(1, 16)) + (0,))
    with pytest.raises(ValueError, match="repeats tokens"):
        distance_table(SUN_MOON_GOAL)

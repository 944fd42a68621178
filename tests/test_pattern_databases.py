"""Tests of puzzlekit.sliding.fifteen's pattern databases: numbering placements, the builder, the cache, the
heuristic."""

from __future__ import annotations

import math
import random
from collections import deque

import numpy as np
import pytest

from puzzlekit import random_board
from puzzlekit.datafiles import data_path
from puzzlekit.sliding.distances import distance_table, rank
from puzzlekit.sliding.fifteen import (
    PARTITIONS,
    build_pattern_database,
    building,
    cache_directory,
    cached_pattern_database,
    count_placements,
    korf100,
    pattern_databases,
    rank_placements,
    reflect_board,
    sliding_ida_star_search,
    unrank_placements,
)
from puzzlekit.sliding.fifteen.cache import cache_path, load_pattern_database
from puzzlekit.sliding.fifteen.korf import KORF100_MANHATTAN_NODES
from puzzlekit.sliding.fifteen.placements import sparse_index
from puzzlekit.sliding.heuristics import manhattan

GOAL3 = (1, 2, 3, 4, 5, 6, 7, 8, 0)
GOAL4 = tuple(range(1, 16)) + (0,)
THREES = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14, 15]]  # a 4x4 partition that builds at once


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Every test caches in its own temporary directory, never in the user's."""
    monkeypatch.setenv("PUZZLEKIT_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture(scope="module")
def exact():
    return distance_table()


def sample_boards(count: int, seed: int = 0, size: int = 3) -> list[tuple]:
    return [random_board(size, seed=seed + i) for i in range(count)]


# --- Numbering placements -------------------------------------------------------------------------


def test_rank_and_unrank_number_every_placement_once_in_order():
    cells, tiles = 9, 3
    total = count_placements(cells, tiles)
    positions = unrank_placements(np.arange(total), cells, tiles)
    assert total == 9 * 8 * 7
    assert rank_placements(positions, cells).tolist() == list(range(total))
    assert len({tuple(row) for row in positions.tolist()}) == total  # all distinct placements
    assert positions.tolist() == sorted(positions.tolist())  # lexicographic order


def test_sparse_index_changes_by_one_addition_when_a_tile_moves():
    before, after = [3, 7, 1], [3, 8, 1]
    assert sparse_index(after, 16) - sparse_index(before, 16) == (8 - 7) * 16**1


def test_ranking_refuses_bad_placements():
    with pytest.raises(ValueError, match="distinct cells"):
        rank_placements([1, 1], 9)
    with pytest.raises(ValueError, match="distinct cells"):
        rank_placements([0, 9], 9)
    with pytest.raises(TypeError):
        rank_placements([0.5, 1.0], 9)
    with pytest.raises(ValueError, match="ranks must be from 0 to 71"):
        unrank_placements([-1], 9, 2)


# --- The builder ----------------------------------------------------------------------------------


def slow_pattern_database(pattern, goal):
    """The same table by a plain 0-1 breadth-first search over (cells of the pattern's tiles, blank), in Python."""
    size = math.isqrt(len(goal))
    start = (tuple(goal.index(tile) for tile in pattern), goal.index(0))
    best = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        places, blank = state
        row, col = divmod(blank, size)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < size and 0 <= c < size:
                target = r * size + c
                cost = 1 if target in places else 0
                new = (tuple(blank if p == target else p for p in places), target)
                if best[state] + cost < best.get(new, math.inf):
                    best[new] = best[state] + cost
                    queue.appendleft(new) if cost == 0 else queue.append(new)
    table = {}
    for (places, _), moves in best.items():
        table[places] = min(moves, table.get(places, math.inf))
    return table


@pytest.mark.parametrize("pattern", [[1, 2], [8, 3, 5], [1, 2, 3, 4]])
def test_builder_matches_a_plain_breadth_first_search(pattern):
    table = build_pattern_database(pattern, GOAL3)
    slow = slow_pattern_database(pattern, GOAL3)
    positions = unrank_placements(np.arange(len(table)), 9, len(pattern))
    assert len(slow) == len(table)
    assert [slow[tuple(row)] for row in positions.tolist()] == table.tolist()


def test_builder_on_a_4x4_pattern_and_a_goal_of_ones_own():
    goal = (0,) + tuple(range(1, 16))  # Korf's goal: the blank first
    table = build_pattern_database([1, 2, 3], goal)
    assert len(table) == 16 * 15 * 14 and table.max() < building.UNSEEN
    assert table[rank_placements([1, 2, 3], 16)] == 0


def test_builder_refuses_bad_input():
    with pytest.raises(ValueError, match="distinct tiles"):
        build_pattern_database([0, 1])
    with pytest.raises(ValueError, match="distinct tiles"):
        build_pattern_database([1, 1])
    with pytest.raises(TypeError, match="whole numbers"):
        build_pattern_database([1.0, 2])
    with pytest.raises(TypeError, match="sequence of tiles"):
        build_pattern_database(12)
    with pytest.raises(ValueError, match="token board"):
        build_pattern_database([1], (1, 1, 2, 2, 0, 1, 2, 1, 2))
    with pytest.raises(ValueError, match="smaller patterns"):
        build_pattern_database(range(1, 9), GOAL4)
    with pytest.raises(ValueError, match="progress"):
        build_pattern_database([1], progress="yes")


# --- The heuristic: admissible, additive, reflected ----------------------------------------------


def test_additive_databases_never_overestimate_on_3x3(exact):
    h = pattern_databases([[1, 2, 3, 4], [5, 6, 7, 8]])
    for board in sample_boards(300):
        parts = h.parts(board)
        assert sum(parts) <= exact[rank(board)]  # additive: the sum is still a lower bound
        assert sum(parts) >= manhattan(board)  # and at least Manhattan distance
        assert h(board) == sum(parts)


def test_one_pattern_of_every_tile_is_the_exact_distance(exact):
    h = pattern_databases([list(range(1, 9))])
    for board in sample_boards(50, seed=1000):
        assert h(board) == exact[rank(board)]


def test_reflection_is_a_symmetry_and_its_lookup_stays_admissible(exact):
    plain = pattern_databases([[1, 2, 3], [4, 5, 6], [7, 8]])
    reflected = pattern_databases([[1, 2, 3], [4, 5, 6], [7, 8]], reflect=True)
    assert reflect_board(GOAL3) == GOAL3
    better = 0
    for board in sample_boards(150, seed=500):
        mirror = reflect_board(board)
        assert reflect_board(mirror) == board
        assert exact[rank(mirror)] == exact[rank(board)]
        assert plain(board) <= reflected(board) <= exact[rank(board)]
        assert reflected(board) == max(plain(board), plain(mirror))
        better += reflected(board) > plain(board)
    assert better > 0  # the mirror sometimes knows more


def test_reflection_needs_the_blank_on_the_diagonal():
    with pytest.raises(ValueError, match="main diagonal"):
        pattern_databases([[1, 2]], (1, 2, 3, 4, 5, 6, 7, 0, 8), reflect=True)


def test_4x4_databases_are_admissible_against_ida_star_on_easy_boards():
    h = pattern_databases(THREES, GOAL4, reflect=True)
    rng = random.Random(3)
    for _ in range(6):
        board = list(GOAL4)
        for _ in range(30):  # a random walk from the goal: a board some 20 moves away
            blank = board.index(0)
            row, col = divmod(blank, 4)
            options = [blank + step for step, ok in ((-4, row), (4, row < 3), (-1, col), (1, col < 3)) if ok]
            target = rng.choice(options)
            board[blank], board[target] = board[target], 0
        length = sliding_ida_star_search(tuple(board), "manhattan").length  # IDA*, checked in test_sliding_ida_star.py
        assert h(tuple(board)) <= length


def test_partitions_are_checked():
    assert set(PARTITIONS) >= {"5-5-5", "6-6-3"}
    for patterns in PARTITIONS.values():
        tiles = [tile for pattern in patterns for tile in pattern]
        assert sorted(tiles) == list(range(1, 16))
    with pytest.raises(ValueError, match="disjoint"):
        pattern_databases([[1, 2], [2, 3]])
    with pytest.raises(ValueError, match="partition must be one of"):
        pattern_databases("4-4-4-3")
    with pytest.raises(ValueError, match="4x4"):
        pattern_databases("5-5-5", GOAL3)
    with pytest.raises(TypeError, match="partition"):
        pattern_databases(7)
    with pytest.raises(ValueError, match="reflect"):
        pattern_databases([[1]], reflect="yes")


# --- The cache ------------------------------------------------------------------------------------


def test_cache_directory_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("PUZZLEKIT_CACHE", str(tmp_path / "a"))
    assert cache_directory() == tmp_path / "a"
    monkeypatch.delenv("PUZZLEKIT_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "b"))
    assert cache_directory() == tmp_path / "b" / "puzzlekit"


def test_cache_round_trip_loads_without_building(private_cache, monkeypatch):
    table = cached_pattern_database([1, 2, 3], GOAL3)
    path = cache_path([1, 2, 3], GOAL3)
    assert path.parent == private_cache and path.exists()
    assert not list(private_cache.glob(".*tmp"))  # written under a temporary name, then renamed

    def no_build(*args, **kwargs):
        raise AssertionError("the cached table should have been loaded")

    monkeypatch.setattr("puzzlekit.sliding.fifteen.cache.build_pattern_database", no_build)
    assert (cached_pattern_database([1, 2, 3], GOAL3) == table).all()


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "other pattern"])
def test_a_damaged_cache_is_rebuilt_with_a_warning(damage):
    table = cached_pattern_database([1, 2, 3], GOAL3)
    path = cache_path([1, 2, 3], GOAL3)
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flip":  # one entry of the table changed: only the digest can tell
        stored = dict(np.load(path))
        stored["table"][5] ^= 1
        with open(path, "wb") as file:
            np.savez(file, **stored)
    elif damage == "garbage":
        path.write_bytes(b"\x00" * 100)
    else:
        other = cache_path([1, 2, 4], GOAL3)
        cached_pattern_database([1, 2, 4], GOAL3)
        path.write_bytes(other.read_bytes())
    with pytest.raises(ValueError):
        load_pattern_database(path, [1, 2, 3], GOAL3)
    with pytest.warns(UserWarning, match="damaged.*rebuilding"):
        again = cached_pattern_database([1, 2, 3], GOAL3)
    assert (again == table).all()
    assert (load_pattern_database(path, [1, 2, 3], GOAL3) == table).all()  # and the file is good again


def test_an_unwritable_cache_only_warns(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("PUZZLEKIT_CACHE", str(blocker))
    with pytest.warns(UserWarning, match="could not write"):
        table = cached_pattern_database([1, 2], GOAL3)
    assert len(table) == 72


# --- Korf's instances -----------------------------------------------------------------------------


def test_korf100_holds_the_published_instances():
    instances = korf100()
    assert [instance.number for instance in instances] == list(range(1, 101))
    assert sum(instance.length for instance in instances) == 5305  # mean 53.05
    assert min(instance.length for instance in instances) == 41
    assert sum(instance.manhattan_nodes for instance in instances) == 35_911_891_875  # Korf 1985: some 36 billion
    estimates = {}
    for line in data_path(KORF100_MANHATTAN_NODES).read_text().splitlines():
        if not line.startswith("#"):
            number, estimate, _ = map(int, line.split())
            estimates[number] = estimate
    # Korf's Manhattan distance of each start, for his goal, equals ours after the half turn: the same problem
    # (but for one slip in the published estimates, noted in the file).
    assert [i.number for i in instances if manhattan(i.board) != estimates[i.number]] == [89]
    h = pattern_databases(THREES, GOAL4, reflect=True)
    for instance in instances:
        assert manhattan(instance.board) <= h(instance.board) <= instance.length
        assert (manhattan(instance.board) - instance.length) % 2 == 0  # same parity: each move changes it by one

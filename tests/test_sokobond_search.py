"""Iterative deepening with a table of reached depths (`reached="table"`): still shortest, far less work on Sokobond.

Every shipped level is solved by IDS at its recorded shortest length, except `workshop` (32 moves,
about 460,000 nodes, half a minute), which tests/benchmarks/bench_sokobond.py checks.
"""

import random

import pytest

from puzzlekit import slide
from puzzlekit.search import breadth_first_search, depth_limited_search, iterative_deepening_search
from puzzlekit.sliding.board import default_goal
from puzzlekit.sliding.grid import DIRECTIONS
from puzzlekit.sokobond import SokobondPuzzle, levels, load_level

IN_THE_BENCHMARK = {"workshop"}


def random_walk(steps: int, rng: random.Random) -> tuple:
    board = default_goal(3)
    for _ in range(steps):
        board = rng.choice([slide(board, d) for d in DIRECTIONS if _can(board, d)])
    return board


def _can(board, direction):
    try:
        slide(board, direction)
    except ValueError:
        return False
    return True


def test_the_table_keeps_ids_shortest_on_many_8_puzzle_boards():
    rng = random.Random(2024)
    boards = [random_walk(rng.randint(4, 22), rng) for _ in range(40)]
    for board in boards:
        bfs = breadth_first_search(board)
        path_ids = iterative_deepening_search(board, reached="path")
        table_ids = iterative_deepening_search(board, reached="table")
        assert table_ids.length == bfs.length == path_ids.length, board
        assert table_ids.expanded <= path_ids.expanded
        state = board
        for action in table_ids.actions:   # the path is made of legal moves and ends at the goal
            state = slide(state, action)
        assert state == default_goal(3)


def test_depth_limited_search_with_a_table_agrees_on_every_limit():
    rng = random.Random(7)
    for _ in range(10):
        board = random_walk(14, rng)
        shortest = breadth_first_search(board).length
        for limit in range(shortest + 3):
            path = depth_limited_search(board, limit)
            table = depth_limited_search(board, limit, reached="table")
            assert table.status == path.status and (table.found is False or table.length <= limit)
            assert table.expanded <= path.expanded


def test_the_default_is_unchanged_and_the_option_is_checked():
    board = (8, 6, 7, 2, 5, 4, 3, 0, 1)
    assert depth_limited_search(board, 12) == depth_limited_search(board, 12, reached="path")
    assert depth_limited_search(board, 12, reached="table").expanded < depth_limited_search(board, 12).expanded
    for bad in ("set", None, 1):
        with pytest.raises(ValueError, match="reached must be one of 'path', 'table'"):
            iterative_deepening_search(board, reached=bad)
        with pytest.raises(ValueError, match="reached must be one of 'path', 'table'"):
            depth_limited_search(board, 3, reached=bad)


def test_the_table_expands_far_fewer_nodes_on_a_sokobond_level():
    for name in ("peroxide", "greedy_trap"):
        level = load_level(name)
        puzzle = SokobondPuzzle(level)
        table, path = iterative_deepening_search(puzzle, reached="table"), iterative_deepening_search(puzzle)
        assert table.length == path.length == level.shortest
        assert 2.5 * table.expanded < path.expanded
    level = load_level("hydroxylamine")         # 20 moves: out of reach without the table
    table = iterative_deepening_search(SokobondPuzzle(level), reached="table")
    path = iterative_deepening_search(SokobondPuzzle(level), max_expanded=5 * table.expanded)
    assert table.length == level.shortest and path.status == "max_expanded"


def test_events_still_describe_the_search():
    events = []
    result = iterative_deepening_search(SokobondPuzzle(load_level("water")), reached="table",
                                        on_event=lambda kind, state, info: events.append(kind))
    assert events.count("expand") == result.expanded and events.count("found") == 1
    assert events.count("deepen") == result.length + 1


@pytest.mark.parametrize("name", [name for name in levels() if name not in IN_THE_BENCHMARK])
def test_ids_with_a_table_solves_every_shipped_level_at_its_shortest_length(name):
    level = load_level(name)
    result = iterative_deepening_search(SokobondPuzzle(level), reached="table", max_expanded=200_000)
    assert result.found and result.length == level.shortest

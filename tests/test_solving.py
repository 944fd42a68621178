"""Tests of puzzlekit.solving: `puzzlekit.solve` picks the search by the board's size, finds the fewest moves on
4x4 boards with pattern databases, and says which search it ran; the command line prints it."""

from __future__ import annotations

import csv

import pytest

import puzzlekit
from puzzlekit import data_path, solve
from puzzlekit.interfaces.cli import main
from puzzlekit.sliding.board import default_goal, successors
from puzzlekit.sliding.fifteen import korf100
from puzzlekit.solving import FIFTEEN_DATABASES, Solution, choose_method, databases_to_build, solution_search

GOAL4 = default_goal(4)
NEAR4 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15)  # two moves from the goal
# Korf's instances of 50 to 60 moves on which IDA* with the 5-5-5 databases expands the fewest nodes.
QUICK = (31, 94, 2, 74)


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def private_cache(cache, monkeypatch):
    """Databases built here go to a folder of this module's (the 5-5-5 ones in seconds, once), not ~/.cache."""
    monkeypatch.setenv("PUZZLEKIT_CACHE", str(cache))


def assert_path(path, start, goal):
    assert path[0] == tuple(start) and path[-1] == tuple(goal)
    for board, following in zip(path, path[1:]):
        assert following in [child for _, child in successors(board)]


def recorded_expansions(heuristic: str) -> dict[int, int]:
    """Korf instance -> nodes the fast IDA* expanded with `heuristic`, from the last benchmark run."""
    with open(data_path("korf100_results.csv"), encoding="utf-8") as file:
        return {int(row["instance"]): int(row["expanded"]) for row in csv.DictReader(file)
                if row["heuristic"] == heuristic}


def test_the_search_is_picked_by_the_size():
    assert choose_method((1, 2, 0, 3)) == ("astar", "manhattan")
    assert choose_method((1, 2, 3, 4, 5, 6, 7, 0, 8)) == ("astar", "manhattan")
    assert choose_method(NEAR4) == ("sliding_ida_star", "6-6-3+reflect") == ("sliding_ida_star", FIFTEEN_DATABASES)
    blank_first = (0,) + tuple(range(1, 16))  # Korf's goal: the blank on the diagonal, the reflection works
    assert choose_method(blank_first, blank_first) == ("sliding_ida_star", "6-6-3+reflect")
    blank_off = tuple(range(1, 15)) + (0, 15)  # the blank off the diagonal: no reflected lookup
    assert choose_method(blank_off, blank_off) == ("sliding_ida_star", "6-6-3")
    tokens = (1,) * 8 + (2,) * 7 + (0,)  # a token board has no numbered tiles for the databases
    assert choose_method(tokens, tokens) == ("astar", "manhattan")
    assert choose_method(tuple(range(1, 25)) + (0,)) == ("astar", "manhattan")


def test_fifteen_puzzle_boards_of_50_to_60_moves_solved_optimally(monkeypatch, capsys):
    """solve(board) on Korf's boards, the default databases swapped for 5-5-5 (seconds to build, not a minute):
    Korf's lengths, the benchmark's node counts, and nothing printed while the databases are built."""
    monkeypatch.setattr(puzzlekit.solving, "FIFTEEN_DATABASES", "5-5-5")
    expanded = recorded_expansions("5-5-5")
    instances = {instance.number: instance for instance in korf100()}
    for number in QUICK:
        instance = instances[number]
        path = solve(instance.board)
        assert 50 <= instance.length <= 60 and len(path) - 1 == instance.length
        assert_path(path, instance.board, GOAL4)
        assert (path.method, path.h, path.expanded) == ("sliding_ida_star", "5-5-5", expanded[number])
    assert sum(expanded[number] for number in QUICK) < 100_000  # quick ones: well under a second of search
    assert capsys.readouterr() == ("", "")


def test_the_answer_is_the_list_of_boards_and_names_its_search():
    path = solve((1, 2, 3, 4, 5, 6, 0, 7, 8))
    assert isinstance(path, list) and isinstance(path, Solution)
    assert path == [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)]
    assert (path.method, path.h, path.expanded) == ("astar", "manhattan", 2)
    assert repr(path).startswith("Solution([(1, 2, 3") and repr(path).endswith("method='astar', h='manhattan')")
    assert str(path) == repr(path)
    wide = solve((1, 2, 3, 4, 5, 6, 0, 7, 8), method="breadth_first")
    assert (wide.method, wide.h) == ("breadth_first", None) and repr(wide).endswith("method='breadth_first')")
    fifteen = solve(NEAR4, h="manhattan")  # Manhattan distance needs no databases
    assert (len(fifteen) - 1, fifteen.method, fifteen.h) == (2, "sliding_ida_star", "manhattan")
    named = solve((1, 2, 3, 4, 5, 6, 0, 7, 8), h=puzzlekit.linear_conflict)
    assert named.h == "linear_conflict"
    assert solve(GOAL4, h="manhattan") == [GOAL4]


def test_a_method_named_runs_on_any_size():
    assert solve((1, 2, 3, 4, 5, 6, 0, 7, 8), method="sliding_ida_star").method == "sliding_ida_star"
    assert solve(NEAR4, method="astar").method == "astar"
    assert solution_search(NEAR4, "ida_star", "linear_conflict").method == "ida_star"


def test_what_went_wrong_is_said():
    with pytest.raises(ValueError, match=r"h must be one of .*got 'linear_conflict' \(str\); on a 4x4 board solve runs "
                                         r"sliding_ida_star, .*pass method='astar'"):
        solve(NEAR4, h="linear_conflict")
    with pytest.raises(TypeError, match=r"method 'sliding_ida_star' takes no option 'weight' \(its options: "
                                        r"max_expanded, max_seconds\) \(solve runs sliding_ida_star on a 4x4 board"):
        solve(NEAR4, weight=2)
    with pytest.raises(TypeError, match=r"takes no option 'on_event'"):
        solve(NEAR4, method="sliding_ida_star", on_event=print)
    with pytest.raises(ValueError, match="method must be one of 'astar', .*'sliding_ida_star'; got 'dijkstra'"):
        solve(NEAR4, method="dijkstra")
    board = korf100()[0].board
    with pytest.raises(RuntimeError, match=r"astar search stopped .* or leave method out: on a 4x4 board"):
        solve(board, method="astar", max_expanded=1_000)
    with pytest.raises(RuntimeError, match=r"sliding_ida_star search stopped \(max_expanded\) after 10 nodes expanded, "
                                           r"short of the goal; raise max_expanded or max_seconds$"):
        solve(board, h="manhattan", max_expanded=10)
    with pytest.raises(ValueError, match="partition '5-5-5' is for 4x4 boards"):
        solve((1, 2, 3, 4, 5, 6, 0, 7, 8), method="sliding_ida_star", h="5-5-5")
    with pytest.raises(TypeError, match="problem must be a board or a SlidingPuzzle"):
        solution_search("1 2 3 0")


def test_databases_to_build_are_those_not_in_the_cache(cache):
    assert databases_to_build(NEAR4, "manhattan") == databases_to_build((1, 2, 3, 0), "5-5-5") == []
    with pytest.raises(ValueError, match="h must be one of .manhattan., .5-5-5., .*; got .linear_conflict."):
        databases_to_build(NEAR4, "linear_conflict")
    missing = databases_to_build(NEAR4, "6-6-3+reflect")
    assert missing == [pattern for pattern in ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4))
                       if not any(cache.glob(f"pdb-4x4-{'-'.join(map(str, pattern))}-*"))]


def test_the_command_line_prints_the_search_it_ran(monkeypatch, capsys):
    text = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 _ 14 15"
    assert main(["solve", text, "--heuristic", "manhattan"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "2 moves; 2 nodes expanded (sliding_ida_star, manhattan)" and err == ""
    assert main(["solve", "1 2 3 / 4 5 6 / _ 7 8"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 moves; 2 nodes expanded (astar, manhattan)"
    monkeypatch.setattr(puzzlekit.solving, "FIFTEEN_DATABASES", "5-5-5")
    assert main(["solve", text]) == 0  # the databases: built by the Korf test above, or here (then said on stderr)
    out, err = capsys.readouterr()
    assert out.splitlines()[-1].endswith("nodes expanded (sliding_ida_star, 5-5-5)")
    assert err in ("", f"building the 15-puzzle's 5-5-5 pattern databases, once (a few seconds); they are kept in "
                       f"{puzzlekit.sliding.fifteen.cache_directory()}\n")
    assert main(["solve", text]) == 0
    assert capsys.readouterr().err == ""  # kept: nothing to say the second time
    assert main(["solve", text, "--heuristic", "linear_conflict"]) == 2
    assert "--heuristic linear_conflict is not for sliding_ida_star" in capsys.readouterr().err
    assert main(["solve", text, "--method", "astar", "--heuristic", "linear_conflict"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("(astar, linear_conflict)")

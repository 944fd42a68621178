"""The files in data/ that benchmark runs wrote and chapters 7 and 8 read: whole, consistent with each other,
and (where it is cheap) equal to a fresh computation."""

import csv
import sys
from pathlib import Path

import pytest

from puzzlekit import distance_table, random_board, rank
from puzzlekit.datafiles import data_path

BENCHMARKS = Path(__file__).resolve().parent / "benchmarks"


def rows(name):
    with open(data_path(name)) as file:
        return list(csv.DictReader(file))


@pytest.fixture(scope="module")
def bench():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import bench_weighted_astar

        yield bench_weighted_astar
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_weighted_astar_grid_is_whole_and_recomputes(bench):
    grid = rows("weighted_astar_grid.csv")
    assert [(row["guide"], float(row["lambda"])) for row in grid[::2]] == [
        (guide, float(lam)) for guide, lam in bench.SETTINGS]
    assert [row["reopen"] for row in grid] == ["True", "False"] * len(bench.SETTINGS)
    boards = [random_board(3, seed=seed) for seed in range(100)]
    distances = distance_table()
    optimal = [int(distances[rank(board)]) for board in boards]
    for row in grid[4:6]:  # Manhattan distance at λ = 0.5, with and without re-opening: under a second
        assert row["guide"] == "manhattan" and row["lambda"] == "0.5"
        fresh = bench.grid_row("manhattan", 0.5, row["reopen"] == "True", "manhattan", boards, optimal)
        assert {key: str(value) for key, value in fresh.items()} == row


def test_the_korf100_summary_matches_its_rows():
    results, summary = rows("korf100_results.csv"), rows("korf100_summary.csv")
    assert {total["heuristic"] for total in summary} == {row["heuristic"] for row in results}
    for total in summary:
        group = [row for row in results if row["heuristic"] == total["heuristic"]]
        assert len(group) == int(total["instances"]) == int(total["optimal"]) == 100
        assert all(row["length"] == row["korf_length"] for row in group)
        assert round(sum(int(row["generated"]) for row in group) / 100) == int(total["mean_generated"])
        assert round(sum(int(row["initial_h"]) for row in group) / 100, 3) == float(total["mean_h_instances"])


def test_the_groupings_file_agrees_with_the_korf100_summary():
    groupings = rows("pdb_groupings_6-6-3.csv")
    plain = [row for row in groupings if row["reflect"] == "False"]
    assert len(plain) == 180 and [int(row["rank"]) for row in plain] == list(range(1, 181))
    means = {total["heuristic"]: float(total["mean_h_random"]) for total in rows("korf100_summary.csv")}
    ours = [row for row in plain if row["package"] == "True"]
    mirrored = [row for row in groupings if row["reflect"] == "True"]
    assert len(ours) == len(mirrored) == 1  # the same 1,000 random boards in both benchmarks
    assert float(ours[0]["mean_h"]) == means["6-6-3"] and float(mirrored[0]["mean_h"]) == means["6-6-3+reflect"]


def test_the_sarsa_table_is_whole_and_recomputes():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import bench_sarsa_sun_moon as sarsa_bench
    finally:
        sys.path.remove(str(BENCHMARKS))
    table = rows("sarsa_sun_moon.csv")
    assert [(row["schedule"], row["learner"], int(row["seed"])) for row in table] == [
        (schedule, learner, seed) for schedule in sarsa_bench.SCHEDULES for learner in sarsa_bench.LEARNERS
        for seed in sarsa_bench.SEEDS]
    for index in (0, 25):  # Q-learning with epsilon 0.1, and SARSA with epsilon falling to 0 (seed 1): a few seconds
        fresh = {key: str(value) for key, value in sarsa_bench.measure(
            table[index]["learner"], table[index]["schedule"], int(table[index]["seed"])).items()}
        assert fresh == table[index]


def test_the_policy_iteration_table_is_whole_and_its_cheap_column_recomputes():
    from puzzlekit.learning.dynamic_programming import value_iteration
    from puzzlekit.sliding.state_space import state_space

    table = rows("policy_iteration_8puzzle.csv")
    assert [float(row["slip"]) for row in table] == [0.0, 0.1, 0.2]
    for row in table:
        sweeps = value_iteration(state_space(3), slip=float(row["slip"]), tolerance=1e-6).sweeps
        assert sweeps == int(row["value_iteration_sweeps"]) and int(row["not_shortest"]) == 0

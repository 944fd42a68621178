"""Benchmark: SARSA, expected SARSA and Q-learning on sun and moon with the -1000 wall, six seeds each.

    python tests/benchmarks/bench_sarsa_sun_moon.py            # print the table and its time
    python tests/benchmarks/bench_sarsa_sun_moon.py --write    # also store it in data/ for chapter 6

The original sun-and-moon program's settings (learning rate 0.7, discount 0.9, epsilon 0.1, 1,000
episodes of at most 1,000 steps), seeds 0-5, and the same with epsilon falling to 0 over the episodes
(`final_epsilon=0.0`). For each run: what the learner went through (steps, bumps into the wall,
episodes that reached the goal, the mean return of all episodes and of the last 100), and what it
learned (V(start), whether the greedy route from the start reaches the goal within 60 moves, its
length, and how many wall sides the blank has along it: each is a chance to bump while exploring).
Chapter 6 reads the file (SARSA takes about five seconds a run) and recomputes a few rows with the
same `measure`. Not collected by pytest (see tests/conftest.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from bench_korf100 import write_csv

from puzzlekit import SUN_MOON_HYPERPARAMETERS, SUN_MOON_START, SlidingPuzzleEnv, greedy_path, q_learning
from puzzlekit.learning.tabular import expected_sarsa, sarsa
from puzzlekit.learning.wrappers import RecordEpisodeStatistics

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "data" / "sarsa_sun_moon.csv"
LEARNERS = {"Q-learning": q_learning, "SARSA": sarsa, "expected SARSA": expected_sarsa}
SCHEDULES = {"epsilon 0.1": None, "epsilon 0.1 to 0": 0.0}  # final_epsilon
SEEDS = range(6)


def wall_sides(board, size: int = 3) -> int:
    """How many sides of the blank's cell are the wall: 2 in a corner, 1 on an edge, 0 in the middle."""
    row, col = divmod(board.index(0), size)
    return (row in (0, size - 1)) + (col in (0, size - 1))


def measure(learner: str, schedule: str, seed: int) -> dict:
    """One run of `learner` on sun and moon with the original settings (and `schedule`), and what it gave."""
    env = RecordEpisodeStatistics(SlidingPuzzleEnv.sun_moon())
    settings = replace(SUN_MOON_HYPERPARAMETERS, seed=seed)
    q = LEARNERS[learner](env, settings, final_epsilon=SCHEDULES[schedule])
    route = greedy_path(q, SlidingPuzzleEnv.sun_moon(), max_steps=60)
    return {"learner": learner, "schedule": schedule, "seed": seed,
            "steps": sum(env.lengths), "bumps": sum(env.bumps), "reached": sum(env.reached),
            "mean_return": round(sum(env.returns) / len(env.returns), 1),
            "last_100_return": round(sum(env.returns[-100:]) / 100, 1),
            "value_start": round(max(q[SUN_MOON_START]), 1),
            "greedy_reaches": route[-1] == SlidingPuzzleEnv.sun_moon().goal,
            "greedy_moves": len(route) - 1,
            "route_wall_sides": sum(wall_sides(board) for board in route[:-1])}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"store the table in {TABLE.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = []
    for schedule in SCHEDULES:
        for learner in LEARNERS:
            for seed in SEEDS:
                timer = time.perf_counter()
                row = measure(learner, schedule, seed)
                rows.append(row)
                print(", ".join(f"{key}={value}" for key, value in row.items()),
                      f"({time.perf_counter() - timer:.1f} s)", flush=True)
    print(f"all {len(rows)} runs: {time.perf_counter() - started:.1f} s")
    if args.write:
        write_csv(TABLE, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: policy iteration against value iteration on all 181,440 boards of the 8-puzzle, with slippery moves.

    python tests/benchmarks/bench_policy_iteration.py            # print the table and its time
    python tests/benchmarks/bench_policy_iteration.py --write    # also store it in data/ for chapter 5c

For each slip p (0, 0.1, 0.2), γ = 0.92 and the original rewards (1 at the goal): `policy_iteration` (the engine)
(its improvements and evaluation sweeps) and `value_iteration` (its sweeps), both stopped at a tolerance of
1e-6, the largest difference between their values, and how many boards' best move is not a shortest move.
Chapter 5c reads the file (policy iteration takes tens of seconds here) and recomputes the value-iteration
sweeps without slips. Not collected by pytest (see tests/conftest.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from bench_korf100 import write_csv

from puzzlekit.learning.dynamic_programming import policy_iteration, value_iteration
from puzzlekit.sliding.state_space import state_space

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "data" / "policy_iteration_8puzzle.csv"
SLIPS = (0.0, 0.1, 0.2)
TOLERANCE = 1e-6


def measure(slip: float) -> dict:
    """Policy iteration and value iteration on the 8-puzzle with `slip`: their work and whether they agree."""
    space = state_space(3)
    policy = policy_iteration(space, slip, 0.92, tolerance=TOLERANCE)
    values = value_iteration(space, slip=slip, tolerance=TOLERANCE)
    rows = np.flatnonzero(space.distances > 0)
    following = space.neighbours[rows, policy.policy[rows]]
    return {"slip": slip, "improvements": policy.improvements, "evaluation_sweeps": policy.sweeps,
            "value_iteration_sweeps": values.sweeps,
            "largest_difference": f"{float(np.max(np.abs(policy.values - values.values))):.1e}",
            "not_shortest": int((space.distances[following] != space.distances[rows] - 1).sum())}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"store the table in {TABLE.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = []
    for slip in SLIPS:
        timer = time.perf_counter()
        rows.append(measure(slip))
        print(", ".join(f"{key}={value}" for key, value in rows[-1].items()), f"({time.perf_counter() - timer:.1f} s)",
              flush=True)
    print(f"all {len(rows)} slips: {time.perf_counter() - started:.1f} s")
    if args.write:
        write_csv(TABLE, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

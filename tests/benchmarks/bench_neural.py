"""Benchmark: chapter 10's networks trained from scratch on the 8-puzzle, and every figure measured on all boards.

    python tests/benchmarks/bench_neural.py            # train both networks, print every figure and the times
    python tests/benchmarks/bench_neural.py --write    # also store the networks and figures in data/ for chapter 10
    python tests/benchmarks/bench_neural.py --astar-every 10   # A* on every 10th board only (faster)
    python tests/benchmarks/bench_neural.py --methods davi     # one of the two networks (the other's rows are kept)

It trains the supervised network (exact distances of half the boards) and the network of approximate value
iteration (no exact distance), each with the shipped settings (`puzzlekit.neural.eight`), measures both on all
181,440 boards (errors, greedy moves, A* plain, rounded and weighted 0.8, the estimates above the truth), and runs
chapter 7's study form f = lambda * g + h with the network's values as a Q-table on chapter 7's 100 boards
(`random_board(3, seed=0..99)`), beside the Q-table rows of `data/weighted_astar_grid.csv`.
With --write the networks go to data/network_8puzzle_*.npz (with their figures and learning curves as JSON
metadata) and the study-form rows to data/neural_weighted_astar.csv, each written to a temporary name and renamed.
Not collected by pytest (see tests/conftest.py).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from pathlib import Path

# One thread for numpy's matrix products: these are small, and on a shared 2-core machine threads fight (measured:
# an epoch of the supervised training took 3.3 s with the default threads under load, 0.7 s with one).
for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(variable, "1")

from puzzlekit import lambda_astar_search, q_heuristic, random_board
from puzzlekit.distances import distance_table, rank
from puzzlekit.neural.eight import SHIPPED, measure_eight, train_eight
from puzzlekit.neural.evaluation import all_estimates, q_from_estimates
from puzzlekit.neural.files import save_network

ROOT = Path(__file__).resolve().parents[2]
STUDY_CSV = ROOT / "data" / "neural_weighted_astar.csv"
LAMBDAS = (1, 0.8, 0.5, 0.25)


def study_rows(name: str, network, encoding: str) -> list[dict]:
    """Chapter 7's f = lambda * g + h with re-opening, the network's values as a Q-table, on its 100 boards."""
    h = q_heuristic(q_from_estimates(all_estimates(network, encoding)))
    boards = [random_board(3, seed=seed) for seed in range(100)]
    exact = distance_table()
    optimal = [int(exact[rank(board)]) for board in boards]
    rows = []
    for lam in LAMBDAS:
        results = [lambda_astar_search(board, h, g_weight=lam, reopen=True) for board in boards]
        rows.append({"guide": name, "lambda": lam, "reopen": True, "boards": len(boards),
                     "expanded": sum(r.expanded for r in results), "moves": sum(r.length for r in results),
                     "shortest": sum(r.length == d for r, d in zip(results, optimal)),
                     "reopened": sum(r.reopened for r in results)})
    return rows


def write_csv(path: Path, rows: list[dict]) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    os.replace(temporary, path)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the networks and figures in data/")
    parser.add_argument("--astar-every", type=int, default=1, help="run A* on every n-th board (default: all)")
    parser.add_argument("--methods", default="supervised,davi")
    arguments = parser.parse_args(argv)
    rows = range(0, 181_440, arguments.astar_every)
    study = []
    for method in arguments.methods.split(","):
        print(f"== {method}: training from scratch", flush=True)
        network, history = train_eight(method)
        print(f"trained in {history['seconds']} s; {network}; final loss {history['loss'][-1]:.4f}", flush=True)
        began = time.perf_counter()
        figures = measure_eight(network, history["settings"]["encoding"], astar_rows=rows, progress=True)
        print(json.dumps(figures, indent=1))
        print(f"measured in {time.perf_counter() - began:.1f} s", flush=True)
        began = time.perf_counter()
        study += study_rows(f"network ({method})", network, history["settings"]["encoding"])
        print(f"study form on chapter 7's 100 boards in {time.perf_counter() - began:.1f} s")
        if arguments.write:
            path = save_network(ROOT / "data" / SHIPPED[method], network, training=method,
                                encoding=history["settings"]["encoding"], greedy_optimal=figures["greedy_optimal"],
                                figures=figures, history=history)
            print(f"wrote {path}")
    print("guide, lambda, expanded, moves, shortest, reopened (chapter 7's 100 boards, re-opening)")
    for row in study:
        print(f"{row['guide']}, {row['lambda']}, {row['expanded']:,}, {row['moves']:,}, {row['shortest']}, "
              f"{row['reopened']}")
    with open(ROOT / "data" / "weighted_astar_grid.csv") as file:
        for row in csv.DictReader(file):
            if row["guide"].startswith("Q") and row["reopen"] == "True":
                print(f"{row['guide']}, {row['lambda']}, {int(row['expanded']):,}, {int(row['moves']):,}, "
                      f"{row['shortest']}, {row['reopened']}")
    if arguments.write and study:
        kept = []  # the rows of the networks not trained in this run stay as they were
        if STUDY_CSV.exists():
            with open(STUDY_CSV) as file:
                done = {row["guide"] for row in study}
                kept = [row for row in csv.DictReader(file) if row["guide"] not in done]
        write_csv(STUDY_CSV, sorted(kept + study, key=lambda row: (row["guide"] != "network (supervised)",
                                                                   -float(row["lambda"]))))
        print(f"wrote {STUDY_CSV}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

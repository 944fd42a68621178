"""Benchmark: chapter 10's networks trained from scratch on the 8-puzzle, and every figure measured on all boards.

    python tests/benchmarks/bench_neural.py            # train both networks, print every figure and the times
    python tests/benchmarks/bench_neural.py --write    # also store the networks and figures in data/ for chapter 10
    python tests/benchmarks/bench_neural.py --astar-every 10   # A* on every 10th board only (faster)
    python tests/benchmarks/bench_neural.py --methods davi     # one of the two networks (the other's rows are kept)

It trains the supervised network (exact distances of half the boards) and the network of approximate value
iteration (no exact distance), each with the shipped settings (`puzzlekit.learning.neural.eight`), measures both on all
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

from bench_korf100 import write_csv  # the rows through a temporary file, renamed
from puzzlekit import lambda_astar_search, q_heuristic, random_board
from puzzlekit.sliding.distances import distance_table, rank
from puzzlekit.learning.neural.eight import SHIPPED, measure_eight, train_eight
from puzzlekit.learning.neural.evaluation import all_estimates, q_from_estimates
from puzzlekit.learning.neural.files import save_network

ROOT = Path(__file__).resolve().parents[2]
STUDY_CSV = ROOT / "data" / "neural_weighted_astar.csv"
LAMBDAS = (1, 0.8, 0.5, 0.25)


def mean_error_by_distance(network, encoding: str) -> dict:
    """The mean of estimate - exact distance over the boards at each distance: a bias shows here, noise does not."""
    from puzzlekit.sliding.state_space import state_space

    distances = state_space(3).distances
    error = all_estimates(network, encoding) - distances
    return {int(d): round(float(error[distances == d].mean()), 2) for d in range(int(distances.max()) + 1)}


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


def fifteen(write: bool) -> None:
    """Train the 15-puzzle network from scratch (`FIFTEEN_DAVI`), solve Korf's 100 with it, print every figure."""
    from puzzlekit.sliding.fifteen import korf100
    from puzzlekit.learning.neural.fifteen import FIFTEEN_DAVI, train_fifteen, solve_korf

    print("== 15-puzzle: approximate value iteration from scratch", flush=True)
    network, history = train_fifteen(FIFTEEN_DAVI)
    print(f"trained in {history['seconds']} s; {network}; {len(history['refreshes'])} refreshes", flush=True)
    rows = solve_korf(network, korf100(), g_weight=0.8, batch=100, max_expanded=1_000_000)
    solved = [row for row in rows if row["length"] > 0]
    count = max(len(solved), 1)
    summary = {"solved": len(solved), "mean_length": round(sum(r["length"] for r in solved) / count, 2),
               "mean_optimal_length": round(sum(r["optimal"] for r in solved) / count, 2),
               "optimal": sum(r["length"] == r["optimal"] for r in solved),
               "mean_expanded": round(sum(r["expanded"] for r in solved) / count),
               "mean_generated": round(sum(r["generated"] for r in solved) / count),
               "mean_seconds": round(sum(r["seconds"] for r in solved) / count, 3)}
    print("Korf's 100, batched weighted A* (g_weight 0.8, 100 nodes a call):", json.dumps(summary))
    if write:
        save_network(ROOT / "data" / "network_15puzzle_davi.npz", network, training="davi", encoding="one_hot",
                     korf100=summary, history=history)
        write_csv(ROOT / "data" / "neural_korf100.csv", rows)
        print("wrote data/network_15puzzle_davi.npz and data/neural_korf100.csv")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the networks and figures in data/")
    parser.add_argument("--astar-every", type=int, default=1, help="run A* on every n-th board (default: all)")
    parser.add_argument("--methods", default="supervised,davi", help="8-puzzle networks to train ('' for none)")
    parser.add_argument("--fifteen", action="store_true", help="also train the 15-puzzle network and solve Korf's 100")
    arguments = parser.parse_args(argv)
    rows = range(0, 181_440, arguments.astar_every)
    study = []
    if arguments.fifteen:
        fifteen(arguments.write)
    for method in filter(None, arguments.methods.split(",")):
        print(f"== {method}: training from scratch", flush=True)
        network, history = train_eight(method)
        print(f"trained in {history['seconds']} s; {network}; final loss {history['loss'][-1]:.4f}", flush=True)
        began = time.perf_counter()
        figures = measure_eight(network, history["settings"]["encoding"], astar_rows=rows, progress=True)
        print(json.dumps(figures, indent=1))
        print("mean error (estimate - exact) by distance:", mean_error_by_distance(network, history["settings"]["encoding"]))
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

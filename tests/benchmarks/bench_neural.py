# ruff: noqa: E402
# (E402 file-wide: the thread variables below must be set before numpy is imported, so the imports follow them.)
"""Benchmark: chapter 10's networks trained from scratch on the 8-puzzle, and every figure measured on all boards.

    python tests/benchmarks/bench_neural.py            # train both networks, print every figure and the times
    python tests/benchmarks/bench_neural.py --write    # also store the networks and figures in data/ for chapter 10
    python tests/benchmarks/bench_neural.py --astar-every 10   # A* on every 10th board only (faster)
    python tests/benchmarks/bench_neural.py --methods davi     # one of the two networks (the other's rows are kept)
    python tests/benchmarks/bench_neural.py --methods '' --fifteen --write   # the 15-puzzle's network only
    python tests/benchmarks/bench_neural.py --methods '' --fifteen --fifteen-inputs one_hot,pattern_databases

It trains the supervised network (exact distances of half the boards) and the network of approximate value
iteration (no exact distance), each with the shipped settings (`puzzlekit.learning.neural.eight`), measures both on all
181,440 boards (errors, greedy moves, A* plain, rounded and weighted 0.8, the estimates above the truth), and runs
chapter 7's study form f = lambda * g + h with the network's values as a Q-table on chapter 7's 100 boards
(`random_board(3, seed=0..99)`), beside the Q-table rows of `data/weighted_astar_grid.csv`.
With --write the networks go to data/network_8puzzle_*.npz (with their figures and learning curves as JSON
metadata) and the study-form rows to data/neural_weighted_astar.csv, each written to a temporary name and renamed.

With --fifteen it trains the 15-puzzle's network (`puzzlekit.learning.neural.fifteen.fifteen_settings`: by default
the shipped inputs, `SHIPPED_FIFTEEN`; the other inputs with --fifteen-inputs) and solves Korf's 100 with it under
each search of `FIFTEEN_SEARCHES`. With --write the shipped network goes to data/network_15puzzle_davi.npz, its
rows for `SHIPPED_SEARCH` to data/neural_korf100.csv, and one summary row per inputs and search to
data/neural_korf100_summary.csv (the rows of inputs not trained in this run are kept).
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
from puzzlekit.learning.neural.eight import SHIPPED, measure_eight, train_eight
from puzzlekit.learning.neural.encoding import input_width
from puzzlekit.learning.neural.evaluation import all_estimates, q_from_estimates
from puzzlekit.learning.neural.files import load_network, save_network
from puzzlekit.sliding.distances import distance_table, rank

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


FIFTEEN_CSV = ROOT / "data" / "neural_korf100.csv"
FIFTEEN_SUMMARY_CSV = ROOT / "data" / "neural_korf100_summary.csv"


def korf_summary(rows: list[dict]) -> dict:
    """The figures of one search over Korf's 100: solved, mean lengths, optimal count, nodes and seconds a board."""
    solved = [row for row in rows if row["length"] > 0]
    count = max(len(solved), 1)
    return {"solved": len(solved), "mean_length": round(sum(r["length"] for r in solved) / count, 2),
            "mean_optimal_length": round(sum(r["optimal"] for r in solved) / count, 2),
            "optimal": sum(r["length"] == r["optimal"] for r in solved),
            "mean_expanded": round(sum(r["expanded"] for r in solved) / count),
            "mean_generated": round(sum(r["generated"] for r in solved) / count),
            "mean_seconds": round(sum(r["seconds"] for r in solved) / count, 3)}


def fifteen(inputs: str, write: bool, trained: str | None = None, save: str | None = None) -> list[dict]:
    """Train the 15-puzzle network for `inputs` from scratch (`fifteen_settings`), solve Korf's 100 with it under each
    of `FIFTEEN_SEARCHES`, print every figure; return one summary row per search.

    `trained`, if given, is a network file of this training (saved by `--fifteen-save`; its history's settings must
    be those of `fifteen_settings(inputs)`): it is measured instead of training again, with the training time it
    recorded. `save`, if given, is a file to save the network to as well (whatever its inputs), with its figures."""
    from puzzlekit.learning.neural.fifteen import (
        FIFTEEN_SEARCHES,
        SHIPPED_FIFTEEN,
        SHIPPED_SEARCH,
        fifteen_settings,
        solve_korf,
        train_fifteen,
    )
    from puzzlekit.sliding.fifteen import korf100

    print(f"== 15-puzzle, {inputs} inputs: approximate value iteration from scratch", flush=True)
    began = time.perf_counter()
    settings, hidden = fifteen_settings(inputs)  # the pattern databases are loaded here (built if not cached)
    tables_seconds = round(time.perf_counter() - began, 1)
    if trained:
        network, metadata = load_network(trained, inputs=input_width(settings.encoding, 4))
        history = metadata["history"]
        if history["settings"] != {**settings.record(), "hidden": list(hidden)}:
            raise SystemExit(f"{trained} was not trained with the {inputs} settings of fifteen_settings")
        print(f"read {trained}")
    else:
        network, history = train_fifteen(settings, hidden=hidden)
    print(f"trained in {history['seconds']} s (+ {tables_seconds} s for the tables); {network}; "
          f"{len(history['refreshes'])} refreshes", flush=True)
    summaries = []
    for g_weight, batch in FIFTEEN_SEARCHES:
        rows = solve_korf(network, korf100(), encoding=settings.encoding, g_weight=g_weight, batch=batch,
                          max_expanded=1_000_000)
        summary = korf_summary(rows)
        print(f"Korf's 100, batched weighted A* (g_weight {g_weight}, {batch} nodes a call):", json.dumps(summary),
              flush=True)
        summaries.append({"inputs": inputs, "parameters": network.parameters, "train_seconds": history["seconds"],
                          "tables_seconds": tables_seconds, "g_weight": g_weight, "batch": batch, **summary})
        if (g_weight, batch) == SHIPPED_SEARCH:
            shipped_rows, shipped_summary = rows, summary
    metadata = {"training": "davi", "encoding": inputs, "tables_seconds": tables_seconds, "korf100": shipped_summary,
                "search": {"g_weight": SHIPPED_SEARCH[0], "batch": SHIPPED_SEARCH[1]}, "history": history}
    if save:
        print(f"saved {save_network(save, network, **metadata)}")
    if write and inputs == SHIPPED_FIFTEEN:
        save_network(ROOT / "data" / "network_15puzzle_davi.npz", network, **metadata)
        write_csv(FIFTEEN_CSV, shipped_rows)
        print(f"wrote data/network_15puzzle_davi.npz and {FIFTEEN_CSV.name}")
    return summaries


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the networks and figures in data/")
    parser.add_argument("--astar-every", type=int, default=1, help="run A* on every n-th board (default: all)")
    parser.add_argument("--methods", default="supervised,davi", help="8-puzzle networks to train ('' for none)")
    parser.add_argument("--fifteen", action="store_true", help="also train the 15-puzzle network and solve Korf's 100")
    parser.add_argument("--fifteen-inputs", default=None,
                        help="the 15-puzzle networks' inputs, from one_hot,pattern_databases "
                             "(default: the shipped one)")
    parser.add_argument("--fifteen-save", default=None, help="save the 15-puzzle network here too (one inputs only)")
    parser.add_argument("--fifteen-from", default=None,
                        help="measure this network file (saved by --fifteen-save, one inputs only) instead of training")
    arguments = parser.parse_args(argv)
    rows = range(0, 181_440, arguments.astar_every)
    study = []
    if arguments.fifteen:
        from puzzlekit.learning.neural.fifteen import SHIPPED_FIFTEEN

        summaries = []
        inputs_list = (arguments.fifteen_inputs or SHIPPED_FIFTEEN).split(",")
        if (arguments.fifteen_save or arguments.fifteen_from) and len(inputs_list) > 1:
            parser.error("--fifteen-save and --fifteen-from take one --fifteen-inputs")
        for inputs in inputs_list:
            summaries += fifteen(inputs, arguments.write, arguments.fifteen_from, arguments.fifteen_save)
        if arguments.write:
            kept = []  # the rows of the inputs not trained in this run stay as they were
            if FIFTEEN_SUMMARY_CSV.exists():
                with open(FIFTEEN_SUMMARY_CSV) as file:
                    done = {row["inputs"] for row in summaries}
                    kept = [row for row in csv.DictReader(file) if row["inputs"] not in done]
            write_csv(FIFTEEN_SUMMARY_CSV, sorted(kept + summaries, key=lambda row: (
                row["inputs"], float(row["g_weight"]), -int(row["batch"]))))
    for method in filter(None, arguments.methods.split(",")):
        print(f"== {method}: training from scratch", flush=True)
        network, history = train_eight(method)
        print(f"trained in {history['seconds']} s; {network}; final loss {history['loss'][-1]:.4f}", flush=True)
        began = time.perf_counter()
        figures = measure_eight(network, history["settings"]["encoding"], astar_rows=rows, progress=True)
        print(json.dumps(figures, indent=1))
        print("mean error (estimate - exact) by distance:",
              mean_error_by_distance(network, history["settings"]["encoding"]))
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

"""Benchmark: chapter 7's weighted A* grid, every guide and weight, with and without re-opening.

    python tests/benchmarks/bench_weighted_astar.py            # print the grid and its time
    python tests/benchmarks/bench_weighted_astar.py --write    # also store it in data/ for chapter 7

It repeats chapter 7's set-up exactly: the tables trained 25% and 50% of the way to the shipped
table (`q_learning_in_lanes`, the original game's settings, seed 0), its 100 boards (`random_board(3,
seed=0..99)`), and `corner_manhattan`. For each setting it runs `lambda_astar_search` on every board
and keeps whole numbers (totals, and the worst ratio's two sides), so that the chapter can check the
rows it recomputes for equality. Chapter 7 reads the file rather than spend half a minute of its
run on the grid, and recomputes some of the rows live. Not collected by pytest (see tests/conftest.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from bench_korf100 import write_csv

from puzzlekit import (
    EIGHT_PUZZLE_HYPERPARAMETERS,
    distance_table,
    lambda_astar_search,
    manhattan,
    q_heuristic,
    q_learning_in_lanes,
    random_board,
    rank,
)
from puzzlekit.learning.qtable import load_table

ROOT = Path(__file__).resolve().parents[2]
GRID = ROOT / "data" / "weighted_astar_grid.csv"
LAMBDAS = (1, 0.8, 0.5, 0.25)
# (guide, the weights it runs at): section 8's grid, and section 7's bound check with corner_manhattan
SETTINGS = [(guide, lam) for guide in ("manhattan", "linear_conflict", "Q 25%", "Q 50%") for lam in LAMBDAS]
SETTINGS.append(("corner_manhattan", 0.8))


def corner_manhattan(board):
    "Manhattan distance when the blank is in a corner, 0 otherwise: admissible, not consistent (chapter 7)."
    return manhattan(board) if board.index(0) in (0, 2, 6, 8) else 0


def chapter_guides() -> dict:
    """Chapter 7's guides by name: the two formulas, corner_manhattan, and the 25% and 50% tables."""
    shipped, metadata = load_table()
    needed, discount = metadata["episodes"], metadata["hyperparameters"]["discount"]
    settings = replace(EIGHT_PUZZLE_HYPERPARAMETERS, seed=0)
    guides = {"manhattan": "manhattan", "linear_conflict": "linear_conflict", "corner_manhattan": corner_manhattan}
    for share in (0.25, 0.5):
        table = q_learning_in_lanes(replace(settings, episodes=round(share * needed)))
        guides[f"Q {share:.0%}"] = q_heuristic(table, discount)
    return guides


def grid_row(guide: str, lam: float, reopen: bool, h, boards, optimal) -> dict:
    """One setting's totals over `boards`: whole numbers, and the worst length / shortest as its two sides."""
    results = [lambda_astar_search(board, h, g_weight=lam, reopen=reopen) for board in boards]
    worst_row = max(((r.length, d) for r, d in zip(results, optimal)), key=lambda pair: Fraction(*pair))
    return {"guide": guide, "lambda": lam, "reopen": reopen, "boards": len(boards),
            "expanded": sum(r.expanded for r in results), "moves": sum(r.length for r in results),
            "shortest": sum(r.length == d for r, d in zip(results, optimal)),
            "worst_length": worst_row[0], "worst_shortest": worst_row[1],
            "reopened": sum(r.reopened for r in results)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"store the grid in {GRID.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    guides = chapter_guides()
    boards = [random_board(3, seed=seed) for seed in range(100)]
    distances = distance_table()
    optimal = [int(distances[rank(board)]) for board in boards]
    print(f"tables trained in {time.perf_counter() - started:.1f} s")
    rows = []
    print(f"{'guide':<17}{'λ':>5}{'reopen':>8}{'expanded':>10}{'moves':>7}{'shortest':>9}{'worst':>8}{'reopened':>9}"
          f"{'seconds':>9}")
    for guide, lam in SETTINGS:
        for reopen in (True, False):
            timer = time.perf_counter()
            row = grid_row(guide, lam, reopen, guides[guide], boards, optimal)
            rows.append(row)
            print(f"{guide:<17}{lam:>5}{str(reopen):>8}{row['expanded']:>10,}{row['moves']:>7,}{row['shortest']:>9}"
                  f"{row['worst_length']:>5}/{row['worst_shortest']:<2}{row['reopened']:>9,}"
                  f"{time.perf_counter() - timer:>9.2f}", flush=True)
    print(f"all {len(rows)} settings: {time.perf_counter() - started:.1f} s")
    if args.write:
        write_csv(GRID, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

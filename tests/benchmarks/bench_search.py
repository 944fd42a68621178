"""Benchmark: the searches of puzzlekit on seeded random 8-puzzle boards, against a textbook A*.

    python tests/benchmarks/bench_search.py                      # 1000 boards, the baseline on 10 of them
    python tests/benchmarks/bench_search.py --boards 200 --baseline-boards 5

For each search it prints the time and the nodes expanded, the speed-up over the baseline
(a plain textbook A* with misplaced tiles and a list for its frontier, which costs minutes a
hundred boards, so it runs on the first boards only, and the speed-up is measured on those same
boards), and whether every length equals the exact distance from the breadth-first sweep; then
the time of the sweep itself. Not collected by pytest (see tests/conftest.py).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from puzzlekit import random_board
from puzzlekit.search import astar_search, ida_star_search
from puzzlekit.sliding.distances import distance_table, rank
from puzzlekit.sliding.puzzle import SlidingPuzzle

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def textbook_astar(start: tuple, goal: tuple = GOAL) -> tuple[list, int]:
    """A* as first written: a list for the frontier, scanned for the least f and for membership.

    Misplaced tiles leave the blank out, so its paths are shortest too. Returns (path, expanded).
    """

    def h(board):
        return sum(1 for tile, home in zip(board, goal) if tile != 0 and tile != home)

    def neighbours(board):
        blank = board.index(0)
        row, col = divmod(blank, 3)
        for target, allowed in ((blank - 3, row > 0), (blank + 1, col < 2), (blank + 3, row < 2), (blank - 1, col > 0)):
            if allowed:
                cells = list(board)
                cells[blank], cells[target] = cells[target], 0
                yield tuple(cells)

    frontier = [(h(start), 0, start, [start])]  # (f, g, board, path)
    explored = set()
    expanded = 0
    while frontier:
        best = min(range(len(frontier)), key=lambda i: frontier[i][0])
        _, g, board, path = frontier.pop(best)
        if board == goal:
            return path, expanded
        explored.add(board)
        expanded += 1
        for child in neighbours(board):
            if child in explored:
                continue
            for i, (_, other_g, other, _) in enumerate(frontier):
                if other == child:
                    if g + 1 < other_g:
                        frontier[i] = (g + 1 + h(child), g + 1, child, path + [child])
                    break
            else:
                frontier.append((g + 1 + h(child), g + 1, child, path + [child]))
    return None, expanded


def run(name: str, search, boards: list[tuple], exact: list[int]) -> dict:
    seconds, expanded, optimal = [], [], True
    for board, distance in zip(boards, exact):
        started = time.perf_counter()
        path, count = search(board)
        seconds.append(time.perf_counter() - started)
        expanded.append(count)
        optimal &= len(path) - 1 == distance
    return {"name": name, "seconds": seconds, "expanded": expanded, "optimal": optimal}


def ours(search, h):
    def solve(board):
        result = search(SlidingPuzzle(board), h, max_expanded=None)
        return result.path, result.expanded

    return solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--baseline-boards", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2024)
    arguments = parser.parse_args()

    started = time.perf_counter()
    table = distance_table()
    first_sweep = time.perf_counter() - started
    sweeps = []
    for _ in range(10):
        started = time.perf_counter()
        distance_table()
        sweeps.append(time.perf_counter() - started)

    rng = random.Random(arguments.seed)
    boards = [random_board(3, seed=rng) for _ in range(arguments.boards)]
    exact = [int(table[rank(board)]) for board in boards]
    subset = min(arguments.baseline_boards, len(boards))
    print(
        f"{len(boards)} random 8-puzzle boards (seed {arguments.seed}), mean exact distance {np.mean(exact):.2f}; "
        f"the baseline runs on the first {subset} (mean distance {np.mean(exact[:subset]):.2f})\n",
        flush=True,
    )

    rows = [run("textbook A*, misplaced, list frontier (baseline)", textbook_astar, boards[:subset], exact[:subset])]
    for name, search, h in [
        ("A*, misplaced", astar_search, "misplaced"),
        ("A*, manhattan", astar_search, "manhattan"),
        ("A*, linear conflict", astar_search, "linear_conflict"),
        ("IDA*, manhattan", ida_star_search, "manhattan"),
        ("IDA*, linear conflict", ida_star_search, "linear_conflict"),
    ]:
        rows.append(run(name, ours(search, h), boards, exact))

    baseline_seconds = sum(rows[0]["seconds"])
    header = f"{'search':<50} {'boards':>6} {'total s':>9} {'ms/board':>9} {'expanded':>10} {'speed-up':>9}  optimal"
    print(header)
    print("-" * len(header))
    for row in rows:
        seconds, expanded = row["seconds"], row["expanded"]
        speedup = baseline_seconds / sum(seconds[:subset])  # on the baseline's boards
        print(
            f"{row['name']:<50} {len(seconds):>6} {sum(seconds):>9.2f} {1000 * np.mean(seconds):>9.2f} "
            f"{np.mean(expanded):>10,.0f} {speedup:>8.0f}x  {'all' if row['optimal'] else 'NOT ALL'}"
        )
    print(
        f"\nexpanded: mean nodes per board; speed-up: the baseline's time over the search's time on the same "
        f"{subset} boards"
    )
    print(
        f"distance sweep over all 181,440 boards: first call {first_sweep:.3f} s (numpy already imported), "
        f"then best {min(sweeps):.3f} s, median {np.median(sweeps):.3f} s of {len(sweeps)}"
    )


if __name__ == "__main__":
    main()

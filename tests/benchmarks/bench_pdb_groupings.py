"""Benchmark: which grouping of the 15-puzzle's tiles into 6-6-3 patterns gives the largest mean estimate?

    python tests/benchmarks/bench_pdb_groupings.py              # every grouping into connected patterns
    python tests/benchmarks/bench_pdb_groupings.py --top 20

A grouping's mean estimate over random boards is the sum of its patterns' means, so each 6-tile
pattern that takes part in some grouping is built once (about 13 s of processor time each; 127 of
them: about half an hour) and averaged over the same 1,000 random boards that `bench_korf100.py`
uses. It prints the best groupings, the package's `PARTITIONS['6-6-3']` among them, and the same
partition with the reflected lookup, and writes every grouping to data/pdb_groupings_6-6-3.csv
(chapter 8 reads it). "Connected" means each pattern's home cells touch side to
side, as in every partition the literature draws. This is how we know that Felner, Korf and
Hanan's 6-6-3 figures (mean estimate 42.924) are for a lookup with the reflection: no grouping
without it comes near. Not collected by pytest (see tests/conftest.py).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from bench_korf100 import random_boards, write_csv

from puzzlekit import default_goal
from puzzlekit.sliding.fifteen import PARTITIONS, pattern_databases

ROOT = Path(__file__).resolve().parents[2]
GROUPINGS = ROOT / "data" / "pdb_groupings_6-6-3.csv"  # every grouping's mean estimate; chapter 8 reads it
GOAL = default_goal(4)
HOME = {tile: cell for cell, tile in enumerate(GOAL)}


def connected(tiles) -> bool:
    """Do the home cells of `tiles` form one piece, cells joined side to side?"""
    cells = {HOME[tile] for tile in tiles}
    seen, stack = set(), [next(iter(cells))]
    while stack:
        cell = stack.pop()
        if cell in seen:
            continue
        seen.add(cell)
        row, col = divmod(cell, 4)
        stack += [c for c in (cell - 4, cell + 4, cell - 1 if col else -1, cell + 1 if col < 3 else -1) if c in cells]
    return seen == cells


def groupings() -> list[tuple[tuple[int, ...], ...]]:
    """Every partition of tiles 1..15 into two 6-tile patterns and one 3-tile pattern, each connected."""
    tiles = range(1, 16)
    sixes = [six for six in itertools.combinations(tiles, 6) if connected(six)]
    found = []
    for first, second in itertools.combinations(sixes, 2):
        rest = tuple(sorted(set(tiles) - set(first) - set(second)))
        if len(rest) == 3 and connected(rest):
            found.append((first, second, rest))
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=10, help="how many of the best groupings to print")
    parser.add_argument("--csv", default=None,
                        help=f"where to write every grouping (default: {GROUPINGS.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    boards = random_boards()
    partitions = groupings()
    patterns = sorted({pattern for partition in partitions for pattern in partition})
    print(f"{len(partitions)} groupings into connected 6-6-3 patterns, {len(patterns)} patterns to build; "
          f"mean estimates over {len(boards):,} random boards", flush=True)
    started, means = time.perf_counter(), {}
    for number, pattern in enumerate(patterns, 1):
        h = pattern_databases([pattern], GOAL, cache=False, progress=False)
        means[pattern] = sum(map(h, boards)) / len(boards)
        if number % 10 == 0 or number == len(patterns):
            print(f"  {number} of {len(patterns)} patterns, {time.perf_counter() - started:.0f} s", flush=True)
    ranked = sorted(((sum(means[p] for p in partition), partition) for partition in partitions), reverse=True)
    ours = tuple(sorted(PARTITIONS["6-6-3"], key=len, reverse=True))
    print(f"\n{'mean estimate':>13}  grouping (tiles, goal 1..15 with the blank last)")
    for rank, (mean, partition) in enumerate(ranked, 1):
        if rank <= args.top or set(partition) == set(ours):
            label = "  <- PARTITIONS['6-6-3']" if set(partition) == set(ours) else ""
            print(f"{mean:>13.3f}  #{rank}: {' | '.join('-'.join(map(str, p)) for p in partition)}{label}")
    reflected = pattern_databases("6-6-3", reflect=True, progress=False)
    with_mirror = sum(map(reflected, boards)) / len(boards)
    print(f"{with_mirror:>13.3f}  PARTITIONS['6-6-3'] with the reflected lookup")
    print("published 6-6-3 (Felner, Korf and Hanan 2004): 42.924")
    rows = [{"rank": rank, "mean_h": round(mean, 3), "reflect": False,
             "patterns": " | ".join("-".join(map(str, p)) for p in partition),
             "package": set(partition) == set(ours)} for rank, (mean, partition) in enumerate(ranked, 1)]
    rows.append({"rank": "", "mean_h": round(with_mirror, 3), "reflect": True,
                 "patterns": " | ".join("-".join(map(str, p)) for p in ours), "package": True})
    write_csv(Path(args.csv) if args.csv else GROUPINGS, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

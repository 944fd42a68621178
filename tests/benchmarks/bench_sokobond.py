"""Benchmark: every shipped Sokobond level by breadth-first search, iterative deepening (plain and with a table) and A*.

    python tests/benchmarks/bench_sokobond.py                  # IDS stops after 2 million nodes a level
    python tests/benchmarks/bench_sokobond.py --ids-limit 20000000

For each level it prints the recorded shortest length and, for BFS (the largest level included,
which the unit tests check by A* only), IDS, IDS with `reached="table"` (which the unit tests run on
every level but `workshop`: about 460,000 nodes, half a minute) and A* with the admissible
`widest_gap`, the length found, the nodes expanded and the time; it fails if a search that
finishes finds another length, or if IDS with the table does not finish.
Not collected by pytest (see tests/conftest.py).
"""

from __future__ import annotations

import argparse
import time

from puzzlekit.search import astar_search, breadth_first_search, iterative_deepening_search
from puzzlekit.sokobond import SokobondPuzzle, levels, load_level


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids-limit", type=int, default=2_000_000, help="nodes IDS may expand on one level")
    options = parser.parse_args(argv)
    searches = [
        ("BFS", lambda puzzle: breadth_first_search(puzzle, max_expanded=None)),
        ("IDS", lambda puzzle: iterative_deepening_search(puzzle, max_expanded=options.ids_limit)),
        ("IDS table", lambda puzzle: iterative_deepening_search(puzzle, reached="table", max_expanded=None)),
        ("A* widest_gap", lambda puzzle: astar_search(puzzle, "widest_gap", max_expanded=None)),
    ]
    wrong = 0
    print(f"{'level':<15}{'shortest':>9}  " + "".join(f"{name:>28}" for name, _ in searches))
    for name in levels():
        level = load_level(name)
        cells = []
        for search_name, search in searches:
            started = time.perf_counter()
            result = search(SokobondPuzzle(level))
            seconds = time.perf_counter() - started
            if (result.found and result.length != level.shortest) or (search_name == "IDS table" and not result.found):
                wrong += 1
            found = result.length if result.found else result.status
            cells.append(f"{found!s:>13} {result.expanded:>9,} {seconds:>5.1f}s")
        print(f"{name:<15}{level.shortest:>9}  " + "".join(f"{cell:>28}" for cell in cells))
    print("every length found is the recorded one" if not wrong else f"{wrong} lengths differ from the recorded ones")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())

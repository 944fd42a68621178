"""The command line: `python -m puzzlekit solve BOARD` prints a shortest solution; `train` learns a Q-table."""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Sequence

from .board import parse_board
from .display import show
from .heuristics import HEURISTICS
from .problem import SlidingPuzzle
from .qlearning_cli import add_train_parser, run_train
from .search import _INFORMED, DEFAULT_MAX_EXPANDED, DEFAULT_MAX_EXPANDED_ONE_PATH, METHODS, _not_found, run_search

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m puzzlekit", description="Sliding puzzles from the command line.")
    commands = parser.add_subparsers(dest="command", required=True)
    solve = commands.add_parser(
        "solve",
        help="print a solution of a board, move by move",
        description="Print the boards from BOARD to the goal, the number of moves and the nodes expanded.",
        epilog='Boards are written row by row: "8 6 7 / 2 5 4 / 3 _ 1", the blank as _; sun and moon as ☼ and ☾.',
    )
    solve.add_argument("board", help='the board to solve, e.g. "8 6 7 / 2 5 4 / 3 _ 1"')
    solve.add_argument("--goal", help="the board to reach (default: the tiles in order, the blank last)")
    solve.add_argument("--method", choices=list(METHODS), default="astar", help="the search (default: astar)")
    solve.add_argument(
        "--heuristic",
        choices=list(HEURISTICS),
        default="manhattan",
        help="for the informed searches (default: manhattan)",
    )
    solve.add_argument("--weight", type=float, help="the weight on h for weighted_astar (default: 2)")
    solve.add_argument(
        "--max-expanded",
        type=int,
        help=f"stop after expanding this many nodes (default: {DEFAULT_MAX_EXPANDED:,}; "
        f"{DEFAULT_MAX_EXPANDED_ONE_PATH:,} for ida_star and iterative_deepening)",
    )
    solve.add_argument("--max-seconds", type=float, help="stop after this many seconds (default: no limit)")
    solve.set_defaults(run=_solve)
    add_train_parser(commands).set_defaults(run=run_train)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (by default the program's arguments); return the exit code.

    Each command is a subparser whose `run` default is the function that carries it out. For
    `solve`: 0 when solved, 1 when the search met a limit first, 2 for a bad board or bad arguments.

    Examples
    --------
    >>> main(["solve", "1 2 3 / 4 5 6 / _ 7 8"])
    start           1: blank r      2: blank r
    ┏━━━┳━━━┳━━━┓   ┏━━━┳━━━┳━━━┓   ┏━━━┳━━━┳━━━┓
    ┃ 1 ┃ 2 ┃ 3 ┃   ┃ 1 ┃ 2 ┃ 3 ┃   ┃ 1 ┃ 2 ┃ 3 ┃
    ┣━━━╋━━━╋━━━┫   ┣━━━╋━━━╋━━━┫   ┣━━━╋━━━╋━━━┫
    ┃ 4 ┃ 5 ┃ 6 ┃   ┃ 4 ┃ 5 ┃ 6 ┃   ┃ 4 ┃ 5 ┃ 6 ┃
    ┣━━━╋━━━╋━━━┫   ┣━━━╋━━━╋━━━┫   ┣━━━╋━━━╋━━━┫
    ┃   ┃ 7 ┃ 8 ┃   ┃ 7 ┃   ┃ 8 ┃   ┃ 7 ┃ 8 ┃   ┃
    ┗━━━┻━━━┻━━━┛   ┗━━━┻━━━┻━━━┛   ┗━━━┻━━━┻━━━┛
    2 moves; 2 nodes expanded (astar, manhattan)
    0
    """
    arguments = _parser().parse_args(argv)
    return arguments.run(arguments)


def _solve(arguments: argparse.Namespace) -> int:
    given = {"max_expanded": arguments.max_expanded, "max_seconds": arguments.max_seconds, "weight": arguments.weight}
    options = {name: value for name, value in given.items() if value is not None}
    try:
        board = parse_board(arguments.board)
        goal = None if arguments.goal is None else parse_board(arguments.goal)
        result = run_search(SlidingPuzzle(board, goal), arguments.method, arguments.heuristic, **options)
    except ValueError as error:
        print(f"python -m puzzlekit solve: error: {error}", file=sys.stderr)
        return 2
    if not result.found:
        print(
            f"python -m puzzlekit solve: {_not_found(result)}; raise --max-expanded or --max-seconds, "
            f"or try --method ida_star --heuristic linear_conflict",
            file=sys.stderr,
        )
        return 1
    _print_path(result.path, result.actions)
    informed = f", {arguments.heuristic}" if arguments.method in _INFORMED else ""
    moves = f"{result.length} move{'s' * (result.length != 1)}"
    print(f"{moves}; {result.expanded:,} nodes expanded ({arguments.method}{informed})")
    return 0


def _print_path(path: list, actions: list) -> None:
    """The boards of a path in rows as wide as the terminal, each captioned with the blank's move."""
    captions = ["start"] + [f"{number}: blank {action}" for number, action in enumerate(actions, start=1)]
    picture_width = len(str(show(path[0])).split("\n")[0]) + 3
    per_row = max(1, (shutil.get_terminal_size().columns + 3) // picture_width)
    for first in range(0, len(path), per_row):
        if first:
            print()
        print(show(path[first : first + per_row], captions=captions[first : first + per_row]))

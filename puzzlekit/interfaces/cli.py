"""The command line, `python -m puzzlekit COMMAND`: `solve BOARD` (or `solve --sokobond LEVEL`) prints a shortest
solution; `play` plays the 8-puzzle or a Sokobond level in the terminal; `train` learns a Q-table.

Each command is a function `add_<command>_parser(commands)` that adds its subparser and sets `run`, the
function that carries it out; `COMMANDS` lists them, so a new command is one more such function.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from ..learning.qtable import DEFAULT_TABLE, check_output
from ..learning.tabular import EIGHT_PUZZLE_HYPERPARAMETERS, Hyperparameters, QLearning, policy_mistakes
from ..search import (
    DEFAULT_MAX_EXPANDED,
    DEFAULT_MAX_EXPANDED_ONE_PATH,
    INFORMED_METHODS,
    not_found_message,
    run_search,
)
from ..sliding.board import is_token_board, parse_board
from ..sliding.display import show
from ..sliding.fifteen import cache_directory
from ..sliding.heuristics import HEURISTICS
from ..sliding.puzzle import SlidingPuzzle
from ..sokobond import HEURISTICS as SOKOBOND_HEURISTICS
from ..sokobond import SokobondPuzzle, draw, levels, read_level
from ..solving import (
    FIFTEEN_DATABASES,
    FIFTEEN_METHOD,
    FIFTEEN_NAMES,
    SOLVE_METHODS,
    choose_method,
    databases_to_build,
    solution_search,
)
from .terminal import SLIDING_KEYS, SOKOBOND_KEYS, SlidingSession, SokobondSession, play_lines

__all__ = ["main", "parser"]

PROG = "python -m puzzlekit"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (by default the program's arguments); return the exit code.

    0 when the command succeeded; for `solve`, 1 when the search met a limit first; 2 for bad
    arguments, a bad board or an output that cannot be written.

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
    arguments = parser().parse_args(argv)
    return arguments.run(arguments)


def parser() -> argparse.ArgumentParser:
    """The parser of the whole command line: one subparser per function of `COMMANDS`.

    Examples
    --------
    >>> parser().parse_args(["train", "--seed", "3"]).seed
    3
    """
    top = argparse.ArgumentParser(prog=PROG, description="Sliding puzzles and Sokobond from the command line.")
    commands = top.add_subparsers(dest="command", required=True)
    for add in COMMANDS:
        add(commands)
    return top


def _error(command: str, message: object, code: int = 2) -> int:
    print(f"{PROG} {command}: error: {message}", file=sys.stderr)
    return code


# --- solve -----------------------------------------------------------------------------------------


def add_solve_parser(commands) -> argparse.ArgumentParser:
    """Add the `solve` command to the subparsers `commands`; return its parser.

    Examples
    --------
    >>> top = argparse.ArgumentParser(prog=PROG)
    >>> _ = add_solve_parser(top.add_subparsers(dest="command"))
    >>> top.parse_args(["solve", "1 2 3 / 4 5 6 / 7 _ 8", "--method", "ida_star"]).method
    'ida_star'
    """
    solve = commands.add_parser(
        "solve",
        help="print a solution of a board, move by move",
        description="Print the boards from BOARD to the goal (or the states of a Sokobond level to its solution), "
                    "the number of moves and the nodes expanded.",
        epilog='Boards are written row by row: "8 6 7 / 2 5 4 / 3 _ 1", the blank as _; sun and moon as ☼ and ☾. '
               f"Sokobond levels shipped: {', '.join(levels())}.",
    )
    solve.add_argument("board", nargs="?", help='the board to solve, e.g. "8 6 7 / 2 5 4 / 3 _ 1"')
    solve.add_argument("--sokobond", metavar="LEVEL",
                       help="solve a Sokobond level instead: a shipped level's name or a level's text file")
    solve.add_argument("--goal", help="the board to reach (default: the tiles in order, the blank last)")
    solve.add_argument("--method", choices=list(SOLVE_METHODS),
                       help=f"the search (default: by the board's size, astar for 3x3 and smaller, {FIFTEEN_METHOD} "
                            f"with {FIFTEEN_DATABASES} pattern databases for 4x4, built once in about 40 s; astar "
                            "for Sokobond)")
    solve.add_argument("--heuristic", choices=list(HEURISTICS) + list(FIFTEEN_NAMES) + list(SOKOBOND_HEURISTICS),
                       help="for the informed searches (default: manhattan, or the pattern databases on 4x4 boards; "
                            "for Sokobond widest_gap, the admissible one; manhattan_sum and electron_weighted_sum are "
                            "the original Sokobond project's)")
    solve.add_argument("--weight", type=float, help="the weight on h, for --method weighted_astar only (default: 2)")
    solve.add_argument(
        "--max-expanded",
        type=int,
        help=f"stop after expanding this many nodes (default: {DEFAULT_MAX_EXPANDED:,}; "
        f"{DEFAULT_MAX_EXPANDED_ONE_PATH:,} for ida_star and iterative_deepening)",
    )
    solve.add_argument("--max-seconds", type=float, help="stop after this many seconds (default: no limit)")
    solve.set_defaults(run=run_solve)
    return solve


def run_solve(arguments: argparse.Namespace) -> int:
    """Solve with parsed `arguments` (see `add_solve_parser`) and print the path; return the exit code.

    Examples
    --------
    >>> run_solve(parser().parse_args(["solve", "1 2 3 / 4 5 6 / 7 _ 8", "--weight", "2"]))
    2
    """
    if arguments.weight is not None and arguments.method != "weighted_astar":
        return _error("solve", f"--weight is for --method weighted_astar, not {arguments.method or 'the default'}")
    sokobond = arguments.sokobond is not None
    if (arguments.board is None) != sokobond:
        return _error("solve", "give a BOARD or --sokobond LEVEL" if not sokobond else
                               "give a BOARD or --sokobond LEVEL, not both")
    if sokobond and arguments.goal is not None:
        return _error("solve", "--goal is for sliding puzzles; a Sokobond level has its own goal")
    known = list(SOKOBOND_HEURISTICS) if sokobond else [*HEURISTICS, *FIFTEEN_NAMES]
    heuristic = arguments.heuristic or ("widest_gap" if sokobond else None)
    if heuristic is not None and heuristic not in known:
        return _error("solve", f"--heuristic {heuristic} is not for {'Sokobond' if sokobond else 'sliding puzzles'}; "
                               f"choose from {', '.join(known)}")
    given = {"max_expanded": arguments.max_expanded, "max_seconds": arguments.max_seconds, "weight": arguments.weight}
    options = {name: value for name, value in given.items() if value is not None}
    try:
        if sokobond:
            problem = SokobondPuzzle(read_level(arguments.sokobond))
            result = run_search(problem, arguments.method or "astar", heuristic, **options)
        else:
            goal = None if arguments.goal is None else parse_board(arguments.goal)
            problem = SlidingPuzzle(parse_board(arguments.board), goal)
            result, heuristic = _search_sliding(problem, arguments.method, heuristic, options)
    except (ValueError, TypeError) as error:
        return _error("solve", error)
    if not result.found and result.status == "exhausted" and sokobond:
        return _error("solve", "this level has no solution: every state it can reach was tried", code=1)
    if not result.found:
        advice = "" if sokobond or result.method == FIFTEEN_METHOD else (
            f", or leave --method out (on a 4x4 board the default is {FIFTEEN_METHOD} with pattern databases)"
            if problem.size == 4 and not is_token_board(problem.goal) else
            ", or try --method ida_star --heuristic linear_conflict")
        return _error("solve", f"{not_found_message(result)}; raise --max-expanded or --max-seconds{advice}", code=1)
    if sokobond:
        level = problem.level
        print_path(result.path, result.actions, mover="", picture=lambda states, captions: draw(
            level, list(states), captions=captions))
    else:
        print_path(result.path, result.actions)
    informed = f", {heuristic}" if result.method in (*INFORMED_METHODS, FIFTEEN_METHOD) else ""
    moves = f"{result.length} move{'s' * (result.length != 1)}"
    print(f"{moves}; {result.expanded:,} nodes expanded ({result.method}{informed})")
    return 0


def _search_sliding(problem: SlidingPuzzle, method: str | None, heuristic: str | None, options: dict):
    """(result, heuristic) of the search `puzzlekit.solve` runs on `problem`, picked by the board's size unless
    `method` is given; when it is to build pattern databases, a line on stderr says so first."""
    chosen, default = (method, "manhattan") if method else choose_method(problem.initial, problem.goal)
    heuristic = heuristic or default
    if chosen == FIFTEEN_METHOD and heuristic not in ("manhattan", *FIFTEEN_NAMES):
        why = "on a 4x4 board the default search is " if method is None else "the search "
        raise ValueError(f"--heuristic {heuristic} is not for {FIFTEEN_METHOD} ({why}IDA* with pattern databases); "
                         f"choose from manhattan, {', '.join(FIFTEEN_NAMES)}, or give --method astar (or another)")
    if chosen == FIFTEEN_METHOD and databases_to_build(problem, heuristic):
        took = "about 40 s" if heuristic.startswith("6-6-3") else "a few seconds"  # on an idle 2-core machine
        print(f"building the 15-puzzle's {heuristic} pattern databases, once ({took}); they are kept in "
              f"{cache_directory()}", file=sys.stderr, flush=True)
    return solution_search(problem, method, heuristic, **options), heuristic


def print_path(path: list, actions: list, *, mover: str = "blank", picture: Callable | None = None) -> None:
    """Print the states of a path in rows as wide as the terminal, each captioned with the move of the `mover`.

    `picture(states, captions=...)` draws states side by side (default: the boards, by `show`).

    Examples
    --------
    >>> print_path([(1, 2, 0, 3), (1, 2, 3, 0)], ["r"])
    start       1: blank r
    ┏━━━┳━━━┓   ┏━━━┳━━━┓
    ┃ 1 ┃ 2 ┃   ┃ 1 ┃ 2 ┃
    ┣━━━╋━━━┫   ┣━━━╋━━━┫
    ┃   ┃ 3 ┃   ┃ 3 ┃   ┃
    ┗━━━┻━━━┛   ┗━━━┻━━━┛
    """
    picture = show if picture is None else picture
    captions = ["start"] + [f"{number}: {mover} {action}".replace(":  ", ": ")
                            for number, action in enumerate(actions, start=1)]
    picture_width = max(len(line) for line in str(picture(path[:1], captions=captions[:1])).split("\n")) + 3
    per_row = max(1, (shutil.get_terminal_size().columns + 3) // picture_width)
    for first in range(0, len(path), per_row):
        if first:
            print()
        print(picture(path[first : first + per_row], captions=captions[first : first + per_row]))


# --- play ------------------------------------------------------------------------------------------


def add_play_parser(commands) -> argparse.ArgumentParser:
    """Add the `play` command to the subparsers `commands`; return its parser.

    Examples
    --------
    >>> top = argparse.ArgumentParser(prog=PROG)
    >>> _ = add_play_parser(top.add_subparsers(dest="command"))
    >>> top.parse_args(["play", "--sokobond", "water"]).sokobond
    'water'
    """
    play = commands.add_parser(
        "play",
        help="play the 8-puzzle or a Sokobond level in the terminal",
        description="Play in the terminal: type keys and press Enter (several keys on a line are played in turn).\n"
                    "The game ends when the puzzle is solved, on q, or at the end of the input.",
        epilog=f"keys of the 8-puzzle:\n{SLIDING_KEYS}\n\nkeys of Sokobond (--sokobond LEVEL):\n{SOKOBOND_KEYS}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("board", nargs="?", help='the board to start from (default: a random one from --seed), '
                                               'e.g. "8 6 7 / 2 5 4 / 3 _ 1"')
    play.add_argument("--sokobond", metavar="LEVEL", help="play a Sokobond level: a shipped name or a text file")
    play.add_argument("--seed", type=int, default=0, help="seed of the random boards (default: 0)")
    play.set_defaults(run=run_play)
    return play


def run_play(arguments: argparse.Namespace) -> int:
    """Play with parsed `arguments` (see `add_play_parser`), reading keys from stdin; return the exit code.

    0 when the game ended (solved, quit, or the input ended); 2 for a bad board or level.
    """
    try:
        if arguments.sokobond is not None:
            if arguments.board is not None:
                return _error("play", "give a BOARD or --sokobond LEVEL, not both")
            session = SokobondSession(read_level(arguments.sokobond))
        else:
            board = None if arguments.board is None else parse_board(arguments.board)
            session = SlidingSession(board, seed=arguments.seed)
    except (ValueError, TypeError) as error:
        return _error("play", error)
    try:
        return play_lines(session, sys.stdin, sys.stdout, prompt="> " if sys.stdin.isatty() else "")
    except KeyboardInterrupt:
        print("\nBye.")
        return 0


# --- train -----------------------------------------------------------------------------------------


def add_train_parser(commands) -> argparse.ArgumentParser:
    """Add the `train` command to the subparsers `commands`; return its parser.

    Examples
    --------
    >>> top = argparse.ArgumentParser(prog=PROG)
    >>> _ = add_train_parser(top.add_subparsers(dest="command"))
    >>> top.parse_args(["train", "--seed", "3"]).seed
    3
    """
    settings = EIGHT_PUZZLE_HYPERPARAMETERS
    train = commands.add_parser(
        "train",
        help="learn the 8-puzzle's Q-table and write it",
        description="Q-learning on the 8-puzzle with the original game's settings; writes the table as a .npz "
                    "file (no pickle) and says whether its greedy policy is optimal on every board.",
    )
    train.add_argument("--output", "-o", type=Path, default=DEFAULT_TABLE,
                       help=f"where to write the table (default: {DEFAULT_TABLE})")
    train.add_argument("--learning-rate", type=float, default=settings.learning_rate,
                       help=f"(default: {settings.learning_rate})")
    train.add_argument("--discount", type=float, default=settings.discount,
                       help=f"(default: {settings.discount})")
    train.add_argument("--episodes", type=int, default=settings.episodes,
                       help=f"the most episodes (default: {settings.episodes:,})")
    train.add_argument("--max-steps", type=int, default=settings.max_steps,
                       help=f"the most steps an episode (default: {settings.max_steps})")
    train.add_argument("--epsilon", type=float, default=settings.epsilon,
                       help=f"epsilon (default: {settings.epsilon})")
    train.add_argument("--seed", type=int, default=0, help="seed of the random generators (default: 0)")
    train.add_argument("--size", type=int, choices=(2, 3), default=3, help="3 for the 8-puzzle (default), 2 for 2x2")
    train.add_argument("--readable", action="store_true",
                       help="use the readable loop q_learning instead of the fast trainer (minutes, not seconds)")
    train.add_argument("--stop-when-optimal", action=argparse.BooleanOptionalAction, default=True,
                       help="stop once the greedy policy is optimal on every board (default: yes)")
    train.add_argument("--progress", action=argparse.BooleanOptionalAction, default=True,
                       help="draw a progress bar on stderr (default: yes)")
    train.set_defaults(run=run_train)
    return train


def run_train(arguments: argparse.Namespace) -> int:
    """Train with parsed `arguments` (see `add_train_parser`), write the table; return the exit code.

    0 when the table is written; 2 for bad settings or an output that cannot be written, found
    before any training.

    Examples
    --------
    >>> import tempfile, os
    >>> output = os.path.join(tempfile.mkdtemp(), "q.npz")
    >>> run_train(parser().parse_args(["train", "--size", "2", "--output", output, "--no-progress"]))
    ... # doctest: +ELLIPSIS
    trained ... episodes in ... s (q_learning_in_lanes); the greedy policy is optimal on all 12 boards;
    the hardest takes 6 moves
    wrote .../q.npz (... bytes)
    0
    """
    try:
        settings = Hyperparameters(arguments.learning_rate, arguments.discount, arguments.episodes,
                                   arguments.max_steps, arguments.epsilon, arguments.seed)
        agent = QLearning(settings.learning_rate, settings.discount, settings.episodes, settings.max_steps,
                          settings.epsilon, settings.seed, size=arguments.size)
        check_output(arguments.output)
    except (ValueError, TypeError) as error:
        return _error("train", error)
    except OSError as error:
        return _error("train", f"cannot write {arguments.output}: {error.strerror or error}")
    bar = ProgressBar() if arguments.progress else None
    agent.train(fast=not arguments.readable, stop_when_optimal=arguments.stop_when_optimal, progress=bar)
    mistakes = policy_mistakes(agent.q)
    boards = len(agent.q) - 1
    if bar is not None:
        bar.close("optimal" if mistakes == 0 else f"{mistakes:,} boards not optimal")
    verdict = (f"optimal on all {boards + 1:,} boards" if mistakes == 0
               else f"not optimal on {mistakes:,} of {boards:,} boards")
    _, hardest = agent.test()
    print(f"trained {agent.episodes:,} episodes in {agent.seconds:.1f} s ({agent.trainer}); "
          f"the greedy policy is {verdict}; the hardest takes {hardest} moves")
    agent.save(arguments.output)
    print(f"wrote {arguments.output} ({Path(arguments.output).stat().st_size:,} bytes)")
    return 0


class ProgressBar:
    """A one-line text progress bar, redrawn in place with a carriage return (at most ten times a second).

    `bar(done, total)` reports progress; `clock` gives the time in seconds (a fake one makes a test exact).

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, width=10)
    >>> bar(250, 1000)
    >>> bar.close("done")
    >>> print(out.getvalue().replace("\\r", "|"))
    |[##--------]  25%  250 / 1,000 episodes  0.0 s|[##--------]  25%  250 / 1,000 episodes  0.0 s  done
    <BLANKLINE>
    """

    def __init__(
        self, stream: TextIO | None = None, *, width: int = 30, clock: Callable[[], float] = time.perf_counter
    ):
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.clock = clock  # seconds, as time.perf_counter gives them
        self.started = self.clock()
        self.drawn_at = -1.0
        self.draws = 0
        self.line = ""
        self.last: tuple[int, int] | None = None  # the latest progress, drawn or not

    def __call__(self, done: int, total: int) -> None:
        self.last = (done, total)
        now = self.clock()
        if now - self.drawn_at < 0.1 and done < total:
            return
        self.drawn_at = now
        self.draws += 1
        self.line = self._line(done, total, now)
        self.stream.write("\r" + self.line)
        self.stream.flush()

    def _line(self, done: int, total: int, now: float) -> str:
        filled = self.width * done // max(total, 1)
        return (f"[{'#' * filled}{'-' * (self.width - filled)}] {100 * done // max(total, 1):3d}%  "
                f"{done:,} / {total:,} episodes  {now - self.started:.1f} s")

    def close(self, note: str = "") -> None:
        """Redraw the line with the latest progress (even one skipped to keep redraws rare), `note` after it.

        Examples
        --------
        >>> import io
        >>> out = io.StringIO()
        >>> ProgressBar(out).close("nothing to do")
        >>> out.getvalue()
        '\\r  nothing to do\\n'
        """
        if self.last is not None:
            self.line = self._line(*self.last, self.clock())
        self.stream.write("\r" + self.line + ("  " + note if note else "") + "\n")
        self.stream.flush()


# The commands of `python -m puzzlekit`, in the order `--help` lists them.
COMMANDS = (add_solve_parser, add_play_parser, add_train_parser)

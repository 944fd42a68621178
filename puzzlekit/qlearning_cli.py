"""`python -m puzzlekit train`: learn the 8-puzzle's Q-table with a progress bar and write it, like the seed's train.py."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .qlearning import EIGHT_PUZZLE_HYPERPARAMETERS, QLearning, policy_mistakes
from .qtable import DEFAULT_TABLE

__all__ = ["add_train_parser", "run_train", "train_main", "ProgressBar"]


class ProgressBar:
    """A one-line text progress bar, redrawn in place with a carriage return (at most ten times a second).

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

    def __init__(self, stream: TextIO | None = None, width: int = 30):
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.started = time.perf_counter()
        self.drawn_at = -1.0
        self.line = ""
        self.last: tuple[int, int] | None = None  # the latest progress, drawn or not

    def __call__(self, done: int, total: int) -> None:
        self.last = (done, total)
        now = time.perf_counter()
        if now - self.drawn_at < 0.1 and done < total:
            return
        self.drawn_at = now
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
            self.line = self._line(*self.last, time.perf_counter())
        self.stream.write("\r" + self.line + ("  " + note if note else "") + "\n")
        self.stream.flush()


def add_train_parser(commands) -> argparse.ArgumentParser:
    """Add the `train` command to the sub-commands `commands` of an argparse parser; return its parser.

    Examples
    --------
    >>> parser = argparse.ArgumentParser(prog="python -m puzzlekit")
    >>> train = add_train_parser(parser.add_subparsers(dest="command"))
    >>> parser.parse_args(["train", "--seed", "3"]).seed
    3
    """
    settings = EIGHT_PUZZLE_HYPERPARAMETERS
    train = commands.add_parser(
        "train",
        help="learn the 8-puzzle's Q-table and write it",
        description="Q-learning on the 8-puzzle with the seed's settings; writes the table as a .npz file "
                    "(no pickle) and says whether its greedy policy is optimal on every board.",
    )
    train.add_argument("--output", "-o", type=Path, default=DEFAULT_TABLE,
                       help=f"where to write the table (default: {DEFAULT_TABLE})")
    train.add_argument("--learning-rate", type=float, default=settings.learning_rate,
                       help=f"(default: {settings.learning_rate})")
    train.add_argument("--discount-factor", type=float, default=settings.discount_factor,
                       help=f"(default: {settings.discount_factor})")
    train.add_argument("--generations", type=int, default=settings.generations,
                       help=f"the most episodes (default: {settings.generations:,})")
    train.add_argument("--max-steps", type=int, default=settings.max_steps,
                       help=f"the most steps an episode (default: {settings.max_steps})")
    train.add_argument("--exploration-probability", type=float, default=settings.exploration_probability,
                       help=f"epsilon (default: {settings.exploration_probability})")
    train.add_argument("--seed", type=int, default=0, help="seed of the random generators (default: 0)")
    train.add_argument("--size", type=int, choices=(2, 3), default=3, help="3 for the 8-puzzle (default), 2 for 2x2")
    train.add_argument("--readable", action="store_true",
                       help="use the readable loop q_learning instead of the fast trainer (minutes, not seconds)")
    train.add_argument("--stop-when-optimal", action=argparse.BooleanOptionalAction, default=True,
                       help="stop once the greedy policy is optimal on every board (default: yes)")
    train.add_argument("--progress", action=argparse.BooleanOptionalAction, default=True,
                       help="draw a progress bar on stderr (default: yes)")
    return train


def run_train(arguments: argparse.Namespace) -> int:
    """Train with parsed `arguments` (see `add_train_parser`), write the table; return the exit code.

    0 when the table is written, 2 for bad settings.

    Examples
    --------
    >>> import tempfile, os
    >>> output = os.path.join(tempfile.mkdtemp(), "q.npz")
    >>> run_train(argparse.Namespace(output=output, learning_rate=1.0, discount_factor=0.92, generations=5000,
    ...     max_steps=40, exploration_probability=1.0, seed=0, size=2, readable=False, stop_when_optimal=True,
    ...     progress=False))  # doctest: +ELLIPSIS
    trained ... episodes in ... s (train_fast); the greedy policy is optimal on all 12 boards; the hardest takes 6 moves
    wrote .../q.npz (... bytes)
    0
    """
    try:
        agent = QLearning(arguments.learning_rate, arguments.discount_factor, arguments.generations,
                          arguments.max_steps, arguments.exploration_probability, arguments.seed, size=arguments.size)
    except (ValueError, TypeError) as error:
        print(f"python -m puzzlekit train: error: {error}", file=sys.stderr)
        return 2
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


def train_main(argv: Sequence[str] | None = None) -> int:
    """`python -m puzzlekit train ...` on its own: parse `argv` (the arguments after 'train') and train.

    Examples
    --------
    >>> import tempfile, os
    >>> output = os.path.join(tempfile.mkdtemp(), "q.npz")
    >>> train_main(["--size", "2", "--output", output, "--no-progress"])  # doctest: +ELLIPSIS
    trained ... episodes in ... s (train_fast); the greedy policy is optimal on all 12 boards; the hardest takes 6 moves
    wrote .../q.npz (... bytes)
    0
    """
    parser = argparse.ArgumentParser(prog="python -m puzzlekit")
    add_train_parser(parser.add_subparsers(dest="command", required=True))
    return run_train(parser.parse_args(["train", *(sys.argv[1:] if argv is None else argv)]))

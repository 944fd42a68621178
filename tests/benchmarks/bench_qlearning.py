"""Time to an optimal 8-puzzle policy: the readable loop `q_learning` against the fast trainer `train_fast`.

Both run the seed's settings (learning rate 1.0, discount 0.92, exploration 1.0, at most 40 steps an
episode) until the greedy policy is optimal on all 181,440 boards, checked against the exact distances.
The checks are not counted in the times. Run by hand (it takes a few minutes, most of it the readable loop):

    python tests/benchmarks/bench_qlearning.py [--fast-seeds 5] [--readable-seeds 1] [--skip-readable]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from dataclasses import replace

import numpy as np

from puzzlekit import EIGHT_PUZZLE_HYPERPARAMETERS, SlidingPuzzleEnv, policy_mistakes, q_learning, train_fast
from puzzlekit.qlearning import q_array
from puzzlekit.state_space import state_space

SETTINGS = replace(EIGHT_PUZZLE_HYPERPARAMETERS, generations=50_000_000)


class Stopwatch:
    """A callback that stops training once the policy is optimal, timing the training but not the checks."""

    def __init__(self, every: int, convert):
        self.every, self.convert = every, convert
        self.started = time.perf_counter()
        self.checking = 0.0
        self.episodes = 0
        self.seconds = None

    def __call__(self, episodes: int, q) -> bool:
        if episodes % self.every:
            return False
        check = time.perf_counter()
        mistakes = policy_mistakes(self.convert(q))
        self.checking += time.perf_counter() - check
        self.episodes = episodes
        if mistakes == 0:
            self.seconds = time.perf_counter() - self.started - self.checking
            return True
        return False


def fast(seed: int) -> Stopwatch:
    watch = Stopwatch(every=1, convert=lambda q: q)
    train_fast(replace(SETTINGS, seed=seed), callback=watch)
    return watch


def readable(seed: int, every: int) -> Stopwatch:
    watch = Stopwatch(every=every, convert=q_array)
    q_learning(SlidingPuzzleEnv(3), replace(SETTINGS, seed=seed), callback=watch)
    return watch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fast-seeds", type=int, default=5)
    parser.add_argument("--readable-seeds", type=int, default=1)
    parser.add_argument("--check-every", type=int, default=20_000, help="episodes between checks of the readable loop")
    parser.add_argument("--skip-readable", action="store_true")
    arguments = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"numpy {np.__version__}")

    started = time.perf_counter()
    state_space.cache_clear()
    state_space(3)
    setup = time.perf_counter() - started
    print(f"state_space(3), once per session (boards, moves, distances): {setup:.2f} s")

    fast_runs = [fast(seed) for seed in range(arguments.fast_seeds)]
    for seed, run in enumerate(fast_runs):
        print(f"train_fast  seed {seed}: optimal after {run.episodes:>9,} episodes, {run.seconds:6.2f} s "
              f"(+ {run.checking:.2f} s of checks)")
    fast_time = statistics.median(run.seconds for run in fast_runs)
    print(f"train_fast: median {fast_time:.2f} s to optimal, {fast_time + setup:.2f} s with the state space")

    if arguments.skip_readable:
        return
    readable_runs = [readable(seed, arguments.check_every) for seed in range(arguments.readable_seeds)]
    for seed, run in enumerate(readable_runs):
        print(f"q_learning  seed {seed}: optimal after {run.episodes:>9,} episodes, {run.seconds:6.1f} s "
              f"(checked every {arguments.check_every:,} episodes; + {run.checking:.1f} s of checks)")
    readable_time = statistics.median(run.seconds for run in readable_runs)
    print(f"q_learning: median {readable_time:.1f} s to optimal")
    print(f"ratio q_learning / train_fast: {readable_time / fast_time:.0f}x "
          f"({readable_time / (fast_time + setup):.0f}x counting the state space)")


if __name__ == "__main__":
    main()

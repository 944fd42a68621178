"""Time to an optimal 8-puzzle policy: the readable loop `q_learning` against the fast trainer `q_learning_in_lanes`.

Both run the original game's settings (learning rate 1.0, discount 0.92, exploration 1.0, at most 40 steps
an episode) until the greedy policy is optimal on all 181,440 boards, checked against the exact distances.
The checks are not counted in the times. Run by hand (it takes a few minutes, most of it the readable loop):

    python tests/benchmarks/bench_qlearning.py [--fast-seeds 5] [--readable-seeds 1] [--skip-readable]

With `--exploration` it instead compares ways to explore with `q_learning_in_lanes` (chapter 5b, section 7): constant
epsilon 1 (the original game), constant 0.5, epsilon decaying from 1 to 0 or to 0.1 over the run, and optimistic
initial values (1.0) with epsilon 0 or 0.1; policy mistakes after each batch of 65,536 episodes, for
`--seeds` seeds, up to `--batches` batches or until optimal (about 10 s a run):

    python tests/benchmarks/bench_qlearning.py --exploration [--seeds 3] [--batches 20]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from dataclasses import replace

import numpy as np

from puzzlekit import EIGHT_PUZZLE_HYPERPARAMETERS, SlidingPuzzleEnv, policy_mistakes, q_learning, q_learning_in_lanes
from puzzlekit.learning.tabular import q_array
from puzzlekit.sliding.state_space import state_space

SETTINGS = replace(EIGHT_PUZZLE_HYPERPARAMETERS, episodes=50_000_000)


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
    q_learning_in_lanes(replace(SETTINGS, seed=seed), callback=watch)
    return watch


def readable(seed: int, every: int) -> Stopwatch:
    watch = Stopwatch(every=every, convert=q_array)
    q_learning(SlidingPuzzleEnv(3), replace(SETTINGS, seed=seed), callback=watch)
    return watch


EXPLORATION = {  # name: (epsilon, options of q_learning_in_lanes)
    "constant 1 (original)": (1.0, {}),
    "constant 0.5": (0.5, {}),
    "decaying 1 to 0": (1.0, {"final_epsilon": 0.0}),
    "decaying 1 to 0.1": (1.0, {"final_epsilon": 0.1}),
    "optimistic, epsilon 0": (0.0, {"initial_value": 1.0}),
    "optimistic, epsilon 0.1": (0.1, {"initial_value": 1.0}),
}


def exploration(seeds: int, batches: int) -> None:
    """Print, per strategy and seed, the policy mistakes after each batch and the episodes to an optimal policy."""
    settings = replace(SETTINGS, episodes=batches * 65_536)
    for name, (epsilon, options) in EXPLORATION.items():
        for seed in range(seeds):
            curve = []
            started = time.process_time()

            def record(episodes, q, curve=curve):
                curve.append(policy_mistakes(q))
                return curve[-1] == 0

            q_learning_in_lanes(replace(settings, epsilon=epsilon, seed=seed), callback=record, **options)
            seen = f"{len(curve) * 65_536:,}"
            done = f"optimal after {seen}" if curve[-1] == 0 else f"{curve[-1]:,} mistakes after {seen}"
            print(f"{name:<24} seed {seed}: {done} episodes ({time.process_time() - started:.1f} s CPU); "
                  f"mistakes per batch {curve}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fast-seeds", type=int, default=5)
    parser.add_argument("--readable-seeds", type=int, default=1)
    parser.add_argument("--check-every", type=int, default=20_000, help="episodes between checks of the readable loop")
    parser.add_argument("--skip-readable", action="store_true")
    parser.add_argument("--exploration", action="store_true", help="compare ways to explore instead")
    parser.add_argument("--seeds", type=int, default=3, help="seeds per strategy, with --exploration")
    parser.add_argument("--batches", type=int, default=20, help="at most this many batches, with --exploration")
    arguments = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"numpy {np.__version__}")
    if arguments.exploration:
        exploration(arguments.seeds, arguments.batches)
        return

    started = time.perf_counter()
    state_space.cache_clear()
    state_space(3)
    setup = time.perf_counter() - started
    print(f"state_space(3), once per session (boards, moves, distances): {setup:.2f} s")

    fast_runs = [fast(seed) for seed in range(arguments.fast_seeds)]
    for seed, run in enumerate(fast_runs):
        print(f"q_learning_in_lanes  seed {seed}: optimal after {run.episodes:>9,} episodes, {run.seconds:6.2f} s "
              f"(+ {run.checking:.2f} s of checks)")
    fast_time = statistics.median(run.seconds for run in fast_runs)
    print(f"q_learning_in_lanes: median {fast_time:.2f} s to optimal, {fast_time + setup:.2f} s with the state space")

    if arguments.skip_readable:
        return
    readable_runs = [readable(seed, arguments.check_every) for seed in range(arguments.readable_seeds)]
    for seed, run in enumerate(readable_runs):
        print(f"q_learning  seed {seed}: optimal after {run.episodes:>9,} episodes, {run.seconds:6.1f} s "
              f"(checked every {arguments.check_every:,} episodes; + {run.checking:.1f} s of checks)")
    readable_time = statistics.median(run.seconds for run in readable_runs)
    print(f"q_learning: median {readable_time:.1f} s to optimal")
    print(f"ratio q_learning / q_learning_in_lanes: {readable_time / fast_time:.0f}x "
          f"({readable_time / (fast_time + setup):.0f}x counting the state space)")


if __name__ == "__main__":
    main()

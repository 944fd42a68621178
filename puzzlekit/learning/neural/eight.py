"""The 8-puzzle's two shipped networks: the trainings that made them, one call each, and every figure measured.

`train_eight("supervised")` learns from the exact distances of a share of the boards; `train_eight("davi")` by
approximate value iteration, with no exact distance. `measure_eight(network)` compares it with all 181,440.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numpy as np

from ...checks import check_choice
from ...sliding.state_space import state_space
from .batches import reflect
from .encoding import encode, input_width
from .evaluation import all_estimates, astar_summary, error_summary, greedy_optimal
from .network import Network, new_network
from .training import DaviSettings, train_davi, train_supervised

__all__ = ["SupervisedSettings", "EIGHT_DAVI", "SHIPPED", "train_eight", "measure_eight", "optimal_by_distance"]


@dataclass(frozen=True)
class SupervisedSettings:
    """The settings of the supervised training: which boards it sees, and how long it trains."""

    encoding: str = "one_hot"
    hidden: tuple = (256, 128)
    share: float = 0.8  # the share of the 181,440 boards whose exact distance the training sees
    mirrored: bool = False  # train on each board seen and its mirror image (`batches.reflect`), as far from the goal
    epochs: int = 120
    batch_size: int = 512
    learning_rate: float = 3e-3
    final_learning_rate: float = 1e-5  # the rate falls to this along `training.cosine_rate`
    seed: int = 0


EIGHT_SUPERVISED = SupervisedSettings()
EIGHT_DAVI = DaviSettings(encoding="one_hot", steps=40_000, batch_size=1_000, pool=40_000, overestimate_weight=2.0,
                          learning_rate=3e-3, final_learning_rate=1e-5, check_every=50, settled_loss=0.05, max_wait=250,
                          depth_step=2, max_depth=60)
HIDDEN_DAVI = (512, 48)
SHIPPED = {"supervised": "network_8puzzle_supervised.npz", "davi": "network_8puzzle_davi.npz"}


def train_eight(method: str, settings=None, *, progress: bool = True) -> tuple[Network, dict]:
    """Train a network for the 8-puzzle from scratch, `method` 'supervised' or 'davi'; return it and its history.

    The history holds the settings, the learning curve and the seconds the training took. The defaults are the
    settings of the shipped networks (`EIGHT_SUPERVISED`, `EIGHT_DAVI`).

    Examples
    --------
    >>> network, history = train_eight("supervised", SupervisedSettings(share=0.01, epochs=1, hidden=(8,)),
    ...                                progress=False)
    >>> network.sizes, len(history["loss"])
    ([81, 8, 1], 1)
    """
    method = check_choice(method, "method", ("supervised", "davi"))
    began = time.perf_counter()
    if method == "supervised":
        settings = EIGHT_SUPERVISED if settings is None else settings
        space = state_space(3)
        rows = np.random.default_rng(settings.seed).permutation(len(space.boards))
        rows = np.sort(rows[: round(settings.share * len(rows))])
        boards, distances = space.boards[rows], space.distances[rows].astype(np.float32)
        if settings.mirrored:
            boards, distances = np.concatenate([boards, reflect(boards, 3)]), np.concatenate([distances, distances])
        network = new_network([input_width(settings.encoding, 3), *settings.hidden, 1], seed=settings.seed)
        curve = train_supervised(network, encode(boards, 3, settings.encoding), distances, epochs=settings.epochs,
                                 batch_size=settings.batch_size, learning_rate=settings.learning_rate,
                                 final_learning_rate=settings.final_learning_rate,
                                 seed=settings.seed, progress=progress)
        history = {"loss": curve, "settings": {**asdict(settings), "hidden": list(settings.hidden)},
                   "boards_seen": len(rows)}
    else:
        settings = EIGHT_DAVI if settings is None else settings
        network = new_network([input_width(settings.encoding, 3), *HIDDEN_DAVI, 1], seed=settings.seed)
        history = train_davi(network, settings, progress=progress)
        history["settings"]["hidden"] = list(HIDDEN_DAVI)
    history["seconds"] = round(time.perf_counter() - began, 1)
    history["method"] = method
    return network, history


def measure_eight(network: Network, encoding: str, *, astar_rows=None, progress: bool = False) -> dict:
    """Every figure of chapter 10 for one network: errors, greedy moves, A* rounded and weighted, memory.

    `astar_rows` are the boards A* is run on (default: all 181,440, which takes about a minute).

    Examples
    --------
    >>> from puzzlekit.learning.neural.files import load_network
    >>> network, metadata = load_network(SHIPPED["davi"])
    >>> figures = measure_eight(network, metadata["encoding"], astar_rows=range(0, 181_440, 9_000))
    >>> figures["parameters"] < 181_440 * 4 / 10, figures["astar"]["boards"]
    (True, 21)
    """
    estimates = all_estimates(network, encoding)
    figures = {"parameters": network.parameters, "bytes_float32": 4 * network.parameters,
               "qtable_values": 181_440 * 4, **error_summary(estimates)}
    for name, options in (("astar", {}), ("astar_rounded", {"rounded": True}), ("weighted_0.8", {"g_weight": 0.8})):
        figures[name] = astar_summary(estimates, astar_rows, progress=progress, **options)
    return figures


def optimal_by_distance(estimates) -> list[tuple[int, float]]:
    """For each distance 1..31, the share of its boards where the greedy move is optimal.

    Examples
    --------
    >>> optimal_by_distance(state_space(3).distances.astype(float))[:2]
    [(1, 1.0), (2, 1.0)]
    """

    space = state_space(3)
    good = greedy_optimal(estimates)
    return [(int(d), round(float(good[space.distances == d].mean()), 4))
            for d in range(1, int(space.distances.max()) + 1)]

"""The 15-puzzle: approximate value iteration on 4x4 boards, and Korf's 100 instances solved by batched weighted A*.

No exact distance exists here to train on or to compare with, except Korf's optimal lengths of his 100 instances.
Two inputs were measured, each trained for under 30 minutes on one core (tests/benchmarks/bench_neural.py --fifteen):
tile positions alone (`FIFTEEN_DAVI`, one-hot) and pattern-database entries (`FIFTEEN_PDB_DAVI`). The first was the
better on Korf's 100 and made the shipped data/network_15puzzle_davi.npz.
"""

from __future__ import annotations

import time
from dataclasses import replace

from ...checks import check_choice
from .encoding import PatternDatabaseInputs, input_width
from .network import Network, new_network
from .search import batch_weighted_astar, network_heuristic
from .training import DaviSettings, train_davi

__all__ = ["FIFTEEN_DAVI", "FIFTEEN_PDB_DAVI", "HIDDEN_FIFTEEN_PDB", "train_fifteen", "solve_korf"]

# Tile positions alone (one-hot, as DeepCubeA and Cahlik & Surynek): the settings of the measured training.
FIFTEEN_DAVI = DaviSettings(size=4, encoding="one_hot", steps=50_000, batch_size=1_000, pool=50_000,
                            learning_rate=1e-3, final_learning_rate=1e-5, first_depth=2, depth_step=2, max_depth=200,
                            check_every=50, settled_loss=0.05, max_wait=500)
HIDDEN_FIFTEEN = (512, 256)
# Pattern-database entries as inputs (Samadi, Felner & Schaeffer): the 6-6-3 databases of chapter 8, read for the
# board and its reflection. The encoding holds the tables, so `fifteen_settings` puts it in (one_hot here is a
# placeholder: a DaviSettings needs a valid encoding).
FIFTEEN_PDB_DAVI = replace(FIFTEEN_DAVI, steps=90_000)
HIDDEN_FIFTEEN_PDB = (256, 128)
FIFTEEN_INPUTS = ("one_hot", "pattern_databases")
SHIPPED_FIFTEEN = "one_hot"  # the inputs of data/network_15puzzle_davi.npz: the better of the two on Korf's 100
FIFTEEN_SEARCHES = ((0.8, 100), (1.0, 100), (1.0, 10))  # (g_weight, batch) of each search the benchmark measures
SHIPPED_SEARCH = (0.8, 100)  # the search of data/neural_korf100.csv


def fifteen_settings(inputs: str = SHIPPED_FIFTEEN) -> tuple[DaviSettings, tuple]:
    """The measured training for `inputs` ('one_hot' or 'pattern_databases'): its settings and hidden layers.

    For 'pattern_databases' this loads chapter 8's 6-6-3 databases with the reflected lookup (building them, about a
    minute, if they are not cached) into a `PatternDatabaseInputs`, the settings' encoding.

    Examples
    --------
    >>> settings, hidden = fifteen_settings("one_hot")
    >>> settings.encoding, settings.steps, hidden
    ('one_hot', 50000, (512, 256))
    """
    check_choice(inputs, "inputs", FIFTEEN_INPUTS)
    if inputs == "one_hot":
        return FIFTEEN_DAVI, HIDDEN_FIFTEEN
    from ...sliding.fifteen import pattern_databases

    encoding = PatternDatabaseInputs(pattern_databases("6-6-3", reflect=True))
    return replace(FIFTEEN_PDB_DAVI, encoding=encoding), HIDDEN_FIFTEEN_PDB


def train_fifteen(settings: DaviSettings = FIFTEEN_DAVI, *, hidden=HIDDEN_FIFTEEN,
                  progress: bool = True) -> tuple[Network, dict]:
    """A network for the 15-puzzle trained by approximate value iteration from scratch; returns it and its history.

    Examples
    --------
    >>> network, history = train_fifteen(replace(FIFTEEN_DAVI, steps=20, batch_size=10, check_every=10),
    ...                                  hidden=(8,), progress=False)
    >>> network.sizes, len(history["loss"])
    ([256, 8, 1], 2)
    """
    began = time.perf_counter()
    network = new_network([input_width(settings.encoding, 4), *hidden, 1], seed=settings.seed)
    history = train_davi(network, settings, progress=progress)
    history["settings"]["hidden"] = list(hidden)
    history["seconds"] = round(time.perf_counter() - began, 1)
    return network, history


def solve_korf(network: Network, instances, *, encoding="one_hot", g_weight: float = 0.8, batch: int = 100,
               max_expanded: int = 200_000, progress: bool = True) -> list[dict]:
    """Batched weighted A* with the network on each of Korf's `instances` (`puzzlekit.sliding.fifteen.korf100()`).

    `encoding` is the one the network was trained with (a name, or the `PatternDatabaseInputs` object).

    Returns one dict per instance: its number, Korf's optimal length, the length found (-1 if none within
    `max_expanded`), nodes expanded and generated, network calls and seconds.

    Examples
    --------
    >>> from puzzlekit.sliding.fifteen import korf100
    >>> rows = solve_korf(new_network([256, 4, 1]), korf100()[:1], max_expanded=50, progress=False)
    >>> rows[0]["number"], rows[0]["optimal"], rows[0]["length"]
    (1, 57, -1)
    """
    from tqdm.auto import tqdm

    h = network_heuristic(network, 4, encoding)
    rows = []
    for instance in tqdm(instances, disable=not progress, leave=False):
        result = batch_weighted_astar(instance.board, h, g_weight=g_weight, batch=batch, max_expanded=max_expanded)
        rows.append({"number": instance.number, "optimal": instance.length, "length": result.length,
                     "expanded": result.expanded, "generated": result.generated,
                     "network_calls": result.network_calls, "seconds": round(result.seconds, 3)})
    return rows

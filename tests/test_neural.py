"""Tests for puzzlekit.learning.neural: the network's gradient against finite differences, boards in batches, the
targets of approximate value iteration, the searches, the network file, and the shipped networks measured on every
board."""

import json
import subprocess
import sys

import numpy as np
import pytest

from puzzlekit import lambda_astar_search, random_board, successors
from puzzlekit.learning.learned import learned_distances, q_heuristic
from puzzlekit.learning.neural import (
    DaviSettings,
    Network,
    backward,
    bootstrap_targets,
    children,
    forward,
    loss,
    new_network,
    one_hot,
    predict,
    reflect,
    scramble,
    tile_distances,
    train_davi,
    train_supervised,
)
from puzzlekit.learning.neural.evaluation import (
    all_estimates,
    astar_rows,
    astar_summary,
    error_summary,
    greedy_optimal,
    q_from_estimates,
)
from puzzlekit.learning.neural.files import load_network, save_network
from puzzlekit.learning.neural.network import Adam, train_step  # behind the trainers
from puzzlekit.learning.neural.search import batch_weighted_astar, network_heuristic
from puzzlekit.sliding.board import is_solvable
from puzzlekit.sliding.heuristics import manhattan
from puzzlekit.sliding.state_space import state_space

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def as64(network):
    return Network([w.astype(np.float64) for w in network.weights], [b.astype(np.float64) for b in network.biases])


# --- The network ---------------------------------------------------------------------------------


@pytest.mark.parametrize("overestimate_weight", [1.0, 3.0])
def test_backpropagation_matches_finite_differences(overestimate_weight):
    """Every weight and bias gradient of a 3-layer network equals (loss(p + e) - loss(p - e)) / 2e, in float64,
    with the plain loss and with the asymmetric one (an estimate above its target counting three times)."""
    rng = np.random.default_rng(1)
    network = as64(new_network([6, 5, 4, 1], seed=3))
    x = rng.standard_normal((7, 6))
    y = rng.standard_normal(7)
    w = {"overestimate_weight": overestimate_weight}
    estimates = forward(network, x)[0]
    assert 0 < (estimates > y).sum() < len(y)  # both kinds of error, so the weight is exercised
    weight_gradients, bias_gradients = backward(network, forward(network, x)[1], y, **w)
    eps = 1e-6
    for parameters, gradients in ((network.weights, weight_gradients), (network.biases, bias_gradients)):
        for parameter, gradient in zip(parameters, gradients):
            assert parameter.shape == gradient.shape
            numeric = np.zeros_like(parameter)
            for index in np.ndindex(parameter.shape):
                saved = parameter[index]
                parameter[index] = saved + eps
                up = loss(forward(network, x)[0], y, **w)
                parameter[index] = saved - eps
                down = loss(forward(network, x)[0], y, **w)
                parameter[index] = saved
                numeric[index] = (up - down) / (2 * eps)
            assert np.allclose(gradient, numeric, atol=1e-6), (gradient, numeric)


def test_the_asymmetric_loss_counts_overestimates_more():
    assert loss([3.0, 1.0], [2.0, 2.0]) == 1.0
    assert loss([3.0, 1.0], [2.0, 2.0], overestimate_weight=3) == 2.0  # (3 * 1 + 1) / 2
    with pytest.raises(ValueError, match="overestimate_weight"):
        loss([1.0], [1.0], overestimate_weight=0)


def test_a_training_step_lowers_the_loss_and_predict_matches_forward():
    network = new_network([81, 16, 1], seed=0)
    space = state_space(3)
    x = one_hot(space.boards[:512], 3)
    y = space.distances[:512].astype(np.float32)
    optimizer = Adam(network, learning_rate=1e-2)
    losses = [train_step(network, optimizer, x, y) for _ in range(50)]
    assert losses[-1] < losses[0] / 4
    assert np.allclose(predict(network, x, batch=100), forward(network, x)[0], atol=1e-5)


def test_training_is_seeded():
    space = state_space(3)
    x, y = one_hot(space.boards[:300], 3), space.distances[:300].astype(np.float32)
    runs = []
    for _ in range(2):
        network = new_network([81, 8, 1], seed=5)
        runs.append(train_supervised(network, x, y, epochs=2, batch_size=50, seed=7, progress=False))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("sizes, error", [([81], TypeError), ("81-1", TypeError), ([81, 0, 1], ValueError),
                                          ([81, 4, 2], ValueError)])
def test_new_network_refuses_bad_sizes(sizes, error):
    with pytest.raises(error):
        new_network(sizes)


def test_predict_refuses_inputs_of_the_wrong_width():
    with pytest.raises(ValueError, match="shape"):
        predict(new_network([81, 4, 1]), np.zeros((3, 16)))


# --- Boards in batches ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 4])
def test_children_are_the_successor_boards(size):
    boards = scramble(np.arange(30), size, rng=np.random.default_rng(0))
    kids, legal = children(boards, size)
    for board, row, mask in zip(boards, kids, legal):
        board = tuple(int(c) for c in board)
        expected = {direction: child for direction, child in successors(board)}
        for direction, child, ok in zip("urdl", row, mask):
            assert ok == (direction in expected)
            assert tuple(child) == (expected[direction] if ok else board)


def test_scrambles_are_solvable_and_within_their_depth():
    space = state_space(3)
    depths = np.arange(200) % 40
    boards = scramble(depths, 3, rng=np.random.default_rng(2))
    distances = space.distances[space.rows(boards)]
    assert (distances >= 0).all() and (distances <= depths).all()
    assert (distances[depths == 1] == 1).all()  # one move from the goal, never undone
    assert is_solvable(tuple(int(c) for c in scramble([80], 4, rng=np.random.default_rng(0))[0]))


def test_reflected_boards_are_as_far_from_the_goal():
    """The mirror image of every board (tiles renamed) is a board of the same distance; twice is the board again."""
    space = state_space(3)
    mirrored = reflect(space.boards, 3)
    rows = space.rows(mirrored)
    assert (rows >= 0).all() and (space.distances[rows] == space.distances).all()
    assert (reflect(mirrored, 3) == space.boards).all()


def test_encodings():
    boards = np.array([GOAL, (1, 2, 3, 4, 5, 6, 7, 0, 8)])
    x = one_hot(boards, 3)
    assert x.shape == (2, 81) and (x.sum(axis=1) == 9).all()
    assert x[0, 0 * 9 + 8] == 1 and x[1, 0 * 9 + 7] == 1 and x[1, 8 * 9 + 8] == 1
    features = tile_distances(np.array(state_space(3).boards[::997]), 3)
    assert [int(f) for f in features[:, -1]] == [manhattan(tuple(int(c) for c in b))
                                                 for b in state_space(3).boards[::997]]


def _eight_databases(reflect=True):
    from puzzlekit.sliding.fifteen import pattern_databases

    return pattern_databases([[1, 2, 3, 4], [5, 6, 7, 8]], cache=False, reflect=reflect)


def test_pattern_database_inputs_are_the_tables_entries_for_the_board_and_its_reflection():
    """Read in numpy for a batch, the entries are those PatternDatabases reads a board at a time, on 8-puzzle boards."""
    from puzzlekit.learning.neural import PatternDatabaseInputs
    from puzzlekit.sliding.fifteen import reflect_board

    databases = _eight_databases()
    inputs = PatternDatabaseInputs(databases)
    boards = np.array(state_space(3).boards[::1_999])
    entries = inputs.entries(boards, 3)
    assert entries.shape == (len(boards), 4) and inputs.width == 4 and inputs.name == "pattern_databases"
    for board, row in zip(boards, entries.tolist()):
        board = tuple(int(c) for c in board)
        assert row == databases.parts(board) + databases.parts(reflect_board(board))
        assert max(sum(row[:2]), sum(row[2:])) == databases(board)
    x = inputs(boards, 3)
    assert x.dtype == np.float32 and x.min() >= 0 and x.max() <= 1
    assert np.allclose(x * np.array(inputs.scales * 2), entries)
    assert (inputs(np.array([GOAL]), 3) == 0).all()
    plain = PatternDatabaseInputs(_eight_databases(reflect=False), one_hot=True)
    assert plain.width == 81 + 2 and plain.name == "one_hot_and_pattern_databases"
    both = plain(boards, 3)
    assert (both[:, :81] == one_hot(boards, 3)).all() and np.allclose(both[:, 81:] * plain.scales, entries[:, :2])


def test_pattern_database_inputs_go_wherever_an_encoding_name_goes():
    """encode, input_width, DaviSettings (its record names the encoding), train_davi and network_heuristic."""
    from puzzlekit.learning.neural import PatternDatabaseInputs, encode, encoding_name, input_width

    inputs = PatternDatabaseInputs(_eight_databases(), one_hot=True)
    boards = np.array([GOAL, (8, 6, 7, 2, 5, 4, 3, 0, 1)])
    assert (encode(boards, 3, inputs) == inputs(boards, 3)).all() and input_width(inputs, 3) == 85
    assert encoding_name(inputs) == "one_hot_and_pattern_databases"
    settings = DaviSettings(size=3, encoding=inputs, steps=40, batch_size=20, check_every=20)
    assert settings.record()["encoding"] == "one_hot_and_pattern_databases"
    network = new_network([85, 8, 1], seed=0)
    history = train_davi(network, settings, progress=False)
    json.dumps(history)  # the history goes into a file's metadata
    assert len(history["loss"]) == 2 and history["settings"]["encoding"] == "one_hot_and_pattern_databases"
    h = network_heuristic(network, 3, inputs)
    assert h(boards.astype(np.uint8))[0] == 0 and h(boards.astype(np.uint8)).shape == (2,)


def test_pattern_database_inputs_train_a_fifteen_network():
    """train_fifteen sizes the network from the encoding; solve_korf searches with it (tiny 4x4 patterns)."""
    from dataclasses import replace

    from puzzlekit.learning.neural import PatternDatabaseInputs
    from puzzlekit.learning.neural.fifteen import FIFTEEN_DAVI, solve_korf, train_fifteen
    from puzzlekit.sliding.fifteen import korf100, pattern_databases

    inputs = PatternDatabaseInputs(pattern_databases([[1, 2], [3, 4]], (*range(1, 16), 0), cache=False, reflect=True))
    network, history = train_fifteen(replace(FIFTEEN_DAVI, encoding=inputs, steps=20, batch_size=10, check_every=10),
                                     hidden=(8,), progress=False)
    assert network.sizes == [4, 8, 1] and history["settings"]["encoding"] == "pattern_databases"
    row, = solve_korf(network, korf100()[:1], encoding=inputs, max_expanded=30, progress=False)
    assert row["length"] == -1 and row["expanded"] >= 30


def test_pattern_database_inputs_refuse_what_does_not_fit():
    from puzzlekit.learning.neural import PatternDatabaseInputs, encode, input_width
    from puzzlekit.sliding.fifteen import pattern_databases

    with pytest.raises(TypeError, match="databases"):
        PatternDatabaseInputs([[1, 2, 3, 4], [5, 6, 7, 8]])
    with pytest.raises(ValueError, match="goal"):
        PatternDatabaseInputs(pattern_databases([[1, 2], [3]], (1, 2, 0, 3), cache=False))
    inputs = PatternDatabaseInputs(_eight_databases())
    with pytest.raises(TypeError, match="one_hot"):
        PatternDatabaseInputs(_eight_databases(), one_hot="yes")
    with pytest.raises(ValueError, match="3x3"):
        encode(np.array([[1, 2, 3, 0]]), 2, inputs)
    with pytest.raises(ValueError, match="3x3"):
        input_width(inputs, 4)
    with pytest.raises(ValueError, match="size"):
        DaviSettings(size=4, encoding=inputs)
    with pytest.raises(ValueError, match="boards"):
        inputs(np.array([[1, 1, 3, 4, 5, 6, 7, 8, 0]]), 3)


# --- Approximate value iteration -----------------------------------------------------------------


def test_bootstrap_targets_are_the_bellman_backup_of_exact_distances():
    """With the exact distances as the children's estimates, the target of every board is its own distance."""
    space = state_space(3)
    exact = space.distances.astype(np.float32)
    child = np.where(space.neighbours >= 0, exact[space.neighbours], 99)
    targets = bootstrap_targets(child, space.neighbours >= 0, space.neighbours == space.goal_row,
                                np.arange(len(exact)) == space.goal_row)
    assert (targets == exact).all()


def test_davi_learns_boards_near_the_goal_without_distances():
    network = new_network([81, 32, 1], seed=0)
    settings = DaviSettings(steps=600, batch_size=200, pool=2_000, check_every=50,
                            settled_loss=0.1, max_wait=200, learning_rate=3e-3, max_depth=6)
    history = train_davi(network, settings, progress=False)
    assert history["refreshes"]
    space = state_space(3)
    near = space.distances <= 3
    estimates = all_estimates(network)
    assert np.abs(estimates[near] - space.distances[near]).mean() < 0.6


def test_davi_computes_targets_once_a_round(monkeypatch):
    """The target network is frozen between refreshes, so each round asks it for its pool's targets once."""
    from puzzlekit.learning.neural import training

    calls, real_predict = [], training.predict

    def counting_predict(network, inputs):
        calls.append(len(inputs))
        return real_predict(network, inputs)

    monkeypatch.setattr(training, "predict", counting_predict)
    history = train_davi(new_network([81, 8, 1], seed=0),
                         DaviSettings(steps=300, batch_size=20, pool=50, check_every=25, settled_loss=0.5,
                                      max_wait=100, max_depth=4), progress=False)
    assert len(calls) == len(history["refreshes"]) + 1 >= 3
    assert all(rows <= 4 * 50 for rows in calls)  # the children of one pool of 50 boards
    assert history["depth"][-1] == 4 and sorted(history["refreshes"]) == history["refreshes"]


# --- Measured on every board, and the searches -----------------------------------------------------


def test_exact_distances_measure_perfectly():
    exact = state_space(3).distances.astype(np.float64)
    summary = error_summary(exact)
    assert summary["greedy_optimal"] == 1 and summary["overestimates"] == 0
    assert greedy_optimal(exact + 1).all()  # adding a constant changes no choice


@pytest.mark.parametrize("g_weight", [1, 0.8, 0.5])
def test_astar_rows_is_lambda_astar_search(shipped_davi, g_weight):
    """The row search expands exactly what the library's f = g_weight * g + h search expands, re-opening alike."""
    space = state_space(3)
    estimates = np.maximum(all_estimates(shipped_davi[0]).astype(np.float64), 0)
    h = estimates.tolist()
    for seed in range(12):
        board = random_board(3, seed=seed)
        result = lambda_astar_search(board, lambda b: h[space.row(b)], g_weight=g_weight)
        assert astar_rows(space.row(board), h, g_weight=g_weight) == (result.length, result.expanded)


def test_batch_search_with_batch_one_is_astar():
    def h(boards):
        return tile_distances(boards, 3)[:, -1]

    for seed in range(5):
        board = random_board(3, seed=seed)
        result = batch_weighted_astar(board, h, g_weight=1, batch=1)
        assert result.length == lambda_astar_search(board, manhattan, g_weight=1).length
        assert result.path[0] == board and result.path[-1] == GOAL
        assert all(b in dict(successors(a)).values() for a, b in zip(result.path, result.path[1:]))
    wide = batch_weighted_astar(random_board(4, seed=3), lambda boards: tile_distances(boards, 4)[:, -1],
                                g_weight=0.5, batch=50)
    assert wide.found and wide.path[-1] == tuple(range(1, 16)) + (0,)
    assert wide.network_calls < wide.expanded


def test_batch_search_refuses_unsolvable_boards():
    with pytest.raises(ValueError, match="parity"):
        batch_weighted_astar((2, 1, 3, 4, 5, 6, 7, 8, 0), lambda b: np.zeros(len(b)))


def test_q_from_estimates_feeds_chapter_7s_heuristic(shipped_davi):
    """The network's values as a Q-table: q_heuristic reads back 1 + min over children of the rounded estimate."""
    space = state_space(3)
    estimates = all_estimates(shipped_davi[0])
    q = q_from_estimates(estimates)
    distances = learned_distances(q)
    child = np.where(space.neighbours >= 0, np.maximum(estimates, 0)[space.neighbours], np.inf)
    child[space.neighbours == space.goal_row] = 0
    assert (distances[space.goal_row] == 0)
    others = np.arange(len(q)) != space.goal_row
    assert np.abs(distances[others] - (1 + child.min(axis=1))[others]).max() <= 0.5 + 1e-4
    h = q_heuristic(q)
    result = lambda_astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), h, g_weight=0.8)
    assert result.length >= 31


# --- The network file ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shipped_davi():
    return load_network("network_8puzzle_davi.npz", inputs=81)


def test_save_and_load_round_trip(tmp_path):
    network = new_network([9, 5, 1], seed=2)
    path = save_network(tmp_path / "n.npz", network, encoding="tile_distances", steps=[1, 2])
    again, metadata = load_network(path, inputs=9)
    assert all((a == b).all() for a, b in zip(again.weights + again.biases, network.weights + network.biases))
    assert metadata["steps"] == [1, 2] and metadata["sizes"] == [9, 5, 1]
    assert not list(tmp_path.glob(".*tmp"))


def _rewrite(path, target, change):
    """Copy the archive at `path` to `target`, letting `change(arrays)` alter its arrays first."""
    with np.load(path, allow_pickle=False) as archive:
        arrays = {name: archive[name] for name in archive.files}
    change(arrays)
    with open(target, "wb") as file:
        np.savez(file, **arrays)
    return target


def _set(name, value):
    return lambda arrays: arrays.__setitem__(name, value)


@pytest.mark.parametrize("change, message", [
    (_set("weights_0", np.zeros((4, 5), np.float32)), "as its layer sizes say"),
    (_set("weights_1", np.full((5, 1), np.nan, np.float32)), "NaN"),
    (_set("biases_0", np.zeros(5, np.float64)), "as its layer sizes say"),
    (_set("extra", np.zeros(1)), "holds the arrays"),
    (lambda a: a.pop("biases_1"), "holds the arrays"),
    (_set("metadata", np.array("{not json")), "not valid JSON"),
    (_set("metadata", np.array(json.dumps({"format": "other"}))), "format"),
    (_set("metadata", np.array(json.dumps({"format": "puzzlekit-network", "version": 9}))), "version"),
    (_set("metadata", np.array(json.dumps({"format": "puzzlekit-network", "version": True, "sizes": [9, 5, 1]}))),
     "version"),
    (_set("metadata", np.array(json.dumps({"format": "puzzlekit-network", "version": 1, "sizes": [9, 5, 2]}))),
     "layer sizes"),
    (_set("weights_0", np.array([None, 1], dtype=object)), "pickle"),
])
def test_load_refuses_corrupt_or_mismatched_files(tmp_path, change, message):
    path = save_network(tmp_path / "n.npz", new_network([9, 5, 1], seed=0))
    bad = _rewrite(path, tmp_path / "bad.npz", change)
    with pytest.raises(ValueError, match=message):
        load_network(bad)


def test_load_refuses_files_that_are_not_archives(tmp_path):
    (tmp_path / "text.npz").write_text("hello")
    with pytest.raises(ValueError, match="not a numpy .npz archive"):
        load_network(tmp_path / "text.npz")
    path = save_network(tmp_path / "n.npz", new_network([9, 5, 1], seed=0))
    cut = tmp_path / "cut.npz"
    cut.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    with pytest.raises(ValueError):
        load_network(cut)
    with pytest.raises(ValueError, match="inputs, expected 81"):
        load_network(path, inputs=81)
    with pytest.raises(FileNotFoundError):
        load_network(tmp_path / "none.npz")
    with pytest.raises(ValueError, match="end in .npz"):
        save_network(tmp_path / "n.pickle", new_network([9, 1]))


# --- The shipped networks ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["network_8puzzle_supervised.npz", "network_8puzzle_davi.npz"])
def test_shipped_networks_are_small_and_guide_greedy_moves(name):
    network, metadata = load_network(name, inputs=81)
    assert network.parameters <= 181_440 * 4 // 10
    assert greedy_optimal(all_estimates(network)).mean() >= metadata["greedy_optimal"] - 1e-4


def test_shipped_davi_network_solves_boards_with_astar(shipped_davi):
    """A* with it solves a sample of boards about as often at the shortest length as the benchmark measured."""
    space = state_space(3)
    summary = astar_summary(all_estimates(shipped_davi[0]), rows=range(0, len(space.boards), 1813))
    measured = shipped_davi[1]["figures"]["astar"]
    assert summary["optimal"] >= measured["optimal"] - 0.1
    assert summary["largest_excess"] <= measured["largest_excess"] + 2


def test_importing_puzzlekit_does_not_import_numpy():
    code = "import sys, puzzlekit; print('numpy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


@pytest.mark.parametrize("boards, error", [
    ("123", TypeError), (5, TypeError), ([[1, 2, 3]], ValueError), ([[1.0, 2.0, 3.0, 0.0]], ValueError),
    ([[1, 2, 2, 0]], ValueError), ([[1, 2, 3, 4]], ValueError), (np.zeros((2, 2, 4), int), ValueError),
])
def test_batches_and_encodings_refuse_what_is_not_a_batch_of_boards(boards, error):
    for function in (children, one_hot, tile_distances):  # reflect trusts its checked batches
        with pytest.raises(error):
            function(boards, 2)


def test_shipped_fifteen_network_repeats_its_korf_rows():
    """The 15-puzzle network solves Korf's first instances exactly as data/neural_korf100.csv records."""
    import csv

    from puzzlekit.datafiles import data_path
    from puzzlekit.learning.neural.fifteen import solve_korf
    from puzzlekit.sliding.fifteen import korf100

    network, metadata = load_network("network_15puzzle_davi.npz", inputs=256)
    with open(data_path("neural_korf100.csv")) as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 100 and metadata["korf100"]["solved"] == sum(int(row["length"]) > 0 for row in rows)
    assert metadata["encoding"] == "one_hot" and metadata["history"]["seconds"] <= 30 * 60
    search = metadata["search"]
    for again, row in zip(solve_korf(network, korf100()[:3], g_weight=search["g_weight"], batch=search["batch"],
                                     progress=False), rows):
        assert (again["length"], again["expanded"]) == (int(row["length"]), int(row["expanded"]))
        assert again["length"] >= again["optimal"]


def test_the_fifteen_summary_agrees_with_the_shipped_rows_and_network():
    """The row of data/neural_korf100_summary.csv for the shipped inputs and search sums neural_korf100.csv's rows."""
    import csv

    from puzzlekit.datafiles import data_path
    from puzzlekit.learning.neural.fifteen import FIFTEEN_INPUTS, FIFTEEN_SEARCHES, SHIPPED_FIFTEEN, SHIPPED_SEARCH

    _, metadata = load_network("network_15puzzle_davi.npz", inputs=256)
    with open(data_path("neural_korf100.csv")) as file:
        rows = list(csv.DictReader(file))
    with open(data_path("neural_korf100_summary.csv")) as file:
        summary = list(csv.DictReader(file))
    assert {(row["inputs"], float(row["g_weight"]), int(row["batch"])) for row in summary} == {
        (inputs, g, batch) for inputs in FIFTEEN_INPUTS for g, batch in FIFTEEN_SEARCHES}
    shipped, = [row for row in summary if row["inputs"] == SHIPPED_FIFTEEN == metadata["encoding"]
                and (float(row["g_weight"]), int(row["batch"])) == SHIPPED_SEARCH]
    solved = [row for row in rows if int(row["length"]) > 0]
    assert int(shipped["solved"]) == len(solved) == metadata["korf100"]["solved"]
    optimal = sum(row["length"] == row["optimal"] for row in solved)
    assert int(shipped["optimal"]) == optimal == metadata["korf100"]["optimal"]
    assert float(shipped["mean_length"]) == round(sum(int(row["length"]) for row in solved) / len(solved), 2)
    assert int(shipped["mean_expanded"]) == round(sum(int(row["expanded"]) for row in solved) / len(solved))
    assert float(shipped["train_seconds"]) == metadata["history"]["seconds"]


# Bad arguments to the public API: a TypeError or ValueError that names the argument (issue 19's probes).

def _tiny():
    network = new_network([3, 4, 1], seed=0)
    x = np.eye(3, dtype=np.float32)
    return network, x, np.array([1.0, 2.0, 3.0], np.float32)


@pytest.mark.parametrize("call, error, words", [
    (lambda: Network([None], [None]), TypeError, "weights must be a non-empty list of numpy arrays of numbers"),
    (lambda: Network(5, "x"), TypeError, "weights must be"),
    (lambda: Network([np.ones((3, 2))], [np.ones(3)]), ValueError,
     "layer 0 must have weights of shape (inputs, 1) and biases of shape (1,)"),
    (lambda: Network([np.ones((3, 2)), np.ones((4, 1))], [np.ones(2), np.ones(1)]), ValueError,
     "layer 1 must have weights of shape (2, 1)"),
    (lambda: Network([np.ones((3, 2))], [np.ones(2)]), ValueError, "got (3, 2) and (2,)"),
    (lambda: loss([1, 2], [1]), ValueError, "same length"),
    (lambda: loss("ab", [1, 2]), TypeError, "estimates"),
    (lambda: predict(_tiny()[0], np.eye(3), batch=0), ValueError, "batch"),
    (lambda: bootstrap_targets(5, 5, 5, 5), TypeError, "child_estimates"),
    (lambda: bootstrap_targets(np.ones((2, 4)), np.ones((2, 3), bool), np.ones((2, 4), bool), np.ones(2, bool)),
     ValueError, "legal"),
    (lambda: bootstrap_targets(np.ones((2, 4)), np.ones((2, 4)), np.ones((2, 4), bool), np.ones(2, bool)),
     TypeError, "legal"),
    (lambda: bootstrap_targets(np.ones((2, 4)), np.ones((2, 4), bool), np.ones((2, 4), bool), np.ones(3, bool)),
     ValueError, "is_goal"),
    (lambda: bootstrap_targets(np.ones((1, 4)), np.zeros((1, 4), bool), np.zeros((1, 4), bool), np.zeros(1, bool)),
     ValueError, "legal must allow"),
    (lambda: DaviSettings(steps=-5, batch_size="x"), ValueError, "steps"),
    (lambda: DaviSettings(batch_size="x"), TypeError, "batch_size"),
    (lambda: DaviSettings(encoding="pixels"), ValueError, "encoding"),
    (lambda: DaviSettings(first_depth=5, max_depth=2), ValueError, "max_depth"),
    (lambda: train_supervised(*_tiny(), final_learning_rate=-1, progress=False), ValueError, "final_learning_rate"),
    (lambda: train_davi(new_network([81, 1]), DaviSettings(steps=1), progress="no"), TypeError, "progress"),
    (lambda: train_supervised(_tiny()[0], _tiny()[1], object(), progress=False), TypeError, "targets"),
    (lambda: children([[1, 2], [3]], 2), ValueError, "boards"),
    (lambda: scramble([1, 2], 3, rng=7), TypeError, "rng"),
    (lambda: scramble([10**6], 3, rng=np.random.default_rng(0)), ValueError, "depths"),
])
def test_bad_arguments_raise_errors_naming_them(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)

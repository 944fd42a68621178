"""Tests for puzzlekit.learning.tabular and puzzlekit.learning.qtable: the update rule, the two trainers against each
other, the shipped table proved optimal on every board, files, and the sun/moon puzzle."""

import itertools
import json
import math
import random
from dataclasses import astuple, replace

import numpy as np
import pytest

from puzzlekit import (
    EIGHT_PUZZLE_HYPERPARAMETERS,
    SUN_MOON_GOAL,
    SUN_MOON_HYPERPARAMETERS,
    SUN_MOON_START,
    Hyperparameters,
    QLearning,
    SlidingPuzzleEnv,
    SlidingPuzzleGame,
    Solver,
    distance_table,
    format_board,
    format_path,
    greedy_path,
    policy_mistakes,
    q_learning,
    q_learning_in_lanes,
    rank,
    successors,
)
from puzzlekit.interfaces.cli import ProgressBar, main
from puzzlekit.learning.qtable import DEFAULT_TABLE, load_table, save_table
from puzzlekit.learning.tabular import greedy_action, q_array, q_update_batch
from puzzlekit.sliding.distances import breadth_first_distances
from puzzlekit.sliding.state_space import state_space

INF = math.inf
ORIGINAL_SETTINGS = replace(EIGHT_PUZZLE_HYPERPARAMETERS, seed=0)


@pytest.fixture(scope="module")
def trained():
    """The fast trainer with the original game's settings, until its policy is optimal (about a second)."""
    agent = QLearning(*astuple(ORIGINAL_SETTINGS))  # positional: the class keeps the original game's argument names
    agent.train(stop_when_optimal=True)
    return agent


def _ranks(boards):
    """`rank` of each row, written again here so that the test does not trust the package's copy."""
    ranks = np.zeros(len(boards), np.int64)
    for i in range(boards.shape[1] - 1):
        ranks = ranks * (boards.shape[1] - i) + (boards[:, i + 1:] < boards[:, i:i + 1]).sum(axis=1)
    return ranks


# --- The update rule ------------------------------------------------------------------------------


def _one_step(values_here, values_there, learning_rate=0.5, discount=0.9):
    env = SlidingPuzzleEnv(2, start=(1, 2, 0, 3))
    q = {(1, 2, 0, 3): list(values_here), (0, 2, 1, 3): list(values_there)}
    settings = Hyperparameters(learning_rate, discount, episodes=1, max_steps=1, epsilon=0.0)
    return q_learning(env, settings, q=q)[(1, 2, 0, 3)]


def test_update_rule_at_the_goal_has_nothing_after_it():
    # Greedy move: right (0.4 > 0.2) reaches the goal: (1 - 0.5) * 0.4 + 0.5 * (1 + 0.9 * 0) = 0.7.
    assert _one_step([0.2, 0.4, -INF, -INF], [-INF, 0.6, 0.8, -INF]) == [0.2, 0.7, -INF, -INF]


def test_update_rule_bootstraps_from_the_best_next_move():
    # Greedy move: up (0.6 > 0.4) to (0, 2, 1, 3), whose best value is 0.8: 0.5 * 0.6 + 0.5 * (0 + 0.9 * 0.8).
    assert _one_step([0.6, 0.4, -INF, -INF], [-INF, 0.3, 0.8, -INF]) == pytest.approx([0.66, 0.4, -INF, -INF])


def test_update_rule_with_the_sun_moon_wall():
    env = SlidingPuzzleEnv.sun_moon()
    q = {SUN_MOON_START: [-50.0, -60.0, -5.0, -70.0]}  # greedy: down, into the wall; the board stays
    settings = Hyperparameters(0.7, 0.9, episodes=1, max_steps=1, epsilon=0.0)
    values = q_learning(env, settings, q=q)[SUN_MOON_START]
    # 0.3 * -5 + 0.7 * (-1000 + 0.9 * max(-50, -60, -5, -70)), the max read before the update
    assert values[2] == pytest.approx(0.3 * -5 + 0.7 * (-1000 + 0.9 * -5))


def test_greedy_action_ties():
    assert greedy_action([1.0, 3.0, 3.0, -INF]) == 1
    picks = {greedy_action([1.0, 3.0, 3.0, -INF], random.Random(seed)) for seed in range(50)}
    assert picks == {1, 2}


# --- The readable loop and the fast trainer: the same algorithm --------------------------------------


class RecordingEnv(SlidingPuzzleEnv):
    """A SlidingPuzzleEnv that writes down every transition."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.transitions = []

    def step(self, action):
        before = self._state
        result = super().step(action)
        self.transitions.append((before, action, result[1], result[0], result[2]))
        return result


def test_fast_update_on_the_readable_loop_s_transitions_gives_the_same_table():
    """Replaying a 3x3 run of the readable loop through the fast trainer's update gives its table, bit for bit."""
    env = RecordingEnv(3, start=(0, 2, 3, 1, 7, 6, 5, 4, 8))  # 8 moves from the goal, so some episodes reach it
    settings = Hyperparameters(0.5, 0.92, episodes=1500, max_steps=40, epsilon=0.3, seed=5)
    readable = q_array(q_learning(env, settings))
    assert len(env.transitions) > 10_000
    space = state_space(3)
    fast = np.where(space.neighbours >= 0, 0.0, -np.inf)
    rows = space.rows([t[0] for t in env.transitions] + [t[3] for t in env.transitions])
    states, next_states = rows[: len(env.transitions)], rows[len(env.transitions):]
    for (_, action, reward, _, terminated), state, next_state in zip(env.transitions, states, next_states):
        q_update_batch(fast.reshape(-1), np.array([4 * state + action]), np.array([reward]), np.array([next_state]),
                       np.array([terminated]), learning_rate=settings.learning_rate, discount=settings.discount)
    assert np.array_equal(fast, readable)
    assert (readable[space.neighbours >= 0] > 0).sum() > 50  # the run learned something: values spread from the goal
    assert sum(terminated for *_, terminated in env.transitions) > 500


@pytest.mark.parametrize("exploration", [1.0, 0.5])
def test_both_trainers_reach_the_same_exact_values_on_2x2(exploration):
    """On the 12 boards of the 2x2 puzzle both trainers end at Q*(s, a) = discount ** distance(next board)."""
    settings = Hyperparameters(1.0, 0.92, episodes=3000, max_steps=20, epsilon=exploration, seed=1)
    readable = q_array(q_learning(SlidingPuzzleEnv(2), settings), size=2)
    fast = q_learning_in_lanes(settings, size=2, lanes=16)
    space = state_space(2)
    legal = space.neighbours >= 0
    optimal = np.where(legal, 0.92 ** space.distances[np.where(legal, space.neighbours, 0)].astype(float), -np.inf)
    optimal[space.goal_row] = np.where(legal[space.goal_row], 0.0, -np.inf)  # nothing is learned at the goal
    assert np.array_equal(readable, fast)
    np.testing.assert_allclose(fast, optimal, rtol=1e-12)


def test_fast_trainer_with_the_original_settings_is_optimal_on_every_board(trained):
    assert policy_mistakes(trained.q) == 0
    assert trained.episodes <= 1_500_000
    space = state_space(3)
    distance = space.distances.astype(int)
    best = trained.q.max(axis=1)
    np.testing.assert_allclose(best[distance > 0], 0.92 ** (distance[distance > 0] - 1), rtol=1e-9)
    board, moves = trained.test()
    assert moves == 31 and distance_table()[rank(board)] == 31


def test_fast_trainer_rejects_wall_rewards_and_bad_lanes():
    from puzzlekit.sliding.environment import SUN_MOON_REWARDS

    with pytest.raises(ValueError, match="rewards.wall must be None"):
        q_learning_in_lanes(ORIGINAL_SETTINGS, rewards=SUN_MOON_REWARDS)
    with pytest.raises(ValueError, match="lanes must be from 1"):
        q_learning_in_lanes(ORIGINAL_SETTINGS, lanes=0)
    with pytest.raises(TypeError, match="lanes must be an int"):
        q_learning_in_lanes(ORIGINAL_SETTINGS, lanes=2.0)


# --- The shipped table ----------------------------------------------------------------------------


def test_shipped_table_is_optimal_on_all_181440_boards():
    """For every board, the table's move leads to a board one move closer, by the exact distances."""
    q, metadata = load_table(DEFAULT_TABLE)
    assert metadata["puzzle"] == "8-puzzle" and metadata["hyperparameters"]["learning_rate"] == 1.0
    distances = distance_table()
    boards = state_space(3).boards
    assert len(boards) == 181_440 and (distances[_ranks(boards)] >= 0).all()
    sample = [0, 99_999, 181_439]
    assert [rank(tuple(int(c) for c in boards[i])) for i in sample] == list(_ranks(boards[sample]))
    # Make every board's best move on the board itself, then look its distance up.
    action = q.argmax(axis=1)
    blank = (boards == 0).argmax(axis=1)
    row, col = np.divmod(blank, 3)
    assert ((action != 0) | (row > 0)).all() and ((action != 1) | (col < 2)).all()
    assert ((action != 2) | (row < 2)).all() and ((action != 3) | (col > 0)).all()
    target = blank + np.array([-3, 1, 3, -1])[action]
    moved = boards.copy()
    everywhere = np.arange(len(boards))
    moved[everywhere, blank] = moved[everywhere, target]
    moved[everywhere, target] = 0
    before, after = distances[_ranks(boards)].astype(int), distances[_ranks(moved)].astype(int)
    solved = before == 0
    assert solved.sum() == 1
    assert (after[~solved] == before[~solved] - 1).all()


def test_solver_plays_games_to_the_goal_in_exactly_the_fewest_moves():
    solver = Solver()
    distances = distance_table()
    game = SlidingPuzzleGame(seed=2024)
    for _ in range(200):
        board = game.shuffle()
        while not game.is_solved():
            game.move_hole(solver.get_action(game))
        assert game.move_count == distances[rank(board)]
    assert len(solver.solve((8, 6, 7, 2, 5, 4, 3, 0, 1))) == 31


def test_solver_refuses_a_solved_game_and_another_goal():
    solver = Solver()
    with pytest.raises(ValueError, match="goal already"):
        solver.get_action(SlidingPuzzleGame())
    other = SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8), goal=(0, 1, 2, 3, 4, 5, 6, 7, 8))
    with pytest.raises(ValueError, match="learned for"):
        solver.get_action(other)


# --- Files ---------------------------------------------------------------------------------------


def test_save_before_train_and_test_before_train_raise(tmp_path):
    agent = QLearning(1.0, 0.92, 10, 40, 1.0)
    with pytest.raises(RuntimeError, match="call train"):
        agent.save(tmp_path / "q.npz")
    with pytest.raises(RuntimeError, match="call train"):
        agent.test()
    assert not list(tmp_path.iterdir())


def test_save_and_load_round_trip(trained, tmp_path):
    path = tmp_path / "q.npz"
    trained.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["q.npz"]  # no temporary file left behind
    q, metadata = load_table(path)
    assert q.dtype == np.float32 and np.array_equal(q, trained.q.astype(np.float32))
    assert metadata["hyperparameters"] == {**vars(ORIGINAL_SETTINGS)}
    assert metadata["episodes"] == trained.episodes and metadata["mistakes"] == 0
    assert path.stat().st_size < 1_000_000
    game = SlidingPuzzleGame(board=(8, 6, 7, 2, 5, 4, 3, 0, 1))
    solver = Solver(path)
    while not game.is_solved():
        game.move_hole(solver.get_action(game))
    assert game.move_count == 31


def test_loading_a_truncated_file(tmp_path):
    data = DEFAULT_TABLE.read_bytes()
    for cut in (len(data) // 2, len(data) - 30, 100):
        path = tmp_path / f"cut{cut}.npz"
        path.write_bytes(data[:cut])
        with pytest.raises(ValueError, match="is not a puzzlekit Q-table"):
            load_table(path)


def test_loading_foreign_files(tmp_path):
    cases = {}
    np.savez(tmp_path / "random.npz", weights=np.random.default_rng(0).random((10, 4)))
    cases["random.npz"] = r"holds the arrays \['weights'\], expected 'metadata' and 'q'"
    (tmp_path / "table.json").write_text(json.dumps({"123405786": [0, 1, 0, 0]}))
    cases["table.json"] = "not a numpy .npz archive"
    np.save(tmp_path / "array.npy", np.zeros((181_440, 4)))
    cases["array.npy"] = "single numpy array"
    shipped_metadata = np.array(json.dumps(load_table(DEFAULT_TABLE)[1]))
    np.savez(tmp_path / "pickled.npz", q=np.array([{"u": 1.0}], dtype=object), metadata=shipped_metadata)
    cases["pickled.npz"] = "Python objects"  # never unpickled
    (tmp_path / "empty.npz").write_bytes(b"")
    cases["empty.npz"] = "not a numpy .npz archive"
    for name, message in cases.items():
        with pytest.raises(ValueError, match=message):
            load_table(tmp_path / name)
    with pytest.raises(FileNotFoundError, match="no Q-table"):
        load_table(tmp_path / "missing.npz")


def _archive(path, members: dict) -> None:
    """A zip archive with the given members (name -> bytes), as a damaged or hostile table file would be."""
    import zipfile

    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def _npy_header(shape, dtype="<f8") -> bytes:
    """The start of a .npy member that declares `shape` and `dtype`, with no data after it."""
    header = repr({"descr": dtype, "fortran_order": False, "shape": shape}).encode()
    header += b" " * (63 - (len(header) + 10) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header


def test_loading_corrupt_and_hostile_files(tmp_path):
    """Each damaged file gets a ValueError that says so: never another error, never a huge allocation."""
    metadata = json.dumps(load_table(DEFAULT_TABLE)[1])
    import io

    def npy(array) -> bytes:
        buffer = io.BytesIO()
        np.lib.format.write_array(buffer, array, allow_pickle=False)
        return buffer.getvalue()

    cases = {
        "raw.npz": ({"metadata.npy": b"not a numpy array", "q.npy": b"nor this"}, "no valid numpy header"),
        "huge.npz": ({"metadata.npy": npy(np.array(metadata)), "q.npy": _npy_header((10**12, 4))},
                     r"shape \(1000000000000, 4\)"),
        "cut.npz": ({"metadata.npy": npy(np.array(metadata)), "q.npy": _npy_header((181_440, 4))}, "cut short"),
        "ints.npz": ({"metadata.npy": npy(np.array(metadata)), "q.npy": npy(np.zeros((181_440, 4), np.int64))},
                     "int64"),
        "deep.npz": ({"metadata.npy": npy(np.array("[" * 40_000 + "]" * 40_000)), "q.npy": b""}, "nested"),
        "long.npz": ({"metadata.npy": npy(np.array(" " * 200_000)), "q.npy": b""}, "expected a JSON string"),
        "other.npz": ({"a.npy": b"", "b.npy": b""}, r"holds the arrays \['a', 'b'\]"),
    }
    for name, (members, message) in cases.items():
        _archive(tmp_path / name, members)
        with pytest.raises(ValueError, match=message):
            load_table(tmp_path / name)
    with pytest.raises(TypeError, match="file_name must be a str or a path"):
        load_table(3)


def test_save_table_refuses_what_load_table_would_refuse(tmp_path):
    space = state_space(2)
    q = np.where(space.neighbours >= 0, 0.5, -np.inf)
    with pytest.raises(ValueError, match="too large for float32"):
        save_table(tmp_path / "big.npz", q * 1e300)
    assert save_table(tmp_path / "big.npz", q * 1e300, dtype="float64").exists()
    with pytest.raises(ValueError, match="dtype must be one of"):
        save_table(tmp_path / "ints.npz", q, dtype="int32")
    with pytest.raises(TypeError, match="array of floats"):
        save_table(tmp_path / "objects.npz", q.astype(object))
    with pytest.raises(ValueError, match="not finite"):
        save_table(tmp_path / "nan.npz", np.where(space.neighbours >= 0, np.nan, -np.inf))
    with pytest.raises(TypeError, match="metadata must be JSON"):
        save_table(tmp_path / "meta.npz", q, trainer=object())
    with pytest.raises(ValueError, match="metadata must be finite JSON"):
        save_table(tmp_path / "meta.npz", q, score=float("nan"))
    deep: list = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(ValueError, match="nested at most"):
        save_table(tmp_path / "meta.npz", q, deep=deep)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["big.npz"]


def _rewrite(path, q, **changes):
    _, metadata = load_table(DEFAULT_TABLE)
    np.savez(path, q=q, metadata=np.array(json.dumps({**metadata, **changes})))
    return path


@pytest.mark.parametrize("changes, message", [
    ({"format": "someone-else"}, "its format is 'someone-else'"),
    ({"version": 2}, "format version 2; this puzzlekit reads version 1"),
    ({"version": True}, "format version True; this puzzlekit reads version 1"),  # JSON true == 1 in Python
    ({"goal": [0, 1, 2, 3, 4, 5, 6, 7, 8]}, "its goal is"),
    ({"size": 4}, "its size is 4"),
])
def test_loading_tables_with_wrong_metadata(tmp_path, changes, message):
    q, _ = load_table(DEFAULT_TABLE)
    with pytest.raises(ValueError, match=message):
        load_table(_rewrite(tmp_path / "q.npz", q, **changes))


def test_tables_written_before_a_rename_are_read_with_the_current_names(tmp_path):
    q, metadata = load_table(DEFAULT_TABLE)
    old = {key: value for key, value in metadata["hyperparameters"].items() if key != "epsilon"}
    old["exploration_probability"] = metadata["hyperparameters"]["epsilon"]
    _, read = load_table(_rewrite(tmp_path / "q.npz", q, hyperparameters=old, trainer="train_fast"))
    assert read["hyperparameters"] == metadata["hyperparameters"]
    assert read["trainer"] == "q_learning_in_lanes"


def test_loading_tables_with_wrong_values(tmp_path):
    q, _ = load_table(DEFAULT_TABLE)
    with pytest.raises(ValueError, match=r"expected floats of shape \(181440, 4\)"):
        load_table(_rewrite(tmp_path / "short.npz", q[:1000]))
    walls = np.where(np.isinf(q), 0.0, q)
    with pytest.raises(ValueError, match="other than -inf for moves into the wall"):
        load_table(_rewrite(tmp_path / "walls.npz", walls))
    nans = q.copy()
    nans[5, q[5].argmax()] = np.nan
    with pytest.raises(ValueError, match="not finite"):
        load_table(_rewrite(tmp_path / "nan.npz", nans))
    with pytest.raises(ValueError, match="should end in .npz"):
        save_table(tmp_path / "q.pickle", q)


def test_convert_to_number():
    assert QLearning.convert_to_number([1, 2, 3, 4, 0, 5, 7, 8, 6]) == 123405786
    assert QLearning.convert_to_number((0, 1, 2, 3, 4, 5, 6, 7, 8)) == 12345678
    with pytest.raises(ValueError, match="tiles above 9"):
        QLearning.convert_to_number(range(16))


def test_test_stops_counting_at_200():
    agent = QLearning(1.0, 0.92, 10, 40, 1.0)
    agent.q = np.where(state_space(3).neighbours >= 0, 0.0, -np.inf)  # untrained: always the first legal move
    assert agent.test()[1] == 200
    assert policy_mistakes(agent.q) > 50_000


def test_readable_trainer_through_the_original_interface():
    agent = QLearning(1.0, 0.92, 20_000, 20, 1.0, seed=3, size=2)
    agent.train(fast=False, stop_when_optimal=True)
    assert agent.trainer == "q_learning" and agent.episodes == 1000 and policy_mistakes(agent.q) == 0
    assert agent.test() == ((0, 3, 2, 1), 6)


def test_only_the_original_class_keeps_the_original_names():
    """QLearning takes the original game's discount_factor and generations, and its errors name them."""
    agent = QLearning(learning_rate=1.0, discount_factor=0.9, generations=10, max_steps=5, exploration_probability=0.1)
    assert (agent.hyperparameters.discount, agent.hyperparameters.episodes) == (0.9, 10)
    with pytest.raises(ValueError, match="discount_factor must be 1 or less, got 1.2"):
        QLearning(1.0, 1.2, 10, 10, 0.1)
    with pytest.raises(ValueError, match="generations must be 0 or more"):
        QLearning(1.0, 0.9, -1, 10, 0.1)
    metadata = load_table()[1]
    assert list(metadata["hyperparameters"]) == list(vars(EIGHT_PUZZLE_HYPERPARAMETERS))


def test_hyperparameters_are_checked():
    with pytest.raises(ValueError, match=r"discount must be 1 or less, got 1.2"):
        Hyperparameters(1.0, 1.2, 10, 10, 0.1)
    with pytest.raises(ValueError, match="episodes must be 0 or more"):
        Hyperparameters(1.0, 0.9, -1, 10, 0.1)
    with pytest.raises(ValueError, match="max_steps must be 1 or more"):
        Hyperparameters(1.0, 0.9, 10, 0, 0.1)
    with pytest.raises(TypeError, match="max_steps must be an int"):
        Hyperparameters(1.0, 0.9, 10, 2.0, 0.1)
    with pytest.raises(ValueError, match="learning_rate must be a finite number"):
        Hyperparameters(float("nan"), 0.9, 10, 2, 0.1)
    with pytest.raises(TypeError, match="seed must be an int"):
        Hyperparameters(1.0, 0.9, 10, 10, 0.1, seed="0")


# --- The sun/moon puzzle --------------------------------------------------------------------------


def test_sun_moon_original_settings_find_the_13_move_optimum():
    q = q_learning(SlidingPuzzleEnv.sun_moon(), replace(SUN_MOON_HYPERPARAMETERS, seed=0))
    path = greedy_path(q, SlidingPuzzleEnv.sun_moon())
    assert path[0] == SUN_MOON_START and path[-1] == SUN_MOON_GOAL and len(path) - 1 == 13
    for before, after in zip(path, path[1:]):
        assert after in [board for _, board in successors(before)]
    printed = format_path(path)
    assert printed.count("┏") == 14 and printed.startswith("start\n" + format_board(SUN_MOON_START))
    assert "move 13: blank" in printed
    # From the one start it learned from it is optimal; from the other boards often not.
    assert policy_mistakes(q, SUN_MOON_GOAL) > 100


def test_sun_moon_original_settings_find_13_moves_whatever_the_random_seed():
    lengths = []
    for seed in range(1, 6):
        q = q_learning(SlidingPuzzleEnv.sun_moon(), replace(SUN_MOON_HYPERPARAMETERS, seed=seed))
        lengths.append(len(greedy_path(q, SlidingPuzzleEnv.sun_moon(), seed=seed)) - 1)
    assert lengths == [13] * 5


def test_sun_moon_policy_optimal_from_all_630_boards():
    """Episodes from random boards with more exploration: the greedy policy is optimal from every board."""
    distances = breadth_first_distances(SUN_MOON_GOAL)
    assert len(distances) == 630 and distances[SUN_MOON_START] == 13
    settings = replace(SUN_MOON_HYPERPARAMETERS, epsilon=0.5, episodes=8000, seed=0)
    q = q_learning(SlidingPuzzleEnv.sun_moon(start=None), settings)
    assert policy_mistakes(q, SUN_MOON_GOAL) == 0
    env = SlidingPuzzleEnv.sun_moon()
    for board, distance in distances.items():
        if distance:
            path = greedy_path(q, env, board)
            assert path[-1] == SUN_MOON_GOAL and len(path) - 1 == distance


def test_breadth_first_distances_agree_with_the_distance_table_on_2x2():
    table = distance_table((1, 2, 3, 0))
    assert breadth_first_distances((1, 2, 3, 0)) == {board: table[rank(board)] for board in
                                                     breadth_first_distances((1, 2, 3, 0))}
    assert sorted(breadth_first_distances((1, 2, 3, 0)).values()) == sorted(int(d) for d in table if d >= 0)


def test_policy_mistakes_of_a_table_and_of_its_array():
    settings = Hyperparameters(1.0, 0.92, episodes=2000, max_steps=20, epsilon=1.0, seed=4)
    q = q_learning(SlidingPuzzleEnv(2), settings)
    assert len(q) == 11 and policy_mistakes(q) == policy_mistakes(q_array(q, 2)) == 0
    q[(1, 2, 0, 3)] = [1.0, 0.5, -INF, -INF]  # up, away from the goal next door
    for board in [(0, 1, 3, 2), (3, 1, 0, 2)]:
        del q[board]  # a board never seen is a mistake, whatever its first legal move does
    assert policy_mistakes(q) == 3 and policy_mistakes(q, goal=(1, 2, 3, 0)) == 3
    assert policy_mistakes(q_array(q, 2)) in (1, 2, 3)


# --- The command line -----------------------------------------------------------------------------


def test_train_command_writes_a_table(tmp_path, capsys):
    output = tmp_path / "table.npz"
    assert main(["train", "--size", "2", "--output", str(output), "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "optimal on all 12 boards" in out and f"wrote {output}" in out
    assert "\r[" in err and err.endswith("optimal\n")  # the progress bar
    assert load_table(output)[1]["hyperparameters"]["seed"] == 1
    assert main(["train", "--learning-rate", "2", "--output", str(output)]) == 2
    assert "learning_rate must be 1 or less" in capsys.readouterr().err


def test_train_command_checks_its_output_before_training(tmp_path, capsys):
    """An output that cannot be written fails at once: no progress bar, no table, exit code 2."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for output, message in [(blocker / "q.npz", "cannot write"), (tmp_path / "q.pickle", "should end in .npz"),
                            (tmp_path, "not a folder")]:
        assert main(["train", "--size", "2", "--output", str(output)]) == 2
        out, err = capsys.readouterr()
        assert message in err and "\r[" not in err and out == ""


def test_progress_bar_draws_at_most_ten_times_a_second():
    import io

    now = [0.0]
    out = io.StringIO()
    bar = ProgressBar(out, width=10, clock=lambda: now[0])
    for done in range(1, 1001):  # 1,000 reports over 0.999 s: drawn at 0.001, 0.101, ..., 0.901 s, and at the end
        now[0] = done / 1000
        bar(done, 1000)
    assert out.getvalue().count("\r") == 11
    assert out.getvalue().endswith("[##########] 100%  1,000 / 1,000 episodes  1.0 s")


def test_progress_bar_closes_on_the_latest_count():
    """A count skipped to keep redraws rare still shows in the final line."""
    import io

    out = io.StringIO()
    bar = ProgressBar(out, width=10, clock=lambda: 0.0)
    bar(1, 10)
    bar(2, 10)  # within 0.1 s of the first: not drawn yet
    bar.close("stopped early")
    assert out.getvalue().splitlines()[-1].endswith("2 / 10 episodes  0.0 s  stopped early")


def test_policy_mistakes_does_not_credit_ties():
    """An untrained row ties every move; it is right only where every move is a shortest one."""
    import numpy as np

    space = state_space(2)
    blank = np.where(space.neighbours >= 0, 0.0, -np.inf)
    closer = [
        all(space.distances[n] == space.distances[row] - 1 for n in space.neighbours[row] if n >= 0)
        for row in range(len(space.neighbours))
    ]
    assert policy_mistakes(blank) == sum(not ok for row, ok in enumerate(closer) if row != space.goal_row)
    assert policy_mistakes(blank) == policy_mistakes({}, goal=(1, 2, 3, 0))


# --- Bad input ------------------------------------------------------------------------------------


def test_policy_mistakes_refuses_at_once_what_it_cannot_check():
    with pytest.raises(ValueError, match="too many: only 2x2 and 3x3"):
        policy_mistakes({}, goal=tuple(range(1, 16)) + (0,))  # once 10 ** 13 boards enumerated
    nan_table = np.full((181_440, 4), np.nan)
    with pytest.raises(ValueError, match="not finite"):
        policy_mistakes(nan_table)  # once called optimal
    with pytest.raises(ValueError, match="NaN"):
        policy_mistakes({(1, 2, 0, 3): [math.nan] * 4})
    with pytest.raises(TypeError, match="array of floats"):
        policy_mistakes("table")
    with pytest.raises(ValueError, match="shape"):
        policy_mistakes(np.zeros((5, 4)))


def test_tables_and_games_of_the_wrong_type_get_a_type_error():
    with pytest.raises(TypeError, match="game must be a SlidingPuzzleGame"):
        Solver().get_action(None)
    with pytest.raises(TypeError, match="table of q_learning"):
        greedy_path(None, SlidingPuzzleEnv(2), (1, 2, 0, 3))
    with pytest.raises(TypeError, match="greedy_moves or Solver"):
        greedy_path(np.zeros((12, 4)), SlidingPuzzleEnv(2), (1, 2, 0, 3))
    with pytest.raises(TypeError, match="values must be 4 numbers"):
        greedy_action(None)
    with pytest.raises(TypeError, match="env must be an environment"):
        q_learning("env", ORIGINAL_SETTINGS)
    with pytest.raises(TypeError, match="callback must be a function"):
        q_learning(SlidingPuzzleEnv(2), ORIGINAL_SETTINGS, callback=3)


def test_sizes_must_be_ints():
    for call in (lambda: state_space(2.0), lambda: QLearning(1.0, 0.92, 10, 40, 1.0, size=2.0),
                 lambda: q_learning_in_lanes(ORIGINAL_SETTINGS, size=2.0), lambda: q_array({}, size=2.0)):
        with pytest.raises(TypeError, match="size must be an int"):
            call()
    with pytest.raises(ValueError, match="too many for a table"):
        state_space(4)


def test_q_update_is_the_original_games_update_and_the_public_updates_check_its_numbers():
    from puzzlekit.learning.tabular import sarsa_update
    from puzzlekit.learning.tabular.loop import q_update

    assert q_update(0.5, 1.0, 0.0, 0.5, 0.92) == 0.75 == sarsa_update(0.5, 1.0, None, None, 0.5, 0.92)
    for args, error in [((0.0, math.nan, 1.0, 0.9), ValueError), ((0.0, 1.0, 0.0, 0.9), ValueError),
                        ((0.0, 1.0, 1.0, 1.5), ValueError), (("0", 1.0, 1.0, 0.9), TypeError)]:
        old, reward, learning_rate, discount = args
        with pytest.raises(error):
            sarsa_update(old, reward, None, None, learning_rate, discount)


def test_greedy_path_checks_what_it_reads_and_never_the_whole_table_again():
    """One path reads a few entries; checking every entry on every call made 629 paths take seconds.

    The work is told by what is refused: a spoiled entry the path never reads is never looked at.
    """
    q = {(1, 2, 0, 3): [0.0, 1.0, -math.inf, -math.inf]}
    for board in itertools.permutations(range(4)):  # 23 more boards, which the path never reads
        q.setdefault(board, [0.25] * 4)
    unread = next(board for board in q if board not in ((1, 2, 0, 3), (1, 2, 3, 0)))
    spoiled_elsewhere = dict(q) | {unread: [math.nan, "no", None, 0.0]}
    assert greedy_path(spoiled_elsewhere, SlidingPuzzleEnv(2), (1, 2, 0, 3)) == [(1, 2, 0, 3), (1, 2, 3, 0)]
    spoiled = dict(q) | {(1, 2, 0, 3): [math.nan, 1.0, 0.0, 0.0]}
    with pytest.raises(ValueError, match="none NaN"):
        greedy_path(spoiled, SlidingPuzzleEnv(2), (1, 2, 0, 3))
    with pytest.raises(ValueError, match="two sizes"):
        greedy_path(q | {(1, 2, 3, 4, 5, 6, 7, 8, 0): [0.0] * 4}, SlidingPuzzleEnv(2), (1, 2, 0, 3))


# --- Bad input at the door: each gets a clear error naming the argument ----------------------------


def test_load_table_of_a_folder_says_it_is_a_folder(tmp_path):
    with pytest.raises(ValueError, match=r"file_name must name a file, such as .*q.npz.*, not a folder"):
        load_table(tmp_path)


def test_train_command_with_a_negative_seed_is_a_usage_error(tmp_path, capsys):
    assert main(["train", "--size", "2", "--seed", "-1", "--output", str(tmp_path / "q.npz")]) == 2
    err = capsys.readouterr().err
    assert "seed must be 0 or more, got -1" in err and "Traceback" not in err


def test_qlearning_names_a_negative_seed():
    with pytest.raises(ValueError, match="seed must be 0 or more, got -1"):
        QLearning(1.0, 0.92, 10, 5, 1.0, seed=-1)


def test_format_path_refuses_boards_that_are_not_one_move_apart():
    with pytest.raises(ValueError, match=r"path: board 1 \(3, 2, 1, 0\) is not one move from board 0"):
        format_path([(1, 2, 3, 0), (3, 2, 1, 0)])
    assert "blank stays (wall)" in format_path([(1, 2, 3, 0), (1, 2, 3, 0)])  # a move into the wall: still a path


def test_policy_mistakes_refuses_a_goal_the_table_was_not_learned_for():
    q = {(1, 2, 0, 3): [0.81, 1.0, -math.inf, -math.inf]}
    assert policy_mistakes(q, goal=(1, 2, 3, 0)) == 9
    with pytest.raises(ValueError,
                       match=r"goal \(1, 3, 2, 0\): the table holds the board \(1, 2, 0, 3\), which cannot reach it"):
        policy_mistakes(q, goal=(1, 3, 2, 0))

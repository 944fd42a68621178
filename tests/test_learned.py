"""Tests for puzzlekit.learning.learned: Q-values read as distances, and the heuristic made from a Q-table."""

import math
import random
from dataclasses import replace

import numpy as np
import pytest

from puzzlekit import (
    EIGHT_PUZZLE_HYPERPARAMETERS,
    SUN_MOON_GOAL,
    Hyperparameters,
    SlidingPuzzleEnv,
    policy_mistakes,
    q_learning,
    q_learning_in_lanes,
    random_board,
)
from puzzlekit.learning.learned import QHeuristic, learned_distances, q_heuristic, q_to_distance
from puzzlekit.learning.qtable import load_table
from puzzlekit.learning.tabular import q_array
from puzzlekit.search import (
    astar_search,
    greedy_best_first_search,
    ida_star_search,
    lambda_astar_search,
    weighted_astar_search,
)
from puzzlekit.sliding.distances import distance_table, rank
from puzzlekit.sliding.heuristics import linear_conflict, manhattan
from puzzlekit.sliding.state_space import state_space

HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # 31 moves
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


@pytest.fixture(scope="module")
def shipped():
    return load_table()[0]


@pytest.fixture(scope="module")
def quarter():
    """The original game's training (q_learning_in_lanes, seed 0) given a quarter of the 720,896 episodes it needs."""
    settings = replace(EIGHT_PUZZLE_HYPERPARAMETERS, seed=0, episodes=180_224)
    return q_learning_in_lanes(settings)


def seeded_boards(count: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    return [random_board(3, seed=rng) for _ in range(count)]


# --- Values to distances ---------------------------------------------------------------------------


def test_q_to_distance_is_exact_on_the_shipped_table(shipped):
    """d = 1 + log(Q) / log(discount) of each board's best value is its distance, on all 181,440 boards."""
    space = state_space(3)
    exact = distance_table()[space.ranks].astype(int)
    others = np.arange(len(shipped)) != space.goal_row
    best = shipped.max(axis=1)[others].astype(float)
    formula = 1 + np.log(best) / np.log(0.92)
    assert np.abs(formula - exact[others]).max() < 1e-4  # float32 values: near whole numbers, not on them
    assert (np.rint(formula) == exact[others]).all()
    assert (learned_distances(shipped) == exact).all()
    for row in range(1, len(shipped), 4999):
        assert round(q_to_distance(float(shipped[row].max()))) == exact[row]
    # The discount matters: read with another, the same values give other distances.
    assert (learned_distances(shipped, discount=0.9) != exact).sum() > 100_000


def test_q_to_distance_on_exact_powers():
    for discount in (0.5, 0.92, 0.99):
        for distance in range(1, 32):
            assert math.isclose(q_to_distance(discount ** (distance - 1), discount), distance)
    assert q_to_distance(1.0) == 1.0


@pytest.mark.parametrize("value", [0.0, -0.5, 1.5, math.inf, math.nan])
def test_q_to_distance_refuses_values_that_stand_for_no_distance(value):
    with pytest.raises(ValueError, match="never learned" if value == 0 else "in \\(0, 1\\]|finite number, got nan"):
        q_to_distance(value)


def test_q_to_distance_checks_its_arguments():
    with pytest.raises(TypeError, match="a Q-value must be a number"):
        q_to_distance(True)
    for discount in (1.0, 0.0, 1.2):
        with pytest.raises(ValueError, match="discount .*strictly between 0 and 1"):
            q_to_distance(0.5, discount)
    with pytest.raises(TypeError, match="discount .*must be a number"):
        q_to_distance(0.5, True)


def test_bad_tables_get_a_clear_error():
    with pytest.raises(ValueError, match="4 numbers"):
        q_heuristic({(1, 2, 0, 3): []})  # an empty row: once "max() arg is an empty sequence"
    with pytest.raises(ValueError, match="a board needs a legal move"):
        q_heuristic({(1, 2, 0, 3): [-math.inf] * 4})
    with pytest.raises(ValueError, match="4 numbers .*none NaN"):
        q_heuristic({(1, 2, 0, 3): [math.nan, 1.0, -math.inf, -math.inf]})
    with pytest.raises(TypeError, match="array of floats"):
        q_heuristic("not a table")
    with pytest.raises(ValueError, match="not finite"):
        learned_distances(np.full((12, 4), np.nan))


# --- The heuristic ---------------------------------------------------------------------------------


def test_the_shipped_table_is_the_exact_distance_for_every_search(shipped):
    h = q_heuristic(shipped)
    assert isinstance(h, QHeuristic) and h.learned == 181_439
    exact = distance_table()
    for board in seeded_boards(200, seed=1) + [HARDEST, GOAL]:
        assert h(board) == exact[rank(board)]
    assert h(list(HARDEST)) == 31  # any sequence, as the other heuristics
    for search in (astar_search, greedy_best_first_search, weighted_astar_search, lambda_astar_search):
        result = search(HARDEST, h)
        assert (result.length, result.expanded) == (31, 31), search.__name__  # straight down a shortest path
    assert ida_star_search(HARDEST, h).expanded == 31
    for board in seeded_boards(20, seed=2):
        result = astar_search(board, h)
        assert result.expanded == result.length == exact[rank(board)]


def test_a_partly_trained_table_never_underestimates(quarter):
    """With learning rate 1 a learned value is the reward of a path really walked: never above the best."""
    space = state_space(3)
    distances = learned_distances(quarter)
    learned = distances > 0
    assert 20_000 < learned.sum() < 40_000  # a quarter of the training: some boards only
    assert (distances[learned] >= space.distances[learned]).all()
    over = distances[learned] > space.distances[learned]
    assert over.sum() > 5_000  # and many overestimate: h is not admissible
    h = q_heuristic(quarter)
    assert h.learned == learned.sum()
    exact = distance_table()
    boards = seeded_boards(40, seed=3)
    results = [astar_search(board, h) for board in boards]
    assert all(result.found for result in results)
    assert any(result.length > exact[rank(board)] for result, board in zip(results, boards))


def test_the_rule_for_unexplored_boards(quarter):
    space = state_space(3)
    distances = learned_distances(quarter)
    unexplored = [space.board(row) for row in np.flatnonzero(distances < 0)[::5000]]
    learned = [space.board(row) for row in np.flatnonzero(distances > 0)[::5000]]
    assert len(unexplored) > 10 and len(learned) > 3
    rules = {"manhattan": manhattan, "linear_conflict": linear_conflict, 0: lambda board: 0,
             40: lambda board: 40, linear_conflict: linear_conflict}
    for rule, expected in rules.items():
        h = q_heuristic(quarter, unexplored=rule)
        assert all(h(board) == expected(board) for board in unexplored), rule
        assert all(h(board) == distances[space.row(board)] for board in learned)
        assert h(GOAL) == 0  # nothing is learned at the goal, and it needs no rule
    assert "unexplored='manhattan'" in repr(q_heuristic(quarter))
    assert "unexplored=linear_conflict" in repr(q_heuristic(quarter, unexplored=linear_conflict))


@pytest.mark.parametrize("rule, error", [(math.inf, ValueError), (-1, ValueError), ("euclid", ValueError),
                                         (None, TypeError), (True, TypeError)])
def test_bad_rules_are_refused(shipped, rule, error):
    with pytest.raises(error):
        q_heuristic(shipped, unexplored=rule)


def test_a_dict_table_of_q_learning():
    settings = Hyperparameters(learning_rate=1.0, discount=0.92, episodes=2000, max_steps=40,
                               epsilon=1.0, seed=0)
    q = q_learning(SlidingPuzzleEnv(2), settings)
    exact = distance_table((1, 2, 3, 0))
    h = q_heuristic(q)
    assert h.learned == 11 and h((1, 2, 3, 0)) == 0
    for board in q:
        assert h(board) == exact[rank(board)]
    assert (learned_distances(q) == learned_distances(q_array(q, 2))).all()
    one = {(1, 2, 0, 3): [0.8464, 1.0, -math.inf, -math.inf]}
    assert q_heuristic(one, unexplored=7)((0, 3, 2, 1)) == 7
    assert q_heuristic(one, unexplored="manhattan")((0, 3, 2, 1)) == manhattan((0, 3, 2, 1))
    with pytest.raises(ValueError, match="pass the goal"):
        q_heuristic({})
    assert q_heuristic({}, goal=(1, 2, 3, 0), unexplored=3)((0, 3, 2, 1)) == 3


def test_tables_learned_with_other_rewards_are_refused(shipped):
    with pytest.raises(ValueError, match="values in \\[0, 1\\]"):
        q_heuristic({(1, 2, 0, 3): [-10.0, 100.0, -math.inf, -math.inf]})
    with pytest.raises(ValueError, match="values in \\[0, 1\\]"):
        q_heuristic(np.where(np.isfinite(shipped), shipped * 2, -np.inf))
    with pytest.raises(ValueError, match="learned for the goal"):
        q_heuristic(shipped, goal=(0, 1, 2, 3, 4, 5, 6, 7, 8))
    with pytest.raises(ValueError, match="sun/moon"):
        q_heuristic({}, goal=SUN_MOON_GOAL)
    with pytest.raises(ValueError, match="shape"):
        q_heuristic(np.zeros((10, 4)))


def test_the_shipped_table_is_the_original_training_stopped_when_optimal(shipped):
    """Chapter 7 reads the training needed from the file: the original game's settings, seed 0, stopped at
    the first batch after which every best move is a shortest move, give that table and that many episodes."""
    metadata = load_table()[1]
    checked = []

    def stop_when_optimal(episodes, q):
        checked.append(episodes)
        return policy_mistakes(q) == 0

    table = q_learning_in_lanes(replace(EIGHT_PUZZLE_HYPERPARAMETERS, seed=0), callback=stop_when_optimal)
    assert checked[-1] == metadata["episodes"] == 720_896 and metadata["stop_when_optimal"]
    assert np.array_equal(table.astype(np.float32), shipped)


@pytest.mark.parametrize("q, message", [
    ({(2, 1, 3, 0): [0.5, 0.5, -math.inf, -math.inf]},
     r"q: board \(2, 1, 3, 0\) cannot reach the goal \(1, 2, 3, 0\)"),
    ({(1, 1, 1, 0): [0.5, 0.5, -math.inf, -math.inf]},
     r"q: board is a token board \(3 x 1\) but the goal numbers its tiles"),
])
def test_q_heuristic_refuses_boards_that_cannot_reach_the_goal(q, message):
    with pytest.raises(ValueError, match=message):
        q_heuristic(q)

"""Tests for puzzlekit.sliding.heuristics: known values, admissibility against exact distances, any goal, tokens."""

import itertools

import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, random_board, successors
from puzzlekit.sliding.distances import breadth_first_distances, distance_table
from puzzlekit.sliding.heuristics import HEURISTICS, for_goal, linear_conflict, manhattan, misplaced

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


@pytest.fixture(scope="module")
def every_board_and_distance():
    """All 181,440 boards that reach GOAL with their exact distances (permutations come in rank order)."""
    table = distance_table().tolist()
    return [(board, d) for board, d in zip(itertools.permutations(range(9)), table) if d >= 0]


def test_misplaced_leaves_the_blank_out():
    one_move = (1, 2, 3, 4, 5, 6, 7, 0, 8)  # the blank and tile 8 are both off their cells
    assert misplaced(one_move) == 1
    assert misplaced(GOAL) == 0
    # so counting the blank too (2, as aima-python does) overestimates
    assert breadth_first_distances(GOAL)[one_move] == 1


@pytest.mark.parametrize(
    "board, expected",
    [
        (GOAL, (0, 0, 0)),
        ((1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 1, 1)),
        ((2, 1, 3, 4, 5, 6, 7, 8, 0), (2, 2, 4)),  # 2 and 1 in their row, in the wrong order
        ((3, 2, 1, 4, 5, 6, 7, 8, 0), (2, 4, 8)),  # three in a row reversed: two must leave it
        ((7, 2, 3, 4, 5, 6, 1, 8, 0), (2, 4, 8)),  # column 0 reads 7, 4, 1: reversed, two must leave it
        ((8, 6, 7, 2, 5, 4, 3, 0, 1), (7, 21, 23)),
    ],
)
def test_known_values(board, expected):
    assert (misplaced(board), manhattan(board), linear_conflict(board)) == expected


def test_admissible_and_ordered_on_every_8_puzzle_board(every_board_and_distance):
    fast = [for_goal(name, GOAL) for name in ("misplaced", "manhattan", "linear_conflict")]
    h_misplaced, h_manhattan, h_linear = fast
    for board, distance in every_board_and_distance:
        assert h_misplaced(board) <= h_manhattan(board) <= h_linear(board) <= distance, board


def test_linear_conflict_is_tighter_than_manhattan(every_board_and_distance):
    h_manhattan, h_linear = for_goal(manhattan, GOAL), for_goal(linear_conflict, GOAL)
    total_manhattan = sum(h_manhattan(board) for board, _ in every_board_and_distance)
    total_linear = sum(h_linear(board) for board, _ in every_board_and_distance)
    total_distance = sum(distance for _, distance in every_board_and_distance)
    assert total_manhattan < total_linear < total_distance


def test_consistent_on_every_move_of_the_8_puzzle():
    """Chapter 4's claim: one move changes each heuristic by at most 1 (Manhattan distance and linear
    conflict by exactly 1 on the 8-puzzle), on all 483,840 moves between the boards that reach the goal."""
    np = pytest.importorskip("numpy")
    from puzzlekit.sliding.state_space import state_space

    space = state_space(3)
    boards = [tuple(int(cell) for cell in row) for row in space.boards]
    pairs = np.column_stack([np.repeat(np.arange(len(boards)), 4), space.neighbours.ravel()])
    pairs = pairs[pairs[:, 1] >= 0]
    assert len(pairs) == 483_840
    for name in HEURISTICS:
        fast = for_goal(name, GOAL)
        values = np.array([fast(board) for board in boards])
        steps = set((values[pairs[:, 1]] - values[pairs[:, 0]]).tolist())
        assert steps == ({-1, 0, 1} if name == "misplaced" else {-1, 1}), name


def test_counting_the_blank_breaks_consistency():
    """aima-python's count (the blank included) drops by 2 on the move that solves a board."""
    def with_blank(board):
        return sum(cell != home for cell, home in zip(board, GOAL))

    one_move = (1, 2, 3, 4, 5, 6, 7, 0, 8)
    assert with_blank(one_move) - with_blank(GOAL) == 2 and misplaced(one_move) - misplaced(GOAL) == 1


def test_consistent_on_a_sample(every_board_and_distance):
    """h(board) <= 1 + h(neighbour): A* then never finds a shorter path to a board it has expanded."""
    for name in HEURISTICS:
        fast = for_goal(name, GOAL)
        for board, _ in every_board_and_distance[::97]:
            for _, neighbour in successors(board):
                assert fast(board) <= 1 + fast(neighbour), (name, board, neighbour)


@pytest.mark.parametrize("goal", [(0, 1, 2, 3, 4, 5, 6, 7, 8), (1, 2, 3, 8, 0, 4, 7, 6, 5)])
def test_admissible_towards_other_goals(goal):
    table = distance_table(goal).tolist()
    for board, distance in itertools.islice(zip(itertools.permutations(range(9)), table), 0, None, 31):
        if distance >= 0:
            assert misplaced(board, goal) <= manhattan(board, goal) <= linear_conflict(board, goal) <= distance


def test_other_goal_changes_the_estimate():
    goal = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    assert manhattan(goal, goal) == linear_conflict(goal, goal) == misplaced(goal, goal) == 0
    assert manhattan(GOAL, goal) == 12  # tiles 3 and 6 wrap to the next row: 3 moves each, the others 1


# Korf's 15-puzzle instances 55, 42, 9, 12 with their published optimal lengths (Korf 1985, Table 1);
# Korf's goal has the blank first and tile v on cell v.
KORF_GOAL = tuple(range(16))
KORF = [
    (41, (13, 8, 14, 3, 9, 1, 0, 7, 15, 5, 4, 10, 12, 2, 6, 11)),
    (42, (4, 5, 7, 2, 9, 14, 12, 13, 0, 3, 6, 11, 8, 1, 15, 10)),
    (46, (3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0)),
    (45, (14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15)),
]


@pytest.mark.parametrize("length, board", KORF)
def test_admissible_on_15_puzzles_of_known_length(length, board):
    assert misplaced(board, KORF_GOAL) <= manhattan(board, KORF_GOAL) <= linear_conflict(board, KORF_GOAL) <= length


def test_token_heuristics_are_admissible_on_every_sun_moon_board():
    distances = breadth_first_distances(SUN_MOON_GOAL)
    assert len(distances) == 630  # 9! / (4! 4!) arrangements of 4 suns, 4 moons and the blank
    assert distances[SUN_MOON_START] == 13
    for board, distance in distances.items():
        assert misplaced(board, SUN_MOON_GOAL) <= distance
        assert manhattan(board, SUN_MOON_GOAL) <= distance
    # The pairing of tokens with goal cells is the best one, so it is tight on some boards.
    assert sum(manhattan(board, SUN_MOON_GOAL) == distance for board, distance in distances.items()) > 20


def test_token_manhattan_pairs_tokens_with_the_nearest_free_cells():
    assert manhattan(SUN_MOON_START, SUN_MOON_GOAL) == 9
    assert manhattan(SUN_MOON_GOAL, SUN_MOON_GOAL) == 0
    # Two suns swapped are the same board.
    assert manhattan((0, 2, 1, 2, 1, 2, 1, 2, 1), SUN_MOON_GOAL) == 0


def test_linear_conflict_needs_numbered_tiles():
    with pytest.raises(ValueError, match="linear_conflict needs numbered tiles"):
        linear_conflict(SUN_MOON_START, SUN_MOON_GOAL)


def test_for_goal():
    h = for_goal("linear_conflict", GOAL)
    board = random_board(3, seed=11)
    assert h(board) == linear_conflict(board)
    assert for_goal(misplaced, GOAL)(board) == misplaced(board)
    own = lambda board: 0  # noqa: E731
    assert for_goal(own, GOAL) is own
    with pytest.raises(ValueError, match="no heuristic named 'hamming'; the names are 'misplaced'"):
        for_goal("hamming", GOAL)
    with pytest.raises(TypeError, match="a name or a function"):
        for_goal(3, GOAL)


def test_heuristics_check_their_boards():
    with pytest.raises(ValueError, match="8 cells"):
        manhattan((1, 2, 3, 4, 5, 6, 7, 0))
    with pytest.raises(ValueError, match="goal is 2x2 but the board is 3x3"):
        misplaced(GOAL, (1, 2, 3, 0))


@pytest.mark.parametrize("size", [2, 4, 5])
def test_any_size(size):
    board = random_board(size, seed=size)
    assert 0 < misplaced(board) <= manhattan(board) <= linear_conflict(board)

"""Tests for puzzlekit.sliding.board: the textbook's helpers, slides, parity, random boards and text."""

import itertools
import random
from collections import Counter, deque

import numpy as np
import pytest

import puzzlekit
from puzzlekit import (
    SUN_MOON_GOAL,
    SUN_MOON_START,
    check_board,
    default_goal,
    format_board,
    inversions,
    is_solvable,
    move,
    moves,
    parse_board,
    position,
    random_board,
    slide,
    successors,
    width,
)

TEXTBOOK = (1, 3, 2, 5, 7, 4, 0, 8, 6)
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def reachable(goal):
    """Every board that slides can reach from `goal`, by breadth-first search."""
    seen, frontier = {goal}, deque([goal])
    while frontier:
        for _, board in successors(frontier.popleft()):
            if board not in seen:
                seen.add(board)
                frontier.append(board)
    return seen


def random_walk(board, steps, seed):
    rng = random.Random(seed)
    for _ in range(steps):
        board = rng.choice(successors(board))[1]
    return board


# --- The textbook's helpers ---------------------------------------------------------------------


def test_textbook_examples():
    assert position(TEXTBOOK, 4) == (1, 2)
    assert moves(TEXTBOOK) == [5, 8]
    assert move(TEXTBOOK, 5) == (1, 3, 2, 0, 7, 4, 5, 8, 6)


def test_helpers_accept_lists_and_return_tuples():
    assert move(list(TEXTBOOK), 8) == (1, 3, 2, 5, 7, 4, 8, 0, 6)
    assert isinstance(move(list(TEXTBOOK), 8), tuple)
    assert isinstance(slide(list(GOAL), "u"), tuple)
    assert position(np.array(TEXTBOOK), 4) == (1, 2)


def test_position_of_every_tile_on_every_size():
    for size in (2, 3, 4, 5):
        board = random_board(size, seed=size)
        for index, tile in enumerate(board):
            assert position(board, tile) == (index // size, index % size)


def test_moves_order_is_above_below_left_right():
    centre = (1, 2, 3, 4, 0, 5, 6, 7, 8)
    assert moves(centre) == [2, 7, 4, 5]
    assert moves(GOAL) == [6, 8]
    assert moves((0, 1, 2, 3, 4, 5, 6, 7, 8)) == [3, 1]


def test_move_and_slide_agree():
    """Sliding tile t into the blank is the blank moving towards t."""
    for seed in range(50):
        board = random_board(4, seed=seed)
        by_tile = {move(board, tile) for tile in moves(board)}
        by_blank = {after for _, after in successors(board)}
        assert by_tile == by_blank
        for direction, after in successors(board):
            assert slide(board, direction) == after


def test_slide_directions_move_the_blank():
    centre = (1, 2, 3, 4, 0, 5, 6, 7, 8)
    assert position(slide(centre, "u"), 0) == (0, 1)
    assert position(slide(centre, "r"), 0) == (1, 2)
    assert position(slide(centre, "d"), 0) == (2, 1)
    assert position(slide(centre, "l"), 0) == (1, 0)


def test_successor_count_by_blank_cell():
    counts = [len(successors(slide_blank_to(cell))) for cell in range(9)]
    assert counts == [2, 3, 2, 3, 4, 3, 2, 3, 2]


def slide_blank_to(cell):
    board = list(range(1, 9))
    board.insert(cell, 0)
    return tuple(board)


def test_move_errors_say_why():
    with pytest.raises(ValueError, match=r"tile 7 cannot slide: it is at \(1, 1\).*tiles that can: \[5, 8\]"):
        move(TEXTBOOK, 7)
    with pytest.raises(ValueError, match="0 is the blank"):
        move(TEXTBOOK, 0)
    with pytest.raises(ValueError, match="tile 9 is not on the board"):
        move(TEXTBOOK, 9)
    with pytest.raises(ValueError, match="tile 12 is not on the board"):
        position(TEXTBOOK, 12)
    with pytest.raises(TypeError, match="tile must be an int"):
        position(TEXTBOOK, "4")
    with pytest.raises(ValueError,
                       match=r"tile 1 cannot slide: no 1 is next to the blank at \(0, 0\); tiles that can: \[2, 2\]"):
        move((0, 2, 1, 2, 1, 1, 1, 2, 2), 1)


def test_slide_errors_say_why():
    with pytest.raises(ValueError, match=r"cannot move 'd' \(down\): it is on the bottom row"):
        slide(GOAL, "d")
    with pytest.raises(ValueError, match=r"cannot move 'l' \(left\): it is on the left column"):
        slide((0, 1, 2, 3), "l")
    with pytest.raises(ValueError, match="direction must be one of 'u', 'r', 'd', 'l'"):
        slide(GOAL, "up")


# --- Checking boards ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "board, message",
    [
        ((1, 2, 3, 4, 5, 6, 7, 8), "board has 8 cells; a square board needs 4, 9, 16"),
        ((0,), "board has 1 cells"),
        ((), "board has 0 cells"),
        ((1, 2, 3, 4, 5, 6, 7, 8, 9), "board has no blank"),
        ((1, 2, 3, 4, 5, 6, 7, 0, 0), "board has 2 blanks"),
        ((1, 2, 3, 4, 5, 6, 7, 9, 0), "board holds 9, out of range: a 3x3 board holds the blank 0 and tiles 1..8"),
        ((1, 2, 3, 4, 5, 6, 7, -8, 0), "board holds -8"),
        ((1, 2, 3, 4, 5, 6, 7, 7, 0), "board repeats tile 7 .2 times. and lacks tile 8"),
    ],
)
def test_bad_boards_are_named(board, message):
    for function in (check_board, is_solvable, format_board, moves, inversions, width):
        with pytest.raises(ValueError, match=message):
            function(board)


@pytest.mark.parametrize("board", ["1 2 3 0", b"\x01\x02\x03\x00", {1, 2, 3, 0}, 12, None, (1.0, 2, 3, 0),
                                   (True, 2, 3, 0)])
def test_non_integers_are_type_errors(board):
    with pytest.raises(TypeError):
        check_board(board)


def test_numpy_integers_are_ints():
    board = check_board(np.array([1, 2, 3, 0], dtype=np.int8))
    assert board == (1, 2, 3, 0) and all(type(cell) is int for cell in board)


def test_goal_of_another_size_is_refused():
    with pytest.raises(ValueError, match="goal is 4x4 but the board is 3x3"):
        is_solvable(GOAL, goal=default_goal(4))
    with pytest.raises(ValueError, match="goal is 3x3 but the board is 2x2"):
        check_board((1, 2, 3, 0), goal=GOAL)
    with pytest.raises(ValueError, match="goal has 8 cells"):
        is_solvable(GOAL, goal=GOAL[:-1])


def test_token_boards_need_their_goal():
    with pytest.raises(ValueError, match="board is a token board .4 x 1, 4 x 2. and has no default goal"):
        check_board(SUN_MOON_START)
    assert check_board(SUN_MOON_START, goal=SUN_MOON_GOAL) == SUN_MOON_START
    with pytest.raises(ValueError, match="board and goal hold different tokens: board 4 x 1, 4 x 2, goal 5 x 1, 3 x 2"):
        check_board(SUN_MOON_START, goal=(1, 1, 1, 1, 1, 2, 2, 2, 0))


def test_default_goal():
    assert default_goal() == GOAL
    assert default_goal(4)[-1] == 0 and default_goal(4)[:-1] == tuple(range(1, 16))
    with pytest.raises(ValueError, match="size must be from 2 to 16"):
        default_goal(1)
    with pytest.raises(TypeError):
        default_goal(3.0)


def test_width():
    assert [width(default_goal(size)) for size in (2, 3, 4, 5, 6)] == [2, 3, 4, 5, 6]


# --- Parity -------------------------------------------------------------------------------------


def test_inversions_leave_the_blank_out():
    assert inversions(GOAL) == 0
    assert inversions((0, 1, 2, 3, 4, 5, 6, 7, 8)) == 0
    assert inversions((8, 7, 6, 5, 4, 3, 2, 1, 0)) == 28
    assert inversions((1, 3, 4, 2, 0, 7, 5, 8, 6)) == 5  # the original game's worked example
    assert puzzlekit.SlidingPuzzleGame.count_transpositions((1, 3, 4, 2, 0, 7, 5, 8, 6)) == 5


def test_is_solvable_is_reachability_on_3x3():
    """Brute force: of all 9! arrangements exactly half are solvable, and they are what BFS reaches."""
    solvable = {board for board in itertools.permutations(range(9)) if is_solvable(board)}
    assert len(solvable) == 181_440
    assert solvable == reachable(GOAL)


def test_is_solvable_is_reachability_on_2x2_for_every_goal():
    boards = list(itertools.permutations(range(4)))
    for goal in boards:
        assert {b for b in boards if is_solvable(b, goal=goal)} == reachable(goal)


def test_even_width_rule_on_4x4():
    goal = default_goal(4)
    loyd = goal[:13] + (15, 14, 0)  # Sam Loyd's 14-15 puzzle
    assert not is_solvable(loyd)
    for seed in range(100):
        board = random_walk(goal, 60, seed)
        assert is_solvable(board)
        first, second = [i for i, tile in enumerate(board) if tile][:2]
        swapped = list(board)
        swapped[first], swapped[second] = swapped[second], swapped[first]
        assert not is_solvable(swapped)
        assert is_solvable(board, goal=random_walk(goal, 45, seed + 1000))


def test_is_solvable_relative_to_any_goal():
    seven_eight = (1, 2, 3, 4, 5, 6, 8, 7, 0)
    assert not is_solvable(seven_eight)
    assert is_solvable(seven_eight, goal=seven_eight)
    assert is_solvable(GOAL, goal=(0, 1, 2, 3, 4, 5, 6, 7, 8))  # Korf's goal, blank first
    for size in (3, 5):
        for seed in range(30):
            goal = random_walk(default_goal(size), 40, seed)
            assert is_solvable(random_walk(goal, 50, seed + 1), goal=goal)


def test_every_sun_moon_board_is_solvable_and_reachable():
    boards = set(itertools.permutations(SUN_MOON_GOAL))
    assert len(boards) == 630
    assert all(is_solvable(board, goal=SUN_MOON_GOAL) for board in boards)
    assert reachable(SUN_MOON_GOAL) == boards
    assert not is_solvable(SUN_MOON_START, goal=(1, 1, 1, 1, 1, 2, 2, 2, 0))
    with pytest.raises(ValueError, match="board is a token board .4 x 1, 4 x 2. but the goal numbers its tiles"):
        is_solvable(SUN_MOON_GOAL, goal=default_goal(3))


# --- Random boards ------------------------------------------------------------------------------


def test_random_board_is_solvable_seeded_and_never_the_goal():
    for size in (2, 3, 4, 5):
        boards = [random_board(size, seed=seed) for seed in range(200)]
        assert all(is_solvable(board) for board in boards)
        assert default_goal(size) not in boards
        assert boards == [random_board(size, seed=seed) for seed in range(200)]
    assert len({random_board(3, seed=seed) for seed in range(200)}) == 200


def test_random_board_is_uniform_on_2x2():
    """The 11 solvable 2x2 boards other than the goal each come up about 1/11 of the time."""
    rng = random.Random(0)
    draws = 22_000
    counts = Counter(random_board(2, seed=rng) for _ in range(draws))
    assert set(counts) == reachable(default_goal(2)) - {default_goal(2)}
    expected = draws / 11
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi_square < 29.6  # the 0.1% critical value with 10 degrees of freedom


def test_random_board_takes_a_goal_and_generators():
    board = random_board(3, seed=np.random.default_rng(5), goal=SUN_MOON_GOAL)
    assert Counter(board) == Counter(SUN_MOON_GOAL) and board != SUN_MOON_GOAL
    korf = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    assert all(is_solvable(random_board(3, seed=s, goal=korf), goal=korf) for s in range(50))
    with pytest.raises(ValueError, match="goal is 3x3 but size is 4"):
        random_board(4, goal=GOAL)
    with pytest.raises(TypeError, match="seed must be"):
        random_board(3, seed="one")


# --- Text ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "1 2 3 / 4 5 6 / 7 8 _",
        "1 2 3\n4 5 6\n7 8 0",
        "1,2,3,4,5,6,7,8,0",
        "[1, 2, 3, 4, 5, 6, 7, 8, 0]",
        "1 2 3 / 4 5 6 / 7 8 .",
        [1, 2, 3, 4, 5, 6, 7, 8, 0],
    ],
)
def test_parse_board_forms(text):
    assert parse_board(text) == GOAL


def test_parse_and_format_round_trip():
    for board in [random_board(size, seed=size) for size in (2, 3, 4, 5)] + [SUN_MOON_START]:
        assert parse_board(format_board(board)) == board


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no board in the text"),
        ("1 2 3 / 4 5 / 7 8 _", "row 2 has 2 cells but row 1 has 3"),
        ("1 2 / 3 _ / 4 5", "3 rows of 2 cells"),
        ("1 2 3 / 4 x 6 / 7 8 _", "cannot read 'x' as a cell"),
        ("1 2 3 4 5 6 7 8", "board has 8 cells"),
        ("1 2 3 / 4 5 6 / 7 7 _", "repeats tile 7"),
    ],
)
def test_parse_board_errors(text, message):
    with pytest.raises(ValueError, match=message):
        parse_board(text)


def test_format_board_draws_boxes_and_tokens():
    text = format_board(GOAL)
    assert text.splitlines()[0] == "┏━━━┳━━━┳━━━┓"
    assert text.splitlines()[5] == "┃ 7 ┃ 8 ┃   ┃"
    assert format_board(SUN_MOON_START).splitlines()[1] == "┃ ☼ ┃ ☼ ┃ ☼ ┃"
    wide = format_board(default_goal(4)).splitlines()
    assert wide[0] == "┏━━━━┳━━━━┳━━━━┳━━━━┓" and wide[7] == "┃ 13 ┃ 14 ┃ 15 ┃    ┃"


def test_the_quick_check_of_a_tuple_agrees_with_the_full_check():
    """A tuple of the ints 0..n-1 takes a quick path; every other input the full one, with the same answers."""
    import random

    from puzzlekit.sliding.board import check_cells, check_pair

    rng = random.Random(0)
    for size in (2, 3, 4, 5):
        for _ in range(50):
            cells = list(range(size * size))
            rng.shuffle(cells)
            assert check_cells(tuple(cells)) == check_cells(cells) == (tuple(cells), size)
            assert check_pair(tuple(cells), None) == check_pair(cells, None)
            assert check_pair(tuple(cells), default_goal(size)) == check_pair(cells, list(default_goal(size)))
    for wrong in [(True, 2, 3, 0), (1.0, 2, 3, 0), (1, 1, 3, 0), (1, 2, 3), (1, 2, 3, 4), (-1, 2, 3, 0)]:
        with pytest.raises((TypeError, ValueError)):
            check_cells(wrong)
        with pytest.raises((TypeError, ValueError)):
            check_pair(wrong, None)
    with pytest.raises(ValueError, match="same size"):
        check_pair((1, 2, 3, 0), default_goal(3))


@pytest.mark.parametrize("function", [position, moves, is_solvable, format_board, inversions])
def test_a_cell_that_is_a_list_is_named_not_unhashable(function):
    arguments = ((1, 2, 3, [0]), 0) if function is position else ((1, 2, 3, [0]),)
    with pytest.raises(TypeError, match=r"board cells must be an int, got \[0\] \(list\)"):
        function(*arguments)


def test_parse_board_of_a_huge_number_names_the_text():
    with pytest.raises(ValueError, match="text holds the number .* 5,000 digits long; a board has at most 256 cells"):
        parse_board("1" * 5000)


def test_a_huge_number_is_named_by_its_length_not_printed():
    """A tile or cell of 401 digits would fill the screen; the message gives its first digits and its length."""
    from puzzlekit import check_board, move, position

    for call in (lambda: move((1, 2, 3, 0), 10**400), lambda: position((1, 2, 3, 0), -(10**400)),
                 lambda: check_board((1, 2, 10**400, 0)), lambda: check_board((1, 2, -(10**400), 0))):
        with pytest.raises(ValueError, match=r"\.\.\. \(an int of 401 digits\)") as error:
            call()
        assert len(str(error.value)) < 130

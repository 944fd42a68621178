"""Tests for puzzlekit.sliding.game: the original game's SlidingPuzzleGame, move for move."""

import random

import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, SlidingPuzzleGame, default_goal, is_solvable

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def test_new_game_is_solved_until_shuffled():
    game = SlidingPuzzleGame()
    assert game.board == GOAL and game.is_solved() and game.move_count == 0
    board = game.shuffle()
    assert board == game.board and not game.is_solved() and is_solvable(board)


def test_shuffle_is_seeded_and_resets_the_counter():
    one, two = SlidingPuzzleGame(seed=3), SlidingPuzzleGame(seed=3)
    assert [one.shuffle() for _ in range(5)] == [two.shuffle() for _ in range(5)]
    one.move_hole([d for d in "urdl" if _can(one, d)][0])
    assert one.move_count == 1
    one.shuffle()
    assert one.move_count == 0


def _can(game, direction):
    row, col = divmod(game.board.index(0), game.size)
    return {"u": row > 0, "d": row < game.size - 1, "l": col > 0, "r": col < game.size - 1}[direction]


def test_move_hole_returns_tile_and_hole_indexes():
    game = SlidingPuzzleGame(board=(1, 0, 3, 4, 2, 5, 7, 8, 6))
    assert game.move_hole("d") == (4, 1)
    assert game.board == (1, 2, 3, 4, 0, 5, 7, 8, 6)
    assert game.move_hole("r") == (5, 4)
    assert game.move_hole("d") == (8, 5)
    assert game.is_solved() and game.move_count == 3


@pytest.mark.parametrize(
    "hole, direction, message",
    [(0, "u", "cannot move .u. .up."), (0, "l", "cannot move .l. .left."),
     (8, "d", "cannot move .d. .down."), (8, "r", "cannot move .r. .right.")],
)
def test_move_hole_off_the_board_is_an_error(hole, direction, message):
    board = [1, 2, 3, 4, 5, 6, 7, 8]
    board.insert(hole, 0)
    game = SlidingPuzzleGame(board=board if is_solvable(board) else _swap_first_two(board))
    with pytest.raises(ValueError, match=message):
        game.move_hole(direction)
    assert game.move_count == 0


def _swap_first_two(board):
    tiles = [i for i, tile in enumerate(board) if tile]
    board = list(board)
    board[tiles[0]], board[tiles[1]] = board[tiles[1]], board[tiles[0]]
    return board


def test_move_hole_unknown_direction():
    with pytest.raises(ValueError, match="direction must be one of"):
        SlidingPuzzleGame().move_hole("x")


def test_move_tile():
    game = SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
    assert game.move_tile(0, 0) is None and game.move_count == 0
    assert game.move_tile(2, 1) is None  # the hole itself
    assert game.move_tile(1, 1) == 7
    assert game.board == (1, 2, 3, 4, 0, 6, 7, 5, 8) and game.move_count == 1
    for row, col in [(3, 0), (0, 3), (-1, 0)]:
        with pytest.raises(ValueError, match=r"(row|col) \(on the board, a row or column\) must be from 0 to 2"):
            game.move_tile(row, col)
    with pytest.raises(TypeError):
        game.move_tile(1.0, 1)


def test_move_tile_by_index_does_not_wrap_rows():
    game = SlidingPuzzleGame(board=(1, 2, 0, 3, 4, 5, 6, 7, 8))
    assert game.move_tile_by_index(3) is None  # index 3 is next to index 2 in the list, not on the board
    assert game.move_tile_by_index(1) == 2
    for index in (-1, 9):
        with pytest.raises(ValueError, match=r"index \(on the board, a cell\) must be from 0 to 8"):
            game.move_tile_by_index(index)


def test_click_storm_keeps_the_board_legal_and_the_count_exact():
    rng = random.Random(0)
    game = SlidingPuzzleGame(size=4, seed=1)
    game.shuffle()
    made = 0
    for _ in range(5000):
        if rng.random() < 0.5:
            made += game.move_tile_by_index(rng.randrange(16)) is not None
        else:
            direction = rng.choice("urdl")
            if _can(game, direction):
                game.move_hole(direction)
                made += 1
            else:
                with pytest.raises(ValueError):
                    game.move_hole(direction)
    assert game.move_count == made
    assert sorted(game.board) == list(range(16)) and is_solvable(game.board)


def test_reset_goes_back_to_the_start():
    game = SlidingPuzzleGame(seed=2)
    start = game.shuffle()
    game.move_hole([d for d in "urdl" if _can(game, d)][0])
    assert game.reset() == start and game.move_count == 0


def test_board_is_checked():
    with pytest.raises(ValueError, match="parity"):
        SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 8, 7, 0))
    with pytest.raises(ValueError, match="board has 8 cells"):
        SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0))
    with pytest.raises(ValueError, match="goal is 3x3 but size is 4"):
        SlidingPuzzleGame(size=4, goal=GOAL)


def test_other_sizes_and_the_sun_moon_board():
    game = SlidingPuzzleGame(size=5, seed=4)
    assert sorted(game.shuffle()) == list(range(25))
    sun_moon = SlidingPuzzleGame(board=SUN_MOON_START, goal=SUN_MOON_GOAL, seed=0)
    assert not sun_moon.is_solved()
    assert sun_moon.move_hole("l") == (6, 7)
    assert sorted(sun_moon.shuffle()) == sorted(SUN_MOON_GOAL)


def test_count_transpositions_matches_the_seed():
    assert SlidingPuzzleGame.count_transpositions([1, 3, 4, 2, 0, 7, 5, 8, 6]) == 5
    assert SlidingPuzzleGame.count_transpositions(GOAL) == 0
    with pytest.raises(ValueError):
        SlidingPuzzleGame.count_transpositions([1, 2, 3])


def test_repr_and_picture():
    game = SlidingPuzzleGame()
    assert repr(game) == "SlidingPuzzleGame(size=3, board=(1, 2, 3, 4, 5, 6, 7, 8, 0), move_count=0)"
    assert game._repr_svg_().startswith("<svg")


def test_setting_the_board_starts_a_new_game():
    game = SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
    game.move_hole("l")
    game.board = (1, 2, 3, 4, 5, 6, 0, 7, 8)
    assert game.move_count == 0 and game.reset() == (1, 2, 3, 4, 5, 6, 0, 7, 8)


def test_a_board_of_another_size_names_the_size_to_pass():
    with pytest.raises(ValueError, match="board is 4x4 but size is 3; pass size=4"):
        SlidingPuzzleGame(board=default_goal(4))
    assert SlidingPuzzleGame(size=4, board=default_goal(4)).is_solved()

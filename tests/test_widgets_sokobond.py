"""Tests for the Sokobond widget, `SokobondBoard`, driven from Python through its buttons, key box and ticks.

No browser here: `button.click()` runs a button's handlers, setting `play.value` is a tick of the
animation. tests/browser/test_sokobond_browser.py plays the same board in JupyterLab.
"""

import random

import pytest

from puzzlekit.interfaces.widgets import GridPuzzleWidget, SokobondBoard
from puzzlekit.sokobond import SokobondGame, initial_state, levels, load_level, move, parse_level

WATER = "#######\n#h..O.#\n#...H.#\n#######"


def pressed(board):
    """The arrows coloured by a hint."""
    return [direction for direction, button in board.arrows.items() if button.button_style == "success"]


def test_a_new_board_shows_the_first_level_with_a_picture_and_a_menu():
    board = SokobondBoard()
    assert isinstance(board, GridPuzzleWidget)
    assert board.game.level == load_level("first") and board.state == initial_state(load_level("first"))
    assert board.picture.value.startswith("<svg") and board.counter.value == "Moves: 0"
    assert board.level_choice.value == "first" and [value for _, value in board.level_choice.options] == levels()
    assert "puzzlekit-board" in board._dom_classes and "puzzlekit-keys" in board.key_box._dom_classes
    assert board.message.value.startswith("First steps") and "5 moves" in board.message.value
    assert repr(board).endswith(": 0 moves>")


def test_the_arrows_move_the_molecule_and_the_counter_counts():
    board = SokobondBoard(WATER)
    level = board.game.level
    before = board.state
    picture = board.picture.value
    board.arrows["r"].click()
    assert board.state == move(level, before, "r") and board.counter.value == "Moves: 1"
    assert board.picture.value != picture
    board.arrows["u"].click()   # the top wall
    assert board.move_count == 1 and board.message.value == "A wall stops your molecule: it cannot move up."


def test_undo_and_reset():
    board = SokobondBoard("water")
    start = board.state
    board.arrows["r"].click()
    board.arrows["d"].click()
    board.undo_button.click()
    assert board.move_count == 1 and board.game.moves == ["r"] and board.message.value == "One move taken back."
    board.reset_button.click()
    assert board.state == start and board.counter.value == "Moves: 0"
    board.undo_button.click()
    assert board.message.value == "No move to take back."


def test_solving_by_hand_says_so():
    board = SokobondBoard(WATER)
    assert board.level_choice.value == "" and board.level_choice.label == "your level"
    board.arrows["r"].click()
    board.arrows["r"].click()
    assert board.solved and board.message.value == "Solved in 2 moves!"


def test_a_dead_state_is_named():
    board = SokobondBoard("first")
    board.arrows["r"].click()
    board.arrows["d"].click()   # h bonds the H below it: a closed pair, the O can never join
    assert board.game.is_dead() and "cannot be solved from here" in board.message.value
    board.hint_button.click()
    assert board.message.value == "No solution from here: a closed molecule is left out. Undo!" and not pressed(board)


def test_the_key_box_plays_the_keys_typed_once_each():
    board = SokobondBoard("water")
    board.key_box.value = "r"
    board.key_box.value = "rd"            # one more key: only the new one acts
    assert board.game.moves == ["r", "d"]
    board.key_box.value = "rdz"           # z undoes
    assert board.game.moves == ["r"]
    board.key_box.value = "rz"            # a key deleted in the box does nothing
    assert board.game.moves == ["r"]
    board.key_box.value = "Xrz"           # typed at the front: x resets (case does not matter)
    assert board.move_count == 0
    board.key_box.value = "Xrz h"
    assert board.message.value.startswith("Hint: move ") and len(pressed(board)) == 1
    board.key_box.value = "Xrz h!"
    assert board.message.value.startswith("'!' is not a key of the game.")
    with pytest.raises(TypeError, match="text must be a str"):
        board.type_keys(3)


def test_hint_colours_the_arrow_of_a_shortest_solution_and_following_hints_solves():
    board = SokobondBoard("peroxide")
    shortest = board.game.level.shortest
    for left in range(shortest, 0, -1):
        board.hint_button.click()
        assert board.message.value.endswith(f"{left} moves to go (A*, a shortest path).")
        (direction,) = pressed(board)
        board.arrows[direction].click()
        assert not pressed(board)
    assert board.solved and board.message.value == f"Solved in {shortest} moves! The fewest possible!"
    board.hint_button.click()
    assert board.message.value == "Already solved. Pick another level, or Reset."


def test_solve_plays_a_shortest_solution_tick_by_tick():
    board = SokobondBoard("long_way")
    board.solve_button.click()
    shortest = board.game.level.shortest
    assert board.message.value == f"Solving: {shortest} moves (A*, a shortest path). Stop halts it."
    assert board.play.playing and len(board.planned_moves) == shortest
    for tick in range(1, shortest + 1):
        board.play.value = tick     # a tick of the Play widget in the browser
        assert board.move_count == tick
    assert board.solved and board.message.value == f"Solved in {shortest} moves, all by A*."
    assert not board.play.playing


def test_stop_and_a_click_halt_the_solution():
    board = SokobondBoard("long_way")
    board.solve_button.click()
    board.step()
    board.stop_button.click()
    assert board.message.value.startswith("Stopped after 1 of ") and board.move_count == 1
    board.solve_button.click()
    board.step()
    board.arrows["l"].click()       # a click of the reader's stops it too
    assert board.planned_moves == () and not board.step()


def test_the_level_menu_starts_another_level():
    board = SokobondBoard()
    board.arrows["r"].click()
    board.level_choice.value = "ammonia"
    assert board.game.level == load_level("ammonia") and board.move_count == 0 and board.counter.value == "Moves: 0"
    assert board.message.value.startswith(load_level("ammonia").title)
    board.choose("first")
    assert board.level_choice.value == "first" and board.game.level == load_level("first")
    own = SokobondBoard(WATER)
    own.arrows["r"].click()
    own.level_choice.value = "pair"
    own.level_choice.value = ""      # back to the level it was given, from its start
    assert own.game.level == parse_level(WATER) and own.move_count == 0
    board.arrows["r"].click()
    board.choose("first")           # the same level again: back to its start
    assert board.move_count == 0
    with pytest.raises(ValueError, match="no shipped Sokobond level is called 'last'"):
        board.choose("last")


def test_a_search_limit_is_a_message_not_an_error():
    board = SokobondBoard("workshop", max_expanded=50)
    board.hint_button.click()
    assert board.message.value == "No solution found within the limits (50 states, 10 s)."
    board.solve_button.click()
    assert not board.play.playing


def test_an_unsolvable_level_says_so():
    board = SokobondBoard("#####\n#hH.#\n#.H.#\n#####")   # h-H is closed at the start
    board.solve_button.click()
    assert "No solution from here" in board.message.value and not board.play.playing


@pytest.mark.parametrize("options, error, message", [
    ({"level": 3}, TypeError, "level must be a shipped level's name"),
    ({"level": "last"}, ValueError, "no shipped Sokobond level is called 'last'"),
    ({"level": "#####\n#HH.#\n#####"}, ValueError, "player"),
    ({"cell": 2}, ValueError, "cell"),
    ({"cell": 40.0}, TypeError, "cell"),
    ({"speed": 0}, ValueError, "speed"),
    ({"max_seconds": float("nan")}, ValueError, "max_seconds"),
    ({"max_seconds": 0}, ValueError, "max_seconds"),
    ({"max_expanded": 0}, ValueError, "max_expanded"),
])
def test_bad_arguments_are_refused(options, error, message):
    with pytest.raises(error, match=message):
        SokobondBoard(**options)


def test_huge_limits_do_not_overflow():
    board = SokobondBoard("pair", max_seconds=10**400, max_expanded=10**12)
    board.hint_button.click()
    assert board.message.value.startswith("Hint: move ")


def test_a_storm_of_random_presses_never_raises_and_keeps_the_game_consistent():
    rng = random.Random(11)
    board = SokobondBoard("first", max_expanded=2000)
    actions = [
        lambda: board.press(rng.choice("urdl")),
        board.undo, board.reset, board.hint, board.solve, board.stop, board.step,
        lambda: board.type_keys("".join(rng.choice("urdlzxh? ") for _ in range(rng.randint(1, 4)))),
        lambda: setattr(board.key_box, "value", board.key_box.value + rng.choice("urdlz")),
        lambda: setattr(board.key_box, "value", board.key_box.value[:-1]),
        lambda: setattr(board.play, "value", board.play.value + 1),
        lambda: board.choose(rng.choice(["first", "pair", "water", "scissors", "peroxide"])),
    ]
    for _ in range(600):
        rng.choice(actions)()
        game = board.game
        replay = SokobondGame(game.level)
        for direction in game.moves:
            assert replay.move(direction)
        assert replay.state == board.state
        assert board.counter.value == f"Moves: {game.move_count}"
        assert board.solved == game.is_solved()


def test_the_board_is_exported_lazily():
    import puzzlekit

    assert puzzlekit.SokobondBoard is SokobondBoard and "SokobondBoard" in puzzlekit.__all__
    assert parse_level(WATER).player == 0

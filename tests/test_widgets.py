"""Tests for puzzlekit.interfaces.widgets, driven from Python through their buttons, dropdowns and ticks, as readers do.

No browser here: `button.click()` runs a button's handlers, setting `play.value` is a tick of the
animation. tests/browser/ checks the same boards in JupyterLab.
"""

import random
import re
import subprocess
import sys
import zlib

import pytest

from puzzlekit import (
    SUN_MOON_GOAL,
    SUN_MOON_START,
    SlidingPuzzleGame,
    default_goal,
    is_solvable,
    move,
    random_board,
    slide,
    successors,
)
from puzzlekit.interfaces.widgets import (
    NO_TEXT,
    GridPuzzleWidget,
    PuzzleBoard,
    QLearningView,
    SearchExplorer,
    picture,
    play,
)
from puzzlekit.learning.qtable import load_table
from puzzlekit.learning.tabular import Solver
from puzzlekit.sliding.display import COLOURS
from puzzlekit.sliding.distances import distance_table, rank

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
HIGHLIGHT = COLOURS.highlight


@pytest.fixture(scope="module")
def distances():
    return distance_table()


def shown(board):
    """The board as the buttons show it: numbers, and a no-break space for the blank."""
    return tuple(0 if cell.description == NO_TEXT else int(cell.description) for cell in board.cells)


def highlighted(board):
    return [index for index, cell in enumerate(board.cells) if cell.style.button_color == HIGHLIGHT]


# --- Playing by hand ---------------------------------------------------------------------------------


def test_a_new_board_is_the_seeded_shuffle_and_shows_it():
    board = PuzzleBoard(seed=1)
    assert board.board == SlidingPuzzleGame(seed=1).shuffle() == random_board(3, seed=1)
    assert shown(board) == board.board and board.counter.value == "Moves: 0"
    assert board.message.value == "Click a tile next to the blank to slide it."
    assert repr(board) == "PuzzleBoard(size=3, board=(6, 7, 8, 5, 4, 1, 0, 2, 3), move_count=0)"
    assert PuzzleBoard(seed=1).board == board.board and PuzzleBoard(seed=2).board != board.board


def test_clicking_a_tile_next_to_the_blank_slides_it():
    board = PuzzleBoard(board=(1, 3, 2, 5, 7, 4, 0, 8, 6) if is_solvable((1, 3, 2, 5, 7, 4, 0, 8, 6))
                        else (3, 1, 2, 5, 7, 4, 0, 8, 6))
    before = board.board
    board.cells[3].click()  # the tile above the blank
    assert board.board == move(before, before[3]) and shown(board) == board.board
    assert board.counter.value == "Moves: 1" and board.message.value == ""


def test_a_tile_away_from_the_blank_does_not_move_and_says_which_can():
    board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 0, 7, 8))
    board.cells[0].click()
    assert board.board == (1, 2, 3, 4, 5, 6, 0, 7, 8) and board.move_count == 0
    assert board.message.value == "Tile 1 is not next to the blank; the tiles that can slide: 4, 7."
    board.cells[6].click()
    assert board.message.value == "That is the blank. Click a tile next to it: 4, 7." and board.move_count == 0


def test_solving_by_hand_says_so():
    board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 0, 7, 8))
    board.cells[7].click()
    board.cells[8].click()
    assert board.solved and board.board == GOAL
    assert board.message.value == "Solved in 2 moves! Shuffle for a new game."
    board.hint_button.click()
    assert board.message.value == "Already solved. Shuffle for a new game."
    board.solve_button.click()
    assert board.message.value == "Already solved. Shuffle for a new game." and not board.play.playing


def test_shuffle_is_seeded_solvable_and_resets_the_counter():
    one, two = PuzzleBoard(seed=5), PuzzleBoard(seed=5)
    deals = []
    for _ in range(5):
        one.cells[moves_cell(one)].click()
        one.shuffle_button.click()
        assert one.move_count == 0 and one.counter.value == "Moves: 0"
        assert is_solvable(one.board) and not one.solved and shown(one) == one.board
        deals.append(one.board)
    assert deals == [two.shuffle() for _ in range(5)]


def moves_cell(board):
    """The index of some tile that can slide."""
    return slide(board.board, successors(board.board)[0][0]).index(0)


def test_reset_returns_to_the_start_of_the_game():
    board = PuzzleBoard(seed=3)
    start = board.board
    for _ in range(3):
        board.cells[moves_cell(board)].click()
    assert board.move_count == 3
    board.reset_button.click()
    assert board.board == start and board.move_count == 0 and board.message.value == "Back to the start of this game."


def test_setting_the_board_from_code_starts_a_new_game():
    board = PuzzleBoard(seed=0)
    board.board = (1, 2, 3, 4, 5, 6, 7, 0, 8)
    assert shown(board) == (1, 2, 3, 4, 5, 6, 7, 0, 8) and board.move_count == 0
    board.board = default_goal(4)[:-2] + (0, 15)
    assert board.game.size == 4 and len(board.cells) == 16 and board.size_choice.value == 4
    with pytest.raises(ValueError, match="parity"):
        board.board = (1, 2, 3, 4, 5, 6, 8, 7, 0)


# --- Hints and solutions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("source", ["astar", "qtable"])
def test_following_the_hints_solves_in_the_fewest_moves(source, distances):
    for seed in range(4):
        board = PuzzleBoard(seed=seed, hints=source)
        fewest = int(distances[rank(board.board)])
        for _ in range(fewest):
            action = board.hint()
            [index] = highlighted(board)
            assert index == slide(board.board, action).index(0)
            board.cells[index].click()
            assert highlighted(board) == []
        assert board.solved and board.move_count == fewest


def test_hint_messages_name_the_tile_the_direction_and_the_source():
    board = PuzzleBoard(board=(1, 2, 3, 4, 0, 6, 7, 5, 8))
    board.hint_button.click()
    assert board.message.value == "Hint: slide tile 5 up; 2 moves to go (A*, a shortest path)."
    board.hint_choice.value = "qtable"
    board.hint_button.click()
    assert board.message.value == "Hint: slide tile 5 up (the greedy move of the Q-table)."
    assert [label for label, _ in board.hint_choice.options] == ["A*", "Q-table"]


def test_solve_plays_a_shortest_solution_one_tick_at_a_time(distances):
    board = PuzzleBoard(seed=11)
    fewest = int(distances[rank(board.board)])
    board.cells[moves_cell(board)].click()  # one move of our own first
    after_ours = int(distances[rank(board.board)])
    board.solve_button.click()
    assert board.play.playing and not board.stop_button.disabled
    assert board.message.value == f"Solving: {after_ours} moves (A*, a shortest path). Stop halts it."
    for tick in range(1, after_ours + 1):
        before = board.board
        board.play.value += 1  # what the Play widget does in the browser
        assert board.board in [child for _, child in successors(before)]
        assert board.move_count == 1 + tick and shown(board) == board.board
    assert board.solved and not board.play.playing and board.stop_button.disabled
    assert board.message.value == f"Solved in {after_ours + 1} moves: 1 yours, then {after_ours} by A*."
    assert after_ours in (fewest - 1, fewest + 1)
    board.play.value += 1  # a late tick from the browser does nothing
    assert board.solved and board.move_count == after_ours + 1


def test_stop_and_a_click_both_halt_the_solution():
    board = PuzzleBoard(seed=4)
    board.solve_button.click()
    board.step()
    board.step()
    board.stop_button.click()
    assert board.move_count == 2 and not board.play.playing
    assert re.fullmatch(r"Stopped after 2 of \d+ moves\.", board.message.value)
    board.play.value += 1
    assert board.move_count == 2  # no plan, no move
    board.solve_button.click()
    board.step()
    board.cells[moves_cell(board)].click()  # the reader takes over
    assert board.move_count == 4 and not board.play.playing and board.step() is False


def test_the_speed_sets_the_ticks():
    board = PuzzleBoard()
    board.speed.value = 10
    assert board.play.interval == 100
    board.speed.value = 2
    board.solve_button.click()
    assert board.play.interval == 500


def test_a_board_changed_by_code_drops_the_solution():
    board = PuzzleBoard(seed=1)
    board.solve()
    board.game.move_hole(successors(board.board)[0][0])  # behind the widget's back
    assert board.step() is False and not board.play.playing


def test_solve_from_the_shipped_table_is_the_solvers_play(distances):
    solver = Solver()
    for seed in range(3):
        board = PuzzleBoard(seed=seed, hints="qtable")
        start = board.board
        board.solve()
        assert list(board.planned_moves) == solver.solve(start)
        assert board.message.value.startswith("Playing the greedy policy of the Q-table: ")
        while board.step():
            pass
        assert board.solved and board.move_count == distances[rank(start)]
        assert board.message.value == f"Solved in {board.move_count} moves, all by the Q-table."


def test_a_table_that_does_not_reach_the_goal_is_played_and_said_so():
    import numpy as np

    q = np.where(load_table()[0] > -np.inf, 0.0, -np.inf)  # untrained: every legal move worth 0
    board = PuzzleBoard(seed=0)
    board.use_table(q, "untrained")
    assert board.hint_choice.value == "untrained"
    board.solve()
    assert len(board.planned_moves) == 100 and "does not reach the goal in 100 moves" in board.message.value
    while board.step():
        pass
    assert board.move_count == 100 and board.message.value == "The policy made 100 moves without reaching the goal."
    with pytest.raises(ValueError, match="shape"):
        board.use_table(q[:10])
    with pytest.raises(ValueError, match="another puzzle"):
        PuzzleBoard(4).use_table(q)


def test_big_boards_fall_back_to_weighted_astar_within_the_limit():
    board = PuzzleBoard(4, seed=0, max_expanded=3000)
    board.hint_button.click()
    assert board.message.value.startswith("No shortest path within the limit (A* stopped after ")
    assert "and 3,000 boards expanded" in board.message.value  # the limit, counted, stopped A*
    assert "Weighted A*, faster but not always shortest, suggests: slide tile " in board.message.value
    [index] = highlighted(board)
    board.cells[index].click()
    board.hint_button.click()  # on the path found: no second search
    assert "Weighted A*" in board.message.value and board.sources.planner.searches == 1
    board.solve_button.click()
    assert "Playing weighted A*'s path instead" in board.message.value
    while board.step():
        pass
    assert board.solved


def test_no_hint_within_the_limit_says_so():
    board = PuzzleBoard(5, seed=1, max_expanded=50)
    board.hint_button.click()
    assert board.message.value.startswith("No hint within the limit: A* stopped after ")
    assert highlighted(board) == [] and board.move_count == 0
    board.solve_button.click()
    assert board.message.value.startswith("No hint within the limit") and not board.play.playing


def test_a_big_board_near_the_goal_gets_a_shortest_hint():
    board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15))
    board.hint_button.click()
    assert board.message.value == "Hint: slide tile 15 left; 1 move to go (A*, a shortest path)."


# --- Sizes, pictures, sun and moon -------------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 5, 3])
def test_the_size_menu_deals_a_board_of_that_size(size):
    board = PuzzleBoard(seed=0)
    board.size_choice.value = 5 if size == 3 else size
    board.size_choice.value = size
    assert board.game.size == size and len(board.cells) == size * size
    assert board.grid.layout.grid_template_columns.startswith(f"repeat({size},")
    assert shown(board) == board.board and is_solvable(board.board) and board.move_count == 0
    assert [option for _, option in board.size_choice.options] == [3, 4, 5]
    assert board.hint_choice.layout.display == ("none" if size != 3 else None)


def test_picture_mode_gives_each_tile_its_piece_of_the_picture():
    board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8), picture=True)
    css = board.style_html.value
    prefix = board.css_prefix
    assert 'background-image: url("data:image/svg+xml;base64,' in css
    assert f".{prefix}-grid .{prefix}-t1 {{ background-position: 0% 0% !important; }}" in css
    assert f".{prefix}-grid .{prefix}-t8 {{ background-position: 50% 100% !important; }}" in css
    assert f".{prefix}-grid .{prefix}-t0 {{ background-position: 100% 100% !important; }}" in css
    pieces = [[c for c in cell._dom_classes if c.startswith(f"{prefix}-t")] for cell in board.cells]
    assert pieces == [[f"{prefix}-t{tile}"] for tile in (1, 2, 3, 4, 5, 6, 7)] + [[], [f"{prefix}-t8"]]
    board.cells[8].click()  # solved: the missing piece comes back
    pieces = [[c for c in cell._dom_classes if c.startswith(f"{prefix}-t")] for cell in board.cells]
    assert pieces == [[f"{prefix}-t{tile}"] for tile in GOAL]
    assert board.goal_picture.value.count("<img") == 1


def test_picture_mode_without_numbers_and_other_sizes():
    board = PuzzleBoard(seed=2, picture=True, numbers=False)
    assert all(cell.description == NO_TEXT for cell in board.cells)
    board.size_choice.value = 4
    assert "background-size: 400% 400%" in board.style_html.value and len(board.cells) == 16
    assert f"{board.css_prefix}-t15" in board.style_html.value


def test_picture_mode_takes_an_image_file(tmp_path):
    png = tmp_path / "red.png"
    png.write_bytes(_png(2, 3))
    board = PuzzleBoard(seed=0, picture=png)
    assert "xMidYMid slice" in _decoded_picture(board)  # cropped to its middle square by the browser
    assert "data:image/png;base64," in _decoded_picture(board)
    jpeg = tmp_path / "photo.jpg"
    jpeg.write_bytes(b"\xff\xd8\xff\xe0" + bytes(100))
    assert "data:image/jpeg;base64," in _decoded_picture(PuzzleBoard(seed=0, picture=str(jpeg)))
    assert "data:image/png;base64," in _decoded_picture(PuzzleBoard(seed=0, picture=_png(1, 1)))
    (tmp_path / "notes.txt").write_text("not a picture")
    with pytest.raises(ValueError, match="is not a PNG, JPEG, GIF, WebP or SVG image"):
        PuzzleBoard(picture=tmp_path / "notes.txt")
    with pytest.raises(FileNotFoundError, match="no image file"):
        PuzzleBoard(picture=tmp_path / "missing.png")
    with pytest.raises(ValueError, match="picture mode needs numbered tiles"):
        PuzzleBoard.sun_moon(picture=True)


def _png(width, height):
    """A small red PNG, written by hand: signature, IHDR, IDAT, IEND."""
    def chunk(kind, data):
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def _decoded_picture(board):
    import base64

    encoded = re.search(r'url\("data:image/svg\+xml;base64,([^"]+)"\)', board.style_html.value).group(1)
    return base64.b64decode(encoded).decode()


def test_the_course_picture_is_a_square_svg_shipped_as_a_file():
    from importlib import resources

    svg = picture()
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"') and svg.endswith("</svg>")
    assert svg == resources.files("puzzlekit.interfaces.widgets").joinpath("landscape.svg").read_text().strip()
    assert svg.count("<circle") > 10  # the sun and the flowers: a picture, not an empty frame


def test_the_sun_moon_board_shows_its_symbols_and_its_goal(distances):
    board = PuzzleBoard.sun_moon()
    assert board.board == SUN_MOON_START and board.hint_choice.layout.display == "none"
    assert [cell.description for cell in board.cells] == ["☼", "☼", "☼", "☾", "☼", "☾", "☾", NO_TEXT, "☾"]
    assert {cell.style.text_color for cell in board.cells if cell.description == "☼"} == {"#f2b705"}
    assert "<svg" in board.goal_picture.value
    board.cells[0].click()
    assert board.message.value == "That ☼ is not next to the blank; click one that is: ☼, ☾, ☾."
    board.hint_button.click()
    assert board.message.value.startswith("Hint: slide the ") and "13 moves to go" in board.message.value
    board.solve_button.click()
    while board.step():
        pass
    assert board.board == SUN_MOON_GOAL and board.move_count == 13
    board.shuffle_button.click()
    assert sorted(board.board) == sorted(SUN_MOON_GOAL) and board.board != SUN_MOON_GOAL


def test_play_is_a_shuffled_board():
    board = play(seed=3)
    assert isinstance(board, PuzzleBoard) and board.board == PuzzleBoard(seed=3).board


# --- The storm -------------------------------------------------------------------------------------------


def storm(board, presses, rng, buttons):
    """Press at random: mostly tiles, then buttons and ticks; check the board and the count after each press.

    Returns the board and how many moves the solver made on ticks.
    """
    start, count, by_solver = board.board, board.move_count, 0
    for _ in range(presses):
        before = board.board
        what = rng.random()
        if board.play.playing and what < 0.5:  # while a solution plays, the browser ticks often
            what, name = 1.0, "tick"
        else:
            name = rng.choice(buttons)
        if what < 0.80:
            index = rng.randrange(len(before))
            board.cells[index].click()
            tile = before[index]
            if tile != 0 and index in [slide(before, d).index(0) for d, _ in successors(before)]:
                count += 1
                assert board.board == _swap(before, index, before.index(0))
            else:
                assert board.board == before
        else:
            if name == "tick":
                board.play.value += 1
                if board.board != before:
                    count += 1
                    by_solver += 1
                    assert board.board in [child for _, child in successors(before)]
            elif name == "shuffle":
                board.shuffle_button.click()
                start, count = board.board, 0
            elif name == "reset":
                board.reset_button.click()
                assert board.board == start
                count = 0
            else:
                getattr(board, f"{name}_button").click()
                assert board.board == before
        assert board.move_count == count and board.counter.value == f"Moves: {count}"
        assert sorted(board.board) == sorted(board.game.goal) and is_solvable(board.board, board.game.goal)
        assert len(board.cells) == len(board.board)
    return board, by_solver


def _swap(board, i, j):
    cells = list(board)
    cells[i], cells[j] = cells[j], cells[i]
    return tuple(cells)


def test_a_storm_of_ten_thousand_presses_keeps_the_board_legal_and_the_count_exact():
    rng = random.Random(2024)
    board = PuzzleBoard(seed=7)
    buttons = ["tick"] * 8 + ["shuffle", "reset", "hint", "solve", "solve", "stop"]
    board, by_solver = storm(board, 10_000, rng, buttons)
    assert shown(board) == board.board and by_solver > 100


def test_storms_on_a_picture_board_of_4x4_and_on_sun_moon():
    rng = random.Random(7)
    buttons = ["tick"] * 4 + ["shuffle", "reset", "hint", "solve", "stop"]
    picture_board, _ = storm(PuzzleBoard(4, seed=3, picture=True, max_expanded=2000), 1500, rng, buttons)
    prefix = picture_board.css_prefix
    for value, cell in zip(picture_board.board, picture_board.cells):
        pieces = [c for c in cell._dom_classes if c.startswith(f"{prefix}-t")]
        assert pieces == ([f"{prefix}-t{value}"] if value or picture_board.solved else [])
    sun_moon, by_solver = storm(PuzzleBoard.sun_moon(seed=2), 1500, rng, buttons)
    assert by_solver > 10


# --- The search explorer ---------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["breadth_first", "depth_first", "astar", "greedy", "weighted_astar"])
def test_explorer_frames_follow_the_search(method):
    explorer = SearchExplorer(method=method, max_expanded=20_000)
    result = explorer.result
    expands = [frame for frame in explorer.frames if frame.kind == "expand"]
    assert len(expands) == result.expanded
    assert [frame.expanded for frame in expands] == list(range(1, result.expanded + 1))
    assert max(frame.frontier for frame in expands) == result.max_frontier  # the frontier, counted from the events
    path = [frame.board for frame in explorer.frames if frame.kind == "path"]
    assert path == result.path[1:] and path[-1] == GOAL
    assert explorer.frames[-len(path) - 1].kind == "found"
    assert explorer.frame.max == len(explorer.frames) - 1
    assert explorer.heuristic_choice.disabled == (method in ("breadth_first", "depth_first"))


def test_explorer_steps_back_and_plays():
    explorer = SearchExplorer(method="astar", heuristic="misplaced")
    first = explorer.picture.value
    assert explorer.stats.value.startswith("Step 1 of ") and "(h = 6, f = 6)" in explorer.stats.value
    explorer.step_button.click()
    assert explorer.frame.value == 1 and explorer.picture.value != first
    explorer.back_button.click()
    assert explorer.frame.value == 0 and explorer.picture.value == first
    explorer.play_button.click()
    assert explorer.play.playing and explorer.play_button.description == "pause"
    for _ in range(explorer.frame.max + 3):
        explorer.play.value += 1  # the browser's ticks; those after the last step stop the play
    assert explorer.frame.value == explorer.frame.max and not explorer.play.playing
    assert explorer.stats.value.startswith("The path found, move 6 of 6")
    explorer.play_button.click()  # from the end, play starts over
    assert explorer.frame.value == 0 and explorer.play.playing


def test_explorer_reruns_on_every_choice():
    explorer = SearchExplorer()
    explorer.start_choice.value = "12 moves: 4 1 6 / 7 _ 2 / 5 3 8"
    assert explorer.result.length == 12 and explorer.frame.value == 0
    explorer.method_choice.value = "iterative_deepening"
    assert explorer.result.method == "iterative_deepening" and explorer.result.length == 12
    deepen = [frame for frame in explorer.frames if frame.kind == "deepen"]
    assert [frame.bound for frame in deepen] == list(range(13))
    explorer.frame.value = 2
    assert "On the path:" in explorer.stats.value or "new iteration" in explorer.stats.value
    explorer.method_choice.value = "ida_star"
    assert explorer.frames[0].kind == "deepen" and "bound on f" in explorer.stats.value


def test_explorer_says_when_the_limit_stops_the_search():
    explorer = SearchExplorer(start=(8, 6, 7, 2, 5, 4, 3, 0, 1), method="breadth_first", max_expanded=300)
    assert explorer.start_choice.value == "your board: 8 6 7 / 2 5 4 / 3 _ 1"
    assert explorer.result.status == "max_expanded"
    assert explorer.summary.value == ("breadth-first stopped at the limit of 300 boards expanded without reaching "
                                      "the goal: try A* or a better heuristic.")
    assert all(frame.kind == "expand" for frame in explorer.frames)


def test_explorer_shows_the_error_of_a_heuristic_that_does_not_fit():
    explorer = SearchExplorer(heuristic="linear_conflict")
    explorer.start_choice.value = "sun and moon: 13 moves"
    assert explorer.result is None and "linear_conflict needs numbered tiles" in explorer.stats.value
    explorer.heuristic_choice.value = "manhattan"
    assert explorer.result.length == 13
    assert repr(explorer).startswith("SearchExplorer(start=(1, 1, 1, 2, 1, 2, 2, 0, 2), method='astar'")


def test_explorer_checks_its_arguments():
    with pytest.raises(ValueError, match="method must be one of 'astar'.*; got 'bfs'"):
        SearchExplorer(method="bfs")
    with pytest.raises(ValueError, match="heuristic must be one of 'misplaced'.*; got 'euclid'"):
        SearchExplorer(heuristic="euclid")
    with pytest.raises(ValueError, match="parity"):
        SearchExplorer(start=(1, 2, 3, 4, 5, 6, 8, 7, 0))


# --- The Q-learning view ---------------------------------------------------------------------------------


def test_training_draws_a_curve_and_the_board_plays_the_table():
    view = QLearningView(size=2, seed=1)
    view.episodes.value = 2000
    view.stop_when_optimal.value = False
    view.train_button.click()
    episodes = [episodes for episodes, _ in view.curve_points]
    assert episodes == [0] + list(range(64, 2000, 64)) + [2000]
    assert view.curve_points[-1][1] == 100.0 and view.curve.value.count("<polyline") == 1
    assert view.board.hint_choice.value == "trained"
    assert repr(view) == "QLearningView(size=2, trained on 2,000 episodes)"
    board = view.board
    board.solve_button.click()
    while board.step():
        pass
    assert board.solved and board.message.value.endswith("by the Q-table (trained).")


def test_training_the_8_puzzle_a_little():
    view = QLearningView(seed=3)
    view.episodes.value = 65_536
    view.train_button.click()
    assert len(view.curve_points) == 2 and 0 < view.curve_points[1][1] < 100
    assert view.progress.value.startswith("65,536 episodes: the greedy move is a shortest one on ")
    assert view.board.hint_choice.options[-1] == ("Q-table (trained)", "trained")
    assert view.settings().episodes == 65_536 and view.settings().seed == 3


def test_the_shipped_table_plays_shortest_solutions(distances):
    view = QLearningView(seed=5)
    view.shipped_button.click()
    board = view.board
    assert board.size_choice.layout.display == "none"
    view.start_choice.value = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # the hardest board
    assert board.board == (8, 6, 7, 2, 5, 4, 3, 0, 1) and board.move_count == 0
    board.solve_button.click()
    while board.step():
        pass
    assert board.solved and board.move_count == 31
    view.start_choice.value = None
    start = board.board
    assert start != GOAL
    board.solve_button.click()
    while board.step():
        pass
    assert board.solved and board.move_count == distances[rank(start)]
    with pytest.raises(ValueError, match="too many for a table; Q-tables cover 2x2 and 3x3 boards"):
        QLearningView(size=4)


# --- The package -----------------------------------------------------------------------------------------


def test_the_widgets_load_on_first_use():
    code = ("import sys, puzzlekit; before = 'ipywidgets' in sys.modules; board = puzzlekit.PuzzleBoard(seed=1); "
            "print(before, 'ipywidgets' in sys.modules, board.board)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False True (6, 7, 8, 5, 4, 1, 0, 2, 3)"
    import puzzlekit

    assert puzzlekit.SearchExplorer is SearchExplorer and "QLearningView" in dir(puzzlekit)
    with pytest.raises(AttributeError, match="no attribute 'PuzzleBored'"):
        _ = puzzlekit.PuzzleBored


def test_the_board_checks_its_arguments():
    with pytest.raises(ValueError, match="hints='qtable' needs the 8-puzzle"):
        PuzzleBoard(4, hints="qtable")
    with pytest.raises(ValueError, match="hints must be one of 'astar', 'qtable'"):
        PuzzleBoard(hints="dijkstra")
    with pytest.raises(ValueError, match="parity"):
        PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 8, 7, 0))
    board = PuzzleBoard(seed=0)
    with pytest.raises(ValueError, match="parity"):
        board.board = (2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0)
    assert board.game.size == 3 and len(board.cells) == 9  # a refused board changes nothing
    import numpy

    assert PuzzleBoard(seed=numpy.random.default_rng(1)).board == PuzzleBoard(seed=numpy.random.default_rng(1)).board


def test_every_start_of_the_explorer_is_solved_by_astar_within_the_default_limit():
    explorer = SearchExplorer()
    for start in explorer.starts:
        explorer.start_choice.value = start
        assert explorer.result.found, start


@pytest.mark.parametrize("call, error, words", [
    (lambda: PuzzleBoard(size=2.0), TypeError, "size must be an int"),
    (lambda: PuzzleBoard(size=9), ValueError, "size must be from 2 to 8"),
    (lambda: PuzzleBoard(board=list(range(81))), ValueError, "up to 8x8"),
    (lambda: PuzzleBoard(seed="7"), TypeError, "seed must be"),
    (lambda: PuzzleBoard(numbers="yes"), TypeError, "numbers must be True or False"),
    (lambda: PuzzleBoard(hints=["astar"]), ValueError, "hints must be one of 'astar', 'qtable'"),
    (lambda: PuzzleBoard(max_seconds=float("nan")), ValueError, "max_seconds must be a finite number"),
    (lambda: PuzzleBoard(max_seconds=-1), ValueError, "max_seconds must be more than 0"),
    (lambda: PuzzleBoard(max_expanded=0), ValueError, "max_expanded must be 1 or more"),
    (lambda: PuzzleBoard(picture=3), TypeError, "picture must be True"),
    (lambda: PuzzleBoard.sun_moon(board=GOAL), TypeError, "sun_moon\\(\\) sets board itself"),
    (lambda: PuzzleBoard().use_table("table"), TypeError, "must be a numpy array of floats"),
    (lambda: PuzzleBoard().use_table(load_table()[0], name=3), TypeError, "name must be a non-empty str"),
    (lambda: PuzzleBoard().use_table(load_table()[0], name="astar"), ValueError, "built-in source"),
    (lambda: PuzzleBoard(4).use_shipped_table(), ValueError, "another puzzle"),
    (lambda: SearchExplorer(method=["astar"]), ValueError, "method must be one of .*; got \\['astar'\\]"),
    (lambda: SearchExplorer(heuristic=len), ValueError, "heuristic must be one of"),
    (lambda: SearchExplorer(max_expanded=10**7), ValueError, "max_expanded must be from 1 to 1000000"),
    (lambda: SearchExplorer(goal=GOAL), ValueError, "a goal needs a start board"),
    (lambda: QLearningView(size="3"), TypeError, "size must be an int"),
    (lambda: QLearningView(seed=None), TypeError, "seed must be an int"),
    (lambda: QLearningView(seed=-1), ValueError, "seed must be from 0"),
    (lambda: QLearningView(size=2).use_shipped_table(), ValueError, "covers the 8-puzzle"),
])
def test_bad_arguments_get_a_clear_error(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_a_huge_time_limit_is_no_limit():
    board = PuzzleBoard(board=(1, 2, 3, 4, 5, 6, 7, 0, 8), max_seconds=10**400)
    assert board.hint() == "r"


def test_a_refused_table_changes_nothing():
    board = PuzzleBoard(seed=0)
    with pytest.raises(ValueError):
        board.use_table(load_table()[0] * float("nan"), "broken")
    assert [value for _, value in board.hint_choice.options] == ["astar", "qtable"]


def test_the_board_is_a_grid_puzzle_widget_with_shared_controls():
    board = PuzzleBoard(seed=0)
    assert isinstance(board, GridPuzzleWidget)
    undo = board.add_button("undo", "Undo", "take a move back", lambda: board.say("undone"))
    undo.click()
    assert board.message.value == "undone" and "puzzlekit-undo" in undo._dom_classes
    with pytest.raises(TypeError, match="action must be a function"):
        board.add_button("undo", "Undo", "take a move back", "not callable")
    with pytest.raises(TypeError, match="actions must be a list of moves"):
        board.play_moves("rr", "me", "now")

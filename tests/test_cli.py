"""Tests for the command line: `python -m puzzlekit solve BOARD`, `solve --sokobond LEVEL`, `play`, `train`."""

import io
import subprocess
import sys

import pytest

from puzzlekit import parse_board
from puzzlekit.interfaces.cli import main
from puzzlekit.search import astar_search

HARDEST = "8 6 7 / 2 5 4 / 3 _ 1"


def boards_printed(text: str) -> list[tuple]:
    """Read back the box-drawing boards printed side by side."""
    boards = []
    lines = text.splitlines()
    for top, line in enumerate(lines):
        for column in [i for i, char in enumerate(line) if char == "┏"]:
            end = line.index("┓", column) + 1
            rows = []
            for below in lines[top + 1 :]:
                part = below[column:end]
                rows.append(part)
                if part.startswith("┗"):
                    break
            boards.append(parse_board("\n".join([line[column:end]] + rows)))
    return boards


def test_solve_prints_a_shortest_solution(capsys):
    assert main(["solve", HARDEST]) == 0
    out, err = capsys.readouterr()
    boards = boards_printed(out)
    assert len(boards) == 32
    assert boards[0] == parse_board(HARDEST) and boards[-1] == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert boards == astar_search(parse_board(HARDEST), "manhattan").path
    expanded = astar_search(parse_board(HARDEST), "manhattan").expanded
    assert out.splitlines()[-1] == f"31 moves; {expanded:,} nodes expanded (astar, manhattan)"
    assert err == ""


def test_method_and_heuristic(capsys):
    assert main(["solve", HARDEST, "--method", "ida_star", "--heuristic", "linear_conflict"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("31 moves;")
    assert main(["solve", HARDEST, "--method", "breadth_first"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("31 moves;") and last.endswith("(breadth_first)")
    assert main(["solve", HARDEST, "--method", "weighted_astar", "--weight", "3"]) == 0
    assert "(weighted_astar, manhattan)" in capsys.readouterr().out


def test_sun_moon_with_its_goal(capsys):
    assert main(["solve", "☼ ☼ ☼ / ☾ ☼ ☾ / ☾ _ ☾", "--goal", "_ ☾ ☼ / ☾ ☼ ☾ / ☼ ☾ ☼"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("13 moves;") and "☼" in out


@pytest.mark.parametrize(
    "board, message",
    [
        ("8 6 7 / 2 5 4 / 3 _", "row 3 has 2 cells but row 1 has 3"),
        ("1 2 3 / 4 5 6 / 8 7 _", "cannot reach the goal"),
        ("1 2 3 / 4 x 6 / 7 8 _", "cannot read 'x'"),
        ("☼ ☼ ☼ / ☾ ☼ ☾ / ☾ _ ☾", "no default goal"),
    ],
)
def test_a_bad_board_gets_one_line_and_exit_code_2(board, message, capsys):
    assert main(["solve", board]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and message in err and err.startswith("python -m puzzlekit solve: error:")


def test_a_search_that_meets_its_limit_exits_with_1(capsys):
    assert main(["solve", HARDEST, "--max-expanded", "10"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "stopped (max_expanded) after 10 nodes" in err


def test_run_as_a_module():
    def run(*arguments):
        return subprocess.run([sys.executable, "-m", "puzzlekit", *arguments],
                              capture_output=True, text=True, timeout=60)

    done = run("solve", "8 6 7 / 2 5 4 / 3 _")
    assert done.returncode == 2
    assert done.stdout == "" and len(done.stderr.splitlines()) == 1
    done = run("solve", "1 2 3 / 4 5 6 / _ 7 8")
    assert done.returncode == 0 and done.stdout.splitlines()[-1].startswith("2 moves;")


def test_bad_arguments_exit_with_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["solve", HARDEST, "--method", "dijkstra"])
    assert stop.value.code == 2
    with pytest.raises(SystemExit) as stop:
        main([])
    assert stop.value.code == 2


def test_importing_the_module_runs_nothing(capsys):
    import puzzlekit.__main__  # noqa: F401

    assert capsys.readouterr() == ("", "")


def test_train_as_a_module_writes_an_optimal_table(tmp_path):
    """`python -m puzzlekit train` trains (here the 2x2 puzzle, in a blink) and writes a table that loads."""
    from puzzlekit.learning.qtable import load_table

    output = tmp_path / "q2.npz"
    result = subprocess.run(
        [sys.executable, "-m", "puzzlekit", "train", "--size", "2", "--output", str(output), "--no-progress"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    q, metadata = load_table(output)
    assert q.shape == (12, 4) and metadata["mistakes"] == 0


@pytest.mark.parametrize("options, message", [(["--discount", "1.2"], "discount must be 1 or less"),
                                              (["--episodes", "-1"], "episodes must be 0 or more")])
def test_train_options_are_named_as_in_the_package(options, message, capsys, tmp_path):
    """`--discount` and `--episodes`, like `Hyperparameters`; an error names the option's own word."""
    assert main(["train", "--size", "2", "--no-progress", "--output", str(tmp_path / "q.npz"), *options]) == 2
    assert message in capsys.readouterr().err and not (tmp_path / "q.npz").exists()


@pytest.mark.parametrize(
    "options, message",
    [
        (["--weight", "2"], "--weight is for --method weighted_astar"),  # once a traceback
        (["--method", "weighted_astar", "--weight", "nan"], "weight"),
        (["--max-expanded", "-5"], "max_expanded"),
        (["--max-seconds", "nan"], "max_seconds"),
    ],
)
def test_bad_search_options_get_one_line_and_exit_code_2(options, message, capsys):
    assert main(["solve", "1 2 3 / 4 5 6 / 7 _ 8", *options]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and message in err


def test_weighted_astar_takes_a_weight(capsys):
    assert main(["solve", "1 2 3 / 4 5 6 / 7 _ 8", "--method", "weighted_astar", "--weight", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("1 move;")


def test_every_command_is_in_the_parser():
    from puzzlekit.interfaces.cli import COMMANDS, parser

    names = set(parser()._subparsers._group_actions[0].choices)
    assert names == {"solve", "play", "train"} and len(COMMANDS) == len(names)


# --- Sokobond and the play mode ----------------------------------------------------------------------


def run_module(*arguments, stdin=""):
    return subprocess.run([sys.executable, "-m", "puzzlekit", *arguments], input=stdin, capture_output=True,
                          text=True, timeout=60)


def test_solve_a_shipped_sokobond_level_by_a_shortest_path(capsys):
    from puzzlekit.sokobond import SokobondPuzzle, format_state, load_level

    level = load_level("peroxide")
    assert main(["solve", "--sokobond", "peroxide"]) == 0
    out, err = capsys.readouterr()
    result = astar_search(SokobondPuzzle(level), "widest_gap")
    assert result.length == level.shortest
    assert out.splitlines()[-1] == f"{level.shortest} moves; {result.expanded:,} nodes expanded (astar, widest_gap)"
    assert err == "" and "start" in out and f"{level.shortest}: {result.actions[-1]}" in out
    last = format_state(level, result.path[-1]).splitlines()
    assert all(line.rstrip() in out for line in last)   # the solved state is printed


def test_solve_a_sokobond_level_from_a_file_with_any_method(tmp_path, capsys):
    path = tmp_path / "mine.txt"
    path.write_text("#######\n#h..O.#\n#...H.#\n#######\n")
    for method in ("breadth_first", "iterative_deepening", "ida_star"):
        assert main(["solve", "--sokobond", str(path), "--method", method]) == 0
        assert capsys.readouterr().out.splitlines()[-1].startswith("2 moves;")
    assert main(["solve", "--sokobond", str(path), "--heuristic", "manhattan_sum", "--method", "greedy"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("(greedy, manhattan_sum)")


@pytest.mark.parametrize("arguments, message", [
    (["--sokobond", "no_such_level"], "neither a shipped Sokobond level"),
    (["--sokobond", "first", "--heuristic", "manhattan"], "--heuristic manhattan is not for Sokobond"),
    ([HARDEST, "--heuristic", "widest_gap"], "--heuristic widest_gap is not for sliding puzzles"),
    (["--sokobond", "first", "--goal", HARDEST], "--goal is for sliding puzzles"),
    ([HARDEST, "--sokobond", "first"], "not both"),
    ([], "give a BOARD or --sokobond LEVEL"),
])
def test_bad_sokobond_arguments_get_one_line_and_exit_code_2(arguments, message, capsys):
    assert main(["solve", *arguments]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and message in err


def test_a_bad_level_file_and_an_unsolvable_level(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("#####\n#HH.#\n#####\n")
    assert main(["solve", "--sokobond", str(bad)]) == 2
    assert "player" in capsys.readouterr().err
    hopeless = tmp_path / "hopeless.txt"
    hopeless.write_text("#####\n#hH.#\n#.H.#\n#####\n")
    assert main(["solve", "--sokobond", str(hopeless), "--method", "breadth_first"]) == 1
    assert "this level has no solution" in capsys.readouterr().err
    assert main(["solve", "--sokobond", "workshop", "--max-expanded", "5"]) == 1
    assert "max_expanded" in capsys.readouterr().err


def play(arguments, keys, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    code = main(["play", *arguments])
    return code, capsys.readouterr()


def test_play_the_8_puzzle_with_letters_and_tile_numbers(monkeypatch, capsys):
    code, (out, err) = play(["1 2 3 / 4 5 6 / _ 7 8"], "u\nr\nz\nz\n7 8\n", monkeypatch, capsys)
    assert code == 0 and err == ""
    assert "the blank at (2, 0) cannot move 'u'" not in out   # u is allowed from the bottom row
    boards = boards_printed(out)
    assert boards[0] == parse_board("1 2 3 / 4 5 6 / _ 7 8") and boards[-1] == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert out.count("One move taken back.") == 2 and out.rstrip().endswith("Solved in 2 moves!")


def test_play_the_8_puzzle_says_what_is_wrong_and_hints(monkeypatch, capsys):
    code, (out, _) = play(["1 2 3 / 4 5 6 / 7 _ 8"], "d\n1\nk\nh\nz\nq\nr\n", monkeypatch, capsys)
    assert code == 0
    assert "cannot move 'd' (down)" in out and "tile 1 cannot slide" in out
    assert "'k' is not a key of the game" in out and "Hint: slide tile 8 left; 1 move to go" in out
    assert "No move to take back." in out and out.rstrip().endswith("Bye.") and "Solved" not in out


def test_play_a_random_8_puzzle_and_a_new_board(monkeypatch, capsys):

    code, (out, _) = play(["--seed", "4"], "n\n", monkeypatch, capsys)
    boards = boards_printed(out)
    assert code == 0 and boards[0] != boards[1] and "A new board." in out
    assert out.rstrip().endswith("The input ended. Bye.")
    assert SlidingSessionBoard(4) == boards[0]


def SlidingSessionBoard(seed):
    from puzzlekit.interfaces.terminal import SlidingSession

    return SlidingSession(seed=seed).board


def test_play_sokobond_to_the_end(monkeypatch, capsys):
    from puzzlekit.sokobond import load_level, plan

    moves = "".join(plan(load_level("first")))
    code, (out, err) = play(["--sokobond", "first"], f"u\n{moves[:2]}\nd\nz\n{moves[2:]}\n", monkeypatch, capsys)
    assert code == 0 and err == ""
    assert "A wall stops your molecule: it cannot move up." in out
    assert "One move taken back." in out and out.rstrip().endswith(f"Solved in {len(moves)} moves!")


def test_play_sokobond_keys_hint_reset_and_the_end_of_the_input(monkeypatch, capsys):
    code, (out, _) = play(["--sokobond", "water"], "?\nh\nr x\n9\n", monkeypatch, capsys)
    assert code == 0 and "z: undo" in out and "Hint: move " in out and "Back to the start." in out
    assert "'9' is not a key of the game" in out and out.rstrip().endswith("The input ended. Bye.")
    code, (out, _) = play(["--sokobond", "water"], "", monkeypatch, capsys)   # no input at all: no hang
    assert code == 0 and out.rstrip().endswith("The input ended. Bye.")


def test_play_refuses_bad_boards_and_levels(monkeypatch, capsys):
    assert play(["1 2 3 / 4 5 6 / 8 7 _"], "", monkeypatch, capsys)[0] == 2
    assert play(["--sokobond", "nowhere"], "", monkeypatch, capsys)[0] == 2
    code, (out, err) = play(["--sokobond", "first", HARDEST], "", monkeypatch, capsys)
    assert code == 2 and "not both" in err and out == ""


def test_play_as_a_module_reads_stdin_and_ends_at_its_end():
    done = run_module("play", "--sokobond", "pair", stdin="l\nq\n")
    assert done.returncode == 0 and done.stderr == "" and done.stdout.rstrip().endswith("Bye.")
    done = run_module("play", "1 2 3 / 4 5 6 / 7 _ 8", stdin="r\n")
    assert done.returncode == 0 and done.stdout.rstrip().endswith("Solved in 1 move!")
    assert "keys of Sokobond" in run_module("play", "--help").stdout

"""Tests for the command line, `python -m puzzlekit solve BOARD`."""

import subprocess
import sys

import pytest

from puzzlekit import parse_board
from puzzlekit.cli import main
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
        return subprocess.run([sys.executable, "-m", "puzzlekit", *arguments], capture_output=True, text=True, timeout=60)

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
    from puzzlekit.qtable import load_table

    output = tmp_path / "q2.npz"
    result = subprocess.run(
        [sys.executable, "-m", "puzzlekit", "train", "--size", "2", "--output", str(output), "--no-progress"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    q, metadata = load_table(output)
    assert q.shape == (12, 4) and metadata["mistakes"] == 0


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
    from puzzlekit.cli import COMMANDS, parser

    names = set(parser()._subparsers._group_actions[0].choices)
    assert names == {"solve", "train"} and len(COMMANDS) == len(names)

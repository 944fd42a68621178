"""Tests for puzzlekit.exercises: the feedback a reader gets from check()."""

from puzzlekit import check, move


def test_check_passes_a_right_answer(capsys):
    assert check(move, [(((1, 2, 3, 0), 3), (1, 2, 0, 3)), (((1, 2, 3, 0), 2), (1, 0, 3, 2))])
    assert capsys.readouterr().out == "✓ move passes all 2 cases\n"


def test_check_reports_a_wrong_answer(capsys):
    def my_move(board, tile):
        return list(move(board, tile))  # a list is not a board

    assert not check(my_move, [(((1, 2, 3, 0), 3), (1, 2, 0, 3))])
    out = capsys.readouterr().out
    assert "✗ my_move((1, 2, 3, 0), 3) returned [1, 2, 0, 3], expected (1, 2, 0, 3)" in out
    assert "1 of 1 cases failed" in out


def test_check_expected_exceptions(capsys):
    assert check(move, [(((1, 2, 3, 0), 1), ValueError)])

    def lenient(board, tile):
        return board

    assert not check(lenient, [(((1, 2, 3, 0), 1), ValueError)])
    assert "expected it to raise ValueError" in capsys.readouterr().out


def test_check_reports_crashes_and_unwritten_code(capsys):
    def crashes(x):
        return x[10]

    assert not check(crashes, [(((1, 2),), 1)])
    assert "raised IndexError" in capsys.readouterr().out

    def unwritten(x):
        raise NotImplementedError

    assert not check(unwritten, [((1,), 1)])
    assert "not written yet" in capsys.readouterr().out


def test_check_shows_as_many_failures_as_asked(capsys):
    def zero(x):
        return 0

    check(zero, [((i,), i + 1) for i in range(5)], show=3)
    out = capsys.readouterr().out
    assert out.count("✗") == 3 and "5 of 5 cases failed" in out

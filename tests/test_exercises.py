"""Tests for puzzlekit.exercises: the feedback a reader gets from check(), and attempt() after an exercise."""

import pytest

from puzzlekit import check, move
from puzzlekit.exercises import RAISE_VARIABLE, attempt, describe, not_done


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


def test_check_reports_crashes(capsys):
    def crashes(x):
        return x[10]

    assert not check(crashes, [(((1, 2),), 1)])
    assert "raised IndexError" in capsys.readouterr().out


def test_check_says_not_done_yet_and_stops_calling(capsys):
    calls = []

    def unwritten(x):
        calls.append(x)
        raise NotImplementedError

    assert not check(unwritten, [((i,), i) for i in range(100)])
    assert capsys.readouterr().out == (
        "✗ not done yet: unwritten raises NotImplementedError; write it, then run this cell again\n"
    )
    assert calls == [0]  # one call tells; 99 more would only slow the page


def test_check_names_the_unwritten_function_inside_a_wrapper(capsys):
    def shortest_moves(board):
        raise NotImplementedError("write shortest_moves")

    def policy_is_shortest(board):
        return "u" in shortest_moves(board)

    assert not check(policy_is_shortest, [((goal,), True) for goal in [(1, 2, 3, 0)]])
    out = capsys.readouterr().out
    assert out.startswith("✗ not done yet: shortest_moves raises NotImplementedError (write shortest_moves)")


def test_check_says_not_done_yet_for_an_ellipsis_stub_without_calling_it(capsys):
    calls = []

    def my_bfs(start):
        calls.append(start)
        while True:
            ...  # a stub that would never return

    assert not check(my_bfs, [(((1, 2, 3, 0),), [])])
    assert capsys.readouterr().out.startswith("✗ not done yet: my_bfs still has `...` where your code goes")
    assert calls == []


def test_ellipsis_as_a_numpy_index_is_not_a_stub():
    def first_column(q):
        return q[..., 0] + q[1, ...][0]

    def stub(values):
        return [... for value in values]

    assert not_done(first_column) is None
    assert not_done(stub) == "stub still has `...` where your code goes"
    assert not_done(len) is None and not_done(lambda x: ...) is None  # no source to read: assume written


def test_check_says_not_done_yet_when_the_result_is_ellipsis(capsys):
    def returns_ellipsis(x):
        return Ellipsis

    assert not check(returns_ellipsis, [((1,), 1)])
    assert "not done yet: returns_ellipsis returned `...`" in capsys.readouterr().out


def test_check_hints_at_a_missing_return(capsys):
    def forgot(x):
        x * 2

    assert not check(forgot, [((1,), 2)])
    assert "returned None, expected 2 (a function without `return` returns None)" in capsys.readouterr().out


def test_check_shows_as_many_failures_as_asked(capsys):
    def zero(x):
        return 0

    check(zero, [((i,), i + 1) for i in range(5)], show=3)
    out = capsys.readouterr().out
    assert out.count("✗") == 3 and "5 of 5 cases failed" in out


def test_check_output_stays_short_with_big_arguments(capsys):
    boards = [tuple(range(9))] * 10_000

    def count(boards, extra):
        return len(boards) + 1

    assert not check(count, [((boards, {"r", "u", "d", "l"}), list(range(500)))])
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) < 300
    assert "{'d', 'l', 'r', 'u'}" in out  # a set is printed sorted: the same line on every run


def test_check_output_is_deterministic(capsys):
    class Opaque:
        pass

    def wrong(h, thing):
        return 1

    check(wrong, [((lambda board: 0, Opaque()), 2)])
    out = capsys.readouterr().out
    assert "0x" not in out and "wrong(<lambda>, <" in out


def test_check_points_at_the_first_difference(capsys):
    def almost(n):
        return list(range(n - 1)) + [0]

    check(almost, [((50,), list(range(50)))])
    assert "(first difference at index 49: 0, expected 49)" in capsys.readouterr().out


def test_check_refuses_bad_arguments():
    with pytest.raises(TypeError, match="function"):
        check("move", [])
    with pytest.raises(TypeError, match="pair"):
        check(move, [1, 2])
    with pytest.raises(TypeError, match="cases"):
        check(move, 3)
    with pytest.raises(ValueError, match="show"):
        check(move, [], show=-1)


def test_check_raises_for_a_grader(monkeypatch, capsys):
    monkeypatch.setenv(RAISE_VARIABLE, "1")

    def wrong(x):
        return 0

    with pytest.raises(AssertionError, match="1 of 1 cases failed"):
        check(wrong, [((1,), 1)])
    assert check(abs, [((-1,), 1)])  # a right answer still passes quietly
    monkeypatch.setenv(RAISE_VARIABLE, "0")
    assert not check(wrong, [((1,), 1)])


def test_attempt_falls_back_when_not_done(capsys):
    def my_solve(board):
        raise NotImplementedError

    def library_solve(board):
        return ["u"]

    assert attempt(my_solve, (1, 2, 3, 0), fallback=library_solve) == ["u"]
    out = capsys.readouterr().out
    assert out == "✗ not done yet: my_solve raises NotImplementedError; using library_solve instead\n"
    assert attempt(my_solve, (1, 2, 3, 0)) is None
    assert "skipped" in capsys.readouterr().out


def test_attempt_passes_through_a_written_function_and_its_errors():
    assert attempt(sorted, [3, 1, 2], reverse=True) == [3, 2, 1]
    with pytest.raises(ZeroDivisionError):
        attempt(lambda x: 1 / x, 0)
    with pytest.raises(TypeError, match="fallback"):
        attempt(abs, 1, fallback=3)


def test_describe_is_short_and_on_one_line():
    import numpy as np

    text = describe(np.arange(10_000).reshape(100, 100))
    assert "\n" not in text and len(text) <= 60
    assert describe(frozenset({2, 1})) == "frozenset({1, 2})" and describe(set()) == "set()"
    with pytest.raises(ValueError, match="limit"):
        describe(1, limit=2)

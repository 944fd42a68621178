"""Tests for puzzlekit.course.exercises: the feedback a reader gets from check(), and attempt() after an exercise."""

import pytest

from puzzlekit import check, move
from puzzlekit.course.exercises import (
    GRADER_VARIABLE,
    RAISE_VARIABLE,
    CloseTo,
    OneOf,
    Parts,
    PathOf,
    Satisfies,
    attempt,
    describe,
    not_done,
    passed,
)


def test_check_passes_a_right_answer(capsys):
    assert check(move, [(((1, 2, 3, 0), 3), (1, 2, 0, 3)), (((1, 2, 3, 0), 2), (1, 0, 3, 2))]) is None
    assert passed(move)
    assert capsys.readouterr().out == "✓ move passes all 2 cases\n"


def test_check_reports_a_wrong_answer(capsys):
    def my_move(board, tile):
        return list(move(board, tile))  # a list is not a board

    check(my_move, [(((1, 2, 3, 0), 3), (1, 2, 0, 3))])
    out = capsys.readouterr().out
    assert ("✗ my_move((1, 2, 3, 0), 3) returned [1, 2, 0, 3], expected (1, 2, 0, 3) (got a list, expected a tuple)"
            in out)
    assert "1 of 1 case failed" in out and not passed(my_move)


def test_check_expected_exceptions(capsys):
    check(move, [(((1, 2, 3, 0), 1), ValueError)])
    assert passed(move)

    def lenient(board, tile):
        return board

    check(lenient, [(((1, 2, 3, 0), 1), ValueError)])
    assert "expected it to raise ValueError" in capsys.readouterr().out


def test_check_reports_crashes(capsys):
    def crashes(x):
        return x[10]

    check(crashes, [(((1, 2),), 1)])
    assert "raised IndexError" in capsys.readouterr().out


def test_check_says_not_done_yet_and_stops_calling(capsys):
    calls = []

    def unwritten(x):
        calls.append(x)
        raise NotImplementedError

    check(unwritten, [((i,), i) for i in range(100)])
    assert capsys.readouterr().out == (
        "✗ not done yet: unwritten raises NotImplementedError; write it, then run this cell again\n"
    )
    assert calls == [0]  # one call tells; 99 more would only slow the page


def test_check_names_the_unwritten_function_inside_a_wrapper(capsys):
    def shortest_moves(board):
        raise NotImplementedError("write shortest_moves")

    def policy_is_shortest(board):
        return "u" in shortest_moves(board)

    check(policy_is_shortest, [((goal,), True) for goal in [(1, 2, 3, 0)]])
    out = capsys.readouterr().out
    assert out.startswith("✗ not done yet: shortest_moves raises NotImplementedError (write shortest_moves)")


def test_check_says_not_done_yet_for_an_ellipsis_stub_without_calling_it(capsys):
    calls = []

    def my_bfs(start):
        calls.append(start)
        while True:
            ...  # a stub that would never return

    check(my_bfs, [(((1, 2, 3, 0),), [])])
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

    check(returns_ellipsis, [((1,), 1)])
    assert "not done yet: returns_ellipsis returned `...`" in capsys.readouterr().out


def test_check_hints_at_a_missing_return(capsys):
    def forgot(x):
        x * 2

    check(forgot, [((1,), 2)])
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

    check(count, [((boards, {"r", "u", "d", "l"}), list(range(500)))])
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
    assert "which differs at index 49: got 0, expected 49" in capsys.readouterr().out


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

    with pytest.raises(AssertionError, match="wrong: 1 of 1 case failed"):
        check(wrong, [((1,), 1)])
    check(abs, [((-1,), 1)])  # a right answer still passes quietly
    monkeypatch.setenv(RAISE_VARIABLE, "0")
    check(wrong, [((1,), 1)])
    assert not passed(wrong)


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


# --- check() returns nothing: a check cell shows its verdict and no True/False --------------------------------


def test_check_returns_none_whether_it_passes_or_not(capsys):
    def size(x):
        return abs(x)

    def never_checked(x):
        return x

    assert check(size, [((-1,), 1)]) is None and check(size, [((-1,), 2)]) is None
    assert passed(size) is False  # the last check of size failed
    check(size, [((-1,), 1)])
    assert passed(size) is True and passed(never_checked) is False


@pytest.mark.parametrize("value", ["autograde", "validate"])
def test_check_raises_under_nbgrader_without_any_puzzlekit_variable(monkeypatch, capsys, value):
    monkeypatch.delenv(RAISE_VARIABLE, raising=False)
    monkeypatch.setenv(GRADER_VARIABLE, value)

    def unwritten(x):
        raise NotImplementedError

    with pytest.raises(AssertionError, match="not done yet"):
        check(unwritten, [((1,), 1)])
    with pytest.raises(AssertionError, match="1 of 1 case failed"):
        check(abs, [((-1,), 2)])
    check(abs, [((-1,), 1)])
    assert capsys.readouterr().out.endswith("✓ abs passes all 1 case\n")
    monkeypatch.setenv(RAISE_VARIABLE, "0")  # no variable turns raising off under nbgrader
    with pytest.raises(AssertionError, match="1 of 1 case failed"):
        check(abs, [((-1,), 2)])


def test_check_only_prints_in_a_students_notebook(monkeypatch, capsys):
    monkeypatch.delenv(RAISE_VARIABLE, raising=False)
    monkeypatch.delenv(GRADER_VARIABLE, raising=False)
    check(abs, [((-1,), 2)])
    assert "✗ abs(-1) returned 1, expected 2" in capsys.readouterr().out


# --- a time limit per case --------------------------------------------------------------------------------------


def test_check_stops_an_endless_function_and_names_the_case(capsys):
    calls = []

    def my_ida_star(bound):
        calls.append(bound)
        while True:
            bound = bound + 0  # a bound that never rises

    check(my_ida_star, [((1,), 1), ((2,), 2), ((3,), 3)], time_limit=0.2)
    out = capsys.readouterr().out
    assert out.startswith("✗ my_ida_star(1) did not return within 0.2 s; look for a loop that never ends")
    assert "(2 other cases not run)" in out
    assert calls == [1]  # one endless call is enough


def test_the_time_limit_is_per_case_and_stops_a_sleep(capsys):
    import time

    def busy(seconds):
        "Work for `seconds` of CPU time (a loaded machine gives it less of each second; the limit counts CPU time)."
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass
        return seconds

    check(busy, [((0.1,), 0.1)] * 4, time_limit=0.5)  # 0.4 s of CPU in all, each case well within its 0.5 s
    assert "✓ busy passes all 4 cases" in capsys.readouterr().out
    check(busy, [((30,), 30)], time_limit=0.1)
    assert "did not return within 0.1 s" in capsys.readouterr().out

    def sleepy(seconds):
        time.sleep(seconds)
        return seconds

    check(sleepy, [((30,), 30)], time_limit=0.1)  # no CPU used: the wall clock's backstop, ten times the limit
    assert "did not return within 1 s" in capsys.readouterr().out


def test_the_time_limit_counts_cpu_time_not_waiting(capsys):
    import time

    def sleepy(seconds):
        time.sleep(seconds)
        return seconds

    check(sleepy, [((0.2,), 0.2)], time_limit=0.1)  # 0.2 s asleep uses almost no CPU, and is within 10 x 0.1 s
    assert "✓ sleepy passes all 1 case" in capsys.readouterr().out


def test_the_time_limit_cannot_be_caught_by_the_students_code(capsys):
    def stubborn(x):
        while True:
            try:
                while True:
                    pass
            except Exception:  # a student's catch-all does not swallow the time limit
                pass

    check(stubborn, [((1,), 1)], time_limit=0.1)
    assert "did not return within 0.1 s" in capsys.readouterr().out


def test_the_time_limit_works_outside_the_main_thread(capsys):
    import threading

    def endless(x):
        while True:
            x += 1

    thread = threading.Thread(target=check, args=(endless, [((1,), 1)]), kwargs={"time_limit": 0.2})
    thread.start()
    thread.join(10)
    assert not thread.is_alive()
    assert "did not return within 0.2 s" in capsys.readouterr().out


def test_the_time_limit_leaves_no_timer_behind():
    import signal

    before = signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGPROF)
    check(abs, [((-1,), 1)])
    assert (signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGPROF)) == before
    assert signal.getitimer(signal.ITIMER_REAL) == signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_time_limit_must_be_positive():
    with pytest.raises(ValueError, match="time_limit"):
        check(abs, [], time_limit=0)
    with pytest.raises(TypeError, match="time_limit"):
        check(abs, [], time_limit="5")
    check(abs, [((-1,), 1)], time_limit=None)


# --- forbid: the library's own answer does not pass -----------------------------------------------------------


def test_check_refuses_the_library_function_itself_under_another_name(capsys):
    from puzzlekit.search import textbook

    my_breadth_first = textbook.breadth_first
    check(my_breadth_first, [((1,), 1)], forbid=[textbook.breadth_first])
    assert capsys.readouterr().out == "✗ my_breadth_first is the library's breadth_first: write it yourself\n"
    assert not passed(my_breadth_first)


def test_check_refuses_a_wrapper_around_the_library(capsys):
    from puzzlekit import SlidingPuzzle, breadth_first_search

    def my_breadth_first(problem):
        return breadth_first_search(problem).path

    puzzle = SlidingPuzzle((1, 2, 3, 0))
    check(my_breadth_first, [((puzzle,), [(1, 2, 3, 0)])], forbid=[breadth_first_search])
    out = capsys.readouterr().out
    assert out == "✗ my_breadth_first calls the library's breadth_first_search: write it yourself\n"


def test_check_refuses_calls_into_a_forbidden_module_even_when_caught(capsys):
    from puzzlekit.search import textbook

    def sneaky(problem):
        try:
            return textbook.breadth_first(problem)
        except BaseException:  # noqa: BLE001 - swallowing the check's signal does not help
            return [problem.initial]

    from puzzlekit import SlidingPuzzle

    check(sneaky, [((SlidingPuzzle((1, 2, 3, 0)),), [(1, 2, 3, 0)])], forbid=[textbook])
    assert "✗ sneaky calls the library's breadth_first (from puzzlekit.search.textbook)" in capsys.readouterr().out


def test_forbid_lets_other_library_calls_through(capsys):
    from puzzlekit import breadth_first_search, moves

    def blank_moves(board):
        return moves(board)

    check(blank_moves, [(((1, 2, 3, 0),), moves((1, 2, 3, 0)))], forbid=[breadth_first_search])
    assert capsys.readouterr().out.startswith("✓ blank_moves passes")
    import sys

    assert sys.getprofile() is None and sys.gettrace() is None  # the watch is gone


def test_forbid_refuses_what_is_not_a_function():
    with pytest.raises(TypeError, match="forbid"):
        check(abs, [], forbid=[3])
    with pytest.raises(TypeError, match="forbid"):
        check(abs, [], forbid="breadth_first")


# --- matchers and the first difference -------------------------------------------------------------------------


def test_path_of_says_length_start_and_first_illegal_move(capsys):
    from puzzlekit import SlidingPuzzle

    puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    right = [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)]
    expected = PathOf(puzzle, 2)
    assert expected.mismatch(right) is None and right == expected
    assert expected.mismatch(right[1:]) == (
        "a path of 1 move that starts at (1, 2, 3, 4, 5, 6, 7, 0, 8), not at the start (1, 2, 3, 4, 5, 6, 0, 7, 8)")
    assert "whose move 1 is not a legal move" in expected.mismatch([right[0], right[2]])
    assert expected.mismatch(right[:2]) == (
        "a path of 1 move that ends at (1, 2, 3, 4, 5, 6, 7, 0, 8), which is not a goal")
    detour = right[:2] + [right[1][:4] + (0, 5, 6, 7, 8)] + right[1:]  # up and back down: legal, too long
    detour[2] = (1, 2, 3, 4, 0, 6, 7, 5, 8)
    assert expected.mismatch(detour) == ("a path of 4 moves from the start to a goal, expected 2 moves; "
                                         "a shorter one exists")
    assert expected.mismatch(None) == "None (no path), expected a path of 2 moves from the start to a goal"
    assert PathOf(puzzle, None).mismatch(right) == "a path of 2 moves, expected None: no goal can be reached"
    assert PathOf(puzzle, None).mismatch(None) is None

    def my_search(problem):
        return right[1:]

    check(my_search, [((puzzle,), expected)])
    assert capsys.readouterr().out.startswith("✗ my_search(SlidingPuzzle(") and "that starts at" in expected.mismatch(
        right[1:])


def test_dicts_name_the_first_differing_entry(capsys):
    expected = {(1, 2, 3, 0): 0.0, (1, 2, 0, 3): -1.0, (1, 0, 3, 2): -1.0}

    def values(board):
        return {**expected, (1, 0, 3, 2): -1.9}

    check(values, [((None,), expected)])
    out = capsys.readouterr().out
    assert "at key (1, 0, 3, 2): got -1.9, expected -1.0" in out
    check(lambda board: {(1, 2, 3, 0): 0.0}, [((None,), expected)])
    assert "no key (1, 2, 0, 3) (expected -1.0 there); 2 of 3 keys missing" in capsys.readouterr().out


def test_arrays_name_the_first_differing_entry(capsys):
    import numpy as np

    expected = np.zeros((4, 3))

    def table(n):
        result = np.zeros((4, 3))
        result[2, 1] = result[3, 0] = 0.5
        return result

    check(table, [((1,), expected)])
    out = capsys.readouterr().out
    assert "at index (2, 1): got 0.5, expected 0.0; 2 of 12 entries differ" in out
    check(lambda n: np.zeros((3, 4)), [((1,), expected)])
    assert "got an array of shape (3, 4), expected shape (4, 3)" in capsys.readouterr().out
    check(lambda n: np.zeros((4, 3)) + 1e-13, [((1,), expected)])  # floats: equal within a rounding error
    assert "✓" in capsys.readouterr().out


def test_close_to_parts_one_of_and_satisfies(capsys):
    def astar(x):
        return [1, 2], 13

    check(astar, [((1,), Parts(path=[1, 2], expanded=12))])
    assert "✗ astar(1) returned ([1, 2], 13), whose expanded is 13, expected 12" in capsys.readouterr().out
    check(lambda x: 0.33, [((1,), CloseTo(1 / 3, 0.01))])
    assert "✓" in capsys.readouterr().out
    assert OneOf("u", "l") == "l" and OneOf("u", "l") != "d"
    at_most_3 = Satisfies(lambda x: "too big" if x > 3 else True, "at most 3")
    assert at_most_3.mismatch(5) == "5, expected at most 3: too big"
    with pytest.raises(ValueError, match="tolerance"):
        CloseTo(1, -1)


def test_messages_name_the_function_as_the_check_cell_calls_it(capsys):
    def breadth_first(x):
        return x

    my_bfs = breadth_first
    check(my_bfs, [((1,), 2)])
    assert capsys.readouterr().out.startswith("✗ my_bfs(1) returned 1, expected 2")


def test_any_object_with_a_mismatch_method_is_a_matcher(capsys):
    class Expands:
        "A matcher of another module: a whole sentence, read after the call (it may look at the arguments)."

        def __init__(self, log):
            self.log = log

        def mismatch(self, result):
            return None if self.log == [1, 2] else f"expanded {self.log}, where the reference expands [1, 2]"

        def __repr__(self):
            return "the reference's expansions"

    def search(log):
        log.extend([1, 3])
        return None

    log = []
    check(search, [((log,), Expands(log))], mutates=["log"])  # the matcher sees the copy search was given
    assert capsys.readouterr().out.startswith("✗ search([]): expanded [1, 3], where the reference expands [1, 2]")
    assert log == []  # the chapter's own list is never changed
    check(lambda log: ([1], 2), [(([],), Parts(path=[1], expanded=Expands([1, 2])))])
    assert "✓" in capsys.readouterr().out
    check(lambda log: [0], [(([],), [Expands([9])])])
    assert "at index 0: expanded [9], where the reference expands [1, 2]" in capsys.readouterr().out


def test_a_failing_array_says_where_without_a_warning_of_the_checker(capsys, recwarn):
    import numpy as np

    def sweep(q):
        return np.where(np.isinf(q), q, q + 1)  # one too many everywhere a move is allowed

    inf = np.inf
    q = np.array([[-inf, 0.5, 0.0], [-inf, -inf, 2.0]])
    check(sweep, [((q,), q.copy())])
    out = capsys.readouterr().out
    assert "at index (0, 1): got 1.5, expected 0.5; 3 of 6 entries differ" in out, out
    assert "got -inf, expected -inf" not in out
    assert [str(warning.message) for warning in recwarn] == []


def test_a_value_for_none_is_said_once(capsys):
    def first(boards):
        return boards[0]

    check(first, [(([(1, 2, 0, 3)],), None)])
    out = capsys.readouterr().out
    assert out.count("expected None") == 1 and out.count("(1, 2, 0, 3)") == 2, out


def test_a_numpy_count_is_told_to_become_an_int(capsys):
    import numpy as np

    from puzzlekit.course.exercise_rules import Exactly

    def count(values):
        return np.int64(len(values))

    def average(values):
        return float(len(values))

    check(count, [(([1, 2],), Exactly(2))])
    check(average, [(([1, 2],), Exactly(2))])
    out = capsys.readouterr().out
    assert "not Python's own: return int(...) of it" in out and "the right number, as a float" in out

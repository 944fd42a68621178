"""Tests for what `check` guards: arguments an answer may not change, copies of the library that are not answers,
and feedback that names the case, the entry and numbers without rounding noise."""

import importlib.util
import inspect
import linecache
import sys
import textwrap
import types

import numpy as np
import pytest

from puzzlekit import SlidingPuzzle
from puzzlekit.course.exercise_cases import FilledInPlace, Recorder, SameSearch
from puzzlekit.course.exercises import check, passed
from puzzlekit.course.exercises.copies import Twins, code_fingerprint, library_twin, source_fingerprint
from puzzlekit.course.exercises.describe import describe
from puzzlekit.search import textbook

# --- an answer may not change its arguments ----------------------------------------------------------------------


def test_a_changed_dict_fails_and_names_the_argument_and_the_entry(capsys):
    values = {(1, 2, 3, 0): 1.2, (1, 2, 0, 3): 0.5}

    def best(values):
        values[(1, 2, 3, 0)] = 0.0  # "clears" the table it was given
        return max(values.values())

    check(best, [((values,), 0.5)])
    out = capsys.readouterr().out
    assert out.startswith("✗ best({(1, 2, 3, 0): 1.2, (1, 2, 0, 3): 0.5}) changed its argument `values`: "
                          "the entry for (1, 2, 3, 0) was 1.2, now 0.0")  # the arguments as they were before
    assert values == {(1, 2, 3, 0): 1.2, (1, 2, 0, 3): 0.5}  # the chapter's dict is untouched
    assert not passed(best)


def test_a_changed_list_fails(capsys):
    def median(numbers):
        numbers.sort()
        return numbers[len(numbers) // 2]

    check(median, [(([3, 1, 2],), 2)])
    assert "changed its argument `numbers`: the entry at index 0 was 3, now 1" in capsys.readouterr().out

    def grows(path, extra):
        path.append(extra)
        return len(path)

    check(grows, [(([1, 2], 3), 3)])
    assert "changed its argument `path`: it had 2 entries, now 3" in capsys.readouterr().out


def test_a_nested_change_names_the_path(capsys):
    def zero_first(q):
        q["start"][1] = 0.0
        return 1

    check(zero_first, [(({"start": [0.5, 0.25]},), 1)])
    assert "changed its argument `q`: q['start'][1] was 0.25, now 0.0" in capsys.readouterr().out


def test_writing_into_an_array_argument_fails(capsys):
    def clear(array):
        array[:] = 0
        return 0

    check(clear, [((np.arange(6.0).reshape(2, 3),), 0)])
    out = capsys.readouterr().out
    assert "changed its argument `array`: the entry at index (0, 1) was 1.0, now 0.0 (5 of 6 entries changed)" in out

    def step(w, gradient):
        w -= 0.5 * gradient  # in place: the caller's w changes too
        return w

    w = np.array([1.0, 2.0])
    check(step, [((w, np.array([1.0, 1.0])), np.array([0.5, 1.5]))])
    assert "changed its argument `w`: the entry at index 0 was 1.0, now 0.5 (2 of 2 entries changed)" in (
        capsys.readouterr().out)
    assert w.tolist() == [1.0, 2.0]

    def fresh_step(w, gradient):
        return w - 0.5 * gradient

    check(fresh_step, [((w, np.array([1.0, 1.0])), np.array([0.5, 1.5]))])
    assert capsys.readouterr().out.startswith("✓")


def test_a_recorder_records_and_that_is_no_change(capsys):
    problem = SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6))
    reference, yours = Recorder(problem), Recorder(problem)
    case = (yours,), SameSearch(yours, textbook.breadth_first(reference), reference.expanded)

    def my_breadth_first(problem):
        return textbook.breadth_first(problem)  # not forbidden here: only the recording is tested

    check(my_breadth_first, [case])
    assert capsys.readouterr().out == "✓ my_breadth_first passes all 1 case\n"
    assert yours.expanded == []  # the matcher looked at the copy the function was given, not at the chapter's


def test_an_exercise_that_fills_a_table_in_place_may(capsys):
    q = {"start": [0.0, 0.0]}

    def fill(q):
        q["start"][0] = 0.5

    check(fill, [((q,), FilledInPlace(q, {"start": [0.5, 0.0]}, "q"))])
    assert capsys.readouterr().out == "✓ fill passes all 1 case\n"
    assert q == {"start": [0.0, 0.0]}

    def sort_in_place(values):
        values.sort()

    check(sort_in_place, [(([2, 1],), None)], mutates=["values"])
    check(sort_in_place, [(([2, 1],), None)], mutates=[0])
    check(sort_in_place, [(([2, 1],), None)], mutates=True)
    assert capsys.readouterr().out.count("✓ sort_in_place passes") == 3
    with pytest.raises(TypeError, match="mutates"):
        check(sort_in_place, [], mutates="values")
    with pytest.raises(ValueError, match="not a parameter"):
        check(sort_in_place, [], mutates=["table"])


def test_objects_and_unchanged_data_pass(capsys):
    import random

    def draws(rng, table):
        return rng.random() < 2 and table[0] == [1.0, float("nan")][0]

    check(draws, [((random.Random(0), [1.0, float("nan")]), True)])  # the generator changes; NaN stays NaN
    assert capsys.readouterr().out.startswith("✓")


def test_an_argument_that_cannot_be_copied_is_given_as_it_is(capsys):
    def total(numbers):
        return sum(numbers)

    check(total, [(((n for n in range(4)),), 6)])
    assert capsys.readouterr().out.startswith("✓")


# --- a copy of the library is not an answer ----------------------------------------------------------------------

LIBRARY = '''\
"""A small library for the tests."""
from __future__ import annotations


def running_total(values):
    """The running sums of `values`."""
    totals, total = [], 0
    for value in values:
        total += value
        totals.append(total)
    return totals


def smoothed(values: list, width: int = 2) -> list:
    """Each value replaced by the mean of it and the ones before, within `width`."""
    def window(index: int) -> list:
        return values[max(0, index - width + 1): index + 1]
    result = []
    for index in range(len(values)):
        part = window(index)
        result.append(sum(part) / len(part))
    return result
'''
CASES = [(([1, 2, 3],), [1, 3, 6])]


@pytest.fixture
def library(tmp_path, monkeypatch):
    """The module above, imported as `tinylib` from a file."""
    path = tmp_path / "tinylib.py"
    path.write_text(LIBRARY)
    spec = importlib.util.spec_from_file_location("tinylib", path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "tinylib", module)
    spec.loader.exec_module(module)
    return module


def refused(capsys, answer, forbid, cases=CASES) -> str:
    """What check says of `answer` after its name (which is `answer` here), once it has refused it."""
    check(answer, cases, forbid=forbid)
    out = capsys.readouterr().out
    assert out.startswith("✗ answer ") and out.endswith(": write it yourself\n") and not passed(answer), out
    return out.removeprefix("✗ answer ").removesuffix(": write it yourself\n")


def test_exec_of_the_source_is_a_copy(library, capsys):
    namespace = {}
    exec(inspect.getsource(library.running_total), namespace)
    out = refused(capsys, namespace["running_total"], [library.running_total])
    assert out == "is a copy of the library's running_total"
    namespace = dict(vars(library))
    exec(inspect.getsource(library.running_total), namespace)
    copied = namespace["running_total"]
    assert "a copy of the library's running_total" in refused(capsys, copied, [library.running_total])
    assert "the library's running_total (from tinylib)" in refused(capsys, namespace["running_total"], [library])


def test_a_function_rebuilt_from_the_code_is_a_copy(library, capsys):
    rebuilt = types.FunctionType(library.running_total.__code__, {}, "mine")
    assert "the library's running_total" in refused(capsys, rebuilt, [library.running_total])
    moved = types.FunctionType(library.running_total.__code__.replace(co_firstlineno=1, co_name="mine"), {})
    assert "is a copy of the library's running_total" in refused(capsys, moved, [library.running_total])
    assert "is a copy of the library's running_total (from tinylib)" in refused(capsys, moved, [library])


def test_the_module_loaded_again_under_another_name_is_a_copy(library, capsys):
    spec = importlib.util.spec_from_file_location("not_tinylib", library.__file__)
    again = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(again)
    assert "is a copy of the library's running_total (from tinylib)" in refused(capsys, again.running_total, [library])

    def mine(values):
        return again.running_total(values)  # the copy as a helper

    out = refused(capsys, mine, [library])
    assert out == "calls a copy of the library's running_total (from tinylib)"


def test_the_module_source_run_under_another_name_is_a_copy(library, capsys):
    namespace = {"__name__": "my_own_module"}
    exec(LIBRARY, namespace)

    def mine(values):
        return namespace["running_total"](values)

    assert "calls a copy of the library's running_total" in refused(capsys, mine, [library.running_total])
    assert "calls a copy of the library's running_total (from tinylib)" in refused(capsys, mine, [library])


def test_a_pasted_copy_with_new_names_is_a_copy(library, capsys):
    # pasted into a cell without `from __future__ import annotations`: the nested function's annotations make
    # other bytecode, but the syntax tree, names set aside, is the library's
    cell = textwrap.dedent('''
        def my_smoothed(numbers, width=2):
            def last(i):
                return numbers[max(0, i - width + 1): i + 1]
            out = []
            for i in range(len(numbers)):
                chunk = last(i)
                out.append(sum(chunk) / len(chunk))
            return out

        def my_answer(numbers):
            return my_smoothed(numbers)
    ''')
    filename = "<cell-pasted>"
    linecache.cache[filename] = (len(cell), None, cell.splitlines(True), filename)
    namespace = {"__name__": "__main__"}
    exec(compile(cell, filename, "exec"), namespace)
    assert code_fingerprint(namespace["my_smoothed"].__code__) != code_fingerprint(library.smoothed.__code__)
    assert source_fingerprint(namespace["my_smoothed"]) == source_fingerprint(library.smoothed)
    cases = [(([1.0, 3.0],), [1.0, 2.0])]
    out = refused(capsys, namespace["my_smoothed"], [library.smoothed], cases)
    assert out == "is a copy of the library's smoothed"
    out = refused(capsys, namespace["my_answer"], [library], cases)
    assert out == "calls a copy of the library's smoothed (from tinylib)"
    del linecache.cache[filename]


def test_an_answer_of_ones_own_passes(library, capsys):
    def running_total(values):
        result = []
        for index in range(len(values)):
            result.append(sum(values[: index + 1]))
        return result

    check(running_total, CASES, forbid=[library])
    assert capsys.readouterr().out == "✓ running_total passes all 1 case\n"
    assert library_twin(running_total, [library]) is None


def test_a_few_instructions_are_never_called_a_copy():
    class Problem:
        def is_goal(self, state):
            return state == self.goal

    cell = "class Mine:\n    def is_goal(self, state):\n        return state == self.goal\n"
    linecache.cache["<a cell of mine>"] = (len(cell), None, cell.splitlines(True), "<a cell of mine>")  # as IPython
    namespace = {}
    exec(compile(cell, "<a cell of mine>", "exec"), namespace)
    mine = namespace["Mine"].is_goal
    assert code_fingerprint(mine.__code__) == code_fingerprint(Problem.is_goal.__code__)
    assert library_twin(mine, [Problem]) is None  # everyone writes it this way
    copied = {}
    exec("def is_goal(self, state):\n    return state == self.goal\n", copied)  # not written: exec of a string
    assert library_twin(copied["is_goal"], [Problem]) == "Problem.is_goal"  # a whole function nobody wrote: a copy


def test_copies_of_real_library_functions(capsys):
    from puzzlekit.learning.tabular import td

    problem = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    cases = [((problem,), textbook.breadth_first(problem))]
    namespace = dict(vars(textbook))
    exec(inspect.getsource(textbook.breadth_first), namespace)
    assert "is a copy of the library's breadth_first" in refused(capsys, namespace["breadth_first"],
                                                                 [textbook.breadth_first], cases)
    assert library_twin(namespace["breadth_first"], [textbook]) == "breadth_first (from puzzlekit.search.textbook)"

    sarsa_cases = [((0.0, -10.0, [5.0, 50.0, -1.0, 0.0], 0, 0.5, 0.9), -2.75)]
    rebuilt = types.FunctionType(td.sarsa_update.__code__.replace(co_firstlineno=1), vars(td))
    assert "is a copy of the library's sarsa_update" in refused(capsys, rebuilt, [td.sarsa_update], sarsa_cases)
    spec = importlib.util.spec_from_file_location("puzzlekit.learning.tabular.td_again", td.__file__)
    again = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(again)

    def my_sarsa_update(old, reward, next_values, next_action, learning_rate, discount):
        return again.sarsa_update(old, reward, next_values, next_action, learning_rate, discount)

    out = refused(capsys, my_sarsa_update, [td.sarsa_update], sarsa_cases)
    assert out == "calls a copy of the library's sarsa_update"


def test_twins_are_computed_once_per_module_file():
    from puzzlekit.course.exercises import copies

    Twins([textbook])
    cached = dict(copies._MODULES)
    Twins([textbook])
    assert copies._MODULES == cached and any(path.endswith("textbook.py") for path, _ in cached)


# --- feedback that reads -----------------------------------------------------------------------------------------


def test_numbers_read_without_rounding_noise(capsys):
    def third(x):
        return 0.3

    check(third, [((1,), 0.1 + 0.2 + 0.1)])
    assert "✗ third(1) returned 0.3, expected 0.4" in capsys.readouterr().out
    assert describe(0.22499999999999998) == "0.225" and describe([1e-13, 2.0]) == "[1e-13, 2.0]"


def test_a_long_dict_is_cut_after_a_whole_entry_and_the_difference_named(capsys):
    expected = {(1, 2, 3, i): 0.22499999999999998 * i for i in range(20)}

    def values(n):
        return {**expected, (1, 2, 3, 7): 0.0}

    check(values, [((1,), expected)])
    line = capsys.readouterr().out.splitlines()[0]
    assert "at key (1, 2, 3, 7): got 0.0, expected 1.575" in line
    assert "(20 entries)" in line and "1. ...>" not in line and len(line) < 300


def test_a_big_array_is_summarised(capsys):
    expected = np.zeros((100, 100))

    def table(n):
        result = np.zeros((100, 100))
        result[3, 4], result[50, 60] = 0.1, 2.5
        return result

    check(table, [((1,), expected)])
    line = capsys.readouterr().out.splitlines()[0]
    assert line == ("✗ table(1) returned array of shape (100, 100) (float64), which differs at index (3, 4): got 0.1, "
                    "expected 0.0; 2 of 10000 entries differ, the most at index (50, 60): got 2.5, expected 0.0")


def test_every_failing_line_names_its_case(capsys):
    def wrong(board, tile):
        return {"u": 0.1 + 0.2}

    check(wrong, [(((1, 2, 3, 0), tile), {"u": 0.2 * tile}) for tile in (1, 2, 3)], show=3)
    lines = capsys.readouterr().out.splitlines()
    assert [line[:20] for line in lines[:3]] == ["✗ wrong((1, 2, 3, 0)"] * 3
    assert "at key 'u': got 0.3, expected 0.6" in lines[2] and lines[3] == "3 of 3 cases failed"


def test_a_label_names_the_case_and_long_calls_stay_short(capsys):
    def wrong(a, b, c, d, e, f):
        return 0

    check(wrong, [((list(range(100)),) * 6, 1, "six long lists")])
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("✗ wrong([0, 1, 2,") and line.endswith("(six long lists) returned 0, expected 1")
    assert len(line) < 300
    with pytest.raises(TypeError, match="label"):
        check(wrong, [((1,), 1, 2)])


def test_a_scaffolded_helper_written_in_a_cell_may_be_the_librarys(capsys, tmp_path, monkeypatch):
    # chapter 4 gives the outline of IDA* and asks for its inner search, which written right is the library's
    cell = textwrap.dedent('''
        import math

        def my_ida_star(problem, h):
            def search(path, bound):
                state = path[-1]
                f = len(path) - 1 + h(state)
                if f > bound:
                    return f
                if problem.is_goal(state):
                    return path
                least = math.inf
                for _, child in problem.successors(state):
                    if child not in path:
                        found = search(path + [child], bound)
                        if isinstance(found, list):
                            return found
                        least = min(least, found)
                return least

            bound = h(problem.initial)
            while True:
                found = search([problem.initial], bound)
                if isinstance(found, list):
                    return found
                if found == math.inf:
                    return None
                bound = found
    ''')
    filename = "<cell-ida>"
    linecache.cache[filename] = (len(cell), None, cell.splitlines(True), filename)
    namespace = {"__name__": "__main__"}
    exec(compile(cell, filename, "exec"), namespace)
    search_code = next(c for c in namespace["my_ida_star"].__code__.co_consts if isinstance(c, types.CodeType))
    library_search = next(c for c in textbook.ida_star.__code__.co_consts if isinstance(c, types.CodeType))
    assert code_fingerprint(search_code) == code_fingerprint(library_search)  # line for line the library's
    problem = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    h = problem.heuristic("manhattan")
    check(namespace["my_ida_star"], [((problem, h), textbook.ida_star(problem, h))], forbid=[textbook])
    assert capsys.readouterr().out.startswith("✓")
    del linecache.cache[filename]
    (tmp_path / "my_answers.py").write_text(cell)  # the same in a file of the student's, imported (a grader's way)
    monkeypatch.syspath_prepend(str(tmp_path))
    import my_answers

    check(my_answers.my_ida_star, [((problem, h), textbook.ida_star(problem, h))], forbid=[textbook])
    assert capsys.readouterr().out.startswith("✓")
    namespace = {"__name__": "__main__"}  # the same text run by exec from a string: a copy of the library's code
    exec(cell, namespace)
    check(namespace["my_ida_star"], [((problem, h), textbook.ida_star(problem, h))], forbid=[textbook])
    assert "calls a copy of the library's ida_star (from puzzlekit.search.textbook)" in capsys.readouterr().out


def test_a_long_repr_is_never_cut_inside_a_number():
    text = describe(SlidingPuzzle((0, 4, 1, 2, 7, 3, 5, 6, 8), goal=(1, 2, 3, 4, 5, 6, 7, 8, 0)))
    assert text == "SlidingPuzzle((0, 4, 1, 2, 7, 3, 5, 6, 8), goal=(1, 2 ...>"
    assert describe([0.1 * i for i in range(100)], 40) == "[0.0, 0.1, 0.2, 0.3, ...] (100 items)"  # 0.30000000000000004


def test_a_failing_case_shows_the_arguments_as_they_were(capsys):
    def sort_and_count(values):
        values.sort()
        return len(values) + 1

    check(sort_and_count, [(([3, 1, 2],), 3)], mutates=["values"])
    assert capsys.readouterr().out.startswith("✗ sort_and_count([3, 1, 2]) returned 4, expected 3")


def test_copies_keep_what_is_shared_shared():
    from puzzlekit.course.exercises.changes import deep_copy

    boards = [(1, 2, 3, 0), (1, 2, 0, 3)]
    q = {board: [0.0, 0.0] for board in boards}
    memo = {}
    copied_boards, copied_q = deep_copy(boards, memo), deep_copy({"q": q, "again": q}, memo)
    assert copied_boards == boards and copied_boards is not boards and copied_boards[0] is boards[0]
    assert copied_q["q"] is copied_q["again"] and copied_q["q"] == q and copied_q["q"][boards[0]] is not q[boards[0]]
    assert deep_copy(boards, memo) is copied_boards


def test_the_same_list_given_twice_is_one_copy(capsys):
    def append_to_first(a, b):
        a.append(1)
        return len(b)

    shared = []
    check(append_to_first, [((shared, shared), 1)], mutates=["a"])  # b is a: it grew too
    assert capsys.readouterr().out.startswith("✗ append_to_first([], []) changed its argument `b`: it had 0 entries")
    assert shared == []


HELPED = '''
def _out_of_order(values):
    """How many pairs of values are out of order: the engine behind `disorder`."""
    count = 0
    for i in range(len(values)):
        for j in range(i + 1, len(values)):
            if values[i] > values[j]:
                count += 1
    return count


def disorder(values):
    """The pairs out of order in `values`, any iterable of numbers."""
    return _out_of_order(list(values))
'''


def written(cell: str, filename: str) -> dict:
    """The namespace of `cell` run as a notebook cell (its source readable by linecache, as IPython keeps it)."""
    linecache.cache[filename] = (len(cell), None, cell.splitlines(True), filename)
    namespace = {"__name__": "__main__"}
    exec(compile(cell, filename, "exec"), namespace)
    return namespace


def test_a_library_helper_pasted_inside_the_answer_or_beside_it_is_a_copy(tmp_path, monkeypatch, capsys):
    path = tmp_path / "helped.py"
    path.write_text(HELPED)
    monkeypatch.syspath_prepend(str(tmp_path))
    import helped

    cases = [(([3, 1, 2],), 2)]
    nested = written(textwrap.dedent('''
        def answer(values):
            def count(items):                   # the library's helper, pasted inside, its names changed
                n = 0
                for a in range(len(items)):
                    for b in range(a + 1, len(items)):
                        if items[a] > items[b]:
                            n += 1
                return n
            return count(list(values))
    '''), "<cell-nested>")
    out = refused(capsys, nested["answer"], [helped.disorder], cases)
    assert out == "calls a copy of the library's _out_of_order (which disorder calls)"
    beside = written(textwrap.dedent('''
        def count(items):                       # the same, pasted beside the answer
            n = 0
            for a in range(len(items)):
                for b in range(a + 1, len(items)):
                    if items[a] > items[b]:
                        n += 1
            return n

        def answer(values):
            return count(list(values))
    '''), "<cell-beside>")
    out = refused(capsys, beside["answer"], [helped.disorder], cases)
    assert out == "calls a copy of the library's _out_of_order (which disorder calls)"
    own = written(textwrap.dedent('''
        def answer(values):
            values = list(values)
            return sum(a > b for i, a in enumerate(values) for b in values[i + 1:])
    '''), "<cell-own>")
    check(own["answer"], cases, forbid=[helped.disorder])
    assert capsys.readouterr().out.startswith("✓")
    for filename in ("<cell-nested>", "<cell-beside>", "<cell-own>"):
        del linecache.cache[filename]

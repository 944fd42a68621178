"""Tests for what `check` guards: arguments an answer may not change, copies of the library that are not answers,
and feedback that names the case, the entry and numbers without rounding noise."""

import ast
import importlib.util
import inspect
import linecache
import sys
import textwrap
from pathlib import Path

import nbformat
import numpy as np
import pytest

from puzzlekit import SlidingPuzzle
from puzzlekit.course.editions import cell_source, has_solution
from puzzlekit.course.exercise_cases import FilledInPlace, Recorder, SameSearch
from puzzlekit.course.exercises import check, copies, passed
from puzzlekit.course.exercises.copies import copied, descriptor
from puzzlekit.course.exercises.describe import describe
from puzzlekit.course.syntax import parse_cell
from puzzlekit.search import textbook

CHAPTERS = sorted((Path(__file__).resolve().parent.parent / "chapters").glob("*.ipynb"))

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


def test_a_search_of_another_problem_is_no_search_within_the_bound(capsys):
    """PathWithin bounds the work of the search on the problem it was given: a breadth-first search of a problem of
    its own (nothing recorded) is refused, one that asks for actions and results is recorded as one that asks for
    successors."""
    from puzzlekit.course.exercise_cases import PathWithin

    board = (1, 2, 3, 4, 0, 5, 7, 8, 6)
    recorded = Recorder(SlidingPuzzle(board))

    def around_the_recorder(problem):
        return textbook.breadth_first(SlidingPuzzle(problem.initial, problem.goal))

    def by_actions(problem):
        parents, frontier = {problem.initial: None}, [problem.initial]
        for state in frontier:
            for action in problem.actions(state):
                child = problem.result(state, action)
                if child not in parents:
                    parents[child] = state
                    frontier.append(child)
        path = [problem.goal]
        while parents[path[-1]] is not None:
            path.append(parents[path[-1]])
        return path[::-1]

    check(around_the_recorder, [((recorded,), PathWithin(recorded, 2, most=10))])
    assert "never asked the problem it was given for the successors of" in capsys.readouterr().out
    check(by_actions, [((recorded,), PathWithin(recorded, 2, most=10**6))])
    assert capsys.readouterr().out == "✓ by_actions passes all 1 case\n"


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
    from puzzlekit.course.exercises.compare import deep_copy

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



# --- a copy of the library is not an answer: one judge for check and the grader -------------------------------------

LIBRARY = '''\
"""A small library for the tests."""
from __future__ import annotations


def _window(values: list, index: int, width: int) -> list:
    return values[max(0, index - width + 1): index + 1]


def smoothed(values: list, width: int = 2) -> list:
    """Each value replaced by the mean of it and the ones before, within `width`."""
    result = []
    for index in range(len(values)):
        part = _window(values, index, width)  # the values that count
        result.append(sum(part) / len(part) if part else 0.0)
    return result


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
VERBATIM = '''\
from tinylib import _window


def answer(values: list, width: int = 2) -> list:
    """Each value replaced by the mean of it and the ones before, within `width`."""
    result = []
    for index in range(len(values)):
        part = _window(values, index, width)  # the values that count
        result.append(sum(part) / len(part) if part else 0.0)
    return result
'''
SMOOTHED = '''\
from tinylib import _window


def answer(numbers, width=2):
    out = []
    for i in range(len(numbers)):
        chunk = _window(numbers, i, width)
        out.append(sum(chunk) / len(chunk) if chunk else 0.0)
    return out
'''
OUT_OF_ORDER = '''\
def count(items):
    n = 0
    for a in range(len(items)):
        for b in range(a + 1, len(items)):
            if items[a] > items[b]:
                n += 1
    return n
'''
WRAPPED = '''\
from tinylib import _window


def answer(numbers):
    def inner(xs, width=2):
        out = []
        for i in range(len(xs)):
            chunk = _window(xs, i, width)
            out.append(sum(chunk) / len(chunk) if chunk else 0.0)
        return out
    return inner(numbers)
'''
REFORMATTED = '''\
from tinylib import (
    _window,
)
def answer(numbers, width=2):
    out = [
    ]
    for i in range(len(numbers)): chunk = _window(numbers, i, width); out.append(
        (sum(chunk) / len(chunk))
        if chunk
        else 0.0,
    )
    return (out)
'''
#: paste -> (the library function it is judged against, the answer's cell, what both judges say of it)
PASTES = {
    "verbatim": ("smoothed", VERBATIM, "is a copy of the library's smoothed"),
    "renamed locals": ("smoothed", SMOOTHED, "is a copy of the library's smoothed"),
    "renamed globals, the helper pasted beside": ("smoothed", SMOOTHED.replace(
        "from tinylib import _window\n", "def win(xs, at, w):\n    return xs[max(0, at - w + 1): at + 1]\n").replace(
        "_window(", "win("), "is a copy of the library's smoothed"),
    "the helper read from its module": ("smoothed", SMOOTHED.replace(
        "from tinylib import _window", "import tinylib").replace("_window(", "tinylib._window("),
        "is a copy of the library's smoothed"),
    "docstring dropped, comments and annotations added": ("smoothed", SMOOTHED.replace(
        "def answer(numbers, width=2):", "def answer(numbers: list, width: int = 2) -> list:  # mine").replace(
        "    out = []", "    # the running means\n    out: list = []"), "is a copy of the library's smoothed"),
    "reformatted": ("smoothed", REFORMATTED, "is a copy of the library's smoothed"),
    "a print and a pass added": ("smoothed", SMOOTHED.replace(
        "    return out", "    print(out)\n    pass\n    return out"), "is a copy of the library's smoothed"),
    "wrapped in another function": ("smoothed", WRAPPED, "calls a copy of the library's smoothed"),
    "helper inlined in the answer": ("disorder", "def answer(values):\n" + textwrap.indent(OUT_OF_ORDER, "    ")
                                     + "    return count(list(values))\n",
                                     "calls a copy of the library's _out_of_order (which disorder calls)"),
    "helper pasted beside": ("disorder", OUT_OF_ORDER + "\n\ndef answer(values):\n    return count(list(values))\n",
                             "calls a copy of the library's _out_of_order (which disorder calls)"),
    "honest": ("smoothed", "def answer(numbers, width=2):\n    return [sum(numbers[max(0, i - width + 1): i + 1]) / "
                           "min(i + 1, width) for i in range(len(numbers))]\n", None),
    "honest, in a loop of one's own": ("disorder", "def answer(values):\n    values, pairs = list(values), 0\n"
                                       "    for i, a in enumerate(values):\n        for b in values[i + 1:]:\n"
                                       "            pairs += a > b\n    return pairs\n", None),
}


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


def written(cell: str, filename: str) -> dict:
    """The namespace of `cell` run as a notebook cell (its source readable by linecache, as IPython keeps it)."""
    linecache.cache[filename] = (len(cell), None, cell.splitlines(True), filename)
    namespace = {"__name__": "__main__"}
    exec(compile(cell, filename, "exec"), namespace)
    return namespace


@pytest.mark.parametrize("paste", list(PASTES))
def test_check_and_the_grader_judge_a_paste_alike(library, paste, capsys):
    target, cell, said = PASTES[paste]
    numbers = [3.0, 1.0, 2.0]
    cases = [((numbers,), library.smoothed(numbers) if target == "smoothed" else library.disorder(numbers))]
    answer = written(cell, f"<cell {paste}>")["answer"]
    assert answer(*cases[0][0]) == cases[0][1]  # every paste is a right answer: only copying can fail it
    capsys.readouterr()
    for forbid in ([getattr(library, target)], [library]):
        grader = copied("answer", [cell], [descriptor(item) for item in forbid])  # what the grading process reads
        check(answer, cases, forbid=forbid)
        out = capsys.readouterr().out
        if said and forbid == [library]:  # a module's functions are named by their module
            said = said.replace(" (which disorder calls)", "") + " (from tinylib)"
        assert grader == said
        assert out == (f"✗ answer {grader}: write it yourself\n" if said else "✓ answer passes all 1 case\n")
    del linecache.cache[f"<cell {paste}>"]


def test_short_code_is_everyones(library):
    cell = "def answer(values):\n    return sorted(values) == list(values)\n"
    library = ["def ordered(xs):\n    return sorted(xs) == list(xs)"]
    assert copied("answer", [cell], [("notebook", "ordered")], library) is None
    assert copies.fingerprint(ast.parse(cell).body[0])[1] < copies.MIN_NODES


def test_the_library_names_kept_are_a_paste_for_the_grader_to_flag(library):
    assert copied("answer", [VERBATIM], [("module", "tinylib")], exact=True) == (
        "is a copy of the library's smoothed (from tinylib)")
    assert copied("answer", [SMOOTHED], [("module", "tinylib")], exact=True) is None  # names of its own


def test_a_textbook_function_is_no_copy_by_its_shape(capsys):
    # chapter 3's first exercise scaffolds textbook.breadth_first line for line: an honest answer is its code
    source = inspect.getsource(textbook.breadth_first).replace("def breadth_first(", "def answer(")
    pasted = ("from __future__ import annotations\nfrom collections import deque\n"
              "from puzzlekit.search.textbook import path_back\n\n\n" + source)
    assert copied("answer", [pasted], [("module", "puzzlekit.search")]) is None
    assert copied("answer", [pasted], [("module", "puzzlekit.search")], exact=True) == (
        "is a copy of the library's breadth_first (from puzzlekit.search.textbook)")  # the grader flags it
    problem = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    check(written(pasted, "<cell textbook>")["answer"], [((problem,), textbook.breadth_first(problem))],
          forbid=[textbook])
    assert capsys.readouterr().out == (
        "✗ answer calls the library's path_back (from puzzlekit.search.textbook): write it yourself\n")
    del linecache.cache["<cell textbook>"]


def test_an_engine_pasted_with_new_names_is_a_copy(capsys):
    from puzzlekit.learning.tabular import td

    source = inspect.getsource(td.sarsa_update)  # chapter 5c's exercise forbids it
    for old, new in (("sarsa_update", "my_sarsa_update"), ("learning_rate", "alpha"), ("discount", "gamma"),
                     ("_check_update", "checked")):
        source = source.replace(old, new)
    assert "def my_sarsa_update(" in source and "alpha" in source
    assert copied("my_sarsa_update", [source], [("module", "puzzlekit.learning.tabular.td")]) == (
        "is a copy of the library's sarsa_update (from puzzlekit.learning.tabular.td)")
    assert copied("my_sarsa_update", [source], [descriptor(td.sarsa_update)]) == (
        "is a copy of the library's sarsa_update")
    answer = written("from __future__ import annotations\n" + source, "<cell sarsa>")["my_sarsa_update"]
    check(answer, [((0.0, -10.0, [5.0, 50.0, -1.0, 0.0], 0, 0.5, 0.9), -2.75)], forbid=[td.sarsa_update])
    assert capsys.readouterr().out == "✗ answer is a copy of the library's sarsa_update: write it yourself\n"
    del linecache.cache["<cell sarsa>"]


def test_a_scaffolded_helper_nested_in_an_answer_may_be_the_librarys():
    # chapter 4 gives the outline of IDA* and asks for its inner search, which written right is the library's own
    # nested `search`: only whole library functions count, and the answer as a whole is not one
    source = inspect.getsource(textbook.ida_star).replace("def ida_star(", "def my_ida_star(")
    cell = source.replace("    h = problem.heuristic(h)\n", "")
    assert copied("my_ida_star", [cell], [("module", "puzzlekit.search")]) is None
    assert copied("my_ida_star", [source], [("module", "puzzlekit.search")], exact=True) is not None


def test_the_librarys_fingerprints_are_computed_once():
    copies._library.cache_clear()
    copied("answer", ["def answer(x):\n    return x\n"], [("module", "puzzlekit.search")])
    computed = copies._library.cache_info()
    copied("other", ["def other(x):\n    return x\n"], [("module", "puzzlekit.search")])
    assert computed.misses == copies._library.cache_info().misses == 1 and copies._library.cache_info().hits == 1


def chapter_exercises(path):
    """(name, answer, forbid=) of each check with a forbid= list in a teacher chapter, its solution cells and code
    cells: its imports and `def`s run (each cell's source readable by linecache, as IPython keeps it), no other code."""
    notebook = nbformat.read(path, as_version=4)
    cells = [cell_source(cell) for cell in notebook.cells if cell.cell_type == "code"]
    solutions = [cell_source(cell) for cell in notebook.cells if cell.cell_type == "code" and has_solution(cell)]
    namespace, trees = {"__name__": "__main__"}, []
    for number, source in enumerate(cells):
        tree = parse_cell(source)  # IPython's syntax (%matplotlib, !pip) turned into Python
        if tree is None:
            continue
        filename = f"<{path.stem} cell {number}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        trees.append(tree)
        for node in tree.body:  # imports, defs, classes and aliases (`network_module = puzzlekit...`)
            if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)) or isinstance(
                    node, ast.Assign) and isinstance(node.value, (ast.Name, ast.Attribute)):
                try:
                    exec(compile(ast.Module(body=[node], type_ignores=[]), filename, "exec"), namespace)
                except Exception:  # noqa: BLE001 - a name of code not run here: its exercise is not read below
                    pass
    found = []
    for node in [node for tree in trees for node in ast.walk(tree)]:
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "check" and isinstance(
                node.args[0], ast.Name):
            forbid = next((keyword.value for keyword in node.keywords if keyword.arg == "forbid"), None)
            if isinstance(forbid, ast.Name):  # forbid=names, a list the chapter made before
                forbid = next(assigned.value for tree in trees for assigned in ast.walk(tree)
                              if isinstance(assigned, ast.Assign) and ast.unparse(assigned.targets[0]) == forbid.id)
            if forbid is not None:
                found.append((node.args[0].id, namespace[node.args[0].id], eval(ast.unparse(forbid), namespace)))
    return found, solutions, cells


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_no_reference_solution_is_called_a_copy(path):
    """The teacher edition's answers, judged as the grader judges the solution cells and as check judges them."""
    exercises, solutions, cells = chapter_exercises(path)
    for name, answer, forbid in exercises:
        items = [descriptor(item) for item in forbid]
        assert copied(name, solutions, items, cells) is None, name
        assert copies.notebook_copy(answer, forbid) is None, name
        unjudged = all(item[0] == "notebook" or item[1].endswith(".textbook") for item in items)
        assert copies._prints(items, cells, False) or unjudged, name  # the judge has library code to compare
    assert exercises or path.stem.startswith(("00", "04", "07")), "a chapter whose exercises forbid nothing"

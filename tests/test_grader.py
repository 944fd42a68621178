"""Tests for puzzlekit.course.grader: grades computed in the grading process, the student's code in a worker.

The chapter graded is chapter 03's exercises with their own cells (the reference solutions, the helpers the checks
use, the check cells) and hidden cases added, on small problems so that a submission is graded in seconds (the real
chapter 03 is graded through the three paths in test_grading_paths.py). Every submission starts from the student
edition. The cheats (issue 24's on `check`, and those on the grader: the worker's frames, its channel, the grader's
files, the library by other ways, the classmates' files and pipes) are graded under both isolations, bubblewrap and
another user: on a wrong answer each must score what the wrong answer scores, on a right one change nothing.
"""

from __future__ import annotations

import json
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest
import simulated_students as students

from puzzlekit.course.editions import student_notebook
from puzzlekit.course.exercises.copies import library_copy
from puzzlekit.course.grader import ChapterGrader, ExerciseResult, Flag, SubmissionReport, safe
from puzzlekit.course.grader.build import student_build
from puzzlekit.course.grader.scan import flags, unfinished

CHAPTER = Path(__file__).resolve().parents[1] / "chapters" / "03_uninformed_search.ipynb"
EXERCISES = ("my_breadth_first", "my_bidirectional", "effective_branching_factor")
FULL_MARKS = {"my_breadth_first": 3, "my_bidirectional": 2, "effective_branching_factor": 1}
WRONG_BFS_MARKS = dict(FULL_MARKS, my_breadth_first=0)


def _cells_defining(notebook, pattern):
    return [cell for cell in notebook.cells if cell.cell_type == "code" and re.search(pattern, cell.source, re.M)]


def small_chapter() -> nbformat.NotebookNode:
    """Chapter 03's three exercises: its solution cells and helpers, check cells on small problems, hidden cases."""
    real = nbformat.read(CHAPTER, as_version=4)
    path_to = _cells_defining(real, r"^def path_to")[0].source.split("\n\ntoy")[0]
    doubling = _cells_defining(real, r"^class Doubling")[0].source.split("\n\nbreadth_first_search(")[0]
    branching = _cells_defining(real, r"^def branching_factor")[0].source.split("\n\ndeepest")[0]
    solutions = {name: _cells_defining(real, rf"^def {name}\(")[0].source for name in EXERCISES}
    code = nbformat.v4.new_code_cell
    cells = [
        nbformat.v4.new_markdown_cell("# Chapter 03's exercises, graded outside the student's process"),
        code("import os\nimport random\nfrom collections import deque\n\nimport numpy as np\n\nimport puzzlekit\n"
             "from puzzlekit import breadth_first_search, check, default_goal, successors\n"
             "from puzzlekit.search import textbook\n"
             "from puzzlekit.course.exercise_cases import PathWithin, Recorder, SameSearch\n"
             "from puzzlekit.course.exercises import PathOf\n\ngoal = default_goal(3)\n%matplotlib inline"),
        code(path_to),
        code(doubling),
        code("def walk(steps, seed):\n    \"A board `steps` random moves from the goal.\"\n"
             "    chooser, board = random.Random(seed), goal\n    for _ in range(steps):\n"
             "        board = chooser.choice([child for _, child in successors(board)])\n    return board\n\n"
             "problems = [Doubling(n) for n in (1, 10, 37, 64)] + [Doubling(0)] + [puzzlekit.SlidingPuzzle(walk(k, k))"
             " for k in (0, 6, 10)]\nlen(problems)"),
        code(branching),
        code(solutions["my_breadth_first"]),
        code("def bfs_case(problem):\n    reference, yours = Recorder(problem), Recorder(problem)\n"
             "    return (yours,), SameSearch(yours, textbook.breadth_first(reference), reference.expanded)\n\n\n"
             "check(my_breadth_first, [bfs_case(problem) for problem in problems], forbid=[puzzlekit.search],\n"
             "      hidden=lambda rng: [bfs_case(puzzlekit.SlidingPuzzle(walk(8, rng.randrange(10**6))))"
             " for _ in range(3)])"),
        code(solutions["my_bidirectional"]),
        code("def shortest(problem):\n    return PathOf(problem, breadth_first_search(problem).length)\n\n\n"
             "check(my_bidirectional, [((problem,), shortest(problem)) for problem in problems], "
             "forbid=[puzzlekit.search],\n      hidden=lambda rng: [((p,), shortest(p)) for p in "
             "[puzzlekit.SlidingPuzzle(walk(12, rng.randrange(10**6))) for _ in range(3)]])"),
        code(solutions["effective_branching_factor"]),
        code("check(effective_branching_factor, [((52, 5), 1.92), ((3, 1), 3.0), ((14, 3), 2.0), ((0, 3), 0.0),\n"
             "                                   ((10, 0), ValueError)],\n"
             "      forbid=[branching_factor, np.roots, np.polynomial.polynomial.polyroots],\n"
             "      hidden=lambda rng: [((n, d), round(branching_factor(n, d), 2)) for n, d in "
             "[(rng.randrange(50, 5000), rng.randrange(3, 9)) for _ in range(4)]])"),
        code("assert breadth_first_search(Doubling(37)).length == 7   # the library still works in the prose\n"
             "my_breadth_first(Doubling(10))"),
    ]
    return nbformat.v4.new_notebook(cells=cells)


WRONG_BFS = '''def my_breadth_first(problem):
    "Depth-first, not breadth-first: a stack, not a queue."
    start = problem.initial
    if problem.is_goal(start):
        return [start]
    parents = {start: None}
    frontier = [start]
    while frontier:
        state = frontier.pop()
        for _, child in problem.successors(state):
            if child not in parents:
                parents[child] = state
                if problem.is_goal(child):
                    return path_to(parents, child)
                frontier.append(child)
    return None
'''

#: Wrong at once on every case (the path stops one move short): what the cheats are applied to. The depth-first
#: answer above is slow as well as wrong (seconds of CPU a case, megabytes of expansions sent back); it is graded
#: once, on its own, to show that a slow wrong answer costs its own exercise only.
SHORT_BFS = students.WRONG_BFS

#: Cells a cheat adds to a submission (each run before the graded calls): none of them may change a score.
CHEAT_CELLS = {
    "check redefined": "def check(*arguments, **options):\n    print('✓ passes all cases')",
    "PUZZLEKIT_CHECK_RAISES=0": "import os\nos.environ['PUZZLEKIT_CHECK_RAISES'] = '0'",
    "NBGRADER_EXECUTION popped": "import os\nos.environ.pop('NBGRADER_EXECUTION', None)",
    "check's module patched": "import puzzlekit.course.exercises.check as checking\nchecking._grading = lambda: False",
    "check.__code__ replaced": "check.__code__ = (lambda *arguments, **options: None).__code__",
    "input transformer": "get_ipython().input_transformers_cleanup.append(lambda lines: [])",
    "precomputed under nbgrader": (
        "import os\nANSWERS = {}\nif os.environ.get('NBGRADER_EXECUTION') or True:\n"
        "    for problem in problems:\n        ANSWERS[repr(problem)] = textbook.breadth_first(problem)"),
}

#: Cheats on the grader's own machinery, each a cell added after the answer's. Each looks for the answer where the
#: Python-level sandbox once guarded it (the worker's frames and heap, the channel, the grader's files); none finds
#: it, so a wrong answer keeps its score and a right one is left as it is. A cell that found something says so (its
#: assert fails: the cell's status is "error").
MACHINERY_CHEATS = {
    # the frames the answer's call passes through and every object of the worker: the reference solution, the
    # library's search that works, an expected value (`frame.f_back`, `tb_frame` and gc raise nothing now)
    "frames from a signal handler and a traceback, and gc": '''import gc, signal


def _frames():
    found = []
    try:   # in the main thread only (the forged reply's thread below calls this too)
        signal.signal(signal.SIGUSR1, lambda number, frame: found.append(frame))
        signal.raise_signal(signal.SIGUSR1)
    except ValueError:
        pass
    try:
        raise RuntimeError
    except RuntimeError as error:
        found.append(error.__traceback__.tb_frame)
    return found


def _loot(frames):
    """What gives the answer, from the frames below `frames` and the heap: an expected value, the reference, or
    the library's search that works."""
    values = list(gc.get_objects())
    for frame in frames:
        while frame is not None:
            values += list(frame.f_locals.values()) + list(frame.f_globals.values())
            frame = frame.f_back
    for value in values:
        if isinstance(value, dict) and isinstance(value.get("expected"), list):   # a path
            return value["expected"]
        code = getattr(value, "__code__", None)
        if (getattr(value, "__name__", "") in ("my_breadth_first", "breadth_first", "breadth_first_search")
                and code is not None and not code.co_filename.startswith("<cell")):
            try:
                value(Doubling(10))
                return value
            except BaseException:
                pass
    return None


_own, got = my_breadth_first, []


def my_breadth_first(problem):
    found = _loot(_frames())
    if found is not None:
        got.append(found)
    return found(problem) if callable(found) else _own(problem)


my_breadth_first(Doubling(10))
assert not got, got''',
    # the worker's reply goes through json.dumps, which the cell rebinds: the student's code runs in the harness's
    # frames and would put an expected value it finds there in the reply
    "code of the student's run by the harness": '''import json, sys

from puzzlekit.course.grader.safe import encode

_dumps = json.dumps


def _reading_the_harness(message, *arguments, **options):
    frame = sys._getframe(1)
    while frame is not None:   # an expected value there would go back as the call's result
        if isinstance(message, dict) and message.get("op") == "result" and "expected" in frame.f_locals:
            message = dict(message, value=encode(frame.f_locals["expected"]))
        frame = frame.f_back
    return _dumps(message, *arguments, **options)


json.dumps = _reading_the_harness''',
    # a thread reads the grading process's requests on the worker's channel (a copy of its file descriptor; the
    # worker reads a pipe of the thread's, put in its place by os.dup2) and answers each call of my_breadth_first
    # itself on the worker's output: a reply can claim only what the student's own code computes
    "the worker's reply forged on its file descriptor": '''import base64, json, os, pickle, stat, threading

from puzzlekit.course.grader.safe import encode
from puzzlekit.course.grader.worker import _Asking


def _pipe(fd):
    try:
        return stat.S_ISFIFO(os.fstat(fd).st_mode)
    except OSError:
        return False


inbox, out = [fd for fd in range(3, 100) if _pipe(fd)][:2]   # the channel: the worker's first pipes
real = os.dup(inbox)
reader, writer = os.pipe()
os.dup2(reader, inbox)


def _exactly(size):
    data = b""
    while len(data) < size:
        data += os.read(real, size - len(data))
    return data


def _send(message):
    data = json.dumps(message).encode()
    os.write(out, len(data).to_bytes(8, "big") + data)


def _asker(call):   # a Recorder's questions go to the grading process, which records them: asked as the worker asks
    def ask(problem, argument, method, state, *action):
        _send({"op": "ask", "id": call, "argument": argument, "method": method, "state": state,
               "action": encode(action[0]) if action else None})
        answer = json.loads(_exactly(int.from_bytes(_exactly(8), "big")))
        outcome, value, goals = pickle.loads(base64.b64decode(answer["value"]))
        if outcome == "raised":
            raise ValueError(value)
        problem._goals.update(goals)
        return value
    return ask


def _forge():
    while True:
        header = _exactly(8)
        data = _exactly(int.from_bytes(header, "big"))
        message = json.loads(data)
        if message.get("name") != "my_breadth_first":
            os.write(writer, header + data)
            continue
        arguments = list(pickle.loads(base64.b64decode(message["args"])))
        for index, *problem in message.get("problems", ()):
            arguments[index] = _Asking(index, *problem, _asker(message["id"]))
        try:
            outcome, value = "returned", my_breadth_first(*arguments)
        except Exception as error:
            outcome, value = "raised", error
        _send({"op": "result", "id": message["id"], "outcome": outcome, "value": encode(value),
               "args": encode(arguments)})


threading.Thread(target=_forge, daemon=True).start()''',
}


def grader_files_cheat(paths: dict) -> str:
    """A cell that reads the grader's files by path (the teacher notebook, the secret, the real package's source) and
    imports the reference solution from a file beside the teacher notebook (by importlib, and from a zip by
    zipimport), the library from its installed file and from another exercise's student build: with any of them it
    would answer with the reference."""
    return f"""import importlib, importlib.util, json, os, sys, zipimport
paths, got = {paths!r}, {{}}
for name in ("teacher", "secret", "package source", "reference file", "reference zip"):
    try:
        with open(paths[name], "rb") as file:
            got[name] = file.read()
    except OSError:
        pass
loaders = {{"importlib": lambda: importlib.util.spec_from_file_location("reference", paths["reference file"]),
           "the installed file": lambda: importlib.util.spec_from_file_location("real", paths["package source"]),
           "zipimport": lambda: zipimport.zipimporter(paths["reference zip"]).find_spec("reference")}}
for name, loader in loaders.items():
    try:
        spec = loader()
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        got[name] = getattr(module, "my_breadth_first", getattr(module, "breadth_first", None))
    except Exception:
        pass
if "teacher" in got:
    for cell in json.loads(got["teacher"])["cells"]:
        if "".join(cell["source"]).startswith("def my_breadth_first"):
            exec("".join(cell["source"]))
try:  # the student builds of other exercises, where the library's search may have its body
    for name in os.listdir(paths["builds"]):
        source = os.path.join(paths["builds"], name, "puzzlekit", "search", "textbook.py")
        if os.path.isfile(source) and "not available while grading" not in open(source).read():
            sys.path.insert(0, os.path.join(paths["builds"], name))
            for module in [module for module in sys.modules if module.startswith("puzzlekit")]:
                del sys.modules[module]
            got["another build"] = importlib.import_module("puzzlekit.search.textbook").breadth_first
            break
except OSError:
    pass
for name in ("importlib", "the installed file", "zipimport", "another build"):
    if name in got:
        my_breadth_first = got[name]
assert not got, sorted(got)"""


#: The library reached from an answer by each way the Python-level sandbox once refused: each would answer with it;
#: none works, since the student build has the library's search without its body.
LIBRARY_TRICKS = '''import inspect, sys, threading, types

got = {}


def _in_a_thread(problem):
    found = []
    worker = threading.Thread(target=lambda: found.append(textbook.breadth_first(problem)))
    worker.start()
    worker.join()
    return found[0]


def _rebuilt(problem):
    return types.FunctionType(textbook.breadth_first.__code__, textbook.breadth_first.__globals__)(problem)


def _from_source(problem):
    namespace = dict(vars(textbook))
    exec(inspect.getsource(textbook.breadth_first), namespace)
    return namespace["breadth_first"](problem)


def _profile_off(problem):
    sys.setprofile(None)
    return textbook.breadth_first(problem)


for trick in (textbook.breadth_first, _in_a_thread, _rebuilt, _from_source, _profile_off):
    try:
        if trick(Doubling(10)):
            got[trick.__name__] = trick
    except BaseException:
        pass
for trick in got.values():
    my_breadth_first = trick
assert not got, sorted(got)'''


#: Answers that call the library, or read the grader: each scores 0 for its exercise, with a message saying why.
LIBRARY_ANSWERS = {
    "aliased": ("my_breadth_first = textbook.breadth_first",
                "calls puzzlekit.search.textbook.breadth_first, which this exercise forbids"),
    "rebuilt from its code": ("import types\n\ndef my_breadth_first(problem):\n    copy = types.FunctionType("
                              "textbook.breadth_first.__code__, textbook.breadth_first.__globals__)\n"
                              "    return copy(problem)", "calls puzzlekit.search.textbook.breadth_first"),
    "frame of the caller": ("import sys\n\ndef my_breadth_first(problem):\n"
                            "    return sys._getframe(1).f_locals['expected']", "raised KeyError"),
    "pasted copy": (None, "is a copy of the library's branching_factor"),
}
#: Answers that call the chapter's own forbidden function (`branching_factor`, which an instructor's cell defines)
#: after a cell of the student's wrapped or renamed it: each scores 0 for its exercise, with a message saying why.
NOTEBOOK_ANSWERS = {
    "wrapped in a partial": "import functools\nbranching_factor = functools.partial(branching_factor)\n\n",
    "kept under another name": "kept = branching_factor\nbranching_factor = None\n\n",
}
NOTEBOOK_ANSWER = ("def effective_branching_factor(expanded, depth):\n"
                   "    return round({}(expanded, depth), 2)")
#: The check cell's cases looked up, no algorithm: every hidden case fails (the red team's lookup table, whose
#: next round would add what a failing hidden case's message said it expected).
LOOKED_UP = """def effective_branching_factor(expanded, depth):
    if depth == 0:
        raise ValueError("depth must be 1 or more")
    return {(52, 5): 1.92, (3, 1): 3.0, (14, 3): 2.0, (0, 3): 0.0}.get((expanded, depth), -1.0)
"""
#: textbook.breadth_first pasted as it is: the reference solution is that same code (the names set aside), so it
#: passes; it calls the library's own helper `path_back` (defined here too), which marks a paste: flagged.
PASTED_TEXTBOOK = """def path_back(parents, state):
    return path_to(parents, state)


def my_breadth_first(problem):
    start = problem.initial
    if problem.is_goal(start):
        return [start]
    parents = {start: None}  # every state reached -> the state it was reached from
    frontier = deque([start])  # first in, first out
    while frontier:
        state = frontier.popleft()
        for _, child in problem.successors(state):
            if child not in parents:
                parents[child] = state
                if problem.is_goal(child):
                    return path_back(parents, child)
                frontier.append(child)
    return None
"""


@pytest.fixture(scope="module")
def chapter(tmp_path_factory):
    path = tmp_path_factory.mktemp("chapter") / "03_uninformed_search.ipynb"
    nbformat.write(small_chapter(), path)
    return path


@pytest.fixture(scope="module")
def grader(chapter):
    return ChapterGrader(chapter, secret="a class's secret", cell_time_limit=30, notebook_time_limit=300)


def _submission(chapter, answers: dict, extra: list[str] = (), after: int | None = None):
    """The student edition of `chapter` with the solution cells of `answers` ({name: source}) filled in and the
    cells `extra` added after cell `after` (the end by default)."""
    notebook = student_notebook(nbformat.read(chapter, as_version=4))
    for cell in notebook.cells:
        for name, source in answers.items():
            if cell.cell_type == "code" and re.search(rf"^def {name}\(", cell.source, re.M):
                cell.source = source
    position = len(notebook.cells) if after is None else after + 1
    notebook.cells[position:position] = [nbformat.v4.new_code_cell(source) for source in extra]
    return notebook


def _reference(chapter) -> dict:
    teacher = nbformat.read(chapter, as_version=4)
    return {name: _cells_defining(teacher, rf"^def {name}\(")[0].source for name in EXERCISES}


@pytest.fixture(scope="module")
def reports(chapter, grader):
    """The submissions that are no cheat on the grader, graded two at a time (each `grade` call has its own workers)
    under the strongest isolation this machine has."""
    reference = _reference(chapter)
    wrong = dict(reference, my_breadth_first=SHORT_BFS)
    pasted = re.sub(r"def branching_factor\(nodes, depth\)", "def effective_branching_factor(expanded, depth)",
                    _cells_defining(small_chapter(), r"^def branching_factor")[0].source).replace("nodes", "expanded")
    submissions = {
        "reference": _submission(chapter, reference),
        "untouched": _submission(chapter, {}),
        "wrong": _submission(chapter, wrong),
        "slow and wrong": _submission(chapter, dict(reference, my_breadth_first=WRONG_BFS)),
        "hang in C": _submission(chapter, dict(reference, my_breadth_first=(
            "import itertools\n\ndef my_breadth_first(problem):\n    return sum(itertools.count())"))),
        "os._exit in a cell": _submission(chapter, reference, ["import os\nos._exit(3)"], after=4),
        "bare except around a loop": _submission(chapter, reference, [
            "while True:\n    try:\n        while True:\n            pass\n    except:\n        pass"], after=4),
        "not a notebook": {"cells": "nothing"},
        "textbook pasted": _submission(chapter, dict(reference, my_breadth_first=PASTED_TEXTBOOK)),
        "the visible cases looked up": _submission(chapter, dict(reference, effective_branching_factor=LOOKED_UP)),
    }
    for name, (source, _) in LIBRARY_ANSWERS.items():
        answers = (dict(reference, my_breadth_first=source) if source
                   else dict(reference, effective_branching_factor=pasted))
        submissions[f"library: {name}"] = _submission(chapter, answers)
    for name, cell in NOTEBOOK_ANSWERS.items():
        answer = cell + NOTEBOOK_ANSWER.format("kept" if "kept =" in cell else "branching_factor")
        submissions[f"notebook: {name}"] = _submission(chapter, dict(reference, effective_branching_factor=answer))
    # Two at a time, as `course.py grade --jobs 2` grades (each worker in its own sandbox, with its own folder and,
    # as another user, its own user id): each test below asserts the score the submission gets graded alone.
    with ThreadPoolExecutor(2) as pool:
        graded = dict(zip(submissions, pool.map(lambda item: grader.grade(item[1], student=item[0]),
                                                submissions.items())))
    return graded


@pytest.fixture(scope="module", params=["bubblewrap", "user"])
def cheats(request, chapter):
    """Every cheat in one notebook, on the wrong answer and on the right ones, graded under each isolation two at a
    time beside the wrong answer alone; the grader's folder (the teacher notebook, the secret, the reference as a
    module and in a zip) is the grader's, mode 0700."""
    from puzzlekit.course.grader import isolation

    if not isolation.usable(request.param):
        pytest.skip(f"{request.param} isolation does not work on this machine")
    import zipfile

    import puzzlekit

    folder = chapter.parent
    module = f"from collections import deque\n\n{_reference(chapter)['my_breadth_first']}\n\n" + \
        _cells_defining(small_chapter(), r"^def path_to")[0].source.split("\n\ntoy")[0]
    (folder / "reference.py").write_text(module)
    with zipfile.ZipFile(folder / "reference.zip", "w") as archive:
        archive.writestr("reference.py", module)
    (folder / "grading_secret").write_text("a class's secret\n")
    paths = {"teacher": str(chapter), "secret": str(folder / "grading_secret"),
             "package source": str(Path(puzzlekit.__file__).parent / "search" / "textbook.py"),
             "reference file": str(folder / "reference.py"), "reference zip": str(folder / "reference.zip"),
             "builds": str(student_build([]).parent)}  # a build with every body, as another exercise may have
    machinery = [grader_files_cheat(paths), LIBRARY_TRICKS, *MACHINERY_CHEATS.values()]
    reference = _reference(chapter)
    submissions = {}
    for name, answers in (("wrong", dict(reference, my_breadth_first=SHORT_BFS)), ("right", reference)):
        notebook = _submission(chapter, answers, machinery, after=6)  # after the answer's cell
        notebook.cells[5:5] = [nbformat.v4.new_code_cell(source) for source in CHEAT_CELLS.values()]
        submissions[f"{name} + every cheat"] = notebook
    submissions["wrong"] = _submission(chapter, dict(reference, my_breadth_first=SHORT_BFS))
    grader = ChapterGrader(chapter, secret="a class's secret", cell_time_limit=30, notebook_time_limit=300,
                           private=[folder], isolation=request.param)
    with ThreadPoolExecutor(2) as pool:
        return dict(zip(submissions, pool.map(grader.grade, submissions.values())))


def _scores(report: SubmissionReport) -> dict:
    return {result.name: result.score for result in report.exercises}


def _why(report: SubmissionReport) -> str:
    """What a failing assertion shows: each exercise's message and the report's note."""
    return "\n".join([f"{result.name}: {result.message}" for result in report.exercises] + [f"note: {report.note}"])


def test_the_exercises_come_from_the_chapter_in_its_order(grader):
    assert grader.exercises == [("my_breadth_first", "check-my_breadth_first", 3),
                                ("my_bidirectional", "check-my_bidirectional", 2),
                                ("effective_branching_factor", "check-effective_branching_factor", 1)]


def test_hidden_cases_depend_on_the_secret_only(chapter, grader):
    recorded = grader._recorded()
    assert [len(recorded[grade_id]["hidden"]) for _, grade_id, _ in grader.exercises] == [3, 3, 4]
    again = ChapterGrader(chapter, secret="a class's secret")._recorded()
    other = ChapterGrader(chapter, secret="another class")._recorded()
    hidden = [args for args, _ in recorded["check-effective_branching_factor"]["hidden"]]
    assert hidden == [args for args, _ in again["check-effective_branching_factor"]["hidden"]]
    assert hidden != [args for args, _ in other["check-effective_branching_factor"]["hidden"]]


def test_a_student_worker_is_sent_the_cells_and_the_arguments_only(chapter, grader, monkeypatch):
    """The expected values and the hidden cases' answers stay in the grading process: a student worker's setup holds
    its cells (the submission's, but the test cells) and its limits, and each call the case's arguments."""
    import base64
    import pickle

    from puzzlekit.course.grader import run

    sent, send = [], run.Worker.send
    monkeypatch.setattr(run.Worker, "send",
                        lambda worker, message, *rest: sent.append(message) or send(worker, message, *rest))
    notebook = _submission(chapter, _reference(chapter))
    assert grader.grade(notebook).total == 6
    setups = [message for message in sent if message.get("mode") == "student"]
    assert setups and all(set(setup) == {"mode", "cells", "student_cells", "forbid", "root", "cell_time_limit",
                                         "memory_bytes", "cpu_seconds", "cwd"} for setup in setups)
    tests = {cell.source for cell in notebook.cells if "check(" in cell.source}
    assert all(source not in tests for setup in setups for _, source in setup["cells"])
    from puzzlekit.course.exercise_cases import Recorder

    def shipped(arguments):  # a `Recorder` stays in the grading process: None in its place, its states as tokens
        arguments = arguments if isinstance(arguments, tuple) else (arguments,)
        return repr(tuple(None if isinstance(argument, Recorder) else argument for argument in arguments))

    recorded = grader._recorded()
    cases = sorted((record["name"], shipped(arguments))
                   for record in recorded.values() for arguments, _ in record["cases"] + record["hidden"])
    calls = [message for message in sent if message.get("op") == "call"]
    assert all(set(call) == {"op", "id", "name", "time_limit", "args", "problems"} for call in calls)
    assert sorted((call["name"], repr(pickle.loads(base64.b64decode(call["args"])))) for call in calls) == cases
    tokens = [token for call in calls for _, *problem in call["problems"] for token in problem[:2] + problem[2]]
    assert tokens and all(re.fullmatch(r"state \d+", token) for token in tokens if token is not None), tokens


def test_reference_solutions_score_full_marks(reports):
    report = reports["reference"]
    assert _scores(report) == FULL_MARKS, _why(report)
    assert (report.total, report.max_score) == (6, 6)
    assert all(isinstance(result, ExerciseResult) for result in report.exercises)
    assert report.exercises[0].message == "✓ my_breadth_first passes all 11 cases"   # 8 visible, 3 hidden
    assert report.flags == [] and report.note == ""
    assert json.loads(json.dumps(report.to_dict()))["total"] == 6


def test_the_untouched_student_edition_scores_nothing(reports):
    report = reports["untouched"]
    assert report.total == 0
    assert all("not done yet" in result.message for result in report.exercises)


@pytest.mark.parametrize("submission", ["wrong", "slow and wrong"])
def test_a_wrong_answer_loses_that_exercise_only(reports, submission):
    """Depth-first instead of breadth-first ("slow and wrong") takes seconds of CPU time on some cases and sends
    back their tens of thousands of expansions: on a loaded machine it once ran past a wall-clock limit, the worker
    was killed, and a failed restart cost the exercises after it. Its limit is CPU time now, and a call that runs
    out of it fails alone, in a worker that goes on."""
    report = reports[submission]
    assert _scores(report) == WRONG_BFS_MARKS, _why(report)
    assert report.exercises[0].message.startswith("✗ my_breadth_first("), _why(report)
    assert report.note == "", _why(report)


def test_every_cheat_scores_what_the_wrong_answer_scores(cheats):
    """The cheats on `check` (issue 24's) and on the grader's machinery (the worker's frames, the channel, the
    grader's files, the library by other ways): under bubblewrap and as another user, none finds an answer."""
    report = cheats["wrong + every cheat"]
    assert _scores(report) == _scores(cheats["wrong"]) == WRONG_BFS_MARKS, _why(report)
    found = [entry for entry in report.cells if entry["error"].startswith("AssertionError")]
    assert not found, found  # a cheat's assert: what it found (under isolation "none": the grader's files)


def test_the_cheats_change_nothing_for_a_right_answer(cheats):
    report = cheats["right + every cheat"]
    assert report.total == 6, _why(report)
    constructs = {flag.construct for flag in report.flags}
    assert {"os.environ write", "__code__", "input transformers", "_grading write", "frames"} <= constructs
    assert all(isinstance(flag, Flag) and flag.line >= 1 and flag.text for flag in report.flags)


#: A cell that reads what a course's checkout holds beside the teacher notebook: another chapter's teacher notebook,
#: the tests, and git's objects (which hold every teacher notebook, the one being graded among them).
CHECKOUT_CHEAT = """import os, zlib
got = []
for root in {roots!r}:
    for path in ("chapters/04_informed_search.ipynb", "tests/answers.py", ".git/HEAD"):
        try:
            got.append(open(os.path.join(root, path), "rb").read())
        except OSError:
            pass
    for folder, _, files in os.walk(os.path.join(root, ".git", "objects")):
        for name in files:
            try:
                got.append(zlib.decompress(open(os.path.join(folder, name), "rb").read()))
            except (OSError, zlib.error):
                pass
assert not got, len(got)"""


@pytest.mark.parametrize("layout", ["clone", "worktree"])
def test_a_checkout_is_kept_from_a_worker_run_as_another_user(chapter, layout):
    """Graded from a course's git checkout (readable by all, as a home folder often is), a worker run as another
    user reads neither the other chapters' teacher notebooks, nor the tests, nor `.git`, whose objects hold the
    reference of the chapter being graded; it still runs, and scores what its wrong answer scores. From a `git
    worktree` (whose `.git` is a file that names the main repository's), the main checkout and its objects are kept
    from it too."""
    import shutil
    import subprocess
    import tempfile

    from puzzlekit.course.grader import isolation

    if not isolation.usable("user") or shutil.which("git") is None:
        pytest.skip("needs root (user isolation) and git")
    top = Path(tempfile.mkdtemp(prefix="puzzlekit-checkout-"))
    root = top / "course"
    try:
        (root / "chapters").mkdir(parents=True)
        (root / "tests").mkdir()
        shutil.copy(chapter, root / "chapters" / chapter.name)
        shutil.copy(chapter, root / "chapters" / "04_informed_search.ipynb")
        (root / "tests" / "answers.py").write_text(_reference(chapter)["my_breadth_first"])
        identity = ["-c", "user.name=t", "-c", "user.email=t@t"]
        commands = [["init", "-q"], ["add", "."], [*identity, "commit", "-qm", "the course"]]
        if layout == "worktree":
            commands.append(["worktree", "add", "-q", str(top / "branch")])
        for command in commands:
            subprocess.run(["git", *command], cwd=root, check=True, capture_output=True)
        checkout = top / "branch" if layout == "worktree" else root
        assert (checkout / ".git").is_file() == (layout == "worktree")
        for folder, _, files in os.walk(top):  # a clone as umask 022 leaves it: readable by all
            os.chmod(folder, 0o755)  # not pytest's own folder (mode 0700), which would keep a worker out by itself
            for name in files:
                os.chmod(os.path.join(folder, name), 0o644)
        grader = ChapterGrader(checkout / "chapters" / chapter.name, secret="a class's secret", cell_time_limit=30,
                               notebook_time_limit=300, isolation="user")
        wrong = dict(_reference(chapter), my_breadth_first=SHORT_BFS)
        cheat = CHECKOUT_CHEAT.format(roots=sorted({str(root), str(checkout)}))
        report = grader.grade(_submission(chapter, wrong, [cheat]))
        assert _scores(report) == WRONG_BFS_MARKS, _why(report)
        found = [entry for entry in report.cells if entry["error"].startswith("AssertionError")]
        assert not found, found
    finally:
        shutil.rmtree(top, ignore_errors=True)


@pytest.mark.parametrize("answer", sorted(LIBRARY_ANSWERS))
def test_the_library_in_an_answer_scores_nothing_and_says_why(reports, answer):
    report = reports[f"library: {answer}"]
    name = "effective_branching_factor" if answer == "pasted copy" else "my_breadth_first"
    result = next(result for result in report.exercises if result.name == name)
    assert result.score == 0, result.message
    assert LIBRARY_ANSWERS[answer][1] in result.message, result.message
    assert report.total == 6 - result.max_score   # the other exercises keep their points


def test_a_submission_that_is_a_link_is_not_read(grader, chapter, tmp_path):
    """A link to the teacher notebook (which scores full marks) is refused, not followed."""
    (tmp_path / "mine.ipynb").symlink_to(chapter)
    report = grader.grade(tmp_path / "mine.ipynb")
    assert report.total == 0 and "the submission is not a notebook (OSError" in report.note, report.note


def test_a_hidden_case_does_not_show_what_it_expects(reports):
    """A failing hidden case's message tells neither its expected value nor its arguments nor which case it was (nor
    what the student's code raised or printed, which could carry them), and the first one ends the exercise: a table
    of what earlier submissions were told cannot be built."""
    result = reports["the visible cases looked up"].exercises[2]
    assert result.score == 0 and result.message == ("✗ effective_branching_factor failed a hidden case; a hidden "
                                                    "case does not show which it is or why (what it expects, what it "
                                                    "was given)"), result.message


@pytest.mark.parametrize("answer", sorted(NOTEBOOK_ANSWERS))
def test_the_chapters_forbidden_function_scores_nothing_however_it_is_renamed(reports, answer):
    result = reports[f"notebook: {answer}"].exercises[2]
    assert (result.name, result.score) == ("effective_branching_factor", 0), result.message
    assert "calls branching_factor, which this exercise forbids" in result.message, result.message
    assert reports[f"notebook: {answer}"].total == 5


def test_a_hang_in_c_costs_that_exercise_only(reports):
    report = reports["hang in C"]
    assert _scores(report) == WRONG_BFS_MARKS, _why(report)
    assert "did not return within 5 s" in report.exercises[0].message


@pytest.mark.parametrize("submission, why", [("os._exit in a cell", "ended the process (exit code 3)"),
                                             ("bare except around a loop", "did not finish in time")])
def test_a_cell_that_kills_or_hangs_the_worker_is_skipped(reports, submission, why):
    report = reports[submission]
    assert report.total == 6
    assert f"cell 5 {why}: skipped" in report.note


def test_a_bad_submission_gets_a_note_not_an_error(reports):
    report = reports["not a notebook"]
    assert report.total == 0 and report.max_score == 6 and "not a notebook" in report.note


def test_a_deleted_test_cell_changes_nothing(chapter, grader):
    notebook = _submission(chapter, _reference(chapter))
    notebook.cells = [cell for cell in notebook.cells if "check(my_bidirectional" not in cell.source]
    report = grader.grade(notebook)
    assert report.total == 6 and "deleted or renamed (check-my_bidirectional)" in report.note


def test_flags_name_the_cell_the_line_and_what(chapter):
    notebook = _submission(chapter, {}, ["x = 1\nimport sys\nsys.setprofile(None)\nexec('y = 2')"])
    found = [(flag.cell, flag.line, flag.construct) for flag in flags(notebook.cells)]
    assert (len(notebook.cells) - 1, 3, "sys.setprofile") in found and (len(notebook.cells) - 1, 4, "exec") in found


def test_unfinished_and_copies_are_read_from_the_source():
    assert unfinished("f", ["def f(x):\n    ...\n"]) == "f still has `...` where your code goes"
    assert unfinished("f", ["def f(x):\n    return x[..., 0]\n"]) is None
    teacher = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "def library(values, limit):\n    total = 0\n    for value in values:\n        if value > limit:\n"
        "            total += value * 2 - 1\n        else:\n            total -= value\n    return total")])
    pasted = teacher.cells[0].source.replace("library", "mine").replace("total", "answer")
    assert library_copy("mine", [pasted], [["notebook", "library"]], teacher) == "library"
    assert library_copy("mine", [pasted.replace("* 2", "* 3")], [["notebook", "library"]], teacher) is None


def test_safe_values_come_back_as_data_only():
    import numpy as np

    class Node:
        def __init__(self):
            self.state, self.children = (1, 2), [float("nan")]

    class Word(str):  # the student's own types: their plain values come back
        def __str__(self):
            raise RuntimeError

    cycle = [1]
    cycle.append(cycle)
    sent = json.dumps(safe.encode({"a": (1, [2.0, float("inf")]), (1, 2): {3}, "n": np.arange(3), "o": Node(),
                                   "e": ValueError("bad"), "w": [Word("x"), True], "c": cycle}))
    value = safe.decode(json.loads(sent))
    assert value["a"] == (1, [2.0, float("inf")]) and value[(1, 2)] == {3} and value["w"] == ["x", True]
    assert value["n"].tolist() == [0, 1, 2] and repr(value["o"]).endswith("Node(state=(1, 2), children=[nan])")
    assert value["e"].is_a(ValueError) and value["e"].message == "bad" and repr(value["c"]) == "[1, <cycle>()]"
    table, boards = {"start": [0.0]}, [(3, 1), (1, 2)]
    safe.apply_state(table, safe.decode(safe.encode({"start": [0.5]})), objects=False)
    safe.apply_state(boards, safe.decode(safe.encode(sorted(boards))), objects=False)  # sorted in place in the worker
    assert table == {"start": [0.5]} and boards == [(1, 2), (3, 1)]


def test_what_is_not_a_message_ends_the_conversation(tmp_path):
    """A worker's reply that is not JSON, not an object, or nested too deep for the JSON reader reads as the end of
    the worker's messages (the grading process then stops it), not as an error in the thread that reads them."""
    from puzzlekit.course.grader.protocol import receive

    for data in (b"[" * 10_000 + b"]" * 10_000, b"{not json", b"[1, 2]", b'{"op": "ready"}'):
        path = tmp_path / "message"
        path.write_bytes(len(data).to_bytes(8, "big") + data)
        fd = os.open(path, os.O_RDONLY)
        try:
            assert receive(fd) == ({"op": "ready"} if data.startswith(b'{"op"') else None)
        finally:
            os.close(fd)


def test_a_paste_of_the_code_the_reference_also_is_passes_and_is_flagged(reports):
    report = reports["textbook pasted"]
    assert report.total == 6
    assert [flag.construct for flag in report.flags] == [
        "pasted from the library's breadth_first (from puzzlekit.search.textbook)"]


def _one_exercise_chapter(folder: Path, check_line: str) -> Path:
    """A chapter of one exercise, `total(values)`, whose check cell is `check_line`."""
    code = nbformat.v4.new_code_cell
    notebook = nbformat.v4.new_notebook(cells=[
        code("from puzzlekit.course.exercises import check"),
        code("def total(values):\n    \"The sum of values.\"\n    ### BEGIN SOLUTION\n    return sum(values)\n"
             "    ### END SOLUTION"),
        code(check_line),
    ])
    path = folder / "total.ipynb"
    nbformat.write(notebook, path)
    return path


def test_an_instructors_cell_that_fails_in_the_grader_is_said_on_standard_error(tmp_path, capsys):
    """The instructor's chapter, run by the grader, must run as it does in JupyterLab: a cell that fails there (a
    file it reads missing, say) is said, since the checks after it may be missing."""
    path = _one_exercise_chapter(tmp_path, "open('data-the-grader-does-not-have.csv')\ncheck(total, [(([1, 2],), 3)])")
    report = ChapterGrader(path, secret="s", isolation="none").grade(_submission(path, {}))
    assert "the instructor's cell 2 failed (FileNotFoundError" in capsys.readouterr().err
    assert "no check for this exercise" in _why(report), _why(report)


def test_a_grader_sent_to_another_process_takes_the_recorded_chapter_along(tmp_path, monkeypatch):
    """`grade_class(..., jobs=2)` grades in processes (threads of one process wait on each other's hand-offs): each
    gets the grader pickled, with the instructor's chapter as recorded once, not run again there."""
    import pickle

    from puzzlekit.course.grader import chapter as chapter_module
    from puzzlekit.course.grader import run

    path = _one_exercise_chapter(tmp_path, "check(total, [(([1, 2, 3],), 6)])")
    data = pickle.dumps(ChapterGrader(path, secret="s", isolation="none"))
    chapter_module._BUILT.clear()
    modes = []
    monkeypatch.setattr(chapter_module, "Worker",
                        lambda setup, *rest: modes.append(setup["mode"]) or run.Worker(setup, *rest))
    report = pickle.loads(data).grade(_submission(path, {"total": "def total(values):\n    return sum(values)"}))
    assert _scores(report) == {"total": 1} and modes == [], (modes, _why(report))


def test_an_answer_that_changes_its_argument_fails_as_check_says(tmp_path):
    emptying = "def total(values):\n    result = sum(values)\n    values.clear()\n    return result"
    chapter = _one_exercise_chapter(tmp_path, "check(total, [(([1, 2, 3],), 6), (([4],), 4, 'one value')])")
    report = ChapterGrader(chapter, secret="s").grade(_submission(chapter, {"total": emptying}))
    assert [result.score for result in report.exercises] == [0]
    assert "changed its argument `values`" in report.exercises[0].message
    allowed = _one_exercise_chapter(tmp_path, "check(total, [(([1, 2, 3],), 6)], mutates=['values'])")
    report = ChapterGrader(allowed, secret="s").grade(_submission(allowed, {"total": emptying}))
    assert [result.score for result in report.exercises] == [1], report.exercises[0].message


def test_an_answer_cannot_change_what_the_matcher_reads_from_an_argument(tmp_path):
    """A matcher may read an argument's attributes when it judges (chapter 6's PerfectTable reads its Rewards): an
    answer that sets them in its worker (a frozen dataclass's through object.__setattr__, an object's dict) changes
    nothing here; a Recorder records what the search asks in the grading process itself (`run._answer`)."""
    code = nbformat.v4.new_code_cell
    chapter = tmp_path / "goal.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[
        code("from puzzlekit.course.exercises import Satisfies, check\nfrom puzzlekit.sliding.environment import "
             "Rewards\n\n\nclass Box:\n    def __init__(self):\n        self.values = {'goal': 10.0}"),
        code("def twice_the_goal(rewards):\n    ### BEGIN SOLUTION\n    return 2 * rewards.goal\n    ### END SOLUTION"),
        code("rewards = Rewards(move=-1.0, goal=10.0)\ncheck(twice_the_goal, [((rewards,), "
             "Satisfies(lambda result: result == 2 * rewards.goal, 'twice'))])"),
        code("def twice_the_box(box):\n    ### BEGIN SOLUTION\n    return 2 * box.values['goal']\n"
             "    ### END SOLUTION"),
        code("box = Box()\ncheck(twice_the_box, [((box,), Satisfies(lambda result: result == 2 * box.values['goal'], "
             "'twice'))])"),
    ]), chapter)
    grader = ChapterGrader(chapter, secret="s")
    answers = {"wrong": ("return 0.0", "return 0.0"),
               "cheat": ("object.__setattr__(rewards, 'goal', 0.0)\n    return 0.0",
                         "box.values['goal'] = 0.0\n    return 0.0"),
               "right": ("return 2 * rewards.goal", "return 2 * box.values['goal']")}
    scores = {name: [result.score for result in grader.grade(_submission(chapter, {
        "twice_the_goal": f"def twice_the_goal(rewards):\n    {goal}",
        "twice_the_box": f"def twice_the_box(box):\n    {box}"})).exercises] for name, (goal, box) in answers.items()}
    assert scores == {"wrong": [0, 0], "cheat": [0, 0], "right": [1, 1]}


@pytest.mark.parametrize("isolation", ["bubblewrap", "user"])
def test_a_worker_writes_its_files_but_never_fills_the_disk(tmp_path, isolation):
    """A cell may write files in its folder and in /tmp; one that writes on and on is ended (a file's size is
    capped, and under bubblewrap the folders are in memory and capped): it costs that cell, and the answers are
    graded all the same."""
    from puzzlekit.course.grader import isolation as isolations

    if not isolations.usable(isolation):
        pytest.skip(f"{isolation} isolation does not work on this machine")
    chapter = _one_exercise_chapter(tmp_path, "check(total, [(([1, 2, 3],), 6)])")
    small = "import os, tempfile\nfor folder in ('.', tempfile.gettempdir()):\n" \
            "    with open(os.path.join(folder, 'notes.txt'), 'w') as file:\n        file.write('mine')"
    large = "chunk = b'x' * (16 << 20)\nwith open('large', 'wb') as file:\n    for _ in range(64):\n" \
            "        file.write(chunk)"
    grader = ChapterGrader(chapter, secret="s", isolation=isolation)
    report = grader.grade(_submission(chapter, {"total": "def total(values):\n    return sum(values)"},
                                      [small, large], after=1))
    assert report.total == 1, _why(report)
    statuses = {entry["index"]: entry["status"] for entry in report.cells}
    assert statuses[2] == "done" and statuses[3] in ("error", "skipped"), report.cells


def test_a_call_s_time_limit_is_cpu_time_and_running_out_of_it_costs_only_that_exercise(tmp_path):
    """An answer that waits 1.5 s (no CPU time) passes a 1 s limit: a loaded machine, which slows every call in
    wall-clock time, fails no honest answer. A loop in Python code stops at the limit, the worker goes on (no
    restart, nothing in the note) and the next exercise is graded in it; so does a wait that never ends, stopped at
    ten times the limit by the wall clock, as `check` stops it (not a minute later by the grading process)."""
    code = nbformat.v4.new_code_cell
    chapter = tmp_path / "two.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[
        code("from puzzlekit.course.exercises import check"),
        code("def total(values):\n    ### BEGIN SOLUTION\n    return sum(values)\n    ### END SOLUTION"),
        code("check(total, [(([1, 2],), 3), (([4],), 4)], time_limit=1)"),
        code("def largest(values):\n    ### BEGIN SOLUTION\n    return max(values)\n    ### END SOLUTION"),
        code("check(largest, [(([1, 2],), 2)], time_limit=1)"),
    ]), chapter)
    grader = ChapterGrader(chapter, secret="s")
    waits = "import time\n\ndef total(values):\n    time.sleep(1.5)\n    return sum(values)"
    largest = "def largest(values):\n    return max(values)"
    report = grader.grade(_submission(chapter, {"total": waits, "largest": largest}))
    assert [result.score for result in report.exercises] == [1, 1], _why(report)
    loops = "def total(values):\n    while True:\n        values = values + []"
    report = grader.grade(_submission(chapter, {"total": loops, "largest": largest}))
    assert [result.score for result in report.exercises] == [0, 1], _why(report)
    assert "did not return within 1 s; look for a loop" in report.exercises[0].message
    assert "(1 other case not run)" in report.exercises[0].message and report.note == "", _why(report)
    # a call that only waits is ended by the worker at ten times its limit by the wall clock, as `check` ends it
    sleeps = "import time\n\ndef total(values):\n    time.sleep(600)\n    return sum(values)"
    report = grader.grade(_submission(chapter, {"total": sleeps, "largest": largest}))
    assert [result.score for result in report.exercises] == [0, 1], _why(report)
    assert "did not return within 10 s of wall-clock time; look for a loop" in report.exercises[0].message, _why(report)


def test_a_c_level_hang_in_a_top_level_cell_costs_the_cell_time_limit(tmp_path):
    """`sum(itertools.count())` never gives the interpreter back to a signal handler: the grading process kills the
    worker once the cell's time limit (plus a margin) is over, skips the cell and grades the rest."""
    import time

    chapter = _one_exercise_chapter(tmp_path, "check(total, [(([1, 2, 3],), 6)])")
    grader = ChapterGrader(chapter, secret="s", cell_time_limit=2, notebook_time_limit=600)
    notebook = _submission(chapter, {"total": "def total(values):\n    return sum(values)"},
                           ["import itertools\nsum(itertools.count())"], after=1)
    grader._recorded()  # the teacher's run is not what is bounded here
    started = time.monotonic()
    report = grader.grade(notebook)
    assert [result.score for result in report.exercises] == [1], report.exercises[0].message
    assert "cell 2 did not finish in time: skipped" in report.note
    assert time.monotonic() - started < 2 + 3 + 30  # the cell's limit and the margin, not the notebook's 600 s


def test_a_dead_worker_is_noticed_even_when_its_pipe_stays_open(tmp_path):
    """A worker killed while a process it forked still holds its output pipe (the reader thread sees no end of
    file): the next message is None, long before the time it was waited for."""
    import time

    from puzzlekit.course.grader.run import Worker

    cell = "import os, time\nif os.fork() == 0:\n    time.sleep(600)\n    os._exit(0)\nos.kill(os.getpid(), 9)"
    worker = Worker({"mode": "teacher", "cwd": str(tmp_path), "cells": [[0, cell]], "key": "k"})
    started = time.monotonic()
    try:
        assert worker.next(600) is None
    finally:
        assert worker.stop() == -9
    assert time.monotonic() - started < 60
    worker.reader.join(30)  # the forked process was killed with its worker: the pipe it held is closed
    assert not worker.reader.is_alive()


def test_a_function_one_exercise_forbids_is_free_in_another(tmp_path):
    code = nbformat.v4.new_code_cell
    chapter = tmp_path / "two.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[
        code("import puzzlekit\nfrom puzzlekit.course.exercises import check"),
        code("def how_many(board):\n    ### BEGIN SOLUTION\n    return len(puzzlekit.successors(board))\n"
             "    ### END SOLUTION"),
        code("check(how_many, [(((1, 2, 3, 0),), 2)], forbid=[puzzlekit.moves])"),
        code("def smallest(board):\n    ### BEGIN SOLUTION\n    return min(puzzlekit.moves(board))\n"
             "    ### END SOLUTION"),
        code("check(smallest, [(((1, 2, 3, 0),), 2)], forbid=[puzzlekit.move])"),
    ]), chapter)
    grader = ChapterGrader(chapter, secret="s")
    assert [result.score for result in grader.grade(chapter).exercises] == [1, 1]
    library = "def how_many(board):\n    return len(puzzlekit.moves(board))"
    results = grader.grade(_submission(chapter, {"how_many": library})).exercises
    assert [result.score for result in results] == [0, 0] and "moves" in results[0].message


def test_a_check_cell_that_first_checks_an_earlier_exercise_grades_its_own_cases(tmp_path):
    """Chapter 5c's evaluation_step cell runs earlier_exercise(slippery_value, ...) before check(evaluation_step, ...):
    the grader must take the second check for evaluation_step (it once took the first, and the reference lost)."""
    code = nbformat.v4.new_code_cell
    cells = [
        code("from puzzlekit import check\nfrom puzzlekit.course.exercise_cases import earlier_exercise"),
        code("def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"),
        code("check(double, [((1,), 2), ((3,), 6)])"),
        code("def add_double(x, y):\n    ### BEGIN SOLUTION\n    return double(x) + y\n    ### END SOLUTION"),
        code("earlier_exercise(double, [((2,), 4)], exercise='exercise 1', used_by='add_double')\n"
             "check(add_double, [((1, 1), 3), ((2, 0), 4)])"),
    ]
    path = tmp_path / "chapter.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    grader = ChapterGrader(path, secret="s")
    report = grader.grade(nbformat.read(path, as_version=4))
    assert _scores(report) == {"double": 1, "add_double": 1}, _why(report)
    assert "2 cases" in report.exercises[1].message


#: An answer that says what it sees of the machine: the grader's files, a classmate's, the secret and the class's CSV
#: (which it tries to delete or change), the real package's source, the other processes and their pipes (the grading
#: process's to every worker, another worker's under two jobs).
_WHAT_IT_SEES = '''def seen(paths):
    import os, stat
    found = {name: os.path.exists(path) for name, path in paths.items() if name != "grader"}
    for name in ("classmate", "secret", "csv"):
        try:
            with open(paths[name], "a") as file:
                file.write("0 points for you")
            found[f"changed the {name}"] = True
        except OSError:
            found[f"changed the {name}"] = False
        try:
            os.unlink(paths[name])
            found[f"deleted the {name}"] = True
        except OSError:
            found[f"deleted the {name}"] = False
    found["other processes"] = sum(name.isdigit() for name in os.listdir("/proc")) > 3
    try:
        found["the grader's pipes"] = len(os.listdir(f"/proc/{paths['grader']}/fd")) > 0
    except OSError:
        found["the grader's pipes"] = False
    own, others = {os.fstat(fd).st_ino for fd in range(64) if _open(fd)}, []
    for pid in [name for name in os.listdir("/proc") if name.isdigit() and int(name) != os.getpid()]:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                info = os.stat(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if stat.S_ISFIFO(info.st_mode) and info.st_ino not in own:
                others.append(os.open(f"/proc/{pid}/fd/{fd}", os.O_RDONLY | os.O_NONBLOCK))
    found["another process's pipes"] = bool(others)
    return found


def _open(fd):
    import os

    try:
        return os.fstat(fd) is not None
    except OSError:
        return False
'''

#: A cell that starts a process of its own session through a call that raises no audit event: it must die with the
#: worker all the same.
_OUTLIVES = """import _posixsubprocess, os
read, write = os.pipe()
_posixsubprocess.fork_exec([b"/bin/sleep", b"317"], [b"/bin/sleep"], True, (write,), None, None, -1, -1, -1, -1,
                           -1, -1, read, write, True, True, -1, None, None, None, -1, None, False)"""


def _sleeping(seconds: str) -> list[str]:
    """The processes of this machine that run `sleep <seconds>`."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "cmdline").read_bytes() == f"/bin/sleep\0{seconds}\0".encode():
                found.append(entry.name)
        except OSError:
            pass
    return found


@pytest.mark.parametrize("isolation", ["bubblewrap", "user"])
def test_the_operating_system_keeps_the_grader_s_files_and_the_classmates_out_of_reach(tmp_path, isolation):
    """The worker runs in bubblewrap (only Python, the student build and its own folder; its own process ids), or as
    a user id of its own when the grader is root: the teacher notebook, the secret (the grader's, in a folder of mode
    0700) and the real package (as another user, others' rights on it are taken away) are not there; a classmate's
    notebook and the class's CSV can be neither changed nor deleted; no pipe of the grading process or of the worker
    graded at the same time can be read; a process started in a session of its own dies with the worker, and the
    files it left in /tmp and /dev/shm go; in bubblewrap no other process is there either. The classmate graded
    beside it keeps full marks."""
    from puzzlekit.course.grader import isolation as isolations

    if not isolations.usable(isolation):
        pytest.skip(f"{isolation} isolation does not work on this machine")
    import puzzlekit

    grader_folder = tmp_path / "grading"
    grader_folder.mkdir(mode=0o700)
    secret = grader_folder / "grading_secret"
    secret.write_text("a class's secret\n")
    classmates = tmp_path / "class"
    classmates.mkdir(mode=0o755)
    classmate, table = classmates / "alice.ipynb", classmates / "grades.csv"
    for path, text in ((classmate, "alice's notebook"), (table, "student,total\nalice,6\n")):
        path.write_text(text)
        path.chmod(0o644)
    package = Path(puzzlekit.__file__).parent / "search" / "uninformed.py"
    teacher = grader_folder / "seen.ipynb"
    paths = {"teacher": str(teacher), "secret": str(secret), "classmate": str(classmate), "csv": str(table),
             "real package": str(package), "grader": os.getpid()}
    expected = {"teacher": False, "secret": False, "classmate": False, "csv": False, "real package": False,
                **{f"{verb} the {name}": False for name in ("classmate", "secret", "csv")
                   for verb in ("changed", "deleted")},
                "other processes": isolation == "user", "the grader's pipes": False,
                "another process's pipes": False}
    code = nbformat.v4.new_code_cell
    nbformat.write(nbformat.v4.new_notebook(cells=[
        code("from puzzlekit.course.exercises import check"),
        code(f"def seen(paths):\n    ### BEGIN SOLUTION\n    return {expected!r}\n    ### END SOLUTION"),
        code(f"check(seen, [(({paths!r},), {expected!r})])"),
    ]), teacher)
    grader = ChapterGrader(teacher, secret="s", isolation=isolation)
    left = [Path(folder) / f"left-by-{tmp_path.name}{end}" for folder in ("/tmp", "/dev/shm") for end in ("", ".d")]
    leaving = "import os\nfor path in %r:\n    try:\n        os.mkdir(path) if path.endswith('.d') else " \
        "open(path, 'w').write('for the next worker')\n    except OSError:\n        pass" % [str(path) for path in left]
    cheat = _submission(teacher, {"seen": _WHAT_IT_SEES}, [_OUTLIVES, leaving], after=0)
    with ThreadPoolExecutor(2) as pool:  # as `course.py grade --jobs 2`: a classmate's worker runs meanwhile
        report, honest = pool.map(grader.grade, [cheat, teacher])
    assert not [path for path in left if path.exists()]  # what a worker leaves where all may write goes with it
    assert _scores(report) == {"seen": 1}, _why(report)
    assert _scores(honest) == {"seen": 1}, _why(honest)
    assert classmate.read_text() == "alice's notebook" and table.read_text() == "student,total\nalice,6\n"
    assert secret.read_text() == "a class's secret\n"
    assert report.cells[1]["status"] == report.cells[2]["status"] == "done", report.cells  # it started, and is gone
    assert not _sleeping("317"), os.popen("ps -eo pid,ppid,stat,cmd").read()
    assert "isolation" not in report.note


def test_the_chapter_grader_checks_its_arguments_and_grade_never_raises(tmp_path):
    path = _one_exercise_chapter(tmp_path, "check(total, [(([1, 2, 3],), 6)])")
    for options, error, words in [({"cell_time_limit": 0}, ValueError, "cell_time_limit"),
                                  ({"memory_limit_mb": "4 GB"}, TypeError, "memory_limit_mb"),
                                  ({"max_restarts": -1}, ValueError, "max_restarts"),
                                  ({"max_restarts": 1.5}, TypeError, "max_restarts"),
                                  ({"private": "/etc"}, TypeError, "private"),
                                  ({"isolation": "chroot"}, ValueError, "isolation must be one of")]:
        with pytest.raises(error, match=words):
            ChapterGrader(path, secret="s", **{"isolation": "none", **options})
    with pytest.raises(ValueError, match="chapter_path must be a notebook file"):
        ChapterGrader(tmp_path, secret="s")
    grader = ChapterGrader(path, secret="s", isolation="none")
    odd = {"cells": [{"cell_type": "code", "source": "x = 1", "metadata": ["not", "a", "dict"], "outputs": []}]}
    report = grader.grade(odd)  # a notebook given as a dict, its cell's metadata a list: a report, not an error
    assert report.total == 0 and _scores(report) == {"total": 0}, _why(report)


def test_without_isolation_the_grader_says_so_once_and_in_every_report(tmp_path, capsys):
    from puzzlekit.course.grader import chapter as chapter_module

    path = _one_exercise_chapter(tmp_path, "check(total, [(([1, 2, 3],), 6)])")
    with pytest.raises(ValueError, match="isolation must be one of"):
        ChapterGrader(path, secret="s", isolation="chroot")
    chapter_module._SAID_NONE.clear()
    graders = [ChapterGrader(path, secret="s", isolation="none") for _ in range(2)]
    assert capsys.readouterr().err.count("isolation: none") == 1
    report = graders[1].grade(path)
    assert _scores(report) == {"total": 1} and "isolation: none" in report.note


@pytest.mark.parametrize("namespaces", [True, False])
def test_a_user_worker_without_a_network_namespace_is_said_in_every_report(tmp_path, capsys, monkeypatch,
                                                                           namespaces):
    """Where a container refuses a "user" worker namespaces of its own, it shares the machine's network: the grader
    says so once on standard error, and in each report's note (red team 2)."""
    from puzzlekit.course.grader import chapter as chapter_module

    monkeypatch.setattr(chapter_module, "usable", lambda kind: True)
    monkeypatch.setattr(chapter_module, "namespaces", lambda: namespaces)
    chapter_module._SAID_NONE.clear()
    path = _one_exercise_chapter(tmp_path, "check(total, [(([1, 2, 3],), 6)])")
    graders = [ChapterGrader(path, secret="s", isolation="user") for _ in range(2)]
    said = "isolation: user, on this machine's network"
    assert capsys.readouterr().err.count(said) == (0 if namespaces else 1)
    assert graders[1].weakness == ([] if namespaces else [said])


def test_a_renamed_paste_of_a_textbook_function_the_reference_is_not_scores_nothing(tmp_path):
    """`check` never calls a textbook function's shape a copy (an honest answer may read like it); the grader, which
    has the chapter's reference, does when the reference has another shape. A right answer, pasted: 0, and why."""
    import inspect

    from puzzlekit.search import textbook

    code = nbformat.v4.new_code_cell
    chapter = tmp_path / "bfs.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[
        code("from puzzlekit import SlidingPuzzle\nfrom puzzlekit.course.exercises import check\n"
             "from puzzlekit.search import textbook"),
        code("def shortest(problem):\n    \"A shortest path, by breadth-first search.\"\n    ### BEGIN SOLUTION\n"
             "    paths = [[problem.initial]]\n    seen = {problem.initial}\n    for path in paths:\n"
             "        if problem.is_goal(path[-1]):\n            return path\n"
             "        for _, child in problem.successors(path[-1]):\n            if child not in seen:\n"
             "                seen.add(child)\n                paths.append(path + [child])\n    return None\n"
             "    ### END SOLUTION"),
        code("boards = [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 0, 6, 7, 5, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)]\n"
             "check(shortest, [((SlidingPuzzle(board),), textbook.breadth_first(SlidingPuzzle(board))) "
             "for board in boards], forbid=[textbook.breadth_first])"),
    ]), chapter)
    source = inspect.getsource(textbook.breadth_first)
    pasted = re.sub(r'\n    """.*?"""', "", source.replace("def breadth_first(problem: Problem) -> list | None",
                                                             "def shortest(problem)"), flags=re.S)
    pasted = "from collections import deque\nfrom puzzlekit.search.textbook import path_back\n\n" + pasted.replace(
        "parents", "came_from").replace("frontier", "queue")
    grader = ChapterGrader(chapter, secret="s")
    reference = grader.grade(nbformat.read(chapter, as_version=4))
    report = grader.grade(_submission(chapter, {"shortest": pasted}))
    assert [result.score for result in reference.exercises] == [1], reference.exercises[0].message
    assert [result.score for result in report.exercises] == [0]
    assert "copy of the library's breadth_first" in report.exercises[0].message, report.exercises[0].message


#: Searches that are wrong in how they search, each with one line that rewrites the record a `Recorder` keeps of its
#: expansions (`vars(problem)["expanded"]`): the worker sends the argument back and `safe.apply_state` writes the
#: rewritten record onto the grading process's Recorder, which `SameSearch` and `PathWithin` then read. The search
#: runs in the student's process, so its record is the student's to write. (issue 31's red team; red/ has the
#: reproducers on the whole chapter 03 through `course.py grade`)
RECORD_REWRITTEN = {
    # marks a state reached when it leaves the frontier: expands states again, the mistake SameSearch names
    "my_breadth_first": ('''def my_breadth_first(problem):
    "Marks a state reached when it is taken off the frontier: it expands states a second time."
    start = problem.initial
    if problem.is_goal(start):
        return [start]
    parents, done, frontier = {start: None}, set(), deque([start])
    while frontier:
        state = frontier.popleft()
        done.add(state)
        for _, child in problem.successors(state):
            if child not in done:
                parents.setdefault(child, state)
                if problem.is_goal(child):
                    REWRITE
                    return path_to(parents, child)
                frontier.append(child)
    REWRITE
    return None
''', "record = vars(problem).get('expanded', []); record[:] = list(dict.fromkeys(record))"),
    # breadth-first from one side only: a shortest path, far more expansions than PathWithin allows; its record cut
    # to the path's own states (PathWithin refuses a path none of whose moves was asked of the problem)
    "my_bidirectional": ('''def my_bidirectional(problem):
    "Not bidirectional: breadth-first search from the start only."
    start = problem.initial
    if problem.is_goal(start):
        return [start]
    parents, frontier = {start: None}, deque([start])
    while frontier:
        state = frontier.popleft()
        for _, child in problem.successors(state):
            if child not in parents:
                parents[child] = state
                if problem.is_goal(child):
                    REWRITE
                    return path_to(parents, child)
                frontier.append(child)
    REWRITE
    return None
''', "vars(problem).get('expanded', [])[:] = path_to(parents, child) if 'child' in locals() else []"),
}


def grade_apart(grader, submissions: list) -> list:
    """The reports of `submissions`, graded at once in processes of their own, as `grade_class(..., jobs=2)` does: a
    search that asks the grading process 181,000 times keeps its thread busy, and in one process a classmate's
    hand-offs would wait for it (5 ms each, not 20 µs)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    vars(sys.modules["__main__"]).setdefault("__spec__", None)  # spawn reads it; a cleared IPython namespace has none
    with ProcessPoolExecutor(len(submissions), mp_context=multiprocessing.get_context("spawn")) as pool:
        return list(pool.map(grader.grade, submissions))


@pytest.mark.parametrize("exercise", sorted(RECORD_REWRITTEN))
def test_a_search_that_rewrites_its_own_record_scores_what_it_scores_without(chapter, grader, tmp_path, exercise):
    """A `Recorder` argument's record is kept by the grading process, which answers the worker's asks (red team,
    issue 31: the worker's record came back and was believed, so a search that rewrote it passed)."""
    source, rewrite = RECORD_REWRITTEN[exercise]
    if exercise == "my_bidirectional":  # the small chapter checks it with PathOf: the whole chapter, with PathWithin
        chapter = students.tagged_copy("03_uninformed_search", tmp_path)
        grader = ChapterGrader(chapter, secret="a class's secret", cell_time_limit=60, notebook_time_limit=600)
        teacher = nbformat.read(chapter, as_version=4)
        submissions = [students.with_answer(teacher, exercise, source.replace("REWRITE", line))
                       for line in ("pass", rewrite)]
    else:
        reference = _reference(chapter)
        submissions = [_submission(chapter, dict(reference, **{exercise: source.replace("REWRITE", line)}))
                       for line in ("pass", rewrite)]
    plain, rewritten = grade_apart(grader, submissions)
    assert _scores(plain)[exercise] == 0, _why(plain)   # the search is wrong, and graded so without the rewrite
    assert _scores(rewritten) == _scores(plain), _why(rewritten)


def test_an_array_that_names_a_huge_dtype_costs_the_grading_process_little():
    """A worker's reply may name any dtype (an ndarray subclass's `dtype` is its own): the grading process makes
    strings as long as they are, and numbers of 32 bytes at most, whatever it names (the red team's: a reply of 151
    bytes cost 80 MB here, 400 MB an item with <U100000000)."""
    import numpy

    class _Dtype:
        str, kind = "<U10000000", "U"

    class Huge(numpy.ndarray):
        dtype = property(lambda self: _Dtype)

    data = json.dumps(safe.encode(numpy.array(["a", "b"]).view(Huge)))
    decoded = safe.decode(json.loads(data))
    assert len(data) < 200
    assert getattr(decoded, "nbytes", 0) < 100 * len(data), (decoded.dtype, decoded.nbytes)


#: The chapter's forbidden `branching_factor` (and `np.roots`, which it calls) run through new function objects made
#: in a cell from their code objects, by names the scan does not see (`worker._take_away` swaps the `__code__` of the
#: objects it saw; a copy made before that keeps the original code).
CODE_KEPT = '''from types import SimpleNamespace

_function = type(branching_factor)
_code = lambda f: getattr(f, "__" + "code__")
_names = lambda f: getattr(f, "__" + "globals__")
_roots = _function(_code(np.roots.__wrapped__), _names(np.roots.__wrapped__))
_b = _function(_code(branching_factor), dict(_names(branching_factor), np=SimpleNamespace(roots=_roots)))


def effective_branching_factor(expanded, depth):
    if depth < 1:
        raise ValueError("depth must be 1 or more")
    return 0.0 if expanded == 0 else round(_b(expanded, depth), 2)
'''


def test_a_forbidden_function_run_from_a_copy_of_its_code_scores_nothing(chapter, grader):
    """The worker takes the forbidden functions away before each student cell runs (red team, issue 31), so no
    student cell meets their code."""
    report = grader.grade(_submission(chapter, dict(_reference(chapter), effective_branching_factor=CODE_KEPT)),
                          student="code kept")
    assert _scores(report)["effective_branching_factor"] == 0, _why(report)
    assert "forbids" in _why(report), _why(report)


#: Bisection's answer by numpy's other root finder (red team 2): `Polynomial.roots` calls it too.
POLYROOTS = '''def effective_branching_factor(expanded, depth):
    if depth < 1:
        raise ValueError("depth must be 1 or more")
    if expanded == 0:
        return 0.0
    roots = np.polynomial.Polynomial([-expanded] + [1] * depth).roots()
    return round(max(root.real for root in roots if abs(root.imag) < 1e-9), 2)
'''


def test_numpys_other_root_finder_is_forbidden_too(chapter, grader):
    report = grader.grade(_submission(chapter, dict(_reference(chapter), effective_branching_factor=POLYROOTS)),
                          student="polyroots")
    assert _scores(report)["effective_branching_factor"] == 0, _why(report)
    assert "calls numpy.polynomial.polynomial.polyroots, which this exercise forbids" in _why(report), _why(report)


def test_the_grading_process_answers_a_recorders_asks_and_records_them():
    """`run._answer`: the grading process's `Recorder` records the ask and answers it, its states as tokens (and which
    are goals); a token it did not hand out, the result of a state whose actions were not asked, a method that is not
    a search's question or an argument that is not a `Recorder` raises in the worker."""
    import base64
    import pickle

    from puzzlekit import SlidingPuzzle
    from puzzlekit.course.exercise_cases import Recorder
    from puzzlekit.course.grader import run

    recorder = Recorder(SlidingPuzzle((1, 2, 0, 3)))
    asked = {0: run._Asked(recorder)}
    assert (asked[0].initial, asked[0].goal, asked[0].handed()) == ("state 0", "state 1", ["state 1"])

    def answer(argument, method, state, action=None):
        message = {"id": 7, "argument": argument, "method": method, "state": state, "action": safe.encode(action)}
        reply = run._answer(asked, message, 1)
        assert reply["op"] == "answer" and reply["id"] == 7
        return pickle.loads(base64.b64decode(reply["value"]))

    assert answer(0, "successors", "state 0") == ("returned", [("u", "state 2"), ("r", "state 1")], [])
    assert recorder.expanded == [(1, 2, 0, 3)]
    assert asked[0].states["state 2"] == (0, 2, 1, 3)
    assert answer(0, "result", "state 0", "r") == ("returned", "state 1", [])  # its actions were asked (successors)
    assert answer(0, "result", "state 2", "d")[0] == "raised"  # its actions were not
    for argument, method, state, words in [(0, "successors", "state 9", "is not a state this problem gave"),
                                           (0, "successors", (1, 2, 0, 3), "is not a state this problem gave"),
                                           (0, "successors", ["state 0"], "is not a state this problem gave"),
                                           (0, "__init__", "state 0", "the grader answers only"),
                                           (0, "is_goal", "state 0", "the grader answers only"),
                                           (1, "successors", "state 0", "KeyError"),
                                           ([0], "successors", "state 0", "unhashable")]:
        outcome, error, goals = answer(argument, method, state)
        assert outcome == "raised" and words in str(error) and goals == [], (argument, method, state, error)
    assert recorder.expanded == [(1, 2, 0, 3)]


def test_a_worker_that_does_not_read_does_not_stall_the_grading_process():
    """A worker that stops reading its standard input (its code floods the grader with asks and reads no answer):
    `Worker.send` gives up after its timeout instead of blocking on a full pipe."""
    import subprocess
    import types

    from puzzlekit.course.grader import run

    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], stdin=subprocess.PIPE)
    try:
        worker = types.SimpleNamespace(process=process)
        assert run.Worker.send(worker, {"op": "answer", "value": "x" * 10}, 5) is True
        assert run.Worker.send(worker, {"op": "answer", "value": "x" * (1 << 22)}, 0.5) is False
    finally:
        process.kill()
        process.wait()


def test_no_message_carries_a_hidden_case_of_an_earlier_exercise(tmp_path):
    """Exercises graded in one worker run every visible case before any hidden one: an answer that keeps what it was
    given cannot show an earlier exercise's hidden arguments in a later exercise's visible message (issue 31)."""
    code = nbformat.v4.new_code_cell
    chapter = tmp_path / "two.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[
        code("from puzzlekit.course.exercises import check"),
        code("def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"),
        code("check(double, [((1,), 2)], hidden=lambda rng: [((n,), 2 * n) for n in "
             "rng.sample(range(10**6, 10**7), 3)])"),
        code("def kept(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION"),
        code("check(kept, [((5,), 5)])"),
    ]), chapter)
    grader = ChapterGrader(chapter, secret="s")
    hidden = [arguments[0] for record in grader._recorded().values()
              for arguments, _ in record["hidden"]]
    assert len(hidden) == 3
    keeper = "given = []\n\n\ndef double(x):\n    given.append(x)\n    return 2 * x"
    report = grader.grade(_submission(chapter, {"double": keeper, "kept": "def kept(x):\n    return list(given)"}))
    messages = "\n".join(result.message for result in report.exercises)
    assert [result.score for result in report.exercises] == [1, 0], messages
    assert "[1]" in messages and not any(str(number) in messages for number in hidden), messages


def test_a_grading_secret_file_another_user_could_have_planted_is_refused(tmp_path, monkeypatch):
    """The secret kept in a file (no $PUZZLEKIT_GRADING_SECRET) is made once, mode 0600, and read only if it is this
    user's own and no one else may change it: one put there by someone else (a worker of an earlier run, in /tmp)
    would let them know the hidden cases."""
    from puzzlekit.course.grader.chapter import SECRET_FILE, SECRET_VARIABLE, grading_secret

    monkeypatch.delenv(SECRET_VARIABLE, raising=False)
    made = grading_secret(folder=tmp_path)
    assert len(made) == 64 and grading_secret(folder=tmp_path) == made
    assert (tmp_path / SECRET_FILE).stat().st_mode & 0o777 == 0o600
    (tmp_path / SECRET_FILE).chmod(0o666)
    with pytest.raises(PermissionError, match="others may change it"):
        grading_secret(folder=tmp_path)
    (tmp_path / SECRET_FILE).unlink()
    (tmp_path / SECRET_FILE).symlink_to(tmp_path / "elsewhere")
    (tmp_path / "elsewhere").write_text("a known secret\n")
    with pytest.raises(OSError):
        grading_secret(folder=tmp_path)
    if os.geteuid() == 0:
        (tmp_path / SECRET_FILE).unlink()
        (tmp_path / SECRET_FILE).write_text("a known secret\n")
        os.chown(tmp_path / SECRET_FILE, 61000, 61000)
        (tmp_path / SECRET_FILE).chmod(0o600)
        with pytest.raises(PermissionError, match="not this user's own"):
            grading_secret(folder=tmp_path)

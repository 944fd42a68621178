"""Every exercise of every chapter, tried as a determined student would get around it: an answer that changes its
input, a copy of the library's function (its source pasted into a cell, as it is, and renamed with its docstring
dropped) and the library's helpers of its `forbid=` (as the answer, and called by a wrapper). Each must fail, and say
what happened.

The exercises are found from the teacher edition: each chapter runs in this process, in an IPython shell, up to its
last check cell, and each `check(...)` it calls is recorded (the answer, the chapter's own cases and options); the
attempts then run through `check` with those, on the cheapest case that serves (the first, or the first whose
arguments hold data that can change). One chapter is kept at a time.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import functools
import inspect
import io
import linecache
import os
import re
import sys
import textwrap
import types
from pathlib import Path

import nbformat
import numpy as np
import pytest

from puzzlekit.course.exercises import check as real_check
from puzzlekit.course.exercises import passed

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))
CHECK_CALL = re.compile(r"^\s*(?:\w+\s*=\s*)?check\((\w+)", re.M)  # a line that runs check(name, ...)


def exercises_of(path: Path) -> list[str]:
    """The names of the functions a chapter's check cells check, in order (read without running the chapter)."""
    notebook = nbformat.read(path, as_version=4)
    return [match.group(1) for cell in notebook.cells if cell.cell_type == "code"
            for match in CHECK_CALL.finditer(cell.source)]


EXERCISES = [(path.stem, name) for path in CHAPTERS for name in exercises_of(path)]
#: Each exercise with each kind of attempt, a chapter's together (it runs once for all of them).
ATTEMPTS = [pytest.param((stem, name), kind, id=f"{stem}-{name}-{kind}")
            for stem, name in EXERCISES for kind in ("changed input", "library helpers", "copies")]


@functools.lru_cache(maxsize=1)  # the tests run chapter by chapter: each chapter runs once, one is kept at a time
def run_chapter(stem: str) -> dict[str, tuple]:
    """Run the chapter up to its last check cell; {name: (answer, cases, options)} of each check it calls."""
    from IPython.core.interactiveshell import InteractiveShell

    notebook = nbformat.read(ROOT / "chapters" / f"{stem}.ipynb", as_version=4)
    code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    last = max(index for index, source in enumerate(code) if CHECK_CALL.search(source))
    shell = InteractiveShell.instance()
    shell.reset(new_session=False)
    shell.enable_gui = lambda gui=None: None  # %matplotlib inline in a shell without a GUI
    recorded: dict[str, tuple] = {}

    def recording_check(function, cases, **options):
        cases = list(cases)
        recorded[function.__name__] = (function, cases, options)
        real_check(function, cases, **options)
        assert passed(function), f"{stem}: the teacher edition's {function.__name__} fails its check"

    here = os.getcwd()
    os.chdir(ROOT / "chapters")
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for source in code[:last + 1]:
                if CHECK_CALL.search(source):
                    shell.user_ns["check"] = recording_check
                outcome = shell.run_cell(source, silent=True)
                assert outcome.success, f"{stem}: a cell failed: {outcome.error_in_exec or outcome.error_before_exec}"
                import matplotlib.pyplot as plt
                plt.close("all")
    finally:
        os.chdir(here)
    return recorded


@pytest.fixture
def exercise(request, monkeypatch):
    monkeypatch.delenv("PUZZLEKIT_CHECK_RAISES", raising=False)
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    stem, name = request.param
    recorded = run_chapter(stem)
    assert name in recorded, f"{stem}: the check of {name} was not run"
    return recorded[name]


def verdict(answer, cases, options) -> str:
    """What `check` prints for `answer` on `cases` with the chapter's options (the grader's `hidden` left out)."""
    options = {key: value for key, value in options.items() if key != "hidden"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        real_check(answer, cases, **options)
    return out.getvalue() + ("" if not passed(answer) else "(passed)")


# --- (a) an answer that changes its input -------------------------------------------------------------------------


def changeable(value, depth: int = 0) -> bool:
    """Whether `value` is data `check` watches that a call could change (a list, dict, set or writable array)."""
    if getattr(type(value), "records_calls", False) or depth > 3:
        return False
    if isinstance(value, (list, dict, set)):
        return True
    if isinstance(value, np.ndarray):
        return value.size > 0 and value.flags.writeable
    return isinstance(value, tuple) and any(changeable(item, depth + 1) for item in value)


def change(value) -> None:
    """Change `value` in place, a little: what a careless answer does to its input."""
    if isinstance(value, list):
        value.append(value[-1] if value else 0)
    elif isinstance(value, dict):
        value.pop(next(iter(value))) if value else value.setdefault("added", 0)
    elif isinstance(value, set):
        value.add(object())
    elif isinstance(value, np.ndarray) and value.dtype == bool:
        value.flat[0] = not value.flat[0]
    elif isinstance(value, np.ndarray):  # a finite entry, one more (-inf + 1 is -inf)
        finite = np.flatnonzero(np.isfinite(value)) if value.dtype.kind in "fc" else [0]
        value.flat[finite[0] if len(finite) else 0] = value.flat[finite[0]] + 1 if len(finite) else 0
    else:
        change(next(item for item in value if changeable(item)))


@pytest.mark.parametrize(("exercise", "kind"), ATTEMPTS, indirect=["exercise"])
def test_every_exercise_refuses(exercise, kind):
    """(a) an answer that changes its input, (b) copies of the library's function, (c) the library's helpers."""
    {"changed input": an_answer_that_changes_its_input, "library helpers": library_helpers,
     "copies": copies_of_library_functions}[kind](*exercise)


def an_answer_that_changes_its_input(reference, cases, options):
    names = list(inspect.signature(reference).parameters)
    free = options.get("mutates") or ()
    case = next((case for case in cases if any(changeable(argument) for argument in case[0])), None)
    if free is True or case is None:
        pytest.skip("the exercise changes its arguments in place" if free else "no argument holds data to change")
    position = next(index for index, argument in enumerate(case[0]) if changeable(argument))
    in_place = getattr(case[1], "in_place", ())
    if position in free or names[position] in free or any(item is case[0][position] for item in in_place):
        pytest.skip(f"the exercise changes {names[position]} in place")

    def answer(*arguments):
        result = reference(*copy.deepcopy(arguments))
        change(arguments[position])
        return result

    answer.__signature__ = inspect.signature(reference)
    out = verdict(answer, [case], options)
    assert f"changed its argument `{names[position]}`" in out, out


# --- (b) copies of the library's function, (c) the library's helpers ------------------------------------------------


def library_functions(options, case) -> list:
    """The plain functions of the exercise's forbid=, and of a forbidden module those that do the exercise (pass
    its first case) or, if none does, those that take its arguments."""
    found = []
    for item in options.get("forbid", ()):
        if isinstance(item, types.ModuleType):
            taking = [function for function in vars(item).values() if isinstance(function, types.FunctionType)
                      and function.__module__ == item.__name__ and takes(function, case[0])]
            found += [function for function in taking if "✓" in verdict(function, [case], {})] or taking
        elif isinstance(item, types.FunctionType):
            found.append(item)
        elif callable(item) and isinstance(inspect.unwrap(item), types.FunctionType):
            found.append(inspect.unwrap(item))
    return found


def takes(function, arguments) -> bool:
    try:
        inspect.signature(function).bind(*arguments)
    except (TypeError, ValueError):
        return False
    return True


def copies(function) -> dict[str, types.FunctionType]:
    """Copies of a library function a student makes by pasting its source into a cell, as it is and with its
    parameters renamed and its docstring dropped, each alone (`mine`) and called by a function of another cell
    (`answer`); run as cells are, their text kept where `inspect` finds it."""
    source = textwrap.dedent(inspect.getsource(function))
    tree = ast.parse(source)
    definition = tree.body[0]
    definition.decorator_list = []
    definition.name = "mine"
    pastes = {"pasted": ast.unparse(tree)}
    names = {argument.arg: f"p{index}" for index, argument in enumerate(definition.args.args)}
    for node in ast.walk(definition):
        if isinstance(node, ast.arg) and node.arg in names:
            node.arg = names[node.arg]
        elif isinstance(node, ast.Name) and node.id in names:
            node.id = names[node.id]
    body = definition.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and len(body) > 1:
        definition.body = body[1:]
    pastes["pasted, renamed, docstring dropped"] = ast.unparse(tree)
    functions = {}
    for how, text in pastes.items():
        namespace = dict(vars(sys.modules[function.__module__]), __name__="__main__")
        for cell in (text, "def answer(*arguments):\n    return mine(*arguments)\n"):
            filename = f"<pasted cell {len(linecache.cache)}>"
            linecache.cache[filename] = (len(cell), None, cell.splitlines(True), filename)
            exec(compile(cell, filename, "exec"), namespace)  # noqa: S102 - a cell of the student's
        functions[how], functions[f"a wrapper of {how}"] = namespace["mine"], namespace["answer"]
    return functions


def wrapper(function):
    def answer(*arguments):
        return function(*arguments)
    return answer


def library_helpers(reference, cases, options):
    """Each library function of forbid= as the answer, and called by a wrapper of the student's."""
    def attempts(function):
        made = {"the library's function": (function, f"is the library's {function.__name__}")}
        if takes(function, cases[0][0]):
            made["a wrapper of it"] = (wrapper(function), "calls the library's")
        return made

    refused(cases, options, attempts)


def copies_of_library_functions(reference, cases, options):
    """Each paste of each library function of forbid= as the answer, and called by a function of the student's: a
    copy of a function that does the exercise is told so (or that it calls the library); one of a function that
    does not fails its case."""
    def attempts(function):
        if not function.__module__.startswith("puzzlekit") or function.__module__.endswith(".textbook"):
            return {}  # a function the chapter wrote itself, or the textbook's, which answers may read like
        does = "✓" in verdict(function, cases[:1], {})
        said = ("a copy of the library's", "calls the library's") if does else ("✗",)
        # not `q_update = _checked(...)`'s inner function, of other parameters
        return {how: (copied, said) for how, copied in copies(function).items() if takes(copied, cases[0][0])}

    refused(cases, options, attempts)


def refused(cases, options, attempts_of):
    """Run every attempt `attempts_of(function)` makes of each library function of the exercise: each must fail and
    its message say what it is."""
    functions = library_functions(options, cases[0])
    if not functions:
        pytest.skip("the exercise forbids no library function")
    passing = []
    for function in functions:
        label = function.__name__
        for how, (answer, said) in attempts_of(function).items():
            out = verdict(answer, cases[:1], options)
            if not any(words in out for words in ((said,) if isinstance(said, str) else said)):
                passing.append(f"{label}, {how}: {out.strip()}")
    assert passing == [], "\n".join(passing)


def test_a_slide_the_blank_cannot_make_names_the_moves_it_can(monkeypatch):
    monkeypatch.delenv("PUZZLEKIT_CHECK_RAISES", raising=False)
    _, cases, options = run_chapter("01_board_representation")["blank_slide"]

    def blank_slide(board, direction):  # slides without looking at the edge: wraps around, or leaves the board
        blank = board.index(0)
        other = (blank + {"u": -3, "d": 3, "l": -1, "r": 1}.get(direction, 0)) % len(board)
        cells = list(board)
        cells[blank], cells[other] = cells[other], 0
        return tuple(cells)

    out = verdict(blank_slide, cases, dict(options, show=3))
    assert "'l') (the blank can move 'u' or 'r' here, not 'l') returned (" in out, out
    assert "expected it to raise ValueError" in out

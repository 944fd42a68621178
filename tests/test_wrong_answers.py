"""The wrong answers of tests/simulated_students.py fail their checks, visible cases and hidden ones alike; its right
answers in a student's own style pass; and what the student edition leaves in each exercise's cell (`course.py
student`: a stub, or a scaffold to complete) fails its check, as the grader then scores it 0.

Each chapter runs once in this process up to its last check cell (as tests/test_every_exercise_refuses_cheats.py
runs it), recording each check's answer, cases and options. A wrong answer is the source of its solution cell, run
in the chapter's namespace; it must fail the chapter's own cases, and, on its own, the grader's hidden cases drawn
with each of a few seeds (the grader draws them with a seed made from its secret), so that it scores 0 whichever
cases the grader adds. The reference passes the same hidden cases.

The student edition's exercises are checked here, in the chapter's recorded run, rather than by grading the untouched
edition of every chapter (the grader runs the whole chapter for that): the grader scores an exercise 0 when one of
its cases fails, the chapter's own cases among them; it scores an untouched edition 0 end to end in
test_grading_paths.py (chapter 3, through nbgrader and `course.py grade`), test_nbgrader.py (chapter 1) and
test_grader.py. tests/conftest.py makes this file and
test_every_exercise_refuses_cheats.py one unit, run chapter by chapter, so that each chapter runs once for both.
"""

from __future__ import annotations

import random
import re

import nbformat
import pytest
import simulated_students as students
from test_every_exercise_refuses_cheats import CHAPTERS, EXERCISES, run_chapter, verdict

from puzzlekit.course.editions import has_solution, student_notebook

SEEDS = (0, 1, 2)  # hidden cases drawn as a grader would, with three secrets

WRONG = [pytest.param(stem, name, what, id=f"{stem}-{name}-{what}")
         for (stem, name), answers in students.WRONG_ANSWERS.items() for what in answers]
RIGHT = [pytest.param(stem, name, what, id=f"{stem}-{name}-{what}")
         for (stem, name), answers in students.RIGHT_ANSWERS.items() for what in answers]


def scaffolds() -> list:
    """(chapter, exercise, what the student edition leaves in its cell) of every exercise whose solution cell
    defines the function its check cell checks."""
    found = []
    for path in CHAPTERS:
        teacher = nbformat.read(path, as_version=4)
        for cell, left in zip(teacher.cells, student_notebook(teacher).cells):
            if cell.cell_type == "code" and has_solution(cell):
                found += [pytest.param(path.stem, name, left.source, id=f"{path.stem}-{name}")
                          for name in re.findall(r"^def (\w+)\(", cell.source, re.M) if (path.stem, name) in EXERCISES]
    return found


SCAFFOLDS = scaffolds()


def answer_of(stem: str, name: str, source: str):
    """The function `name` that `source` defines, run in a copy of the chapter's namespace; and what was recorded."""
    recorded = run_chapter(stem)
    assert name in recorded, f"{stem}: the check of {name} was not run"
    reference, cases, options = recorded[name]
    namespace = dict(reference.__globals__)
    exec(compile(source, f"<{name}>", "exec"), namespace)
    return namespace[name], reference, cases, options


def hidden_cases(options, seed: int) -> list:
    assert options.get("hidden") is not None, "the check draws no hidden cases"
    return list(options["hidden"](random.Random(seed)))


@pytest.fixture(autouse=True)
def not_grading(monkeypatch):
    monkeypatch.delenv("PUZZLEKIT_CHECK_RAISES", raising=False)
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)


@pytest.mark.parametrize(("stem", "name", "what"), WRONG)
def test_a_wrong_answer_fails_visible_and_hidden_cases(stem, name, what):
    answer, reference, cases, options = answer_of(stem, name, students.WRONG_ANSWERS[stem, name][what])
    out = verdict(answer, cases, options)
    assert "(passed)" not in out and "✗" in out, f"{what}: passes the visible cases"
    for seed in SEEDS:
        hidden = hidden_cases(options, seed)
        out = verdict(answer, hidden, options)
        assert "(passed)" not in out, f"{what}: passes the hidden cases drawn with seed {seed}"
        assert "(passed)" in verdict(reference, hidden, options), f"the reference fails the hidden cases of seed {seed}"


@pytest.mark.parametrize(("stem", "name", "what"), RIGHT)
def test_a_right_answer_in_a_students_style_passes(stem, name, what):
    answer, _, cases, options = answer_of(stem, name, students.RIGHT_ANSWERS[stem, name][what])
    out = verdict(answer, cases, options)
    assert "(passed)" in out, f"{what}: {out}"
    for seed in SEEDS:
        out = verdict(answer, hidden_cases(options, seed), options)
        assert "(passed)" in out, f"{what}, hidden cases of seed {seed}: {out}"


def test_every_exercise_has_its_scaffold():
    assert len(SCAFFOLDS) >= 40 and {stem for stem, *_ in (param.values for param in SCAFFOLDS)} >= {
        "01_board_representation", "03_uninformed_search", "09_sokobond", "10_neural_heuristics"}


@pytest.mark.parametrize(("stem", "name", "scaffold"), SCAFFOLDS)
def test_the_student_editions_scaffold_fails_its_check(stem, name, scaffold):
    """The chapter's own cases are among those the grader runs, and one failure scores the exercise 0."""
    answer, _, cases, options = answer_of(stem, name, scaffold)
    out = verdict(answer, cases, options)
    assert "(passed)" not in out and "✗" in out, out


def test_a_wrong_answer_scores_nothing_for_its_exercise_when_graded(tmp_path):
    """The grader, outside the student's process, with its own secret: chapter 9's corridor right only up to
    n = 12 scores 0 for that exercise and nothing less for the others (answered by the reference)."""
    import re

    import nbformat

    from puzzlekit.course.grader import ChapterGrader

    stem, name = "09_sokobond", "corridor"
    chapter = students.ROOT / "chapters" / f"{stem}.ipynb"
    notebook = nbformat.read(chapter, as_version=4)
    solution = [cell for cell in notebook.cells if cell.cell_type == "code" and "### BEGIN SOLUTION" in cell.source
                and re.search(rf"^def {name}\(", cell.source, re.M)]
    assert len(solution) == 1
    solution[0].source = students.WRONG_ANSWERS[stem, name]["right only up to n = 12"]
    report = ChapterGrader(chapter, secret="a secret of this test").grade(notebook)
    scores = {result.name: result.score for result in report.exercises}
    assert scores == {"electrons_left": 1, "my_bond_atoms": 1, "corridor": 0}, [r.message for r in report.exercises]
    message = next(result.message for result in report.exercises if result.name == name)
    assert message.startswith("✗ corridor(13): BFS solves the level in 12 moves, expected 13"), message

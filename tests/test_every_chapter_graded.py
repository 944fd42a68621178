"""Every chapter with exercises graded through `course.py grade`, as an instructor grades it: the reference solution
(the teacher edition with its solution markers removed) scores every exercise's points, the untouched student
edition (`course.py student`, built once for all chapters) scores 0 on every exercise.

Each chapter's two submissions are graded at once (`--jobs 2`). Marked `nbgrader` like test_grading_paths.py (the
grading engine on whole chapters, a few minutes on 2 cores): `-m "not nbgrader"` leaves it out.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from puzzlekit.course.editions import has_solution, solution_regions
from puzzlekit.course.grading import points_table

pytestmark = pytest.mark.nbgrader

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))
POINTS: dict[str, dict[str, int]] = {}
for _chapter, _exercise, _points in points_table(CHAPTERS):
    POINTS.setdefault(Path(_chapter).stem, {})[_exercise] = _points


def course(*arguments: str, folder: Path) -> str:
    """Run `course.py` in this environment (as its own .venv would) from `folder`; what it printed."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PUZZLEKIT_", "NBGRADER_"))}
    env.update(PUZZLEKIT_IN_ENV="1", PUZZLEKIT_GRADING_SECRET="a grading secret for the tests")
    done = subprocess.run([sys.executable, str(ROOT / "course.py"), *arguments], cwd=folder, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:]
    return done.stdout


def reference(teacher):
    """The teacher edition with its solution markers removed: the solutions stay, as a student would write them."""
    for cell in teacher.cells:
        if has_solution(cell):
            kept = [line for kind, line in solution_regions(cell.source) if kind in ("text", "solution")]
            cell.source = "\n".join(kept)
    return teacher


@pytest.fixture(scope="module")
def student_edition(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("student")
    course("student", str(folder), folder=folder)
    return folder


def test_every_chapter_with_exercises_is_here():
    assert len(POINTS) >= 10 and all(POINTS.values())
    assert {"02_solvability", "03_uninformed_search", "06_sun_and_moon"} <= set(POINTS)


@pytest.mark.parametrize("chapter", sorted(POINTS))
def test_the_reference_scores_every_point_and_the_student_edition_none(chapter, student_edition, tmp_path):
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    teacher = nbformat.read(ROOT / "chapters" / f"{chapter}.ipynb", as_version=4)
    nbformat.write(reference(teacher), submissions / "reference.ipynb")
    (submissions / "untouched.ipynb").write_bytes((student_edition / f"{chapter}.ipynb").read_bytes())
    out = tmp_path / "grades.csv"
    course("grade", str(ROOT / "chapters" / f"{chapter}.ipynb"), str(submissions), "--jobs", "2", "--out", str(out),
           folder=tmp_path)
    with out.open(newline="") as file:
        rows = {row["student"]: row for row in csv.DictReader(file)}
    points = POINTS[chapter]
    assert {name: float(rows["reference"][name]) for name in points} == points, rows["reference"]
    assert {name: float(rows["untouched"][name]) for name in points} == dict.fromkeys(points, 0), rows["untouched"]
    # The reference runs through: a cell of it fails only where it prints the library's source with `inspect`, or
    # calls what an exercise forbids (its body is not in the student build the worker imports), or comes after such
    # a cell (whose names or values it misses); never before (Chapter 02's import cell once failed on the grader's
    # refusal, and every exercise after it).
    report = json.loads((tmp_path / "grades" / "reference.json").read_text())
    failed, absent = [], False
    for cell in report["cells"]:
        error = cell.get("error") or ""
        absent = absent or "is not available while grading" in error
        if error and "getsource(" not in teacher.cells[cell["index"]].source and (
                not absent):
            failed.append((cell["index"], error))
    assert not failed and not report["note"], (failed, report["note"])

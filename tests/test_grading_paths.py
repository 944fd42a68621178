"""Chapter 3 graded by the engine through the three paths an instructor has: nbgrader's autograde, Gradescope's
autograder (laid out and run as Gradescope does, in a temporary /autograder) and `course.py grade` on a
folder, with honest students, cheats and broken files. A cheat scores what the same wrong answer scores.

Marked `nbgrader`, like test_nbgrader.py (a few minutes on 2 cores): `-m "not nbgrader"` leaves it out.
"""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest
import simulated_students as students

pytestmark = pytest.mark.nbgrader

ROOT = Path(__file__).resolve().parent.parent
CHAPTER = "03_uninformed_search"
ASSIGNMENT = "ps"
SECRET = "a grading secret for the tests"
POINTS = {"my_breadth_first": 3, "my_bidirectional": 2, "effective_branching_factor": 1}
FULL, WRONG = sum(POINTS.values()), sum(POINTS.values()) - POINTS["my_breadth_first"]
CONFIG = """\
c = get_config()
c.CourseDirectory.course_id = "puzzlekit"
from puzzlekit.course.grading import configure_nbgrader
configure_nbgrader(c)
"""


def environment() -> dict:
    """This environment without PUZZLEKIT_ or NBGRADER_ variables but the grading secret; this Python first on PATH."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PUZZLEKIT_", "NBGRADER_"))}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PUZZLEKIT_GRADING_SECRET"] = SECRET
    return env


def run(command: list[str], folder: Path, **extra) -> str:
    done = subprocess.run(command, cwd=folder, env=dict(environment(), **extra), text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def teacher_path(tmp_path_factory):
    return students.tagged_copy(CHAPTER, tmp_path_factory.mktemp("teacher"))


@pytest.fixture(scope="module")
def teacher(teacher_path):
    return nbformat.read(teacher_path, as_version=4)


# --- nbgrader -------------------------------------------------------------------------------------------------------

# the cheats that need nbgrader are graded here; redefined_check and deleted_test_cell by course.py grade below
NBGRADER_STUDENTS = ["untouched", "reference", "wrong", "check_raises_0", "input_transformer", "renamed_grade_id"]


@pytest.fixture(scope="module")
def nbgrader_course(tmp_path_factory, teacher_path, teacher):
    pytest.importorskip("nbgrader")
    course = tmp_path_factory.mktemp("course")
    source = course / "source" / ASSIGNMENT
    source.mkdir(parents=True)
    (source / teacher_path.name).write_bytes(teacher_path.read_bytes())
    (course / "nbgrader_config.py").write_text(CONFIG)
    log = run([sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT, "--force"], course)
    release = nbformat.read(course / "release" / ASSIGNMENT / teacher_path.name, as_version=4)
    notebooks = {"untouched": release, "reference": teacher, "wrong": students.wrong(teacher)}
    notebooks.update({name: students.cheat(teacher, name) for name in NBGRADER_STUDENTS if name in students.CHEATS})
    for student, notebook in notebooks.items():
        students.write(notebook, course / "submitted" / student / ASSIGNMENT / teacher_path.name)
    log += run([sys.executable, "-m", "nbgrader", "autograde", ASSIGNMENT, "--force"], course)
    from nbgrader.api import Gradebook

    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for student in notebooks:
            notebook = gradebook.find_submission_notebook(CHAPTER, ASSIGNMENT, student)
            scores[student] = {grade.name: (grade.score, grade.max_score) for grade in notebook.grades}
    return {"course": course, "scores": scores, "log": log}


@pytest.mark.parametrize("student, total", [("untouched", 0), ("reference", FULL), ("wrong", WRONG)]
                         + [(name, WRONG) for name in NBGRADER_STUDENTS[3:]])
def test_nbgrader_autograde_scores_by_the_engine(nbgrader_course, student, total):
    grades = nbgrader_course["scores"][student]
    assert set(grades) == {f"check-{name}" for name in POINTS}, grades  # every test cell found, whatever was done
    assert {name: most for name, (_, most) in grades.items()} == {f"check-{name}": p for name, p in POINTS.items()}
    assert sum(score for score, _ in grades.values()) == total, grades


def test_nbgrader_feedback_is_the_message_without_a_traceback(nbgrader_course):
    path = nbgrader_course["course"] / "autograded" / "wrong" / ASSIGNMENT / f"{CHAPTER}.ipynb"
    graded = nbformat.read(path, as_version=4)
    test = next(cell for cell in graded.cells if students.grade_id(cell) == "check-my_breadth_first")
    kinds = [output.output_type for output in test.outputs]
    assert kinds == ["stream", "error"] and test.outputs[1].traceback == []
    assert "my_breadth_first" in test.outputs[0].text and "site-packages" not in json.dumps(test.outputs)
    passed = next(cell for cell in graded.cells if students.grade_id(cell) == "check-my_bidirectional")
    assert [output.output_type for output in passed.outputs] == ["stream"]


def test_nbgrader_keeps_each_report_for_the_instructor(nbgrader_course):
    reports = nbgrader_course["course"] / "grading_reports" / ASSIGNMENT
    report = json.loads((reports / "check_raises_0" / f"{CHAPTER}.json").read_text())
    assert report["flags"] and report["total"] == WRONG
    assert not (nbgrader_course["course"] / "autograded" / "check_raises_0" / ASSIGNMENT / "grading_reports").exists()


# --- Gradescope -----------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def autograder(tmp_path_factory, teacher_path):
    from puzzlekit.course.gradescope import build_autograder

    zipped = build_autograder(teacher_path, tmp_path_factory.mktemp("gradescope"), secret=SECRET)
    source = tmp_path_factory.mktemp("autograder") / "source"
    with zipfile.ZipFile(zipped) as archive:
        names = archive.namelist()
        archive.extractall(source)
    return {"zip": zipped, "names": names, "source": source}


def test_the_autograder_zip_has_gradescopes_layout(autograder):
    names = autograder["names"]
    expected = {"setup.sh", "run_autograder", "requirements.txt", "grading_secret", f"chapter/{CHAPTER}.ipynb"}
    assert expected <= set(names)
    assert any(name.startswith("puzzlekit-") and name.endswith(".tar.gz") for name in names)
    lines = [line for line in (autograder["source"] / "requirements.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    assert lines and all("==" in line for line in lines) and any(line.startswith("numpy==") for line in lines)
    assert (autograder["source"] / "grading_secret").read_text().strip() == SECRET
    with zipfile.ZipFile(autograder["zip"]) as archive:
        assert archive.getinfo("run_autograder").external_attr >> 16 & 0o111  # executable once unzipped


def gradescope(autograder, tmp_path, files: dict[str, object]) -> dict:
    """Run run_autograder as Gradescope does (copied to the root, the zip in source/, from the root as the working
    directory) on a submission of `files` (name -> notebook or text); its results.json."""
    root = tmp_path / "autograder"
    script = students.autograder_root(autograder["zip"], root)
    for name, content in files.items():
        target = root / "submission" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            target.write_text(content)
        else:
            students.write(content, target)
    run([str(script)], root, PUZZLEKIT_AUTOGRADER_ROOT=str(root))
    return json.loads((root / "results" / "results.json").read_text())


def test_gradescope_grades_the_reference_solutions_fully(autograder, teacher, tmp_path):
    results = gradescope(autograder, tmp_path, {f"{CHAPTER}.ipynb": teacher, "notes.txt": "my notes"})
    assert results["score"] == FULL
    tests = {test["name"]: test for test in results["tests"]}
    assert {name: tests[name]["max_score"] for name in POINTS} == POINTS
    assert all(isinstance(tests[name]["output"], str) and tests[name]["output"] for name in POINTS)


def test_gradescope_an_os_exit_costs_what_the_wrong_answer_costs(autograder, teacher, tmp_path):
    results = gradescope(autograder, tmp_path, {"any name.ipynb": students.cheat(teacher, "os_exit")})
    assert results["score"] == WRONG
    flags = [test for test in results["tests"] if test["max_score"] == 0]
    assert flags and "_exit" in flags[0]["output"] and "flagged" in results["output"]


def test_gradescope_without_a_notebook_scores_nothing_and_says_why(autograder, tmp_path):
    results = gradescope(autograder, tmp_path, {"answers.py": "print('hello')"})
    assert results["score"] == 0 and "no notebook" in results["output"]
    assert [test["score"] for test in results["tests"]] == [0] * len(POINTS)


# --- a whole class with course.py grade -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory, teacher_path, teacher):
    folder = tmp_path_factory.mktemp("class")
    submissions = folder / "submissions"
    other = students.tagged_copy("04_informed_search", folder / "other")
    notebooks = {
        "untouched": students.untouched(teacher),
        "wrong": students.wrong(teacher),
        "hang_in_bidirectional": students.with_answer(teacher, "my_bidirectional",
                                                      students.hanging_answer("my_bidirectional")),
        "c_level_hang": students.cheat(teacher, "c_level_hang"),
        "redefined_check": students.cheat(teacher, "redefined_check"),
        "deleted_test_cell": students.cheat(teacher, "deleted_test_cell"),
        "other_chapter": students.untouched(nbformat.read(other, as_version=4)),
        "check_raises_0": students.cheat(teacher, "check_raises_0"),  # flagged: its note says so
        "input_transformer": students.cheat(teacher, "input_transformer"),
    }
    for student, notebook in notebooks.items():
        students.write(notebook, submissions / f"{student}.ipynb")
    (submissions / "not_a_notebook.ipynb").write_text("print('this is a script, not a notebook')")
    (submissions / "a_pdf.pdf").write_bytes(b"%PDF-1.4 not a notebook")
    out = folder / "grades.csv"
    command = [sys.executable, str(ROOT / "course.py"), "grade", str(teacher_path), str(submissions),
               "--jobs", "2", "--out", str(out), "--cell-time-limit", "30"]  # the C-level hang in a cell: 30 s
    printed = run(command, folder, PUZZLEKIT_IN_ENV="1")
    with out.open(newline="") as file:
        rows = {row["student"]: row for row in csv.DictReader(file)}
    stamps = {path.name: path.stat().st_mtime_ns for path in (folder / "grades").iterdir()}
    again = run(command, folder, PUZZLEKIT_IN_ENV="1")
    return {"rows": rows, "out": out, "printed": printed, "again": again, "stamps": stamps, "folder": folder}


@pytest.mark.parametrize("student, total, noted", [
    ("untouched", 0, False), ("wrong", WRONG, False),
    ("hang_in_bidirectional", FULL - POINTS["my_bidirectional"], False), ("c_level_hang", WRONG, True),
    ("redefined_check", WRONG, False), ("deleted_test_cell", WRONG, False), ("other_chapter", 0, True),
    ("not_a_notebook", 0, True), ("a_pdf", 0, True), ("check_raises_0", WRONG, True),
    ("input_transformer", WRONG, True)])
def test_course_grade_gives_every_student_a_row(graded_class, student, total, noted):
    row = graded_class["rows"][student]
    assert float(row["total"]) == total and float(row["max"]) == FULL, row
    assert sum(float(row[name]) for name in POINTS) == total
    assert row["note"] or not noted, row  # why it could not be graded, or what was skipped


def test_course_grade_notes_name_the_flags_and_the_chapter_a_notebook_is(graded_class):
    rows = graded_class["rows"]
    # each construct, and where: the cell and each line (two writes to os.environ, one transformer)
    environ = rows["check_raises_0"]["note"]
    assert re.search(r"flagged: os.environ write \(cell \d+ line \d+, cell \d+ line \d+\)", environ), environ
    assert re.search(r"flagged: input transformers \(cell \d+ line \d+\)", rows["input_transformer"]["note"])
    note = rows["other_chapter"]["note"]
    assert note.startswith("this is Chapter 4's notebook, not Chapter 3's (03_uninformed_search)"), note
    assert "deleted or renamed" not in note and "flagged" not in rows["wrong"]["note"]


def test_course_grade_writes_the_csv_and_a_report_per_student(graded_class):
    with graded_class["out"].open(newline="") as file:
        header = next(csv.reader(file))
    assert header == ["student", *POINTS, "total", "max", "note"]
    reports = graded_class["folder"] / "grades"
    assert {path.stem for path in reports.glob("*.json")} == set(graded_class["rows"])
    hang = json.loads((reports / "hang_in_bidirectional.json").read_text())
    message = next(result["message"] for result in hang["exercises"] if result["name"] == "my_bidirectional")
    assert "return" in message or "time" in message


def test_course_grade_run_again_skips_the_students_already_graded(graded_class):
    stamps = {path.name: path.stat().st_mtime_ns for path in (graded_class["folder"] / "grades").iterdir()}
    assert stamps == graded_class["stamps"]
    assert "11 students" in graded_class["again"]


#: The cheats on `check` graded again through `course.py grade --isolation X`, under each isolation named (the class
#: above is graded under the strongest this machine allows): each scores what its wrong answer scores there too.
AS_ANOTHER_USER = {"wrong": WRONG, "redefined_check": WRONG, "deleted_test_cell": WRONG, "check_raises_0": WRONG,
                   "input_transformer": WRONG}


@pytest.mark.parametrize("kind", ["bubblewrap", "user"])
def test_course_grade_under_each_isolation_scores_each_cheat_as_its_wrong_answer(tmp_path, teacher_path, teacher,
                                                                                 kind):
    from puzzlekit.course.grader import isolation

    if not isolation.usable(kind):
        pytest.skip(f"{kind} isolation does not work on this machine")
    submissions = tmp_path / "submissions"
    for student in AS_ANOTHER_USER:
        notebook = students.wrong(teacher) if student == "wrong" else students.cheat(teacher, student)
        students.write(notebook, submissions / f"{student}.ipynb")
    out = tmp_path / "grades.csv"
    printed = run([sys.executable, str(ROOT / "course.py"), "grade", str(teacher_path), str(submissions),
                   "--jobs", "2", "--out", str(out), "--isolation", kind], tmp_path, PUZZLEKIT_IN_ENV="1")
    with out.open(newline="") as file:
        totals = {row["student"]: float(row["total"]) for row in csv.DictReader(file)}
    assert totals == AS_ANOTHER_USER, printed
    if kind == "user":  # the class's folder is the grader's: no worker reads it (bubblewrap does not mount it)
        assert not os.stat(submissions).st_mode & 0o007

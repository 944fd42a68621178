"""The chapters graded by the real nbgrader, as an instructor would: `course.py tag`, generate_assignment, autograde.

A temporary course holds tagged copies of chapters 1, 3 and 4 (one assignment of three notebooks) and a simulated
student who hands in two of them: chapter 1's release untouched, chapter 4 with its reference solutions (each
notebook graded against its own chapter: no point, and every point; chapter 4's untouched release costs more, its
unfinished searches running to their time limits). No PUZZLEKIT variable is set: `configure_nbgrader`
makes autograde grade with the engine (puzzlekit.course.grader), outside the student's process, and write each test
cell's outputs from its verdict.

Chapter 3 goes through nbgrader's autograde in test_grading_paths.py (untouched, reference, a wrong answer and the
cheats that need nbgrader); every chapter's reference is graded by the same engine in test_every_chapter_graded.py,
and what every chapter's student edition leaves in an exercise fails its cases in test_wrong_answers.py. What else a
submission can do wrong is graded by the same engine in test_grading_paths.py and test_grader.py: an answer that
wraps the library's search (test_grader.py's library answers), an exercise that never returns (test_grader.py's
hangs, test_grading_paths.py's hang in my_bidirectional). Marked `nbgrader` (a minute on 2 cores): `-m "not nbgrader"`
leaves it out.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from puzzlekit.course.editions import write_student_edition
from puzzlekit.course.grading import points_table, tag_files

pytestmark = pytest.mark.nbgrader

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = ["01_board_representation", "03_uninformed_search", "04_informed_search"]
ASSIGNMENT = "ps"
CONFIG = """\
c = get_config()
c.CourseDirectory.course_id = "puzzlekit"
from puzzlekit.course.grading import configure_nbgrader
configure_nbgrader(c)
"""

def nbgrader(arguments: list[str], course: Path) -> str:
    """Run nbgrader's command line in `course` without any PUZZLEKIT variable; return what it printed."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PUZZLEKIT_", "NBGRADER_"))}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])  # alembic, jupyter
    done = subprocess.run([sys.executable, "-m", "nbgrader", *arguments], cwd=course, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    pytest.importorskip("nbgrader")
    course = tmp_path_factory.mktemp("course")
    source = course / "source" / ASSIGNMENT
    source.mkdir(parents=True)
    copies = [Path(shutil.copy(ROOT / "chapters" / f"{name}.ipynb", source)) for name in CHAPTERS]
    tag_files(copies)
    (course / "nbgrader_config.py").write_text(CONFIG)
    generated = nbgrader(["generate_assignment", ASSIGNMENT, "--force"], course)
    release = course / "release" / ASSIGNMENT
    teacher = {name: nbformat.read(source / f"{name}.ipynb", as_version=4) for name in CHAPTERS}
    untouched = {name: nbformat.read(release / f"{name}.ipynb", as_version=4) for name in CHAPTERS}
    # chapter 3's untouched, reference and wrong submissions are graded through nbgrader in test_grading_paths
    students = {"student": {"01_board_representation": untouched["01_board_representation"],
                            "04_informed_search": teacher["04_informed_search"]}}
    for student, notebooks in students.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        for name, notebook in notebooks.items():
            nbformat.write(notebook, folder / f"{name}.ipynb")
    graded = nbgrader(["autograde", ASSIGNMENT, "--force"], course)
    from nbgrader.api import Gradebook

    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for student in students:
            submission = gradebook.find_submission(ASSIGNMENT, student)
            scores[student] = {notebook.name: {grade.name: (grade.score, grade.max_score) for grade in notebook.grades}
                               for notebook in submission.notebooks if notebook.name in students[student]}
    return {"course": course, "copies": copies, "teacher": teacher, "scores": scores, "log": generated + graded}


def total(grades: dict) -> tuple[float, float]:
    return sum(score for score, _ in grades.values()), sum(most for _, most in grades.values())


def test_every_exercise_is_graded_with_points(course):
    table = points_table(course["copies"])
    assert len(table) == len({(chapter, exercise) for chapter, exercise, _ in table}) >= 11
    worth = {exercise: points for _, exercise, points in table}
    assert worth["my_breadth_first"] == worth["my_astar"] == worth["my_ida_star"] == 3 and worth["replay"] == 1
    assert set(course["scores"]["student"]) == {"01_board_representation", "04_informed_search"}
    for name, notebook in course["scores"]["student"].items():
        assert set(notebook) == {f"check-{exercise}" for chapter, exercise, _ in table if chapter == f"{name}.ipynb"}


def test_an_untouched_release_scores_nothing(course):
    grades = course["scores"]["student"]["01_board_representation"]
    assert total(grades)[0] == 0 and total(grades)[1] > 0, grades


def test_the_reference_solutions_score_every_point(course):
    grades = course["scores"]["student"]["04_informed_search"]
    score, most = total(grades)
    assert score == most > 0, grades


def test_nbgrader_warns_about_nothing(course):
    lines = [line for line in course["log"].splitlines() if "WARNING" in line or "cannot be converted" in line]
    ignorable = ("Kernel is running over TCP", "Removing existing", "No submitted file", "SAWarning")
    assert [line for line in lines if not any(text in line for text in ignorable)] == []


def test_the_release_is_the_student_edition(course, tmp_path):
    """nbgrader's release and `course.py student` give the same cells, scaffolds and outputs; only metadata differ."""
    student = {path.stem: nbformat.read(path, as_version=4)
               for path in write_student_edition(course["copies"], tmp_path)}
    for name in CHAPTERS:
        release = nbformat.read(course["course"] / "release" / ASSIGNMENT / f"{name}.ipynb", as_version=4)
        assert len(release.cells) == len(student[name].cells)
        for index, (ours, theirs) in enumerate(zip(student[name].cells, release.cells)):
            assert ours.source == theirs.source, f"{name} cell {index}"
            assert ours.get("outputs") == theirs.get("outputs"), f"{name} cell {index}"
        assert any("..." in cell.source and cell.metadata.get("nbgrader", {}).get("solution")
                   for cell in release.cells) or name == "01_board_representation"  # a scaffold survives


def test_nbgrader_validate_passes_the_teacher_edition_without_warnings(course):
    printed = nbgrader(["validate", str(course["copies"][0])], course["course"])
    assert "Success! Your notebook passes all the tests." in printed
    assert [line for line in printed.splitlines()
            if "WARNING" in line and "Kernel is running over TCP" not in line] == []

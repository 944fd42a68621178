"""`grade_class` and `find_submissions` with a stand-in grader (the engine itself is graded in test_grading_paths.py):
the CSV's columns and rows, a report per student, students skipped on a second run, a grader that fails."""

import csv
import json
import threading
from types import SimpleNamespace

import pytest

from puzzlekit.course.classroom import find_submissions, grade_class, read_grades

EXERCISES = [("double", "check-double", 2), ("half", "check-half", 1)]


class StandIn:
    """Grades a text file: 'both' scores everything, 'crash' makes the grader itself fail, anything else 0."""

    exercises = EXERCISES

    def __init__(self):
        self.graded, self.lock = [], threading.Lock()

    def __getstate__(self):  # `jobs=2` grades in processes: each gets a copy, its own lock
        return {"graded": []}

    def __setstate__(self, state):
        self.graded, self.lock = state["graded"], threading.Lock()

    def grade(self, path, student):
        with self.lock:
            self.graded.append(student)
        text = path.read_text()
        if text == "crash":
            raise RuntimeError("the worker could not start")
        results = [SimpleNamespace(name=name, grade_id=grade_id, score=points if text == "both" else 0,
                                   max_score=points, message=f"{name}: {text}") for name, grade_id, points in EXERCISES]
        return Report({"exercises": [vars(result) for result in results], "flags": [],
                       "note": "" if text == "both" else "not done"})


class Report(SimpleNamespace):
    def __init__(self, data):
        super().__init__(data=data)

    def to_dict(self):
        return self.data


@pytest.fixture
def folder(tmp_path):
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    for student, text in {"ann": "both", "bob": "none", "cy": "crash"}.items():
        (submissions / f"{student}.ipynb").write_text(text)
    (submissions / "dee").mkdir()  # a folder without a notebook
    return tmp_path


def test_every_student_gets_a_row_with_the_exercises_total_max_and_note(folder, monkeypatch):
    import sys

    monkeypatch.delattr(sys.modules["__main__"], "__spec__", raising=False)  # as in an IPython namespace cleared
    out = folder / "grades.csv"
    rows = grade_class(StandIn(), find_submissions(folder / "submissions", "x.ipynb"), out, jobs=2)
    assert [row["student"] for row in rows] == ["ann", "bob", "cy", "dee"]
    with out.open(newline="") as file:
        assert next(csv.reader(file)) == ["student", "double", "half", "total", "max", "note"]
    written = {row["student"]: row for row in read_grades(out)}
    assert (written["ann"]["total"], written["ann"]["max"], written["ann"]["note"]) == ("3", "3", "")
    assert (written["bob"]["double"], written["bob"]["total"]) == ("0", "0")
    assert "RuntimeError: the worker could not start" in written["cy"]["note"]
    assert "no notebook" in written["dee"]["note"] and written["dee"]["max"] == "3"
    report = json.loads((folder / "grades" / "cy.json").read_text())
    assert [result["score"] for result in report["exercises"]] == [0, 0]
    assert sorted(path.name for path in folder.iterdir()) == ["grades", "grades.csv", "submissions"]  # no .tmp left


def test_a_second_run_grades_only_new_students_unless_regrade(folder):
    out, grader = folder / "grades.csv", StandIn()
    grade_class(grader, find_submissions(folder / "submissions", "x.ipynb"), out)
    (folder / "submissions" / "eve.ipynb").write_text("both")
    grader.graded.clear()
    rows = grade_class(grader, find_submissions(folder / "submissions", "x.ipynb"), out)
    assert grader.graded == ["eve"] and len(rows) == 5
    grader.graded.clear()
    grade_class(grader, find_submissions(folder / "submissions", "x.ipynb"), out, regrade=True)
    assert sorted(grader.graded) == ["ann", "bob", "cy", "eve"]  # dee has no notebook to grade


def test_nbgraders_submitted_folder_is_found_from_the_course_folder(tmp_path):
    notebook = tmp_path / "submitted" / "ann" / "ps1" / "03_search.ipynb"
    notebook.parent.mkdir(parents=True)
    notebook.write_text("{}")
    assert find_submissions(tmp_path, "03_search.ipynb") == {"ann": notebook}


def test_bad_arguments_are_refused(folder):
    with pytest.raises(ValueError, match="not a folder"):
        find_submissions(folder / "nowhere", "x.ipynb")
    with pytest.raises(ValueError, match=".csv"):
        grade_class(StandIn(), {}, folder / "grades.txt")
    with pytest.raises(ValueError, match="jobs"):
        grade_class(StandIn(), {}, folder / "grades.csv", jobs=0)
    (folder / "other.csv").write_text("student,a,total,max,note\nann,1,1,1,\n")
    with pytest.raises(ValueError, match="other columns"):
        grade_class(StandIn(), {}, folder / "other.csv")


def test_the_note_lists_the_flags_with_their_cell_and_line(tmp_path):
    flags = [{"cell": 4, "grade_id": "double", "line": 2, "construct": "os.environ write", "text": "os.environ"},
             {"cell": 4, "grade_id": "double", "line": 5, "construct": "input transformers", "text": "..."},
             {"cell": 6, "grade_id": "", "line": 1, "construct": "breadth_first write", "text": "t.breadth_first = f"}]
    flags += [{"cell": 9, "grade_id": "", "line": line, "construct": "exec", "text": "exec(s)"} for line in range(1, 7)]

    class Flagged(StandIn):
        def grade(self, path, student):
            report = super().grade(path, student).to_dict()
            report["flags"] = flags if student == "eve" else []
            return SimpleNamespace(to_dict=lambda: report)

    for student in ("ann", "eve"):
        (tmp_path / f"{student}.ipynb").write_text("both")
    rows = {row["student"]: row for row in grade_class(Flagged(), find_submissions(tmp_path, "x.ipynb"),
                                                          tmp_path / "out" / "grades.csv")}
    assert rows["ann"]["note"] == ""
    note = rows["eve"]["note"]
    assert note.startswith("flagged: os.environ write (cell 4 line 2); input transformers (cell 4 line 5); "
                           "breadth_first write (cell 6 line 1); exec (cell 9 line 1, "), note
    assert note.endswith("cell 9 line 4, 2 more)") and rows["eve"]["total"] == 3  # flagged, not marked down


def test_links_in_the_class_folder_are_not_followed(tmp_path):
    """A link may point at anything the grader may read (the teacher notebook, the secret): a submission that is a
    link, or a folder that is one, is not graded, and a link inside a student's folder is no notebook of theirs."""
    teacher = tmp_path / "teacher" / "03_uninformed_search.ipynb"
    teacher.parent.mkdir()
    teacher.write_text("the reference solutions")
    submissions = tmp_path / "submissions"
    (submissions / "bo" / "ps1").mkdir(parents=True)
    (submissions / "al.ipynb").symlink_to(teacher)
    (submissions / "cy").symlink_to(teacher.parent, target_is_directory=True)
    (submissions / "bo" / "ps1" / teacher.name).symlink_to(teacher)
    (submissions / "bo" / "linked").symlink_to(teacher.parent, target_is_directory=True)
    found = find_submissions(submissions, teacher.name)
    assert found == {"al": "a link, not a submission: links are not followed", "bo": "no notebook (.ipynb) in the "
                     "submission", "cy": "a link, not a submission: links are not followed"}

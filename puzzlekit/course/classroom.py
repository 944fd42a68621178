"""A whole class graded at once: a folder of submissions to one CSV of points and a JSON report per student.

Used by `python3 course.py grade CHAPTER SUBMISSIONS`; the grading itself is `puzzlekit.course.grader`'s.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import re
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from pathlib import Path

from ..checks import check_int, check_type

__all__ = ["find_submissions", "grade_class"]

FIXED_COLUMNS = ("student", "total", "max", "note")  # and a column per exercise between student and total
_SKIPPED = re.compile(r"^[._]|~$")  # hidden files, checkpoints, editor backups


def _notebooks(folder: Path) -> list[Path]:
    """The notebooks in `folder` and its subfolders, but hidden files, checkpoints, backups, and links: a link may
    point anywhere the grader may read (the teacher notebook, say), so none is followed."""
    found = []
    for root, folders, files in os.walk(folder):  # into no linked folder
        folders[:] = [name for name in folders if not _SKIPPED.search(name)]
        found += [Path(root, name) for name in files if name.endswith(".ipynb") and not _SKIPPED.search(name)
                  and not os.path.islink(os.path.join(root, name))]
    return sorted(found)


def _choose(notebooks: list[Path], chapter_name: str) -> Path | str:
    """The notebook to grade among a student's `notebooks`, or why there is none."""
    named = [path for path in notebooks if path.name == chapter_name]
    if len(named) == 1 or len(notebooks) == 1:
        return (named or notebooks)[0]
    if not notebooks:
        return "no notebook (.ipynb) in the submission"
    return (f"{len(notebooks)} notebooks and none named {chapter_name}: "
            + ", ".join(path.name for path in notebooks[:5]))


def find_submissions(folder: str | os.PathLike, chapter_name: str) -> dict[str, Path | str]:
    """Each student's notebook in `folder`, or a sentence saying why a student has none to grade.

    `folder` holds `<student>.ipynb` files (any other file is a submission too, graded as what it is), or folders,
    one per student, with the notebook anywhere inside: nbgrader's `submitted/<student>/<assignment>/` (given as
    the course folder, which has `submitted/`, or as `submitted/` itself). Where a student's folder has several
    notebooks, the one named `chapter_name` is graded.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("alice.ipynb", "bob.txt", "carol/ps1/03_uninformed_search.ipynb", "carol/ps1/notes.ipynb",
    ...                  "dan/ps1/.ipynb_checkpoints/x.ipynb", ".DS_Store"):
    ...         (Path(folder) / name).parent.mkdir(parents=True, exist_ok=True)
    ...         _ = (Path(folder) / name).write_text("{}")
    ...     found = find_submissions(folder, "03_uninformed_search.ipynb")
    ...     {student: getattr(what, "name", what) for student, what in found.items()}
    {'alice': 'alice.ipynb', 'bob': 'bob.txt', 'carol': '03_uninformed_search.ipynb',
     'dan': 'no notebook (.ipynb) in the submission'}
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"submissions must be a folder of <student>.ipynb files or of students' folders; "
                         f"{folder} is not a folder")
    if not isinstance(chapter_name, str) or not chapter_name.endswith(".ipynb"):
        raise ValueError(f"chapter_name must be a notebook's file name, got {chapter_name!r}")
    if (folder / "submitted").is_dir():
        folder = folder / "submitted"
    found: dict[str, Path | str] = {}
    for entry in sorted(folder.iterdir()):
        if _SKIPPED.search(entry.name):
            continue
        student = entry.name if entry.is_dir() else entry.stem
        if entry.is_symlink():
            found[student] = "a link, not a submission: links are not followed"
        else:
            found[student] = _choose(_notebooks(entry), chapter_name) if entry.is_dir() else entry
    return found


def read_grades(path: str | os.PathLike) -> list[dict[str, str]]:
    """The rows of a grades CSV written by `grade_class` (an empty list if there is no such file)."""
    path = Path(path)
    if not path.exists():
        return []
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def _write_text(path: Path, text: str) -> None:
    """Write `text` to a temporary name beside `path`, then rename it."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def _csv_text(rows: list[dict], columns: list[str]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(sorted(rows, key=lambda row: row["student"]))
    return buffer.getvalue()


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(float(value), 3)


def flag_note(flags: list[dict], most: int = 4) -> str:
    """The flags of a report (`SubmissionReport.to_dict()["flags"]`) in a few words for the CSV's note: each
    construct and where it is (cell, line), at most `most` places a construct (the report has them all).

    Examples
    --------
    >>> flag_note([{"cell": 5, "line": 2, "construct": "os.environ write"},
    ...            {"cell": 5, "line": 3, "construct": "os.environ write"},
    ...            {"cell": 7, "line": 1, "construct": "input transformers"}])
    'flagged: os.environ write (cell 5 line 2, cell 5 line 3); input transformers (cell 7 line 1)'
    """
    places: dict[str, list[str]] = {}
    for flag in flags:
        places.setdefault(flag["construct"], []).append(f"cell {flag['cell']} line {flag['line']}")
    parts = [f"{construct} ({', '.join(where[:most])}" + (f", {len(where) - most} more" if len(where) > most else "")
             + ")" for construct, where in places.items()]
    return "flagged: " + "; ".join(parts) if parts else ""


def _row(student: str, report: dict, exercises: list) -> dict:
    scores = {result["name"]: result["score"] for result in report.get("exercises", [])}
    notes = [report.get("note", ""), flag_note(report.get("flags", []))]
    row = {"student": student, "note": "; ".join(note for note in notes if note)}
    row.update({name: _number(scores.get(name, 0)) for name, _, _ in exercises})
    row["total"] = _number(sum(scores.get(name, 0) for name, _, _ in exercises))
    row["max"] = _number(sum(points for _, _, points in exercises))
    return row


def _failed(student: str, reason: str, exercises: list) -> dict:
    """The report of a submission that could not be graded at all: every exercise 0, and why."""
    return {"student": student, "note": reason, "total": 0, "max_score": sum(points for _, _, points in exercises),
            "exercises": [{"name": name, "grade_id": grade_id, "score": 0, "max_score": points, "message": reason}
                          for name, grade_id, points in exercises], "flags": []}


def _grade_one(grader, student: str, submission: Path | str) -> dict:
    """The report of one submission as a dict; never raises for a bad submission or a failure of the grader."""
    if isinstance(submission, str):
        return _failed(student, submission, grader.exercises)
    try:
        report = grader.grade(submission, student=student).to_dict()
    except Exception as error:  # noqa: BLE001 - one student's failure must not stop the class
        return _failed(student, f"the grader failed on this submission: {type(error).__name__}: {error}",
                       grader.exercises)
    report.setdefault("student", student)
    return report


def grade_class(grader, submissions: dict[str, Path | str], out: str | os.PathLike, *, jobs: int = 1,
                regrade: bool = False, progress: Callable | None = None) -> list[dict]:
    """Grade `submissions` (from `find_submissions`) with `grader` (a `ChapterGrader`), `jobs` at a time; write the CSV
    `out` and each student's report as `<out without .csv>/<student>.json`; return every row of the CSV.

    The CSV has a column `student`, one per exercise (its points), `total`, `max` and `note`; it is written to a
    temporary name and renamed after each submission, so an interrupted run loses nothing. Students already in
    `out` are skipped unless `regrade`. A submission that cannot be graded (not a notebook, no notebook, the
    grader failing on it) gets its row with 0 and the reason in `note`. `progress(iterable, total=...)` (tqdm)
    wraps the grading as it goes.
    """
    jobs = check_int(jobs, "jobs", minimum=1)
    check_type(submissions, "submissions", dict, "a dict of student -> notebook path")
    out = Path(out)
    if out.suffix != ".csv":
        raise ValueError(f"out must be a .csv file, got {out}")
    reports = out.with_suffix("")
    reports.mkdir(parents=True, exist_ok=True)
    columns = ["student", *(name for name, _, _ in grader.exercises), "total", "max", "note"]
    rows = {row["student"]: row for row in read_grades(out)} if not regrade else {}
    if rows and list(next(iter(rows.values()))) != columns:
        raise ValueError(f"{out} has other columns than this chapter's ({', '.join(columns)}): "
                         "give another --out, or --regrade to replace it")
    waiting = {student: path for student, path in submissions.items() if student not in rows}
    # jobs > 1: processes, not threads; in one process a classmate's search that asks the grading process all the
    # time would hold the GIL, and each hand-off of another job's worker would wait its turn (5 ms, not 20 µs)
    spawn = multiprocessing.get_context("spawn")  # which reads __main__.__spec__, gone from a cleared IPython namespace
    vars(sys.modules["__main__"]).setdefault("__spec__", None)
    pool = ProcessPoolExecutor(jobs, mp_context=spawn) if jobs > 1 else ThreadPoolExecutor(1)
    with pool:
        futures = {pool.submit(_grade_one, grader, student, path): student for student, path in waiting.items()}
        done = as_completed(futures)
        if progress is not None:
            done = progress(done, total=len(futures))
        try:
            for future in done:
                student = futures[future]
                report = future.result()
                _write_text(reports / f"{student}.json", json.dumps(report, indent=1, ensure_ascii=False))
                rows[student] = _row(student, report, grader.exercises)
                _write_text(out, _csv_text(list(rows.values()), columns))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    if not out.exists():
        _write_text(out, _csv_text(list(rows.values()), columns))
    return sorted(rows.values(), key=lambda row: row["student"])

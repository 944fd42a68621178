"""`ChapterGrader`: grade submitted notebooks of one chapter, on cases recorded once (kept in memory) by a worker that
runs only the instructor's chapter, with `check` a recorder and the hidden cases drawn from the grading secret."""

from __future__ import annotations

import base64
import contextlib
import copy
import hashlib
import os
import pickle
import re
import secrets
import stat
import sys
import threading
import time
from pathlib import Path

from ...checks import check_choice, check_collection, check_int, check_real
from ..editions import cell_source, has_solution
from ..exercises.describe import cut, describe
from ..grading import exercise_points, tag_notebook
from .isolation import KINDS, namespaces, usable
from .report import ExerciseResult, SubmissionReport
from .run import Worker, grade_submission
from .scan import _tags, flags

__all__ = ["ChapterGrader", "grading_secret"]

SECRET_VARIABLE = "PUZZLEKIT_GRADING_SECRET"  # holds the instructor's grading secret (the hidden cases' seed)
SECRET_FILE = ".puzzlekit-grading-secret"  # else one made at random in the grading's folder (never release it)
_BUILT: dict = {}  # (chapter path, modification time, key) -> the recorded exercises, pickled (in memory only)
_BUILD_LOCK = threading.Lock()
_SAID_NONE: list = []  # what this process has said of a weak isolation (each once)
_WEAK = {"none": ("isolation: none", "neither bubblewrap nor root is available: the students' code runs as this user "
                  "and may read and change what this user may"),
         "user": ("isolation: user, on this machine's network", "no network namespace: students' code may reach it")}


def grading_secret(secret: str | None = None, folder: str | os.PathLike | None = None) -> str:
    """The grading secret: `secret`, else $PUZZLEKIT_GRADING_SECRET, else the one kept in `folder`/SECRET_FILE (the
    current folder by default), made there the first time."""
    if secret is not None:
        if not isinstance(secret, str) or not secret:
            raise TypeError(f"secret must be a non-empty string, got {describe(secret)}")
        return secret
    if os.environ.get(SECRET_VARIABLE):
        return os.environ[SECRET_VARIABLE]
    path = Path(folder or os.getcwd()) / SECRET_FILE
    if not path.exists():
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600), "w") as file:
            file.write(secrets.token_hex(32) + "\n")
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)  # made once, even by several graders at a time: the first one wins
        temporary.unlink()
    with open(os.open(path, os.O_RDONLY | os.O_NOFOLLOW), encoding="utf-8") as file:
        status = os.fstat(file.fileno())
        if status.st_uid != os.geteuid() or status.st_mode & 0o022:  # planted, to know the hidden cases
            raise PermissionError(f"{path} is not this user's own, or others may change it: delete it, or set "
                                  f"{SECRET_VARIABLE}")
        return file.read().strip()


def _read_notebook(submission):
    import nbformat

    if isinstance(submission, (str, os.PathLike)):  # a file of its own, not a link to one of the grader's
        with open(os.open(submission, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK), "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise ValueError("it is not a file")
            return nbformat.reads(file.read().decode("utf-8"), as_version=4)
    if isinstance(submission, dict):
        return nbformat.from_dict(copy.deepcopy(dict(submission)))
    raise TypeError(f"submission must be a path or a notebook, got {describe(submission)}")


def _normal(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


def _which_chapter(cells) -> str | None:
    """The chapter a notebook says it is, from the title of its first heading cell ("# Chapter 4 · ..."), or None."""
    for cell in cells:
        with contextlib.suppress(TypeError):  # a source that is no text: no title
            title = cell.get("cell_type") == "markdown" and re.match(r"\s*#\s+(Chapter\s+\w+)", cell_source(cell))
            if title:
                return " ".join(title.group(1).split())
    return None


class ChapterGrader:
    """Grade submissions of one chapter: `grade(notebook)` runs the student's code in a worker and scores it here.

    Parameters
    ----------
    chapter_path : the instructor's chapter with its reference solutions (`chapters/NN_*.ipynb`, or nbgrader's source).
    secret : the grading secret (see `grading_secret`); the hidden cases depend on it.
    time_limit : seconds per case for every exercise (None: each check's own `time_limit=`).
    memory_limit_mb : the worker's address space.
    notebook_time_limit : seconds all the submission's cells may take together; `cell_time_limit` one cell.
    max_restarts : workers started again after one was killed, per submission.
    private : more files or folders of the grader's (Gradescope's: the folder of the teacher notebook and the
        grading secret); with isolation "user", other users' rights on them are taken away (bubblewrap does not
        mount them). The teacher notebook, and the grading secret's file in the current folder, are always private.
    isolation : how the student's code is kept from the grader's files: "bubblewrap", "user" (another user id: the
        grader runs as root), "none", or None for the strongest this machine allows (see `isolation`).

    Examples
    --------
    >>> grader = ChapterGrader("chapters/03_uninformed_search.ipynb")  # doctest: +SKIP
    >>> [name for name, _, _ in grader.exercises]  # doctest: +SKIP
    ['my_breadth_first', 'my_bidirectional', 'effective_branching_factor']
    """

    def __init__(self, chapter_path, *, secret: str | None = None, time_limit: float | None = None,
                 memory_limit_mb: int = 4096, notebook_time_limit: float = 900, cell_time_limit: float = 300,
                 max_restarts: int = 3, private=(), isolation: str | None = None):
        import nbformat

        self.path = Path(chapter_path).resolve()
        if not self.path.is_file():
            raise ValueError(f"chapter_path must be a notebook file, got {str(chapter_path)!r}")
        limits = {"memory_limit_mb": memory_limit_mb, "notebook_time_limit": notebook_time_limit,
                  "cell_time_limit": cell_time_limit, "time_limit": 1 if time_limit is None else time_limit}
        for name, value in limits.items():
            check_real(value, name, above=0)
        check_int(max_restarts, "max_restarts", minimum=0)
        if isinstance(private, os.PathLike) or not all(isinstance(path, (str, os.PathLike)) for path in
                                                       check_collection(private, "private", "a list of paths")):
            raise TypeError(f"private must be a list of paths, got {describe(private)}")
        if isolation is not None and not usable(check_choice(isolation, "isolation", KINDS)):
            raise ValueError(f"isolation {isolation!r} does not work on this machine")
        self.isolation = isolation or next(kind for kind in KINDS if usable(kind))  # the strongest that works here
        weak = None if self.isolation == "user" and namespaces() else _WEAK.get(self.isolation)
        self.weakness = [weak[0]] if weak else []  # said in each report's note, and once on standard error
        if weak and weak[0] not in _SAID_NONE:
            _SAID_NONE.append(weak[0])
            print(f"puzzlekit grader: {weak[0]} ({weak[1]})", file=sys.stderr)
        self.private = [self.path, Path(os.getcwd()) / SECRET_FILE] + [Path(path).resolve() for path in private]
        self.secret = grading_secret(secret)
        self.time_limit, self.memory_limit_mb, self.max_restarts = time_limit, memory_limit_mb, max_restarts
        self.notebook_time_limit, self.cell_time_limit = notebook_time_limit, cell_time_limit
        self.teacher = nbformat.read(self.path, as_version=4)
        tag_notebook(self.teacher)  # in memory: nbgrader's tags say which cells are tests
        self._exercises, self._tests = [], {}  # (name, grade_id, points, teacher cell index); grade_id -> its test
        names_so_far: set = set()
        for index, cell in enumerate(self.teacher.cells):
            source, tags = cell_source(cell), _tags(cell)
            if cell.cell_type == "code" and has_solution(cell):
                names_so_far |= set(re.findall(r"^(?:def|class)\s+(\w+)", source, re.M))
            if cell.cell_type == "code" and tags.get("grade") and not tags.get("solution"):
                called, grade_id = re.findall(r"\bcheck\(\s*(\w+)", source), tags["grade_id"]
                name = next((n for n in called if n in names_so_far), called[0] if called else grade_id)
                self._exercises.append((name, grade_id, tags.get("points", exercise_points(name, source)), index))
                self._tests[grade_id] = _normal(source)
        self.chapter = self.path.stem
        self.key = hashlib.sha256(f"{self.secret}\0{self.chapter}".encode()).hexdigest()
        code = [cell for cell in self.teacher.cells if cell.cell_type == "code"]
        self.reference_sources = [cell_source(cell) for cell in code if has_solution(cell)]  # the instructor's answers
        self.teacher_sources = {_normal(cell_source(cell)) for cell in code
                                if not has_solution(cell) and not _tags(cell).get("solution")}

    @property
    def exercises(self) -> list[tuple[str, str, int]]:
        """(name, grade_id, points) of each exercise, in the chapter's order."""
        return [(name, grade_id, points) for name, grade_id, points, _ in self._exercises]

    def __getstate__(self) -> dict:  # a process of `grade_class`'s pool gets the chapter as recorded here: no re-run
        self._recorded()
        return dict(vars(self), built={stamp: data for stamp, data in _BUILT.items() if stamp[0] == str(self.path)})

    def __setstate__(self, state: dict) -> None:
        _BUILT.update(state.pop("built"))
        vars(self).update(state)

    def _recorded(self) -> dict:
        """grade_id -> its exercise as recorded from the instructor's chapter (once per chapter file and secret)."""
        stamp = (str(self.path), self.path.stat().st_mtime_ns, self.key)
        with _BUILD_LOCK:
            if stamp not in _BUILT:
                _BUILT[stamp] = self._build()
        records = pickle.loads(_BUILT[stamp])["exercises"]  # noqa: S301 - our teacher worker's: fresh objects per call
        # An exercise's record: its cell's check of its own function, else its cell's first check (a check cell may
        # first check an earlier exercise, through earlier_exercise: that one must not be taken for its own).
        chosen = {}  # grade_id -> its record
        for name, grade_id, _, index in self._exercises:
            if in_cell := [record for record in records if record["cell"] == index]:
                chosen[grade_id] = next((record for record in in_cell if record["name"] == name), in_cell[0])
        return chosen

    def _build(self) -> bytes:
        """The exercises recorded by a worker that runs the instructor's chapter, pickled."""
        cells = [[index, cell_source(cell)] for index, cell in enumerate(self.teacher.cells)
                 if cell.cell_type == "code"]
        worker = Worker({"mode": "teacher", "cwd": str(self.path.parent), "cells": cells, "key": self.key})
        try:
            message = worker.next(self.notebook_time_limit * 2)
        finally:
            worker.stop()
        if not isinstance(message, dict) or message.get("op") != "teacher":
            raise RuntimeError(f"{self.path.name}: the instructor's chapter did not run to its end in the grader")
        data = base64.b64decode(message["data"])
        for index, error in pickle.loads(data)["errors"]:  # noqa: S301 - the teacher worker's; a check may be missing
            sys.stderr.write(f"puzzlekit grader: {self.path.name}: the instructor's cell {index} failed ({error})\n")
        return data

    def grade(self, submission, student: str | None = None) -> SubmissionReport:
        """Grade one submission (a path or an nbformat notebook); never raises for a bad submission: what could not
        be graded is said in the report's `note`, and the exercises it concerns score 0."""
        started = time.monotonic()
        report = SubmissionReport(student, self.chapter)
        notes = list(self.weakness)
        try:
            cells = _read_notebook(submission).get("cells")
            if not isinstance(cells, list) or not all(isinstance(cell, dict) for cell in cells):
                raise ValueError("it has no list of cells")
        except Exception as error:  # noqa: BLE001 - a bad submission is a note, not an error
            cells = []
            notes.append(f"the submission is not a notebook ({type(error).__name__}: {cut(error, 120)})")
        recorded = self._recorded()  # an instructor's chapter that does not run raises here
        plan = self._plan(cells, notes)
        report.flags = flags(cells, {index for index, _, kind in plan if kind == "student"})
        grade_ids = {index: _tags(cell).get("grade_id", "") for index, cell in enumerate(cells)}
        try:
            grade_submission(self, plan, recorded, report, notes, grade_ids)
        except Exception as error:  # noqa: BLE001 - never an exception for a submission: what is left scores 0
            notes.append(f"grading stopped early ({type(error).__name__}: {cut(error, 120)})")
            graded = {result.grade_id for result in report.exercises}
            report.exercises += [ExerciseResult(name, grade_id, 0, points, "✗ not graded: grading stopped early")
                                 for name, grade_id, points, _ in self._exercises if grade_id not in graded]
        report.note = "; ".join(dict.fromkeys(notes))
        report.seconds = round(time.monotonic() - started, 2)
        return report

    def _plan(self, cells, notes: list) -> list:
        """(index, source, kind) of each code cell to run, kind "instructor" or "student"; what is odd, in `notes`."""
        plan = []
        retagged = [dict(cell, metadata={}) for cell in cells]  # the tags nbgrader gives them, whatever they carry
        try:
            tag_notebook({"cells": retagged})
        except Exception:  # noqa: BLE001 - a submission nbgrader's tags cannot be put on: sources decide
            retagged = [{} for _ in cells]
        for index, (cell, tags) in enumerate(zip(cells, map(_tags, retagged))):
            if cell.get("cell_type") != "code":
                continue
            source = cell_source(cell)
            if _tags(cell).get("grade_id", "") in self._tests or _normal(source) in self._tests.values() or (
                    tags.get("grade") and not tags.get("solution")):
                continue  # a test: the grading process runs the instructor's cases instead
            plan.append((index, source, "instructor" if _normal(source) in self.teacher_sources else "student"))
        code = [cell for cell in cells if cell.get("cell_type") == "code"]
        ids, sources = {_tags(cell).get("grade_id", "") for cell in code}, {_normal(cell_source(cell)) for cell in code}
        missing = [grade_id for grade_id, test in self._tests.items() if not (grade_id in ids or test in sources)]
        theirs, ours = _which_chapter(cells), _which_chapter(self.teacher.cells)
        if theirs and ours and theirs != ours:  # its title says so: the rest follows from that
            notes.append(f"this is {theirs}'s notebook, not {ours}'s ({self.chapter}): graded as {ours} all the same")
        elif cells:
            if missing:
                notes.append("test cells deleted or renamed (" + ", ".join(sorted(missing)) + "): graded all the same")
            if not any(kind == "instructor" for *_, kind in plan):
                notes.append(f"no cell of {self.chapter} found unchanged: is this a submission of another chapter?")
        return plan

"""`ChapterGrader`: grade submitted notebooks of one chapter outside the student's process.

The cases come from the instructor's chapter, run once (per chapter, kept in memory) in a worker that runs only
the instructor's code, with `check` replaced by a recorder; hidden cases are drawn there with a seed made from
the grading secret, the chapter and the exercise. The submission's code runs in another worker (`worker`),
under resource limits and a wall-clock limit enforced here; only safe JSON comes back, and the verdicts, the
points and the messages are computed here, with the instructor's own matchers.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import os
import pickle
import queue
import re
import secrets
import subprocess
import sys
import threading
import time
from pathlib import Path

from ..editions import cell_source, has_solution
from ..exercises.check import _AGAIN, _LOOP_HINT, _failure
from ..exercises.compare import Matcher, difference, is_matcher
from ..exercises.describe import cut, describe, plural
from ..grading import exercise_points, tag_notebook
from . import protocol, safe, scan
from .report import ExerciseResult, SubmissionReport

__all__ = ["ChapterGrader", "SECRET_VARIABLE", "SECRET_FILE", "grading_secret"]

#: The environment variable that holds the instructor's grading secret (the seed of the hidden cases).
SECRET_VARIABLE = "PUZZLEKIT_GRADING_SECRET"
#: Without it: a random secret made once and kept in this file of the folder the grading runs in (never release it).
SECRET_FILE = ".puzzlekit-grading-secret"
_ROOT = str(Path(__file__).resolve().parents[3])  # the folder that holds the puzzlekit package
_MARGIN = 3.0  # seconds a call may take beyond its time limit before the worker is killed (pickles, start-up)
_BUILT: dict = {}  # (chapter path, modification time, key) -> the recorded exercises, pickled (in memory only)
_BUILD_LOCK = threading.Lock()


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
        temporary.write_text(secrets.token_hex(32) + "\n")
        os.chmod(temporary, 0o600)
        try:
            os.link(temporary, path)  # made once, even by several graders at a time: the first one wins
        except FileExistsError:
            pass
        finally:
            temporary.unlink()
    return path.read_text().strip()


def _environment() -> dict:
    """The worker's environment: no NBGRADER_*, PUZZLEKIT_* or PYTHON* variables; one thread per library."""
    kept = {name: os.environ[name] for name in ("PATH", "LANG", "LC_ALL", "TMPDIR", "HOME") if name in os.environ}
    return kept | {"MPLBACKEND": "Agg", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
                   "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}


class _Worker:
    """One worker process and the messages that come from it (read by a thread into a queue)."""

    def __init__(self, setup: dict):
        command = [sys.executable, "-I", "-c",
                   f"import sys; sys.path.insert(0, {_ROOT!r}); from puzzlekit.course.grader.worker import main; main()"]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=_environment(), cwd=setup["cwd"],
                                        start_new_session=True)
        self.messages: queue.Queue = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.send(setup)

    def _read(self) -> None:
        fd = self.process.stdout.fileno()
        while True:
            try:
                message = protocol.receive(fd)
            except OSError:
                message = None
            self.messages.put(message)
            if message is None:
                return

    def send(self, message: dict) -> bool:
        try:
            protocol.send(self.process.stdin.fileno(), message)
            return True
        except (OSError, ValueError):
            return False

    def next(self, timeout: float):
        """The next message; None if the worker ended; "timeout" if none came in time."""
        try:
            return self.messages.get(timeout=max(timeout, 0.01))
        except queue.Empty:
            return "timeout"

    def stop(self) -> int | None:
        """Kill the worker (and whatever it started); its exit code."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, 9)
            except (ProcessLookupError, PermissionError):
                self.process.kill()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            return None

    def exit_code(self) -> int | None:
        try:
            return self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return None


def _read_notebook(submission):
    import nbformat

    if isinstance(submission, (str, os.PathLike)):
        return nbformat.read(os.fspath(submission), as_version=4)
    if isinstance(submission, dict):
        return nbformat.from_dict(copy.deepcopy(dict(submission)))
    raise TypeError(f"submission must be a path or a notebook, got {describe(submission)}")


def _tags(cell) -> dict:
    tags = cell.get("metadata", {}).get("nbgrader", {})
    return tags if isinstance(tags, dict) else {}


def _normal(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


class ChapterGrader:
    """Grade submissions of one chapter: `grade(notebook)` runs the student's code in a worker and scores it here.

    Parameters
    ----------
    chapter_path : the instructor's chapter (with its reference solutions): `chapters/NN_*.ipynb` or an nbgrader
        source notebook.
    secret : the grading secret (see `grading_secret`); the hidden cases depend on it.
    time_limit : seconds per case for every exercise (None: each check's own `time_limit=`).
    memory_limit_mb : the worker's address space.
    notebook_time_limit : seconds all the submission's cells may take together; `cell_time_limit` one cell.
    max_restarts : workers started again after one was killed, per submission.

    Examples
    --------
    >>> grader = ChapterGrader("chapters/03_uninformed_search.ipynb")  # doctest: +SKIP
    >>> [name for name, _, _ in grader.exercises]  # doctest: +SKIP
    ['my_breadth_first', 'my_bidirectional', 'effective_branching_factor']
    """

    def __init__(self, chapter_path, *, secret: str | None = None, time_limit: float | None = None,
                 memory_limit_mb: int = 4096, notebook_time_limit: float = 900, cell_time_limit: float = 300,
                 max_restarts: int = 3):
        import nbformat

        self.path = Path(chapter_path).resolve()
        if not self.path.is_file():
            raise ValueError(f"chapter_path must be a notebook file, got {str(chapter_path)!r}")
        for name, value in (("memory_limit_mb", memory_limit_mb), ("notebook_time_limit", notebook_time_limit),
                            ("cell_time_limit", cell_time_limit)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
                raise ValueError(f"{name} must be a number above 0, got {value!r}")
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                       or time_limit <= 0):
            raise ValueError(f"time_limit must be a number of seconds above 0 or None, got {time_limit!r}")
        self.secret = grading_secret(secret)
        self.time_limit, self.memory_limit_mb = time_limit, memory_limit_mb
        self.notebook_time_limit, self.cell_time_limit, self.max_restarts = notebook_time_limit, cell_time_limit, max_restarts
        self.teacher = nbformat.read(self.path, as_version=4)
        tagged = copy.deepcopy(self.teacher)
        tag_notebook(tagged)
        self.tagged = tagged
        self._exercises = []  # (name, grade_id, points, teacher cell index)
        names_so_far: set = set()
        for index, cell in enumerate(tagged.cells):
            tags = _tags(cell)
            if cell.cell_type == "code" and has_solution(cell):
                names_so_far |= set(re.findall(r"^(?:def|class)\s+(\w+)", cell_source(cell), re.M))
            if cell.cell_type == "code" and tags.get("grade") and not tags.get("solution"):
                called = re.findall(r"\bcheck\(\s*(\w+)", cell_source(cell))
                name = next((n for n in called if n in names_so_far), called[0] if called else tags["grade_id"])
                points = tags.get("points", exercise_points(name, cell_source(cell)))
                self._exercises.append((name, tags["grade_id"], points, index))
        self.chapter = self.path.stem
        self.key = hashlib.sha256(f"{self.secret}\0{self.chapter}".encode()).hexdigest()
        self.test_sources = {_normal(cell_source(tagged.cells[index])) for *_, index in self._exercises}
        self.test_ids = {grade_id for _, grade_id, _, _ in self._exercises}
        self.teacher_sources = {_normal(cell_source(cell)) for cell in tagged.cells
                                if cell.cell_type == "code" and not has_solution(cell) and not _tags(cell).get("solution")}
        self.build_seconds, self.teacher_errors = None, []
        self.solution_sources = [cell_source(cell) for cell in tagged.cells if cell.cell_type == "code" and has_solution(cell)]

    @property
    def exercises(self) -> list[tuple[str, str, int]]:
        """(name, grade_id, points) of each exercise, in the chapter's order."""
        return [(name, grade_id, points) for name, grade_id, points, _ in self._exercises]

    # -- the cases ---------------------------------------------------------------------------------------------
    def _recorded(self) -> dict:
        """The exercises recorded from the instructor's chapter, built once per chapter file and secret."""
        stamp = (str(self.path), self.path.stat().st_mtime_ns, self.key)
        with _BUILD_LOCK:
            if stamp not in _BUILT:
                started = time.monotonic()
                _BUILT[stamp] = self._build()
                self.build_seconds = time.monotonic() - started
        data, chosen = _BUILT[stamp]
        recorded = pickle.loads(data)  # noqa: S301 - our own teacher worker's pickle, in memory: fresh objects per call
        return {"exercises": {grade_id: recorded["exercises"][number] for grade_id, number in chosen.items()},
                "errors": recorded["errors"]}

    def _build(self) -> tuple[bytes, dict]:
        cells = [[index, cell_source(cell)] for index, cell in enumerate(self.teacher.cells) if cell.cell_type == "code"]
        worker = _Worker({"mode": "teacher", "cwd": str(self.path.parent), "cells": cells, "key": self.key})
        try:
            message = worker.next(self.notebook_time_limit * 2)
        finally:
            worker.stop()
        if not isinstance(message, dict) or message.get("op") != "teacher":
            raise RuntimeError(f"{self.path.name}: the instructor's chapter did not run to its end in the grader")
        data = base64.b64decode(message["data"])
        recorded = pickle.loads(data)  # noqa: S301 - from the worker that ran only the instructor's chapter
        chosen = {}  # grade_id -> the number of its record
        for number, record in enumerate(recorded["exercises"]):
            grade = next(((name, grade_id) for name, grade_id, _, index in self._exercises
                          if index == record["cell"] and name == record["name"]), None)
            grade = grade or next(((name, grade_id) for name, grade_id, _, index in self._exercises
                                   if index == record["cell"]), None)
            if grade is not None and grade[1] not in chosen:
                chosen[grade[1]] = number
        self.teacher_errors = recorded["errors"]
        return data, chosen

    # -- grading -----------------------------------------------------------------------------------------------
    def grade(self, submission, student: str | None = None) -> SubmissionReport:
        """Grade one submission (a path or an nbformat notebook); never raises for a bad submission: what could not
        be graded is said in the report's `note`, and the exercises it concerns score 0."""
        started = time.monotonic()
        report = SubmissionReport(student, self.chapter)
        notes = []
        try:
            notebook = _read_notebook(submission)
            cells = notebook.cells
        except Exception as error:  # noqa: BLE001 - a bad submission is a note, not an error
            notebook, cells = None, []
            notes.append(f"the submission is not a notebook ({type(error).__name__}: {cut(error, 120)})")
        recorded = self._recorded()
        plan, plan_notes = self._plan(cells)
        notes += plan_notes
        report.flags = scan.flags(cells, {index for index, _, kind in plan if kind == "student"})
        run = _Run(self, plan, recorded["exercises"], report, notes)
        run.grade_all()
        report.note = "; ".join(dict.fromkeys(notes))
        report.seconds = round(time.monotonic() - started, 2)
        return report

    def _plan(self, cells) -> tuple[list, list]:
        """(index, source, kind) of each code cell to run, kind "instructor" or "student"; notes on what was odd."""
        plan, notes, skipped_tests, seen_ids = [], [], 0, set()
        sources = {_normal(cell_source(cell)) for cell in cells if cell.get("cell_type") == "code"}
        stripped = copy.deepcopy(cells)
        for cell in stripped:
            cell.get("metadata", {}).pop("nbgrader", None)
        try:
            tag_notebook({"cells": stripped})
        except Exception:  # noqa: BLE001 - a submission nbgrader's tags cannot be put on: sources decide
            stripped = [{"cell_type": "code", "metadata": {}, "source": ""} for _ in cells]
        for index, (cell, retagged) in enumerate(zip(cells, stripped)):
            if cell.get("cell_type") != "code":
                continue
            source, grade_id = cell_source(cell), _tags(cell).get("grade_id", "")
            seen_ids.add(grade_id)
            is_check = _tags(retagged).get("grade") and not _tags(retagged).get("solution")
            if grade_id in self.test_ids or _normal(source) in self.test_sources or is_check:
                skipped_tests += 1
                continue
            kind = "instructor" if _normal(source) in self.teacher_sources else "student"
            plan.append((index, source, kind))
        found = {grade_id for _, grade_id, _, index in self._exercises if grade_id in seen_ids
                 or _normal(cell_source(self.tagged.cells[index])) in sources}
        missing = [grade_id for _, grade_id, _, _ in self._exercises if grade_id not in found]
        if cells and missing:
            notes.append("test cells deleted or renamed (" + ", ".join(sorted(missing)) + "): graded all the same")
        if cells and not any(kind == "instructor" for *_, kind in plan):
            notes.append(f"no cell of {self.chapter} found unchanged: is this a submission of another chapter?")
        return plan, notes


class _Run:
    """Grading one submission: the worker, its restarts, the calls and the verdicts."""

    def __init__(self, grader: ChapterGrader, plan, recorded: dict, report: SubmissionReport, notes: list):
        self.grader, self.plan, self.recorded, self.report, self.notes = grader, plan, recorded, report, notes
        self.skip: dict = {}  # cell index -> why it is skipped on the next start
        self.restarts, self.worker, self.cell_log = 0, None, []
        self.forbid = [item for record in recorded.values() for item in record["forbid"]]
        self.student_sources = [source for _, source, kind in plan if kind == "student"]

    # -- the worker ------------------------------------------------------------------------------------------
    def start(self) -> bool:
        """Start a worker and run the cells; False if none could be brought to the point of taking calls."""
        grader = self.grader
        while True:
            cells = [[index, source, kind] for index, source, kind in self.plan if index not in self.skip]
            limits = sum(record["time_limit"] or 5 for record in self.recorded.values())
            setup = {"mode": "student", "cwd": str(grader.path.parent), "cells": cells, "forbid": self.forbid,
                     "cell_time_limit": grader.cell_time_limit, "memory_bytes": int(grader.memory_limit_mb) << 20,
                     "cpu_seconds": int(grader.notebook_time_limit + 20 * limits + 60)}
            self.worker = _Worker(setup)
            deadline = time.monotonic() + grader.notebook_time_limit
            current, log = None, []
            while True:
                message = self.worker.next(min(deadline, time.monotonic() + grader.cell_time_limit + _MARGIN)
                                           - time.monotonic())
                if isinstance(message, dict) and message.get("op") == "cell":
                    current = message["index"] if message["status"] == "start" else None
                    if message["status"] != "start":
                        log.append({"index": message["index"], "status": message["status"],
                                    "error": message.get("error", ""), "seconds": message.get("seconds")})
                    continue
                if isinstance(message, dict) and message.get("op") == "ready":
                    self.cell_log = log
                    return True
                if isinstance(message, dict):
                    continue  # a "forbidden" report while a cell ran: the cell's call failed, nothing to score
                code = self.worker.stop()
                why = ("did not finish in time" if message == "timeout"
                       else f"ended the process (exit code {code})")
                if current is None:
                    self.notes.append(f"the notebook's cells {why}")
                    return False
                self.skip[current] = why
                self.notes.append(f"cell {current} {why}: skipped")
                self.restarts += 1
                if self.restarts > grader.max_restarts:
                    self.notes.append("too many restarts")
                    return False

    def restart(self) -> bool:
        self.restarts += 1
        if self.restarts > self.grader.max_restarts:
            self.notes.append("too many restarts: the exercises left score 0")
            return False
        return self.start()

    # -- grading ---------------------------------------------------------------------------------------------
    def grade_all(self) -> None:
        alive = self.start() if self.plan else False
        if not self.plan:
            self.notes.append("no code cell to run")
        for name, grade_id, points, _ in self.grader._exercises:
            record = self.recorded.get(grade_id)
            if record is None:
                message = "✗ not graded: the instructor's chapter has no check for this exercise"
                ok, crashed = False, False
            elif not alive:
                ok, message, crashed = False, "✗ not graded: the notebook's cells could not be run", False
            else:
                ok, message, crashed = self.exercise(name, record)
            self.report.exercises.append(ExerciseResult(name, grade_id, points if ok else 0, points, message))
            if crashed:
                self.worker.stop()
                alive = self.restart()
        if self.worker is not None:
            self.worker.send({"op": "stop"})
            self.worker.stop()
        self.report.cells = [dict(entry, kind=next(kind for index, _, kind in self.plan if index == entry["index"]))
                             for entry in self.cell_log] + [
            {"index": index, "status": "skipped", "error": why, "kind": "?"} for index, why in self.skip.items()]

    def exercise(self, name: str, record: dict) -> tuple[bool, str, bool]:
        """(passed, message, whether the worker must be started again) for one exercise."""
        copied = scan.library_copy(name, self.student_sources, record["forbid"], self.grader.teacher)
        if copied and scan.library_copy(name, self.grader.solution_sources, record["forbid"], self.grader.teacher):
            copied = None  # the reference solution is that code too: the same code tells nothing
        if copied:
            return False, f"✗ {name} is a copy of the library's {copied}: write it yourself", False
        unfinished = scan.unfinished(name, self.student_sources)
        if unfinished:
            return False, f"✗ not done yet: {unfinished}; {_AGAIN}", False
        cases = [(case, False) for case in record["cases"]] + [(case, True) for case in record["hidden"]]
        time_limit = self.grader.time_limit or record["time_limit"]
        exercise_names = {name for name, *_ in self.grader._exercises}
        failures = []
        for number, ((arguments, expected), hidden) in enumerate(cases):
            if not isinstance(arguments, tuple):
                arguments = (arguments,)
            call = (f"{name}(hidden case {number - len(record['cases']) + 1})" if hidden
                    else f"{name}({', '.join(describe(a) for a in arguments)})")
            try:
                shipped = scan.ship(arguments, exercise_names)
            except ValueError as error:
                return False, f"✗ not graded: {error}", False
            request = {"op": "call", "id": secrets.token_hex(8), "name": name, "time_limit": time_limit,
                       "args": base64.b64encode(shipped).decode()}
            if not self.worker.send(request):
                return False, f"✗ the process ended (exit code {self.worker.exit_code()}) before {call} could run", True
            reply, forbidden = None, None
            deadline = time.monotonic() + (time_limit or 600) + _MARGIN
            while reply is None:
                message = self.worker.next(deadline - time.monotonic())
                if message == "timeout":
                    rest = len(cases) - number - 1
                    skipped = f" ({plural(rest, 'other case')} not run)" if rest else ""
                    return False, f"✗ {call} did not return within {time_limit:g} s; {_LOOP_HINT}{skipped}", True
                if message is None:
                    code = self.worker.stop()
                    return False, f"✗ the process ended (exit code {code}) while running {call}", True
                if message.get("op") == "forbidden":
                    forbidden = forbidden or str(message.get("label"))
                elif message.get("op") == "result" and message.get("id") == request["id"]:
                    reply = message
            verdict = self.verdict(name, call, reply, forbidden, arguments, expected, time_limit, len(cases) - number - 1)
            if verdict is True:
                continue
            kind, text = verdict
            if kind == "stop":
                return False, text, False
            failures.append(text)
        if not failures:
            return True, f"✓ {name} passes all {plural(len(cases), 'case')}", False
        return False, "\n".join(failures[:1] + [f"{len(failures)} of {plural(len(cases), 'case')} failed"]), False

    def verdict(self, name, call, reply, forbidden, arguments, expected, time_limit, rest):
        """True, or ("stop", message) to end the exercise there, or ("fail", message) for one failing case."""
        outcome = reply.get("outcome")
        if outcome == "missing":
            return "stop", f"✗ {name} is not defined in the notebook (a missing or renamed solution cell?)"
        if outcome == "not_callable":
            return "stop", f"✗ {name} is not a function"
        if outcome == "library":
            return "stop", f"✗ {name} is the library's {reply.get('label')}: write it yourself"
        if forbidden:
            return "stop", f"✗ {name} calls the library's {forbidden}: write it yourself"
        if outcome == "timeout":
            skipped = f" ({plural(rest, 'other case')} not run)" if rest else ""
            return "stop", f"✗ {call} did not return within {time_limit:g} s; {_LOOP_HINT}{skipped}"
        for argument, state in zip(arguments, (reply.get("args") or {}).get("v", [])):
            safe.apply_state(argument, state)
        value = safe.decode(reply.get("value"))
        raises = isinstance(expected, type) and issubclass(expected, BaseException)
        if outcome == "raised":
            if value.name == "ForbiddenCall":
                return "stop", f"✗ {name}: {cut(value.message, 200)}"
            if raises and value.is_a(expected):
                return True
            if value.name == "NotImplementedError" and not raises:
                return "stop", f"✗ not done yet: {name} raises NotImplementedError; {_AGAIN}"
            return "fail", f"✗ {call} raised {value.name}: {cut(value.message, 200)}"
        if value is Ellipsis:
            return "stop", f"✗ not done yet: {name} returned `...`; {_AGAIN}"
        if raises:
            return "fail", f"✗ {call} returned {describe(value)}, expected it to raise {expected.__name__}"
        if is_matcher(expected):
            why = expected.mismatch(value)
            if why is None:
                return True
            return "fail", f"✗ {call} returned {why}" if isinstance(expected, Matcher) else f"✗ {call}: {why}"
        where = difference(value, expected)
        if where is None:
            return True
        return "fail", _failure(call, value, expected, where)

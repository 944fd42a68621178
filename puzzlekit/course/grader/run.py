"""Grading one submission (`grade_submission`, which `ChapterGrader.grade` runs): its `Worker` processes
(`puzzlekit.course.grader.worker`) and their restarts, the calls of the student's functions, the verdicts."""

from __future__ import annotations

import base64
import contextlib
import os
import pickle
import queue
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from ..exercise_cases import Recorder
from ..exercises.check import AGAIN, LOOP_HINT
from ..exercises.compare import changed_argument, deep_copy, judge
from ..exercises.copies import copied, library_copy
from ..exercises.describe import cut, describe, plural
from ..exercises.guard import WALL_CLOCK_FACTOR
from .build import student_build
from .isolation import MAX_PROCESSES, Confinement
from .protocol import frame, receive
from .report import ExerciseResult, Flag, SubmissionReport
from .safe import apply_state, decode
from .scan import ship, unfinished

__all__ = []

_ROOT = str(Path(__file__).resolve().parents[3])  # the folder that holds the puzzlekit package
_POLL = 0.2  # seconds between two looks at whether a worker still runs, while waiting for its next message
_MARGIN = 3.0  # seconds a cell may take beyond its time limit before the worker is killed (start-up, messages)
_KEPT_ERROR = 4000  # bytes of a worker's standard error kept (the rest is read and thrown away)
_QUEUED = 1  # a worker's messages read and not yet taken (one may be 1.4 GB once read: `protocol.MAX_MESSAGE`)
_MAX_ASKS = 500_000  # a call's questions to a `Recorder` argument answered (chapter 3's reference: 22,340 in all)
_ASKABLE = (*Recorder.questions, "result")  # what a worker may ask of a `Recorder` argument (`worker._Asking`)


def _backstop(time_limit: float | None) -> float:
    """Seconds the grading process waits for a call's answer (ten times its limit, a minute at least) before it kills
    the worker: a loaded machine stretches a CPU-time limit; only a call that waits (a sleep, a lock) gets here."""
    return max(60.0, 10 * (time_limit or 60)) + _MARGIN


def _late(call: str, limit: str, rest: int) -> str:
    """The message of a call that did not return within `limit`, `rest` cases after it left unrun."""
    return f"✗ {call} did not return within {limit}; {LOOP_HINT}" + (f" ({plural(rest, 'other case')} not run)"
                                                                     if rest else "")


class Worker:
    """One worker process and the messages that come from it (read by a thread into a queue)."""

    def __init__(self, setup: dict, isolation: str = "none", private=()):
        """A worker for `setup`; a student one runs under `isolation`, which hides `private` (the grader's files)."""
        self.folder, self.confinement = None, None  # a student worker's own working folder, and its isolation
        self.errors, user, pass_fds = b"", {}, ()  # the last of the worker's standard error
        kept = os.environ.keys() & {"PATH", "LANG", "LC_ALL", "TMPDIR", "HOME"}  # no NBGRADER_*, PUZZLEKIT_*, PYTHON*
        environment = {name: os.environ[name] for name in kept} | {  # and one thread per library
            "MPLBACKEND": "Agg", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1", "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        if "cwd" not in setup:
            self.folder = tempfile.mkdtemp(prefix="puzzlekit-worker-")
            self.confinement = Confinement(isolation, setup["root"], self.folder, private)
            setup = dict(setup, cwd=self.folder, root=self.confinement.build)
        python = [sys.executable, "-I", "-c",  # the channel moved off fds 0 and 1 before anything is imported
                  "import os, sys; channel = os.dup(0), os.dup(1); null = os.open(os.devnull, os.O_RDWR); "
                  f"os.dup2(null, 0); os.dup2(null, 1); sys.path.insert(0, {setup.get('root', _ROOT)!r}); "
                  "from puzzlekit.course.grader.worker import main; main(*channel)"]
        if self.confinement is not None:
            python = self.confinement.command(python)
            environment |= self.confinement.environment()
            pass_fds = self.confinement.pass_fds
            if self.confinement.uid is not None:
                user = self.confinement.user()
                setup["processes"] = MAX_PROCESSES  # per user id: a fork bomb stops there
        self.process = subprocess.Popen(python, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        env=environment, cwd=setup["cwd"], start_new_session=True, pass_fds=pass_fds,
                                        **user)
        os.set_blocking(self.process.stdin.fileno(), False)  # `send` waits for it with a timeout
        if self.confinement is not None:
            self.confinement.started()
        self.messages: queue.Queue = queue.Queue(_QUEUED)  # then the reader waits, and the worker: no pile in memory
        self.drainer, self.reader = (threading.Thread(target=job, daemon=True) for job in (self._drain, self._read))
        for thread in (self.drainer, self.reader):
            thread.start()
        self.send(setup)

    def _drain(self) -> None:
        """Read the worker's standard error to its end, keeping only its last `_KEPT_ERROR` bytes."""
        with contextlib.suppress(OSError, ValueError):
            for chunk in iter(lambda: self.process.stderr.read1(1 << 16), b""):
                self.errors = (self.errors + chunk)[-_KEPT_ERROR:]

    def _read(self) -> None:
        """Put the worker's messages in the queue, then None at their end."""
        fd = self.process.stdout.fileno()
        with contextlib.suppress(OSError):
            while (message := receive(fd)) is not None:
                self.messages.put(message)
        self.messages.put(None)

    def send(self, message: dict, timeout: float = 60.0) -> bool:
        """Write `message` to the worker; False if it has ended or has not read it within `timeout` seconds (a worker
        that stops reading must not stall the grading process: its standard input does not block)."""
        try:
            fd, data, deadline = self.process.stdin.fileno(), frame(message), time.monotonic() + timeout
            while data:
                if not select.select([], [fd], [], max(deadline - time.monotonic(), 0))[1]:
                    return False
                with contextlib.suppress(BlockingIOError):
                    data = data[os.write(fd, data):]
            return True
        except (OSError, ValueError):
            return False

    def next(self, timeout: float):
        """The next message; None if the worker ended; "timeout" if none came in time (none is taken past it: a worker
        that keeps writing holds no one longer). Its end is noticed within `_POLL` seconds even if a process it forked
        holds its output pipe open (the reader sees no end of file)."""
        deadline = time.monotonic() + timeout
        while True:
            if (left := deadline - time.monotonic()) <= 0:
                return "timeout"
            with contextlib.suppress(queue.Empty):
                return self.messages.get(timeout=max(min(left, _POLL), 0.001))
            if self._ended():
                self.reader.join(_POLL)  # what it wrote before it ended may still be in the pipe
                return None if self.messages.empty() else self.messages.get_nowait()

    def _ended(self) -> bool:
        """Whether the worker has ended, without reaping it: until `stop` reaps it, its process id (which is its
        process group's) cannot be given to another process, so `stop` never kills a stranger's group."""
        if self.process.returncode is not None:
            return True
        try:
            return os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

    def stop(self) -> int | None:
        """Kill the worker and whatever it started (also once the worker itself has ended: a process it forked
        may live on in its process group); its exit code."""
        if self.process.returncode is None:  # not reaped yet: the group's id is still the worker's
            if self.confinement is not None and not self._ended():
                self.confinement.end_sandbox()  # its process 1 still runs or is not reaped: its id is its own
            try:
                os.killpg(self.process.pid, 9)
            except (ProcessLookupError, PermissionError):
                self.process.kill()
        if self.confinement is not None:
            self.confinement.release()
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                stream.close()
        with contextlib.suppress(queue.Empty):  # a reader waiting to put a message in a full queue ends too
            while self.reader.is_alive():
                self.messages.get(timeout=_POLL)
        try:
            code = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            return None
        finally:
            if self.folder is not None:
                shutil.rmtree(self.folder, ignore_errors=True)
        bubblewrap = self.confinement is not None and self.confinement.kind == "bubblewrap"
        return -(code - 128) if bubblewrap and 128 < code < 160 else code  # bwrap ends with 128 + the worker's signal

    def why(self, code) -> str:
        """'(exit code N)', with the last line the worker wrote to its standard error (a traceback's) if any."""
        if self.process.poll() is not None:
            self.drainer.join(1)  # what it wrote before it ended may still be in the pipe
        lines = self.errors.decode("utf-8", "replace").strip().splitlines()
        return f"(exit code {code}{': ' + cut(lines[-1], 200) if lines else ''})"


class _Asked:
    """A `Recorder` argument of one call as the grading process keeps it. The student's worker knows its states only
    by the tokens handed out here ("state 12"), and which of them are goals (`worker._Asking`): a search can make no
    move without asking (`result` only for an action it was given for that state, `opened`), and each ask is recorded
    here, where the student's code cannot rewrite the record."""

    def __init__(self, recorder):
        self.recorder, self.states, self.tokens, self.goals, self.opened = recorder, {}, {}, [], {}
        self.initial = self.token(recorder.initial)
        self.goal = self.token(recorder.goal) if getattr(recorder, "goal", None) is not None else None

    def token(self, state) -> str:
        """The worker's name for `state` (each new one a goal or not: `handed` tells it)."""
        if state not in self.tokens:
            self.tokens[state] = token = f"state {len(self.tokens)}"
            self.states[token] = state
            if self.recorder.is_goal(state):
                self.goals.append(token)
        return self.tokens[state]

    def handed(self) -> list:
        """The goals among the tokens handed out since the last call."""
        goals, self.goals = self.goals, []
        return goals


def _answer(asked: dict, message: dict, asks: int) -> dict:
    """The grading process's answer to a worker's ask of a `Recorder` argument (`_Asked`): what its own copy gives
    for the state the token names, recorded there, the states in it as tokens."""
    try:
        if asks > _MAX_ASKS:  # what the grading process keeps of one call stays bounded
            raise RuntimeError(f"a search asked the problem more than {_MAX_ASKS:,} times in one call")
        problem, method, token = asked[message["argument"]], message["method"], message["state"]
        if method not in _ASKABLE:
            raise TypeError(f"the grader answers only {', '.join(_ASKABLE)} of the problem a search is given")
        if not isinstance(token, str) or token not in problem.states:
            raise ValueError(f"{cut(repr(token), 60)} is not a state this problem gave the search")
        action = (decode(message["action"]),) if method == "result" else ()
        if action and action[0] not in problem.opened.get(token, ()):  # else a search walks, expanding nothing
            raise ValueError(f"{cut(repr(action[0]), 60)} is not an action the problem gave for {token!r}: ask them")
        value = getattr(problem.recorder, method)(problem.states[token], *action)
        value = (problem.token(value) if method == "result" else list(value) if method == "actions"
                 else [(action, problem.token(child)) for action, child in value])
        if method in ("actions", "successors"):  # the actions `result` answers for this state
            problem.opened[token] = value if method == "actions" else [action for action, _ in value]
        answer = ("returned", value, problem.handed())
    except Exception as error:  # noqa: BLE001 - what the problem raised, the search's code gets, in words
        answer = ("raised", f"{type(error).__name__}: {cut(error, 200)}", [])
    return {"op": "answer", "id": message.get("id"), "value": base64.b64encode(pickle.dumps(answer)).decode()}


def grade_submission(grader, plan, recorded: dict, report: SubmissionReport, notes: list, grade_ids: dict) -> None:
    """Fill in `report` (its exercises, the cells run) for the cells of `plan`; what went wrong goes in `notes`;
    `grade_ids` gives the submission's cells' grade_ids (for the flags)."""
    run = _Run(grader, plan, recorded, report, notes, grade_ids)
    try:
        run.grade_all()
    finally:
        if run.worker is not None:
            run.worker.stop()


class _Run:
    """Grading one submission: the worker, its restarts, the calls and the verdicts."""

    def __init__(self, grader, plan, recorded: dict, report: SubmissionReport, notes: list, grade_ids: dict):
        self.grader, self.plan, self.recorded, self.report, self.notes = grader, plan, recorded, report, notes
        self.skip: dict = {}  # cell index -> why it is skipped on the next start (in every group's worker)
        self.restarts, self.worker, self.cell_log = 0, None, []
        self.records: list = []  # the records of the exercises graded in the current worker (one `forbid=` list)
        self.asked: dict = {}  # the current call's `Recorder` arguments, by their place among its arguments
        self.student_sources = [source for _, source, kind in plan if kind == "student"]
        self.kinds = {index: kind for index, _, kind in plan}
        self.grade_ids = grade_ids

    # -- the worker ------------------------------------------------------------------------------------------
    def start(self) -> bool:
        """Start a worker and run the cells but any that stopped an earlier one; False if none got to take calls."""
        grader, forbid = self.grader, self.records[0]["forbid"]
        cells = [[index, source] for index, source, _ in self.plan if index not in self.skip]
        limits = sum(record["time_limit"] or 5 for record in self.records)
        setup = {"mode": "student", "cells": cells, "forbid": forbid, "root": str(student_build(forbid)),
                 "student_cells": [index for index, _ in cells if self.kinds[index] == "student"],
                 "cell_time_limit": grader.cell_time_limit, "memory_bytes": int(grader.memory_limit_mb) << 20,
                 "cpu_seconds": int(grader.notebook_time_limit + 20 * limits + 60)}
        self.worker = Worker(setup, grader.isolation, [str(path) for path in grader.private])
        deadline, current, log = time.monotonic() + grader.notebook_time_limit, None, []
        cell = time.monotonic() + grader.cell_time_limit + _MARGIN  # the current cell's end
        while isinstance(message := self.worker.next(min(deadline, cell) - time.monotonic()), dict):
            if message.get("op") == "ready":
                self.cell_log = log
                return True
            if message.get("op") == "cell":  # any other message is the student's code's, ignored (and waits no longer)
                cell = time.monotonic() + grader.cell_time_limit + _MARGIN
                current = message["index"] if message["status"] == "start" else None
                if current is None:
                    log.append({"index": message["index"], "status": message["status"],
                                "error": message.get("error", ""), "seconds": message.get("seconds")})
        code = self.worker.stop()
        why = "did not finish in time" if message == "timeout" else f"ended the process {self.worker.why(code)}"
        if current is None:
            self.notes.append(f"the notebook's cells {why}")
            return False
        self.skip[current] = why
        self.notes.append(f"cell {current} {why}: skipped")
        return self.restart()  # without that cell

    def restart(self) -> bool:
        self.restarts += 1
        if self.restarts > self.grader.max_restarts:
            self.notes.append("too many restarts: the exercises left score 0")
            return False
        return self.start()

    # -- grading ---------------------------------------------------------------------------------------------
    def grade_all(self) -> None:
        """Grade the exercises, those whose `forbid=` lists are the same in one worker (over one student build)."""
        if not self.plan:
            self.notes.append("no code cell to run")
        groups: dict = {}  # what is forbidden -> the exercises graded in one worker
        for exercise in self.grader._exercises:
            record = self.recorded.get(exercise[1])
            groups.setdefault(repr(sorted(map(tuple, record["forbid"]))) if record else "", []).append(exercise)
        results, log = {}, None  # the cells as the first worker ran them go in the report
        for exercises in groups.values():
            self.records = [self.recorded[grade_id] for _, grade_id, _, _ in exercises if grade_id in self.recorded]
            self.restarts = 0
            alive = self.start() if self.plan and self.records else False
            ended, failures = {}, {}  # grade_id -> the message that ended it; the failing cases' messages
            for hidden in (False, True):  # every visible case before any hidden one: no later message carries them
                for name, grade_id, _, _ in exercises:
                    record = self.recorded.get(grade_id)
                    if grade_id in ended or failures.get(grade_id):  # a failing visible case: its hidden ones not run
                        continue
                    if record is None or not alive:
                        ended[grade_id] = ("✗ not graded: the instructor's chapter has no check for this exercise"
                                           if record is None else "✗ not graded: the notebook's cells could not be run")
                        continue
                    message, crashed = self.exercise(name, record, hidden, failures.setdefault(grade_id, []))
                    if message:
                        ended[grade_id] = message
                    if crashed:  # `exercise` stopped the worker
                        alive = self.restart()
            for name, grade_id, points, _ in exercises:
                record, failed = self.recorded.get(grade_id), failures.get(grade_id)
                cases = plural(len(record["cases"]) + (0 if failed else len(record["hidden"])) if record else 0, "case")
                message = ended.get(grade_id) or (f"{failed[0]}\n{len(failed)} of {cases} failed" if failed
                                                  else f"✓ {name} passes all {cases}")
                passed = grade_id not in ended and not failed
                results[grade_id] = ExerciseResult(name, grade_id, points if passed else 0, points, message)
            if self.worker is not None:
                self.worker.send({"op": "stop"})
                self.worker.stop()
            log = self.cell_log if log is None else log
        self.report.exercises = [results[grade_id] for _, grade_id, _, _ in self.grader._exercises]
        self.report.cells = [dict(entry, kind=self.kinds.get(entry["index"], "?")) for entry in log or []] + [
            {"index": index, "status": "skipped", "error": why, "kind": "?"} for index, why in self.skip.items()]

    def exercise(self, name: str, record: dict, hidden: bool, failures: list) -> tuple[str | None, bool]:
        """Run one exercise's visible cases (after the copy and unfinished checks), adding a failing case's message to
        `failures`, or its hidden ones: (the message that ends the exercise, or None; whether the worker must be
        started again). The first failing hidden case ends it, and says neither which it was nor why: what it was
        given could come out through the words of the student's code, and with it the answer."""
        if not hidden and (ended := self.written(name, record)):
            return ended, False
        time_limit = self.grader.time_limit or record["time_limit"]
        exercise_names = {name for name, *_ in self.grader._exercises}
        for number, (arguments, expected) in (enumerate(record["hidden"], len(record["cases"])) if hidden
                                              else enumerate(record["cases"])):
            arguments = arguments if isinstance(arguments, tuple) else (arguments,)
            call = f"{name}(a hidden case)" if hidden else f"{name}({', '.join(map(describe, arguments))})"
            rest = 0 if hidden else len(record["cases"]) + len(record["hidden"]) - number - 1
            self.asked = {index: _Asked(argument) for index, argument in enumerate(arguments)
                          if getattr(type(argument), "records_calls", False)}  # kept here, asked of by tokens
            try:
                shipped = ship(tuple(None if index in self.asked else argument
                                     for index, argument in enumerate(arguments)), exercise_names)
            except ValueError as error:
                return f"✗ not graded: {error}", False
            reply = self.call({"op": "call", "id": number, "name": name, "time_limit": time_limit,
                               "args": base64.b64encode(shipped).decode(), "problems": [
                                   [index, problem.initial, problem.goal, problem.handed()]
                                   for index, problem in self.asked.items()]})
            if not isinstance(reply, dict):  # the worker ended, or hung: it has been stopped
                code = self.worker.stop()
                if reply == "timeout":  # it waited (a sleep, a lock), or the machine is loaded beyond reason
                    return _late(call, f"{_backstop(time_limit):g} s of wall-clock time", rest), True
                if code == -signal.SIGXCPU and reply == "while running":  # a loop in C, which its timer cannot stop
                    return _late(call, f"{time_limit:g} s", rest), True
                why = "" if hidden else f" {self.worker.why(code)}"
                return f"✗ the process ended{why} {reply} {call}", True
            try:
                verdict = self.verdict(name, call, reply, arguments, expected, time_limit, rest, record)
            except Exception as error:  # noqa: BLE001 - a result the instructor's matcher cannot read is a wrong one
                verdict = "fail", (f"✗ {call} returned a value the check cannot read "
                                   f"({type(error).__name__}: {cut(error, 80)})")
            if verdict is True:
                continue
            kind, text = verdict
            if hidden:
                return (text if reply.get("outcome") == "timeout" else f"✗ {name} failed a hidden case; a hidden case "
                        "does not show which it is or why (what it expects, what it was given)"), False
            if kind == "stop":
                return text, False
            failures.append(text)
        return None, False

    def call(self, request: dict) -> dict | str:
        """The worker's reply to `request`, the asks of the call's `Recorder` arguments answered meanwhile; or why
        there is none: "before running" (it could not be sent), "while running" (the worker ended) or "timeout"."""
        if not self.worker.send(request):
            return "before running"
        deadline, asks = time.monotonic() + _backstop(request["time_limit"]), 0
        while isinstance(message := self.worker.next(deadline - time.monotonic()), dict):
            if message.get("op") == "ask" and message.get("id") == request["id"]:
                asks += 1
                self.worker.send(_answer(self.asked, message, asks), max(deadline - time.monotonic(), 0))
            elif message.get("op") == "result" and message.get("id") == request["id"]:
                return message
        return "while running" if message is None else message

    def written(self, name: str, record: dict) -> str | None:
        """Why the answer is not graded by its cases (a copy, or not written yet), or None."""
        forbid, teacher = record["forbid"], self.grader.teacher
        copy = copied(name, self.student_sources, forbid, teacher)  # as `check` judges it
        shape = not copy and copied(name, self.student_sources, forbid, teacher, textbook=True)
        if shape and not copied(name, self.grader.reference_sources, forbid, teacher, textbook=True):
            copy = shape  # a textbook function's shape: a copy, unless the chapter's own answer has that shape too
        if copy:
            return f"✗ {name} {copy}: write it yourself"
        # a textbook function with the library's own names: an answer all the same (the reference is one), flagged
        pasted = library_copy(name, self.student_sources, forbid, teacher, exact=True)
        for index, source, kind in self.plan if pasted else ():
            lines = [number for number, text in enumerate(source.splitlines(), 1) if text.startswith(f"def {name}(")]
            if kind == "student" and lines:
                self.report.flags.append(Flag(index, self.grade_ids.get(index, ""), lines[0],
                                              f"pasted from the library's {pasted}", f"def {name}(...)"))
        left = unfinished(name, self.student_sources)
        return f"✗ not done yet: {left}; {AGAIN}" if left else None

    def states(self, value):
        """`value` with each token of the call's `Recorder` arguments' states (`_Asked`) put back as its state."""
        if type(value) in (list, tuple):
            return type(value)(map(self.states, value))
        return next((problem.states[value] for problem in self.asked.values()
                     if isinstance(value, str) and value in problem.states), value)

    def verdict(self, name, call, reply, arguments, expected, time_limit, rest, record):
        """True, or ("stop", message) to end the exercise there, or ("fail", message) for one failing case."""
        outcome = reply.get("outcome")
        if outcome == "missing":
            failed = [f"cell {entry['index']} failed: {entry['error']}" for entry in self.cell_log
                      if entry["status"] == "error" and self.kinds.get(entry["index"]) == "student"]
            return "stop", (f"✗ {name} is not defined in the notebook" + (f"; {failed[-1]}" if failed else
                                                                         " (a missing or renamed solution cell?)"))
        if outcome == "not_callable":
            return "stop", f"✗ {name} is not a function"
        if outcome == "timeout":  # by CPU time, or by the wall clock (ten times as long: a call that waits)
            wall = time_limit and reply.get("limit") == "wall"
            return "stop", _late(call, f"{WALL_CLOCK_FACTOR * time_limit:g} s of wall-clock time" if wall
                                 else f"{time_limit:g} s", rest)
        value = self.states(decode(reply.get("value")))
        forbidden = re.match(r"(\S+) is not available while grading", value.message) if outcome == "raised" else None
        if forbidden and value.is_a(NotImplementedError):  # the student build's, or the worker's `_take_away`
            return "stop", f"✗ {name} calls {forbidden.group(1)}, which this exercise forbids: write it yourself"
        before = tuple(deep_copy(argument, {}) for argument in arguments)
        mutates, changed = record["mutates"], None
        in_place = getattr(expected, "in_place", ())  # an object the call may change: its attributes come back too
        for index, (argument, state) in enumerate(zip(arguments, (reply.get("args") or {}).get("v", []))):
            if not getattr(type(argument), "records_calls", False):  # a `Recorder` recorded here (`_answer`)
                apply_state(argument, decode(state), mutates is True or index in (mutates or ()) or any(
                    argument is item for item in in_place))
        if mutates is not True:  # as `check` does: an argument the answer changed, and should not have, fails the case
            changed = changed_argument(before, arguments, [True] * len(arguments), expected, mutates or set(),
                                       record["names"])
        raised = outcome == "raised"
        verdict = judge(call, name, None if raised else value, expected, error=value if raised else None,
                        changed=changed)
        if verdict is None:
            return True
        kind, text = verdict
        return ("stop", f"✗ not done yet: {text}; {AGAIN}") if kind == "undone" else ("fail", text)

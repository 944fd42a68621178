"""The worker: a fresh interpreter that runs a notebook's cells, then the calls the grading process asks for.

Started by `run`, it talks over its standard input and output (`protocol`), moved to other file descriptors before
any import: what the cells print goes nowhere. A teacher worker runs the instructor's chapter with `check` replaced
by a recorder, draws the hidden cases and sends the exercises back pickled (trusted: it ran the instructor's code
only). A student worker runs the submission's cells, all but the test cells, then calls the student's functions and
sends back, as safe JSON (`safe`), what each returned or raised and did to its arguments. It holds no answer (it
imports the student build, `build`), runs where the operating system keeps the grader's files and the other workers
out of reach (`isolation`), and is believed in nothing its student's code could not have computed.

A call's time limit is CPU time, as `check`'s is (`guard.Deadline`), so that a loaded machine does not fail an honest
answer: a timer stops a loop in Python code, and the soft `RLIMIT_CPU` (what the worker has used, plus the limit and
`CPU_MARGIN`) makes the kernel end a worker stuck in C code (`SIGXCPU`). A cell's limit is wall-clock time.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import importlib
import os
import pickle
import random
import resource
import signal
import sys
import time

from ..exercises.guard import Deadline, TimeUp, plain_function, stub_code
from ..syntax import python_source
from .build import library_items
from .protocol import receive, send
from .safe import encode, message_of

__all__ = ["main"]

#: CPU seconds a call may use beyond its time limit (sending back its arguments, a loop in C that no signal
#: handler interrupts) before the kernel ends the worker with SIGXCPU.
CPU_MARGIN = 2
FILE_BYTES = 256 << 20  # the largest file a worker may write (bubblewrap's folders hold no more either)


class GetIPython:
    """What `get_ipython()` returns to a cell run outside IPython: magics that time code (`%time`, `%%timeit`,
    `%%capture`) run it once; the others (`%matplotlib inline`, `%load_ext ...`, `!ls`) do nothing."""

    def __init__(self, run):
        self._run = run

    def run_line_magic(self, name, line, *_):
        if name in ("time", "timeit", "prun") and (words := line.split()):
            while words and words[0].startswith("-"):  # %timeit -n 3 -r 1 code
                words = words[2:] if len(words) > 1 and words[0] in ("-n", "-r") else words[1:]
            self._run(" ".join(words))

    def run_cell_magic(self, name, line, cell):
        if name in ("time", "timeit", "capture", "prun"):
            self._run(cell)

    def __getattr__(self, name):
        return lambda *arguments, **options: None


def _kernel(namespace: dict) -> dict:
    """What a kernel gives a notebook run in `namespace`: `get_ipython` (magics run there), a silent `display`."""
    shell = GetIPython(lambda code: exec(compile(code, "<magic>", "exec"), namespace))  # noqa: S102 - the cells'
    return {"get_ipython": lambda: shell, "display": lambda *objects, **options: None}


def teacher(setup: dict, out: int) -> None:
    import cloudpickle

    from puzzlekit.course.exercises.compare import parameter_names
    from puzzlekit.course.exercises.copies import descriptor

    namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    records, errors = [], []

    def recorder(function, cases, *, show=1, time_limit=5.0, forbid=(), hidden=None, mutates=False):
        names = parameter_names(function)
        free = mutates if isinstance(mutates, bool) else {names.index(item) if isinstance(item, str) else item
                                                          for item in mutates}
        records.append({"cell": index, "name": getattr(function, "__name__", ""),
                        "cases": [tuple(case[:2]) for case in cases], "time_limit": time_limit,
                        "forbid": list(forbid), "hidden": hidden, "names": names, "mutates": free})

    for module in ("puzzlekit", "puzzlekit.course.exercises", "puzzlekit.course.exercises.check"):
        importlib.import_module(module).check = recorder
    namespace.update(_kernel(namespace))
    for index, source in setup["cells"]:  # `recorder` reads `index`: the cell that calls it
        try:
            code = compile(python_source(source), f"<teacher cell {index}>", "exec")
            exec(code, namespace)  # noqa: S102 - the instructor's chapter
        except BaseException as error:  # noqa: BLE001 - report the instructor's failing cell, go on
            errors.append([index, f"{type(error).__name__}: {error}"[:500]])
        namespace["check"] = recorder
    for record in records:  # the hidden cases drawn, once the instructor's cells have all run
        seed = hashlib.sha256(f"{setup['key']}\0{record['name']}".encode()).digest()[:8]
        draw, generator = record["hidden"], random.Random(int.from_bytes(seed, "big"))
        record["hidden"] = [] if draw is None else [tuple(case[:2]) for case in draw(generator)]
        record["forbid"] = [list(item) for item in map(descriptor, record["forbid"]) if item is not None]
    data = cloudpickle.dumps({"exercises": records, "errors": errors})
    send(out, {"op": "teacher", "data": base64.b64encode(data).decode()})


def _take_away(forbid, seen: dict) -> None:
    """Make the functions `forbid` names outside puzzlekit (`np.roots`; a notebook function: each value its name had
    after a cell, `seen`) raise when called, as the student build's do: their code is swapped for a stub's (as `check`
    does), so an alias or a wrapper raises too. A rule, not a boundary (np.roots rebuilt from eigenvalues is another
    way); done before each student cell (a copy of their code would keep it) and before the first call."""
    library = set(library_items(forbid))
    for item in [tuple(item) for item in forbid if item[0] != "module" and tuple(item) not in library]:
        message = f"{'.'.join(item[1:])} is not available while grading: the exercise forbids it"
        values = seen.get(item[1], [])
        if item[0] == "object":
            try:
                values = [functools.reduce(getattr, item[2].split("."), importlib.import_module(item[1]))]
            except (ImportError, AttributeError):
                continue  # a name the worker cannot find forbids nothing here
        for value in values:
            while isinstance(value, functools.partial):
                value = value.func
            if (function := plain_function(value)) is not None:
                function.__code__ = stub_code(function, f"raise NotImplementedError({message!r})")


class _Asking:
    """A `Recorder` argument as a student worker holds it: a problem whose states are tokens ("state 12"), the grading
    process's names for them (`run._Asked`). Its `successors`, `actions`, `predecessors` and `result` are asked of
    the grading process, which records each ask and answers in tokens: a search cannot make a move of its own, nor
    rewrite the record. `is_goal` knows which of the tokens it was given are goals."""

    def __init__(self, argument: int, initial: str, goal: str | None, goals: list, ask):
        self.initial, self.goal, self._goals = initial, goal, set(goals)
        for method in ("successors", "actions", "predecessors", "result"):
            setattr(self, method, functools.partial(ask, self, argument, method))

    def is_goal(self, state) -> bool:
        return state in self._goals


def student(setup: dict, inbox: int, out: int) -> None:
    """Run the submission's cells (each under a wall-clock limit), then answer the grading process's calls (each
    under a CPU-time limit) until it says stop."""
    import builtins

    # its memory, CPU time, processes (as a user id of its own: `isolation`); no core file, none over FILE_BYTES
    for kind, most in ((resource.RLIMIT_AS, setup.get("memory_bytes")), (resource.RLIMIT_CPU, setup.get("cpu_seconds")),
                       (resource.RLIMIT_NPROC, setup.get("processes")), (resource.RLIMIT_CORE, 0),
                       (resource.RLIMIT_FSIZE, FILE_BYTES)):
        if most is not None:
            resource.setrlimit(kind, (most, most))
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    namespace.update(_kernel(namespace))
    most = resource.getrlimit(resource.RLIMIT_CPU)[1]

    def cpu_budget(seconds) -> None:
        """From now on the kernel ends the worker once it has used `seconds` more CPU time (None: the whole budget)."""
        soft = most
        if seconds is not None:
            usage = resource.getrusage(resource.RUSAGE_SELF)
            soft = int(usage.ru_utime + usage.ru_stime + seconds) + 1
            soft = soft if most == resource.RLIM_INFINITY else min(most, soft)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, most))

    seen: dict = {item[1]: [] for item in setup["forbid"] if item[0] == "notebook"}  # its values after each cell
    for index, source in setup["cells"]:
        if index in setup["student_cells"]:  # what it may not call is taken away before the student's code runs
            _take_away(setup["forbid"], seen)
        send(out, {"op": "cell", "index": index, "status": "start"})
        started, status, message = time.monotonic(), "done", ""
        try:
            code = compile(python_source(source), f"<cell {index}>", "exec")
            signal.signal(signal.SIGALRM, _time_up)
            signal.setitimer(signal.ITIMER_REAL, setup["cell_time_limit"])  # by the wall clock
            try:
                exec(code, namespace)  # noqa: S102 - the submission's cell, in the student's worker
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        except TimeUp:
            status = "timeout"
        except BaseException as error:  # noqa: BLE001 - a failing cell is recorded; the next one runs
            status, message = "error", f"{type(error).__name__}: {message_of(error)}"[:300]
        send(out, {"op": "cell", "index": index, "status": status, "error": message,
                   "seconds": round(time.monotonic() - started, 3)})
        for name, values in seen.items():
            if name in namespace and not any(namespace[name] is value for value in values):
                values.append(namespace[name])
    _take_away(setup["forbid"], seen)
    send(out, {"op": "ready"})

    def ask(problem: _Asking, argument: int, method: str, state, *action):
        """What the grading process's copy of the call's `argument` (a `Recorder`) answers to `method`(`state`)."""
        if not isinstance(state, str):  # a token: the grading process has the state
            raise ValueError(f"{state!r:.60} is not a state this problem gave the search")
        send(out, {"op": "ask", "id": request["id"], "argument": argument, "method": method, "state": state,
                   "action": encode(action[0]) if action else None})
        answer = receive(inbox)
        if answer is None or answer.get("op") != "answer":
            os._exit(0)  # the grading process said stop, or ended
        outcome, value, goals = pickle.loads(base64.b64decode(answer["value"]))  # noqa: S301 - the grader's
        if outcome == "raised":
            raise ValueError(value)
        problem._goals.update(goals)
        return value

    while True:
        request = receive(inbox)
        while request is not None and request.get("op") == "answer":  # to an ask of a call that ran out of time
            request = receive(inbox)
        if request is None or request.get("op") != "call":
            return
        reply = {"op": "result", "id": request.get("id")}
        function = namespace.get(request["name"])
        arguments = list(pickle.loads(base64.b64decode(request["args"])))  # noqa: S301 - from the grading process
        for index, *problem in request.get("problems", ()):  # a `Recorder`'s place: the grader keeps its states
            arguments[index] = _Asking(index, *problem, ask)
        if function is None:
            reply["outcome"] = "missing"
        elif not callable(function):
            reply["outcome"] = "not_callable"
        else:
            seconds = request["time_limit"]
            cpu_budget(seconds + CPU_MARGIN if seconds else None)
            reply.update(_call(seconds, function, arguments))
            if reply["outcome"] != "timeout":  # a call that ran out of time fails as it is: its arguments tell nothing
                reply["args"] = encode(arguments)
            cpu_budget(None)
        send(out, reply)


def _time_up(signum, frame):  # a cell's SIGALRM
    raise TimeUp


def _call(seconds, function, arguments) -> dict:
    """Call the student's function; what it returned or raised, encoded."""
    try:
        with Deadline(seconds or None):  # CPU time, and ten times as much by the wall clock, as `check` allows
            value = function(*arguments)
        return {"outcome": "returned", "value": encode(value)}
    except TimeUp as stopped:  # its argument: the limit it ran into, CPU time's or (larger) the wall clock's
        return {"outcome": "timeout", "limit": "cpu" if stopped.args[:1] == (seconds,) else "wall"}
    except BaseException as error:  # noqa: BLE001 - whatever the student's code raised is the answer to report
        return {"outcome": "raised", "value": encode(error)}


def main(inbox: int, out: int) -> None:
    """Read the setup on `inbox` (standard input, moved there before any import could print) and run its mode."""
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the worker
    setup = receive(inbox)
    if setup is None:
        return
    os.chdir(setup["cwd"])
    if setup["mode"] == "teacher":
        teacher(setup, out)
    else:
        student(setup, inbox, out)
    sys.stdout.flush()
    os._exit(0)  # no finalizers, no atexit handlers of the notebook's code

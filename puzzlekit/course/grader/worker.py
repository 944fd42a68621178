"""The worker: a fresh interpreter that runs a notebook's cells and then the calls the grading process asks for.

Started by `puzzlekit.course.grader.chapter` as `python -I -c ...`; it talks to the grading process over its
standard input and output (see `protocol`), which it moves to other file descriptors first, so that what the
cells print goes nowhere. Two modes:

- teacher: run the instructor's chapter with `check` replaced by a recorder, draw the hidden cases, and send the
  recorded exercises back pickled (the grading process trusts this worker: it ran only the instructor's code);
- student: set the limits and the guards (`sandbox`), run the submission's cells but the instructor's test cells,
  each under a time limit, then call the student's functions on the arguments the grading process sends and
  send back, as safe JSON (`safe`), what each call returned or raised and what it did to its arguments.

A call's time limit is CPU time, not wall-clock time, so that a loaded machine does not fail an honest answer: a
profiling timer (`ITIMER_PROF`) stops a loop in Python code, and the soft `RLIMIT_CPU`, set to what the worker has
used plus the limit and `CPU_MARGIN`, makes the kernel end a worker stuck in C code (`SIGXCPU`); a call that only
waits is ended by the grading process's wall-clock backstop.
"""

from __future__ import annotations

import base64
import hashlib
import os
import pickle
import random
import resource
import signal
import sys
import time

from .protocol import receive, send
from .safe import encode, message_of
from .shim import TimeUp, alarm, display, get_ipython_for

__all__ = ["main"]

#: CPU seconds a call may use beyond its time limit (sending back its arguments, a loop in C that no signal
#: handler interrupts) before the kernel ends the worker with SIGXCPU.
CPU_MARGIN = 2


def python_source(source: str) -> str:
    """A cell's source as Python: IPython's syntax (`%magic`, `!command`, `x?`) turned into calls."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(source)


def _seed(key: str, name: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{key}\0{name}".encode()).digest()[:8], "big")


# ---------------------------------------------------------------------------------------------------------------
# teacher mode


def _forbid_descriptor(item, notebook_module: str):
    """What a `forbid=` item is, by name: ("module", name), ("object", module, qualname) or ("notebook", name)."""
    import inspect
    import types

    if isinstance(item, types.ModuleType):
        return ["module", item.__name__]
    module = getattr(item, "__module__", None)
    name = getattr(item, "__qualname__", getattr(item, "__name__", None))
    if module == notebook_module:
        return ["notebook", getattr(item, "__name__", "")]
    if isinstance(module, str) and isinstance(name, str):
        try:
            target = inspect.unwrap(item)
            module = getattr(target, "__module__", module) or module
            name = getattr(target, "__qualname__", name) or name
        except ValueError:
            pass
        return ["object", module, name]
    return None


def teacher(setup: dict, out: int) -> None:
    import cloudpickle

    import puzzlekit
    import puzzlekit.course.exercises as exercises_package
    import puzzlekit.course.exercises.check as check_module
    from puzzlekit.course.exercises.changes import parameter_names

    namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    records, current = [], {"cell": -1}

    def recorder(function, cases, *, show=1, time_limit=5.0, forbid=(), hidden=None, mutates=False):
        names = parameter_names(function)
        free = mutates if isinstance(mutates, bool) else {names.index(item) if isinstance(item, str) else item
                                                          for item in mutates}
        records.append({"cell": current["cell"], "name": getattr(function, "__name__", ""),
                        "cases": [tuple(case[:2]) for case in cases], "time_limit": time_limit,
                        "forbid": list(forbid), "hidden": hidden, "names": names, "mutates": free})

    for module in (puzzlekit, exercises_package, check_module):
        module.check = recorder
    namespace["get_ipython"], namespace["display"] = get_ipython_for(namespace, exec), display
    errors = []
    for index, source in setup["cells"]:
        current["cell"] = index
        try:
            code = compile(python_source(source), f"<teacher cell {index}>", "exec")
            exec(code, namespace)  # noqa: S102 - the instructor's chapter
        except BaseException as error:  # noqa: BLE001 - report the instructor's failing cell, go on
            errors.append([index, f"{type(error).__name__}: {error}"[:500]])
        namespace["check"] = recorder
    exercises = []
    for record in records:
        hidden = []
        if record["hidden"] is not None:
            hidden = [tuple(case[:2]) for case in record["hidden"](random.Random(_seed(setup["key"], record["name"])))]
        forbid = [_forbid_descriptor(item, "__main__") for item in record["forbid"]]
        exercises.append({"cell": record["cell"], "name": record["name"], "cases": record["cases"],
                          "hidden": hidden, "time_limit": record["time_limit"], "names": record["names"],
                          "mutates": record["mutates"],
                          "forbid": [item for item in forbid if item is not None]})
    data = cloudpickle.dumps({"exercises": exercises, "errors": errors})
    send(out, {"op": "teacher", "data": base64.b64encode(data).decode()})


# ---------------------------------------------------------------------------------------------------------------
# student mode


def _limits(setup: dict) -> None:
    memory = setup.get("memory_bytes")
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    seconds = setup.get("cpu_seconds")
    if seconds:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if setup.get("processes"):  # run as a user id of its own (see `isolation`): the processes it may have
        resource.setrlimit(resource.RLIMIT_NPROC, (setup["processes"], setup["processes"]))


def student(setup: dict, inbox: int, out: int, key: bytes | None) -> None:
    """Run the submission's cells, then answer the grading process's calls until it says stop (every message
    authenticated under `key`: see `protocol`)."""
    import builtins

    from .sandbox import Sandbox

    _limits(setup)
    # everything the harness uses from here on is captured now, before any of the student's code runs
    loads, b64decode = pickle.loads, base64.b64decode
    monotonic, setitimer, real, execute, compile_ = time.monotonic, signal.setitimer, signal.ITIMER_REAL, exec, compile
    profile, getrusage, myself = signal.ITIMER_PROF, resource.getrusage, resource.RUSAGE_SELF
    setrlimit, cpu_limit, most = resource.setrlimit, resource.RLIMIT_CPU, resource.getrlimit(resource.RLIMIT_CPU)[1]
    int_, min_, set_, infinity = int, min, set, resource.RLIM_INFINITY
    time_up, base_exception, call = TimeUp, BaseException, _call
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    namespace["get_ipython"], namespace["display"] = get_ipython_for(namespace, exec), display
    cells = []
    for index, source, kind in setup["cells"]:
        try:
            cells.append((index, kind, compile_(python_source(source), f"<cell {index}>", "exec"), ""))
        except BaseException as error:  # noqa: BLE001 - a cell that does not compile is reported and skipped
            cells.append((index, kind, None, f"{type(error).__name__}: {error}"[:300]))
    sandbox = Sandbox(setup["forbid"], namespace, out, setup.get("private", ()), key)
    phase, register, after_instructor_cell, library_label = (sandbox.phase, sandbox.register,
                                                            sandbox.after_instructor_cell, sandbox.library_label)
    for _, kind, code, _ in cells:
        if code is not None:
            register(code, student=kind == "student")
    signal.signal(signal.SIGALRM, alarm)
    signal.signal(signal.SIGPROF, alarm)
    for module in [name for name in sys.modules if name.startswith(__package__ + ".")]:
        sys.modules.pop(module, None)  # the harness's modules: out of the student's code's sight
    grader_package = sys.modules.get(__package__)
    for name in ("worker", "sandbox", "protocol", "safe", "shim"):
        grader_package.__dict__.pop(name, None)

    def timed(timer, seconds, function, *arguments):
        """`function(*arguments)`, stopped by TimeUp after `seconds` on `timer`: wall-clock time for a cell
        (ITIMER_REAL), CPU time for a call (ITIMER_PROF)."""
        setitimer(timer, seconds)
        try:
            return function(*arguments)
        finally:
            setitimer(timer, 0)

    def cpu_budget(seconds) -> None:
        """From now on the kernel ends the worker once it has used `seconds` more CPU time (None: the whole budget)."""
        soft = most
        if seconds is not None:
            usage = getrusage(myself)
            soft = int_(usage.ru_utime + usage.ru_stime + seconds) + 1
            soft = soft if most == infinity else min_(most, soft)
        setrlimit(cpu_limit, (soft, most))

    for index, kind, code, problem in cells:
        send(out, {"op": "cell", "index": index, "status": "start"}, key)
        if code is None:
            send(out, {"op": "cell", "index": index, "status": "error", "error": problem}, key)
            continue
        started, status, message = monotonic(), "done", ""
        try:
            with phase("student" if kind == "student" else "instructor"):
                timed(real, setup["cell_time_limit"], execute, code, namespace)
        except time_up:
            status = "timeout"
        except base_exception as error:  # noqa: BLE001 - a failing cell is recorded; the next one runs
            status, message = "error", f"{type(error).__name__}: {message_of(error)}"[:300]
        if kind == "instructor":
            after_instructor_cell()
        send(out, {"op": "cell", "index": index, "status": status, "error": message,
                   "seconds": round(monotonic() - started, 3)}, key)
    send(out, {"op": "ready"}, key)
    answered = set_()
    while True:
        # a message the student's code wrote on the channel (its HMAC is wrong), or one sent again: the worker
        # ends, and the grading process scores the call it waits for as a crash
        request = receive(inbox, key)
        if request is None or request.get("op") != "call" or request.get("id") in answered:
            return
        answered.add(request.get("id"))
        reply = {"op": "result", "id": request.get("id")}
        function = namespace.get(request["name"])
        arguments = loads(b64decode(request["args"]))  # from the grading process: trusted
        if function is None:
            reply["outcome"] = "missing"
        elif not callable(function):
            reply["outcome"], reply["value"] = "not_callable", encode(function)
        elif library_label(function):
            reply["outcome"], reply["label"] = "library", library_label(function)
        else:
            seconds = request["time_limit"]
            cpu_budget(seconds + CPU_MARGIN if seconds else None)
            reply.update(call(phase, timed, profile, time_up, encode, seconds, function, arguments))
            if reply["outcome"] != "timeout":  # a call that ran out of time fails as it is: its arguments tell nothing
                with phase("student"):
                    reply["args"] = encode(arguments)
            cpu_budget(None)
        send(out, reply, key)


def _call(phase, timed, timer, time_up, encode, seconds, function, arguments) -> dict:
    """Call the student's function; what it returned or raised, encoded."""
    result, outcome = None, "returned"
    try:
        with phase("student"):
            result = timed(timer, seconds, function, *arguments) if seconds else function(*arguments)
    except time_up:
        outcome = "timeout"
    except BaseException as error:  # noqa: BLE001 - whatever the student's code raised is the answer to report
        outcome, result = "raised", error
    reply = {"outcome": outcome}
    if outcome != "timeout":
        with phase("student"):
            reply["value"] = encode(result)
    return reply


def main(inbox: int | None = None, out: int | None = None) -> None:
    """Read the setup message on standard input (or `inbox`, where the command moved it before any import, so that
    nothing an import prints reaches the channel) and run the mode it asks for."""
    for name in ("main", "channel", "null"):
        sys.modules["__main__"].__dict__.pop(name, None)  # the way back to this module from the notebook's code
    if inbox is None or out is None:
        inbox, out = os.dup(0), os.dup(1)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the worker
    setup = receive(inbox)
    if setup is None:
        return
    os.chdir(setup["cwd"])
    if setup["mode"] == "teacher":
        teacher(setup, out)
    else:
        key = setup.pop("key", None)
        student(setup, inbox, out, None if key is None else bytes.fromhex(key))
    sys.stdout.flush()
    os._exit(0)  # no finalizers, no atexit handlers of the notebook's code

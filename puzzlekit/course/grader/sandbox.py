"""The guards of a student worker: the library an exercise forbids is out of the student's code's reach.

Before any submitted cell runs, `Sandbox`

- puts a guard in front of every forbidden library function, in place: the function's own code is swapped for
  a stub that asks the guard, so every way to it (an alias, a registry, a thread, `functools.partial`) meets
  the guard. While the student's code runs (a student-written cell, a call of an exercise) the guard refuses;
  while an instructor's cell runs it refuses only when a frame of a student-written cell is on the stack; in
  any other thread than the worker's main one it refuses;
- refuses opening the grader's files (`private`: the teacher notebook, the grading secret, in Gradescope's
  container the folder that holds them) and listing their folders;
- installs an audit hook (`audit.make_hook`; `sys.addaudithook`: it cannot be removed) that refuses, from the
  student's code, what would get around the guard: reading `__code__` of a
  forbidden function, building a function from forbidden code, new code objects (`code.__new__`, `code.replace`),
  setting `__code__`/`__defaults__`, `sys.setprofile`/`settrace`, frames (`sys._getframe`, `tb_frame`, `gi_frame`),
  `gc`'s object lists, `ctypes`, new processes and signals, new resource limits, `marshal.loads`, subinterpreters
  (they have no hook), reading the worker's memory (`/proc/self/mem`: the channel's key), and compiling source
  text (`exec`, `eval`, `compile`) directly in an answer; code that the student's code runs or makes a function
  of, wherever it was compiled (a magic's cell, `timeit`, `code.InteractiveInterpreter`), counts as the
  student's from then on, as a cell's does;
- refuses installing a signal handler from the student's code (a handler is given the interrupted frame, and
  `f_back`, which raises no audit event, leads from there to the worker's frames).

Nothing in the worker's frames is within the student's reach, then; its file descriptors are (`os.read`,
`os.write`, `os.dup2` raise no audit event): the channel is authenticated instead (see `protocol`).

The harness (the worker's own code, between cells and calls) may call code of the student's: a builtin or a
library function the student's code rebound. So in the harness's phase the guard and the hook refuse as they do in
an instructor's cell, when a frame of the student's is on the stack; and while the hook does its own work, in which
it watches nothing, it calls only C functions it captured when it was made.

A refused call raises `ForbiddenCall`, and a refused call into the library is reported to the grading process
at once (a message on the worker's channel), so catching the exception hides nothing. The guard and the hook
keep their state in closures captured before any student code runs (reachable only through a forbidden
function's `__code__`, which the hook refuses, or through `gc`, which it refuses too).
"""

from __future__ import annotations

import _thread
import contextlib
import functools
import importlib
import inspect
import linecache
import os
import pkgutil
import sys
import types
import warnings

from .audit import ForbiddenCall, make_hook
from .protocol import send

__all__ = []


def code_objects(code: types.CodeType):
    """`code` and every code object nested in it (functions, classes, comprehensions defined inside)."""
    stack = [code]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(constant for constant in current.co_consts if isinstance(constant, types.CodeType))


def _functions(item) -> list:
    """The plain Python functions `item` runs (a method, staticmethod, property's accessors, a wrapper's target)."""
    if isinstance(item, (staticmethod, classmethod)):
        item = item.__func__
    if isinstance(item, property):
        return [function for part in (item.fget, item.fset, item.fdel) if part is not None
                for function in _functions(part)]
    try:
        item = inspect.unwrap(item)
    except ValueError:
        return []
    item = getattr(item, "__func__", item)
    return [item] if isinstance(item, types.FunctionType) else []


def _isolated(function):
    """`function` with globals of its own (only builtins): whoever reaches it cannot reach this module through it."""
    return types.FunctionType(function.__code__, {"__builtins__": __builtins__}, function.__name__)


def _report(send, fd, key, label) -> None:
    if fd is None:
        return
    try:
        send(fd, {"op": "forbidden", "label": label}, key)
    except Exception:  # noqa: BLE001 - a channel the student's code broke: the refusal itself still stands
        pass


_STUB_SOURCE = 'def stub(*args, **kwargs):\n    return "GUARD"("IMPL", "LABEL", args, kwargs)\n'
class Sandbox:
    """The guards of one worker; `forbid` lists ("module", name), ("object", module, qualname), ("notebook", name).

    Use `enter = sandbox.phase` etc. right after making it (bound methods keep working whatever the student's
    code does to this class later).
    """

    def __init__(self, forbid, namespace: dict, report_fd: int | None = None, private=(), key: bytes | None = None):
        self.namespace = namespace
        self.private = tuple(os.path.realpath(path) for path in private)  # the grader's files and folders
        self.notebook_names = sorted({item[1] for item in forbid if item[0] == "notebook"})
        # code objects are looked up by id (hashing a code object hashes all its bytecode); `kept` keeps them alive
        self.kept: list = []
        self.labels: dict = {}      # id(code object) -> the name to report (forbidden code, stubs included)
        self.modules: dict = {}     # id(module globals) -> module name, for the forbidden modules
        self.student_codes: set = set()  # ids of the code of student-written cells
        self.cell_codes: set = set()  # ids of the top-level code of every cell: below it, only the harness
        self.phase_cell = ["harness"]
        self.busy: set = set()  # threads in the guard's or the hook's own work: the hook does not look at them
        self.main = _thread.get_ident()
        self.report = functools.partial(_isolated(_report), send, report_fd, key)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)  # "str is not callable": the stub's constants are replaced
            namespace_for_stub: dict = {}
            exec(compile(_STUB_SOURCE, "<stub>", "exec"), namespace_for_stub)  # noqa: S102 - our own constant
        self.stub = namespace_for_stub["stub"].__code__
        self.guard = self._make_guard()
        self.swapped: set = set()
        for item in forbid:
            try:
                self._forbid(item)
            except (ImportError, AttributeError):
                pass  # a name the worker cannot find forbids nothing here
        self._guard_signal_handlers()
        linecache.clearcache()
        sys.addaudithook(make_hook(self))

    # -- what is forbidden -----------------------------------------------------------------------------------
    def _forbid(self, item) -> None:
        if item[0] == "module":
            self._forbid_module(item[1])
        elif item[0] == "object":
            target = importlib.import_module(item[1])
            for part in item[2].split("."):
                target = getattr(target, part)
            self._forbid_object(target, item[2].split(".")[-1])

    def _forbid_module(self, name: str) -> None:
        package = importlib.import_module(name)
        names = [name]
        if hasattr(package, "__path__"):
            names += [info.name for info in pkgutil.walk_packages(package.__path__, name + ".")]
        for module_name in names:
            try:
                module = importlib.import_module(module_name)
            except Exception:  # noqa: BLE001 - a submodule that needs what is not installed forbids nothing
                continue
            self.modules[id(vars(module))] = module_name
            for attribute, value in list(vars(module).items()):
                if getattr(value, "__module__", None) == module_name:
                    self._forbid_object(value, attribute, module_name)

    def _forbid_object(self, target, name: str, module: str | None = None) -> None:
        suffix = f" (from {module})" if module else ""
        members = list(vars(target).items()) if isinstance(target, type) else [(None, target)]
        for member_name, member in members:
            label = name if member_name in (None, "__init__") else f"{name}.{member_name}"
            for function in _functions(member):
                self._swap(function, label + suffix)

    def _swap(self, function: types.FunctionType, label: str) -> None:
        """Put the guard in front of `function`, in place (not a function with free variables: a closure's cells
        cannot be changed; its code is still refused to `function.__new__` and `exec`)."""
        if id(function) in self.swapped:
            return
        code = function.__code__
        for nested in code_objects(code):
            self.kept.append(nested)
            self.labels.setdefault(id(nested), label)
        if code.co_freevars or function.__closure__:
            return
        implementation = types.FunctionType(code, function.__globals__, function.__name__, function.__defaults__)
        implementation.__kwdefaults__ = function.__kwdefaults__
        constants = tuple({"GUARD": self.guard, "IMPL": implementation, "LABEL": label}.get(constant, constant)
                          if isinstance(constant, str) else constant for constant in self.stub.co_consts)
        stub = self.stub.replace(co_consts=constants, co_name=code.co_name, co_qualname=code.co_qualname,
                                 co_filename=code.co_filename, co_firstlineno=code.co_firstlineno)
        try:
            function.__signature__ = inspect.signature(function)  # what inspect shows of it stays the same
        except (TypeError, ValueError):
            pass
        function.__defaults__, function.__kwdefaults__ = None, None
        function.__code__ = stub
        self.kept.append(stub)
        self.labels[id(stub)] = label
        self.swapped.add(id(function))

    def after_instructor_cell(self) -> None:
        """Forbid the functions of the instructor's cells that `forbid=` names, once a cell has defined them; forget
        the source lines an instructor's cell may have read (`inspect.getsource` of the library)."""
        for name in self.notebook_names:
            for function in _functions(self.namespace.get(name)):
                self._swap(function, name)
        linecache.clearcache()

    def register(self, code: types.CodeType, *, student: bool) -> None:
        """Remember a cell's compiled code; a student-written cell's frames are the student's."""
        self.kept.append(code)
        self.cell_codes.add(id(code))
        if student:
            for nested in code_objects(code):
                self.kept.append(nested)
                self.student_codes.add(id(nested))

    def library_label(self, function) -> str | None:
        """The forbidden library function `function` is (the same code), or None (run in the harness's phase)."""
        if type(function) is types.MethodType:
            function = function.__func__
        if type(function) is not types.FunctionType:
            return None
        return self.labels.get(id(function.__code__))

    # -- phases ----------------------------------------------------------------------------------------------
    @contextlib.contextmanager
    def phase(self, name: str):
        """Run the block as the student's code ("student") or an instructor's cell ("instructor")."""
        before = self.phase_cell[0]
        self.phase_cell[0] = name
        try:
            yield
        finally:
            self.phase_cell[0] = before

    # -- the guard -------------------------------------------------------------------------------------------
    def _make_stack_readers(self):
        """`stub_caller()`, the frame that called the stub that called the guard (or the refuser) calling it; and
        `student_below(frame)`, whether a frame of the student's code is on the stack from `frame` down to the
        nearest cell's (an instructor's cell, or the harness, may call code of the student's). Closures over
        state captured now, as the guard's."""
        getframe, get_ident, busy, id_ = sys._getframe, _thread.get_ident, self.busy, id
        student_codes, cell_codes = self.student_codes, self.cell_codes

        def stub_caller():
            me = get_ident()
            busy.add(me)  # the audit hook lets this _getframe through without a look
            try:
                return getframe(3)  # 0 this function, 1 the guard, 2 the stub, 3 its caller
            finally:
                busy.discard(me)

        def student_below(frame) -> bool:
            while frame is not None and id_(frame.f_code) not in cell_codes:
                if id_(frame.f_code) in student_codes:
                    return True
                frame = frame.f_back
            return False

        return stub_caller, student_below

    def _make_guard(self):
        """The function every forbidden library function's stub calls: a closure over state captured now."""
        phase, main, get_ident, error = self.phase_cell, self.main, _thread.get_ident, ForbiddenCall
        labels, id_, report = self.labels, id, self.report
        stub_caller, student_below = self._make_stack_readers()

        def guard(implementation, label, arguments, options):
            refused = phase[0] == "student" or get_ident() != main
            if not refused:  # an instructor's cell, or the harness (which may call code of the student's)
                frame = stub_caller()
                if id_(frame.f_code) in labels:  # the library calling itself: its own call was let through
                    return implementation(*arguments, **options)
                refused = student_below(frame)
            if refused:
                report(label)
                raise error("the grader refuses this call: " + label + " is the library's, and this exercise "
                            "forbids it")
            return implementation(*arguments, **options)

        return guard

    # -- signal handlers -------------------------------------------------------------------------------------
    def _guard_signal_handlers(self) -> None:
        """Refuse installing a signal handler from the student's code: a handler is called with the frame the
        signal interrupted, and from there `f_back` (which raises no audit event) walks to the worker's frames
        (the sandbox's state, the channel's key). `signal.signal` calls `_signal.signal` by name, so a stub put
        in `_signal`'s namespace guards both; a fresh `_signal` module (made by `_imp.create_builtin`, which the
        import system calls) would bring the real function back, so that is guarded too. The real functions are
        constants of the stubs' code, which the audit hook refuses to the student's code."""
        import _imp
        import _signal

        refuse = self._make_refuser()
        for module, name, label in ((_signal, "signal", "signal.signal"),
                                    (_imp, "create_builtin", "_imp.create_builtin")):
            constants = tuple({"GUARD": refuse, "IMPL": getattr(module, name), "LABEL": label}.get(constant, constant)
                              if isinstance(constant, str) else constant for constant in self.stub.co_consts)
            stub = self.stub.replace(co_consts=constants, co_name=name, co_qualname=name)
            self.kept.append(stub)
            self.labels[id(stub)] = label
            setattr(module, name, types.FunctionType(stub, {"__builtins__": {}}, name))

    def _make_refuser(self):
        """What the stubs of `signal.signal` and `_imp.create_builtin` call: the real function, unless the
        student's code calls it (`_imp.create_builtin` only for the modules `_signal` and `_imp`)."""
        phase, main, get_ident, error = self.phase_cell, self.main, _thread.get_ident, ForbiddenCall
        stub_caller, student_below = self._make_stack_readers()
        getattr_, type_, str_, namespace = getattr, type, str, types.SimpleNamespace

        def refuse(implementation, label, arguments, options):
            if label == "_imp.create_builtin":
                name = getattr_(arguments[0], "name", None) if arguments else None  # read once: the spec may lie
                if type_(name) is not str_ or name not in ("_signal", "_imp"):
                    return implementation(namespace(name=name), *arguments[1:], **options)
            refused = phase[0] == "student" or get_ident() != main  # else an instructor's cell, or the harness
            refused = refused or student_below(stub_caller())
            if refused:
                raise error("the grader refuses " + label + " in an answer (a signal handler is given the "
                            "grader's frames)")
            return implementation(*arguments, **options)

        return refuse

"""The guards of a student worker: the library an exercise forbids is out of the student's code's reach.

Before any submitted cell runs, `Sandbox`

- puts a guard in front of every forbidden library function, in place: the function's own code is swapped for
  a stub that asks the guard, so every way to it (an alias, a registry, a thread, `functools.partial`) meets
  the guard. While the student's code runs (a student-written cell, a call of an exercise) the guard refuses;
  while an instructor's cell runs it refuses only when a frame of a student-written cell is on the stack; in
  any other thread than the worker's main one it refuses;
- installs an audit hook (`sys.addaudithook`: it cannot be removed) that refuses, from the student's code, what
  would get around the guard: reading the library's source files, reading `__code__` of a forbidden function,
  building a function from forbidden code, new code objects (`code.__new__`, `code.replace`), setting
  `__code__`/`__defaults__`, `sys.setprofile`/`settrace`, frames (`sys._getframe`, `tb_frame`, `gi_frame`),
  `gc`'s object lists, `ctypes`, new processes and signals, `marshal.loads`, and compiling source text
  (`exec`, `eval`, `compile`) directly in an answer;

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

from . import protocol

__all__ = ["Sandbox", "ForbiddenCall", "code_objects"]


class ForbiddenCall(BaseException):
    """Raised in the student's code when it calls forbidden library code or does what the grader refuses."""


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


def _report(send, fd, label) -> None:
    try:
        send(fd, {"op": "forbidden", "label": label})
    except OSError:
        pass


_STUB_SOURCE = 'def stub(*args, **kwargs):\n    return "GUARD"("IMPL", "LABEL", args, kwargs)\n'
_REFUSED_EVENTS = frozenset({
    "sys._getframe", "sys._current_frames", "sys.setprofile", "sys.settrace", "sys.addaudithook",
    "gc.get_objects", "gc.get_referrers", "gc.get_referents", "code.__new__", "marshal.loads", "marshal.load",
    "subprocess.Popen", "os.system", "os.exec", "os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.kill",
    "os.killpg", "signal.pthread_kill", "pty.spawn",
})
_FRAME_ATTRIBUTES = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame", "gi_code", "cr_code", "ag_code"})
_FUNCTION_ATTRIBUTES = frozenset({"__code__", "__defaults__", "__kwdefaults__", "__globals__", "__closure__"})


class Sandbox:
    """The guards of one worker; `forbid` lists ("module", name), ("object", module, qualname), ("notebook", name).

    Use `enter = sandbox.phase` etc. right after making it (bound methods keep working whatever the student's
    code does to this class later).
    """

    def __init__(self, forbid, namespace: dict, report_fd: int | None = None):
        self.namespace = namespace
        self.notebook_names = sorted({item[1] for item in forbid if item[0] == "notebook"})
        self.labels: dict = {}      # code object -> the name to report (forbidden code, stubs included)
        self.modules: dict = {}     # id(module globals) -> module name, for the forbidden modules
        self.files: set = set()     # their source and cached files
        self.student_codes: set = set()
        self.cell_codes: set = set()  # the top-level code of every cell: below it, only the harness
        self.phase_cell = ["harness"]
        self.main = _thread.get_ident()
        self.report = functools.partial(_isolated(_report), protocol.send, report_fd)
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
        linecache.clearcache()
        sys.addaudithook(self._make_hook())

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
            for source in (getattr(module, "__file__", None), getattr(getattr(module, "__spec__", None), "cached", None)):
                if source:
                    self.files.add(os.path.realpath(source))
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
            self.labels.setdefault(nested, label)
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
        self.labels[stub] = label
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
        self.cell_codes.add(code)
        if student:
            self.student_codes.update(code_objects(code))

    def library_label(self, function) -> str | None:
        """The forbidden library function `function` is (the same code), or None (run in the harness's phase)."""
        if type(function) is types.MethodType:
            function = function.__func__
        if type(function) is not types.FunctionType:
            return None
        return self.labels.get(function.__code__)

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
    def _make_guard(self):
        """The function every forbidden library function's stub calls: a closure over state captured now."""
        phase, main, get_ident, getframe = self.phase_cell, self.main, _thread.get_ident, sys._getframe
        student_codes, cell_codes, report, error = self.student_codes, self.cell_codes, self.report, ForbiddenCall
        labels = self.labels

        def guard(implementation, label, arguments, options):
            refused = phase[0] == "student" or get_ident() != main
            if not refused and phase[0] == "instructor":
                frame = getframe(2)  # 0 this guard, 1 the stub, 2 its caller
                if frame.f_code in labels:  # the library calling itself: its own call was let through
                    return implementation(*arguments, **options)
                while frame is not None and frame.f_code not in cell_codes:
                    if frame.f_code in student_codes:
                        refused = True
                        break
                    frame = frame.f_back
            if refused:
                report(label)
                raise error("the grader refuses this call: " + label + " is the library's, and this exercise "
                            "forbids it")
            return implementation(*arguments, **options)

        return guard

    # -- the audit hook --------------------------------------------------------------------------------------
    def _make_hook(self):
        """The audit hook: a closure over what it needs, captured now (a student's code that rebinds a builtin, a
        module's global or a method of this class changes nothing in it)."""
        phase, main, busy, get_ident, getframe = self.phase_cell, self.main, set(), _thread.get_ident, sys._getframe
        labels, files, student_codes = self.labels, frozenset(self.files), self.student_codes
        folders = frozenset(os.path.dirname(file) for file in files)
        realpath, dirname, basename, fsdecode = os.path.realpath, os.path.dirname, os.path.basename, os.fsdecode
        refused, frame_attributes, function_attributes = _REFUSED_EVENTS, _FRAME_ATTRIBUTES, _FUNCTION_ATTRIBUTES
        path_types, error, getattr_, type_ = (str, bytes, os.PathLike), ForbiddenCall, getattr, type
        isinstance_, len_ = isinstance, len

        def student_context(depth: int) -> bool:
            if phase[0] == "student" or get_ident() != main:
                return True
            frame = getframe(depth)
            while frame is not None:
                if frame.f_code in student_codes:
                    return True
                frame = frame.f_back
            return False

        def refusal(event, arguments):
            # frames: 0 this function, 1 hook, 2 the code that raised the event
            if event == "open":
                try:
                    path = realpath(fsdecode(arguments[0]))
                except (TypeError, ValueError):
                    return None
                if path in files or (basename(dirname(path)) == "__pycache__" and dirname(dirname(path)) in folders):
                    return f"reading the library's source ({basename(path)})"
                return None
            if event in ("exec", "function.__new__"):
                code = arguments[0] if arguments else None
                if code in labels and student_context(3):
                    return f"the library's code ({labels[code]}) run from an answer"
                return None
            if event == "compile":
                caller = getframe(2)
                if caller is not None and caller.f_code in student_codes:
                    return "compiling source text (exec, eval, compile) in an answer"
                return None
            if event == "object.__getattr__":
                target, name = arguments[0], arguments[1]
                if name == "__code__":
                    if getattr_(target, "__code__", None) not in labels:
                        return None
                elif name not in frame_attributes:
                    return None
                return f"reading {name} of a {type_(target).__name__}" if student_context(3) else None
            if event == "object.__setattr__":
                return f"setting {arguments[1]}" if student_context(3) else None
            return event if student_context(3) else None

        def hook(event, arguments):
            if phase[0] == "harness" and get_ident() == main:
                return
            watched = (event in refused or event.startswith("ctypes.") or event == "compile"
                       or event == "exec" or event == "function.__new__"
                       or (event == "open" and arguments and isinstance_(arguments[0], path_types))
                       or (event in ("object.__getattr__", "object.__setattr__") and len_(arguments) > 1
                           and (arguments[1] in frame_attributes or arguments[1] in function_attributes)))
            if not watched:
                return
            me = get_ident()
            if me in busy:
                return
            busy.add(me)
            try:
                why = refusal(event, arguments)
            finally:
                busy.discard(me)
            if why:
                raise error(f"the grader refuses {why}")

        return hook

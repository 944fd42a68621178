"""The guards of a student worker: the library an exercise forbids is out of the student's code's reach.

Before any submitted cell runs, `Sandbox`

- puts a guard in front of every forbidden library function, in place: the function's own code is swapped for
  a stub that asks the guard, so every way to it (an alias, a registry, a thread, `functools.partial`) meets
  the guard. While the student's code runs (a student-written cell, a call of an exercise) the guard refuses;
  while an instructor's cell runs it refuses only when a frame of a student-written cell is on the stack; in
  any other thread than the worker's main one it refuses;
- refuses opening the grader's files (`private`: the teacher notebook, the grading secret, in Gradescope's
  container the folder that holds them) and listing their folders;
- installs an audit hook (`sys.addaudithook`: it cannot be removed) that refuses, from the student's code, what
  would get around the guard: reading the library's source files, reading `__code__` of a forbidden function,
  building a function from forbidden code, new code objects (`code.__new__`, `code.replace`), setting
  `__code__`/`__defaults__`, `sys.setprofile`/`settrace`, frames (`sys._getframe`, `tb_frame`, `gi_frame`),
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

from .protocol import send

__all__ = []


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


def _report(send, fd, key, label) -> None:
    if fd is None:
        return
    try:
        send(fd, {"op": "forbidden", "label": label}, key)
    except Exception:  # noqa: BLE001 - a channel the student's code broke: the refusal itself still stands
        pass


_STUB_SOURCE = 'def stub(*args, **kwargs):\n    return "GUARD"("IMPL", "LABEL", args, kwargs)\n'
_REFUSED_EVENTS = frozenset({
    "sys._getframe", "sys._current_frames", "sys.setprofile", "sys.settrace", "sys.addaudithook",
    "gc.get_objects", "gc.get_referrers", "gc.get_referents", "code.__new__", "marshal.loads", "marshal.load",
    "subprocess.Popen", "os.system", "os.exec", "os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.kill",
    "os.killpg", "signal.pthread_kill", "pty.spawn", "os.chdir",
    "cpython.PyInterpreterState_New",  # a subinterpreter: no audit hook, no guard, the library free
    "resource.setrlimit", "resource.prlimit",  # the CPU time a call may use is the worker's soft RLIMIT_CPU
})
_FRAME_ATTRIBUTES = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame", "gi_code", "cr_code", "ag_code"})
_FUNCTION_ATTRIBUTES = frozenset({"__code__", "__defaults__", "__kwdefaults__", "__globals__", "__closure__"})


def _package_suffix(file: str) -> str:
    """"/puzzlekit/search/textbook.py" for a module file: its path from the top of its package (source, not cache)."""
    folder, name = os.path.split(file)
    if os.path.basename(folder) == "__pycache__":
        folder, name = os.path.dirname(folder), name.split(".")[0] + ".py"
    parts = [name]
    while os.path.exists(os.path.join(folder, "__init__.py")):
        folder, part = os.path.split(folder)
        parts.insert(0, part)
    return "/" + "/".join(parts)


def _private_paths():
    """`realpath`, `dirname`, `basename`, `fsdecode` for the audit hook, on str and bytes paths, calling only C
    functions captured now: os.path's own read names of `os` and `posixpath` that the student's code can rebind, and
    code of the student's run while the hook works would be watched by nothing."""
    lstat, readlink, getcwd, os_error, type_error, str_, bytes_, type_, reversed_, link = (
        os.lstat, os.readlink, os.getcwd, OSError, TypeError, str, bytes, type, reversed, 0o120000)

    def fsdecode(path) -> str:
        if type_(path) is bytes_:
            return bytes_.decode(path, "utf-8", "surrogateescape")
        if type_(path) is str_:
            return path
        raise type_error("not a path")

    def realpath(path: str) -> str:
        """The path with every symbolic link followed, as os.path.realpath (not strict) makes it."""
        if not str_.startswith(path, "/"):
            path = getcwd() + "/" + path
        pending, resolved, hops = list(reversed_(str_.split(path, "/"))), "", 0
        while pending:
            part = pending.pop()
            if part in ("", "."):
                continue
            if part == "..":
                resolved = resolved[:str_.rfind(resolved, "/")] if resolved else ""
                continue
            candidate = resolved + "/" + part
            try:
                mode = lstat(candidate).st_mode
            except os_error:
                resolved = candidate
                continue
            if mode & 0o170000 != link or hops > 40:
                resolved = candidate
                continue
            hops += 1
            target = readlink(candidate)
            if str_.startswith(target, "/"):
                resolved = ""
            pending.extend(reversed_(str_.split(target, "/")))
        return resolved or "/"

    def dirname(path: str) -> str:
        return path[:str_.rfind(path, "/")] or "/"

    def basename(path: str) -> str:
        return path[str_.rfind(path, "/") + 1:]

    return realpath, dirname, basename, fsdecode


class Sandbox:
    """The guards of one worker; `forbid` lists ("module", name), ("object", module, qualname), ("notebook", name).

    Use `enter = sandbox.phase` etc. right after making it (bound methods keep working whatever the student's
    code does to this class later).
    """

    def __init__(self, forbid, namespace: dict, report_fd: int | None = None, groups: dict | None = None,
                 private=(), key: bytes | None = None):
        self.namespace = namespace
        self.private = tuple(os.path.realpath(path) for path in private)  # the grader's files and folders
        self.allowed: set = set()  # ids of the implementations the exercise being graded does not forbid
        self.implementations: dict = {}  # id(forbidden function) -> id of its implementation behind the stub
        self.collecting: set | None = None
        self.notebook_names = sorted({item[1] for item in forbid if item[0] == "notebook"})
        # code objects are looked up by id (hashing a code object hashes all its bytecode); `kept` keeps them alive
        self.kept: list = []
        self.labels: dict = {}      # id(code object) -> the name to report (forbidden code, stubs included)
        self.modules: dict = {}     # id(module globals) -> module name, for the forbidden modules
        self.files: set = set()     # their source and cached files
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
        self.groups = {}  # exercise -> the ids of the implementations its own `forbid=` names
        for exercise, items in (groups or {}).items():
            self.collecting = set()
            for item in items:
                try:
                    self._forbid(item)
                except (ImportError, AttributeError):
                    pass
            self.groups[exercise] = frozenset(self.implementations.get(function, 0) for function in self.collecting)
        self.collecting = None
        self._guard_signal_handlers()
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
            cached = getattr(getattr(module, "__spec__", None), "cached", None)
            for source in (getattr(module, "__file__", None), cached):
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
        if self.collecting is not None:
            self.collecting.add(id(function))
            return
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
        self.implementations[id(function)] = id(implementation)

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

    def grading(self, exercise: str) -> None:
        """From now on only what `exercise`'s own `forbid=` names is refused (while the cells ran: what any names)."""
        if exercise in self.groups:
            self.allowed.clear()
            self.allowed.update(set(self.implementations.values()) - self.groups[exercise])

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
        labels, id_, busy, allowed = self.labels, id, self.busy, self.allowed

        def guard(implementation, label, arguments, options):
            if id_(implementation) in allowed:  # forbidden by another exercise than the one being graded
                return implementation(*arguments, **options)
            refused = phase[0] == "student" or get_ident() != main
            if not refused:  # an instructor's cell, or the harness (which may call code of the student's)
                me = get_ident()
                busy.add(me)  # the audit hook lets this _getframe through without a look
                try:
                    frame = getframe(2)  # 0 this guard, 1 the stub, 2 its caller
                finally:
                    busy.discard(me)
                if id_(frame.f_code) in labels:  # the library calling itself: its own call was let through
                    return implementation(*arguments, **options)
                while frame is not None and id_(frame.f_code) not in cell_codes:
                    if id_(frame.f_code) in student_codes:
                        refused = True
                        break
                    frame = frame.f_back
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
        phase, main, get_ident, getframe = self.phase_cell, self.main, _thread.get_ident, sys._getframe
        student_codes, cell_codes, busy, error = self.student_codes, self.cell_codes, self.busy, ForbiddenCall
        getattr_, type_, str_, namespace, id_ = getattr, type, str, types.SimpleNamespace, id

        def refuse(implementation, label, arguments, options):
            if label == "_imp.create_builtin":
                name = getattr_(arguments[0], "name", None) if arguments else None  # read once: the spec may lie
                if type_(name) is not str_ or name not in ("_signal", "_imp"):
                    return implementation(namespace(name=name), *arguments[1:], **options)
            refused = phase[0] == "student" or get_ident() != main
            if not refused:  # an instructor's cell, or the harness (which may call code of the student's)
                me = get_ident()
                busy.add(me)
                try:
                    frame = getframe(2)
                finally:
                    busy.discard(me)
                while frame is not None and id_(frame.f_code) not in cell_codes:
                    if id_(frame.f_code) in student_codes:
                        refused = True
                        break
                    frame = frame.f_back
            if refused:
                raise error("the grader refuses " + label + " in an answer (a signal handler is given the "
                            "grader's frames)")
            return implementation(*arguments, **options)

        return refuse

    # -- the audit hook --------------------------------------------------------------------------------------
    def _make_hook(self):
        """The audit hook: a closure over what it needs, captured now (a student's code that rebinds a builtin, a
        module's global or a method of this class changes nothing in it)."""
        phase, main, busy, get_ident, getframe = self.phase_cell, self.main, self.busy, _thread.get_ident, sys._getframe
        labels, files, student_codes, id_ = self.labels, frozenset(self.files), self.student_codes, id
        folders = frozenset(os.path.dirname(file) for file in files)
        realpath, dirname, basename, fsdecode = _private_paths()
        refused, frame_attributes, function_attributes = _REFUSED_EVENTS, _FRAME_ATTRIBUTES, _FUNCTION_ATTRIBUTES
        path_types, error, getattr_, type_ = (str, bytes, os.PathLike), ForbiddenCall, getattr, type
        isinstance_, len_, any_, str_, bytes_ = isinstance, len, any, str, bytes
        suffixes = tuple(_package_suffix(file) for file in files)
        private, kept, cell_codes, code_type = self.private, self.kept, self.cell_codes, types.CodeType
        listed = frozenset(private) | frozenset(dirname(path) for path in private)  # folders not to list
        startswith = str_.startswith
        plain, fspath, base_exception = (str_, bytes_, int), os.fspath, BaseException

        def grader_file(path: str) -> bool:
            """Whether `path` (a real path) is one of the grader's files or in one of its folders."""
            return any_(path == item or startswith(path, item + "/") for item in private)

        def source_path(text: str) -> bool:
            """Whether `text`, normalised by string work alone, ends with a forbidden module's path in its package."""
            parts = []
            for part in str_.split(str_.replace(text, "\\", "/"), "/"):
                if part == "..":
                    if parts:
                        parts.pop()
                elif part not in ("", "."):
                    parts.append(part)
            if parts and parts[-1].endswith(".pyc") and len_(parts) > 1 and parts[-2] == "__pycache__":
                stem = str_.split(parts[-1], ".")[0]
                parts = parts[:-2] + [stem + ".py"]
            normal = "/" + "/".join(parts)
            return any_(normal.endswith(suffix) for suffix in suffixes)

        def student_context(depth: int) -> bool:
            if phase[0] == "student" or get_ident() != main:
                return True
            frame = getframe(depth)
            while frame is not None:
                if id_(frame.f_code) in student_codes:
                    return True
                frame = frame.f_back
            return False

        def refusal(event, arguments):
            # frames: 0 this function, 1 hook, 2 the code that raised the event
            if event == "open":
                raw = arguments[0]
                if type_(raw) is bytes_:
                    raw = bytes_.decode(raw, "utf-8", "surrogateescape")
                if type_(raw) is str_ and source_path(raw):  # string work only: nothing the student can rebind
                    return "reading the library's source"
                try:
                    path = realpath(fsdecode(arguments[0]))
                except (TypeError, ValueError):
                    return None
                if path in files or (basename(dirname(path)) == "__pycache__" and dirname(dirname(path)) in folders):
                    return f"reading the library's source ({basename(path)})"
                if grader_file(path) and student_context(3):
                    return "opening the grader's files"
                if startswith(path, "/proc/") and basename(path) == "mem" and student_context(3):
                    return "reading the worker's memory"  # the channel's key is there (see `protocol`)
                mode = arguments[1] if len_(arguments) > 1 else None
                writing = type_(mode) is str_ and any_(c in mode for c in "wax+")
                if writing and path.endswith((".py", ".pyc", ".pth")) and student_context(3):
                    return "writing a Python file from an answer"
                return None
            if event in ("os.rename", "os.link", "os.symlink"):
                return event if student_context(3) else None
            if event in ("os.listdir", "os.scandir"):
                target = arguments[0] if arguments and arguments[0] is not None else "."
                try:
                    path = realpath(fsdecode(target))
                except (TypeError, ValueError):
                    return None  # a file descriptor: the folder was opened first, which was looked at then
                if (path in listed or grader_file(path)) and student_context(3):
                    return "listing the grader's folder"
                return None
            if event in ("exec", "function.__new__"):
                code = arguments[0] if arguments else None
                if id_(code) in labels and student_context(3):
                    return f"the library's code ({labels[id_(code)]}) run from an answer"
                if (type_(code) is code_type and id_(code) not in student_codes and id_(code) not in cell_codes
                        and student_context(3)):
                    # code run (or made a function) from the student's code is the student's, wherever it was
                    # compiled: a `%%time` cell's body, `timeit`, `code.InteractiveInterpreter`, IPython's
                    # `run_cell`. Else a function defined there, called later by an instructor's cell, would run
                    # with no frame of the student's on the stack: let through `sys._getframe`, the library.
                    stack = [code]
                    while stack:
                        current = stack.pop()
                        kept.append(current)
                        student_codes.add(id_(current))
                        stack.extend(constant for constant in current.co_consts if type_(constant) is code_type)
                return None
            if event == "compile":
                caller = getframe(2)
                if caller is not None and id_(caller.f_code) in student_codes:
                    return "compiling source text (exec, eval, compile) in an answer"
                return None
            if event == "object.__getattr__":
                target, name = arguments[0], arguments[1]
                if name == "__code__":
                    if id_(getattr_(target, "__code__", None)) not in labels:
                        return None
                elif name not in frame_attributes:
                    return None
                return f"reading {name} of a {type_(target).__name__}" if student_context(3) else None
            if event == "object.__setattr__":
                return f"setting {arguments[1]}" if student_context(3) else None
            return event if student_context(3) else None

        def student_on_stack() -> bool:
            frame = getframe(2)
            while frame is not None:
                if id_(frame.f_code) in student_codes:
                    return True
                frame = frame.f_back
            return False

        def hook(event, arguments):
            me = get_ident()
            if me in busy:
                return
            watched = (event in refused or event.startswith("ctypes.") or event == "compile"
                       or event in ("os.rename", "os.link", "os.symlink")
                       or (listed and event in ("os.listdir", "os.scandir"))
                       or event == "exec" or event == "function.__new__"
                       or (event == "open" and arguments and isinstance_(arguments[0], path_types))
                       or (event in ("object.__getattr__", "object.__setattr__") and len_(arguments) > 1
                           and (arguments[1] in frame_attributes or arguments[1] in function_attributes)))
            if not watched:
                return
            if event in ("open", "os.listdir", "os.scandir") and arguments and type_(arguments[0]) not in plain:
                try:  # a path-like object's __fspath__ may be the student's: it runs here, watched as ever
                    arguments = (fspath(arguments[0]), *arguments[1:])
                except base_exception:
                    return
            # While the hook works (`busy`), nothing is watched: the work calls only what was captured when the
            # hook was made (C functions, `_private_paths`), never a name the student's code can rebind. In the
            # harness's phase nothing is refused, unless code of the student's is on the stack (a builtin or a
            # library function it rebound, which the harness called).
            busy.add(me)
            try:
                if phase[0] == "harness" and me == main and not student_on_stack():
                    return
                why = refusal(event, arguments)
            finally:
                busy.discard(me)
            if why:
                raise error(f"the grader refuses {why}")

        return hook

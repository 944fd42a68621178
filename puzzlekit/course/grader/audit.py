"""The worker's audit hook (`sys.addaudithook`): what it refuses to the student's code, and why.

`Sandbox` (`puzzlekit.course.grader.sandbox`) installs it once, before any submitted cell runs; it cannot be
removed. It refuses, from the student's code, what would get around the sandbox's guards: reading `__code__` of a
forbidden function, building a function from forbidden code, new code objects, setting `__code__`/`__defaults__`,
`sys.setprofile`/`settrace`, frames, `gc`'s object lists, `ctypes`, new processes and signals, new resource limits,
`marshal.loads`, subinterpreters, reading the worker's memory, opening the grader's files and listing their
folders, and compiling source text in an answer. Code that the student's code runs or makes a function of counts as
the student's from then on. The library's source is no secret: what an exercise forbids has no body in the student
build the worker imports (`build`).
"""

from __future__ import annotations

import _thread
import os
import sys
import types

__all__ = []


class ForbiddenCall(BaseException):
    """Raised in the student's code when it calls forbidden library code or does what the grader refuses."""


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


def make_hook(sandbox):
    """The audit hook of `sandbox` (a `Sandbox`): a closure over what it needs, captured now (a student's code
    that rebinds a builtin, a module's global or a method of `Sandbox` changes nothing in it)."""
    phase, main, busy = sandbox.phase_cell, sandbox.main, sandbox.busy
    get_ident, getframe = _thread.get_ident, sys._getframe
    labels, student_codes, id_ = sandbox.labels, sandbox.student_codes, id
    realpath, dirname, basename, fsdecode = _private_paths()
    refused, frame_attributes, function_attributes = _REFUSED_EVENTS, _FRAME_ATTRIBUTES, _FUNCTION_ATTRIBUTES
    path_types, error, getattr_, type_ = (str, bytes, os.PathLike), ForbiddenCall, getattr, type
    isinstance_, len_, any_, str_, bytes_ = isinstance, len, any, str, bytes
    private, kept, cell_codes, code_type = sandbox.private, sandbox.kept, sandbox.cell_codes, types.CodeType
    listed = frozenset(private) | frozenset(dirname(path) for path in private)  # folders not to list
    startswith = str_.startswith
    plain, fspath, base_exception = (str_, bytes_, int), os.fspath, BaseException

    def grader_file(path: str) -> bool:
        """Whether `path` (a real path) is one of the grader's files or in one of its folders."""
        return any_(path == item or startswith(path, item + "/") for item in private)

    def student_on_stack(depth: int) -> bool:
        """Whether a frame of the student's code is on the stack, from the frame `depth` above this one down."""
        frame = getframe(depth)
        while frame is not None:
            if id_(frame.f_code) in student_codes:
                return True
            frame = frame.f_back
        return False

    def student_context(depth: int) -> bool:
        return phase[0] == "student" or get_ident() != main or student_on_stack(depth + 1)

    def refusal(event, arguments):
        # frames: 0 this function, 1 hook, 2 the code that raised the event
        if event == "open":
            try:
                path = realpath(fsdecode(arguments[0]))
            except (TypeError, ValueError):
                return None
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
            if phase[0] == "harness" and me == main and not student_on_stack(2):
                return
            why = refusal(event, arguments)
        finally:
            busy.discard(me)
        if why:
            raise error(f"the grader refuses {why}")

    return hook

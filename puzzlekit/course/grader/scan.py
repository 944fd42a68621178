"""What the grading process reads in a submission's source without running it: the instructor's flags, unfinished
answers, answers that are copies of the library's code (judged by `exercises.copies`, as `check` judges them); and
the pickling of case arguments for a worker."""

from __future__ import annotations

import ast
import io
import types

from ..editions import cell_source
from ..exercises.describe import stub_left
from ..syntax import parse, parse_cell, python_source
from .report import Flag

__all__ = ["flags", "ship"]

_CALLS = {  # a call of `module.name` (or of `name` alone, imported from the module): what it is
    "sys.setprofile": "sys.setprofile", "sys.settrace": "sys.settrace", "threading.setprofile": "sys.setprofile",
    "threading.settrace": "sys.settrace", "sys._getframe": "sys._getframe", "sys._current_frames": "sys._getframe",
    "sys.addaudithook": "sys.addaudithook", "types.FunctionType": "types.FunctionType",
    "types.CodeType": "types.CodeType", "os._exit": "os._exit", "os.system": "os.system", "os.fork": "os.fork",
    "os.kill": "os.kill", "os.putenv": "os.environ write", "os.unsetenv": "os.environ write",
    "gc.get_referrers": "gc", "gc.get_objects": "gc", "gc.get_referents": "gc",
    "inspect.currentframe": "inspect frames", "inspect.stack": "inspect frames",
    "inspect.getsource": "inspect.getsource",
    "threading.Thread": "threading", "_thread.start_new_thread": "threading", "signal.signal": "signal",
    "signal.alarm": "signal", "signal.setitimer": "signal", "marshal.loads": "marshal",
}
_BUILTIN_CALLS = {"exec": "exec", "eval": "eval", "compile": "compile", "__import__": "__import__"}
_MODULES = {"threading": "threading", "_thread": "threading", "signal": "signal", "ctypes": "ctypes",
            "subprocess": "subprocess", "gc": "gc", "inspect": "inspect", "importlib": "importlib",
            "multiprocessing": "multiprocessing", "linecache": "linecache", "marshal": "marshal"}
_ATTRIBUTES = {"__code__": "__code__", "__globals__": "__globals__", "__closure__": "__closure__",
               "__defaults__": "__defaults__", "tb_frame": "frames", "f_back": "frames", "f_locals": "frames",
               "f_globals": "frames", "gi_frame": "frames", "__builtins__": "__builtins__",
               "input_transformers_cleanup": "input transformers", "input_transformers_post": "input transformers",
               "input_transformers_pre": "input transformers"}


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _written(node, modules: set) -> list[tuple[ast.AST, str]]:
    """(node, what) for the writes in an assignment's targets that have no place in an answer (`modules`: the names
    the cell binds to modules by `import`)."""
    found = []
    for target in ast.walk(node):
        stored = isinstance(getattr(target, "ctx", None), (ast.Store, ast.Del))
        if isinstance(target, (ast.Subscript, ast.Attribute)) and stored:
            name = _dotted(target.value if isinstance(target, ast.Subscript) else target)
            if name.endswith("environ") or name.startswith("os.environ"):
                found.append((target, "os.environ write"))
            elif name.endswith("modules") and "sys" in name:
                found.append((target, "sys.modules write"))
            elif isinstance(target, ast.Attribute) and target.attr.startswith("__") and target.attr.endswith("__"):
                found.append((target, f"{target.attr} write"))
            elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and (
                    target.value.id in modules or target.value.id in (
                        "builtins", "check", "puzzlekit", "textbook", "sys", "os", "linecache", "inspect")):
                found.append((target, f"{target.attr} write"))
    return found


def flags(cells, student: set | None = None) -> list[Flag]:
    """The flags of every code cell of `cells` (only those whose index is in `student`, if given): each construct
    that has no place in an answer, with its cell, the cell's grade_id and its line.

    Examples
    --------
    >>> cell = {"cell_type": "code", "metadata": {}, "source": "import os\\nos.environ['X'] = '0'"}
    >>> [(flag.cell, flag.line, flag.construct) for flag in flags([cell])]
    [(0, 2, 'os.environ write')]
    """
    found = []
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "code" or (student is not None and index not in student):
            continue
        source = cell_source(cell)
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "") or ""
        lines = source.splitlines()
        try:
            tree = parse(python_source(source))
        except SyntaxError as error:
            found.append(Flag(index, grade_id, error.lineno or 0, "syntax error", str(error.msg)))
            continue
        seen = set()
        modules = {alias.asname or alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                   for alias in node.names}
        imported_names = {alias.asname or alias.name: _CALLS[f"{node.module}.{alias.name}"] for node in ast.walk(tree)
                          if isinstance(node, ast.ImportFrom) for alias in node.names
                          if f"{node.module}.{alias.name}" in _CALLS}

        def add(node, construct, seen=seen, lines=lines, index=index, grade_id=grade_id):  # this cell's
            line = getattr(node, "lineno", 0)
            if (line, construct) in seen:
                return
            seen.add((line, construct))
            text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
            found.append(Flag(index, grade_id, line, construct, text[:200]))

        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                for target, construct in _written(node, modules):
                    add(target, construct)
            elif isinstance(node, ast.Call):
                name = _dotted(node.func).split(".")[-1] if _dotted(node.func) else ""
                dotted = _dotted(node.func)
                if name in ("pop", "update", "setdefault", "clear", "__setitem__", "__delitem__") and (
                        "environ" in dotted or "sys.modules" in dotted):
                    add(node, ("os.environ" if "environ" in dotted else "sys.modules") + " write")
                elif dotted in _BUILTIN_CALLS:
                    add(node, _BUILTIN_CALLS[dotted])
                elif ".".join(dotted.split(".")[-2:]) in _CALLS:
                    add(node, _CALLS[".".join(dotted.split(".")[-2:])])
                elif dotted in imported_names:
                    add(node, imported_names[dotted])
                elif name.startswith("input_transformers") or "input_transformers" in dotted:
                    add(node, "input transformers")
                elif name in ("setattr", "delattr") and node.args and _dotted(node.args[0]) in (
                        "builtins", "check", "sys", "os", "textbook"):
                    add(node, f"setattr on {_dotted(node.args[0])}")
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                imported = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for module in imported:
                    top = module.split(".")[0]
                    if top in _MODULES:
                        add(node, _MODULES[top])
                if isinstance(node, ast.ImportFrom):
                    for alias in node.names:
                        if f"{node.module}.{alias.name}" in _CALLS:
                            add(node, _CALLS[f"{node.module}.{alias.name}"])
                        elif (node.module, alias.name) in (("os", "environ"), ("sys", "modules")):
                            add(node, f"{node.module}.{alias.name}")
            elif isinstance(node, ast.Attribute) and node.attr in _ATTRIBUTES:
                add(node, _ATTRIBUTES[node.attr])
            elif isinstance(node, ast.Name) and node.id in ("__builtins__",):
                add(node, "__builtins__")
    return found


# ---------------------------------------------------------------------------------------------------------------
# the student's functions, read from the source


def _definitions(sources, name: str) -> list[ast.AST]:
    """Every definition of `name` in `sources` (top-level `def`s, and `def`s in string constants run by exec)."""
    found = []
    for tree in filter(None, map(parse_cell, sources)):
        found += [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.name == name]
    return found


def unfinished(name: str, sources) -> str | None:
    """Why the last definition of `name` in `sources` is not written yet (a `...` statement left), or None.

    Examples
    --------
    >>> unfinished("f", ["def f(x):\\n    ...\\n"]), unfinished("f", ["def f(x):\\n    return x[..., 0]\\n"])
    ('f still has `...` where your code goes', None)
    """
    definitions = _definitions(sources, name)
    return stub_left(definitions[-1], name) if definitions else None


# ---------------------------------------------------------------------------------------------------------------
# the arguments a worker receives


def ship(arguments: tuple, exercise_names: set) -> bytes:
    """`arguments` pickled for a worker (cloudpickle: classes of the instructor's cells travel by value); refuses
    (ValueError) a function that would carry an exercise's name along, such as a helper that calls the reference
    solution, so that the worker never receives the teacher's answer."""
    import cloudpickle

    def names_in(code: types.CodeType) -> set:
        return set(code.co_names).union(*(names_in(constant) for constant in code.co_consts
                                          if isinstance(constant, types.CodeType)))

    class Pickler(cloudpickle.Pickler):
        def reducer_override(self, obj):
            if isinstance(obj, types.FunctionType):
                names = names_in(obj.__code__)
                if names & exercise_names:
                    raise ValueError(f"an argument refers to {sorted(names & exercise_names)[0]}, an exercise's "
                                     "function: it would carry the reference solution to the student's process")
            return super().reducer_override(obj)

    buffer = io.BytesIO()
    Pickler(buffer, protocol=5).dump(arguments)
    return buffer.getvalue()

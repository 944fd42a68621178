"""What the grading process reads in a submission's source without running it (the instructor's flags, unfinished
answers; copies are judged by `exercises.copies`), and the pickling of case arguments for a worker."""

from __future__ import annotations

import ast
import io
import types

from ..editions import cell_source
from ..exercises.describe import left_to_write
from ..syntax import parse, parse_cell, python_source
from .report import Flag

__all__ = ["flags", "ship"]

#: construct -> what is flagged as it: `module.name()` a call of it (or of `name` imported from the module, and that
#: import), `module` an import of that module, `.name` that attribute, read or written
_CONSTRUCTS = {
    "sys.setprofile": "sys.setprofile() threading.setprofile()", "sys.settrace": "sys.settrace() threading.settrace()",
    "sys._getframe": "sys._getframe() sys._current_frames()", "sys.addaudithook": "sys.addaudithook()",
    "types.FunctionType": "types.FunctionType()", "types.CodeType": "types.CodeType()", "os._exit": "os._exit()",
    "os.system": "os.system()", "os.fork": "os.fork()", "os.kill": "os.kill()", "os.environ": "os.environ()",
    "os.environ write": "os.putenv() os.unsetenv()", "sys.modules": "sys.modules()", "exec": "exec()",
    "eval": "eval()", "compile": "compile()", "__import__": "__import__()",
    "gc": "gc gc.get_referrers() gc.get_objects() gc.get_referents()", "inspect": "inspect",
    "inspect frames": "inspect.currentframe() inspect.stack()", "inspect.getsource": "inspect.getsource()",
    "threading": "threading _thread threading.Thread() _thread.start_new_thread()", "ctypes": "ctypes",
    "signal": "signal signal.signal() signal.alarm() signal.setitimer()", "marshal": "marshal marshal.loads()",
    "subprocess": "subprocess", "importlib": "importlib", "multiprocessing": "multiprocessing",
    "linecache": "linecache", "frames": ".tb_frame .f_back .f_locals .f_globals .gi_frame",
    "input transformers": ".input_transformers_cleanup .input_transformers_post .input_transformers_pre",
    **{name: f".{name}" for name in ("__code__", "__globals__", "__closure__", "__defaults__", "__builtins__")},
}
_TABLE = {key: construct for construct, keys in _CONSTRUCTS.items() for key in keys.split()}
_GUARDED = {"builtins", "check", "puzzlekit", "textbook", "sys", "os", "linecache", "inspect"}  # not to be patched


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _written(name: str) -> str | None:
    """What a write into `name` (dotted) is, if it is a write into `os.environ` or `sys.modules`."""
    if name.endswith("environ") or name.startswith("os.environ"):
        return "os.environ write"
    return "sys.modules write" if name.endswith("modules") and "sys" in name else None


def _write(target, modules: set) -> str | None:
    """What a write into `target` (an item or an attribute) is, if it has no place in an answer."""
    if type(target) is ast.Subscript:
        return _written(_dotted(target.value))
    patched = target.attr.startswith("__") and target.attr.endswith("__") or getattr(
        target.value, "id", None) in modules | _GUARDED  # a dunder, or a module's attribute
    return _written(_dotted(target)) or (f"{target.attr} write" if patched else None)


def _constructs(node, modules: set, imported: dict) -> list[tuple[ast.AST, str]]:
    """(node, construct) for each construct in `node` (a node of a cell's tree) that has no place in an answer:
    `modules` are the names the cell binds to modules (`import`), `imported` the flagged names it imports from one."""
    kind = type(node)
    if kind in (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete):
        targets = [target for target in ast.walk(node) if type(target) in (ast.Subscript, ast.Attribute)
                   and type(target.ctx) in (ast.Store, ast.Del)]
        return [(target, what) for target in targets if (what := _write(target, modules))]
    if kind is ast.Call:
        dotted = _dotted(node.func)
        owner, _, name = dotted.rpartition(".")
        first = _dotted(node.args[0]) if node.args else ""
        what = (name in ("pop", "update", "setdefault", "clear", "__setitem__", "__delitem__") and _written(owner)
                or _TABLE.get(".".join(dotted.split(".")[-2:]) + "()") or imported.get(dotted)
                or "input_transformers" in dotted and "input transformers"
                or name in ("setattr", "delattr") and first in modules | _GUARDED and f"setattr on {first}")
        return [(node, what)] if what else []
    if kind is ast.Import or kind is ast.ImportFrom:
        keys = [alias.name.split(".")[0] for alias in node.names] if kind is ast.Import else [
            (node.module or "").split(".")[0], *(f"{node.module}.{alias.name}()" for alias in node.names)]
        return [(node, _TABLE[key]) for key in keys if key in _TABLE]
    if kind is ast.Attribute or kind is ast.Name and node.id == "__builtins__":
        key = "." + (node.attr if kind is ast.Attribute else node.id)
        return [(node, _TABLE[key])] if key in _TABLE else []
    return []


def _tags(cell) -> dict:
    """A cell's nbgrader metadata; {} where a submission has none or something else."""
    metadata = cell.get("metadata")
    tags = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    return tags if isinstance(tags, dict) else {}


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
        grade_id = _tags(cell).get("grade_id", "") or ""
        try:
            nodes = list(ast.walk(parse(python_source(source))))
        except SyntaxError as error:
            found.append(Flag(index, grade_id, error.lineno or 0, "syntax error", str(error.msg)))
            continue
        modules = {alias.asname or alias.name.split(".")[0] for node in nodes if type(node) is ast.Import
                   for alias in node.names}
        imported = {alias.asname or alias.name: _TABLE[f"{node.module}.{alias.name}()"] for node in nodes
                    if type(node) is ast.ImportFrom for alias in node.names
                    if f"{node.module}.{alias.name}()" in _TABLE}
        lines = source.splitlines()
        for line, construct in dict.fromkeys((getattr(where, "lineno", 0), construct) for node in nodes  # each once
                                             for where, construct in _constructs(node, modules, imported)):
            text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
            found.append(Flag(index, grade_id, line, construct, text[:200]))
    return found


def unfinished(name: str, sources) -> str | None:
    """Why the last top-level definition of `name` in `sources` is not written yet (a `...` statement left), or None.

    Examples
    --------
    >>> unfinished("f", ["def f(x):\\n    ...\\n"]), unfinished("f", ["def f(x):\\n    return x[..., 0]\\n"])
    ('f still has `...` where your code goes', None)
    """
    definitions = [node for tree in filter(None, map(parse_cell, sources)) for node in tree.body
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name]
    return left_to_write(definitions[-1]) if definitions else None


def ship(arguments: tuple, exercise_names: set) -> bytes:
    """`arguments` pickled for a worker (cloudpickle: classes of the instructor's cells travel by value); refuses
    (ValueError) a function that names an exercise (a helper that calls the reference solution would carry it)."""
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

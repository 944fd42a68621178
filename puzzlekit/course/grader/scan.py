"""What the grading process reads in a submission's source without running it: the instructor's flags, unfinished
answers, answers that are copies of the library's code; and the pickling of case arguments for a worker."""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import textwrap
import types

from ..editions import cell_source
from ..syntax import parse
from .report import Flag

__all__ = ["flags", "ship"]

#: A function of fewer syntax-tree nodes than this is never called a copy: short code is written alike by everyone.
MIN_NODES = 40

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


def _python(source: str) -> str:
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        return TransformerManager().transform_cell(source)
    except Exception:  # noqa: BLE001 - IPython refuses the cell: read it as it is
        return source


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
            tree = parse(_python(source))
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
    for source in sources:
        try:
            tree = parse(_python(source))
        except SyntaxError:
            continue
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
    if not definitions:
        return None
    for node in ast.walk(definitions[-1]):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and node.value.value is Ellipsis:
            return f"{name} still has `...` where your code goes"
    return None


class _Names(ast.NodeTransformer):
    """Local names, arguments and the function's own name replaced by their order of appearance; docstrings dropped."""

    def __init__(self):
        self.names: dict = {}

    def _name(self, name: str) -> str:
        return self.names.setdefault(name, f"v{len(self.names)}")

    def visit_Name(self, node):
        return ast.copy_location(ast.Name(id=self._name(node.id), ctx=node.ctx), node)

    def visit_arg(self, node):
        return ast.copy_location(ast.arg(arg=self._name(node.arg)), node)

    def visit_FunctionDef(self, node):
        node.name = "f"
        node.returns = None
        if node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) \
                and isinstance(node.body[0].value.value, str):
            node.body = node.body[1:] or [ast.Pass()]
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Expr(self, node):  # a comment-like string in the middle
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return None
        return self.generic_visit(node)


def _fingerprint(node: ast.AST, exact: bool = False) -> tuple[str, int]:
    import copy

    names = _Names()
    if exact:  # only the function's name and its docstring set aside
        names.visit_Name = lambda node: node
        names.visit_arg = lambda node: ast.copy_location(ast.arg(arg=node.arg), node)  # without its annotation
    normal = names.visit(copy.deepcopy(node))
    return ast.dump(normal, annotate_fields=False, include_attributes=False), sum(1 for _ in ast.walk(normal))


def _forbidden_definitions(forbid, teacher) -> list[tuple[str, ast.AST]]:
    """(label, definition) of every forbidden function whose source the grading process can read."""
    functions = []
    for item in forbid:
        try:
            if item[0] == "module":
                package = importlib.import_module(item[1])
                import pkgutil

                names = [item[1]] + ([info.name for info in pkgutil.walk_packages(package.__path__, item[1] + ".")]
                                     if hasattr(package, "__path__") else [])
                for module_name in names:
                    module = importlib.import_module(module_name)
                    source = inspect.getsource(module)
                    for node in ast.walk(parse(source)):
                        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                            functions.append((f"{node.name} (from {module_name})", node))
            elif item[0] == "object":
                target = importlib.import_module(item[1])
                for part in item[2].split("."):
                    target = getattr(target, part)
                target = inspect.unwrap(target)
                tree = parse(textwrap.dedent(inspect.getsource(target)))
                functions += [(item[2], node) for node in ast.walk(tree)
                              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
            elif item[0] == "notebook":
                for cell in teacher.cells:
                    if cell.cell_type == "code":
                        functions += [(item[1], node) for node in _definitions([cell_source(cell)], item[1])]
        except (ImportError, AttributeError, OSError, TypeError, SyntaxError):
            continue
    return functions


_LIBRARY_PRINTS: dict = {}


def library_copy(name: str, sources, forbid, teacher, *, exact: bool = False) -> str | None:
    """The forbidden function that the student's `name` is a copy of (its syntax tree, names set aside), or None.

    Definitions of `name` pasted in a string that the cell runs with `exec` count as well. `exact`: the names too
    must be the library's (a paste, not an answer that happens to be written as the library's).
    """
    definitions = _definitions(sources, name)
    for source in sources:  # def statements inside string constants (exec of a pasted source)
        try:
            tree = parse(_python(source))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "def " in node.value:
                try:
                    inner = parse(textwrap.dedent(node.value))
                except SyntaxError:
                    continue
                definitions += [child for child in ast.walk(inner) if isinstance(child, (ast.FunctionDef,
                                                                                          ast.AsyncFunctionDef))]
    if not definitions:
        return None
    key = repr((forbid, exact))
    if key not in _LIBRARY_PRINTS:
        prints = {}
        for label, node in _forbidden_definitions(forbid, teacher):
            text, size = _fingerprint(node, exact)
            if size >= MIN_NODES:
                prints.setdefault(text, label)
        _LIBRARY_PRINTS[key] = prints
    prints = _LIBRARY_PRINTS[key]
    for node in definitions:
        text, size = _fingerprint(node, exact)
        if size >= MIN_NODES and text in prints:
            return prints[text]
    return None


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

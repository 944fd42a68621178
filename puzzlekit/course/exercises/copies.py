"""Whether an answer's code is the library's: one judge, read from source text, for the grader (`copied`) and for
`check` (`notebook_copy`, on the cells that define the student's function and those it calls)."""

from __future__ import annotations

import ast
import contextlib
import copy
import functools
import importlib
import inspect
import linecache
import pkgutil
import textwrap
import types
from collections.abc import Iterable

from ..syntax import parse, parse_cell

__all__ = ["copied", "library_copy", "descriptor"]

#: A function of fewer syntax-tree nodes (names and docstring set aside) is never a copy: short code is everyone's.
MIN_NODES = 40
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def descriptor(item) -> tuple | None:
    """What a `forbid=` item is, by name: ("module", name), ("object", module, qualname), or ("notebook", name) for
    a function the chapter defines itself; None for what has neither a module nor a name.

    Examples
    --------
    >>> import textwrap
    >>> descriptor(textwrap), descriptor(textwrap.dedent)
    (('module', 'textwrap'), ('object', 'textwrap', 'dedent'))
    """
    if isinstance(item, types.ModuleType):
        return ("module", item.__name__)
    try:
        item = inspect.unwrap(item)
    except ValueError:
        return None
    module, name = getattr(item, "__module__", None), getattr(item, "__qualname__", getattr(item, "__name__", None))
    if not (isinstance(module, str) and isinstance(name, str)):
        return None
    return ("notebook", getattr(item, "__name__", name)) if module == "__main__" else ("object", module, name)


def _whole_functions(tree: ast.AST) -> list[tuple[str, ast.AST]]:
    """(qualified name, definition) of the functions of a module, and the methods of its classes (not nested ones)."""
    found = []
    for node in tree.body:
        if isinstance(node, _DEFS):
            found.append((node.name, node))
        elif isinstance(node, ast.ClassDef):
            found += [(f"{node.name}.{name}", child) for name, child in _whole_functions(node)]
    return found


def _names(node: ast.AST) -> set[str]:
    return {child.id if isinstance(child, ast.Name) else child.attr for child in ast.walk(node)
            if isinstance(child, ast.Name) or isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name)}


@functools.cache  # a library's files do not change while it runs
def _library(item: tuple, exact: bool) -> list[tuple[str, int, str, bool]]:
    """(fingerprint, size, label, in a textbook module) of a module's functions (submodules' too) or an object's."""
    try:
        if item[0] == "module":
            package = importlib.import_module(item[1])
            modules = [package] + [importlib.import_module(info.name) for info in pkgutil.walk_packages(
                getattr(package, "__path__", []), package.__name__ + ".")]
            found = [(f"{qualname} (from {module.__name__})", node, module) for module in modules
                     for qualname, node in _whole_functions(parse(inspect.getsource(module)))]
        else:
            target = inspect.unwrap(functools.reduce(getattr, item[2].split("."), importlib.import_module(item[1])))
            module = inspect.getmodule(target)
            label = item[2].split(".")[-1] if not isinstance(target, type) else target.__name__
            found = [(name, node, module) for name, node in _defined(
                parse(inspect.getsource(module)), getattr(target, "__qualname__", item[2]), label)]
    except (ImportError, AttributeError, OSError, TypeError, SyntaxError):
        return []  # a built-in, a function without source: forbidden by name only
    return [(*fingerprint(node, exact), name, module.__name__.endswith(".textbook")) for name, node, module in found]


def _defined(tree: ast.Module, qualname: str, label: str) -> list[tuple[str, ast.AST]]:
    """(label, definition) of the function `qualname` of a module, or of a class's methods, and of its helpers."""
    functions = dict(_whole_functions(tree))
    own = [(label, functions[qualname])] if qualname in functions else [  # a class (a factory's function: by name only)
        (f"{label}.{name.split('.')[-1]}" if not name.endswith(".__init__") else label, node)
        for name, node in functions.items() if name.startswith(qualname + ".")]
    module = {name: node for name, node in _top_level(tree).items() if isinstance(node, _DEFS)}
    nodes = [node for _, node in own]
    helpers, todo = {}, nodes
    for _ in range(2):  # the module's functions they call (by name, or as `module.name`), and what these call
        todo = [module[name] for node in todo for name in _names(node)
                if name in module and module[name] not in nodes and id(module[name]) not in helpers]
        helpers.update((id(node), node) for node in todo)
    return own + [(f"{helper.name} (which {label} calls)", helper) for helper in helpers.values()]


def _top_level(tree: ast.Module) -> dict[str, ast.AST]:
    """The names a module (or the cells of a notebook) defines at its top level: name -> its definition or value."""
    defined = {}
    for node in tree.body:
        if isinstance(node, (*_DEFS, ast.ClassDef)):
            defined[node.name] = node
        elif isinstance(node, ast.Assign) and node.value is not None:
            defined.update({target.id: node.value for target in node.targets if isinstance(target, ast.Name)})
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update({(alias.asname or alias.name).split(".")[0]: node for alias in node.names})
    return defined


class _Canonical(ast.NodeTransformer):
    """Docstrings, bare strings, `pass`, `print(...)` and annotations dropped; `module.name` (of a name the function
    does not bind) read as `name`; every name renamed in order of appearance, unless `exact`."""

    def __init__(self, function: ast.AST, exact: bool):
        self.exact, self.names = exact, {}
        self.local = {node.arg for node in ast.walk(function) if isinstance(node, ast.arg)} | {
            node.id for node in ast.walk(function) if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)}

    def rename(self, name: str) -> str:
        return name if self.exact else self.names.setdefault(name, f"v{len(self.names)}")

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, (str, type(...))) or isinstance(
                node.value, ast.Call) and getattr(node.value.func, "id", None) == "print":
            return None  # a docstring, a string used as a comment, `...`, a print added to a paste
        return self.generic_visit(node)

    def visit_Pass(self, node):
        return None

    def visit_Attribute(self, node):
        if isinstance(node.value, ast.Name) and node.value.id not in self.local and isinstance(node.ctx, ast.Load):
            return self.visit_Name(ast.Name(id=node.attr, ctx=node.ctx))
        return self.generic_visit(node)

    def visit_Name(self, node):
        return ast.Name(id=self.rename(node.id), ctx=type(node.ctx)())

    def visit_arg(self, node):
        return ast.arg(arg=self.rename(node.arg))

    def visit_AnnAssign(self, node):
        return None if node.value is None else self.visit(ast.Assign(targets=[node.target], value=node.value))

    def visit_FunctionDef(self, node):
        node.name, node.returns = self.rename(node.name), None
        node = self.generic_visit(node)
        node.body = node.body or [ast.Pass()]
        return node

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

    def visit_ExceptHandler(self, node):
        node.name = node.name and self.rename(node.name)
        return self.generic_visit(node)

    def visit_alias(self, node):
        node.asname = node.asname and self.rename(node.asname)
        return node


def fingerprint(function: ast.AST, exact: bool = False) -> tuple[str, int]:
    """The canonical text of a function's syntax tree (its own name set aside, see `_Canonical`), and its size."""
    node = copy.deepcopy(function)
    node.name = "_"
    canonical = _Canonical(node, exact).visit(node)
    return ast.dump(canonical, annotate_fields=False), sum(1 for _ in ast.walk(canonical))


def _prints(forbid, notebook: list[str], exact: bool, textbook: bool = False) -> dict[str, str]:
    """{fingerprint: label} of what `forbid` stands for, of MIN_NODES or more (a textbook's: `exact` or `textbook`)."""
    prints, cells = {}, None
    for item in map(tuple, forbid):
        if item[0] == "notebook":
            cells = cells or ast.Module(body=[node for tree in filter(None, map(parse_cell, notebook))
                                              for node in tree.body], type_ignores=[])
            entries = [(*fingerprint(node, exact), label, False) for label, node in _defined(cells, item[1], item[1])]
        else:
            entries = _library(item, exact)
        for text, size, label, of_textbook in entries:
            if size >= MIN_NODES and (exact or textbook or not of_textbook):
                prints.setdefault(text, label)
    return prints


def _answer(name: str, sources: Iterable[str]) -> tuple[ast.AST | None, list[ast.AST]]:
    """The last definition of `name` in `sources`, and what it reaches by name (there, or in a string they `exec`)."""
    body = []
    for tree in filter(None, map(parse_cell, sources)):
        body += tree.body
        for node in ast.walk(tree):  # def statements inside string constants (exec of a pasted source)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "def " in node.value:
                with contextlib.suppress(SyntaxError, ValueError):
                    body += parse(textwrap.dedent(node.value)).body
    top = _top_level(ast.Module(body=body, type_ignores=[]))
    reached, todo = {}, [name]
    while todo:
        if (found := top.get(todo.pop())) is not None and id(found) not in reached:
            reached[id(found)] = found
            todo += [child.id for child in ast.walk(found) if isinstance(child, ast.Name)]
    answer = top.get(name)
    return answer if isinstance(answer, _DEFS) else None, list(reached.values())


def copied(name: str, sources: Iterable[str], forbid: Iterable, notebook=(), *,
           exact: bool = False, textbook: bool = False) -> str | None:
    """What the answer `name` in `sources` (cell texts) is, if a copy: "is a copy of the library's X" (the answer
    itself) or "calls a copy of the library's X" (a function nested in it or one of the student's it calls); or None.

    A copy has the syntax tree of a whole forbidden function or of a helper it calls in its module, names, docstrings,
    comments, annotations and layout set aside (`_Canonical`). `forbid` holds descriptors (`descriptor`); a
    ("notebook", name) item is looked up in `notebook`, the chapter's cell texts (or a notebook). The chapters build
    the textbook modules' code (`puzzlekit.*.textbook`) in the open, so an honest answer may read like it: their
    functions count only with `textbook` (the grader asks where the chapter's reference has another shape) or `exact`
    (names count too: a paste, which the grader flags). Only text is judged: an `exec` of the library's source fools
    only its author in `check`, and the grader's student build has no bodies for what an exercise forbids.

    Examples
    --------
    >>> library = ('def total(values, limit):\\n    "The sum."\\n    s = 0\\n    for v in values:\\n'
    ...            '        if v > limit:\\n            s += v * 2 - 1\\n        else:\\n            s -= v\\n'
    ...            '    return s\\n')
    >>> pasted = library.replace("total", "mine").replace(" s", " t")
    >>> copied("mine", [pasted], [("notebook", "total")], [library])
    "is a copy of the library's total"
    >>> copied("mine", [pasted.replace("* 2", "* 3")], [("notebook", "total")], [library]) is None
    True
    """
    notebook = [cell.source for cell in notebook.cells if cell.cell_type == "code"] if hasattr(
        notebook, "cells") else list(notebook or ())
    answer, reached = _answer(name, sources)
    prints = _prints(forbid, notebook, exact, textbook) if reached else {}
    if not prints:
        return None
    names = {item[1] for item in map(tuple, forbid) if item[0] == "notebook"}
    for top in reached:
        if not isinstance(top, (*_DEFS, ast.ClassDef)) or top.name in names and top is not answer:
            continue  # the chapter's own forbidden function, defined among the cells: called, not copied
        for node in ast.walk(top):  # (a fingerprint in `prints` is of MIN_NODES nodes or more)
            if isinstance(node, _DEFS) and (text := fingerprint(node, exact)[0]) in prints:
                return f"{'is' if node is answer else 'calls'} a copy of the library's {prints[text]}"
    return None


def library_copy(name: str, sources: Iterable[str], forbid: Iterable, notebook=(), *,
                 exact: bool = False) -> str | None:
    """What the answer `name` copies, as `copied` judges it ("breadth_first"), or None."""
    verdict = copied(name, sources, forbid, notebook, exact=exact)
    return None if verdict is None else verdict.split("the library's ", 1)[1]


def cells_of(*functions) -> list[str]:
    """The texts, each once, of the cells (or files) that define `functions` and the functions of theirs they call."""
    sources, seen, todo = {}, set(), list(reversed(functions))  # sources: a dict, for the order
    while todo:
        function = todo.pop()
        if not isinstance(code := getattr(function, "__code__", None), types.CodeType) or id(code) in seen:
            continue
        seen.add(id(code))
        namespace, codes = getattr(function, "__globals__", {}), [code]
        sources["".join(linecache.getlines(code.co_filename, namespace))] = None
        while codes:
            code = codes.pop()
            codes += [constant for constant in code.co_consts if isinstance(constant, types.CodeType)]
            todo += [namespace[name] for name in code.co_names if isinstance(namespace.get(name), types.FunctionType)
                     and namespace[name].__module__ == function.__module__]
    return [text for text in sources if text]


def notebook_copy(function, forbid: Iterable) -> str | None:
    """`copied` for `check`, on the cells `cells_of` finds for `function` and for the notebook's `forbid` items."""
    items = [(item, descriptor(item)) for item in forbid]
    notebook = cells_of(*[inspect.unwrap(item) for item, found in items if found and found[0] == "notebook"])
    plain, own = inspect.unwrap(function), []
    with contextlib.suppress(OSError, TypeError):  # defined inside a function, it is not at a cell's top
        own = [textwrap.dedent(inspect.getsource(plain))]
    items = [found for _, found in items if found is not None]
    return copied(getattr(plain, "__name__", ""), own + cells_of(plain), items, notebook)

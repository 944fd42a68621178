"""Tests for the package as a whole: what `import puzzlekit` brings, and that every name is documented."""

import inspect
import subprocess
import sys

import puzzlekit


def test_import_stays_light():
    """Students import puzzlekit in every chapter; matplotlib and ipywidgets load only when used."""
    code = "import sys, puzzlekit; print(sorted(m for m in ('matplotlib', 'ipywidgets') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_every_public_function_has_a_doctest():
    missing = []
    for name in puzzlekit.__all__:
        value = getattr(puzzlekit, name)
        if (inspect.isfunction(value) or inspect.isclass(value)) and value.__module__.startswith("puzzlekit"):
            if ">>>" not in (inspect.getdoc(value) or ""):
                missing.append(name)
            if inspect.isclass(value):
                for method_name, method in vars(value).items():
                    function = method.__func__ if isinstance(method, staticmethod) else method
                    if inspect.isfunction(function) and not method_name.startswith("_"):
                        if ">>>" not in (inspect.getdoc(function) or ""):
                            missing.append(f"{name}.{method_name}")
    assert missing == []


def test_every_module_has_a_docstring_and_all():
    import importlib
    import pkgutil

    for module_info in pkgutil.iter_modules(puzzlekit.__path__):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"puzzlekit.{module_info.name}")
        assert module.__doc__, module.__name__
        assert hasattr(module, "__all__"), module.__name__


def test_the_textbook_names_are_at_the_top():
    for name in ("position", "moves", "move", "is_solvable", "slide", "inversions", "random_board",
                 "parse_board", "format_board", "show", "SlidingPuzzleGame"):
        assert name in puzzlekit.__all__ and callable(getattr(puzzlekit, name))


def _modules():
    """Every module of the package, subpackages included, as (dotted name, path)."""
    import pkgutil
    from pathlib import Path

    root = Path(puzzlekit.__file__).parent
    yield "puzzlekit", root / "__init__.py"
    for info in pkgutil.walk_packages(puzzlekit.__path__, "puzzlekit."):
        spec = info.module_finder.find_spec(info.name)
        if spec is not None and spec.origin and spec.origin.endswith(".py"):
            yield info.name, Path(spec.origin)


def test_every_module_and_subpackage_module_has_a_docstring_and_all():
    import importlib

    for name, _ in _modules():
        in_widgets = name == "puzzlekit.interfaces.widgets" or name.startswith("puzzlekit.interfaces.widgets.")
        if name.rsplit(".", 1)[-1].startswith("_") or in_widgets:
            continue  # the widgets need ipywidgets; test_widgets checks them
        module = importlib.import_module(name)
        assert module.__doc__, name
        assert hasattr(module, "__all__"), name


#: Issue 31's goal for the grading code (puzzlekit.course.grader and puzzlekit.course.exercises together) is at most
#: 3,000 lines; it stands at 3,122 (4,609 before the Python-level sandbox went). A ratchet to lower, not yet the goal.
MAX_GRADING_LINES = 3122


def test_the_grading_code_does_not_grow_back():
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in _modules()
             if name.startswith(("puzzlekit.course.grader", "puzzlekit.course.exercises"))}
    assert len(sizes) > 15 and sum(sizes.values()) <= MAX_GRADING_LINES, sorted(sizes.items(), key=lambda kv: -kv[1])


def test_no_module_is_over_600_lines():
    """A catch, not a rule: a module is one idea, however long (the review asks that); past 600 lines it is two."""
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in _modules()}
    assert {name: lines for name, lines in sizes.items() if lines > 600} == {}


def test_private_names_stay_in_their_package():
    """A private name is imported only inside its own package (folder): an engine's helpers stay private to the
    engines beside it, and what another package needs gets a public name and a doctest."""
    import ast

    offences = []
    for name, path in _modules():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                source = _imported_module(package, node)
                if source.rpartition(".")[0] != package and source != package:
                    offences += [f"{name}: from {'.' * node.level}{node.module} import {alias.name}"
                                 for alias in node.names if alias.name.startswith("_")]
    assert offences == []


def _imported_module(package: str, node) -> str:
    """The dotted name of the module that `from ... import` in `package` reads from."""
    if not node.level:
        return node.module
    base = package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _import_graph() -> dict:
    """Each module of the package -> the modules of the package it imports, at the top or inside a function."""
    import ast

    modules = dict(_modules())
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
                source = _imported_module(package, node)
                imported.add(source)
                imported |= {f"{source}.{alias.name}" for alias in node.names}  # a submodule, if it is one
        graph[name] = {module for module in imported if module in modules and module != name}
    return graph


def _cycles(graph: dict) -> list:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in graph[node]:
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles():
    """No module imports, even inside a function, a module that imports it back (through others or not).

    A package's __init__ counts as the modules it imports, so `fifteen.ida_star -> search -> search.methods ->
    fifteen` would be a cycle; the package `puzzlekit` itself, which imports everything, is left out.
    """
    graph = {name: {module for module in imported if module != "puzzlekit"}
             for name, imported in _import_graph().items() if name != "puzzlekit"}
    assert _cycles(graph) == []
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]  # the check itself


def test_search_depends_on_no_puzzle():
    """The searches run on the Problem protocol: no module of puzzlekit.search imports a puzzle's module."""
    graph = _import_graph()
    puzzles = {"puzzlekit.sliding.board", "puzzlekit.sliding.fifteen", "puzzlekit.sokobond",
               "puzzlekit.sliding.heuristics", "puzzlekit.sliding.environment", "puzzlekit.sliding.game"}
    reached = {name: graph[name] & puzzles for name in graph if name.startswith("puzzlekit.search")}
    assert {name: modules for name, modules in reached.items() if modules} == {}


LAYERS = ["checks", "datafiles", "problem", "search", "sliding", "solving", "learning", "sokobond", "interfaces",
          "course"]


def _layer(module: str) -> float:
    """The layer of `module`; the package's face, which re-exports the layers below, sits just under course."""
    if module == "puzzlekit":
        return LAYERS.index("course") - 0.5
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else len(LAYERS)


def test_at_most_four_modules_at_the_top():
    import pkgutil

    top = [info.name for info in pkgutil.iter_modules(puzzlekit.__path__) if not info.ispkg
           and info.name not in ("__init__", "__main__")]
    assert len(top) <= 4, top


def test_each_layer_imports_only_the_layers_before_it():
    """The layers of README's module table, each importing only those before it, the package's face included.

    checks, datafiles, problem < search < sliding < solving < learning < sokobond < interfaces < puzzlekit < course.
    A module that imports a name through the face (`from . import SlidingPuzzle` in `problem.py`) imports the
    face, so the layer above everything but course.
    """
    graph = _import_graph()
    upward = {f"{name} -> {module}" for name, imported in graph.items()
              for module in imported if _layer(module) > _layer(name)}
    assert upward == set()


def _exported_names() -> list[str]:
    """Every entry of every literal `__all__` of the package (a string in the list, starred re-exports aside)."""
    import ast

    names = []
    for _, path in _modules():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, ast.AnnAssign) else []
            if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets) and node.value:
                names += [item.value for item in ast.walk(node.value)
                          if isinstance(item, ast.Constant) and isinstance(item.value, str)]
    return names


def _argument_raises() -> int:
    """How many `raise TypeError` and `raise ValueError` statements the package holds."""
    import re

    pattern = re.compile(r"raise (TypeError|ValueError)\b")
    return sum(len(pattern.findall(path.read_text(encoding="utf-8"))) for _, path in _modules())


# Issue 34's door, counted: the public API is what the chapters, the README, the command line and the widgets use,
# and only it checks its arguments (a check shared by several doors lives once, in checks.py or beside its idea).
# The goal is at most 300 of each. The raises stand at 290 (407 before the door was counted): a check behind the
# door went, and where one mistake had variants (a folder or an empty name; a layer's weights, biases and chaining)
# one raise now says which.
MAX_EXPORTED_NAMES = 300
MAX_ARGUMENT_RAISES = 300


def test_the_door_stays_narrow():
    names = _exported_names()
    assert 200 < len(names) <= MAX_EXPORTED_NAMES, len(names)
    assert "position" in names and "_successors" not in names  # the count reads the lists it means to
    raises = _argument_raises()
    assert 100 < raises <= MAX_ARGUMENT_RAISES, raises

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
        if name.rsplit(".", 1)[-1].startswith("_") or name == "puzzlekit.widgets" or name.startswith("puzzlekit.widgets."):
            continue  # the widgets need ipywidgets; test_widgets checks them
        module = importlib.import_module(name)
        assert module.__doc__, name
        assert hasattr(module, "__all__"), name


def test_no_module_is_much_over_400_lines():
    """One topic a file: a module that grows past about 400 lines has two topics in it."""
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in _modules()}
    assert {name: lines for name, lines in sizes.items() if lines > 440} == {}


def test_no_module_imports_a_private_name_from_another():
    """Private names stay in their module: what another module needs gets a public name and a doctest."""
    import ast

    offences = []
    for name, path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                offences += [f"{name}: from {'.' * node.level}{node.module} import {alias.name}"
                             for alias in node.names if alias.name.startswith("_")]
    assert offences == []

"""The student build: puzzlekit as a worker imports it, with the bodies of the functions an exercise forbids taken out.

Made as the student edition is made from the chapters: a copy of the package and its data in which each function or
method a `forbid=` item names keeps its signature and docstring, and its body raises `NotImplementedError` (not
available while grading): what is not in the worker cannot be called, rebuilt or read there. Cached on disk, one
build per package version and list of forbidden items."""

from __future__ import annotations

import ast
import compileall
import hashlib
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

from ..syntax import parse

__all__ = []

_PACKAGE = Path(__file__).resolve().parents[2]  # the real puzzlekit package
_DATA = _PACKAGE.parent / "data"
_BUILDS = Path(tempfile.gettempdir()) / f"puzzlekit-builds-{os.getuid()}"


def library_items(forbid) -> list:
    """The items of `forbid` (descriptors: ("module", name), ("object", module, qualname), ("notebook", name)) that
    name a part of puzzlekit, sorted: the build they make."""
    return sorted({tuple(item) for item in forbid
                   if item[0] in ("module", "object") and (item[1] == "puzzlekit" or item[1].startswith("puzzlekit."))})


def _plan(items) -> dict[Path, set | None]:
    """Source file -> the qualified names to take out of it (None: every function in it): a module's every file (a
    package's all), an object's in its module's first file (a package's `__init__.py`)."""
    plan: dict = {}
    for kind, module, *names in items:  # sorted: a module comes before its objects
        path = _PACKAGE.parent.joinpath(*module.split("."))
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
        for file in files if kind == "module" else files[:1]:
            if file.is_file() and plan.get(file, set()) is not None:
                plan[file] = None if kind == "module" else plan.get(file, set()) | set(names)
    return plan


class _Emptier(ast.NodeTransformer):
    """Takes the body out of the functions named (all, if `names` is None), keeping their docstrings."""

    def __init__(self, names: set | None, module: str):
        self.names, self.module, self.scope = names, module, []

    def visit_ClassDef(self, node):
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()
        return node

    def visit_FunctionDef(self, node):
        qualname = ".".join(self.scope + [node.name])
        if self.names is not None and not any(qualname == name or qualname.startswith(name + ".")
                                              for name in self.names):
            return node  # neither named nor a method of a class named
        docstring = node.body[:1] if ast.get_docstring(node) is not None else []
        message = f"{self.module}.{qualname} is not available while grading: the exercise forbids it"
        node.body = docstring + ast.parse(f"raise NotImplementedError({message!r})").body
        return node

    visit_AsyncFunctionDef = visit_FunctionDef


def _digest(items) -> str:
    digest = hashlib.sha256(json.dumps(items).encode())
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(_PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    for path in sorted(_DATA.rglob("*")):  # none if there is no data folder
        info = path.stat()
        digest.update(f"{path.relative_to(_DATA)}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
    return digest.hexdigest()[:24]


def student_build(forbid) -> Path:
    """The folder to put first on a worker's `sys.path`: the build for the items of `forbid` (see `library_items`)."""
    _BUILDS.mkdir(mode=0o700, exist_ok=True)  # this user's alone (`isolation` links a build for another user)
    info = os.lstat(_BUILDS)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
        raise RuntimeError(f"{_BUILDS} is not a folder of this user's that only this user may change")
    os.chmod(_BUILDS, 0o700)
    items = [list(item) for item in library_items(forbid)]
    folder = _BUILDS / _digest(items)
    if folder.is_dir():
        return folder
    temporary = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))
    try:
        os.chmod(temporary, 0o755)
        shutil.copytree(_PACKAGE, temporary / "puzzlekit", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        if _DATA.is_dir():
            shutil.copytree(_DATA, temporary / "data")
        for path, names in _plan(items).items():
            relative = path.relative_to(_PACKAGE.parent)
            module = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
            tree = _Emptier(names, module).visit(parse(path.read_text()))
            (temporary / relative).write_text(ast.unparse(ast.fix_missing_locations(tree)) + "\n")
        compileall.compile_dir(temporary / "puzzlekit", quiet=2)  # workers write no bytecode: it is made here once
        for root, folders, files in os.walk(temporary):  # any user may read it, none but this one change it
            for name in folders + files:
                os.chmod(os.path.join(root, name), 0o755 if name in folders else 0o644)
        try:
            os.rename(temporary, folder)
        except OSError:  # another grader made the same build meanwhile: theirs is kept
            shutil.rmtree(temporary)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    return folder

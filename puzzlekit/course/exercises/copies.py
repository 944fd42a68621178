"""Whether a function is a copy of a library function: fingerprints of code with names, docstrings, file names and
line numbers set aside, taken from the bytecode and from the syntax tree of the source.

A copy made by `exec` of the library's source, by `types.FunctionType(f.__code__, ...)`, by `code.replace(...)`, or by
loading a library module's file a second time under another name has the bytecode of the original; a copy pasted
into a cell, local names renamed and docstring dropped, has its syntax tree. `check(..., forbid=)` refuses both, and
the same for the helpers a forbidden function calls in its module (pasted beside the answer or inside it).
Bytecode is compared instruction by instruction, jumps by instruction number: the same source compiled alone or in its
module gives other bytes on Python 3.11 (`heapq.heappush` is a LOAD_METHOD alone, a LOAD_ATTR where heapq was imported).
"""

from __future__ import annotations

import ast
import inspect
import linecache
import os
import sys
import types
from collections.abc import Iterable

from ..syntax import parse
from .fingerprints import MIN_INSTRUCTIONS, MIN_NODES, _tree_fingerprint, code_fingerprint, source_fingerprint

__all__ = ["library_twin"]

_OWN_CODES: dict[str, dict[int, types.CodeType]] = {}  # module name -> its code objects by id (kept alive here)
#: The folder of puzzlekit's own files: their code is the library's, a copy only when loaded again from a forbidden one.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + os.sep

_MODULES: dict[tuple, tuple] = {}  # (file, modification time) -> (code prints, source prints) of a module's file


class Twins:
    """The fingerprints of forbidden library code (functions, classes, modules with their submodules), computed once,
    and the question whether another function or code object is a copy of one of them.

    Code someone wrote (in a notebook cell, or a file that is not the library's) is held to whole functions: a
    chapter that builds an algorithm in the open may scaffold a helper that is, line for line, the library's (IDA*'s
    inner search), and a student who fills it in right writes the library's code. Code nobody wrote (`exec` of a
    string, a function rebuilt from the library's code, a library file loaded again) is a copy if any part of it,
    of MIN_INSTRUCTIONS or more, is the library's.

    Examples
    --------
    >>> import fractions, textwrap
    >>> twins = Twins([fractions])
    >>> copy = {}
    >>> exec(textwrap.dedent(inspect.getsource(fractions.Fraction.limit_denominator)), vars(fractions).copy(), copy)
    >>> twins.function(copy["limit_denominator"])
    'Fraction.limit_denominator (from fractions)'
    >>> twins.function(textwrap.dedent) is None
    True
    """

    def __init__(self, forbidden: Iterable):
        self.codes: dict[str, str] = {}  # bytecode digest of any code of MIN_INSTRUCTIONS -> the name to report
        self.whole: dict[str, str] = {}  # bytecode digest of a whole function or method -> the name to report
        #: bytecode digest of a whole function or method of any size -> the name to report: code nobody wrote that is a
        #: whole library function is a copy however small (a thin public function over its engine, say)
        self.exact: dict[str, str] = {}
        self.sources: dict[str, str] = {}  # syntax-tree digest of a whole function or method -> the name to report
        self.library_files: set[str] = set()  # the files the forbidden code was compiled from
        for item in forbidden:
            if isinstance(item, types.ModuleType):
                self._add_module(item)
            elif isinstance(item, type):
                for name, member in vars(item).items():
                    function = _function_of(member)
                    if function is not None:
                        self._add_function(function, f"{item.__name__}.{name}" if name != "__init__" else item.__name__)
            else:
                function = _function_of(item)
                if function is not None:
                    label = getattr(item, "__name__", getattr(function, "__name__", "?"))
                    self._add_function(function, label)
                    outer = getattr(item, "__code__", None)  # a wrapper's own code (functools.wraps): copied too
                    if isinstance(outer, types.CodeType) and outer is not function.__code__:
                        self.exact.setdefault(code_fingerprint(outer)[0], label)
                        self._add_code(outer, label)

    def _add_function(self, function, label: str) -> None:
        self.library_files.add(function.__code__.co_filename)
        digest, size = code_fingerprint(function.__code__)
        if size >= MIN_INSTRUCTIONS:
            self.whole.setdefault(digest, label)
        self.exact.setdefault(digest, label)
        self._add_code(function.__code__, label)
        printed = source_fingerprint(function)
        if printed is not None and printed[1] >= MIN_NODES:
            self.sources.setdefault(printed[0], label)
        for helper in _helpers(function):
            name = f"{helper.__name__} (which {label.split(' (')[0]} calls)"
            digest, size = code_fingerprint(helper.__code__)
            if size >= MIN_INSTRUCTIONS:
                self.whole.setdefault(digest, name)
            self._add_code(helper.__code__, name)
            printed = source_fingerprint(helper)
            if printed is not None and printed[1] >= MIN_NODES:
                self.sources.setdefault(printed[0], name)

    def _add_code(self, code: types.CodeType, label: str) -> None:
        digest, size = code_fingerprint(code)
        if size >= MIN_INSTRUCTIONS:
            self.codes.setdefault(digest, label)
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                self._add_code(constant, label)

    def _add_module(self, module: types.ModuleType) -> None:
        prefix = module.__name__ + "."
        for name, loaded in list(sys.modules.items()):
            if (name == module.__name__ or name.startswith(prefix)) and isinstance(loaded, types.ModuleType):
                path = getattr(loaded, "__file__", None)
                if isinstance(path, str) and path.endswith(".py") and os.path.isfile(path):
                    self.library_files.add(path)
                    prints = _module_prints(path, name)
                    for mine, theirs in zip((self.codes, self.whole, self.sources, self.exact), prints):
                        for digest, label in theirs.items():
                            mine.setdefault(digest, label)

    @staticmethod
    def canonical(code: types.CodeType, namespace: dict) -> bool:
        """Whether `code` is the library's own code, run in its own module: one of the code objects of a puzzlekit
        module as it was imported. Such code is no copy, even where it shares lines with a forbidden function (it is
        forbidden by name, if at all); a file loaded again, code rebuilt or exec'd from its source, is not canonical."""
        name = namespace.get("__name__")
        module = sys.modules.get(name) if isinstance(name, str) else None
        if (module is None or not code.co_filename.startswith(_PACKAGE)
                or getattr(module, "__file__", None) != code.co_filename):
            return False
        if name not in _OWN_CODES:
            _OWN_CODES[name] = _module_codes(module)
        return id(code) in _OWN_CODES[name]

    def written(self, code: types.CodeType) -> bool:
        """Whether `code` was written by someone: its source can be read (a notebook cell, a file of the student's)
        and is not the library's. Code from `exec` of a string, or compiled from a library file, was not."""
        return code.co_filename not in self.library_files and bool(linecache.getlines(code.co_filename))

    def code(self, code: types.CodeType) -> str | None:
        """The forbidden function `code` is a copy of, or None: by its bytecode, and for a whole function someone
        wrote also by its syntax tree."""
        if not self.exact:
            return None
        if not self.written(code):
            digest = code_fingerprint(code)[0]
            return self.codes.get(digest) or self.exact.get(digest)
        if code.co_name.startswith("<"):  # a comprehension, a lambda: a part, written by the student
            return None
        # A function nested in the student's may be a part of the library's (the inner search of IDA*, which a chapter
        # scaffolds) but not one of its whole functions, pasted inside
        label = self.whole.get(code_fingerprint(code)[0])
        if label is None and self.sources:
            printed = source_fingerprint(code)
            label = self.sources.get(printed[0]) if printed is not None else None
        return label

    def function(self, function) -> str | None:
        """The forbidden function `function` is a copy of, by its bytecode or by the syntax tree of its source."""
        function = _function_of(function)
        if function is None or not (self.exact or self.sources):
            return None
        code = function.__code__
        if self.canonical(code, getattr(function, "__globals__", {})):
            return None
        digest = code_fingerprint(code)[0]
        label = self.whole.get(digest) if self.written(code) else self.codes.get(digest) or self.exact.get(digest)
        if label is None and self.sources:
            printed = source_fingerprint(function)
            label = self.sources.get(printed[0]) if printed is not None else None
        return label


def _helpers(function, depth: int = 2) -> list:
    """The functions of `function`'s own module that it calls (by name), and theirs, `depth` levels down."""
    found, codes, namespace = [], [function.__code__], function.__globals__
    while codes:
        code = codes.pop()
        codes.extend(constant for constant in code.co_consts if isinstance(constant, types.CodeType))
        for name in code.co_names:
            helper = namespace.get(name)
            if (isinstance(helper, types.FunctionType) and helper is not function and helper.__globals__ is namespace
                    and helper not in found):
                found.append(helper)
    if depth > 1:
        found += [deeper for helper in list(found) for deeper in _helpers(helper, depth - 1)
                  if deeper is not function and deeper not in found]
    return found


def _module_codes(module: types.ModuleType) -> dict[int, types.CodeType]:
    """Every code object of `module`'s functions, classes' methods and what they nest, by id."""
    codes: dict[int, types.CodeType] = {}

    def add(code: types.CodeType) -> None:
        codes[id(code)] = code
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                add(constant)

    def visit(item, depth: int = 0) -> None:
        function = _function_of(item)
        if function is not None and getattr(function, "__module__", None) == module.__name__:
            add(function.__code__)
        elif isinstance(item, type) and item.__module__ == module.__name__ and depth < 3:
            for member in vars(item).values():
                visit(member, depth + 1)

    for item in list(vars(module).values()):
        visit(item)
    return codes


def _module_prints(path: str, name: str) -> tuple[dict, dict, dict, dict]:
    """The digests of the module file at `path`: of all its code, of its whole functions and methods by bytecode, by
    syntax tree, and by bytecode whatever their size (cached by file and modification time)."""
    key = (path, os.stat(path).st_mtime_ns)
    if key not in _MODULES:
        with open(path, encoding="utf-8") as file:
            source = file.read()
        codes, whole, sources, exact = {}, {}, {}, {}
        _add_module_codes(compile(source, path, "exec", dont_inherit=True), name, None, codes, whole, exact)
        tree = parse(source)
        for node in tree.body + [item for top in tree.body if isinstance(top, ast.ClassDef) for item in top.body]:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                digest, size = _tree_fingerprint(node)
                if size >= MIN_NODES:
                    sources.setdefault(digest, f"{node.name} (from {name})")
        _MODULES[key] = (codes, whole, sources, exact)
    return _MODULES[key]


def _add_module_codes(code, name: str, outer: str | None, codes: dict, whole: dict, exact: dict) -> None:
    """Add the digest of each code object nested in `code`, named by the function (or method) it belongs to (a
    whole function's to `whole` if it is big enough to be called a copy when someone wrote it, to `exact` whatever
    its size)."""
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            label = None if _is_class_body(constant) else outer or f"{constant.co_qualname} (from {name})"
            if label is not None:
                digest, size = code_fingerprint(constant)
                if size >= MIN_INSTRUCTIONS:
                    codes.setdefault(digest, label)
                    if outer is None:
                        whole.setdefault(digest, label)
                if outer is None:
                    exact.setdefault(digest, label)
            _add_module_codes(constant, name, label, codes, whole, exact)


def _is_class_body(code) -> bool:
    return not code.co_flags & inspect.CO_OPTIMIZED  # a class body runs as a block without fast locals


def _function_of(item):
    """The plain function behind a function, method, staticmethod, classmethod or functools.wraps wrapper, or None."""
    if isinstance(item, (staticmethod, classmethod)):
        item = item.__func__
    if isinstance(item, property):
        item = item.fget
    try:
        item = inspect.unwrap(item)
    except ValueError:
        return None
    item = getattr(item, "__func__", item)
    return item if isinstance(getattr(item, "__code__", None), types.CodeType) else None


def library_twin(function, forbidden: Iterable) -> str | None:
    """The name of the forbidden library function that `function` is a copy of, or None.

    `forbidden` holds functions, classes (their methods) and modules (their functions, in a package also its
    submodules'). A copy made by `exec` of the source, by `types.FunctionType(f.__code__, ...)`, or by loading the
    module's file again is seen by its bytecode; a copy pasted with new names by its syntax tree.

    Examples
    --------
    >>> import textwrap
    >>> clone = types.FunctionType(textwrap.indent.__code__, {})
    >>> library_twin(clone, [textwrap.indent])
    'indent'
    >>> library_twin(textwrap.dedent, [textwrap.indent]) is None
    True
    """
    return Twins(forbidden).function(function)

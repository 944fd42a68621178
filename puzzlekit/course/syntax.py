"""`parse`: `ast.parse` for code that grades several notebooks at once, in threads of one process; `python_source`
and `parse_cell` read a notebook cell, IPython's syntax and all.

CPython 3.11 before 3.11.9 and 3.12 before 3.12.1 keep one recursion count for turning a parse into Python objects,
so two threads parsing at once can fail with "SystemError: AST constructor recursion depth mismatch" (gh-106905):
`course.py grade --jobs 2` stopped grading a reference solution on it. Here parses take turns.
"""

from __future__ import annotations

import ast
import threading

__all__: list[str] = []

_TURN = threading.Lock()


def parse(source: str, *args, **kwargs) -> ast.Module:
    """`ast.parse(source, ...)`, one thread at a time.

    >>> type(parse("x = 1").body[0]).__name__
    'Assign'
    """
    with _TURN:
        return ast.parse(source, *args, **kwargs)


def python_source(source: str) -> str:
    """A cell's source as Python: IPython's syntax (`%magic`, `!command`, `x?`) turned into calls; as it is if
    IPython refuses it.

    >>> python_source("%matplotlib inline")
    "get_ipython().run_line_magic('matplotlib', 'inline')\\n"
    """
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        return TransformerManager().transform_cell(source)
    except Exception:  # noqa: BLE001 - IPython refuses the cell: read as it is, it says its own syntax error
        return source


def parse_cell(source: str) -> ast.Module | None:
    """The syntax tree of a cell (IPython's syntax turned into Python first if it needs it), or None if it has none."""
    try:
        return parse(source)
    except SyntaxError:
        pass
    try:
        return parse(python_source(source))
    except SyntaxError:
        return None

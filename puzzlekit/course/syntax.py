"""`parse`: `ast.parse` for code that grades several notebooks at once, in threads of one process.

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

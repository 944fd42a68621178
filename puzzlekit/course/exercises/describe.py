"""Short, stable text for the feedback of `check`: values described on one line, and whether an exercise is written."""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from collections.abc import Callable

from ...checks import check_int, short_repr

__all__ = ["describe", "cut", "plural", "not_done"]


def describe(value, limit: int = 60) -> str:
    """A short repr of `value` that is the same on every run: functions by name, sets sorted, no memory addresses.

    Examples
    --------
    >>> describe({"r", "u", "l"})
    "{'l', 'r', 'u'}"
    >>> describe(len), describe(lambda board: 0)
    ('len', '<lambda>')
    >>> describe(list(range(1000)), 30)
    '[0, 1, 2, 3, 4, 5, 6, 7, ...>'
    """
    limit = check_int(limit, "limit", minimum=10)
    if callable(value) and hasattr(value, "__name__") and not isinstance(value, type):
        return value.__name__
    if isinstance(value, (set, frozenset)):
        try:
            items = ", ".join(repr(item) for item in sorted(value))
            text = f"{{{items}}}" if isinstance(value, set) else f"frozenset({{{items}}})"
        except TypeError:  # items that do not sort: keep Python's order
            text = repr(value)
        text = text if value else repr(value)
    else:
        text = short_repr(value, limit=10 * limit)  # bounds the work of the substitutions below
    text = re.sub(r"\s+", " ", re.sub(r" at 0x[0-9a-fA-F]+", "", text))  # one line, no address
    return short_repr(_Raw(text), limit)


class _Raw(str):
    """A string whose repr is itself, so `short_repr` cuts text that is already a repr."""

    def __repr__(self) -> str:
        return str(self)


def not_done(function: Callable) -> str | None:
    """Why `function` is not written yet (it still has a `...` statement), or None if it looks written.

    A stub made from `### BEGIN SOLUTION` ... `### END SOLUTION` with a `### STUB:` line reads `...` where
    the student's code goes; `...` as a numpy index (`q[..., 0]`) does not count.

    Examples
    --------
    >>> def blank_row(board):
    ...     ...
    >>> not_done(blank_row)
    'blank_row still has `...` where your code goes'
    >>> not_done(len) is None
    True
    """
    name = getattr(function, "__name__", "")
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):  # built-ins; a lambda in the middle of an expression
        return None
    definition = next((node for node in ast.walk(tree)
                       if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name), None)
    if definition is None:
        return None
    indexes = set()  # `...` inside q[..., 0] is numpy's index, not a stub
    for node in ast.walk(definition):
        if isinstance(node, ast.Subscript):
            parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            indexes.update(id(part) for part in parts)
    for node in ast.walk(definition):
        if isinstance(node, ast.Constant) and node.value is Ellipsis and id(node) not in indexes:
            return f"{name} still has `...` where your code goes"
    return None


def cut(text, limit: int = 60) -> str:
    """`str(text)` on one line, cut to `limit` characters (an error's message, say).

    Examples
    --------
    >>> cut(ValueError("board has 8 cells; a square board needs 4, 9, 16, ..."), 30)
    'board has 8 cells; a squa ...>'
    """
    return short_repr(_Raw(re.sub(r"\s+", " ", str(text))), limit)


def plural(count: int, word: str) -> str:
    """`count` and `word`, with an s (or y -> ies) unless `count` is 1.

    Examples
    --------
    >>> plural(1, "case"), plural(12, "case"), plural(12, "entry")
    ('1 case', '12 cases', '12 entries')
    """
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"

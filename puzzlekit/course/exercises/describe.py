"""Short, stable text for the feedback of `check`: values described on one line, and whether an exercise is written."""

from __future__ import annotations

import ast
import inspect
import numbers
import re
import sys
import textwrap
from collections.abc import Callable

from ...checks import check_int, short_repr
from ..syntax import parse

__all__ = ["describe", "cut", "not_done", "left_to_write"]


def describe(value, limit: int = 60) -> str:
    """A short repr of `value` that is the same on every run: functions by name, sets sorted, no memory addresses,
    floats to 12 significant digits, long containers cut after a whole entry, big arrays by their shape.

    Examples
    --------
    >>> describe({"r", "u", "l"}), describe(len), describe(lambda board: 0)
    ("{'l', 'r', 'u'}", 'len', '<lambda>')
    >>> describe(list(range(1000)), 30)
    '[0, 1, 2, ...] (1,000 items)'
    >>> describe({(1, 2, 3, 0): 0.5, (1, 2, 0, 3): 1.0, (1, 0, 3, 2): 2.0}, 40)
    '{(1, 2, 3, 0): 0.5, ...} (3 entries)'
    >>> describe({(1, 2, 3, 0): 0.22499999999999998, (1, 2, 0, 3): 1.0, (1, 0, 3, 2): 2.0}, 60)
    '{(1, 2, 3, 0): 0.225, (1, 2, 0, 3): 1.0, (1, 0, 3, 2): 2.0}'
    """
    limit = check_int(limit, "limit", minimum=10)
    if callable(value) and hasattr(value, "__name__") and not isinstance(value, type):
        return value.__name__
    return cut(re.sub(r" at 0x[0-9a-fA-F]+", "", _text(value, limit)), limit)  # no memory address


def _text(value, limit: int) -> str:
    """The repr of `value` with floats rounded, sets sorted and long containers cut after a whole entry."""
    if isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral):
        text = f"{float(value):.12g}"  # no rounding noise: 0.22499999999999998 reads 0.225
        return text if any(mark in text for mark in ".eafn") else text + ".0"  # 3.0, 1e-13, inf, nan
    if isinstance(value, numbers.Integral):
        return repr(value) if type(value) in (bool, int) else repr(int(value))
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.ndarray):
        if value.size > 12 or value.ndim > 2:
            return f"array of shape {value.shape} ({value.dtype})"
        return f"array({_text(value.tolist(), max(limit - 7, 10))})"
    if isinstance(value, dict) and type(value) is dict:
        return _entries(list(value.items()), "{", "}", len(value), "entry", limit)
    if type(value) in (list, tuple):
        end = ",)" if type(value) is tuple and len(value) == 1 else (")" if type(value) is tuple else "]")
        return _entries(value, "(" if type(value) is tuple else "[", end, len(value), "item", limit)
    if isinstance(value, (set, frozenset)):
        if not value:
            return repr(value)
        try:
            items = sorted(value)
        except TypeError:  # items that do not sort: keep Python's order
            items = list(value)
        text = _entries(items, "{", "}", len(value), "item", limit - (11 if isinstance(value, frozenset) else 0))
        return text if isinstance(value, set) else f"frozenset({text})"
    return short_repr(value, limit=10 * limit)  # bounds the work of the substitutions in describe


def _entries(items, opening: str, closing: str, count: int, unit: str, limit: int) -> str:
    """`opening` + the entries that fit in `limit`, each whole, + `closing`; then `...` and how many, if cut."""
    texts = []
    for item in items:
        texts.append(f"{_text(item[0], limit)}: {_text(item[1], limit)}" if unit == "entry" else _text(item, limit))
        if len(opening + ", ".join(texts) + closing) > limit:
            break
    else:  # every entry fits
        return opening + ", ".join(texts) + closing
    suffix = f" ({count:,} {plural(count, unit).split(' ', 1)[1]})"
    while texts and len(opening + ", ".join(texts + ["..."]) + closing + suffix) > limit:
        texts.pop()
    return opening + ", ".join(texts + ["..."]) + closing + suffix


def not_done(function: Callable) -> str | None:
    """Why `function` is not written yet (a stub made from `### BEGIN SOLUTION` ... `### END SOLUTION` reads `...`
    where the student's code goes), or None if it looks written.

    Examples
    --------
    >>> def blank_row(board):
    ...     ...
    >>> not_done(blank_row), not_done(len)
    ('blank_row still has `...` where your code goes', None)
    """
    try:
        tree = parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):  # built-ins; a lambda in the middle of an expression
        return None
    definition = next((node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                       and node.name == getattr(function, "__name__", "")), None)
    return left_to_write(definition) if definition else None


def left_to_write(definition: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """Why a function's syntax tree is not written yet (a `...` where code goes, not numpy's in `q[..., 0]`), or
    None: the one wording for `check` and the grader."""
    indexes = {id(part) for node in ast.walk(definition) if isinstance(node, ast.Subscript)
               for part in (node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice])}
    written = not any(isinstance(node, ast.Constant) and node.value is Ellipsis and id(node) not in indexes
                      for node in ast.walk(definition))
    return None if written else f"{definition.name} still has `...` where your code goes"


def cut(text, limit: int = 60) -> str:
    """`str(text)` on one line, cut to `limit` characters at a space (never inside a number or a word) and marked
    ` ...>`: an error's message, say.

    Examples
    --------
    >>> cut(ValueError("board has 8 cells; a square board needs 4, 9, 16, ..."), 30)
    'board has 8 cells; a ...>'
    """
    text = re.sub(r"\s+", " ", str(text))
    if len(text) <= limit:
        return text
    kept = text[: limit - 4]
    kept = kept[: kept.rfind(" ")] if kept.rfind(" ") >= limit // 2 else kept
    return kept.rstrip(",:;") + " ...>"


def plural(count: int, word: str) -> str:
    """`count` and `word`, with an s (or y -> ies) unless `count` is 1."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"

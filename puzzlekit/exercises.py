"""Automatic feedback for the chapters' exercises: `check` runs the reader's function on cases.

An exercise that is not written yet (it raises NotImplementedError, or still has `...` where the code goes)
gets a "not done yet" line instead of an error, so a student notebook runs top to bottom.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import textwrap
from collections.abc import Callable, Iterable

from .checks import check_callable, check_int, short_repr

__all__ = ["check", "attempt", "not_done", "describe", "RAISE_VARIABLE"]

#: Set this environment variable to 1 (for example where nbgrader autogrades) and a failing `check` raises
#: AssertionError after printing, so that a test cell fails; a student's notebook never sets it.
RAISE_VARIABLE = "PUZZLEKIT_CHECK_RAISES"


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


def _unwritten(error: NotImplementedError, name: str) -> str:
    """Why a call raised NotImplementedError, naming the function that raised it (`name` if none can be told)."""
    traceback = error.__traceback__
    while traceback is not None and traceback.tb_next is not None:
        traceback = traceback.tb_next
    raiser = traceback.tb_frame.f_code.co_name if traceback is not None else name
    raiser = name if raiser.startswith("<") else raiser
    return f"{raiser} raises NotImplementedError" + (f" ({error})" if str(error) else "")


_AGAIN = "write it, then run this cell again"


def check(function: Callable, cases: Iterable[tuple], *, show: int = 1) -> bool:
    """Run `function` on each case and print what is wrong, or that every case passes.

    Each case is `(arguments, expected)`: `arguments` is a tuple of positional arguments
    (a single argument that is itself a tuple must be wrapped: `((board,), expected)`), and
    `expected` is the value to return or an exception class the call should raise.
    `show` is how many failing cases to print. Returns True when every case passes.
    A function not written yet prints "not done yet" and returns False; it never stops the notebook.
    Arguments and results are printed short (see `describe`), so a big board list never floods the page.

    Examples
    --------
    >>> def double(x):
    ...     return 2 * x
    >>> check(double, [((1,), 2), ((5,), 10)])
    ✓ double passes all 2 cases
    True
    >>> check(double, [((1,), 2), ((5,), 11)])
    ✗ double(5) returned 10, expected 11
    1 of 2 cases failed
    False
    >>> def unwritten(x):
    ...     raise NotImplementedError
    >>> check(unwritten, [((1,), 2)])
    ✗ not done yet: unwritten raises NotImplementedError; write it, then run this cell again
    False
    """
    check_callable(function, "function")
    show = check_int(show, "show", minimum=0)
    if isinstance(cases, (str, bytes)) or not isinstance(cases, Iterable):
        raise TypeError(f"cases must be a list of (arguments, expected) pairs, got {describe(cases)}")
    cases = list(cases)
    for case in cases:
        if not (isinstance(case, tuple) and len(case) == 2):
            raise TypeError(f"each case must be a pair (arguments, expected), got {describe(case)}")
    name = getattr(function, "__name__", describe(function))
    unfinished = not_done(function)
    if unfinished:
        return _report([f"✗ not done yet: {unfinished}; {_AGAIN}"], None)
    failures = []
    for arguments, expected in cases:
        if not isinstance(arguments, tuple):
            arguments = (arguments,)
        call = f"{name}({', '.join(describe(a) for a in arguments)})"
        raises = isinstance(expected, type) and issubclass(expected, BaseException)
        try:
            result = function(*arguments)
        except NotImplementedError as error:
            if raises and issubclass(NotImplementedError, expected):
                continue
            return _report([f"✗ not done yet: {_unwritten(error, name)}; {_AGAIN}"], None)
        except Exception as error:  # the reader's code may raise anything; report it, don't crash
            if raises and isinstance(error, expected):
                continue
            failures.append(f"✗ {call} raised {type(error).__name__}: {short_repr(_Raw(error), 200)}")
            continue
        if result is Ellipsis:
            return _report([f"✗ not done yet: {name} returned `...`; {_AGAIN}"], None)
        if raises:
            failures.append(f"✗ {call} returned {describe(result)}, expected it to raise {expected.__name__}")
        elif not _equal(result, expected):
            hint = " (a function without `return` returns None)" if result is None else _difference(result, expected)
            failures.append(f"✗ {call} returned {describe(result)}, expected {describe(expected)}{hint}")
    if not failures:
        print(f"✓ {name} passes all {len(cases)} cases")
        return True
    return _report(failures[:show], f"{len(failures)} of {len(cases)} cases failed")


def _report(lines: list[str], summary: str | None) -> bool:
    """Print the failure lines (and summary); raise AssertionError too if RAISE_VARIABLE is set."""
    for line in lines + ([summary] if summary else []):
        print(line)
    if os.environ.get(RAISE_VARIABLE, "") not in ("", "0"):
        raise AssertionError(summary or lines[0])
    return False


def _difference(result, expected) -> str:
    """Where two sequences first differ, when their reprs may be cut too short to see it."""
    if not (isinstance(result, (list, tuple)) and isinstance(expected, (list, tuple))):
        return ""
    if len(result) != len(expected):
        return f" ({len(result)} items, expected {len(expected)})"
    for index, (got, wanted) in enumerate(zip(result, expected)):
        if not _equal(got, wanted):
            return f" (first difference at index {index}: {describe(got, 30)}, expected {describe(wanted, 30)})"
    return ""


def attempt(function: Callable, *arguments, fallback: Callable | None = None, **options):
    """`function(*arguments, **options)`, or, if it is not written yet, a "not done yet" line and `fallback`'s answer.

    For a chapter cell that uses a student's function after its exercise: the notebook goes on with the
    library's function (`fallback`) or with None instead of stopping. Other errors are raised as usual.

    Examples
    --------
    >>> def my_double(x):
    ...     raise NotImplementedError
    >>> attempt(my_double, 4, fallback=lambda x: x + x)
    ✗ not done yet: my_double raises NotImplementedError; using <lambda> instead
    8
    >>> attempt(abs, -3)
    3
    """
    check_callable(function, "function")
    if fallback is not None:
        check_callable(fallback, "fallback")
    instead = f"using {describe(fallback)} instead" if fallback is not None else "skipped"
    unfinished = not_done(function)
    if unfinished is None:
        try:
            result = function(*arguments, **options)
        except NotImplementedError as error:
            unfinished = _unwritten(error, getattr(function, "__name__", describe(function)))
        else:
            if result is not Ellipsis:
                return result
            unfinished = f"{getattr(function, '__name__', describe(function))} returned `...`"
    print(f"✗ not done yet: {unfinished}; {instead}")
    return None if fallback is None else fallback(*arguments, **options)


def _equal(result, expected) -> bool:
    """`result == expected` as a plain bool (a numpy array compared to a tuple is not equal)."""
    try:
        return bool(result == expected)
    except (TypeError, ValueError):
        return False

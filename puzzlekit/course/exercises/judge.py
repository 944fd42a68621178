"""One case's verdict, the same wherever it is decided: in the student's notebook (`check`) and in the grading
process (`puzzlekit.course.grader`), which gets what the call did from a worker as data.

`judge` decides, in this order: an exercise not written yet (NotImplementedError, `...` returned), an argument the
answer changed and should not have, an exception raised (expected or not), a value returned where an exception was
expected, a matcher's verdict, and the first difference from the expected value.
"""

from __future__ import annotations

from .compare import Matcher, difference, is_matcher, verdict
from .describe import cut, describe

__all__ = []


def _error_parts(error) -> tuple[str, str, object]:
    """(type name, message, is_a) of an exception, or of a `Raised` (an exception raised in a grading worker, told
    by its type's name, its classes and its message)."""
    if isinstance(error, BaseException):
        return type(error).__name__, cut(error, 200), lambda kind: isinstance(error, kind)
    return error.name, cut(error.message, 200), error.is_a


def judge(call: str, name: str, result, expected, *, error=None, changed: str | None = None,
          unwritten: str | None = None) -> tuple[str, str] | None:
    """The verdict on one case: None if it passes, ("undone", why) if the exercise is not written yet (the caller
    says so and stops), ("fail", line) if the case fails.

    `call` is how the call reads in the feedback ("f(1, 2)"), `name` the function's name; `result` is what the call
    returned, `error` what it raised instead (an exception, or a `Raised` from a grading worker); `changed` says
    which argument the call changed that it should not have (None: none); `unwritten` says who raised
    NotImplementedError (default: `name`).

    Examples
    --------
    >>> judge("f(2)", "f", 4, 4) is None
    True
    >>> judge("f(2)", "f", 5, 4)
    ('fail', '✗ f(2) returned 5, expected 4')
    >>> judge("f(2)", "f", None, 4, error=NotImplementedError())
    ('undone', 'f raises NotImplementedError')
    >>> judge("f(0)", "f", None, ValueError, error=ValueError("zero")) is None
    True
    >>> judge("f(2)", "f", ..., 4)
    ('undone', 'f returned `...`')
    """
    raises = isinstance(expected, type) and issubclass(expected, BaseException)
    if error is not None:
        error_name, message, is_a = _error_parts(error)
        if is_a(NotImplementedError) and not (raises and is_a(expected)):
            return "undone", unwritten or f"{name} raises NotImplementedError"
    if changed is not None:
        return "fail", f"✗ {call} {changed}"
    if error is not None:
        if raises and is_a(expected):
            return None
        return "fail", f"✗ {call} raised {error_name}: {message}"
    if result is Ellipsis:
        return "undone", f"{name} returned `...`"
    if raises:
        return "fail", f"✗ {call} returned {describe(result)}, expected it to raise {expected.__name__}"
    if is_matcher(expected):  # a Matcher completes "returned ...", another matcher says a whole sentence
        why = expected.mismatch(result)
        if why is None:
            return None
        return "fail", f"✗ {call} returned {why}" if isinstance(expected, Matcher) else f"✗ {call}: {why}"
    where = difference(result, expected)
    if where is None:
        return None
    hint = " (a function without `return` returns None)" if result is None else ""
    return "fail", f"✗ {call} returned {verdict(result, expected, where)}{hint}"

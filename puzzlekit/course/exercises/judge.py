"""One case's verdict, the same wherever it is decided: in the student's notebook (`check`) and in the grading
process (`puzzlekit.course.grader`), which gets what the call did from a worker as data."""

from __future__ import annotations

from .compare import Matcher, is_matcher, verdict
from .describe import cut, describe

__all__ = []


def judge(call: str, name: str, result, expected, *, error=None, changed: str | None = None,
          unwritten: str | None = None) -> tuple[str, str] | None:
    """The verdict on one case: None if it passes, ("undone", why) if the exercise is not written yet (the caller
    says so and stops), ("fail", line) if the case fails.

    `call` is how the call reads ("f(1, 2)"); `error` is what it raised instead of returning `result` (an exception,
    or a grading worker's `Raised`); `changed` how it changed an argument it should have left alone; `unwritten`
    who raised NotImplementedError (default: `name`).

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
    if isinstance(error, BaseException):
        error_name, message, is_a = type(error).__name__, cut(error, 200), lambda kind: isinstance(error, kind)
    elif error is not None:  # a `Raised`
        error_name, message, is_a = error.name, cut(error.message, 200), error.is_a
    if error is not None and is_a(NotImplementedError) and not (raises and is_a(expected)):
        return "undone", unwritten or f"{name} raises NotImplementedError"
    if changed is not None:
        return "fail", f"✗ {call} {changed}"
    if error is not None:
        return None if raises and is_a(expected) else ("fail", f"✗ {call} raised {error_name}: {message}")
    if result is Ellipsis:
        return "undone", f"{name} returned `...`"
    if raises:
        return "fail", f"✗ {call} returned {describe(result)}, expected it to raise {expected.__name__}"
    sentence = is_matcher(expected) and not isinstance(expected, Matcher)  # its mismatch says a whole sentence
    why = expected.mismatch(result) if sentence else verdict(result, expected)
    hint = " (a function without `return` returns None)" if result is None and not is_matcher(expected) else ""
    return None if why is None else ("fail", f"✗ {call}: {why}" if sentence else f"✗ {call} returned {why}{hint}")

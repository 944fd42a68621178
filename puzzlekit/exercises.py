"""Automatic feedback for the chapters' exercises: `check` runs the reader's function on cases."""

from __future__ import annotations

from collections.abc import Callable, Iterable

__all__ = ["check"]


def check(function: Callable, cases: Iterable[tuple], *, show: int = 1) -> bool:
    """Run `function` on each case and print what is wrong, or that every case passes.

    Each case is `(arguments, expected)`: `arguments` is a tuple of positional arguments
    (a single argument that is itself a tuple must be wrapped: `((board,), expected)`), and
    `expected` is the value to return or an exception class the call should raise.
    `show` is how many failing cases to print. Returns True when every case passes.

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
    ✗ unwritten is not written yet: replace `raise NotImplementedError` with your code
    False
    """
    cases = list(cases)
    name = getattr(function, "__name__", repr(function))
    failures = []
    for arguments, expected in cases:
        if not isinstance(arguments, tuple):
            arguments = (arguments,)
        call = f"{name}({', '.join(repr(a) for a in arguments)})"
        raises = isinstance(expected, type) and issubclass(expected, BaseException)
        try:
            result = function(*arguments)
        except NotImplementedError:
            print(f"✗ {name} is not written yet: replace `raise NotImplementedError` with your code")
            return False
        except Exception as error:  # the reader's code may raise anything; report it, don't crash
            if raises and isinstance(error, expected):
                continue
            failures.append(f"✗ {call} raised {type(error).__name__}: {error}")
            continue
        if raises:
            failures.append(f"✗ {call} returned {result!r}, expected it to raise {expected.__name__}")
        elif not _equal(result, expected):
            failures.append(f"✗ {call} returned {result!r}, expected {expected!r}")
    if not failures:
        print(f"✓ {name} passes all {len(cases)} cases")
        return True
    for line in failures[:show]:
        print(line)
    print(f"{len(failures)} of {len(cases)} cases failed")
    return False


def _equal(result, expected) -> bool:
    """`result == expected` as a plain bool (a numpy array compared to a tuple is not equal)."""
    try:
        return bool(result == expected)
    except (TypeError, ValueError):
        return False

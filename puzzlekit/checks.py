"""Checks on the arguments every module takes: whole numbers, real numbers, callbacks, random seeds.

One rule everywhere: a value of the wrong kind raises `TypeError`, a value of the right kind
out of range raises `ValueError`, and both messages name the argument and what it must be.
"""

from __future__ import annotations

import math
import numbers
import random

__all__ = []


def check_int(value, name: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """`value` as a Python int, after checking that it is a whole number (not a bool, not a float) in range.

    Examples
    --------
    >>> check_int(3, "size", minimum=2)
    3
    >>> check_int(2.0, "size")
    Traceback (most recent call last):
    ...
    TypeError: size must be an int, got 2.0 (float)
    >>> check_int(1, "size", minimum=2)
    Traceback (most recent call last):
    ...
    ValueError: size must be 2 or more, got 1
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {short_repr(value)} ({type(value).__name__})")
    value = int(value)
    low, high = minimum is not None and value < minimum, maximum is not None and value > maximum
    if low or high:
        bound = (f"from {minimum} to {maximum}" if minimum is not None and maximum is not None
                 else f"{minimum} or more" if low else f"{maximum} or less")
        raise ValueError(f"{name} must be {bound}, got {value}")
    return value


def check_real(
    value,
    name: str,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
    above: float | None = None,
    below: float | None = None,
    finite: bool = True,
) -> float:
    """`value` as a float, after checking that it is a real number (not a bool), finite unless told, in range.

    `minimum`/`maximum` are inclusive bounds; `above`/`below` exclusive ones.

    Examples
    --------
    >>> check_real(0.5, "alpha", above=0, maximum=1)
    0.5
    >>> check_real(float("nan"), "alpha")
    Traceback (most recent call last):
    ...
    ValueError: alpha must be a finite number, got nan
    >>> check_real(0, "alpha", above=0, maximum=1)
    Traceback (most recent call last):
    ...
    ValueError: alpha must be more than 0, got 0.0
    """
    check_bool(finite, "finite")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {short_repr(value)} ({type(value).__name__})")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf if value > 0 else -math.inf
    if math.isnan(number) or (finite and math.isinf(number)):
        raise ValueError(f"{name} must be a finite number, got {short_repr(value)}")
    for bound, holds, words in (
        (minimum, lambda b: number >= b, "{} or more"),
        (maximum, lambda b: number <= b, "{} or less"),
        (above, lambda b: number > b, "more than {}"),
        (below, lambda b: number < b, "less than {}"),
    ):
        if bound is not None and not holds(bound):
            raise ValueError(f"{name} must be {words.format(bound)}, got {number!r}")
    return number


def check_bool(value, name: str) -> bool:
    """`value` itself, after checking that it is True or False (a string such as 'no' would count as True).

    Examples
    --------
    >>> check_bool(False, "reopen")
    False
    >>> check_bool("no", "reopen")
    Traceback (most recent call last):
    ...
    TypeError: reopen must be True or False, got 'no'
    """
    if value is not True and value is not False:
        raise TypeError(f"{name} must be True or False, got {short_repr(value)}")
    return value


def check_callable(value, name: str):
    """`value` itself, after checking that it can be called.

    Examples
    --------
    >>> check_callable(print, "on_event") is print
    True
    >>> check_callable(3, "on_event")
    Traceback (most recent call last):
    ...
    TypeError: on_event must be a function (callable), got 3 (int)
    """
    if not callable(value):
        raise TypeError(f"{name} must be a function (callable), got {short_repr(value)} ({type(value).__name__})")
    return value


def check_choice(value, name: str, choices) -> object:
    """`value` itself, after checking that it is one of `choices` (hashable or not, it never raises another error).

    Examples
    --------
    >>> check_choice("astar", "method", ("astar", "greedy"))
    'astar'
    >>> check_choice(["astar"], "method", ("astar", "greedy"))
    Traceback (most recent call last):
    ...
    ValueError: method must be one of 'astar', 'greedy'; got ['astar'] (list)
    """
    if isinstance(value, str) and value in choices:
        return value
    if not isinstance(value, str) and any(value is choice for choice in choices):
        return value
    names = ", ".join(repr(choice) for choice in choices)
    raise ValueError(f"{name} must be one of {names}; got {short_repr(value)} ({type(value).__name__})")


def check_type(value, name: str, types, expected: str):
    """`value` itself, after checking that it is an instance of `types`; TypeError saying what `name` must be.

    Examples
    --------
    >>> check_type("first", "name", str, "a level's name (a str)")
    'first'
    >>> check_type(3, "name", str, "a level's name (a str)")
    Traceback (most recent call last):
    ...
    TypeError: name must be a level's name (a str), got 3 (int)
    """
    if not isinstance(value, types):
        raise TypeError(f"{name} must be {expected}, got {short_repr(value)} ({type(value).__name__})")
    return value


def check_collection(value, name: str, expected: str, *, sized: bool = False, dicts: bool = True):
    """`value` itself, after checking that it holds items to go through: not a str or bytes (nor a dict unless
    `dicts`), not a single number (a 0-d array), and iterable (with a length when `sized`).

    Examples
    --------
    >>> check_collection([(1, 2, 3, 0)], "boards", "a list of boards")
    [(1, 2, 3, 0)]
    >>> check_collection("1230", "boards", "a list of boards")
    Traceback (most recent call last):
    ...
    TypeError: boards must be a list of boards, got '1230' (str)
    """
    refused = (str, bytes) if dicts else (str, bytes, dict)
    if (isinstance(value, refused) or not hasattr(value, "__len__" if sized else "__iter__")
            or getattr(value, "ndim", 1) == 0):
        raise TypeError(f"{name} must be {expected}, got {short_repr(value)} ({type(value).__name__})")
    return value


def make_rng(seed) -> random.Random:
    """A `random.Random` from an int seed, None, a `random.Random` (used as it is) or a numpy Generator.

    Examples
    --------
    >>> make_rng(7).random() == make_rng(7).random()
    True
    >>> make_rng("7")
    Traceback (most recent call last):
    ...
    TypeError: seed must be an int, None, random.Random or numpy Generator, got '7' (str)
    """
    if seed is None or (isinstance(seed, numbers.Integral) and not isinstance(seed, bool)):
        return random.Random(None if seed is None else int(seed))
    if isinstance(seed, random.Random):
        return seed
    if type(seed).__name__ == "Generator" and hasattr(seed, "integers"):  # numpy.random.Generator
        return random.Random(int(seed.integers(2**63)))
    raise TypeError(
        f"seed must be an int, None, random.Random or numpy Generator, got {short_repr(seed)} ({type(seed).__name__})"
    )


def short_repr(value, limit: int = 60) -> str:
    """The repr of `value`, cut to `limit` characters so that a huge argument never floods a message.

    Examples
    --------
    >>> short_repr(list(range(100)), 20)
    '[0, 1, 2, 3, 4, ...>'
    >>> short_repr(-10**400)
    '-1000000000... (an int of 401 digits)'
    """
    limit = check_int(limit, "limit", minimum=5)
    if isinstance(value, int) and not isinstance(value, bool) and not -10**limit < value < 10**limit:
        digits = len(str(abs(value)))  # (a number too long to read: its first digits and its length)
        return f"{str(value)[: 11 if value < 0 else 10]}... (an int of {digits} digits)"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 5] + " ...>"

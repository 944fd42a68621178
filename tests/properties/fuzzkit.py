"""The rules of the property suite: what counts as a clear error, and the count of calls made.

Every generated call goes through `attempt`, which insists that it either returned or raised
ValueError/TypeError with a message written for a person. Nothing is timed: the generated calls are
kept small by their own limits (`max_expanded`, a few episodes, small boards; see
`fuzz_registry._bound_the_work`), so the suite passes the same on a loaded machine.
"""

from __future__ import annotations

import collections
import contextlib
import io
import json
import os
import re

from hypothesis import HealthCheck, Phase, settings

__all__ = ["attempt", "calls", "unclear", "fuzz_settings", "internal_message", "MINIMUM_CALLS", "RUNTIME_ERRORS"]

MINIMUM_CALLS = 10_000  # generated calls a full run of the suite must make
calls: collections.Counter = collections.Counter()  # what was called -> how many generated calls
failed: set = set()  # what was called and failed a check
# Each kind of unclear message met, "function: why" -> the call and its message, listed at the end of the run
# (tests/conftest.py) beside the test that failed on it.
unclear: dict = {}

# The only calls that may answer with RuntimeError, and why: a valid call that cannot finish, as documented.
# Everywhere else (and on any call with a garbage argument) the answer to bad input is ValueError/TypeError.
_STOPPED = "a limit (max_expanded, max_seconds) stopped the search short of the goal: a valid call that cannot finish"
RUNTIME_ERRORS = {
    "solve": _STOPPED + " (documented under Raises)",
    "SokobondGame.plan": _STOPPED + ", as solve",
    "SokobondGame.hint": _STOPPED + ", as solve",
    "QLearning.test": "the original game's interface: test() before train() has no table to test",
    "QLearning.save": "the original game's interface: save() before train() has no table to save",
    **{name: "a limit (max_sweeps, max_improvements) stopped it before the values settled: a valid call that cannot "
             "finish (documented)" for name in ("policy_evaluation", "policy_iteration", "value_iteration_slippery",
                                              "value_iteration", "dynamic_programming.policy_iteration",
                                              "dynamic_programming.value_iteration")},
}

# Messages Python, numpy or json write themselves: correct, but they say nothing about the puzzle.
INTERNAL_MESSAGES = [
    r"unhashable type",
    r"invalid literal for",
    r"iteration over a 0-d array",
    r"arg is an empty sequence",
    r"has no attribute",
    r"indices must be integers",
    r"object is not (iterable|subscriptable|callable|reversible)",
    r"not supported between instances",
    r"unsupported operand type",
    r"bad operand type",
    r"can't multiply sequence",
    r"can only concatenate",
    r"could not convert",
    r"cannot convert float",
    r"argument must be a string or a (real )?number",
    r"int\(\) argument must be",
    r"float\(\) argument must be",
    r"object cannot be interpreted as an integer",
    r"has no len\(\)",
    r"(not enough|too many) values to unpack",
    r"takes (\d+|from \d+ to \d+) positional arguments? but",
    r"missing \d+ required (positional|keyword-only) argument",
    r"got an unexpected keyword argument",
    r"got multiple values for argument",
    r"math domain error",
    r"truth value of an array",
    r"setting an array element with a sequence",
    r"only (integer scalar|length-1|0-dimensional) arrays",
    r"cannot reshape array",
    r"could not broadcast",
    r"operands could not be broadcast",
    r"Cannot cast",
    r"object too deep for desired array",
    r"zero-size array to reduction",
    r"expected str, bytes or os\.PathLike",
    r"is not JSON serializable",
    r"Expecting (value|property name)|Extra data|Unterminated string|Invalid control character",
    r"codec can't (en|de)code",
    r"maximum recursion depth",
    r"^'?NoneType'? object",
    r"^[a-z_]+\(\) (argument|takes|missing|got)",
    r"^(list|tuple|dict|set|str|int|float)\.[a-z_]+\(",
    r"is not in (list|tuple)$",
    r"^(list|tuple|string) index out of range$",
    r"must be real number, not",
    r"^'?\w+'? object is not",
    r"^an integer is required",
    r"is not a valid integer|is not a valid float",
    r"^Fraction|^cannot fit 'int'",
    r"^math range error|^int too large to convert",
    r"len\(\) of unsized object",
    r"cannot unpack non-iterable",
    r"(integer|float) (division|modulo)|division by zero",
    r"sequence item \d+: expected",
    r"must be (str|int|real number|a number), not",
    r"expected (a )?(bytes-like object|str instance|sequence)",
    r"object is not an iterator",
    r"list assignment index",
    r"index \d+ is out of bounds",
]
_INTERNAL = re.compile("|".join(f"(?:{pattern})" for pattern in INTERNAL_MESSAGES))


def internal_message(error: BaseException) -> str | None:
    """Why `error` does not tell a person what is wrong, or None when its message is a clear one of our own."""
    message = str(error).strip()
    if not message:
        return "an empty message"
    kind = type(error)
    if kind not in (ValueError, TypeError) and not kind.__module__.startswith("puzzlekit"):
        return f"{kind.__module__}.{kind.__name__} is another library's error"
    # "table is damaged (Expecting value: ...)": the words outside the brackets say what is wrong. An empty pair
    # is no aside: the "()" of "len() of unsized object" or "int() argument must be" is part of Python's wording.
    own_words, previous = message.replace("()", "\0"), None
    while own_words != previous:
        previous, own_words = own_words, re.sub(r"\([^()]*\)", "", own_words)
    own_words = own_words.replace("\0", "()")
    found = _INTERNAL.search(own_words if own_words.strip(" :;,.") else message)
    if found:
        return f"Python's own message ({found.group(0)!r})"
    return None


def describe(function, args, kwargs, limit: int = 300) -> str:
    """`name(arg, ..., key=value)` for the report of a failing call, cut to `limit` characters per argument."""

    def short(value):
        text = repr(value)
        return text if len(text) <= limit else text[: limit - 20] + f"... ({len(text)} chars)"

    name = getattr(function, "__qualname__", None) or repr(function)
    parts = [short(a) for a in args] + [f"{k}={short(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def _record(label: str, kwargs: dict, garbage: bool, error: BaseException) -> None:
    """With PUZZLEKIT_FUZZ_MESSAGES=file, append every clear error's message as one JSON line (to read them all)."""
    path = os.environ.get("PUZZLEKIT_FUZZ_MESSAGES")
    if path:
        record = {"label": label, "keywords": sorted(kwargs), "garbage": garbage, "error": type(error).__name__,
                  "message": str(error)[:400]}
        with open(path, "a", encoding="utf-8") as file:
            file.write(json.dumps(record) + "\n")


def _log(kind: str, call: str, error: BaseException | None) -> None:
    """With PUZZLEKIT_FUZZ_LOG=file, append each bad outcome as one JSON line (for writing up findings)."""
    path = os.environ.get("PUZZLEKIT_FUZZ_LOG")
    if path:
        record = {"kind": kind, "call": call[:2000], "error": type(error).__name__ if error else None,
                  "message": str(error)[:500] if error else None}
        with open(path, "a", encoding="utf-8") as file:
            file.write(json.dumps(record) + "\n")


def attempt(function, *args, garbage: bool = False, files: bool = False, exits: bool = False,
            label: str | None = None, **kwargs):
    """Call `function(*args, **kwargs)`; return ("returned", value) or ("raised", error).

    Fails the test when the call raises anything but a clear ValueError/TypeError, or returns
    although `garbage` says an argument was invalid. `files`: an OSError about a missing or unwritable
    file is an answer too. `exits`: SystemExit is an answer (argparse's usage errors).
    """
    calls[label or getattr(function, "__qualname__", repr(function))] += 1
    sink = io.StringIO()
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            value = function(*args, **kwargs)
    except (ValueError, TypeError) as error:
        reason = internal_message(error)
        if reason:
            return _fail(f"unclear error: {reason}", function, args, kwargs, error)
        _record(label or getattr(function, "__qualname__", repr(function)), kwargs, garbage, error)
        return "raised", error
    except RuntimeError as error:  # RecursionError and NotImplementedError are RuntimeErrors too: only the class itself
        name = label or getattr(function, "__qualname__", "")
        allowed = type(error) is RuntimeError and name in RUNTIME_ERRORS and not garbage
        if allowed and str(error).strip() and not _INTERNAL.search(str(error)):
            return "raised", error
        return _fail("crash", function, args, kwargs, error)
    except OSError as error:
        if files and isinstance(error, (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError)):
            return "raised", error
        return _fail("crash", function, args, kwargs, error)
    except SystemExit as error:
        if exits and error.code not in (0, None):
            return "raised", error
        return _fail("crash", function, args, kwargs, error)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 - the point is to catch everything else
        return _fail("crash", function, args, kwargs, error)
    if garbage:
        return _fail("accepted garbage", function, args, kwargs, None, value)
    return "returned", value


def _fail(kind, function, args, kwargs, error, value=None):
    failed.add(getattr(function, "__qualname__", repr(function)))
    call = describe(function, args, kwargs)
    _log(kind, call, error)
    if kind.startswith("unclear error"):
        unclear.setdefault(f"{getattr(function, '__qualname__', repr(function))}: {kind}",
                           f"{describe(function, args, kwargs, limit=80)} -> "
                           f"{type(error).__name__}: {str(error)[:300]}")
    if error is None:
        raise AssertionError(f"{kind}: {call} returned {repr(value)[:300]}")
    raise AssertionError(f"{kind}: {call} -> {type(error).__name__}: {str(error)[:500]}") from error


def fuzz_settings(max_examples: int):
    """Reproducible hypothesis settings: the same examples on every run, no deadline (nothing is timed)."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        database=None,
        print_blob=False,
        phases=(Phase.explicit, Phase.reuse, Phase.generate),  # no shrinking: a failure is reported as found
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                               HealthCheck.function_scoped_fixture],
    )

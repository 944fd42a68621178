"""What a call did to its arguments: `deep_copy` copies them first, `first_change` says where data an answer was
given differs after the call."""

from __future__ import annotations

import copy
import inspect
import itertools

from .compare import is_matcher, walk
from .describe import describe

__all__ = []

_ATOMS = frozenset({int, float, bool, str, bytes, complex, type(None)})  # immutable, and nothing inside


def _frozen(items) -> bool:
    """Whether every item of `items` is immutable all the way down: atoms, and tuples of them (looked at in C)."""
    kinds = set(map(type, items))
    return kinds <= _ATOMS or kinds <= _ATOMS | {tuple} and _frozen(list(itertools.chain.from_iterable(
        item for item in items if type(item) is tuple)))


def deep_copy(value, memo: dict):
    """`copy.deepcopy(value, memo)`, fast on what chapters pass most: what is immutable all the way down is shared
    without visiting each number in Python (a list of 181,440 boards is copied in milliseconds, not seconds)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if id(value) in memo:
        return memo[id(value)]
    if kind is tuple and _frozen(value):
        return value
    if kind is list and _frozen(value):
        result = memo[id(value)] = list(value)
    elif kind is dict and _frozen(value.keys()):
        result = memo[id(value)] = dict(value)
        if not _frozen(value.values()):
            result.update((key, deep_copy(item, memo)) for key, item in value.items())
    elif kind is list:
        result = memo[id(value)] = []
        result.extend(deep_copy(item, memo) for item in value)
    else:
        return copy.deepcopy(value, memo)
    memo.setdefault(id(memo), []).append(value)  # keep the original alive while the memo lives, as deepcopy does
    return result


def first_change(before, after, name: str) -> str | None:
    """Where the data `after` (an argument after a call) first differs from `before` (a copy taken before), or None.

    Dicts, lists, sets, bytearrays and numpy arrays are data, and so are tuples of them; other objects (a
    problem, an environment, a random generator, a `Recorder`) may change as they are used and are not compared.

    >>> print(first_change({(1, 2, 3, 0): 1.2}, {(1, 2, 3, 0): 0.0}, "values"))
    the entry for (1, 2, 3, 0) was 1.2, now 0.0
    >>> print(first_change({"a": [1.0, 2.0]}, {"a": [1.0, 2.5]}, "q"))
    q['a'][1] was 2.0, now 2.5
    >>> print(first_change([3, 1, 2], [1, 2, 3], "tiles"))
    the entry at index 0 was 3, now 1
    >>> print(first_change({3, 1}, {1}, "seen"))
    it lost 3
    >>> print(first_change({"a": 1, "b": 2}, {"a": 1}, "q"))
    it lost the key 'b', which was 2
    >>> first_change([1.0, float("nan")], [1.0, float("nan")], "x") is None
    True
    """
    steps = walk(after, before, change=True)
    if steps is None:
        return None
    path, what = steps
    if not path:
        return f"it {what}"
    if len(path) == 1:
        key, kind = path[0]
        where = f"the entry for {describe(key, 40)}" if kind == "key" else f"the entry at index {key}"
    else:  # an array's index (0, 1) reads q[0, 1]
        where = name + "".join(f"[{describe(key, 40)}]" if kind == "key" else f"[{str(key).strip('()')}]"
                               for key, kind in path)
    return f"{where} {what}"


def parameter_names(function) -> list[str]:
    """The names of `function`'s positional parameters, as its signature has them (`*rest` as rest[0], rest[1], ...)."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return []
    names = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    rest = next((p.name for p in parameters if p.kind == p.VAR_POSITIONAL), None)
    return names + ([f"{rest}[{index}]" for index in range(32)] if rest else [])


def changed_argument(arguments: tuple, given: tuple, copied: list, expected, free, names: list[str]) -> str | None:
    """How the call changed an argument it should have left alone ("changed its argument `q`: ..."), or None."""
    in_place = getattr(expected, "in_place", ()) if is_matcher(expected) else ()
    for index, (before, after) in enumerate(zip(arguments, given)):
        if (not copied[index] or index in free or getattr(type(after), "records_calls", False)
                or any(after is item for item in in_place)):  # not data, or meant to change
            continue
        name = names[index] if index < len(names) else f"argument {index + 1}"
        where = first_change(before, after, name)
        if where is not None:
            return f"changed its argument `{name}`: {where}; leave it as it is (work on a copy)"
    return None

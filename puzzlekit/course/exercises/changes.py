"""What a call did to its arguments: `deep_copy` copies them first, `first_change` says where data an answer was
given differs after the call."""

from __future__ import annotations

import copy
import inspect
import itertools
import numbers

from .compare import _array_module, _plain_equal, is_matcher
from .describe import describe, plural

__all__ = []

_ATOMS = frozenset({int, float, bool, str, bytes, complex, type(None)})  # immutable, and nothing inside


def _frozen(items) -> bool:
    """Whether every item of `items` is immutable all the way down: atoms, and tuples of them (looked at in C)."""
    items = list(items) if not isinstance(items, (list, tuple)) else items
    kinds = set(map(type, items))
    if kinds <= _ATOMS:
        return True
    return kinds <= _ATOMS | {tuple} and _frozen(list(itertools.chain.from_iterable(
        item for item in items if type(item) is tuple)))


def deep_copy(value, memo: dict):
    """`copy.deepcopy(value, memo)`, fast on what chapters pass most: lists, tuples and dicts of boards and numbers.

    What is immutable all the way down is shared, not copied (as deepcopy does, but without visiting each
    number in Python): a list of 181,440 boards is copied in milliseconds, not seconds.

    Examples
    --------
    >>> boards = [(1, 2, 3, 0), (1, 2, 0, 3)]
    >>> table = {"boards": boards, "q": {(1, 2, 3, 0): [0.5, 0.0]}}
    >>> memo = {}
    >>> copied = deep_copy(table, memo)
    >>> copied == table, copied["boards"] is boards, copied["boards"][0] is boards[0]
    (True, False, True)
    >>> deep_copy(boards, memo) is copied["boards"]  # one memo: the same list is the same copy
    True
    """
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
        if _frozen(value.values()):
            result = memo[id(value)] = dict(value)
        else:
            result = memo[id(value)] = {}
            for key, item in value.items():
                result[key] = deep_copy(item, memo)
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

    Examples
    --------
    >>> print(first_change({(1, 2, 3, 0): 1.2}, {(1, 2, 3, 0): 0.0}, "values"))
    the entry for (1, 2, 3, 0) was 1.2, now 0.0
    >>> print(first_change({"a": [1.0, 2.0]}, {"a": [1.0, 2.5]}, "q"))
    q['a'][1] was 2.0, now 2.5
    >>> print(first_change([3, 1, 2], [1, 2, 3], "tiles"))
    the entry at index 0 was 3, now 1
    >>> print(first_change({3, 1}, {1}, "seen"))
    it lost 3
    >>> first_change([1.0, float("nan")], [1.0, float("nan")], "x") is None
    True
    """
    steps = _change(before, after, [], 0)
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


def _change(before, after, path: list, depth: int):
    """(path, what changed) for the first change inside `after`, or None if the data is as it was."""
    if depth > 20:
        return None
    numpy = _array_module(before)
    if numpy is not None:
        if not isinstance(after, numpy.ndarray):
            return path, f"was {describe(before, 40)}, now {describe(after, 40)}"
        if before.shape != after.shape or before.dtype != after.dtype:
            return path, f"was an array of shape {before.shape} ({before.dtype}), now {after.shape} ({after.dtype})"
        try:
            same = numpy.asarray(before == after) | ((before != before) & (after != after))  # NaN stays NaN
        except (TypeError, ValueError):
            return None
        differ = numpy.argwhere(~numpy.broadcast_to(same, before.shape))
        if len(differ) == 0:
            return None
        index = tuple(int(i) for i in differ[0])
        index = index[0] if len(index) == 1 else index
        more = f" ({len(differ)} of {before.size} entries changed)" if len(differ) > 1 else ""
        first = tuple(differ[0])
        was, now = describe(before[first].item()), describe(after[first].item())
        return path + [(index, "index")], f"was {was}, now {now}{more}"
    if isinstance(before, (dict, list, set, bytearray, tuple)) and _plain_equal(before, after):
        return None  # == in C: fast on a big table (arrays inside raise or say False: compared below)
    if isinstance(before, dict):
        if not isinstance(after, dict):
            return path, f"was a dict, now {describe(after, 40)}"
        gone = next((key for key in before if key not in after), _NOTHING)
        if gone is not _NOTHING:
            return path + [(gone, "key")], f"was {describe(before[gone], 40)}, and is gone"
        new = next((key for key in after if key not in before), _NOTHING)
        if new is not _NOTHING:
            return path + [(new, "key")], f"was not there, now {describe(after[new], 40)}"
        for key in before:
            inner = _change(before[key], after[key], path + [(key, "key")], depth + 1)
            if inner is not None:
                return inner
        return None
    if isinstance(before, (list, tuple, bytearray)):
        if type(after) is not type(before):
            return path, f"was a {type(before).__name__}, now {describe(after, 40)}"
        for index, (old, new) in enumerate(zip(before, after)):
            inner = _change(old, new, path + [(index, "index")], depth + 1)
            if inner is not None:
                return inner
        if len(before) != len(after):
            return path, f"had {plural(len(before), 'entry')}, now {len(after)}"
        return None
    if isinstance(before, set):
        if not isinstance(after, set):
            return path, f"was a set, now {describe(after, 40)}"
        lost, gained = before - after, after - before
        if lost:
            more = f" and {len(lost) - 1} more" if len(lost) > 1 else ""
            return path, f"lost {describe(sorted(lost, key=repr)[0], 40)}{more}"
        more = f" and {len(gained) - 1} more" if len(gained) > 1 else ""
        return path, f"gained {describe(sorted(gained, key=repr)[0], 40)}{more}"
    if isinstance(before, (numbers.Number, str, bytes, type(None))):
        if _plain_equal(before, after) or (before != before and after != after):
            return None
        return path, f"was {describe(before)}, now {describe(after)}"
    return None  # an object of its own: it may change as it is used


_NOTHING = object()


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
        if not copied[index] or index in free or getattr(type(after), "records_calls", False):
            continue
        if any(after is item for item in in_place):
            continue
        name = names[index] if index < len(names) else f"argument {index + 1}"
        where = first_change(before, after, name)
        if where is not None:
            return f"changed its argument `{name}`: {where}; leave it as it is (work on a copy)"
    return None

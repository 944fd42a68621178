"""Values in a safe form: what a worker sends back (a result, the arguments after a call) as JSON with tagged types.

`encode` runs in the worker: tuples, lists, dicts (any keys), sets, ints, floats (nan and infinities included),
strings, bools, None, numpy arrays and scalars; any other object as its class name and its attributes; an
exception as its type's name, its classes and its message. `decode` runs in the grading process and builds
only plain values back (an object becomes a `Foreign`): nothing from the worker is ever unpickled or called.
`apply_state` writes what a call did to its arguments onto the grading process's own copy of them, so that a
matcher (a `Recorder`'s expansions, a table filled in place) reads it there.
"""

from __future__ import annotations

import math

__all__ = ["encode"]

MAX_NODES = 2_000_000  # an encoded value with more parts than this is cut ("truncated")
_NUMERIC_KINDS = "biufc?"  # numpy dtype kinds rebuilt as arrays (others come back as lists)


def _float(value: float):
    return value if math.isfinite(value) else {"t": "float", "v": repr(value)}


def encode(value, *, _budget=None, _path=None):
    """`value` as JSON-able data with tagged types (runs in the worker; never calls the value's own methods
    except an exception's `str`).

    Examples
    --------
    >>> encode((1, [2.5, float("nan")], {"a": None}))["t"]
    'tuple'
    >>> decode(encode({(1, 2): {3, 4}, "x": float("inf")}))
    {(1, 2): {3, 4}, 'x': inf}
    """
    budget = [MAX_NODES] if _budget is None else _budget
    path = set() if _path is None else _path
    budget[0] -= 1
    if budget[0] < 0:
        return {"t": "truncated"}
    kind = type(value)
    if value is None or kind is bool or kind is str:
        return value
    if kind is int:
        return value if abs(value) < 2**63 else {"t": "bigint", "v": str(value)}
    if kind is float:
        return _float(value)
    if isinstance(value, BaseException):
        return {"t": "exception", "type": kind.__name__,
                "mro": [f"{c.__module__}.{c.__qualname__}" for c in kind.__mro__], "message": message_of(value)}
    numpy = _numpy()
    if numpy is not None and isinstance(value, numpy.ndarray):
        return {"t": "ndarray", "dtype": value.dtype.str, "shape": list(value.shape),
                "v": [encode(item, _budget=budget, _path=path) for item in value.ravel().tolist()]
                if value.dtype.kind in _NUMERIC_KINDS
                else [encode(item, _budget=budget, _path=path) for item in value.ravel()]}
    if numpy is not None and isinstance(value, numpy.generic):
        return {"t": "npscalar", "dtype": value.dtype.str, "v": encode(value.item(), _budget=budget, _path=path)}
    if id(value) in path:
        return {"t": "cycle"}
    path.add(id(value))
    try:
        if isinstance(value, (int, float, str)):  # subclasses: their plain value
            return encode((int if isinstance(value, int) else float if isinstance(value, float) else str)(value),
                          _budget=budget, _path=path)
        if isinstance(value, (tuple, list)):
            items = list(tuple.__iter__(value) if isinstance(value, tuple) else list.__iter__(value))
            tag = "tuple" if isinstance(value, tuple) else "list"
            if _scalars(items):  # a board, a row of numbers: as it is (most of a search's record is such tuples)
                budget[0] -= len(items)
                return {"t": tag, "v": items}
            return {"t": tag, "v": [encode(item, _budget=budget, _path=path) for item in items]}
        if isinstance(value, dict):
            return {"t": "dict", "v": [[encode(key, _budget=budget, _path=path),
                                        encode(item, _budget=budget, _path=path)] for key, item in dict.items(value)]}
        if isinstance(value, (set, frozenset)):
            items = set.__iter__(value) if isinstance(value, set) else frozenset.__iter__(value)
            return {"t": "set" if isinstance(value, set) else "frozenset",
                    "v": [encode(item, _budget=budget, _path=path) for item in items]}
        if isinstance(value, type(encode)):
            return {"t": "callable", "name": str(getattr(value, "__name__", "?"))}
        if isinstance(value, type):
            return {"t": "callable", "name": str(value.__name__)}
        try:
            attributes = object.__getattribute__(value, "__dict__")
        except AttributeError:
            attributes = {}
        if not isinstance(attributes, dict):
            attributes = {}
        return {"t": "object", "class": kind.__qualname__, "module": str(getattr(kind, "__module__", "")),
                "attrs": [[str(name), encode(item, _budget=budget, _path=path)] for name, item in dict.items(attributes)
                          if isinstance(name, str)]}
    finally:
        path.discard(id(value))


def _scalars(items: list) -> bool:
    """Whether every item is a str, a bool, None, an int below 2**63 or a finite float (JSON as it is)."""
    for item in items:
        kind = type(item)
        if kind is int:
            if not -(2**63) < item < 2**63:
                return False
        elif kind is float:
            if not math.isfinite(item):
                return False
        elif not (kind is str or kind is bool or item is None):
            return False
    return True


def message_of(error: BaseException) -> str:
    """`str(error)`, at most 2,000 characters; "?" if that fails."""
    try:
        return str(error)[:2000]
    except BaseException:  # noqa: BLE001 - a student's exception whose __str__ fails
        return "?"


def _numpy():
    import sys

    return sys.modules.get("numpy")


class Foreign:
    """An object of the student's that came back from a worker: its class name and its attributes, as data.

    It equals nothing but itself; its repr shows the class and the attributes.

    Examples
    --------
    >>> Foreign("Node", {"state": (1, 2)})
    Node(state=(1, 2))
    """

    def __init__(self, name: str, attributes: dict, module: str = ""):
        self.class_name, self.attributes, self.module = name, attributes, module

    def __getattr__(self, name):
        attributes = self.__dict__.get("attributes", {})
        if name in attributes:
            return attributes[name]
        raise AttributeError(name)

    def __repr__(self) -> str:
        parts = ", ".join(f"{name}={value!r}" for name, value in list(self.attributes.items())[:6])
        return f"{self.class_name}({parts})"


class Raised:
    """An exception raised in a worker: its type's name, the qualified names of its classes, its message."""

    def __init__(self, name: str, mro: list, message: str):
        self.name, self.mro, self.message = name, mro, message

    def is_a(self, error_class: type) -> bool:
        """Whether the raised exception was an instance of `error_class` (by the classes' qualified names)."""
        return f"{error_class.__module__}.{error_class.__qualname__}" in self.mro

    def __repr__(self) -> str:
        return f"{self.name}({self.message!r})"


def decode(data):
    """The plain value `data` (from `encode`) stands for; objects become `Foreign`, exceptions `Raised`."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):  # not produced by encode; read as a list
        return [decode(item) for item in data]
    if not isinstance(data, dict):
        raise ValueError(f"not an encoded value: {type(data).__name__}")
    tag, items = data.get("t"), data.get("v")
    if tag in ("tuple", "list"):
        if not any(isinstance(item, (dict, list)) for item in items):  # scalars only: as they are
            return tuple(items) if tag == "tuple" else list(items)
        return tuple(decode(item) for item in items) if tag == "tuple" else [decode(item) for item in items]
    if tag == "dict":
        result = {}
        for key, value in items:
            key = decode(key)
            try:
                result[key] = decode(value)
            except TypeError:  # an unhashable key (a list): kept under its repr
                result[repr(key)] = decode(value)
        return result
    if tag in ("set", "frozenset"):
        members = []
        for item in items:
            item = decode(item)
            try:
                hash(item)
            except TypeError:
                item = repr(item)
            members.append(item)
        return set(members) if tag == "set" else frozenset(members)
    if tag == "float":
        return float(items) if items in ("nan", "inf", "-inf") else math.nan
    if tag == "bigint":
        return int(items) if isinstance(items, str) and len(items) < 5000 else 0
    if tag == "ndarray":
        import numpy

        dtype = numpy.dtype(data["dtype"]) if _plain_dtype(data["dtype"]) else numpy.dtype(object)
        values = [decode(item) for item in items]
        array = numpy.empty(len(values), dtype=object)
        array[:] = values if values else []
        try:
            return array.astype(dtype).reshape(tuple(int(n) for n in data["shape"]))
        except (ValueError, TypeError):
            return array.reshape(tuple(int(n) for n in data["shape"]))
    if tag == "npscalar":
        import numpy

        value = decode(items)
        return numpy.dtype(data["dtype"]).type(value) if _plain_dtype(data["dtype"]) else value
    if tag == "exception":
        return Raised(str(data.get("type")), [str(name) for name in data.get("mro", [])], str(data.get("message")))
    if tag == "object":
        return Foreign(str(data.get("class")), {str(name): decode(value) for name, value in data.get("attrs", [])},
                       str(data.get("module", "")))
    if tag == "callable":
        return Foreign(f"function {data.get('name')}", {})
    if tag in ("cycle", "truncated"):
        return Foreign(f"<{tag}>", {})
    raise ValueError(f"not an encoded value: tag {tag!r}")


def _plain_dtype(text) -> bool:
    import numpy

    try:
        return isinstance(text, str) and numpy.dtype(text).kind in _NUMERIC_KINDS + "U"
    except TypeError:
        return False


def apply_state(target, data) -> None:
    """Make `target` (the grading process's copy of an argument) hold what `data` says the worker's copy held
    after the call: dicts, lists, sets and arrays changed in place, objects attribute by attribute."""
    if not isinstance(data, dict):
        return
    tag = data.get("t")
    numpy = _numpy()
    if isinstance(target, dict) and tag == "dict":
        new = decode(data)
        if new != target:
            target.clear()
            target.update(new)
    elif isinstance(target, list) and tag == "list":
        items = data["v"]
        if len(items) == len(target):
            for index, item in enumerate(items):
                if _mutable(target[index]):
                    apply_state(target[index], item)
                elif _plain(target[index]) or target[index] is None:
                    target[index] = decode(item)
        else:
            target[:] = decode(data)
    elif isinstance(target, set) and tag == "set":
        target.clear()
        target.update(decode(data))
    elif isinstance(target, tuple) and tag == "tuple" and len(target) == len(data["v"]):
        for item, state in zip(target, data["v"]):
            apply_state(item, state)
    elif numpy is not None and isinstance(target, numpy.ndarray) and tag == "ndarray":
        new = decode(data)
        if isinstance(new, numpy.ndarray) and new.shape == target.shape and target.flags.writeable:
            try:
                target[...] = new
            except (ValueError, TypeError):
                pass
    elif tag == "object" and hasattr(target, "__dict__") and type(target).__qualname__ == data.get("class"):
        attributes = vars(target)
        for name, state in data.get("attrs", []):
            if name not in attributes:
                continue
            if _mutable(attributes[name]):
                apply_state(attributes[name], state)
            elif _plain(attributes[name]):
                value = decode(state)
                if _plain(value):
                    attributes[name] = value


def _plain(value) -> bool:
    """Whether `value` is plain data (numbers, strings, None and tuples or frozensets of them)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    return isinstance(value, (tuple, frozenset)) and all(_plain(item) for item in value)


def _mutable(value) -> bool:
    numpy = _numpy()
    return (isinstance(value, (dict, list, set, tuple)) or (numpy is not None and isinstance(value, numpy.ndarray))
            or (hasattr(value, "__dict__") and not isinstance(value, type) and not callable(value)))

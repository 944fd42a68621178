"""Values in a safe form: what a worker sends back (a result, the arguments after a call) as JSON with tagged types.

`encode` runs in the worker, in the student's own process, on values the student's code made (numbers, nan and
infinities, strings, containers, numpy arrays and scalars; any other object as its class name and attributes; an
exception as its type, its classes and its message): a value that makes it fail or hang costs that call its reply,
which the grading process reads as a worker that ended or ran out of time. `decode` runs in the grading process and
builds only plain values back (an object becomes a `Foreign`): nothing from the worker is ever unpickled or called.
"""

from __future__ import annotations

import contextlib
import sys

__all__ = ["encode"]

MAX_NODES = 2_000_000  # an encoded value with more parts than this is cut ("truncated")
_NUMERIC_KINDS = "biufc?"  # numpy dtype kinds rebuilt as arrays (others come back as lists)
_JSON = frozenset({int, float, str, bool, type(None)})  # written by json as they are (floats as NaN, Infinity too)


def encode(value):
    """`value` as JSON-able data with tagged types (runs in the worker).

    Examples
    --------
    >>> encode((1, [2.5, float("nan")], {"a": None}))["t"]
    'tuple'
    >>> decode(encode({(1, 2): {3, 4}, "x": float("inf")}))
    {(1, 2): {3, 4}, 'x': inf}
    """
    left, path = [MAX_NODES], set()  # parts left to encode; the ids of the containers being encoded (a cycle)
    numpy = sys.modules.get("numpy")

    def walk(value):
        left[0] -= 1
        if left[0] < 0:
            return {"t": "truncated"}
        if numpy is not None and isinstance(value, numpy.ndarray):
            items = value.ravel().tolist() if value.dtype.kind in _NUMERIC_KINDS else value.ravel()
            return {"t": "ndarray", "dtype": value.dtype.str, "shape": list(value.shape), "v": list(map(walk, items))}
        if numpy is not None and isinstance(value, numpy.generic):
            return {"t": "npscalar", "dtype": value.dtype.str, "v": walk(value.item())}
        if value is None or isinstance(value, (bool, int, float, str)):  # a subclass: json writes its plain value
            return value
        if isinstance(value, BaseException):
            return {"t": "exception", "type": type(value).__name__, "message": message_of(value),
                    "mro": [f"{c.__module__}.{c.__qualname__}" for c in type(value).__mro__]}
        if isinstance(value, (type(encode), type)):
            return {"t": "callable", "name": str(getattr(value, "__name__", "?"))}
        if id(value) in path:
            return {"t": "cycle"}
        path.add(id(value))
        try:
            if kind := next((kind for kind in (tuple, list, set, frozenset) if isinstance(value, kind)), None):
                items = list(value)
                if all(type(item) in _JSON for item in items):  # a board, a row of numbers: as it is
                    left[0] -= len(items)
                    return {"t": kind.__name__, "v": items}
                return {"t": kind.__name__, "v": list(map(walk, items))}
            if isinstance(value, dict):
                return {"t": "dict", "v": [[walk(key), walk(item)] for key, item in value.items()]}
            attributes = getattr(value, "__dict__", None)
            return {"t": "object", "class": type(value).__qualname__, "attrs": [
                [str(name), walk(item)] for name, item in (attributes.items() if isinstance(attributes, dict) else ())]}
        finally:
            path.discard(id(value))

    return walk(value)


def message_of(error: BaseException) -> str:
    """`str(error)`, at most 2,000 characters; "?" if that fails."""
    try:
        return str(error)[:2000]
    except BaseException:  # noqa: BLE001 - a student's exception whose __str__ fails
        return "?"


class Foreign:
    """An object of the student's that came back from a worker: its class name and its attributes, as data; it
    equals nothing but itself.

    Examples
    --------
    >>> Foreign("Node", {"state": (1, 2)})
    Node(state=(1, 2))
    """

    def __init__(self, name: str, attributes: dict):
        self.class_name, self.attributes = name, attributes

    def __getattr__(self, name):
        if name in self.__dict__.get("attributes", {}):  # none while a copy is being built
            return self.attributes[name]
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
    if not isinstance(data, dict):
        raise ValueError(f"not an encoded value: {type(data).__name__}")
    tag, items = data.get("t"), data.get("v")
    if tag in ("tuple", "list"):
        plain = not any(isinstance(item, (dict, list)) for item in items)  # scalars only: as they are
        return (tuple if tag == "tuple" else list)(items if plain else map(decode, items))
    if tag == "dict":
        return dict(zip(_keys(key for key, _ in items), [decode(value) for _, value in items]))
    if tag in ("set", "frozenset"):
        return (set if tag == "set" else frozenset)(_keys(items))
    if tag in ("ndarray", "npscalar"):
        import numpy

        try:  # numbers (of 32 bytes at most: a worker's reply may name any dtype) or strings; anything else as objects
            dtype = numpy.dtype(data["dtype"] if isinstance(data["dtype"], str) else object)
        except TypeError:
            dtype = numpy.dtype(object)
        if not (dtype.kind == "U" or dtype.kind in _NUMERIC_KINDS and dtype.itemsize <= 32):
            dtype = numpy.dtype(object)
        if tag == "npscalar":
            return decode(items) if dtype.kind == "O" else dtype.type(decode(items))
        dtype = numpy.dtype("U") if dtype.kind == "U" else dtype  # as long as its longest string, not as named
        array, shape = numpy.empty(len(items), dtype=object), tuple(int(n) for n in data["shape"])
        array[:] = [decode(item) for item in items]
        try:
            return array.astype(dtype).reshape(shape)
        except (ValueError, TypeError):
            return array.reshape(shape)
    if tag == "exception":
        return Raised(str(data.get("type")), [str(name) for name in data.get("mro", [])], str(data.get("message")))
    if tag == "object":
        return Foreign(str(data.get("class")), {str(name): decode(value) for name, value in data.get("attrs", [])})
    if tag in ("callable", "cycle", "truncated"):
        return Foreign(f"function {data.get('name')}" if tag == "callable" else f"<{tag}>", {})
    raise ValueError(f"not an encoded value: tag {tag!r}")


def _keys(items) -> list:
    """`items` decoded, each as itself or (if it cannot be a key: a hashable list subclass of the worker's comes back a
    list) as its repr; refused if they share their hashes: keys made to collide (multiples of 2**61 - 1) would cost
    the grading process time that grows as the square of their number."""
    keys = list(map(decode, items))
    for index, key in enumerate(keys):
        try:
            hash(key)
        except TypeError:
            keys[index] = repr(key)
    if len(keys) > 64 and len(set(map(hash, keys))) < len(keys) // 2:
        raise ValueError(f"{len(keys)} keys that share their hashes")
    return keys


def apply_state(old, new, objects: bool):
    """Write what a call did to an argument in the worker (`new`, decoded) onto the grading process's copy of it
    (`old`), for a matcher to read there: lists, dicts, sets and arrays changed in place, objects of the same class
    too if `objects` (the call may change them), but never their plain attributes (chapter 6's rewards). What `old`
    then is: itself, or `new` in its place if either is plain data (a function, an object of another class stay)."""
    numpy = sys.modules.get("numpy")
    if isinstance(old, list) and isinstance(new, list):
        old[:] = [apply_state(item, state, objects) for item, state in zip(old, new)] + new[len(old):]
    elif isinstance(old, set) and isinstance(new, set) or isinstance(old, dict) and isinstance(new, dict):
        items = new if isinstance(new, set) else {
            key: apply_state(old[key], state, objects) if key in old else state for key, state in new.items()}
        old.clear()
        old.update(items)
    elif numpy is not None and isinstance(old, numpy.ndarray) and isinstance(new, numpy.ndarray):
        if new.shape == old.shape and old.flags.writeable:
            with contextlib.suppress(ValueError, TypeError):  # values it cannot hold: its own stay
                old[...] = new
    elif objects and isinstance(new, Foreign) and type(old).__qualname__ == new.class_name and isinstance(
            getattr(old, "__dict__", None), dict):
        attributes = vars(old)  # its lists, dicts and objects, changed in place: a `Recorder`'s record, say
        for name, state in new.attributes.items():
            if name in attributes and not _plain(attributes[name]):
                attributes[name] = apply_state(attributes[name], state, objects)
    elif isinstance(old, tuple) and isinstance(new, tuple) and len(old) == len(new) and not _plain(old):
        return tuple(apply_state(item, state, objects) for item, state in zip(old, new))  # its lists changed in place
    else:
        return new if _plain(new) or _plain(old) else old
    return old


def _plain(value) -> bool:
    """Whether `value` is plain data (numbers, strings, None and tuples or frozensets of them)."""
    return value is None or isinstance(value, (bool, int, float, str)) or isinstance(
        value, (tuple, frozenset)) and all(_plain(item) for item in value)

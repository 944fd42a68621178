"""The messages between the grading process and a worker: JSON, each preceded by its length (8 bytes, big-endian).

Only JSON comes from a worker; the case arguments go to it pickled (the one direction in which a pickle is safe),
base64-encoded in the JSON. The channel is not authenticated: the student's code can write on it, but can claim of a
call only what its own code could have returned (the worker holds no answer): the grading process judges."""

from __future__ import annotations

import json
import os

__all__ = ["send"]

MAX_MESSAGE = 64 * 1024 * 1024  # a message longer than this ends the conversation
#: ... and one with more "[" and "{" than this: 60 MB of "[]," would be read as 20 million lists, 1.4 GB (red team 3);
#: a call's result and arguments encoded (`safe`) hold far fewer (181,440 boards in a dict: 544,320)
MAX_CONTAINERS = 4_000_000


def frame(message: dict) -> bytes:
    """`message` as it travels: its JSON, preceded by its length."""
    data = json.dumps(message).encode()
    return len(data).to_bytes(8, "big") + data


def send(fd: int, message: dict) -> None:
    """Write `message` to the file descriptor `fd`."""
    data = frame(message)
    while data:
        data = data[os.write(fd, data):]


def _read_exactly(fd: int, size: int) -> bytes | None:
    data = bytearray()
    while len(data) < size:
        if not (chunk := os.read(fd, min(size - len(data), 1 << 20))):
            return None
        data += chunk
    return bytes(data)


def receive(fd: int) -> dict | None:
    """The next message from `fd`, or None at its end (or if what comes is not a message)."""
    header = _read_exactly(fd, 8)
    if header is None or int.from_bytes(header, "big") > MAX_MESSAGE:
        return None
    data = _read_exactly(fd, int.from_bytes(header, "big"))
    if data is None or data.count(b"[") + data.count(b"{") > MAX_CONTAINERS:
        return None
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        return None
    return message if type(message) is dict else None

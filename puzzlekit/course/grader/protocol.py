"""The messages between the grading process and a worker: JSON, each preceded by its length (8 bytes, big-endian).

Only JSON travels from a worker to the grading process; the grading process sends the case arguments pickled
(the one direction in which a pickle is safe), base64-encoded inside the JSON.
"""

from __future__ import annotations

import json
import os

__all__ = ["send"]

MAX_MESSAGE = 64 * 1024 * 1024  # a message longer than this ends the conversation


def send(fd: int, message: dict, *, _dumps=json.dumps, _write=os.write) -> None:
    """Write `message` to the file descriptor `fd`."""
    data = _dumps(message, allow_nan=False).encode()
    data = len(data).to_bytes(8, "big") + data
    while data:
        written = _write(fd, data)
        data = data[written:]


def _read_exactly(fd: int, size: int, read=os.read) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = read(fd, min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive(fd: int) -> dict | None:
    """The next message from `fd`, or None at its end (or if what comes is not a message)."""
    header = _read_exactly(fd, 8)
    if header is None:
        return None
    size = int.from_bytes(header, "big")
    if size > MAX_MESSAGE:
        return None
    data = _read_exactly(fd, size)
    if data is None:
        return None
    try:
        message = json.loads(data)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None

"""The messages between the grading process and a worker: JSON, each preceded by its length (8 bytes, big-endian).

Only JSON travels from a worker to the grading process; the grading process sends the case arguments pickled
(the one direction in which a pickle is safe), base64-encoded inside the JSON.

A student worker's channel is authenticated: after the setup message (sent before any of the student's code runs),
every message in either direction carries an HMAC of its bytes under a key the grading process drew for that worker
and sent in the setup. The student's code shares the worker's process, so it can read, write, replace or close the
channel's file descriptors (`os.read`, `os.write` and `os.dup2` raise no audit event); what it cannot do is make a
message either side accepts: the key lives only in the worker's locals and closures (no frame, `gc` or `__code__`
of the harness is within the student's reach, and the worker's memory is not: see `sandbox`).
"""

from __future__ import annotations

import json
import os
from _hashlib import compare_digest, hmac_digest
from _json import make_scanner

__all__ = ["send"]

MAX_MESSAGE = 64 * 1024 * 1024  # a message longer than this ends the conversation
#: What `receive` returns for a message whose HMAC is wrong: not from the other side, and not to be acted on.
FORGED = {"op": "forged"}
_DIGEST = 32  # bytes of an HMAC-SHA256
# What the worker calls while the student's code may have rebound any builtin or any module's global (`json.loads`,
# `hmac.HMAC`, `builtins.isinstance`): C functions and objects captured now, as defaults of the functions below.
_SCAN = make_scanner(json.JSONDecoder())
_FORGED_ITEMS = tuple(FORGED.items())


def send(fd: int, message: dict, key: bytes | None = None, *, _dumps=json.dumps, _write=os.write,
         _hmac=hmac_digest, _len=len, _none=None) -> None:
    """Write `message` to the file descriptor `fd` (with its HMAC under `key`, if given).

    (`json.dumps` may be the student's: it sees the message, which the student's code could have sent itself, and
    never the key.)"""
    data = _dumps(message, allow_nan=False).encode()
    data = _len(data).to_bytes(8, "big") + (b"" if key is _none else _hmac(key, data, "sha256")) + data
    while data:
        written = _write(fd, data)
        data = data[written:]


def _read_exactly(fd: int, size: int, read=os.read, min_=min, len_=len) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = read(fd, min_(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len_(chunk)
    return b"".join(chunks)


def receive(fd: int, key: bytes | None = None, *, _read=_read_exactly, _hmac=hmac_digest, _compare=compare_digest,
            _scan=_SCAN, _forged=_FORGED_ITEMS, _dict=dict, _type=type, _len=len, _none=None,
            _int=int, _bytes=bytes) -> dict | None:
    """The next message from `fd`, or None at its end (or if what comes is not a message); a copy of `FORGED` if
    `key` is given and the message's HMAC is not the one `key` makes."""
    header = _read(fd, 8)
    if header is _none:
        return None
    size = _int.from_bytes(header, "big")
    if size > MAX_MESSAGE:
        return None
    digest = b"" if key is _none else _read(fd, _DIGEST)
    data = _read(fd, size)
    if digest is _none or data is _none:
        return None
    if key is not _none and not _compare(digest, _hmac(key, data, "sha256")):
        return _dict(_forged)
    try:
        text = _bytes.decode(data, "utf-8")
        message, end = _scan(text, 0)
    except (ValueError, StopIteration):
        return None
    return message if _type(message) is _dict and end == _len(text) else None

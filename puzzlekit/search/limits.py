"""What bounds a search: the default limits on its work, `Limits` (work and time, checked in its loop), its events."""

from __future__ import annotations

import math
from collections.abc import Callable
from time import perf_counter

from ..checks import check_callable, check_int, check_real

__all__ = ["DEFAULT_MAX_EXPANDED"]

# Where a search stops unless told otherwise, so that a classroom machine survives breadth-first
# search on a 4x4 board. The searches that remember every state they reach stop after 500,000
# expanded (some 400 MB on a 4x4 board, a few seconds): more than any 8-puzzle needs. Those that
# keep one path (depth-limited, iterative deepening, IDA*) need little memory and stop after
# 20 million (a minute or two of work).
DEFAULT_MAX_EXPANDED = 500_000
DEFAULT_MAX_EXPANDED_ONE_PATH = 20_000_000

# What a search calls at each step, if given: on_event(kind, state, info).
OnEvent = Callable[[str, object, dict], None]


class Limits:
    """The limits of one search, checked in its loop, and the clock since it started.

    `max_expanded` is a whole number of nodes (0 or more) or None; `max_seconds` a positive number
    of seconds or None (a huge number means no limit); `on_event` a function or None.

    Examples
    --------
    >>> limits = Limits(max_expanded=2, max_seconds=10**400)
    >>> limits.stop(1), limits.stop(2)
    (None, 'max_expanded')
    >>> Limits(max_expanded=-1, max_seconds=None)
    Traceback (most recent call last):
    ...
    ValueError: max_expanded must be 0 or more, got -1
    """

    def __init__(self, max_expanded: int | None, max_seconds: float | None, on_event: OnEvent | None = None):
        if max_expanded is not None:
            max_expanded = check_int(max_expanded, "max_expanded", minimum=0)
        if max_seconds is not None:
            max_seconds = check_real(max_seconds, "max_seconds", above=0, finite=False)
        if on_event is not None:
            check_callable(on_event, "on_event")
        self.max_expanded = math.inf if max_expanded is None else max_expanded
        self.started = perf_counter()
        self.deadline = math.inf if max_seconds is None else self.started + max_seconds

    def stop(self, expanded: int) -> str | None:
        """The limit that stops a search about to expand its next node, or None.

        The clock is read every 1024 nodes only: reading it costs more than expanding a node.
        """
        if expanded >= self.max_expanded:
            return "max_expanded"
        if not expanded & 1023 and perf_counter() > self.deadline:
            return "max_seconds"
        return None

    def seconds(self) -> float:
        """The seconds since the search started."""
        return perf_counter() - self.started

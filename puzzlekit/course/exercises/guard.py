"""The guards `check` puts around each case: a time limit, and a watch for calls of forbidden library functions."""

from __future__ import annotations

import inspect
import signal
import sys
import threading
import time
import types
from collections.abc import Iterable

from .copies import submodules
from .describe import describe

__all__ = ["Watch"]


class TimeUp(BaseException):
    """Raised inside the student's function when its case runs out of time (not an Exception: not caught there); its
    argument is the limit it ran into, in seconds (of CPU time, or by the wall clock)."""


class ForbiddenCall(BaseException):
    """Raised inside the student's function when it calls a forbidden library function."""


#: How many times the time limit a case may take by the wall clock, whatever CPU time it used: a sleep, a wait for
#: input, a machine so loaded that the case hardly runs (the limit itself counts CPU time, so load does not fail an
#: honest answer).
WALL_CLOCK_FACTOR = 10


class Deadline:
    """`with Deadline(seconds):` raises TimeUp in this thread once it has used `seconds` of CPU time, or once
    WALL_CLOCK_FACTOR times `seconds` have passed by the wall clock (a sleep uses no CPU).

    In the main thread of a system with setitimer (Linux, macOS: a Jupyter kernel runs cells there) timer signals
    stop the code, even inside `time.sleep`; elsewhere a trace function looks at the clocks on every line. CPU time
    is the process's: a loaded machine, which gives the process less of each second, does not shorten it.

    Examples
    --------
    >>> with Deadline(0.05):
    ...     try:
    ...         while True:
    ...             pass
    ...     except TimeUp:
    ...         print("stopped")
    stopped
    """

    def __init__(self, seconds: float | None):
        self.seconds = seconds

    def __enter__(self):
        self.armed = self.seconds is not None
        if not self.armed:
            return self
        self.start, self.cpu_start = time.monotonic(), time.process_time()
        self.wall = WALL_CLOCK_FACTOR * self.seconds
        self.signal = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        if self.signal:
            self.old_handlers = signal.signal(signal.SIGPROF, self._ring), signal.signal(signal.SIGALRM, self._ring)
            self.old_timers = (signal.setitimer(signal.ITIMER_PROF, self.seconds),
                               signal.setitimer(signal.ITIMER_REAL, self.wall))
        else:
            wall_end, cpu_end = self.start + self.wall, self.cpu_start + self.seconds

            def tracer(frame, event, argument):
                if self.armed and (time.process_time() > cpu_end or time.monotonic() > wall_end):
                    self.armed = False
                    raise TimeUp(self.wall if time.monotonic() > wall_end else self.seconds)
                return tracer

            self.old_trace = sys.gettrace()
            sys.settrace(tracer)
        return self

    def _ring(self, signum, frame):
        if self.armed:
            self.armed = False
            raise TimeUp(self.wall if signum == signal.SIGALRM else self.seconds)

    def __exit__(self, *exc_info):
        try:
            self.armed = False  # from here on the timers no longer stop anything
        finally:
            if self.seconds is not None and not self.signal:
                sys.settrace(self.old_trace)
            elif self.seconds is not None:
                used = (time.process_time() - self.cpu_start, time.monotonic() - self.start)
                for timer, number, handler, (remaining, interval), spent in zip(
                        (signal.ITIMER_PROF, signal.ITIMER_REAL), (signal.SIGPROF, signal.SIGALRM), self.old_handlers,
                        self.old_timers, used):
                    signal.setitimer(timer, 0)
                    signal.signal(number, handler)
                    if remaining > 0:  # someone else's timer was running: give it back what is left of it
                        signal.setitimer(timer, max(remaining - spent, 1e-3), interval)
        return False


class Watch:
    """`with Watch(forbid):` raises ForbiddenCall when this thread calls a forbidden function, and remembers it.

    `forbid` holds functions (their code is watched, so `my_bfs = library_bfs` and a wrapper are both seen),
    classes (the functions defined in them) and modules (the functions and classes defined in them, in a package
    also in its submodules). It tells a student who calls the library's answer, as students do in good faith; copies
    of the library's code are judged from the answer's text (`copies`), the same way the grader judges them.

    Examples
    --------
    >>> import fractions
    >>> watch = Watch([fractions])
    >>> watch.label(fractions.Fraction.limit_denominator)
    "the library's Fraction.limit_denominator (from fractions)"
    >>> with watch:
    ...     try:
    ...         fractions.Fraction(1, 3).limit_denominator(2)
    ...     except ForbiddenCall:
    ...         pass
    >>> watch.found
    "the library's Fraction.__new__ (from fractions)"
    """

    def __init__(self, forbid: Iterable):
        self.labels: dict[int, tuple] = {}  # id(code) -> (code, "the library's X")
        for item in forbid:
            for function, name in _functions(item):
                self.labels[id(function.__code__)] = (function.__code__, f"the library's {name}")
        self.found: str | None = None

    def label(self, function) -> str | None:
        """What forbidden code `function` is ("the library's X"), or None."""
        function = _function_of(function)
        return None if function is None else self.labels.get(id(function.__code__), (None, None))[1]

    def _watch(self, frame, event, argument):
        if event == "call" and id(frame.f_code) in self.labels and self.found is None:
            self.found = self.labels[id(frame.f_code)][1]
            raise ForbiddenCall(self.found)

    def __enter__(self):
        # A trace function is called only when a Python function starts (a profile function also on every return
        # and every call of a built-in): far fewer calls. A debugger's or the time limit's trace function is kept,
        # and the watch then profiles instead.
        self.tracing = bool(self.labels) and sys.gettrace() is None
        self.profiling = bool(self.labels) and not self.tracing
        if self.tracing:
            sys.settrace(self._watch)
        elif self.profiling:
            self.old_profile = sys.getprofile()
            sys.setprofile(self._watch)
        return self

    def __exit__(self, *exc_info):
        if self.tracing:
            sys.settrace(None)
        elif self.profiling:
            sys.setprofile(self.old_profile)
        return False


def _functions(item) -> list[tuple]:
    """(function, the name to report) of each function a `forbid=` item stands for."""
    if isinstance(item, types.ModuleType):
        found = []
        for module in submodules(item):
            for value in [value for value in vars(module).values() if callable(value)]:
                inner = _functions(value) if isinstance(value, type) else [(_function_of(value), None)]
                found += [(function, f"{function.__qualname__} (from {module.__name__})") for function, _ in inner
                          if function is not None and function.__globals__ is vars(module)]
        return found
    if isinstance(item, type):
        return [(function, item.__name__ if name == "__init__" else f"{item.__name__}.{name}")
                for name, member in vars(item).items() if (function := _function_of(member)) is not None]
    function = _function_of(item)
    if function is None:
        raise TypeError(f"forbid must hold library functions, classes or modules, got {describe(item)}")
    return [(function, getattr(item, "__name__", function.__name__))]


def _function_of(item):
    """The plain function behind a function, method, staticmethod, classmethod, property or functools.wraps
    wrapper, or None."""
    if isinstance(item, (staticmethod, classmethod)):
        item = item.__func__
    if isinstance(item, property):
        item = item.fget
    try:
        item = inspect.unwrap(item)
    except ValueError:
        return None
    item = getattr(item, "__func__", item)
    return item if isinstance(getattr(item, "__code__", None), types.CodeType) else None

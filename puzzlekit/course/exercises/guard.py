"""The guards `check` puts around each case: a time limit, and the forbidden library functions taken away."""

from __future__ import annotations

import inspect
import signal
import sys
import threading
import time
import types
from collections.abc import Iterable

from .describe import describe

__all__ = ["TakenAway"]


class TimeUp(BaseException):
    """Raised in the student's function at its time limit (its argument, in seconds); `except Exception` misses it."""


class ForbiddenCall(BaseException):
    """Raised inside the student's function when it calls a forbidden library function (see `TakenAway`)."""


#: A case's time limit is of CPU time (load fails no honest answer); by the wall clock it has this many times as long.
WALL_CLOCK_FACTOR = 10


class Deadline:
    """`with Deadline(seconds):` raises TimeUp in this thread once the process has used `seconds` of CPU time, or
    once WALL_CLOCK_FACTOR times `seconds` have passed by the wall clock (a sleep, a wait for input: no CPU). In the
    main thread of a system with setitimer (Linux, macOS: a Jupyter kernel runs cells there) timer signals stop the
    code, even inside `time.sleep`; elsewhere a trace function looks at the clocks on every line."""

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


class TakenAway:
    """`with TakenAway(forbid):` each library function `forbid` names (or a class's methods, a module's and its
    imported submodules' functions and methods) raises ForbiddenCall however it is reached, its code a stub's
    (`stub_code`); `found` then says which was called first, even if the student's code caught the exception.

    Examples
    --------
    >>> import fractions
    >>> away = TakenAway([fractions])
    >>> away.label(fractions.Fraction.limit_denominator)
    "the library's Fraction.limit_denominator (from fractions)"
    >>> with away:
    ...     try:
    ...         fractions.Fraction(1, 3).limit_denominator(2)
    ...     except ForbiddenCall:
    ...         pass
    >>> away.found
    "the library's Fraction.__new__ (from fractions)"
    """

    def __init__(self, forbid: Iterable):
        self.functions: dict = {}  # a plain function -> "the library's X"
        for item in forbid:
            if isinstance(item, types.ModuleType):  # what it and its submodules define, their classes' methods too
                for name, module in list(sys.modules.items()):
                    if not f"{name}.".startswith(f"{item.__name__}.") or f"{name}.".startswith(f"{__package__}."):
                        continue  # another package's, or check's own (`forbidden`, __exit__)
                    own = [value for value in list(vars(module).values()) if getattr(value, "__module__", 0) == name]
                    own += [value for kind in own if isinstance(kind, type) for value in vars(kind).values()]
                    for function in filter(None, map(plain_function, own)):
                        self.functions.setdefault(function, f"the library's {function.__qualname__} (from {name})")
            elif isinstance(item, type):
                for name, member in vars(item).items():
                    if function := plain_function(member):
                        self.functions[function] = f"the library's {item.__name__}" + f".{name}" * (name != "__init__")
            elif plain_function(item) is None:
                raise TypeError(f"forbid must hold library functions, classes or modules, got {describe(item)}")
            else:
                self.functions[plain_function(item)] = f"the library's {getattr(item, '__name__', describe(item))}"
        raising = f"raise __import__({__name__!r}, fromlist=['_']).forbidden"
        self.stubs = {function: stub_code(function, f"{raising}({label!r})")  # made once, swapped in at each case
                      for function, label in self.functions.items()}
        self.found: str | None = None

    def label(self, function) -> str | None:  # "the library's X", or None
        return self.functions.get(plain_function(function))

    def __enter__(self):
        del _CALLED[:]
        self.codes = {function: function.__code__ for function in self.functions}
        for function, stub in self.stubs.items():
            function.__code__ = stub
        return self

    def __exit__(self, *exc_info):
        for function, code in self.codes.items():
            function.__code__ = code
        self.found = _CALLED[0] if _CALLED else None


_CALLED: list[str] = []  # what the stubs of `TakenAway` were called for, the first first


def forbidden(label: str) -> ForbiddenCall:
    """The exception a stub of `TakenAway` raises, remembered first (the student's code may catch it)."""
    _CALLED.append(label)
    return ForbiddenCall(label)


def stub_code(function, statement: str) -> types.CodeType:
    """Code that runs `statement` (a `raise`, naming only built-ins) whatever it is called with, fit to be
    `function.__code__` (as many free variables)."""
    free = function.__code__.co_freevars
    lines = ["def outer():", *(f"    {name} = None" for name in free), "    def stub(*arguments, **options):",
             *([f"        {', '.join(free)}"] if free else []), f"        {statement}", "    return stub"]
    namespace: dict = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - our own text, with a label made by repr
    return namespace["outer"]().__code__


def plain_function(item):
    """The plain function behind a function, method, staticmethod, classmethod or functools.wraps wrapper, or None."""
    if isinstance(item, property):
        item = item.fget
    try:
        item = inspect.unwrap(item)  # a staticmethod's or classmethod's __wrapped__ too (Python 3.10 and later)
    except ValueError:
        return None
    item = getattr(item, "__func__", item)
    return item if isinstance(item, types.FunctionType) else None

"""Automatic feedback for the chapters' exercises: `check` runs the reader's function on cases.

`check` (in `check`) prints what is wrong or that every case passes, under a time limit per case and with calls
of the library's own answer refused (`guard`), copies of its code too (`copies`, the grader's judge as well); each
case runs on a copy of its arguments; matchers accept answers that may differ, and one judge, the grader's too,
says where a result differs or what an answer changed in its arguments (`compare`); values are described short and
the same on every run (`describe`).
"""

from .check import GRADER_VARIABLE, RAISE_VARIABLE, attempt, check, passed
from .compare import FLOAT_TOLERANCE, CloseTo, Matcher, OneOf, Parts, PathOf, Satisfies, difference
from .describe import describe, not_done

__all__ = [
    "check", "passed", "attempt", "not_done", "describe", "difference", "PathOf", "CloseTo", "Parts", "OneOf",
    "Satisfies"
]

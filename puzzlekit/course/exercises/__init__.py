"""Automatic feedback for the chapters' exercises: `check` runs the reader's function on cases, each under a time
limit and on a copy of its arguments, and prints what is wrong. `guard` refuses calls of the library's answer, `copies`
copies of its code (the grader's judge too); `compare` holds the matchers (answers that may differ) and the one judge,
the grader's too, of where a result differs or what an answer changed in its arguments; `describe` writes values short
and the same every run.
"""

from .check import GRADER_VARIABLE, RAISE_VARIABLE, attempt, check, passed
from .compare import FLOAT_TOLERANCE, CloseTo, Matcher, OneOf, Parts, PathOf, Satisfies, difference
from .describe import describe, not_done

__all__ = ["check", "passed", "attempt", "not_done", "describe", "difference", "PathOf", "CloseTo", "Parts",
           "OneOf", "Satisfies"]

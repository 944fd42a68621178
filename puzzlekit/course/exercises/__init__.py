"""Automatic feedback for the chapters' exercises: `check` runs the reader's function on cases and prints what is
wrong. `guard` refuses calls of the library's answer, `copies` copies of its code; `compare` holds the matchers and
the one judge (the grader's too) of a result and of what an answer changed in its arguments; `describe` writes values.
"""

from .check import GRADER_VARIABLE, RAISE_VARIABLE, attempt, check, passed
from .compare import FLOAT_TOLERANCE, CloseTo, Matcher, OneOf, Parts, PathOf, Satisfies, difference
from .describe import describe, not_done

__all__ = ["check", "passed", "attempt", "not_done", "describe", "difference", "PathOf", "CloseTo", "Parts",
           "OneOf", "Satisfies"]

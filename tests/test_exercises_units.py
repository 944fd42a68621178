"""Examples of the exercises package's private helpers (not in an `__all__`; used only inside puzzlekit), each
kept from the doctest it had in its module, one test per helper."""

import functools

from puzzlekit.course.exercises.compare import Matcher, OneOf, first_change, is_matcher, judge, verdict
from puzzlekit.course.exercises.describe import plural
from puzzlekit.course.exercises.guard import plain_function


def test_is_matcher():  # compare.is_matcher
    assert (is_matcher(OneOf(1, 2)), is_matcher(3), is_matcher(Matcher)) == (True, False, False)


def test_judge():  # compare.judge
    assert judge("f(2)", "f", 4, 4) is None
    assert judge("f(0)", "f", None, ValueError, error=ValueError("zero")) is None
    assert judge("f(2)", "f", 5, 4) == ("fail", "✗ f(2) returned 5, expected 4")
    assert judge("f(2)", "f", ..., 4) == ("undone", "f returned `...`")
    assert judge("f(2)", "f", None, 4, error=NotImplementedError()) == ("undone", "f raises NotImplementedError")


def test_verdict():  # compare.verdict
    assert verdict(5, 4) == "5, expected 4"
    assert verdict([1, 2], [1, 3]) == "[1, 2], expected [1, 3] (at index 1: got 2, expected 3)"
    assert verdict([1, 2], [1, 2]) is None


def test_first_change():  # compare.first_change
    said = first_change({(1, 2, 3, 0): 1.2}, {(1, 2, 3, 0): 0.0}, "values")
    assert said == "the entry for (1, 2, 3, 0) was 1.2, now 0.0"
    assert first_change({"a": [1.0, 2.0]}, {"a": [1.0, 2.5]}, "q") == "q['a'][1] was 2.0, now 2.5"
    assert first_change([3, 1, 2], [1, 2, 3], "tiles") == "the entry at index 0 was 3, now 1"
    assert first_change([1.0, float("nan")], [1.0, float("nan")], "x") is None
    assert first_change({3, 1}, {1}, "seen") == "it lost 3"
    assert first_change({"a": 1, "b": 2}, {"a": 1}, "q") == "it lost the key 'b', which was 2"


def test_plain_function():  # guard.plain_function
    assert plain_function(functools.wraps(len)(lambda *a: 0)) is None
    assert plain_function(staticmethod(plain_function)) is plain_function


def test_plural():  # describe.plural
    assert (plural(1, "case"), plural(12, "case"), plural(12, "entry")) == ("1 case", "12 cases", "12 entries")


def test_matcher():  # compare.Matcher: a subclass defines mismatch and __repr__; == works, inside a list too
    class Even(Matcher):
        def mismatch(self, result):
            return None if result % 2 == 0 else f"{result}, which is odd"

        def __repr__(self):
            return "an even number"

    assert (Even() == 4, [3] == [Even()]) == (True, False)

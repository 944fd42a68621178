"""Expected answers that look past the value returned: its very type (`Exactly`) and the work it took (`Counted`
items and `WithinComparisons`). (`check` itself refuses an answer that changes its arguments; `earlier_exercise` in
`exercise_cases` names an earlier exercise that a later one builds on.)

Each expected answer is a matcher for `puzzlekit.course.exercises.check`: its `mismatch(result)` is None for a right
result, or a sentence that says what is wrong (check asks it after the call, so it sees what the call did).
"""

from __future__ import annotations

import numbers

from ..checks import short_repr
from .exercises import Matcher

__all__ = ["Exactly", "Counted", "WithinComparisons"]


class Exactly(Matcher):
    """`value` and of its very type: a count is an `int`, so 2.0 (a float), True or numpy's int64 is not 2.

    Examples
    --------
    >>> Exactly(2) == 2, Exactly(2) == 2.0
    (True, False)
    >>> Exactly(2).mismatch(2.0)
    '2.0, a float: expected the int 2 (the right number, as a float: a count is an int; round it, or return
    int(...) of it)'
    """

    def __init__(self, value):
        self.value = value

    def mismatch(self, result) -> str | None:
        """None if `result` equals the value and has its type, else what differs."""
        if type(result) is type(self.value) and result == self.value:
            return None
        kind, wanted = type(result).__name__, type(self.value).__name__
        if kind == wanted:
            return f"{short_repr(result, 50)}, expected {short_repr(self.value, 50)}"
        hint = ""
        if wanted == "int" and isinstance(result, numbers.Integral) and not isinstance(result, bool):
            hint = " (a whole number, but not Python's own: return int(...) of it)"  # numpy's int64, say
        elif wanted == "int" and isinstance(result, numbers.Real) and result == self.value:
            hint = " (the right number, as a float: a count is an int; round it, or return int(...) of it)"
        elif wanted == "int":
            hint = " (a count is a whole number: return an int)"
        article = "an" if kind[:1] in "aeiou" else "a"
        return f"{short_repr(result, 50)}, {article} {kind}: expected the {wanted} {short_repr(self.value, 50)}{hint}"

    def __repr__(self) -> str:
        return repr(self.value)


class Counted(int):
    """An int that counts the comparisons (<, <=, >, >=) made with it, in `Counted.tally[group]`.

    The tally lives on the class, so copies of the items (a deep copy of a case's arguments) count too.

    Examples
    --------
    >>> items = [Counted(value, "demo") for value in (3, 1, 2)]
    >>> sorted(items), Counted.tally["demo"] > 0
    ([1, 2, 3], True)
    """

    tally: dict = {}

    def __new__(cls, value: int, group):
        item = super().__new__(cls, value)
        item.group = group
        return item

    def __getnewargs__(self):
        return int(self), self.group

    def _count(self) -> None:
        Counted.tally[self.group] = Counted.tally.get(self.group, 0) + 1

    def __lt__(self, other):
        self._count()
        return int.__lt__(self, other)

    def __le__(self, other):
        self._count()
        return int.__le__(self, other)

    def __gt__(self, other):
        self._count()
        return int.__gt__(self, other)

    def __ge__(self, other):
        self._count()
        return int.__ge__(self, other)

    __hash__ = int.__hash__


class WithinComparisons:
    """`expected`, computed by at most `most` comparisons of the items of a group of `Counted` (a merge sort's bound).

    Examples
    --------
    >>> items = [Counted(value, "demo-2") for value in (4, 3, 2, 1)]
    >>> expected = WithinComparisons(sorted(range(1, 5)), "demo-2", most=8, what="a merge sort of 4 items")
    >>> expected.mismatch(sorted(items)) is None
    True
    >>> _ = [a < b for a in items for b in items]
    >>> expected.mismatch(sorted(items))
    '[1, 2, 3, 4], the right answer, but your function compared items 22 times: a merge sort of 4 items needs no
    more than 8'
    """

    def __init__(self, expected, group, most: int, what: str):
        self.expected, self.group, self.most, self.what = expected, group, most, what
        Counted.tally[group] = 0

    def mismatch(self, result) -> str | None:
        """None if `result` equals `expected` and the comparisons stayed within `most`, else what is wrong."""
        from .exercises.compare import difference

        where = difference(result, self.expected)
        if where is not None:
            return f"{short_repr(result, 60)}, expected {short_repr(self.expected, 60)} ({where})"
        made = Counted.tally.get(self.group, 0)
        if made > self.most:
            return (f"{short_repr(result, 60)}, the right answer, but your function compared items {made:,} times: "
                    f"{self.what} needs no more than {self.most:,}")
        return None

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return f"{short_repr(self.expected, 60)} within {self.most:,} comparisons"

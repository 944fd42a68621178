"""Expected answers that look past the value returned: its very type (`Exactly`), the arguments left as they were
(`LeavesAlone`), the work it took (`Counted` items and `WithinComparisons`); and `note_if_wrong`, which names an
earlier exercise when a later one builds on it and it is what is wrong.

Each expected answer is a matcher for `puzzlekit.course.exercises.check`: its `mismatch(result)` is None for a right
result, or a sentence that says what is wrong (check asks it after the call, so it sees what the call did).
"""

from __future__ import annotations

import copy
import sys

from ..checks import short_repr
from .exercise_cases import first_difference
from .exercises import Matcher

__all__ = ["Exactly", "Counted", "WithinComparisons", "LeavesAlone", "note_if_wrong"]


class Exactly(Matcher):
    """`value` and of its very type: a count is an `int`, so 2.0 (a float), True or numpy's int64 is not 2.

    Examples
    --------
    >>> Exactly(2) == 2, Exactly(2) == 2.0
    (True, False)
    >>> Exactly(2).mismatch(2.0)
    '2.0, a float: expected the int 2 (a count is a whole number: return an int)'
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
        hint = " (a count is a whole number: return an int)" if wanted == "int" else ""
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
    """`expected`, computed by at most `most` comparisons of the items of a group of `Counted` (what a merge sort needs).

    Examples
    --------
    >>> items = [Counted(value, "demo-2") for value in (4, 3, 2, 1)]
    >>> expected = WithinComparisons(sorted(range(1, 5)), "demo-2", most=8, what="a merge sort of 4 items")
    >>> expected.mismatch(sorted(items)) is None
    True
    >>> _ = [a < b for a in items for b in items]
    >>> expected.mismatch(sorted(items))
    '[1, 2, 3, 4], the right answer, but your function compared items 22 times: a merge sort of 4 items needs no more than 8'
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


def note_if_wrong(function, cases, exercise: str, later: str) -> bool:
    """Print a note if `function` (an earlier exercise, which `later` may call) gets one of `cases` wrong; True if so.

    Quiet when `function` is right or not written yet: the check of `later` then says what is wrong itself.
    The cases are the function's own (a matcher may look at what the call did to its arguments): build them fresh.

    Examples
    --------
    >>> note_if_wrong(abs, [((-2,), 2)], "exercise 1", "distance")
    False
    >>> note_if_wrong(lambda x: x, [((-2,), 2)], "exercise 1", "distance")
    note: <lambda> (exercise 1) is not right yet: <lambda>(-2) returned -2, expected 2. If distance calls it, fix it first.
    True
    """
    from .exercises import describe, difference, not_done

    name = getattr(function, "__name__", "the function")
    if not_done(function):
        return False
    for arguments, expected in cases:
        call = f"{name}({', '.join(describe(a) for a in arguments)})"
        try:
            result = function(*arguments)
        except NotImplementedError:
            return False
        except Exception as error:  # noqa: BLE001 - the reader's code may raise anything; say so
            wrong = f"{call} raised {type(error).__name__}"
        else:
            if result is Ellipsis:
                return False
            if hasattr(expected, "mismatch"):
                where = expected.mismatch(result)
                wrong = f"{call}: {where}"
            else:
                where = difference(result, expected)
                wrong = f"{call} returned {short_repr(result, 40)}, expected {short_repr(expected, 40)}"
            if where is None:
                continue
        print(f"note: {name} ({exercise}) is not right yet: {wrong}. If {later} calls it, fix it first.")
        return True
    return False


def _same(a, b) -> bool:
    """Whether `a` and `b` hold the same values (numpy arrays entry by entry, NaN equal to NaN; else as dicts, lists)."""
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(a, numpy.ndarray):
        return isinstance(b, numpy.ndarray) and a.shape == b.shape and bool(numpy.array_equal(a, b, equal_nan=True))
    return first_difference(a, b) is None


class LeavesAlone:
    """`expected` (a value or a matcher), returned by a call that left its argument `argument` as it was.

    `check` asks after the call, so this sees what the function did to the list it was given (`name` in messages).

    Examples
    --------
    >>> items = [3, 1, 2]
    >>> expected = LeavesAlone([1, 2, 3], items, "items")
    >>> expected.mismatch(sorted(items)) is None
    True
    >>> items.sort()
    >>> expected.mismatch(items)
    'returned the right answer, but changed items, its argument, to [1, 2, 3] (it was [3, 1, 2]): return a new one and leave items as it was'
    """

    def __init__(self, expected, argument, name: str):
        self.expected, self.argument, self.name = expected, argument, name
        self.before = copy.deepcopy(argument)

    def mismatch(self, result) -> str | None:
        """None if `result` is right and the argument unchanged, else what is wrong."""
        from .exercises.compare import Matcher, difference, is_matcher

        if is_matcher(self.expected):
            wrong = self.expected.mismatch(result)
            if wrong is not None:
                return wrong if isinstance(self.expected, Matcher) else f"returned {wrong}"
        else:
            where = difference(result, self.expected)
            if where is not None:
                return f"returned {short_repr(result, 60)}, expected {short_repr(self.expected, 60)} ({where})"
        if not _same(self.argument, self.before):
            return (f"returned the right answer, but changed {self.name}, its argument, to "
                    f"{short_repr(self.argument, 50)} (it was {short_repr(self.before, 50)}): return a new one and "
                    f"leave {self.name} as it was")
        return None

    def __eq__(self, other) -> bool:
        return self.mismatch(other) is None

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self.expected)

"""Expected answers that say why a wrong answer is wrong, not only that it differs: a count of work off one way or
the other (`ExpandedCount`), a number off in one of its parts (`BranchingFactor`), a list of moves with one too many
or one missing (`CloserMoves`).

Each is a matcher for `puzzlekit.course.exercises.check` (its `mismatch(result)` completes "f(...) returned ..."),
and works the right answer out itself, so that a check cell never holds the reference solution's code.
"""

from __future__ import annotations

import math

from ..checks import short_repr
from .exercises import Matcher

__all__ = ["ExpandedCount", "BranchingFactor", "CloserMoves"]


class ExpandedCount(Matcher):
    """The number of states a best-first search (A*, uniform-cost) expands: `count`; a wrong count says which way it
    is off and what usually causes that.

    Examples
    --------
    >>> expected = ExpandedCount(663)
    >>> expected == 663, expected.mismatch(666)
    (True, '666, expected 663: 3 more than A* expands. Skip a state taken off the frontier that was already expanded \
(a stale entry, left behind when a shorter path to it was found), and stop when the goal comes off the frontier, \
before expanding it')
    >>> expected.mismatch(659)
    '659, expected 663: 4 fewer than A* expands. Test for the goal when a state comes off the frontier, not when it is \
generated: the first path to the goal generated is not always the shortest'
    """

    def __init__(self, count: int, what: str = "A*"):
        self.count, self.what = count, what

    def __repr__(self) -> str:
        return f"{self.count} states expanded"

    def mismatch(self, result) -> str | None:
        if isinstance(result, bool) or not isinstance(result, int):
            return f"{short_repr(result, 40)}, expected a whole number (an int): the states expanded"
        if result == self.count:
            return None
        if result > self.count:
            return (f"{result}, expected {self.count}: {result - self.count} more than {self.what} expands. Skip a "
                    f"state taken off the frontier that was already expanded (a stale entry, left behind when a "
                    f"shorter path to it was found), and stop when the goal comes off the frontier, before expanding "
                    f"it")
        return (f"{result}, expected {self.count}: {self.count - result} fewer than {self.what} expands. Test for the "
                f"goal when a state comes off the frontier, not when it is generated: the first path to the goal "
                f"generated is not always the shortest")


class BranchingFactor(Matcher):
    """The effective branching factor b* of `expanded` states at `depth`, rounded to 2 decimals: `value`; a wrong one
    is told which part is off (the interval searched, the sum, the rounding).

    Examples
    --------
    >>> expected = BranchingFactor(52, 5, 1.92)
    >>> expected == 1.92, expected.mismatch(1.91)
    (True, '1.91, expected 1.92: b* = 1.91 gives 1.91 + 1.91² + ... + 1.91^5 = 51.3 states, not 52; narrow \
[low, high] until it is far less than 0.01 wide, then round its middle with round(b, 2), not cut it')
    >>> expected.mismatch(1.9167)
    '1.9167, expected 1.92: round b* to 2 decimals, round(b, 2)'
    >>> BranchingFactor(84, 3, 4.0).mismatch(3.0)
    '3.0, expected 4.0: b* = 3.0 gives 3.0 + 3.0² + 3.0^3 = 39 states, not 84; b* is higher: does your interval \
[low, high] reach it? (b* can be any number from 0 up to the states expanded)'
    """

    def __init__(self, expanded, depth: int, value: float):
        self.expanded, self.depth, self.value = expanded, depth, value

    def __repr__(self) -> str:
        return repr(self.value)

    def mismatch(self, result) -> str | None:
        if isinstance(result, bool) or not isinstance(result, (int, float)):
            return f"{short_repr(result, 40)}, expected a number: b* to 2 decimals"
        if abs(result - self.value) <= 1e-9:
            return None
        said = f"{short_repr(result, 20)}, expected {self.value}"
        if math.isnan(result):
            return f"{said}: NaN is no number of children (a 0 / 0, or inf - inf, somewhere?)"
        if round(result, 2) == self.value or abs(round(result, 2) - self.value) < 1e-9:
            return f"{said}: round b* to 2 decimals, round(b, 2)"
        terms = f"{result} + {result}²" + (f" + ... + {result}^{self.depth}" if self.depth > 3 else
                                            f" + {result}^3" if self.depth == 3 else "")
        terms = terms if self.depth > 1 else f"{result}"
        try:
            total = sum(result ** k for k in range(1, self.depth + 1))
        except OverflowError:
            total = math.inf
        if not math.isfinite(total):
            shown = "too many to count"
        else:
            shown = f"{total:,.0f}" if abs(total - round(total)) < 0.05 or total > 1e4 else f"{total:,.1f}"
        where = f"{said}: b* = {result} gives {terms} = {shown} states, not {self.expanded}"
        if abs(result - self.value) <= 0.02:
            return (f"{where}; narrow [low, high] until it is far less than 0.01 wide, then round its middle with "
                    f"round(b, 2), not cut it")
        if result < self.value:
            return (f"{where}; b* is higher: does your interval [low, high] reach it? (b* can be any number from 0 up "
                    f"to the states expanded)")
        return (f"{where}; b* is lower: does your interval [low, high] start low enough? (below 1 when fewer states "
                f"were expanded than the depth)")


def _moves(count) -> str:
    return "an unknown number of moves" if count is None else f"{count} move{'' if count == 1 else 's'}"


class CloserMoves(Matcher):
    """The directions, in the order 'u', 'r', 'd', 'l', that take `board` one move closer to the goal, by `distance`
    (board -> its distance); a wrong list is told which direction is wrong and why.

    Examples
    --------
    >>> distance = {(1, 2, 3, 0): 0, (1, 0, 3, 2): 1, (1, 2, 0, 3): 1, (0, 1, 3, 2): 2}
    >>> expected = CloserMoves((1, 0, 3, 2), distance)
    >>> expected == ["d"], expected.mismatch(["d", "l"])
    (True, "['d', 'l'], but 'l' leads to a board 2 moves from the goal, not 0: not a move closer")
    >>> expected.mismatch([])
    "[], without 'd', which leads to a board 0 moves from the goal, one closer"
    >>> CloserMoves((1, 2, 3, 0), distance).mismatch(["x"])
    "['x'], but the blank cannot move 'x' here: it can move 'u' or 'l'"
    """

    def __init__(self, board, distance: dict):
        self.board, self.distance = tuple(board), distance

    def __repr__(self) -> str:
        return f"the moves one closer to the goal from {short_repr(self.board, 40)}"

    def _moves(self) -> dict:
        from ..sliding.board import successors

        return dict(successors(self.board))

    def expected(self) -> list[str]:
        """The right answer, worked out here, outside the reader's notebook."""
        here = self.distance[self.board]
        return [direction for direction, next_board in self._moves().items()
                if self.distance.get(next_board) == here - 1]

    def mismatch(self, result) -> str | None:
        expected = self.expected()
        if result == expected and isinstance(result, list):
            return None
        shown = short_repr(result, 60)
        if not isinstance(result, list):
            return f"{shown}, expected a list of directions such as ['u', 'r'] ({short_repr(expected, 30)} here)"
        moves, here = self._moves(), self.distance[self.board]
        for direction in result:
            if not isinstance(direction, str) or direction not in moves:
                can = " or ".join(repr(move) for move in moves)
                return f"{shown}, but the blank cannot move {short_repr(direction, 20)} here: it can move {can}"
            if direction not in expected and here == 0:
                return f"{shown}, but the board is the goal: no move takes it closer"
            if direction not in expected:
                return (f"{shown}, but {direction!r} leads to a board {_moves(self.distance.get(moves[direction]))} "
                        f"from the goal, not {here - 1}: not a move closer")
        missing = next((direction for direction in expected if direction not in result), None)
        if missing is not None:
            return f"{shown}, without {missing!r}, which leads to a board {_moves(here - 1)} from the goal, one closer"
        if len(result) != len(expected):
            return f"{shown}: each move once, please"
        return f"{shown}: the right moves, in another order; list them in the order 'u', 'r', 'd', 'l'"

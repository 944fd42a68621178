"""What a search is given, checked at its door: the problem (a board becomes one), the heuristic and its estimates.

The engines behind the searches (`puzzlekit.search._engines`) trust what passed here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from ..checks import short_repr
from ..problem import Problem

__all__: list[str] = []  # as_problem is the searches' door, not a learner's

# The largest estimate a search accepts: far beyond any distance, and small enough that f = g_weight * g + h
# stays a float (an int estimate such as 10 ** 400 would not fit one).
MAX_ESTIMATE = 1e300


def as_problem(problem) -> Problem:
    """A `Problem` as it is; a board (any sequence of ints, a numpy array too) becomes `Problem.for_board(board)`.

    Examples
    --------
    >>> as_problem([1, 2, 0, 3])  # Problem.for_board
    SlidingPuzzle((1, 2, 0, 3), goal=(1, 2, 3, 0))
    >>> as_problem(7)
    Traceback (most recent call last):
    ...
    TypeError: a search needs a Problem or a board (a sequence of ints), got 7 (int)
    """
    if isinstance(problem, Problem):
        return problem
    if isinstance(problem, Iterable) and not isinstance(problem, (str, bytes, dict, set, frozenset)):
        return Problem.for_board(problem)
    raise TypeError(f"a search needs a Problem or a board (a sequence of ints), got {short_repr(problem)} "
                    f"({type(problem).__name__})")


def heuristic_of(problem: Problem, h) -> Callable:
    """`h` as a function of a state of `problem`: a function as it is, or a heuristic's name the problem knows.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> heuristic_of(SlidingPuzzle((1, 2, 0, 3)), 'manhattan')((1, 2, 0, 3))
    1
    >>> heuristic_of(SlidingPuzzle((1, 2, 0, 3)), ['manhattan'])
    Traceback (most recent call last):
    ...
    TypeError: a heuristic is a name or a function of a board, got ['manhattan'] (list)
    """
    if h is None:
        raise ValueError("an informed search needs a heuristic h: a function of a state, or a name such as 'manhattan'")
    estimate = problem.heuristic(h)
    if estimate is not h:
        return estimate  # built by the problem (from a name, or from one of its own heuristics): trusted
    return checked_heuristic(h)  # the learner's own function: each value is checked as it comes


def checked_heuristic(h: Callable) -> Callable:
    """`h`, whose every value is checked with `check_estimate` (an int from 0 to MAX_ESTIMATE passes at once).

    Examples
    --------
    >>> checked_heuristic(len)((1, 2, 3))
    3
    >>> checked_heuristic(lambda state: -1)((1, 2, 3, 0))
    Traceback (most recent call last):
    ...
    ValueError: the heuristic gave -1 for (1, 2, 3, 0); an estimate must be a finite number, 0 or more
    """

    def estimate(state):
        value = h(state)
        if type(value) is int and 0 <= value <= MAX_ESTIMATE:
            return value
        return check_estimate(value, state)

    return estimate


def check_estimate(value, state):
    """`value` if it is a heuristic estimate a search can use (a number, 0 or more, finite); ValueError otherwise.

    A learner's heuristic is wrapped at the search's door (`checked_heuristic`), which calls it on every value.

    Examples
    --------
    >>> check_estimate(3, (1, 2, 3, 0))
    3
    >>> check_estimate(float('nan'), (1, 2, 3, 0))
    Traceback (most recent call last):
    ...
    ValueError: the heuristic gave nan for (1, 2, 3, 0); an estimate must be a finite number, 0 or more
    """
    return _check_addable(value, "the heuristic gave {} for " + short_repr(state), "an estimate")


def check_step_cost(value, state, action):
    """`value` if it is a step cost a search can add up, as `check_estimate` (but True and False are no costs).

    Examples
    --------
    >>> check_step_cost(-1, (1, 2, 0, 3), 'r')
    Traceback (most recent call last):
    ...
    ValueError: step_cost gave -1 for action 'r' in (1, 2, 0, 3); a step cost must be a finite number, 0 or more
    """
    return _check_addable(value, f"step_cost gave {{}} for action {short_repr(action)} in {short_repr(state)}",
                          "a step cost", refused=(str, bytes, bool))


def _check_addable(value, gave: str, kind: str, refused: tuple = (str, bytes)):
    """`value` if a search can add it up (a number from 0 to MAX_ESTIMATE); the ValueError `gave` and `kind` word."""
    try:
        good = not isinstance(value, refused) and bool(0 <= value <= MAX_ESTIMATE)
    except (TypeError, ValueError):  # not a number, or an array (whose truth is ambiguous)
        good = False
    if not good:
        too_large = isinstance(value, (int, float)) and MAX_ESTIMATE < value < math.inf
        raise ValueError(f"{gave.format(short_repr(value))}; {kind} must be a finite number, 0 or more"
                         + (f", at most {MAX_ESTIMATE:g}" if too_large else ""))
    return value

"""The problem protocol every search runs on; `SlidingPuzzle` (`puzzlekit.sliding.puzzle`) implements it for boards.

A puzzle becomes a search problem by saying five things, as in the textbook:

1. the initial state, ``problem.initial`` (any hashable value; a board is a tuple of ints);
2. the actions possible in a state, ``problem.actions(state)``;
3. the result of an action, ``problem.result(state, action)``, a new state;
4. the goal test, ``problem.is_goal(state)``;
5. the step cost, ``problem.step_cost(state, action, next_state)``: 1 unless a problem says
   otherwise, so the cost of a path is its number of actions. Most searches of
   `puzzlekit.search` count steps and rely on unit costs; `uniform_cost_search` adds up
   `step_cost` and finds the cheapest path for any costs of 0 or more (`TileCostPuzzle`,
   where moving tile n costs n, is such a problem).

To add a puzzle of your own, subclass `Problem` and write the first four; that is all a
search needs. Optional methods make it faster or better informed: ``successors(state)``
returns the (action, state) pairs of a state in one go (the default calls `actions` and
`result`); ``heuristic(h)`` turns a heuristic, or its name, into a function of a state (the
default accepts any function of a state); ``predecessors(state)``, with a single goal state
``problem.goal``, lets a search run backwards from the goal (bidirectional search). States must
be hashable, because the searches keep them in sets and dicts. The docstring of `Problem` adds
a puzzle in a dozen lines. A search checks the problem and its start once, at its door, and
trusts the states it makes from there: the methods need not check them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

__all__ = ["Problem"]

State = Hashable
Action = Hashable


class Problem:
    """The protocol of a search problem: `initial`, `actions`, `result`, `is_goal`; `step_cost` 1 by default.

    Subclass it and write those; `successors`, `step_cost` and `heuristic` have defaults.

    Examples
    --------
    >>> class Doubling(Problem):
    ...     '''From 1, reach `goal` by adding one or doubling.'''
    ...     initial = 1
    ...     def __init__(self, goal):
    ...         self.goal = goal
    ...     def actions(self, state):
    ...         return ['+1', '*2']
    ...     def result(self, state, action):
    ...         return state + 1 if action == '+1' else state * 2
    ...     def is_goal(self, state):
    ...         return state == self.goal
    >>> from puzzlekit.search import astar_search, breadth_first_search
    >>> breadth_first_search(Doubling(10)).path
    [1, 2, 4, 5, 10]
    >>> astar_search(Doubling(10), h=lambda state: 0).actions
    ['+1', '*2', '+1', '*2']
    """

    initial: State

    def actions(self, state: State) -> Iterable[Action]:
        """The actions possible in `state`; a subclass must say.

        Examples
        --------
        >>> Problem().actions(0)
        Traceback (most recent call last):
        ...
        NotImplementedError: Problem must define actions(state)
        """
        raise NotImplementedError(f"{type(self).__name__} must define actions(state)")

    def result(self, state: State, action: Action) -> State:
        """The state after doing `action` in `state`; a subclass must say.

        Examples
        --------
        >>> Problem().result(0, '+1')
        Traceback (most recent call last):
        ...
        NotImplementedError: Problem must define result(state, action)
        """
        raise NotImplementedError(f"{type(self).__name__} must define result(state, action)")

    def is_goal(self, state: State) -> bool:
        """True if `state` solves the problem; a subclass must say.

        Examples
        --------
        >>> Problem().is_goal(0)
        Traceback (most recent call last):
        ...
        NotImplementedError: Problem must define is_goal(state)
        """
        raise NotImplementedError(f"{type(self).__name__} must define is_goal(state)")

    def successors(self, state: State) -> list[tuple[Action, State]]:
        """The (action, state) pairs one step from `state`, from `actions` and `result`; override it for speed.

        Examples
        --------
        >>> class Steps(Problem):
        ...     def actions(self, state):
        ...         return [1, 2]
        ...     def result(self, state, action):
        ...         return state + action
        >>> Steps().successors(10)
        [(1, 11), (2, 12)]
        """
        return [(action, self.result(state, action)) for action in self.actions(state)]

    def step_cost(self, state: State, action: Action, next_state: State) -> float:
        """The cost of doing `action` in `state`, which leads to `next_state`: 1 unless a subclass says otherwise.

        A cost must be a number, 0 or more. `uniform_cost_search` adds the costs up along a
        path; the other searches count the actions, which is the same thing when every cost is 1.

        Examples
        --------
        >>> Problem().step_cost(1, '+1', 2)
        1
        """
        return 1

    def predecessors(self, state: State) -> list[tuple[Action, State]]:
        """The (action, previous state) pairs with ``result(previous, action) == state``; a subclass may say.

        Only a search that runs backwards from the goal (bidirectional search) needs it; the
        default says that this problem cannot.

        Examples
        --------
        >>> Problem().predecessors(0)
        Traceback (most recent call last):
        ...
        NotImplementedError: Problem must define predecessors(state) to be searched backwards from its goal
        """
        raise NotImplementedError(
            f"{type(self).__name__} must define predecessors(state) to be searched backwards from its goal"
        )

    def heuristic(self, h) -> Callable[[State], float]:
        """`h` as a function of a state: here `h` itself; a problem that knows heuristics by name overrides this.

        Examples
        --------
        >>> Problem().heuristic(abs)(-3)
        3
        >>> Problem().heuristic('manhattan')
        Traceback (most recent call last):
        ...
        ValueError: Problem knows no heuristics by name; pass a function of a state, got 'manhattan'
        """
        if callable(h) and not isinstance(h, str):
            return h
        raise ValueError(
            f"{type(self).__name__} knows no heuristics by name; pass a function of a state, got {h!r}"
        )

    @staticmethod
    def for_board(board: Sequence[int], goal: Sequence[int] | None = None) -> Problem:
        """The problem of sliding `board` to `goal`: what a search makes of a board it is given instead of a problem.

        The puzzles sit above the protocol, so the protocol imports none: the package's face, which stands
        above them, sets `board_problem` (a `SlidingPuzzle`, its module loaded on first use).

        Examples
        --------
        >>> Problem.for_board([1, 2, 0, 3])
        SlidingPuzzle((1, 2, 0, 3), goal=(1, 2, 3, 0))
        """
        return board_problem(board, goal)


# What a search makes of a bare board, set by `puzzlekit/__init__.py` when the package is imported.
board_problem: Callable[[Sequence[int], Sequence[int] | None], Problem] | None = None

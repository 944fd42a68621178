"""The problem protocol every search runs on, and `SlidingPuzzle`, which implements it for boards.

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
a puzzle in a dozen lines. A problem whose methods check the state they are given (as
`SlidingPuzzle`'s do) may also define ``_successors``, ``_predecessors``, ``_is_goal`` and
``_step_cost``, the same without the check: the searches call those on the states they make
themselves from the checked start.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

from .board import BLANK, Board, check_pair, check_reachable, slide
from .checks import short_repr
from .grid import DIRECTIONS, _swapped, step_table

__all__ = ["Problem", "SlidingPuzzle", "TileCostPuzzle"]

State = Hashable
Action = Hashable

# The blank's move that undoes each move: 'u' <-> 'd', 'r' <-> 'l'.
_UNDO = {direction: DIRECTIONS[(i + 2) % 4] for i, direction in enumerate(DIRECTIONS)}


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

        Examples
        --------
        >>> Problem.for_board([1, 2, 0, 3])
        SlidingPuzzle((1, 2, 0, 3), goal=(1, 2, 3, 0))
        """
        return SlidingPuzzle(board, goal)


class SlidingPuzzle(Problem):
    """Sliding a board's blank until it shows `goal`: the 8-puzzle, any N x N board, the sun/moon board.

    `board` becomes the start, `initial`. States are boards (tuples, row-major, 0 the blank);
    actions are the blank's moves 'u', 'r', 'd', 'l' (see `puzzlekit.board.slide`). The board is checked once, here: it must
    be a valid board for `goal` (the tiles in order with the blank last when None; a token
    board such as sun/moon needs its goal) and it must be able to reach it. A board of the
    wrong parity is refused at once, before any search could waste its time.

    Examples
    --------
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 7, 0, 8))
    >>> puzzle.goal
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    >>> puzzle.actions(puzzle.initial)
    ['u', 'r', 'l']
    >>> puzzle.is_goal(puzzle.result(puzzle.initial, 'r'))
    True
    >>> SlidingPuzzle((1, 2, 3, 4, 5, 6, 8, 7, 0))
    Traceback (most recent call last):
    ...
    ValueError: board (1, 2, 3, 4, 5, 6, 8, 7, 0) cannot reach the goal (1, 2, 3, 4, 5, 6, 7, 8, 0): \
the parity of its inversions differs, and no slide changes it (see chapter 2)
    """

    def __init__(self, board: Sequence[int], goal: Sequence[int] | None = None):
        cells, target, size = check_pair(board, goal)
        self.initial: Board = check_reachable(cells, target, size)
        self.goal: Board = target
        self.size: int = size
        # For each cell of the blank, the (direction, cell it moves to) pairs, in the order u, r, d, l.
        self._moves = step_table(size)
        self._targets: list[dict[str, int]] = [dict(pairs) for pairs in self._moves]
        self._swap = _swapped

    def _check_state(self, state) -> Board:
        """`state` as a tuple, after checking that it is a board of this puzzle (the goal's size and tiles)."""
        return check_pair(state, self.goal)[0]

    def __repr__(self) -> str:
        return f"SlidingPuzzle({self.initial}, goal={self.goal})"

    def actions(self, state: Board) -> list[str]:
        """The blank's possible moves, in the order 'u', 'r', 'd', 'l'.

        Examples
        --------
        >>> SlidingPuzzle((1, 2, 3, 0)).actions((1, 2, 3, 0))
        ['u', 'l']
        """
        state = self._check_state(state)
        return [direction for direction, _ in self._moves[state.index(BLANK)]]

    def result(self, state: Board, action: str) -> Board:
        """The board after the blank moves `action`.

        Examples
        --------
        >>> SlidingPuzzle((1, 2, 3, 0)).result((1, 2, 3, 0), 'u')
        (1, 0, 3, 2)
        """
        state = self._check_state(state)
        blank = state.index(BLANK)
        target = self._targets[blank].get(action) if isinstance(action, str) else None
        if target is None:
            slide(state, action)  # not a move here: the board module raises the error that says why
        return self._swap(state, blank, target)

    def is_goal(self, state: Board) -> bool:
        """True if `state` is the goal board.

        Examples
        --------
        >>> SlidingPuzzle((1, 2, 0, 3)).is_goal((1, 2, 3, 0))
        True
        """
        return self._is_goal(self._check_state(state))

    def _is_goal(self, state: Board) -> bool:
        return state == self.goal

    def successors(self, state: Board) -> list[tuple[str, Board]]:
        """The (move, board) pairs one move of the blank away, like `puzzlekit.successors`.

        Examples
        --------
        >>> SlidingPuzzle((1, 2, 3, 0)).successors((1, 2, 3, 0))
        [('u', (1, 0, 3, 2)), ('l', (1, 2, 0, 3))]
        """
        return self._successors(self._check_state(state))

    # The searches call the three methods below on the boards they make themselves, from the checked start:
    # they are the methods above without the check of the board (see puzzlekit.search.result.state_methods).

    def _successors(self, state: Board) -> list[tuple[str, Board]]:
        blank, exchange = state.index(BLANK), self._swap
        return [(direction, exchange(state, blank, target)) for direction, target in self._moves[blank]]

    def predecessors(self, state: Board) -> list[tuple[str, Board]]:
        """The (move, board) pairs one move before `state`: each board and the blank's move that turns it into `state`.

        A move is undone by the opposite move, so these are the successors, each with the opposite direction.

        Examples
        --------
        >>> SlidingPuzzle((1, 2, 3, 0)).predecessors((1, 2, 3, 0))
        [('d', (1, 0, 3, 2)), ('r', (1, 2, 0, 3))]
        """
        return self._predecessors(self._check_state(state))

    def _predecessors(self, state: Board) -> list[tuple[str, Board]]:
        return [(_UNDO[direction], board) for direction, board in self._successors(state)]

    def heuristic(self, h) -> Callable[[Board], int]:
        """`h` as a fast function of a board heading for this goal.

        `h` may be a name ('misplaced', 'manhattan', 'linear_conflict'), one of the functions of
        `puzzlekit.heuristics` (then it is bound to this problem's goal), or any function of a board.

        Examples
        --------
        >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
        >>> puzzle.heuristic('manhattan')(puzzle.initial)
        2
        """
        from .heuristics import for_goal

        return for_goal(h, self.goal)


class TileCostPuzzle(SlidingPuzzle):
    """A sliding puzzle where moving tile n costs n: the cheapest path is not always the shortest.

    Everything else is `SlidingPuzzle`'s. The cost of a path is the sum of the tiles it moves;
    `uniform_cost_search` finds the cheapest, `breadth_first_search` the fewest moves.

    Examples
    --------
    >>> puzzle = TileCostPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> puzzle.step_cost(puzzle.initial, 'r', puzzle.result(puzzle.initial, 'r'))
    7
    >>> puzzle
    TileCostPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8), goal=(1, 2, 3, 4, 5, 6, 7, 8, 0))
    """

    def __repr__(self) -> str:
        return f"TileCostPuzzle({self.initial}, goal={self.goal})"

    def step_cost(self, state: Board, action: str, next_state: Board) -> int:
        """The tile that the move slides: it stands where the blank stood, in `next_state`.

        Examples
        --------
        >>> TileCostPuzzle((1, 2, 0, 3)).step_cost((1, 2, 0, 3), 'r', (1, 2, 3, 0))
        3
        """
        state, next_state = self._check_state(state), self._check_state(next_state)
        moves = {board: direction for direction, board in self._successors(state)}
        if next_state not in moves or (action is not None and action != moves[next_state]):
            raise ValueError(
                f"next_state {short_repr(next_state)} is not the board after the blank moves "
                f"{short_repr(action)} from {short_repr(state)}"
            )
        return self._step_cost(state, action, next_state)

    def _step_cost(self, state: Board, action: str, next_state: Board) -> int:
        return next_state[state.index(BLANK)]

"""`SlidingPuzzle`, the search `Problem` of sliding a board to its goal, and `TileCostPuzzle`.

The protocol itself is `puzzlekit.problem`; `SlidingPuzzle` is what a search makes of a bare board
(`Problem.for_board`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..checks import check_collection
from ..problem import Problem
from .board import BLANK, Board, check_pair, check_reachable, slide
from .grid import DIRECTIONS, _swapped, step_table

__all__ = ["SlidingPuzzle", "TileCostPuzzle"]

# The blank's move that undoes each move: 'u' <-> 'd', 'r' <-> 'l'.
_UNDO = {direction: DIRECTIONS[(i + 2) % 4] for i, direction in enumerate(DIRECTIONS)}


class SlidingPuzzle(Problem):
    """Sliding a board's blank until it shows `goal`: the 8-puzzle, any N x N board, the sun/moon board.

    `board` becomes the start, `initial`. States are boards (tuples, row-major, 0 the blank);
    actions are the blank's moves 'u', 'r', 'd', 'l' (see `puzzlekit.sliding.board.slide`). The board is checked
    once, here: it must be a valid board for `goal` (the tiles in order with the blank last when None; a token
    board such as sun/moon needs its goal) and it must be able to reach it. A board of the
    wrong parity is refused at once, before any search could waste its time. The searches trust the
    boards they make from it: `successors`, `predecessors`, `is_goal` and `step_cost` take a tuple
    board of this puzzle and check nothing; `actions` and `result`, which a learner calls, check.

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
        return state == self.goal

    def successors(self, state: Board) -> list[tuple[str, Board]]:
        """The (move, board) pairs one move of the blank away, like `puzzlekit.successors`.

        Examples
        --------
        >>> SlidingPuzzle((1, 2, 3, 0)).successors((1, 2, 3, 0))
        [('u', (1, 0, 3, 2)), ('l', (1, 2, 0, 3))]
        """
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
        return [(_UNDO[direction], board) for direction, board in self.successors(state)]

    def heuristic(self, h) -> Callable[[Board], int]:
        """`h` as a fast function of a board heading for this goal.

        `h` may be a name ('misplaced', 'manhattan', 'linear_conflict'), one of the functions of
        `puzzlekit.sliding.heuristics` (then it is bound to this problem's goal), or any function of a board.

        Examples
        --------
        >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
        >>> puzzle.heuristic('manhattan')(puzzle.initial)
        2
        """
        from .heuristics import for_goal

        return for_goal(h, self.goal)


def as_sliding_puzzle(problem) -> SlidingPuzzle:
    """A `SlidingPuzzle` as it is; a board (a sequence of ints, a numpy array too) becomes `SlidingPuzzle(board)`.

    Examples
    --------
    >>> as_sliding_puzzle([1, 2, 0, 3])
    SlidingPuzzle((1, 2, 0, 3), goal=(1, 2, 3, 0))
    >>> as_sliding_puzzle("1 2 0 3")
    Traceback (most recent call last):
    ...
    TypeError: problem must be a board or a SlidingPuzzle, got '1 2 0 3' (str)
    """
    if isinstance(problem, SlidingPuzzle):
        return problem
    return SlidingPuzzle(check_collection(problem, "problem", "a board or a SlidingPuzzle", dicts=False))


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
        return next_state[state.index(BLANK)]


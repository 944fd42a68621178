"""A game to play by hand: a board, a move counter, and the moves of the original game's `SlidingPuzzleGame`."""

from __future__ import annotations

from collections.abc import Sequence

from ..checks import check_choice, check_int, make_rng
from .board import (
    BLANK,
    Board,
    check_cells,
    check_goal,
    check_pair,
    check_reachable,
    inversions,
    random_board,
)
from .grid import DIRECTIONS, _swapped, slide_target, step_table

__all__ = ["SlidingPuzzleGame"]


class SlidingPuzzleGame:
    """A sliding puzzle being played: the board, its goal and the number of moves made.

    Parameters
    ----------
    size : the width of the board (3 for the 8-puzzle).
    board : the starting board; by default the goal, so call `shuffle()` to play.
    seed : makes `shuffle()` repeatable (an int, a random.Random or a numpy Generator).
    goal : the board to reach; by default tiles in order with the blank last.

    Examples
    --------
    >>> game = SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
    >>> game.move_hole('r')
    (8, 7)
    >>> game.is_solved(), game.move_count
    (True, 1)
    """

    def __init__(self, size: int = 3, board: Sequence[int] | None = None, seed=None,
                 goal: Sequence[int] | None = None):
        goal_cells, size = check_goal(goal, size)
        if board is not None:
            board_size = check_cells(board)[1]
            if board_size != size:
                raise ValueError(f"board is {board_size}x{board_size} but size is {size}; pass size={board_size}")
        self.size = size
        self.goal: Board = goal_cells
        self._rng = make_rng(seed)
        self.board = goal_cells if board is None else board

    @property
    def board(self) -> Board:
        """The board as a tuple, row-major, 0 for the blank."""
        return self._board

    @board.setter
    def board(self, board: Sequence[int]) -> None:
        """Setting the board starts a new game from it: the counter goes to 0 and `reset()` comes back here."""
        cells, goal, size = check_pair(board, self.goal)
        self._board = check_reachable(cells, goal, size)
        self._board = self.start = cells
        self.move_count = 0

    def __repr__(self) -> str:
        return f"SlidingPuzzleGame(size={self.size}, board={self.board}, move_count={self.move_count})"

    def _repr_svg_(self) -> str:
        from .display import show

        return show(self.board)._repr_svg_()

    @staticmethod
    def count_transpositions(board: Sequence[int]) -> int:
        """The inversions of the tiles (the blank left out); even means solvable on 3x3.

        Examples
        --------
        >>> SlidingPuzzleGame.count_transpositions([1, 3, 4, 2, 0, 7, 5, 8, 6])
        5
        """
        return inversions(check_cells(board)[0])

    def is_solved(self) -> bool:
        """True when the board is the goal.

        Examples
        --------
        >>> SlidingPuzzleGame().is_solved()
        True
        """
        return self._board == self.goal

    def shuffle(self) -> Board:
        """Start a new game: a random board that can reach the goal and is not already solved.

        Examples
        --------
        >>> game = SlidingPuzzleGame(seed=1)
        >>> game.shuffle()
        (6, 7, 8, 5, 4, 1, 0, 2, 3)
        >>> game.is_solved()
        False
        """
        self.board = random_board(self.size, seed=self._rng, goal=self.goal)
        return self._board

    def reset(self) -> Board:
        """Go back to the board this game started from, with the counter at zero.

        Examples
        --------
        >>> game = SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> game.move_hole('l')
        (6, 7)
        >>> game.reset()
        (1, 2, 3, 4, 5, 6, 7, 0, 8)
        """
        self._board = self.start
        self.move_count = 0
        return self._board

    def _slide(self, tile: int, blank: int) -> None:
        self._board = _swapped(self._board, blank, tile)
        self.move_count += 1

    def move_hole(self, direction: str) -> tuple[int, int]:
        """Move the blank 'u', 'r', 'd' or 'l'; return where the tile and the blank were.

        Examples
        --------
        >>> game = SlidingPuzzleGame(board=(1, 0, 3, 4, 2, 5, 7, 8, 6))
        >>> game.move_hole('d')
        (4, 1)
        >>> game.move_hole('d')
        (7, 4)
        >>> game.move_hole('d')
        Traceback (most recent call last):
        ...
        ValueError: the blank at (2, 1) cannot move 'd' (down): it is on the bottom row
        """
        check_choice(direction, "direction", DIRECTIONS)
        blank = self._board.index(BLANK)
        target = slide_target(blank, self.size, direction)
        self._slide(target, blank)
        return target, blank

    def move_tile(self, row: int, col: int) -> int | None:
        """Slide the tile at (row, col) into the blank next to it; return the index it moved to, or None.

        Examples
        --------
        >>> game = SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> game.move_tile(0, 0) is None
        True
        >>> game.move_tile(2, 2)
        7
        """
        for name, value in (("row", row), ("col", col)):
            check_int(value, f"{name} (on the board, a row or column)", minimum=0, maximum=self.size - 1)
        return self.move_tile_by_index(int(row) * self.size + int(col))

    def move_tile_by_index(self, i: int) -> int | None:
        """Slide the tile at index `i` into the blank next to it; return the index it moved to, or None.

        Examples
        --------
        >>> game = SlidingPuzzleGame(board=(1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> game.move_tile_by_index(8), game.board
        (7, (1, 2, 3, 4, 5, 6, 7, 8, 0))
        """
        i = check_int(i, "index (on the board, a cell)", minimum=0, maximum=len(self._board) - 1)
        blank = self._board.index(BLANK)
        if blank not in (target for _, target in step_table(self.size)[i]):
            return None
        self._slide(i, blank)
        return blank

"""Policies as pictures: on each board an arrow shows where the policy moves the blank (SVG, or text elsewhere).

`greedy_policy(q)` reads the best move of each board from a table (a dict of `q_learning`, or an array
of `value_iteration` with its state space); `show_policy(policy)` draws it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..checks import check_collection, check_int, check_type, short_repr
from ..learning.qtable import check_dict_table, check_table
from ..sliding.board import BLANK, check_cells
from ..sliding.display import COLOURS, BoardPicture
from ..sliding.grid import DIRECTIONS, check_direction

__all__ = ["greedy_policy", "show_policy"]

ARROWS = dict(zip(DIRECTIONS, "↑→↓←"))  # the text picture's arrow for each move
_STEP = {"u": (0, -1), "r": (1, 0), "d": (0, 1), "l": (-1, 0)}  # (dx, dy) on the page
_WALL_COLOUR = "#d1495b"  # an arrow into the wall (a move the sun-and-moon rewards allow, at a price)


def greedy_policy(q, boards: Sequence | None = None, space=None) -> dict:
    """The best move of each board, board -> 'u', 'r', 'd' or 'l' (ties to the first, in that order).

    `q` is a dict table (board -> 4 values), or an array table (its state space, `space`, is
    found from its shape), as `value_iteration(...).q`. `boards` picks the boards (all the table's boards by default;
    the goal, where nothing is learned, and boards the table has not seen are left out).

    Examples
    --------
    >>> greedy_policy({(1, 2, 0, 3): [0.81, 1.0, float("-inf"), float("-inf")]})
    {(1, 2, 0, 3): 'r'}
    >>> from puzzlekit.sliding.state_space import state_space
    >>> from puzzlekit.learning.dynamic_programming import value_iteration
    >>> greedy_policy(value_iteration(state_space(2)).q, [(1, 0, 3, 2)], space=state_space(2))
    {(1, 0, 3, 2): 'd'}
    """
    if isinstance(q, dict):
        check_dict_table(q)
        if space is not None:
            raise TypeError(f"space is for array tables; a dict table needs none, got {short_repr(space)}")
        chosen = q.keys() if boards is None else [check_cells(board)[0] for board in _board_list(boards)]
        policy = {}
        for board in chosen:
            values = q.get(board)
            if values is None or max(values) == min(values) == 0.0:
                continue  # not seen, or nothing learned there yet
            values = list(values)
            policy[board] = DIRECTIONS[values.index(max(values))]
        return policy

    q, table_space = check_table(q, walls=False, space=space)  # TypeError for what is not a table
    if boards is None:
        rows = range(len(table_space.boards))
    else:
        rows = [table_space.row(board) for board in _board_list(boards)]
    return {table_space.board(row): DIRECTIONS[int(np.argmax(q[row]))] for row in rows if row != table_space.goal_row}


def show_policy(policy: Mapping, boards: Sequence | None = None, *, captions: Sequence[str] | None = None,
                columns: int = 6, cell: int = 30) -> PolicyPicture:
    """A picture of `policy` (board -> move): each board with an arrow from the blank to where it moves.

    `boards` picks the boards and their order (by default the policy's); a board the policy has no
    move for is drawn without an arrow. `columns` boards go in a row.

    Examples
    --------
    >>> picture = show_policy({(1, 2, 0, 3): 'r', (1, 0, 3, 2): 'd'}, captions=["1 away", "11 away"])
    >>> print(picture)
    → 1 away    ↓ 11 away
    ┏━━━┳━━━┓   ┏━━━┳━━━┓
    ┃ 1 ┃ 2 ┃   ┃ 1 ┃   ┃
    ┣━━━╋━━━┫   ┣━━━╋━━━┫
    ┃   ┃ 3 ┃   ┃ 3 ┃ 2 ┃
    ┗━━━┻━━━┛   ┗━━━┻━━━┛
    >>> picture._repr_svg_().count("<polygon")
    2
    """
    check_type(policy, "policy", Mapping, "a dict, board -> move ('u', 'r', 'd', 'l')")
    moves = {check_cells(board)[0]: check_direction(action, "a move") for board, action in policy.items()}
    boards = list(moves) if boards is None else [check_cells(board)[0] for board in _board_list(boards)]
    if not boards:
        raise ValueError("show_policy() needs at least one board")
    return PolicyPicture(boards, [moves.get(board) for board in boards], captions=captions, columns=columns, cell=cell)


class PolicyPicture(BoardPicture):
    """Boards with the policy's move drawn on each, in rows of `columns`: SVG in a notebook, text elsewhere.

    Examples
    --------
    >>> PolicyPicture([(1, 2, 0, 3)], ['r']).moves
    ['r']
    """

    def __init__(self, boards: Sequence, moves: Sequence, captions: Sequence[str] | None = None, columns: int = 6,
                 cell: int = 30):
        super().__init__(boards, captions=captions, cell=cell)
        self.moves = list(moves)  # show_policy checked them: one move (or None) per board
        assert len(self.moves) == len(self.boards)
        self.columns = check_int(columns, "columns", minimum=1)  # show_policy's columns, checked here

    def __repr__(self) -> str:
        texts = self.captions or [""] * len(self.boards)
        labelled = [(f"{ARROWS[move]} " if move else "· ") + text for move, text in zip(self.moves, texts)]
        rows = []
        for first in range(0, len(self.boards), self.columns):
            chunk = slice(first, first + self.columns)
            rows.append(repr(BoardPicture(self.boards[chunk], captions=[text.rstrip() for text in labelled[chunk]])))
        return "\n\n".join(rows)

    def _repr_svg_(self) -> str:
        c, gap = self.cell, self.cell // 3
        caption_height = 16 if self.captions else 0
        size = max(int(len(board) ** 0.5) for board in self.boards)
        texts = self.captions or [""] * len(self.boards)
        slot = max(size * c + 8, max(round(len(text) * 6.5) + 4 for text in texts))
        height = size * c + 8 + caption_height
        columns = min(self.columns, len(self.boards))
        lines = -(-len(self.boards) // columns)
        width, total = columns * slot + (columns - 1) * gap, lines * height + (lines - 1) * gap
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
                 f'viewBox="0 0 {width} {total}" font-family="sans-serif">']
        for index, (board, move, text) in enumerate(zip(self.boards, self.moves, texts)):
            line, column = divmod(index, columns)
            x, y = column * (slot + gap), line * (height + gap)
            if text:
                parts.append(f'<text x="{x + slot / 2:g}" y="{y + 12}" font-size="11" text-anchor="middle" '
                             f'fill="#333">{_escape(text)}</text>')
            width_here = int(len(board) ** 0.5)
            x0 = x + (slot - width_here * c - 8) // 2
            parts.append(self._board_svg(board, width_here, x0, y + caption_height))
            if move is not None:
                parts.append(self._arrow(board, width_here, move, x0, y + caption_height))
        parts.append("</svg>")
        return "".join(parts)

    def _arrow(self, board: tuple, size: int, move: str, x0: int, y0: int) -> str:
        """An arrow from the blank's centre toward the cell it moves into (red, and short, into the wall)."""
        c = self.cell
        row, col = divmod(board.index(BLANK), size)
        dx, dy = _STEP[move]
        into_wall = not (0 <= row + dy < size and 0 <= col + dx < size)
        length, shaft, head = c * (0.45 if into_wall else 0.62), c * 0.07, c * 0.2
        cx, cy = x0 + 4 + col * c + c / 2, y0 + 4 + row * c + c / 2
        outline = [(0, -shaft), (length - head, -shaft), (length - head, -head), (length, 0),
                   (length - head, head), (length - head, shaft), (0, shaft)]
        points = " ".join(f"{cx + along * dx - across * dy:.1f},{cy + along * dy + across * dx:.1f}"
                          for along, across in outline)
        fill = _WALL_COLOUR if into_wall else COLOURS.highlight
        return f'<polygon points="{points}" fill="{fill}" stroke="{COLOURS.frame}" stroke-width="1"/>'


def _board_list(boards) -> list:
    check_collection(boards, "boards", "a list of boards")
    return list(boards)


def _escape(text: str) -> str:
    from html import escape

    return escape(text)

"""Hints and solutions for a board in play: A* for a shortest path, else weighted A* (w = 3), within limits.

The playing widgets take their moves and their messages from here, so the strategy is tested
without ipywidgets. A Q-table's greedy moves (`table_plan`) are the other source of a plan.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..checks import check_int, check_real, short_repr
from ..search import astar_search, weighted_astar_search
from ..sliding.board import BLANK, SUN, default_goal, is_token_board, slide
from ..sliding.puzzle import SlidingPuzzle

__all__ = ["hint"]

HINT_WEIGHT = 3  # weighted A*'s w when A* meets its limit: paths a little longer, found far sooner
DEFAULT_MAX_SECONDS = 1.5  # a hint must come while the reader still waits for it
DEFAULT_MAX_EXPANDED = 300_000
TILE_MOVES = {"u": "down", "d": "up", "l": "right", "r": "left"}  # the blank goes one way, its tile the other


@dataclass(frozen=True)
class Plan:
    """Moves of the blank from a board, where they come from, and whether they make a shortest path.

    `source` names the search or table ('A*', 'weighted A*', 'Q-table', 'Q-table (trained)'), and is
    '' when no plan was found within the limits; `note` then says why (or, for weighted A*, why A*
    gave up). `path` holds the boards along a searched plan, the start first.
    """

    actions: tuple = ()
    source: str = ""
    shortest: bool = False
    reaches_goal: bool = True
    note: str = ""
    path: tuple = field(default=(), repr=False)

    @property
    def found(self) -> bool:
        """True if there are moves to play (or nothing to do: the board is the goal)."""
        return bool(self.source)


def _limits(max_seconds, max_expanded) -> dict:
    return {"max_seconds": check_real(max_seconds, "max_seconds", above=0, finite=False),
            "max_expanded": check_int(max_expanded, "max_expanded", minimum=1)}


def _limit_text(result) -> str:
    """How a search stopped, for a message: 'stopped after 1.5 s and 150,000 boards expanded'."""
    return f"stopped after {result.seconds:.1f} s and {result.expanded:,} boards expanded"


def plan_solution(board: Sequence[int], goal: Sequence[int] | None = None, *,
                  max_seconds: float = DEFAULT_MAX_SECONDS, max_expanded: int = DEFAULT_MAX_EXPANDED) -> Plan:
    """The moves from `board` to `goal`: A* (shortest) within the limits, else weighted A* with w = 3.

    The heuristic is linear conflict on numbered tiles, Manhattan distance on sun/moon boards. On
    4x4 and 5x5 boards a shortest path is often out of reach of the limits; weighted A* then finds
    a path, not always shortest, and `note` says why. Without a path within the limits the plan has
    no `source` and `note` says what stopped both searches.

    Examples
    --------
    >>> plan_solution((1, 2, 3, 4, 5, 6, 0, 7, 8))
    Plan(actions=('r', 'r'), source='A*', shortest=True, reaches_goal=True, note='')
    >>> plan_solution((1, 2, 3, 4, 5, 6, 8, 7, 0))
    Traceback (most recent call last):
    ...
    ValueError: board (1, 2, 3, 4, 5, 6, 8, 7, 0) cannot reach the goal (1, 2, 3, 4, 5, 6, 7, 8, 0): ...
    """
    limits = _limits(max_seconds, max_expanded)
    problem = SlidingPuzzle(board, goal)
    h = "manhattan" if is_token_board(problem.goal) else "linear_conflict"
    result = astar_search(problem, h, **limits)
    if result.found:
        return Plan(tuple(result.actions), "A*", True, path=tuple(result.path))
    stopped = _limit_text(result)
    weighted = weighted_astar_search(problem, h, weight=HINT_WEIGHT, **limits)
    if weighted.found:
        return Plan(tuple(weighted.actions), "weighted A*", False,
                    note=f"No shortest path within the limit (A* {stopped}).", path=tuple(weighted.path))
    return Plan(note=(f"No hint within the limit: A* {stopped}, and weighted A* {_limit_text(weighted)}. "
                      "Move a few tiles towards their places and ask again."))


class Planner:
    """`plan_solution` for one goal, remembering each path it finds: a board on it needs no second search.

    A reader who follows the hints walks along the path found for the first one, so each later
    hint is a look-up.

    Examples
    --------
    >>> planner = Planner()
    >>> planner.plan((1, 2, 3, 4, 5, 6, 0, 7, 8)).actions
    ('r', 'r')
    >>> planner.searches, planner.plan((1, 2, 3, 4, 5, 6, 7, 0, 8)).actions, planner.searches
    (1, ('r',), 1)
    """

    def __init__(self, goal: Sequence[int] | None = None, *, max_seconds: float = DEFAULT_MAX_SECONDS,
                 max_expanded: int = DEFAULT_MAX_EXPANDED):
        self.goal = None if goal is None else tuple(goal)  # HintSources' goal, and limits PuzzleBoard checked
        self.max_seconds, self.max_expanded = max_seconds, max_expanded
        self.searches = 0  # how many times a search ran (the others were look-ups)
        self._known: dict = {}  # board -> the plan from there along the path found last

    def plan(self, board: Sequence[int]) -> Plan:
        """The plan from `board`: the rest of a path found before, or a new search.

        Examples
        --------
        >>> Planner().plan((1, 2, 0, 3)).actions
        ('r',)
        """
        cells = tuple(board)
        if cells in self._known:
            return self._known[cells]
        self.searches += 1
        plan = plan_solution(cells, self.goal, max_seconds=self.max_seconds, max_expanded=self.max_expanded)
        if plan.found:
            self._known = {state: Plan(plan.actions[i:], plan.source, plan.shortest, note=plan.note,
                                       path=plan.path[i:])
                           for i, state in enumerate(plan.path[:-1])}
        return plan

    def forget(self) -> None:
        """Forget the paths found so far (the next plan searches again).

        Examples
        --------
        >>> planner = Planner()
        >>> _ = planner.plan((1, 2, 0, 3)); planner.forget(); _ = planner.plan((1, 2, 0, 3)); planner.searches
        2
        """
        self._known.clear()


def table_plan(q, board: Sequence[int], *, name: str | None = None, max_moves: int = 100) -> Plan:
    """The greedy policy of a Q-table from `board`: the move of highest value, as `tabular.Solver` plays it.

    `q` has one row per board of `state_space.state_space(size)` and 4 columns (u, r, d, l); `name` goes
    into the plan's source, 'Q-table (name)'. The plan is not called shortest, and `reaches_goal`
    says whether the moves end at the goal within `max_moves`.

    Examples
    --------
    >>> from puzzlekit.learning.qtable import load_table
    >>> plan = table_plan(load_table()[0], (1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> plan.actions, plan.source, plan.reaches_goal
    (('r', 'r'), 'Q-table', True)
    """
    from ..learning.qtable import check_table
    from ..learning.tabular import greedy_moves

    q, space = check_table(q, "q")
    assert len(board) == space.size ** 2, "a table is offered only for boards of its puzzle (HintSources.add_table)"
    actions, reached = greedy_moves(q, space, space.row(tuple(board)), max_moves)
    return Plan(tuple(actions), "Q-table" if name is None else f"Q-table ({name})", False, reaches_goal=reached)


class HintSources:
    """Where a board's hints and solutions come from, by name: 'astar' (a `Planner`), 'qtable' (the shipped
    table of the 8-puzzle, read on first use), and Q-tables added with `add_table`.

    Examples
    --------
    >>> sources = HintSources((1, 2, 3, 4, 5, 6, 7, 8, 0))
    >>> sources.options()
    [('A*', 'astar'), ('Q-table', 'qtable')]
    >>> sources.plan("qtable", (1, 2, 3, 4, 5, 6, 7, 0, 8)).actions
    ('r',)
    """

    BUILT_IN = ("astar", "qtable")

    def __init__(self, goal: Sequence[int], *, max_seconds: float = DEFAULT_MAX_SECONDS,
                 max_expanded: int = DEFAULT_MAX_EXPANDED):
        self.limits = {"max_seconds": max_seconds, "max_expanded": max_expanded}  # checked by PuzzleBoard
        self.tables: dict = {}  # name -> Q-table; kept when the goal changes, offered when it fits
        self.set_goal(goal)

    def set_goal(self, goal: Sequence[int]) -> None:
        """Aim at another goal (a board of another size, say): the planner starts afresh.

        Examples
        --------
        >>> sources = HintSources((1, 2, 3, 0))
        >>> sources.set_goal((1, 2, 3, 4, 5, 6, 7, 8, 0)); sources.size
        3
        """
        self.goal, self.size = tuple(goal), math.isqrt(len(goal))  # the game's goal
        self.planner = Planner(self.goal, **self.limits)

    @property
    def tables_apply(self) -> bool:
        """True if Q-tables cover the goal: the 2x2 and 3x3 puzzles of numbered tiles with the usual goal."""
        return self.size in (2, 3) and self.goal == default_goal(self.size)

    def options(self) -> list[tuple[str, str]]:
        """The sources that fit the goal, as (label, name) pairs for a menu.

        Examples
        --------
        >>> HintSources(tuple(range(1, 16)) + (0,)).options()
        [('A*', 'astar')]
        """
        options = [("A*", "astar")]
        if self.tables_apply and self.size == 3:
            options.append(("Q-table", "qtable"))
        if self.tables_apply:
            rows = math.factorial(self.size ** 2) // 2
            options += [(f"Q-table ({name})", name) for name, q in self.tables.items()
                        if name != "qtable" and len(q) == rows]
        return options

    def add_table(self, name: str, q) -> None:
        """Offer the Q-table `q` under `name` (not 'astar' or 'qtable').

        Examples
        --------
        >>> from puzzlekit.learning.qtable import load_table
        >>> sources = HintSources((1, 2, 3, 4, 5, 6, 7, 8, 0))
        >>> sources.add_table("copy", load_table()[0]); sources.options()[-1]
        ('Q-table (copy)', 'copy')
        """
        if not isinstance(name, str) or not name.strip():
            raise TypeError(f"name must be a non-empty str, got {short_repr(name)}")
        if name in self.BUILT_IN:
            raise ValueError(f"{name!r} names a built-in source; give the table another name")
        if not self.tables_apply:
            raise ValueError("Q-tables cover the 2x2 and 3x3 puzzles with their usual goal; "
                             "this board is another puzzle")
        from ..learning.qtable import check_table

        q, space = check_table(q, "q")
        if space.size != self.size:
            raise ValueError(f"q is a table of the {space.size}x{space.size} puzzle; the board is "
                             f"{self.size}x{self.size}")
        self.tables[name] = q

    def use_shipped_table(self):
        """Read the table that ships with the course into the 'qtable' source; return its `tabular.Solver`.

        Examples
        --------
        >>> HintSources((1, 2, 3, 4, 5, 6, 7, 8, 0)).use_shipped_table().q.shape
        (181440, 4)
        """
        from ..learning.tabular import Solver

        if not (self.tables_apply and self.size == 3):
            raise ValueError("the shipped table covers the 8-puzzle with its usual goal; this board is another puzzle")
        solver = Solver()
        self.tables["qtable"] = solver.q
        return solver

    def plan(self, source: str, board: Sequence[int]) -> Plan:
        """The plan of the source named `source` from `board`.

        Examples
        --------
        >>> HintSources((1, 2, 3, 0)).plan("astar", (1, 2, 0, 3)).actions
        ('r',)
        """
        if source == "astar":
            return self.planner.plan(board)
        if source == "qtable" and source not in self.tables:
            self.use_shipped_table()
        return table_plan(self.tables[source], board, name=None if source == "qtable" else source)


def piece_name(board: Sequence[int], index: int) -> str:
    """How a message names the piece at cell `index`: 'tile 5', or 'the ☼ at row 1, column 2' on sun/moon.

    Examples
    --------
    >>> piece_name((1, 2, 3, 0), 1), piece_name((1, 1, 1, 2, 1, 2, 2, 0, 2), 3)
    ('tile 2', 'the ☾ at row 2, column 1')
    """
    cells, size = tuple(board), math.isqrt(len(board))
    value = cells[index]
    if not is_token_board(cells):
        return f"tile {value}" if value != BLANK else "the blank"
    if value == BLANK:
        return "the blank"
    return f"the {'☼' if value == SUN else '☾'} at row {index // size + 1}, column {index % size + 1}"


def hint_message(board: Sequence[int], plan: Plan) -> tuple[int | None, str]:
    """The cell of the piece to slide next on `board` and the hint that says so; (None, why) without a plan.

    Examples
    --------
    >>> board = (1, 2, 3, 4, 5, 6, 0, 7, 8)
    >>> hint_message(board, plan_solution(board))
    (7, 'Hint: slide tile 7 left; 2 moves to go (A*, a shortest path).')
    """
    if not plan.found:
        return None, plan.note
    cells = tuple(board)
    if not plan.actions:
        return None, "Already solved."
    action = plan.actions[0]
    index = slide(cells, action).index(BLANK)  # the cell of the piece that moves
    slide_it, left = f"slide {piece_name(cells, index)} {TILE_MOVES[action]}", len(plan.actions)
    if plan.source.startswith("Q-table"):
        return index, f"Hint: {slide_it} (the greedy move of the {plan.source})."
    if plan.shortest:
        return index, f"Hint: {slide_it}; {left} move{'s' * (left != 1)} to go ({plan.source}, a shortest path)."
    who = plan.source[0].upper() + plan.source[1:]
    return index, f"{plan.note} {who}, faster but not always shortest, suggests: {slide_it} (a path of {left} moves)."


def solve_message(plan: Plan) -> str:
    """What the board says when it starts to play `plan`.

    Examples
    --------
    >>> solve_message(plan_solution((1, 2, 3, 4, 5, 6, 0, 7, 8)))
    'Solving: 2 moves (A*, a shortest path).'
    """
    if not plan.found:
        return plan.note
    count = f"{len(plan.actions)} move{'s' * (len(plan.actions) != 1)}"
    if plan.source.startswith("Q-table"):
        return (f"Playing the greedy policy of the {plan.source}: {count}." if plan.reaches_goal else
                f"The {plan.source}'s greedy policy does not reach the goal in {count}; playing them anyway.")
    if plan.shortest:
        return f"Solving: {count} ({plan.source}, a shortest path)."
    return f"{plan.note} Playing {plan.source}'s path instead: {count}, not always the shortest."


def hint(board: Sequence[int], goal: Sequence[int] | None = None, *, max_seconds: float = DEFAULT_MAX_SECONDS,
         max_expanded: int = DEFAULT_MAX_EXPANDED) -> tuple[str | None, str]:
    """The blank's next move towards `goal` ('u', 'r', 'd', 'l'; None without one) and the hint in words.

    Examples
    --------
    >>> hint((1, 2, 3, 4, 5, 6, 0, 7, 8))
    ('r', 'Hint: slide tile 7 left; 2 moves to go (A*, a shortest path).')
    >>> hint((1, 2, 3, 4, 5, 6, 7, 8, 0))
    (None, 'Already solved.')
    """
    plan = plan_solution(board, goal, max_seconds=max_seconds, max_expanded=max_expanded)
    _, text = hint_message(board, plan)
    return (plan.actions[0] if plan.actions else None), text


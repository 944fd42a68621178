"""IDA* for sliding puzzles: pattern databases read incrementally, one tight recursive loop.

It finds the same shortest paths as `puzzlekit.search.ida_star_search`, for boards only, without
events: a move changes one tile's cell, so only that tile's pattern entry is read again (its index
changes by one addition); the move that undoes the last one is never generated.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...checks import check_choice
from ...search.limits import DEFAULT_MAX_EXPANDED_ONE_PATH, Limits
from ...search.result import EXHAUSTED, FOUND, SearchResult
from ..board import BLANK, is_token_board
from ..grid import DIRECTIONS, step_table
from ..puzzle import SlidingPuzzle, as_sliding_puzzle
from .databases import PARTITIONS, PatternDatabases, mirror_cell, pattern_databases

__all__ = ["sliding_ida_star_search"]


NOTHING_LEFT = 1 << 30  # the least f beyond the bound when nothing was left out


class _Stop(Exception):
    """Raised inside the search when a limit is met; carries the limit's name."""


def as_pattern_databases(h, goal: Sequence[int], *, progress=None) -> PatternDatabases:
    """`h` as pattern databases for `goal`: 'manhattan' (one pattern per tile), a name in `PARTITIONS`
    with '+reflect' after it or not, or `PatternDatabases` for that goal whose patterns hold every tile.

    Named databases are built or loaded once per session (then kept: a 6-tile table takes seconds to load), with
    a progress bar while they build as `pattern_databases` shows it (`progress`); `puzzlekit.solve` reads the same ones.

    Examples
    --------
    >>> as_pattern_databases('manhattan', (1, 2, 3, 0))
    PatternDatabases([1, 2, 3], goal=(1, 2, 3, 0), reflect=False)
    """
    if isinstance(h, str):
        names = ["manhattan", *PARTITIONS, *(f"{name}+reflect" for name in PARTITIONS)]
        check_choice(h, "h", names)
        return _named(h, tuple(goal), progress)
    if not isinstance(h, PatternDatabases):
        names = ", ".join(repr(name) for name in ("manhattan", *PARTITIONS))
        raise TypeError(f"h must be one of {names} (with '+reflect' or not) or PatternDatabases, got {h!r}")
    if h.goal != tuple(goal):
        raise ValueError(f"the pattern databases are for the goal {h.goal}, not {tuple(goal)}")
    if not h.covers_every_tile():
        raise ValueError("the sliding IDA* needs patterns that hold every tile (then h = 0 on the goal only)")
    return h


# The named databases loaded this session, (name, goal) -> PatternDatabases: at most 8, the oldest dropped first.
# The one copy in memory (a 6-6-3 set is some 60 MB): the searches and `puzzlekit.solve` alike read it.
_LOADED: dict = {}


def _named(name: str, goal: tuple, progress) -> PatternDatabases:
    if (name, goal) not in _LOADED:
        if name == "manhattan":
            # One tile alone: its database entry is its Manhattan distance (its own moves, the blank free).
            databases = pattern_databases([[tile] for tile in sorted(goal) if tile != BLANK], goal, cache=False)
        else:
            partition, _, reflect = name.partition("+")
            databases = pattern_databases(partition, goal, reflect=bool(reflect), progress=progress)
        databases.sparse_tables()  # the form the search reads, made once
        if len(_LOADED) == 8:
            del _LOADED[next(iter(_LOADED))]
        _LOADED[name, goal] = databases
    return _LOADED[name, goal]


def sliding_ida_star_search(
    problem: SlidingPuzzle | Sequence[int],
    h="manhattan",
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED_ONE_PATH,
    max_seconds: float | None = None,
) -> SearchResult:
    """IDA* on a sliding puzzle with an additive pattern database `h`, fast; a `SearchResult` as every search.

    `h` is 'manhattan', a name in `PARTITIONS` ('5-5-5', '6-6-3': built or loaded from the cache
    the first time, then kept), the same with the reflected lookup ('6-6-3+reflect'), or
    `PatternDatabases` (see `pattern_databases`). `expanded` counts as in `ida_star_search` (the same nodes, in the same
    order, when the path holds no longer cycle than a move and its undoing); `generated` counts
    the boards made, the undoing move left out; `max_frontier` is the longest path held.

    Examples
    --------
    >>> from puzzlekit.search import ida_star_search
    >>> result = sliding_ida_star_search((8, 6, 7, 2, 5, 4, 3, 0, 1))
    >>> result.length, result.expanded == ida_star_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'manhattan').expanded
    (31, True)
    >>> sliding_ida_star_search((1, 2, 3, 4, 5, 6, 0, 7, 8)).actions
    ['r', 'r']
    """
    problem = as_sliding_puzzle(problem)
    if is_token_board(problem.goal):
        raise ValueError("sliding_ida_star_search needs numbered tiles; a token board has none")
    Limits(max_expanded, max_seconds)  # the limits are checked before the databases load
    databases = as_pattern_databases(h, problem.goal)
    limits = Limits(max_expanded, max_seconds)  # the clock starts with the search, not with the loading
    search = _Search(problem, databases, limits)
    status, actions = search.run()
    path = None
    if actions is not None:
        path = [problem.initial]
        for action in actions:
            path.append(problem.result(path[-1], action))
    return SearchResult(method="sliding_ida_star", status=status, path=path, actions=actions, expanded=search.expanded,
                        generated=search.generated, max_frontier=search.deepest + 1, seconds=limits.seconds())


class _Search:
    """The state of one search: the board as a list, each pattern's sparse index, the counts."""

    def __init__(self, problem: SlidingPuzzle, databases: PatternDatabases, limits: Limits):
        size, goal = problem.size, problem.goal
        cells = size * size
        self.cells_list = list(problem.initial)
        self.blank = problem.initial.index(BLANK)
        self.limits = limits
        self.expanded = self.generated = self.deepest = 0
        self.tables = databases.sparse_tables()
        owner, weight = {}, {}
        for number, pattern in enumerate(databases.partition):
            for slot, tile in enumerate(pattern):
                owner[tile], weight[tile] = number, cells**slot
        where = {tile: cell for cell, tile in enumerate(problem.initial)}
        self.index = [sum(weight[tile] * where[tile] for tile in pattern) for pattern in databases.partition]
        # How a move changes the indices: the blank moves `direction`, so the tile there moves the other way.
        steps = {"u": -size, "r": 1, "d": size, "l": -1}
        mirrored = {"u": "l", "l": "u", "d": "r", "r": "d"}  # a move seen in the mirror
        self.effect = [[None] * cells for _ in DIRECTIONS]
        self.reflect = databases.reflect
        if self.reflect:
            rename = databases.rename
            back = {new: old for old, new in rename.items()}
            self.mirror_index = [
                sum(weight[tile] * mirror_cell(where[back[tile]], size) for tile in pattern)
                for pattern in databases.partition
            ]
        for number, direction in enumerate(DIRECTIONS):
            for tile in goal:
                if tile == BLANK:
                    continue
                shift = -steps[direction] * weight[tile]
                if self.reflect:
                    twin = databases.rename[tile]
                    self.effect[number][tile] = (owner[tile], shift, owner[twin],
                                                 -steps[mirrored[direction]] * weight[twin])
                else:
                    self.effect[number][tile] = (owner[tile], shift)
        # For each blank cell and the cell it came from, the moves to try: (target, direction, the moves after).
        table = step_table(size)
        after = [[[] for _ in range(cells + 1)] for _ in range(cells)]  # [cell][came from] (cells: from nowhere)
        for cell in range(cells):
            for came in range(cells + 1):
                after[cell][came].extend(
                    (target, DIRECTIONS.index(direction), after[target][cell])
                    for direction, target in table[cell]
                    if target != came
                )
        self.first_moves = after[self.blank][cells]

    def estimate(self, index) -> int:
        """The sum of the tables at `index` (one index per pattern)."""
        return sum(table[i] for table, i in zip(self.tables, index))

    def run(self) -> tuple[str, list | None]:
        """Deepen the bound on f = g + h until the goal is reached, a limit is met, or nothing is left."""
        h = self.estimate(self.index)
        mirror_h = self.estimate(self.mirror_index) if self.reflect else 0
        self.generated = 1
        if h == 0:
            return FOUND, []
        actions: list[int] = []
        try:
            status = self._deepen(max(h, mirror_h), h, mirror_h, actions)
        except _Stop as stop:
            status = str(stop)
        finally:
            self.expanded, self.generated, self.deepest = self.counts()
        if status == FOUND:
            return status, [DIRECTIONS[direction] for direction in reversed(actions)]
        return status, None

    def _deepen(self, bound: int, h: int, mirror_h: int, actions: list) -> str:
        """The iterations of IDA*, around the depth-first search below (two copies of one loop, see below)."""
        cells, effect, tables, index, mirror_index = self.cells_list, self.effect, self.tables, self.index, None
        if self.reflect:
            mirror_index = self.mirror_index
        expanded, generated, deepest = 0, 1, 0
        checkpoint = min(1024, self.limits.max_expanded)
        check = self._check

        def counts():
            return expanded, generated, deepest

        self.counts = counts

        # The search below the bound: returns -1 when it reaches the goal (the moves pile up in `actions`
        # on the way back), otherwise the least f beyond the bound. `moves` are the blank's moves from
        # `blank` but the one back; `h` the sum of the tables. The goal is the one board with h = 0.
        def dfs(blank, moves, g, h, mirror_h):
            nonlocal expanded, generated, deepest, checkpoint
            if expanded >= checkpoint:
                checkpoint = check(expanded)
            expanded += 1
            generated += len(moves)
            if g > deepest:
                deepest = g
            g += 1
            least = NOTHING_LEFT
            for target, direction, after in moves:
                tile = cells[target]
                pattern, shift = effect[direction][tile]
                table = tables[pattern]
                old = index[pattern]
                new = old + shift
                child_h = h - table[old] + table[new]  # only the moved tile's pattern changes
                f = g + child_h
                if f > bound:
                    if f < least:
                        least = f
                    continue
                if child_h == 0:
                    deepest = max(deepest, g)
                    actions.append(direction)
                    return -1
                cells[blank] = tile
                cells[target] = 0
                index[pattern] = new
                result = dfs(target, after, g, child_h, 0)
                cells[target] = tile
                cells[blank] = 0
                index[pattern] = old
                if result < 0:
                    actions.append(direction)
                    return -1
                if result < least:
                    least = result
            return least

        # The same loop reading the tables twice, for the board and its mirror image, keeping the larger.
        # Written out apart from `dfs` because a test inside the inner loop would slow every search.
        def reflected_dfs(blank, moves, g, h, mirror_h):
            nonlocal expanded, generated, deepest, checkpoint
            if expanded >= checkpoint:
                checkpoint = check(expanded)
            expanded += 1
            generated += len(moves)
            if g > deepest:
                deepest = g
            g += 1
            least = NOTHING_LEFT
            for target, direction, after in moves:
                tile = cells[target]
                pattern, shift, mirror_pattern, mirror_shift = effect[direction][tile]
                table = tables[pattern]
                old = index[pattern]
                new = old + shift
                child_h = h - table[old] + table[new]
                table = tables[mirror_pattern]
                mirror_old = mirror_index[mirror_pattern]
                mirror_new = mirror_old + mirror_shift
                child_mirror_h = mirror_h - table[mirror_old] + table[mirror_new]
                f = g + (child_h if child_h > child_mirror_h else child_mirror_h)
                if f > bound:
                    if f < least:
                        least = f
                    continue
                if child_h == 0:
                    deepest = max(deepest, g)
                    actions.append(direction)
                    return -1
                cells[blank] = tile
                cells[target] = 0
                index[pattern] = new
                mirror_index[mirror_pattern] = mirror_new
                result = reflected_dfs(target, after, g, child_h, child_mirror_h)
                cells[target] = tile
                cells[blank] = 0
                index[pattern] = old
                mirror_index[mirror_pattern] = mirror_old
                if result < 0:
                    actions.append(direction)
                    return -1
                if result < least:
                    least = result
            return least

        search = reflected_dfs if self.reflect else dfs
        while True:
            result = search(self.blank, self.first_moves, 0, h, mirror_h)
            if result < 0:
                return FOUND
            if result == NOTHING_LEFT:
                return EXHAUSTED
            bound = result

    def _check(self, expanded: int) -> int:
        """Called every 1024 expansions and at `max_expanded`: stop if a limit is met; the next checkpoint."""
        stopped = self.limits.stop(expanded)
        if stopped:
            raise _Stop(stopped)
        return min(expanded + 1024, self.limits.max_expanded)

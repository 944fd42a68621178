"""What every search returns: `SearchResult`, the statuses it can have, and `not_found_message`."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["SearchResult"]

# What `SearchResult.status` can say.
FOUND = "found"  # a path to the goal
EXHAUSTED = "exhausted"  # every reachable state was tried: there is no path
CUTOFF = "cutoff"  # depth-limited search met its depth limit: a longer path may exist
STOPPED = ("max_expanded", "max_seconds")  # stopped by that limit before an answer


@dataclass(repr=False)
class SearchResult:
    """What a search found and what it cost.

    `path` is the list of states from the start to the goal and `actions` the moves between them
    (both None without a path). `expanded` counts the states whose successors were generated,
    `generated` the states created (the start included), `max_frontier` the largest number of
    states waiting on the frontier (for the depth-first searches that keep one path, the longest
    path held). `status` is 'found', 'exhausted' (no path exists), 'cutoff' (depth limit met), or the
    name of the limit that stopped the search: 'max_expanded' or 'max_seconds'. `reopened` counts
    the times an expanded state was put back on the frontier because a shorter path to it turned up
    (A* and its weighted forms with `reopen=True`); each reopened state may be expanded again, and
    `expanded` counts every expansion. `cost` is the path's cost, the sum of the problem's step
    costs: the length when every step costs 1, as it does for most problems (None without a path).

    The repr leaves out `path` (long) and `seconds` (different on every run), so a notebook
    shows the same output every time; `==` leaves out `seconds` too. It shows `reopened` only
    when a state was reopened, and `cost` only when it differs from the length.

    Examples
    --------
    >>> from puzzlekit.search import breadth_first_search
    >>> result = breadth_first_search((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> result
    SearchResult(method='breadth_first', status='found', length=2, expanded=3, generated=8, max_frontier=3)
    >>> result.actions
    ['r', 'r']
    """

    method: str
    status: str
    path: list | None
    actions: list | None
    expanded: int
    generated: int
    max_frontier: int
    seconds: float = field(default=0.0, compare=False)  # differs from run to run
    reopened: int = 0
    cost: float | None = None  # None at construction means: one per action (the length)

    def __post_init__(self):
        if self.cost is None and self.actions is not None:
            self.cost = len(self.actions)

    @property
    def length(self) -> int | None:
        """The number of actions on the path, or None without a path."""
        return None if self.actions is None else len(self.actions)

    @property
    def found(self) -> bool:
        """True if the search reached the goal."""
        return self.status == FOUND

    def __repr__(self) -> str:
        reopened = f", reopened={self.reopened}" if self.reopened else ""
        cost = f", cost={self.cost!r}" if self.cost != self.length else ""
        return (
            f"SearchResult(method={self.method!r}, status={self.status!r}, length={self.length}{cost}, "
            f"expanded={self.expanded}, generated={self.generated}, max_frontier={self.max_frontier}{reopened})"
        )

    def summary(self) -> str:
        """One line for a person: what was found, the work done, and the time taken.

        Examples
        --------
        >>> from puzzlekit.search import astar_search
        >>> astar_search((1, 2, 3, 4, 5, 6, 0, 7, 8), 'manhattan').summary()  # doctest: +ELLIPSIS
        'astar: found a path of 2 moves; 2 nodes expanded, 6 generated, at most 3 on the frontier; ... s'
        """
        if self.found:
            what = f"found a path of {self.length} move{'s' * (self.length != 1)}"
            if self.cost != self.length:
                what += f" costing {self.cost:,}"
        elif self.status in STOPPED:
            what = f"stopped by {self.status} without reaching the goal"
        else:
            what = f"no path ({self.status})"
        reopened = f", {self.reopened:,} reopened" if self.reopened else ""
        return (
            f"{self.method}: {what}; {self.expanded:,} nodes expanded{reopened}, {self.generated:,} generated, "
            f"at most {self.max_frontier:,} on the frontier; {self.seconds:.3f} s"
        )


def not_found_message(result: SearchResult) -> str:
    """Why a search that did not reach the goal stopped, in words, for an error message.

    Examples
    --------
    >>> from puzzlekit.search import astar_search
    >>> not_found_message(astar_search((8, 6, 7, 2, 5, 4, 3, 0, 1), 'misplaced', max_expanded=10))
    'astar search stopped (max_expanded) after 10 nodes expanded, short of the goal'
    """
    return (f"{result.method} search stopped ({result.status}) after {result.expanded:,} nodes expanded, "
            "short of the goal")

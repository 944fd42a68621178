"""A search recorded step by step: each board expanded, its depth, what joined the frontier, and the counts.

`trace_search` runs a search of `puzzlekit.search` with an `on_event` callback and turns its
events into frames, one picture each; the search explorer widget shows them one after another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..problem import Problem
from ..search import METHODS, SearchResult, run_search
from ..sliding.puzzle import SlidingPuzzle

__all__ = []

EXPLORER_WEIGHT = 2  # weighted A*'s w in a trace: far enough from A* to see the difference
METHOD_NAMES = {  # each search's name for a person, in the explorer's menu order
    "astar": "A*",
    "ida_star": "IDA*",
    "weighted_astar": f"weighted A* (w = {EXPLORER_WEIGHT})",
    "greedy": "greedy best-first",
    "breadth_first": "breadth-first",
    "iterative_deepening": "iterative deepening",
    "depth_first": "depth-first",
}
# The searches that use a heuristic, and those that hold one path (their 'frontier' is the path's length).
INFORMED_METHODS = frozenset({"astar", "ida_star", "weighted_astar", "greedy"})
ONE_PATH_METHODS = frozenset({"iterative_deepening", "ida_star"})
MAX_TRACED = 1_000_000  # the most boards a trace expands: each one is a frame kept in memory


@dataclass
class Frame:
    """One picture of a search: what happened, on which board, and the counts at that moment.

    `kind` is 'expand' (a board's successors are generated), 'deepen' (iterative deepening or
    IDA* starts again with a new `bound`), 'found' (the goal is reached), or 'path' (one move
    along the path found; `g` is its number and `action` the blank's move). `frontier` is the
    number of boards waiting on the frontier (for the one-path searches, the length of the path
    held), `expanded` the boards expanded so far. `added` lists what joined the frontier at this
    step, as (board, action, g, h, f).
    """

    kind: str
    board: tuple
    g: int = 0
    h: float | None = None
    f: float | None = None
    expanded: int = 0
    frontier: int = 0
    bound: float | None = None
    action: str | None = None
    added: list = field(default_factory=list)


@dataclass
class Trace:
    """A search's result and its frames, in order."""

    result: SearchResult
    frames: list[Frame]

    def count(self, kind: str) -> int:
        """How many frames are of `kind` ('expand', 'deepen', 'found', 'path').

        Examples
        --------
        >>> trace = trace_search((1, 2, 3, 4, 5, 6, 0, 7, 8), "breadth_first")
        >>> trace.count("expand") == trace.result.expanded, trace.count("path")
        (True, 2)
        """
        return sum(frame.kind == kind for frame in self.frames)


class _Recorder:
    """The `on_event` callback of a traced search: it turns events into frames and keeps the frontier's size."""

    def __init__(self, method: str):
        self.method = method
        self.one_path = method in ONE_PATH_METHODS
        self.frames: list[Frame] = []
        self.frontier: set = set()
        self.expanded = 0

    def __call__(self, kind: str, state, info: dict) -> None:
        frames, frontier = self.frames, self.frontier
        if kind == "expand":
            self.expanded += 1
            frontier.discard(state)
            frames.append(Frame("expand", state, info["g"], info.get("h"), info.get("f"), self.expanded,
                                info["g"] + 1 if self.one_path else len(frontier)))
        elif kind == "add":
            if not self.one_path:
                frontier.add(state)
            if frames and frames[-1].kind == "expand" and info.get("parent") == frames[-1].board:
                frames[-1].added.append((state, info["action"], info["g"], info.get("h"), info.get("f")))
                if not self.one_path:
                    frames[-1].frontier = len(frontier)
        elif kind == "deepen":
            frames.append(Frame("deepen", state, 0, expanded=self.expanded, bound=info["bound"]))
        elif kind == "found":
            if self.method in ("breadth_first", "depth_first") and frames and frames[-1].kind == "expand":
                # These test a board for the goal when it is generated: the goal never waits on the frontier.
                if any(added[0] == state for added in frames[-1].added):
                    frames[-1].frontier -= 1
            frames.append(Frame("found", state, info["g"], expanded=self.expanded))


def trace_search(problem: Problem | Sequence[int], method: str = "astar", heuristic="manhattan", *,
                 max_expanded: int = 20_000, max_seconds: float = 60.0) -> Trace:
    """Run the search named `method` on `problem` and record its frames; the path found closes the trace.

    A board becomes a `SlidingPuzzle` towards the usual goal. `heuristic` (a name or a function)
    goes to the informed searches; weighted A* runs with w = 2. `max_expanded` (at most
    `MAX_TRACED`) keeps the recording small; the search stops there, as `run_search` does.

    Examples
    --------
    >>> trace = trace_search((4, 1, 3, 7, 2, 6, 0, 5, 8), "breadth_first")
    >>> trace.result
    SearchResult(method='breadth_first', status='found', length=6, expanded=34, generated=89, max_frontier=22)
    >>> first = trace.frames[0]
    >>> first.kind, first.g, first.frontier, [action for _, action, *_ in first.added]
    ('expand', 0, 2, ['u', 'r'])
    >>> len(trace.frames), trace.frames[-1].board
    (41, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    """
    assert method in METHODS and 1 <= max_expanded <= MAX_TRACED, "SearchExplorer checks its method and limit"
    if not isinstance(problem, Problem):
        problem = SlidingPuzzle(problem)
    recorder = _Recorder(method)
    options = {"max_expanded": max_expanded, "max_seconds": max_seconds, "on_event": recorder}
    if method == "weighted_astar":
        options["weight"] = EXPLORER_WEIGHT
    result = run_search(problem, method, heuristic, **options)
    frames = recorder.frames
    if result.found:
        for number, (state, action) in enumerate(zip(result.path[1:], result.actions), start=1):
            frames.append(Frame("path", state, number, action=action, expanded=result.expanded))
    return Trace(result, frames)

"""Bidirectional breadth-first search: one search forward from the start, one backward from the goal, until they meet.

Each side goes about halfway, so on a graph whose layers grow like b^d it reaches some 2 b^(d/2)
states instead of b^d. It needs a problem with one goal state, `problem.goal`, and
`problem.predecessors(state)`. The short textbook version is `textbook.bidirectional_breadth_first`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..checks import short_repr
from ..problem import Problem
from ._engines import path_to
from .inputs import as_problem
from .limits import DEFAULT_MAX_EXPANDED, Limits, OnEvent
from .result import EXHAUSTED, FOUND, SearchResult

__all__ = ["bidirectional_breadth_first_search"]


def bidirectional_breadth_first_search(
    problem: Problem | Sequence[int],
    *,
    max_expanded: int | None = DEFAULT_MAX_EXPANDED,
    max_seconds: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Breadth-first from both ends, a whole layer at a time on the side with the smaller frontier; a shortest path.

    The forward side expands with `problem.successors`, the backward side with
    `problem.predecessors`; each tests every state it generates against the states the other
    side has reached. A layer is always finished before the other side moves, which is what
    makes the first meeting a shortest path. `expanded` and `generated` add up both sides;
    `max_frontier` is the most states on the two frontiers together.

    Parameters
    ----------
    problem : a `Problem` with `goal` and `predecessors` (a `SlidingPuzzle` has both), or a board.
    max_expanded, max_seconds : stop there with status 'max_expanded' or 'max_seconds' (None: no limit).
    on_event : called as `on_event(kind, state, info)`: 'add' (info: 'parent', 'action', 'g' and
        'side', 'forward' or 'backward'; g counts moves from that side's end), 'expand' (info:
        'g', 'side') and 'found' (info: 'g', the path's length).

    Examples
    --------
    >>> bidirectional_breadth_first_search((4, 1, 3, 7, 2, 6, 0, 5, 8))
    SearchResult(method='bidirectional_breadth_first', status='found', length=6, expanded=13, generated=37, \
max_frontier=12)
    """
    problem = as_problem(problem)
    goal = goal_of(problem)
    limits = Limits(max_expanded, max_seconds, on_event)
    successors, predecessors = problem.successors, problem.predecessors
    start = problem.initial
    # For each side: the states it reached -> (the state it came from, the action between them),
    # its frontier (one layer), the depth of that layer, and how it steps.
    forward = {"parents": {start: None}, "layer": [start], "depth": 0, "name": "forward", "steps": successors}
    backward = {"parents": {goal: None}, "layer": [goal], "depth": 0, "name": "backward", "steps": predecessors}
    expanded, generated, max_frontier = 0, 2 - (start == goal), 2 - (start == goal)
    if on_event:
        for side in (forward, backward):
            on_event("add", side["layer"][0], {"parent": None, "action": None, "g": 0, "side": side["name"]})
    meeting = start if start == goal else None
    stopped = None
    while meeting is None and forward["layer"] and backward["layer"]:
        side, other = (forward, backward) if len(forward["layer"]) <= len(backward["layer"]) else (backward, forward)
        parents, reached_by_other, depth = side["parents"], other["parents"], side["depth"]
        next_layer = []
        for state in side["layer"]:
            stopped = limits.stop(expanded)
            if stopped:
                break
            expanded += 1
            if on_event:
                on_event("expand", state, {"g": depth, "side": side["name"]})
            for action, child in side["steps"](state):
                generated += 1
                if child in parents:
                    continue
                parents[child] = (state, action)
                if on_event:
                    on_event("add", child, {"parent": state, "action": action, "g": depth + 1, "side": side["name"]})
                if child in reached_by_other:
                    meeting = child
                    break
                next_layer.append(child)
            if meeting is not None:
                break
        if stopped:
            break
        side["layer"], side["depth"] = next_layer, depth + 1
        max_frontier = max(max_frontier, len(forward["layer"]) + len(backward["layer"]))
    path = actions = None
    if meeting is not None:
        path, actions = join(forward["parents"], backward["parents"], meeting)
        if on_event:
            on_event("found", goal, {"g": len(actions)})
    status = FOUND if meeting is not None else stopped or EXHAUSTED
    return SearchResult(
        "bidirectional_breadth_first", status, path, actions, expanded, generated, max_frontier, limits.seconds()
    )


def join(forward_parents: dict, backward_parents: dict, meeting) -> tuple[list, list]:
    """The states and actions start -> `meeting` -> goal, from the parents of the two sides.

    Examples
    --------
    >>> join({1: None, 2: (1, '+1')}, {4: None, 2: (4, '*2')}, 2)
    ([1, 2, 4], ['+1', '*2'])
    """
    path, actions = path_to(forward_parents, meeting)
    state = meeting
    while backward_parents[state] is not None:
        state, action = backward_parents[state]  # `action` leads from the previous state to this one
        path.append(state)
        actions.append(action)
    return path, actions


def goal_of(problem: Problem):
    """The one goal state of `problem`, `problem.goal`, that a backward search starts from; TypeError without it.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> goal_of(SlidingPuzzle((1, 2, 0, 3)))
    (1, 2, 3, 0)
    >>> goal_of(Problem())
    Traceback (most recent call last):
    ...
    TypeError: a bidirectional search needs one goal state, problem.goal; Problem has none
    """
    goal = getattr(problem, "goal", None)
    if goal is None:
        raise TypeError(
            f"a bidirectional search needs one goal state, problem.goal; {type(problem).__name__} has none"
        )
    if not problem.is_goal(goal):
        raise ValueError(f"problem.goal {short_repr(goal)} does not pass problem.is_goal")
    return goal

"""The engines behind the public searches: graph search (breadth- and depth-first), best-first search (greedy,
the A* forms, uniform-cost), and bounded depth-first search (depth-limited, iterative deepening, IDA*).

The public searches check their arguments at the door and call these, which trust them: the heuristic `h` is
the problem's own, or the learner's wrapped by `inputs.heuristic_of` so that each value is checked as it comes.
The textbook versions (`puzzlekit.search.textbook`) are the same algorithms in a few lines each, without
limits, statistics and events.
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Callable
from itertools import count

from ..problem import Problem
from .inputs import check_step_cost
from .limits import Limits, OnEvent
from .result import CUTOFF, EXHAUSTED, FOUND, SearchResult


def graph_search(problem: Problem, limits: Limits, on_event: OnEvent | None, method: str, take) -> SearchResult:
    """The engine of breadth-first (`take` = popleft, a queue) and depth-first (`take` = pop, a stack) search.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> graph_search(SlidingPuzzle((1, 2, 0, 3)), Limits(None, None), None, "breadth_first", deque.popleft).path
    [(1, 2, 0, 3), (1, 2, 3, 0)]
    """
    successors, is_goal = problem.successors, problem.is_goal
    start = problem.initial
    parents: dict = {start: None}  # every state reached -> (its parent, the action from it)
    frontier = deque([(start, 0)])  # (state, g): g is its depth
    expanded, generated, max_frontier = 0, 1, 1
    if on_event:
        on_event("add", start, {"parent": None, "action": None, "g": 0})
    found = start if is_goal(start) else None
    stopped = None
    while found is None and frontier:
        stopped = limits.stop(expanded)
        if stopped:
            break
        state, g = take(frontier)
        expanded += 1
        if on_event:
            on_event("expand", state, {"g": g})
        children = successors(state)
        if take is deque.pop:
            children = children[::-1]  # so that the first action is tried first, from the top of the stack
        for action, child in children:
            generated += 1
            if child in parents:
                continue
            parents[child] = (state, action)
            if on_event:
                on_event("add", child, {"parent": state, "action": action, "g": g + 1})
            if is_goal(child):
                found = child
                break
            frontier.append((child, g + 1))
        if len(frontier) > max_frontier:
            max_frontier = len(frontier)
    status = FOUND if found is not None else stopped or EXHAUSTED
    return finish(method, status, parents, found, expanded, generated, max_frontier, limits, on_event)


def finish(
    method, status, parents, found, expanded, generated, max_frontier, limits, on_event, reopened=0, *, cost=None
) -> SearchResult:
    """The `SearchResult` of a search that kept `parents` (state -> (parent, action)); reports 'found'.

    `cost` is the path's cost when the steps cost other than 1 (uniform-cost search); it is the g of 'found'.

    Examples
    --------
    >>> finish("mine", "found", {1: None, 2: (1, '+1')}, 2, 1, 2, 1, Limits(None, None), None)
    SearchResult(method='mine', status='found', length=1, expanded=1, generated=2, max_frontier=1)
    """
    path = actions = None
    if found is not None:
        path, actions = path_to(parents, found)
        if on_event:
            on_event("found", found, {"g": len(actions) if cost is None else cost})
    return SearchResult(
        method, status, path, actions, expanded, generated, max_frontier, limits.seconds(), reopened=reopened, cost=cost
    )


def path_to(parents: dict, state) -> tuple[list, list]:
    """The states and actions from the start to `state`, following `parents` (state -> (parent, action)).

    Examples
    --------
    >>> path_to({'a': None, 'b': ('a', 'step'), 'c': ('b', 'jump')}, 'c')
    (['a', 'b', 'c'], ['step', 'jump'])
    """
    states, actions = [state], []
    while parents[state] is not None:
        state, action = parents[state]
        states.append(state)
        actions.append(action)
    states.reverse()
    actions.reverse()
    return states, actions


def best_first(
    problem: Problem, *, h: Callable | None, g_weight: float = 1, h_weight: float = 1, reopen: bool = True,
    method: str, limits: Limits, on_event: OnEvent | None = None, costs: bool = False,
) -> SearchResult:
    """The engine of greedy search, the A* forms and uniform-cost search: best-first graph search on
    f = g_weight * g + h_weight * h, with a binary heap for the frontier.

    g counts the moves, or with `costs` adds up `problem.step_cost` (then `h` is None: uniform-cost search,
    whose events and result carry g alone). `puzzlekit.search.informed.best_first_search` is the same search
    as the textbook writes it, f a function of the node; tests/test_search.py checks that both agree.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle, manhattan
    >>> best_first(SlidingPuzzle((1, 2, 0, 3)), h=manhattan, method="astar", limits=Limits(None, None)).path
    [(1, 2, 0, 3), (1, 2, 3, 0)]
    """
    successors, is_goal, step_cost = problem.successors, problem.is_goal, problem.step_cost
    informed = h is not None
    if not informed:
        h = no_estimate
    start = problem.initial
    best_g = {start: 0}  # the shortest (cheapest) path found to each reached state (O(1) membership)
    parents: dict = {start: None}
    closed: set = set()  # the states expanded, and not put back on the frontier since
    # Ties on f go to the state with the smaller h (nearer the goal, by its estimate), then to the
    # state added first. The counter makes the order of equal entries the order of insertion, so a
    # search gives the same path and counts on every run, and heapq never has to compare two states
    # (which may not be comparable, and cost time to compare when they are).
    tie = count()
    # With a weight that is not a whole number, f is rounded to 9 decimals, so that values equal in
    # exact arithmetic are equal here too (0.8 * 7 + 1 gives 6.6000000000000005, 0.8 * 2 + 5 gives 6.6):
    # the study's f = g_weight * g + h and the usual f = g + h / g_weight then order states alike.
    inexact = not (float(g_weight).is_integer() and float(h_weight).is_integer())
    if not inexact:
        g_weight, h_weight = int(g_weight), int(h_weight)
    start_h = h(start)
    start_f = round(h_weight * start_h, 9) if inexact else h_weight * start_h
    frontier = [(start_f, start_h, next(tie), 0, start)]
    size = max_frontier = 1  # states on the frontier; the heap may also hold stale entries
    expanded, generated, reopened = 0, 1, 0
    if on_event:
        on_event("add", start, info(informed, None, None, 0, start_h, start_f))
    found = stopped = None
    while frontier:
        f, state_h, _, g, state = heapq.heappop(frontier)
        if g > best_g[state]:
            continue  # stale: a shorter path to this state was put on the frontier after this entry
        size -= 1
        if is_goal(state):  # tested when taken off, not when generated: a shorter path may still turn up
            found = state
            break
        stopped = limits.stop(expanded)
        if stopped:
            break
        expanded += 1
        closed.add(state)
        if on_event:
            on_event("expand", state, {"g": g, "h": state_h, "f": f} if informed else {"g": g})
        child_g = g + 1
        for action, child in successors(state):
            generated += 1
            if costs:
                cost = step_cost(state, action, child)
                if type(cost) is not int or cost < 0:  # a quick test first: most costs are small ints
                    cost = check_step_cost(cost, state, action)
                child_g = g + cost
            old_g = best_g.get(child)
            if old_g is not None:
                if child_g >= old_g:
                    continue
                if child in closed:
                    if not reopen:
                        continue
                    closed.discard(child)  # reopened: back on the frontier, to be expanded again
                    reopened += 1
                    size += 1
            else:
                size += 1
            best_g[child] = child_g
            parents[child] = (state, action)
            child_h = h(child)
            child_f = g_weight * child_g + h_weight * child_h
            if inexact:
                child_f = round(child_f, 9)
            heapq.heappush(frontier, (child_f, child_h, next(tie), child_g, child))
            if on_event:
                on_event("add", child, info(informed, state, action, child_g, child_h, child_f))
        if size > max_frontier:
            max_frontier = size
    status = FOUND if found is not None else stopped or EXHAUSTED
    cost = best_g[found] if costs and found is not None else None
    return finish(method, status, parents, found, expanded, generated, max_frontier, limits, on_event, reopened,
                   cost=cost)


def info(informed: bool, parent, action, g, h, f) -> dict:
    """What an 'add' event tells: the parent, the action and g, with h and f for an informed search."""
    if informed:
        return {"parent": parent, "action": action, "g": g, "h": h, "f": f}
    return {"parent": parent, "action": action, "g": g}


def no_estimate(state) -> int:
    """h = 0: depth-limited search is the bounded depth-first search of IDA* with f = g.

    Examples
    --------
    >>> no_estimate((1, 2, 3, 0))
    0
    """
    return 0


class Tally:
    """The counts of a depth-first search, kept across the iterations of IDS and IDA*.

    Examples
    --------
    >>> Tally().result("ida_star", "exhausted", None, None, Limits(None, None), None).expanded
    0
    """

    def __init__(self):
        self.expanded = self.generated = self.max_frontier = 0

    def result(self, method, status, path, actions, limits, on_event) -> SearchResult:
        """The `SearchResult` with these counts; reports 'found'."""
        if status == FOUND and on_event:
            on_event("found", path[-1], {"g": len(actions)})
        return SearchResult(
            method, status, path, actions, self.expanded, self.generated, self.max_frontier, limits.seconds()
        )


def bounded_depth_first(
    problem: Problem, h: Callable, bound: float, expand_at_bound: bool, limits: Limits, tally: Tally, on_event,
    *, best_depth: dict | None = None,
) -> tuple[str, list | None, list | None, float]:
    """Depth-first through the states with f = g + h(state) <= `bound`, never repeating a state on the path.

    Each state is goal-tested when it is generated. With `expand_at_bound` (IDA*) every state
    within the bound is expanded; without (depth-limited search, h = 0) the states at depth
    `bound` are not. Returns the status, the path and actions if found, and the least f
    beyond the bound (the next bound for IDA*; infinite when nothing was left out).
    `best_depth`, a dict (empty at first), makes it record the depth g at which each state is
    expanded and skip a state met again at that depth or deeper: everything within the bound
    below it was searched from there already.

    Examples
    --------
    >>> from puzzlekit import SlidingPuzzle
    >>> puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    >>> bounded_depth_first(puzzle, no_estimate, 1, False, Limits(None, None), Tally(), None)
    ('cutoff', None, None, 2)
    """
    successors, is_goal = problem.successors, problem.is_goal
    start = problem.initial
    start_h = h(start)
    tally.generated += 1
    tally.max_frontier = max(tally.max_frontier, 1)
    if on_event:
        on_event("add", start, {"parent": None, "action": None, "g": 0, "h": start_h, "f": start_h})
    if is_goal(start):
        return FOUND, [start], [], math.inf
    if bound == 0 and not expand_at_bound:
        return CUTOFF, None, None, 1
    status = limits.stop(tally.expanded)
    if status:
        return status, None, None, math.inf
    tally.expanded += 1
    if best_depth is not None:
        best_depth[start] = 0
    if on_event:
        on_event("expand", start, {"g": 0, "h": start_h, "f": start_h})
    expanded, generated = tally.expanded, tally.generated
    next_bound = math.inf
    path, actions = [start], []
    on_path = {start}  # the states on the path: O(1) cycle check
    stack = [iter(successors(start))]  # for each state on the path, its successors not yet tried
    longest = 1
    while stack:
        for action, child in stack[-1]:
            generated += 1
            if child in on_path:
                continue
            g = len(path)
            if best_depth is not None and best_depth.get(child, math.inf) <= g:
                continue  # expanded before at this depth or a smaller one: nothing new below it
            child_h = h(child)
            f = g + child_h
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            path.append(child)
            actions.append(action)
            if len(path) > longest:
                longest = len(path)
            if on_event:
                on_event("add", child, {"parent": path[-2], "action": action, "g": g, "h": child_h, "f": f})
            if is_goal(child):
                status = FOUND
                break
            if f == bound and not expand_at_bound:
                # Depth-limited search (h = 0, so f = g): the child is at the depth limit, so it is
                # not expanded, and the states beyond it are left out.
                next_bound = bound + 1
                path.pop()
                actions.pop()
                continue
            status = limits.stop(expanded)
            if status:
                break
            expanded += 1
            if on_event:
                on_event("expand", child, {"g": g, "h": child_h, "f": f})
            on_path.add(child)
            if best_depth is not None:
                best_depth[child] = g
            stack.append(iter(successors(child)))
            break
        else:
            # Every successor of the state at the end of the path has been tried: step back.
            stack.pop()
            on_path.discard(path.pop())
            if actions:
                actions.pop()
            continue
        if status:
            break
    tally.expanded, tally.generated = expanded, generated
    tally.max_frontier = max(tally.max_frontier, longest)
    if status == FOUND:
        return FOUND, path, actions, next_bound
    if status:
        return status, None, None, next_bound
    return (EXHAUSTED if next_bound == math.inf else CUTOFF), None, None, next_bound

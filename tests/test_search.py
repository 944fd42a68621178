"""Tests for puzzlekit.search: valid paths, optimal lengths, statistics, limits, events, solve(method=...)."""

import random

import pytest

import puzzlekit
from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START, default_goal, random_board, slide
from puzzlekit.problem import Problem
from puzzlekit.search import (
    DEFAULT_MAX_EXPANDED,
    METHODS,
    SearchResult,
    astar_search,
    breadth_first_search,
    depth_first_search,
    depth_limited_search,
    greedy_best_first_search,
    ida_star_search,
    iterative_deepening_search,
    lambda_astar_search,
    run_search,
    weighted_astar_search,
)
from puzzlekit.sliding.distances import distance_table, rank
from puzzlekit.sliding.heuristics import linear_conflict, manhattan
from puzzlekit.sliding.puzzle import SlidingPuzzle

HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # 31 moves
HARD_4X4 = (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0)  # dozens of moves: far beyond breadth-first


@pytest.fixture(scope="module")
def exact():
    table = distance_table()
    return lambda board: int(table[rank(board)])


def check_path(problem: SlidingPuzzle, result: SearchResult) -> None:
    """The path starts at the start, ends at the goal, and each step is the slide its action names."""
    assert result.status == "found" and result.found
    assert result.path[0] == problem.initial
    assert result.path[-1] == problem.goal
    assert result.length == len(result.actions) == len(result.path) - 1
    for before, action, after in zip(result.path, result.actions, result.path[1:]):
        assert slide(before, action) == after  # the board module's own, checked, slide
    assert len(set(result.path)) == len(result.path)  # no board twice
    assert result.generated >= result.expanded and result.max_frontier >= 1


def random_walk(size: int, moves: int, seed: int, goal=None) -> tuple:
    """A board at most `moves` slides from the goal (fewer if the walk doubles back)."""
    rng = random.Random(seed)
    board = default_goal(size) if goal is None else goal
    problem = SlidingPuzzle(board, board)
    for _ in range(moves):
        board = rng.choice(problem.successors(board))[1]
    return board


def seeded_boards(count: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    return [random_board(3, seed=rng) for _ in range(count)]


OPTIMAL = ["astar", "ida_star", "breadth_first", "iterative_deepening"]


# --- Valid paths, optimal lengths ----------------------------------------------------------------


@pytest.mark.parametrize("method", list(METHODS))
def test_every_method_on_3x3(method, exact):
    for board in [random_walk(3, 12, seed) for seed in range(4)] + seeded_boards(2, 1):
        if method == "iterative_deepening" and exact(board) > 14:
            continue  # exponential: kept for the short boards
        problem = SlidingPuzzle(board)
        result = run_search(problem, method, "linear_conflict")
        check_path(problem, result)
        assert result.method == method
        if method in OPTIMAL:
            assert result.length == exact(board)
        else:
            assert result.length >= exact(board)


@pytest.mark.parametrize("heuristic, count", [("misplaced", 30), ("manhattan", 150), ("linear_conflict", 150)])
def test_astar_is_optimal_on_many_boards(heuristic, count, exact):
    for board in seeded_boards(count, seed=2):
        result = astar_search(SlidingPuzzle(board), heuristic)
        assert result.length == exact(board), board


def test_ida_star_is_optimal_on_many_boards(exact):
    for board in seeded_boards(150, seed=3):
        problem = SlidingPuzzle(board)
        result = ida_star_search(problem, linear_conflict)
        check_path(problem, result)
        assert result.length == exact(board), board
        assert result.max_frontier == result.length + 1  # one path in memory


def test_breadth_first_is_optimal(exact):
    for board in seeded_boards(6, seed=4) + [HARDEST]:
        problem = SlidingPuzzle(board)
        result = breadth_first_search(problem)
        check_path(problem, result)
        assert result.length == exact(board)


def test_iterative_deepening_is_optimal(exact):
    for seed in range(10):
        board = random_walk(3, 16, seed)
        problem = SlidingPuzzle(board)
        result = iterative_deepening_search(problem)
        check_path(problem, result)
        assert result.length == exact(board)


def test_weighted_astar_stays_within_its_weight(exact):
    for board in seeded_boards(60, seed=5):
        one = weighted_astar_search(board, "manhattan", weight=1)
        assert one.length == exact(board)
        for weight in (1.5, 2, 5):
            result = weighted_astar_search(SlidingPuzzle(board), "manhattan", weight=weight)
            assert exact(board) <= result.length <= weight * exact(board)


def test_better_heuristics_expand_fewer_boards():
    boards = seeded_boards(30, 6)
    names = ("misplaced", "manhattan", "linear_conflict")
    counts = {h: sum(astar_search(b, h).expanded for b in boards) for h in names}
    assert counts["misplaced"] > 5 * counts["manhattan"] > 5 * counts["linear_conflict"]


def test_greedy_is_quick_but_not_always_short(exact):
    boards = seeded_boards(30, 8)
    greedy = [greedy_best_first_search(board, "manhattan") for board in boards]
    astar = [astar_search(board, "manhattan") for board in boards]
    assert sum(result.expanded for result in greedy) * 2 < sum(result.expanded for result in astar)
    assert any(result.length > exact(board) for result, board in zip(greedy, boards))


def test_astar_reopens_for_an_inconsistent_heuristic(exact):
    """Admissible but not consistent: the exact distance on some boards, 0 on the others."""
    table = distance_table()

    def patchy(board):
        return int(table[rank(board)]) if hash(board) % 3 == 0 else 0

    for board in seeded_boards(30, seed=7):
        assert astar_search(board, patchy).length == exact(board)
        assert ida_star_search(board, patchy).length == exact(board)


def test_4x4():
    for seed in range(3):
        board = random_walk(4, 40, seed)
        problem = SlidingPuzzle(board)
        methods = ("astar", "ida_star", "greedy", "weighted_astar")
        results = {method: run_search(problem, method, "linear_conflict") for method in methods}
        for result in results.values():
            check_path(problem, result)
        assert results["astar"].length == results["ida_star"].length
        assert results["greedy"].length >= results["astar"].length
    near = SlidingPuzzle(random_walk(4, 10, seed=9))
    results = {method: run_search(near, method) for method in ("breadth_first", "iterative_deepening", "astar")}
    for result in results.values():
        check_path(near, result)
    assert len({result.length for result in results.values()}) == 1


def test_depth_first_on_4x4():
    """On 4x4 boards depth-first search wanders off among 10^13 boards: it finds the goal only down its first moves."""
    goal = tuple(range(16))  # the blank top left: going up first leads there
    two_moves = SlidingPuzzle(slide(slide(goal, "d"), "d"), goal)
    check_path(two_moves, depth_first_search(two_moves))
    far = depth_first_search(random_walk(4, 40, seed=0), max_expanded=20_000)
    assert far.status == "max_expanded" and far.max_frontier > 10_000


# Korf's 15-puzzle instances 55 and 42 (Korf 1985, Table 1) with their published optimal lengths.
@pytest.mark.parametrize(
    "length, board",
    [
        (41, (13, 8, 14, 3, 9, 1, 0, 7, 15, 5, 4, 10, 12, 2, 6, 11)),
        (46, (3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0)),
    ],
)
def test_ida_star_solves_15_puzzles_of_known_length(length, board):
    problem = SlidingPuzzle(board, goal=tuple(range(16)))
    result = ida_star_search(problem, "linear_conflict", max_expanded=None)
    check_path(problem, result)
    assert result.length == length


@pytest.mark.parametrize("method", list(METHODS))
def test_every_method_on_sun_moon(method):
    problem = SlidingPuzzle(SUN_MOON_START, SUN_MOON_GOAL)
    result = run_search(problem, method, "manhattan")
    check_path(problem, result)
    if method in OPTIMAL:
        assert result.length == 13
    for heuristic in ("misplaced", "manhattan"):
        if method in ("astar", "ida_star"):
            assert run_search(problem, method, heuristic).length == 13


@pytest.mark.parametrize("method", list(METHODS))
def test_start_at_the_goal(method):
    result = run_search(SlidingPuzzle(default_goal(3)), method)
    assert result.path == [default_goal(3)] and result.actions == [] and result.length == 0
    assert result.expanded == 0


def test_same_answer_every_time():
    for method in METHODS:
        first = run_search(HARDEST, method, max_expanded=50_000)
        second = run_search(HARDEST, method, max_expanded=50_000)
        assert first == second and repr(first) == repr(second)  # all but the seconds taken


# --- Depth-limited search ----------------------------------------------------------------------


def test_depth_limited_search(exact):
    board = random_walk(3, 8, seed=3)
    distance = exact(board)
    problem = SlidingPuzzle(board)
    below = depth_limited_search(problem, distance - 1)
    assert below.status == "cutoff" and below.path is None and below.length is None
    at = depth_limited_search(problem, distance)
    check_path(problem, at)
    assert at.length == distance
    above = depth_limited_search(problem, distance + 4)
    check_path(problem, above)
    assert distance <= above.length <= distance + 4
    assert depth_limited_search(problem, 0).status == "cutoff"
    assert depth_limited_search(problem, 0).expanded == 0
    with pytest.raises(ValueError, match="depth_limit must be 0 or more"):
        depth_limited_search(problem, -1)
    with pytest.raises(TypeError, match="depth_limit must be an int"):
        depth_limited_search(problem, 2.0)


def test_depth_limited_search_exhausts_a_small_space():
    class Line(Problem):
        """States 0..3 on a line; the goal 9 is not among them."""

        initial = 0

        def actions(self, state):
            return [step for step in (-1, 1) if 0 <= state + step <= 3]

        def result(self, state, action):
            return state + action

        def is_goal(self, state):
            return state == 9

    assert depth_limited_search(Line(), 10).status == "exhausted"
    assert depth_limited_search(Line(), 2).status == "cutoff"
    assert iterative_deepening_search(Line()).status == "exhausted"
    assert ida_star_search(Line(), lambda state: 0).status == "exhausted"
    for search in (breadth_first_search, depth_first_search):
        result = search(Line())
        assert result.status == "exhausted" and result.expanded == 4


# --- Limits --------------------------------------------------------------------------------------


def test_breadth_first_on_a_hard_4x4_stops_at_the_node_limit():
    result = breadth_first_search(SlidingPuzzle(HARD_4X4), max_expanded=10_000)
    assert result.status == "max_expanded" and not result.found
    assert result.path is None and result.actions is None and result.length is None
    assert result.expanded == 10_000


@pytest.mark.parametrize("method", list(METHODS))
def test_every_method_stops_at_the_node_limit(method):
    result = run_search(SlidingPuzzle(HARD_4X4), method, "misplaced", max_expanded=2_000)
    assert result.status == "max_expanded" and result.path is None
    assert result.expanded == 2_000


class Endless(Problem):
    """Counting up from 0 by ones and twos, towards no goal: only a limit can stop a search of it."""

    initial = 0

    def actions(self, state):
        return [1, 2]

    def result(self, state, action):
        return state + action

    def is_goal(self, state):
        return False


@pytest.mark.parametrize("method", ["breadth_first", "astar", "ida_star", "iterative_deepening"])
def test_every_method_stops_at_the_time_limit(method):
    """A problem without a goal: whatever the machine's speed, the time limit is what stops the search."""
    result = run_search(Endless(), method, lambda state: 0, max_seconds=0.05, max_expanded=None)
    assert result.status == "max_seconds" and result.path is None
    assert result.seconds >= 0.05  # it stops once the deadline has passed, not before


def test_limits_are_checked():
    with pytest.raises(ValueError, match="max_expanded must be 0 or more"):
        astar_search(HARDEST, "manhattan", max_expanded=-1)
    with pytest.raises(ValueError, match="max_seconds must be more than 0"):
        breadth_first_search(HARDEST, max_seconds=0)
    with pytest.raises(ValueError, match="weight must be 0 or more"):
        weighted_astar_search(HARDEST, "manhattan", weight=-1)
    with pytest.raises(ValueError, match="needs a heuristic"):
        astar_search(HARDEST, None)


def test_breadth_first_on_4x4_stops_by_itself():
    """Without limits given, breadth-first search on a 4x4 board stops before it fills the memory."""
    result = breadth_first_search(HARD_4X4)
    assert result.status == "max_expanded" and result.expanded == DEFAULT_MAX_EXPANDED <= 1_000_000
    assert result.generated < 4 * DEFAULT_MAX_EXPANDED  # what it remembers, at most
    assert ida_star_search(HARD_4X4, "manhattan", max_expanded=10_000).status == "max_expanded"


# --- Boards that cannot be solved ----------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 4])
def test_unsolvable_boards_are_refused_before_any_search(size):
    goal = default_goal(size)
    swapped = (goal[1], goal[0]) + goal[2:]
    for method in METHODS:
        events = []
        with pytest.raises(ValueError, match="cannot reach the goal"):
            run_search(swapped, method, on_event=lambda *event, events=events: events.append(event))
        with pytest.raises(ValueError, match="cannot reach the goal"):
            puzzlekit.solve(swapped, method=method)
        assert events == []  # refused before the search added its first state


# --- Watching a search ---------------------------------------------------------------------------


def record(search, *args, **kwargs):
    events = []
    result = search(*args, on_event=lambda kind, state, info: events.append((kind, state, dict(info))), **kwargs)
    return result, events


@pytest.mark.parametrize("search", [breadth_first_search, depth_first_search])
def test_events_of_uninformed_search(search):
    board = SUN_MOON_START
    result, events = record(search, SlidingPuzzle(board, SUN_MOON_GOAL))
    kinds = [kind for kind, _, _ in events]
    assert events[0] == ("add", board, {"parent": None, "action": None, "g": 0})
    assert events[-1] == ("found", result.path[-1], {"g": result.length})
    assert kinds.count("expand") == result.expanded
    assert kinds.count("found") == 1
    added, expanded = set(), set()
    for kind, state, info in events[:-1]:
        if kind == "add":
            assert info["parent"] is None or info["parent"] in expanded
            if info["parent"] is not None:
                assert slide(info["parent"], info["action"]) == state
            added.add(state)
        else:
            assert kind == "expand" and state in added and state not in expanded
            expanded.add(state)
    assert kinds.count("add") == len(added)  # no state joins the frontier twice


def test_events_of_astar():
    board = random_walk(3, 14, seed=2)
    result, events = record(astar_search, board, "manhattan")
    kinds = [kind for kind, _, _ in events]
    assert kinds[0] == "add" and kinds[-1] == "found"
    assert kinds.count("expand") == result.expanded
    expand_f = [info["f"] for kind, _, info in events if kind == "expand"]
    assert expand_f == sorted(expand_f)  # a consistent h: f never decreases
    for kind, state, info in events:
        if kind in ("add", "expand"):
            assert info["f"] == info["g"] + info["h"] == info["g"] + manhattan(state)


def test_events_of_ida_star():
    result, events = record(ida_star_search, HARDEST, "manhattan")
    bounds = [info["bound"] for kind, _, info in events if kind == "deepen"]
    assert bounds == sorted(set(bounds)) and bounds[0] == manhattan(HARDEST) and bounds[-1] == 31
    assert sum(kind == "expand" for kind, _, _ in events) == result.expanded
    assert events[-1][0] == "found" and events[-1][2] == {"g": 31}


def test_events_of_iterative_deepening():
    board = random_walk(3, 6, seed=4)
    result, events = record(iterative_deepening_search, board)
    bounds = [info["bound"] for kind, _, info in events if kind == "deepen"]
    assert bounds == list(range(result.length + 1))
    assert sum(kind == "expand" for kind, _, _ in events) == result.expanded


# --- The result ----------------------------------------------------------------------------------


def test_result_repr_leaves_out_what_changes():
    result = astar_search(HARDEST, "manhattan")
    text = repr(result)
    assert text.startswith("SearchResult(method='astar', status='found', length=31, expanded=")
    assert "seconds" not in text and "path" not in text
    assert "31 moves" in result.summary() and " s" in result.summary()
    stopped = breadth_first_search(HARD_4X4, max_expanded=10)
    assert "stopped by max_expanded" in stopped.summary()


def test_counts_of_a_small_search():
    # From one move away the goal is found when generated: the start is expanded, its successors generated.
    result = breadth_first_search((1, 2, 3, 4, 5, 6, 7, 0, 8))
    assert (result.expanded, result.generated, result.max_frontier) == (1, 3, 1)


# --- solve ---------------------------------------------------------------------------------------


def test_solve_runs_the_search_it_is_told(exact):
    from puzzlekit import solve

    path = solve(HARDEST)
    assert len(path) == 32 and path[0] == HARDEST and path[-1] == default_goal(3)
    assert all(isinstance(board, tuple) for board in path)
    for method in OPTIMAL:
        board = random_walk(3, 14, seed=8)
        assert len(solve(board, method=method)) - 1 == exact(board)
    assert len(solve(SUN_MOON_START, SUN_MOON_GOAL)) == 14
    assert len(solve(HARDEST, method="weighted_astar", weight=3)) >= 32
    assert len(solve(random_walk(4, 30, seed=1), method="astar", h=linear_conflict)) >= 1


def test_solve_says_what_went_wrong():
    from puzzlekit import solve

    with pytest.raises(ValueError, match="method must be one of 'astar', .*; got 'dijkstra'"):
        solve(HARDEST, method="dijkstra")
    with pytest.raises(ValueError, match="method must be one of"):
        solve(HARDEST, method=["astar"])  # a list where a name is expected: not "unhashable type"
    with pytest.raises(ValueError, match="no heuristic named 'hamming'"):
        solve(HARDEST, h="hamming")
    with pytest.raises(TypeError, match="a heuristic is a name or a function of a board, got \\['manhattan'\\]"):
        solve(HARDEST, h=["manhattan"])
    with pytest.raises(RuntimeError, match="astar search stopped \\(max_expanded\\) after 100 nodes"):
        solve(HARDEST, max_expanded=100)
    with pytest.raises(ValueError, match="8 cells"):
        solve((1, 2, 3, 4, 5, 6, 7, 0))


# --- Re-opening, and weighted A* in the form of the study of A* with learned values, f = g_weight * g + h ---


def patchy_heuristic():
    """Admissible but not consistent: the exact distance on a third of the boards, 0 on the others."""
    table = distance_table()

    def patchy(board):
        return int(table[rank(board)]) if hash(board) % 3 == 0 else 0

    return patchy


@pytest.mark.parametrize("g_weight", [0.8, 0.5, 0.25])
def test_weighted_bound_with_an_admissible_heuristic(g_weight, exact):
    """With reopening and an admissible h, the path is at most 1 / g_weight (= w) times the shortest."""
    heuristics = ["manhattan", "linear_conflict"]
    if g_weight >= 0.5:
        heuristics.append(patchy_heuristic())  # inconsistent: at lower weights it reopens for seconds
    for board in seeded_boards(40, seed=5):
        bound = exact(board) / g_weight
        for h in heuristics:
            result = lambda_astar_search(board, h, g_weight=g_weight)
            assert exact(board) <= result.length <= bound, (board, h)
        usual = weighted_astar_search(board, "manhattan", weight=1 / g_weight)
        assert exact(board) <= usual.length <= bound


def test_the_bound_needs_reopening_when_h_is_not_consistent(exact):
    patchy = patchy_heuristic()
    boards = seeded_boards(60, seed=5)
    ratios = {reopen: max(lambda_astar_search(board, patchy, g_weight=0.8, reopen=reopen).length / exact(board)
                          for board in boards) for reopen in (True, False)}
    assert ratios[True] <= 1.25 < ratios[False]


def test_astar_without_reopening_loses_optimality_for_an_inconsistent_heuristic(exact):
    patchy = patchy_heuristic()
    boards = seeded_boards(30, seed=7)
    closed = [astar_search(board, patchy, reopen=False) for board in boards]
    opened = [astar_search(board, patchy) for board in boards]
    assert all(result.length == exact(board) for result, board in zip(opened, boards))
    assert any(result.length > exact(board) for result, board in zip(closed, boards))
    assert sum(result.reopened for result in opened) > 0 and all(result.reopened == 0 for result in closed)
    assert all(result.reopened == 0 for result in (astar_search(board, "manhattan") for board in boards))


def test_reopening_is_counted_and_changes_the_search(exact):
    board = (4, 1, 3, 5, 0, 2, 7, 6, 8)  # 18 moves; found by trying seeded boards
    assert exact(board) == 18
    opened, events = record(weighted_astar_search, board, "manhattan", weight=2)  # reopen=True, the default
    closed = weighted_astar_search(board, "manhattan", weight=2, reopen=False)
    assert (opened.length, opened.reopened) == (18, 2)
    assert (closed.length, closed.reopened) == (20, 0)
    # The count is the number of 'add' events for a state that had been expanded.
    expanded, reopened = set(), 0
    for kind, state, _ in events:
        if kind == "expand":
            expanded.add(state)
        elif kind == "add" and state in expanded:
            expanded.discard(state)
            reopened += 1
    assert reopened == opened.reopened
    assert sum(kind == "expand" for kind, _, _ in events) == opened.expanded
    # Over many boards, reopening costs expansions, and changes some paths both ways.
    boards = seeded_boards(60, seed=5)
    pairs = [(weighted_astar_search(b, "manhattan", weight=2), weighted_astar_search(b, "manhattan", weight=2,
                                                                                      reopen=False))
             for b in boards]
    assert sum(a.expanded for a, _ in pairs) > sum(c.expanded for _, c in pairs)
    assert any(a.length < c.length for a, c in pairs) and any(a.length > c.length for a, c in pairs)


@pytest.mark.parametrize("g_weight", [1, 0.8, 0.6, 0.5, 0.25])
def test_the_study_form_is_weighted_astar_with_weight_one_over_g_weight(g_weight):
    """The same order, so the same search: 0.8 and 1 / 0.6 are not exact floats, f is rounded to make up for it."""
    for board in seeded_boards(30, seed=9):
        study_form = lambda_astar_search(board, "manhattan", g_weight=g_weight)
        usual_form = weighted_astar_search(board, "manhattan", weight=1 / g_weight)
        assert study_form.method == "lambda_astar" and usual_form.method == "weighted_astar"
        assert (study_form.path, study_form.expanded, study_form.generated, study_form.reopened) == (
            usual_form.path, usual_form.expanded, usual_form.generated, usual_form.reopened)
        if g_weight == 1:
            assert study_form.path == astar_search(board, "manhattan").path
    greedy = lambda_astar_search(HARDEST, "manhattan", g_weight=0)
    assert greedy.path == greedy_best_first_search(HARDEST, "manhattan").path


def test_the_study_form_reports_its_f():
    events = record(lambda_astar_search, random_walk(3, 10, seed=1), "manhattan", g_weight=0.5)[1]
    for kind, state, info in events:
        if kind in ("add", "expand"):
            assert info["f"] == 0.5 * info["g"] + info["h"] == 0.5 * info["g"] + manhattan(state)


def test_reopening_in_the_result_and_its_checks():
    opened = weighted_astar_search((4, 1, 3, 5, 0, 2, 7, 6, 8), "manhattan", weight=2)
    assert repr(opened).endswith(", reopened=2)") and ", 2 reopened," in opened.summary()
    closed = weighted_astar_search((4, 1, 3, 5, 0, 2, 7, 6, 8), "manhattan", weight=2, reopen=False)
    assert "reopened" not in repr(closed) and "reopened" not in closed.summary()
    assert run_search(HARDEST, "weighted_astar", weight=2, reopen=True) == weighted_astar_search(
        HARDEST, "manhattan", weight=2)
    with pytest.raises(ValueError, match="g_weight must be 0 or more"):
        lambda_astar_search(HARDEST, "manhattan", g_weight=-0.5)
    with pytest.raises(TypeError, match="reopen must be True or False"):
        weighted_astar_search(HARDEST, "manhattan", reopen="yes")
    with pytest.raises(TypeError, match="reopen must be True or False"):
        astar_search(HARDEST, "manhattan", reopen=None)


def test_solve_never_swaps_in_the_fifteen_puzzles_search_but_names_it():
    """Told a method, solve runs it; on a 4x4 board out of A*'s reach its error names the 15-puzzle's own search,
    which a caller then runs explicitly or by leaving the method out."""
    from puzzlekit import solve
    from puzzlekit.sliding.fifteen import korf100, sliding_ida_star_search

    instance = min(korf100(), key=lambda instance: instance.length)  # the shortest of Korf's 100: 41 moves
    with pytest.raises(RuntimeError, match=r"astar search stopped .*leave method out: .* runs sliding_ida_star"):
        solve(instance.board, method="astar", max_expanded=1_000)
    result = sliding_ida_star_search(instance.board, "manhattan", max_expanded=20)
    assert result.method == "sliding_ida_star" and result.status == "max_expanded"


def test_the_engine_and_the_readable_best_first_search_agree():
    """`informed.best_first_search`, the loop a student reads, and `_engines.best_first` behind the named searches
    find the same path and expand and generate as many states, for each f the named searches use. (Greedy search
    leaves an expanded state closed; the readable loop reopens it, as the engine does when told to.)"""
    from puzzlekit.search import uniform_cost_search
    from puzzlekit.search._engines import best_first
    from puzzlekit.search.informed import best_first_search
    from puzzlekit.search.limits import Limits
    from puzzlekit.sliding.puzzle import TileCostPuzzle

    def astar_f(node):
        return node.g + manhattan(node.state), manhattan(node.state)

    def weighted_f(node):
        return node.g + 2 * manhattan(node.state), manhattan(node.state)

    def greedy_f(node):
        return manhattan(node.state)

    def uniform_cost_f(node):
        return node.g

    for board in [random_board(3, seed=seed) for seed in range(8)] + [(8, 6, 7, 2, 5, 4, 3, 0, 1)]:
        puzzle, costly = SlidingPuzzle(board), TileCostPuzzle(board)
        greedy = best_first(puzzle, h=manhattan, g_weight=0, method="greedy", limits=Limits(None, None))
        for problem, engine, f in [
            (puzzle, astar_search(puzzle, manhattan), astar_f),
            (puzzle, greedy, greedy_f),
            (puzzle, weighted_astar_search(puzzle, manhattan, weight=2), weighted_f),
            (costly, uniform_cost_search(costly, max_expanded=None), uniform_cost_f),
        ]:
            readable = best_first_search(problem, f, max_expanded=None)
            assert (readable.path, readable.actions, readable.cost) == (engine.path, engine.actions, engine.cost)
            assert (readable.expanded, readable.generated) == (engine.expanded, engine.generated), engine.method


def test_the_readable_best_first_search_stops_at_its_limit_and_says_when_there_is_no_path():
    from puzzlekit.search.informed import best_first_search

    stopped = best_first_search((8, 6, 7, 2, 5, 4, 3, 0, 1), lambda node: node.g, max_expanded=10)
    assert (stopped.status, stopped.expanded, stopped.path) == ("max_expanded", 10, None)

    class Line(Problem):
        initial = 0

        def actions(self, state):
            return ["+1"] if state < 5 else []

        def result(self, state, action):
            return state + 1

        def is_goal(self, state):
            return state == 9

    nowhere = best_first_search(Line(), lambda node: node.g)
    assert (nowhere.status, nowhere.expanded, nowhere.generated) == ("exhausted", 6, 6)

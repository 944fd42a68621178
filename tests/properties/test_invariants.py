"""Valid inputs keep the invariants: moves make new tuples and leave their input alone, paths are legal slides,
`solve` is as short as the exact distance, parity decides solvability, text round-trips, random boards are solvable.
"""

import copy

import numpy as np
from fuzz_objects import public
from fuzz_values import (
    DIRECTIONS,
    goal_of,
    in_containers,
    is_one_slide,
    parity_solvable,
    permutations_of,
    scrambled,
    slide_blank,
)
from fuzzkit import attempt, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

import puzzlekit

SEARCHES = ["breadth_first_search", "depth_first_search", "iterative_deepening_search", "greedy_best_first_search",
            "astar_search", "weighted_astar_search", "lambda_astar_search", "ida_star_search"]
INFORMED = {"greedy_best_first_search", "astar_search", "weighted_astar_search", "lambda_astar_search",
            "ida_star_search"}
OPTIMAL = {"breadth_first_search", "iterative_deepening_search", "astar_search", "ida_star_search"}

boards_any_size = st.one_of(permutations_of(2), permutations_of(3), permutations_of(4))


def _unchanged(original, given_value):
    if isinstance(original, np.ndarray):
        return np.array_equal(original, given_value)
    return original == given_value


@fuzz_settings(300)
@given(in_containers(boards_any_size), st.sampled_from(DIRECTIONS))
def test_slide_and_move_return_new_tuples_and_leave_their_input_alone(board, direction):
    before = copy.deepcopy(board)
    cells = tuple(int(cell) for cell in board)
    size = int(len(cells) ** 0.5)
    expected = slide_blank(cells, size, direction)
    outcome, value = attempt(puzzlekit.slide, board, direction)
    assert _unchanged(before, board), "slide changed its input"
    assert (outcome == "returned") == (expected is not None), (cells, direction, value)
    if expected is None:
        return
    assert type(value) is tuple and value == expected and value is not board
    tile = expected[cells.index(0)]
    outcome, moved = attempt(puzzlekit.move, board, tile)
    assert outcome == "returned" and type(moved) is tuple and moved == expected, (cells, tile, moved)
    assert _unchanged(before, board), "move changed its input"
    assert sorted(puzzlekit.moves(board)) == sorted(
        t for t in (slide_blank(cells, size, d) for d in DIRECTIONS) if t is not None
        for t in [t[cells.index(0)]]), "moves() lists the tiles next to the blank"
    for name, after in attempt(puzzlekit.successors, board)[1]:
        assert type(after) is tuple and after == slide_blank(cells, size, name)
    assert _unchanged(before, board)


@fuzz_settings(250)
@given(st.one_of(permutations_of(2), permutations_of(3), permutations_of(4), permutations_of(5)))
def test_is_solvable_agrees_with_parity(cells):
    size = int(len(cells) ** 0.5)
    outcome, answer = attempt(puzzlekit.is_solvable, list(cells))
    assert outcome == "returned" and answer == parity_solvable(cells, goal_of(size), size), cells


@fuzz_settings(200)
@given(st.one_of(permutations_of(2), permutations_of(3), permutations_of(4),
                 st.permutations((1, 1, 1, 2, 1, 2, 2, 0, 2))))
def test_parse_board_reads_what_format_board_writes(cells):
    cells = tuple(cells)
    outcome, text = attempt(puzzlekit.format_board, cells)
    assert outcome == "returned" and isinstance(text, str)
    assert attempt(puzzlekit.parse_board, text) == ("returned", cells)


@fuzz_settings(150)
@given(st.sampled_from([2, 3, 4, 5]), st.integers(0, 2**64))
def test_random_board_is_solvable_and_reproducible(size, seed):
    outcome, board = attempt(puzzlekit.random_board, size, seed=seed)
    assert outcome == "returned" and type(board) is tuple and sorted(board) == list(range(size * size))
    assert parity_solvable(board, goal_of(size), size), board
    assert attempt(puzzlekit.random_board, size, seed=seed) == ("returned", board)


def _check_path(path, start, goal, size):
    assert path[0] == tuple(start) and path[-1] == tuple(goal), (path[0], path[-1])
    for before, after in zip(path, path[1:]):
        assert is_one_slide(before, after, size), f"{before} -> {after} is not one slide"


@fuzz_settings(60)
@given(st.sampled_from(SEARCHES), st.one_of(scrambled(2, 10), scrambled(3, 14)),
       st.sampled_from(["manhattan", "misplaced", "linear_conflict"]))
def test_searches_return_legal_paths(name, start, heuristic):
    size = int(len(start) ** 0.5)
    search = public(name, ["puzzlekit.search"])
    args = (start, heuristic) if name in INFORMED else (start,)
    outcome, result = attempt(search, *args, max_expanded=20000, label=name)
    assert outcome == "returned", result
    if not result.found:
        assert name in ("depth_first_search", "greedy_best_first_search"), f"{name} gave up on {start}"
        return
    _check_path(list(result.path), start, goal_of(size), size)
    assert len(result.path) == result.length + 1 == len(result.actions) + 1
    if name in OPTIMAL:
        exact = distances()[puzzlekit.rank(start)] if size == 3 else None
        if exact is not None:
            assert result.length == exact, f"{name} found {result.length} moves, the shortest is {exact}"


_DISTANCES = []


def distances():
    if not _DISTANCES:
        _DISTANCES.append(puzzlekit.distance_table())
    return _DISTANCES[0]


@fuzz_settings(150)
@given(scrambled(3, 40))
def test_solve_is_as_short_as_the_exact_distance(board):
    outcome, path = attempt(puzzlekit.solve, board, max_expanded=200_000)
    assert outcome == "returned", path
    _check_path(list(path), board, goal_of(3), 3)
    assert len(path) - 1 == distances()[puzzlekit.rank(board)]


@fuzz_settings(100)
@given(scrambled(3, 40))
def test_solve_on_a_3x3_board_says_it_ran_astar(board):
    """On 3x3 `solve` picks A* with Manhattan distance and its answer names them (work bounded by max_expanded)."""
    outcome, solution = attempt(puzzlekit.solve, board, max_expanded=200_000)
    assert outcome == "returned", solution
    assert (solution.method, solution.h) == ("astar", "manhattan")


@fuzz_settings(60)
@given(scrambled(4, 16))
def test_solve_on_a_4x4_board_is_shortest_and_says_how(board):
    """On 4x4 `solve` runs the 15-puzzle's IDA* (with Manhattan distance here: the suite builds no pattern databases)
    and says so; its path is as short as A*'s with Manhattan distance. Boards 16 moves or fewer from the goal, and
    max_expanded: bounded work."""
    outcome, solution = attempt(puzzlekit.solve, board, max_expanded=200_000)
    assert outcome == "returned", solution
    _check_path(list(solution), board, goal_of(4), 4)
    assert (solution.method, solution.h) == ("sliding_ida_star", "manhattan")
    assert len(solution) - 1 == puzzlekit.astar_search(board, "manhattan", max_expanded=200_000).length


@fuzz_settings(150)
@given(permutations_of(3))
def test_rank_and_unrank_are_inverse(board):
    index = puzzlekit.rank(board)
    assert 0 <= index < 362880 and attempt(puzzlekit.unrank, index) == ("returned", board)


@fuzz_settings(200)
@given(st.one_of(scrambled(2, 8), scrambled(3, 20), scrambled(4, 10)), st.sampled_from(DIRECTIONS))
def test_what_the_searches_call_agrees_with_the_moves(board, direction):
    """The searches call `SlidingPuzzle.successors` (and `is_goal`, `predecessors`) and a `QHeuristic` on the
    boards they make, unchecked: on good boards they agree with the checked `actions`, `result` and `slide_blank`."""
    puzzle = public("SlidingPuzzle")(goal_of(int(len(board) ** 0.5)))
    successors = puzzle.successors(board)
    assert [direction for direction, _ in successors] == puzzle.actions(list(board))
    assert sorted(state for _, state in puzzle.predecessors(board)) == sorted(state for _, state in successors)
    assert puzzle.is_goal(board) == (board == puzzle.goal)
    if direction in puzzle.actions(board):
        assert dict(successors)[direction] == puzzle.result(list(board), direction) == slide_blank(
            board, int(len(board) ** 0.5), direction)
    if len(board) == 4:
        h = public("q_heuristic")({(1, 2, 0, 3): [0.92, 1.0, -np.inf, -np.inf]}, unexplored="manhattan")
        learned = {(1, 2, 0, 3): 1, (1, 2, 3, 0): 0}
        assert h(board) == learned.get(board, puzzlekit.manhattan(board))

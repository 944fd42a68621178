"""Tests for step costs, TileCostPuzzle and uniform-cost search (the engine and the textbook version)."""

import itertools
import math
import random

import pytest

from puzzlekit import default_goal, random_board
from puzzlekit.problem import Problem
from puzzlekit.search import SearchResult, breadth_first_search, textbook, uniform_cost_search
from puzzlekit.sliding.board import is_solvable
from puzzlekit.sliding.puzzle import SlidingPuzzle, TileCostPuzzle


def path_cost(problem, path, actions):
    return sum(problem.step_cost(a, action, b) for a, action, b in zip(path, actions, path[1:]))


def dijkstra_by_scan(problem, states):
    """Cheapest cost from problem.initial to each state, by the O(n^2) Dijkstra of the textbook (no heap)."""
    cost = {state: math.inf for state in states}
    cost[problem.initial] = 0
    done = set()
    while len(done) < len(states):
        state = min((s for s in states if s not in done), key=lambda s: cost[s])
        done.add(state)
        for action, child in problem.successors(state):
            cost[child] = min(cost[child], cost[state] + problem.step_cost(state, action, child))
    return cost


def scrambled(seed, moves, size=3):
    """The goal after `moves` random moves of the blank (seeded): a board at most that far from the goal."""
    rng = random.Random(seed)
    board = default_goal(size)
    for _ in range(moves):
        board = rng.choice(SlidingPuzzle(board).successors(board))[1]
    return board


def all_2x2_boards():
    return [b for b in itertools.permutations(range(4)) if is_solvable(b)]


def test_default_step_cost_is_one_and_the_repr_of_unit_results_is_unchanged():
    puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    assert puzzle.step_cost(puzzle.initial, "r", puzzle.result(puzzle.initial, "r")) == 1
    result = breadth_first_search(puzzle)
    assert result.cost == result.length == 2
    assert "cost" not in repr(result)
    assert SearchResult("x", "exhausted", None, None, 0, 1, 1).cost is None


def test_tile_cost_is_the_tile_moved():
    puzzle = TileCostPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8))
    for action, child in puzzle.successors(puzzle.initial):
        moved = [tile for tile, before in zip(child, puzzle.initial) if tile != before and tile]
        assert puzzle.step_cost(puzzle.initial, action, child) == moved[0]


def test_unit_costs_give_breadth_first_lengths():
    boards = [scrambled(seed, 4 + 2 * seed) for seed in range(10)] + [random_board(3, seed=1)] + all_2x2_boards()
    for board in boards:
        result = uniform_cost_search(board)
        assert result.found and result.length == result.cost == breadth_first_search(board).length
        assert len(textbook.uniform_cost(SlidingPuzzle(board))) - 1 == result.length


def test_tile_costs_on_every_2x2_board_match_a_brute_force_dijkstra():
    states = all_2x2_boards()
    goal = default_goal(2)
    for board in states:
        puzzle = TileCostPuzzle(board)
        cheapest = dijkstra_by_scan(puzzle, states)[goal]
        result = uniform_cost_search(puzzle)
        assert result.cost == cheapest == path_cost(puzzle, result.path, result.actions)
        path = textbook.uniform_cost(puzzle)
        assert path[-1] == goal and sum(puzzle.step_cost(a, None, b) for a, b in zip(path, path[1:])) == cheapest


def test_tile_costs_never_exceed_the_cost_of_the_breadth_first_path_and_sometimes_beat_it():
    beaten = 0
    # The last board is 12 moves from the goal; its cheapest path takes 14 moves and costs 46, BFS's 60.
    for board in [scrambled(seed, 10 + seed) for seed in range(6)] + [(5, 1, 0, 4, 2, 3, 7, 8, 6)]:
        puzzle = TileCostPuzzle(board)
        cheapest = uniform_cost_search(puzzle)
        shortest = breadth_first_search(puzzle)
        bfs_cost = path_cost(puzzle, shortest.path, shortest.actions)
        assert cheapest.cost == path_cost(puzzle, cheapest.path, cheapest.actions) <= bfs_cost
        assert cheapest.length >= shortest.length
        assert cheapest.path[0] == board and cheapest.path[-1] == puzzle.goal
        text = textbook.uniform_cost(puzzle)
        assert sum(puzzle.step_cost(a, None, b) for a, b in zip(text, text[1:])) == cheapest.cost
        beaten += cheapest.cost < bfs_cost
    assert beaten > 0
    assert (cheapest.length, cheapest.cost, shortest.length, bfs_cost) == (14, 46, 12, 60)
    assert "cost=" in repr(cheapest) or cheapest.cost == cheapest.length


def test_expansions_come_in_order_of_cost_and_events_match_counts():
    events = []
    result = uniform_cost_search(TileCostPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)),
                                 on_event=lambda kind, state, info: events.append((kind, info.get("g"))))
    costs = [g for kind, g in events if kind == "expand"]
    assert costs == sorted(costs) and len(costs) == result.expanded
    assert events[-1] == ("found", result.cost)


def test_limits_and_bad_costs():
    stopped = uniform_cost_search(random_board(4, seed=1), max_expanded=50)
    assert stopped.status == "max_expanded" and stopped.path is None and stopped.cost is None
    assert stopped.expanded == 50

    class Costly(Problem):
        initial = 0

        def __init__(self, cost):
            self.cost = cost

        def actions(self, state):
            return [1]

        def result(self, state, action):
            return state + action

        def is_goal(self, state):
            return state == 3

        def step_cost(self, state, action, next_state):
            return self.cost

    assert uniform_cost_search(Costly(2.5)).cost == 7.5
    assert uniform_cost_search(Costly(0)).cost == 0
    for bad in (-1, float("nan"), float("inf"), "1", None):
        with pytest.raises(ValueError, match="step cost must be a finite number"):
            uniform_cost_search(Costly(bad))


def test_unreachable_goal_is_exhausted():
    class Island(Problem):
        initial = "a"

        def actions(self, state):
            return ["go"]

        def result(self, state, action):
            return {"a": "b", "b": "a"}[state]

        def is_goal(self, state):
            return state == "z"

    result = uniform_cost_search(Island())
    assert result.status == "exhausted" and result.expanded == 2
    assert textbook.uniform_cost(Island()) is None


def test_a_far_board():
    puzzle = TileCostPuzzle(random_board(3, seed=2))
    shortest = breadth_first_search(puzzle)
    cheapest = uniform_cost_search(puzzle)
    assert cheapest.cost <= path_cost(puzzle, shortest.path, shortest.actions)
    assert cheapest.cost == path_cost(puzzle, cheapest.path, cheapest.actions)

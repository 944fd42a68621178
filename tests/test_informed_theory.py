"""Chapter 4's theory table, as tests: what each informed search promises, and `textbook.is_path`."""

import pytest

from puzzlekit import Problem, SlidingPuzzle, random_board
from puzzlekit.search import astar_search, greedy_best_first_search, ida_star_search, textbook, weighted_astar_search
from puzzlekit.search.textbook import is_path
from puzzlekit.sliding.distances import distance_table, rank


class Maze(Problem):
    """Walk from S to G through a maze drawn as text; '#' is a wall (chapter 4's custom problem)."""

    def __init__(self, *rows):
        self.rows = rows
        cells = {char: (row, col) for row, line in enumerate(rows) for col, char in enumerate(line)}
        self.initial, self.goal = cells["S"], cells["G"]

    def actions(self, state):
        return [(dr, dc) for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]
                if self.rows[state[0] + dr][state[1] + dc] != "#"]

    def result(self, state, action):
        return (state[0] + action[0], state[1] + action[1])

    def is_goal(self, state):
        return state == self.goal

    def blocks(self, state):
        return abs(state[0] - self.goal[0]) + abs(state[1] - self.goal[1])


MAZE = Maze("############",
            "#S         #",
            "#  ######  #",
            "#       #  #",
            "#####   #  #",
            "#       #G #",
            "############")
WALLED = Maze("#######",
              "#S  #G#",
              "#######")


@pytest.fixture(scope="module")
def boards_and_distances():
    table = distance_table()
    boards = [random_board(3, seed=seed) for seed in range(25)]
    return [(board, int(table[rank(board)])) for board in boards]


def test_is_path_accepts_the_searches_paths_and_nothing_else(boards_and_distances):
    for board, _ in boards_and_distances[:5]:
        puzzle = SlidingPuzzle(board)
        path = astar_search(puzzle, "manhattan").path
        assert is_path(puzzle, path)
        assert not is_path(puzzle, path[1:])                   # does not start at the start
        assert not is_path(puzzle, path[:-1])                  # does not end at the goal
        assert not is_path(puzzle, path[:1] + path[2:])        # a jump of two moves
        assert not is_path(puzzle, tuple(path))                # a path is a list
    assert is_path(MAZE, astar_search(MAZE, MAZE.blocks).path)
    assert not is_path(MAZE, None) and not is_path(MAZE, [])


def test_astar_and_ida_star_are_optimal_and_ida_star_holds_one_path(boards_and_distances):
    for board, distance in boards_and_distances:
        astar = astar_search(board, "manhattan")
        ida = ida_star_search(board, "linear_conflict")
        assert astar.length == ida.length == distance
        assert ida.max_frontier <= distance + 1 < astar.max_frontier


def test_weighted_astar_stays_within_w_times_the_shortest(boards_and_distances):
    for board, distance in boards_and_distances:
        for weight in (1.5, 2, 3):
            for reopen in (True, False):
                result = weighted_astar_search(board, "manhattan", weight=weight, reopen=reopen)
                assert distance <= result.length <= weight * distance


def test_greedy_is_not_optimal(boards_and_distances):
    too_long = [greedy_best_first_search(board, "manhattan").length > distance
                for board, distance in boards_and_distances]
    assert any(too_long)


def test_exact_distance_expands_only_the_path(boards_and_distances):
    table = distance_table()
    for board, distance in boards_and_distances[:10]:
        result = astar_search(board, lambda b: int(table[rank(b)]))
        assert result.expanded == result.length == distance


def test_searches_on_a_maze_agree_and_say_none_without_a_path():
    blind = astar_search(MAZE, lambda state: 0)
    guided = astar_search(MAZE, MAZE.blocks)
    assert blind.length == guided.length == len(textbook.ida_star(MAZE, MAZE.blocks)) - 1 == 12
    assert guided.expanded < blind.expanded
    assert astar_search(WALLED, WALLED.blocks).path is None
    assert ida_star_search(WALLED, WALLED.blocks).path is None
    assert textbook.astar(WALLED, WALLED.blocks) is None and textbook.ida_star(WALLED, WALLED.blocks) is None

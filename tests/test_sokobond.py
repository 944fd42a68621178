"""Sokobond: level text, the move rule, the Problem, the shipped levels, heuristics, pictures and the game."""

from __future__ import annotations

import dataclasses
from collections import deque

import pytest

from puzzlekit.search import (
    astar_search,
    breadth_first_search,
    depth_first_search,
    depth_limited_search,
    greedy_best_first_search,
    ida_star_search,
    iterative_deepening_search,
    weighted_astar_search,
)
from puzzlekit.sokobond import (
    HEURISTICS,
    SokobondGame,
    SokobondPuzzle,
    State,
    bond_atoms,
    check_state,
    cut_bonds,
    draw,
    electron_weighted_sum,
    format_level,
    format_state,
    free_electrons,
    hint,
    initial_state,
    is_dead,
    is_solved,
    levels,
    load_level,
    manhattan_sum,
    molecules,
    move,
    parse_level,
    plan,
    widest_gap,
)

# The largest shipped level: its length is checked by A* with the admissible heuristic here, by BFS in
# tests/benchmarks/bench_sokobond.py.
LARGEST = "workshop"

# --- Level text -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "level text is empty"),
        ("\n  \n", "level text is empty"),
        ("; title: nothing", "level text is empty"),
        ("#####\n#H.H#\n#####", "no player"),
        ("#####\n#h.o#\n#####", "2 players"),
        ("#####\n#h.X#\n#####", "unknown character 'X' at row 1, column 3"),
        ("#####\n#h.e#\n#####", "unknown character 'e'"),
        ("#####\n#h.H#\n####", "row 2 has 4 cells but row 0 has 5"),
        ("#####\n#h.H\n#####", "row 1 has 4 cells"),
        ("#####\n\n#h.H#\n#####", "row 1 is blank"),
        ("#####\n#h.H.\n#####", "outside the walls"),
        ("h.H", "outside the walls"),
        ("#####\n#h...\n#.H.#\n#####", "outside the walls"),
        ("#####\n#h.H#\n#####\ncutters: 1,1 1,1", "listed twice"),
        ("#####\n#h.H#\n#####\ncutters: 0,2", "not inside the grid"),
        ("#####\n#h.H#\n#####\ncutters: 2,5", "not inside the grid"),
        ("#####\n#h.H#\n#####\ncutters: 1;2", "not a corner"),
        ("#####\n#h.H#\n#####\ncutters: 1,2\ncutters: 1,3", "a second 'cutters:' line"),
        ("; shortest: many\n#####\n#h.H#\n#####", "whole number of moves"),
        ("#" * 33 + "\n#h" + "." * 30 + "#\n" + "#" * 33, "levels up to 32 by 32"),
    ],
)
def test_parse_level_refuses_malformed_levels(text, message):
    with pytest.raises(ValueError, match=message):
        parse_level(text)


def test_parse_level_and_format_level_take_only_their_types():
    with pytest.raises(TypeError, match="level text must be a str"):
        parse_level(["#####"])
    with pytest.raises(TypeError, match="level must be a Level"):
        format_level("#####\n#h.H#\n#####")


def test_parse_level_reads_atoms_cutters_and_comments():
    level = parse_level("; title: demo\n; shortest: 3\n; any other comment\n######\n#hONC#\n######\ncutters: 1,2 1,3  ")
    assert (level.title, level.shortest) == ("demo", 3)
    assert level.elements == ("H", "O", "N", "C") and level.electrons == (1, 2, 3, 4)
    assert level.cells == ((1, 1), (1, 2), (1, 3), (1, 4)) and level.player == 0
    assert level.cutters == {(1, 2), (1, 3)}
    assert level.floor == frozenset(level.cells)


def test_stray_floor_outside_the_walls_is_allowed_but_not_part_of_the_floor():
    level = load_level("first")  # the original level has two floor cells outside its walls
    assert (4, 4) not in level.walls and (4, 4) not in level.floor and level.is_wall((9, 9))


@pytest.mark.parametrize("name", levels())
def test_every_shipped_level_round_trips(name):
    level = load_level(name)
    text = format_level(level)
    again = parse_level(text)
    assert again == level and (again.title, again.shortest) == (level.title, level.shortest)
    assert format_level(again) == text
    assert level.title and level.shortest is not None


def test_levels_and_load_level():
    names = levels()
    assert len(names) >= 11 and names[0] == "first" and LARGEST in names
    with pytest.raises(ValueError, match="no shipped Sokobond level is called 'nope'"):
        load_level("nope")
    with pytest.raises(TypeError, match="a level's name"):
        load_level(3)


def test_the_first_level_is_the_original_projects_first_level():
    # The original project stored it as rows of 'y' (wall), None (floor) and atoms, the player at (1, 1).
    original = [["y"] * 6, ["y", "H", None, None, "O", "y"], ["y", None, None, None, None, "y"],
                ["y", None, "H", "y", "y", "y"], ["y", "y", "y", "y", None, None]]
    rows = ["".join("#" if cell == "y" else "." if cell is None else cell for cell in row) for row in original]
    rows[1] = rows[1][:1] + "h" + rows[1][2:]
    assert load_level("first") == parse_level("\n".join(rows))


# --- The move rule -----------------------------------------------------------------------------------


def test_atoms_next_to_each_other_at_the_start_are_bonded_player_first():
    level = parse_level("######\n#HhH.#\n######")  # the player's H has one electron: up, right, down, left
    assert initial_state(level).bonds == ((1, 2),)
    level = parse_level("######\n#HHh.#\n######")  # player first: h takes its left neighbour
    assert initial_state(level).bonds == ((1, 2),)
    level = parse_level("#####\n#HOH#\n#.h.#\n#####")  # the player's H bonds O first; then O bonds the first H
    assert initial_state(level).bonds == ((0, 1), (1, 3))


def test_two_oxygens_share_one_bond_and_keep_an_electron_each():
    level = parse_level("#####\n#oO.#\n#####")
    state = initial_state(level)
    assert state.bonds == ((0, 1),) and free_electrons(level, state.bonds) == [1, 1]


def test_bonding_reads_the_atoms_in_order_after_the_player():
    # O has two electrons and three H around it: who bonds depends on the order.
    level = parse_level("######\n#.H..#\n#HOH.#\n#...h#\n######")
    assert initial_state(level).bonds == ((0, 2), (1, 2))  # reading order: the H above, then the H to the left
    level = parse_level("#####\n#.H.#\n#HOH#\n#.h.#\n#####")
    assert initial_state(level).bonds == ((0, 2), (2, 4))  # the player's H first, then the H above
    assert bond_atoms(level, level.cells, ((2, 4),)) == ((0, 2), (2, 4))


def test_a_move_pushes_atoms_in_the_way_with_their_molecules():
    level = parse_level("########\n#h.HH..#\n########")
    state = initial_state(level)
    assert state.bonds == ((1, 2),)  # H2 is closed: the player's H cannot bond with it
    state = move(level, state, "r")
    assert state.cells == ((1, 2), (1, 3), (1, 4))  # next to the pair now
    state = move(level, state, "r")
    assert state.cells == ((1, 3), (1, 4), (1, 5)) and state.bonds == ((1, 2),)  # pushed, still apart
    state = move(level, state, "r")
    assert move(level, state, "r") is None  # the pair is against the wall: nothing moves
    assert move(level, state, "u") is None


def test_move_refuses_unknown_directions():
    level = load_level("first")
    with pytest.raises(ValueError, match="direction must be one of"):
        move(level, initial_state(level), "up")


def test_bonds_belong_in_the_state():
    # The same cells, with and without a bond, move differently.
    level = parse_level("#######\n#.....#\n#.hO..#\n#.....#\n#######")
    bonded = initial_state(level)
    apart = State(bonded.cells, ())
    assert bonded != apart and len({bonded, apart}) == 2
    assert move(level, bonded, "d").cells == ((3, 2), (3, 3))
    assert move(level, apart, "d").cells == ((3, 2), (2, 3))


def test_a_cutter_breaks_a_bond_that_slides_across_it():
    level = load_level("scissors")
    state = initial_state(level)
    assert state.bonds == ((0, 1),) and cut_bonds(level, state, "u") == {(0, 1)} and not cut_bonds(level, state, "d")
    state = move(level, state, "u")  # the player comes up under the pair, which stays bonded
    assert state.bonds == ((0, 1),) and state.cells[2] == (3, 3)
    solved = move(level, state, "u")
    assert (0, 1) not in solved.bonds and is_solved(level, solved)
    assert solved.cells[1] == (1, 3) and solved.cells[0] == (2, 2)  # one H moved, its partner stayed


def test_a_vertical_bond_is_cut_moving_sideways():
    level = parse_level("#####\n#o..#\n#O..#\n#...#\n#####\ncutters: 2,2")
    state = initial_state(level)
    assert cut_bonds(level, state, "r") == {(0, 1)} and cut_bonds(level, state, "l") == set()
    after = move(level, state, "r")
    assert after.cells == ((1, 2), (2, 1)) and after.bonds == ()  # cut: the player goes on alone
    assert free_electrons(level, after.bonds) == [2, 2]


def test_cut_bonds_of_atoms_that_stay_are_kept():
    level = parse_level("########\n#h.....#\n#..HH..#\n#......#\n########\ncutters: 3,4")
    state = initial_state(level)
    assert cut_bonds(level, state, "d") == {(1, 2)}  # it would be cut if it moved...
    assert move(level, state, "d").bonds == ((1, 2),)  # ...but the player moves alone


def test_is_solved_needs_one_molecule_and_no_free_electron():
    level = parse_level("#######\n#hO.HH#\n#.....#\n#######")
    state = initial_state(level)
    assert not is_solved(level, state)
    assert not is_solved(level, State(state.cells, ((0, 1), (1, 2))))  # electrons left: O-H, H alone
    level = parse_level("#####\n#hOH#\n#####")
    assert is_solved(level, initial_state(level))


def test_molecules_and_is_dead():
    level = parse_level("#######\n#hH..H#\n#######")
    state = initial_state(level)
    assert molecules(level, state) == [frozenset({0, 1}), frozenset({2})]
    assert is_dead(level, state)  # h-H is closed and the last H is left out
    with_cutter = dataclasses.replace(level, cutters=frozenset({(1, 2)}))
    assert not is_dead(with_cutter, state)  # a cutter might open it again


def test_check_state():
    level = load_level("first")
    state = initial_state(level)
    assert check_state(level, (list(state.cells), list(state.bonds))) == state
    for bad, message in [
        (((1, 1), (1, 4)), "has 2 cells for the level's 3 atoms"),
        (((1, 1), (1, 1), (3, 2)), "or holds two atoms"),
        (((1, 1), (4, 4), (3, 2)), "not a floor cell"),
    ]:
        with pytest.raises(ValueError, match=message):
            check_state(level, (bad, ()))
    with pytest.raises(ValueError, match="not a pair"):
        check_state(level, (state.cells, ((1, 0),)))
    with pytest.raises(TypeError, match="a state must be"):
        check_state(level, "state")


# --- The Problem, and every search on it ------------------------------------------------------------


def test_the_problem_protocol():
    puzzle = SokobondPuzzle(load_level("first"))
    start = puzzle.initial
    assert puzzle.successors(start) == [(action, puzzle.result(start, action)) for action in puzzle.actions(start)]
    assert puzzle.actions(start) == ["r", "d"]
    with pytest.raises(ValueError, match="move 'u' is blocked"):
        puzzle.result(start, "u")
    assert not puzzle.is_goal(start)
    assert "3 atoms" in repr(puzzle) and puzzle._repr_svg_().startswith("<svg")
    assert SokobondPuzzle(format_level(puzzle.level)).initial == start  # text works as well as a Level
    with pytest.raises(TypeError, match="level must be a Level or its text"):
        SokobondPuzzle(3)
    with pytest.raises(TypeError, match="prune_dead must be True or False"):
        SokobondPuzzle(puzzle.level, prune_dead="yes")


def test_heuristic_by_name_by_function_or_any_callable():
    puzzle = SokobondPuzzle("######\n#h..H#\n######")
    assert puzzle.heuristic("manhattan_sum")(puzzle.initial) == 3
    assert puzzle.heuristic(widest_gap)(puzzle.initial) == 2
    assert puzzle.heuristic(len)(puzzle.initial) == 2
    with pytest.raises(ValueError, match="h must be one of 'manhattan_sum'"):
        puzzle.heuristic("misplaced")
    with pytest.raises(TypeError, match="name or a function"):
        puzzle.heuristic(3)


@pytest.mark.parametrize("name", ["first", "water", "peroxide", "ammonia"])
def test_every_search_runs_on_a_sokobond_level_unchanged(name):
    level = load_level(name)
    puzzle = SokobondPuzzle(level)
    shortest = level.shortest
    assert breadth_first_search(puzzle).length == shortest
    assert iterative_deepening_search(puzzle).length == shortest
    assert depth_limited_search(puzzle, shortest).length == shortest
    assert depth_limited_search(puzzle, shortest - 1).status == "cutoff"
    assert ida_star_search(puzzle, "widest_gap").length == shortest
    for h in HEURISTICS:
        assert astar_search(puzzle, h).found and greedy_best_first_search(puzzle, h).found
    assert astar_search(puzzle, "widest_gap").length == shortest
    assert weighted_astar_search(puzzle, "widest_gap", weight=2).length <= 2 * shortest
    deep = depth_first_search(puzzle)
    assert deep.found and deep.length >= shortest
    state = puzzle.initial
    for action in deep.actions:  # the path the search reports is made of legal moves
        state = puzzle.result(state, action)
    assert puzzle.is_goal(state)


@pytest.mark.parametrize("name", [name for name in levels() if name != LARGEST])
def test_each_level_has_its_recorded_shortest_length_by_breadth_first_search(name):
    level = load_level(name)
    assert breadth_first_search(SokobondPuzzle(level), max_expanded=None).length == level.shortest


def test_the_largest_level_by_astar_with_the_admissible_heuristic():
    level = load_level(LARGEST)
    result = astar_search(SokobondPuzzle(level), "widest_gap", max_expanded=None)
    assert result.length == level.shortest and result.expanded > 10_000


def test_dead_state_pruning_keeps_the_shortest_length_and_saves_work():
    for name in ("peroxide", "long_way", "hydroxylamine"):
        level = load_level(name)
        full = breadth_first_search(SokobondPuzzle(level))
        pruned = breadth_first_search(SokobondPuzzle(level, prune_dead=True))
        assert pruned.length == full.length == level.shortest
        assert pruned.expanded < full.expanded
    level = load_level("scissors")  # with cutters the rule does not hold, and nothing is pruned
    assert breadth_first_search(SokobondPuzzle(level, prune_dead=True)) == breadth_first_search(SokobondPuzzle(level))


# --- Heuristics ---------------------------------------------------------------------------------------


def test_the_original_heuristics_are_not_admissible():
    level = parse_level("######\n#h.H.#\n######")  # one move solves it
    state = initial_state(level)
    assert SokobondPuzzle(level).is_goal(move(level, state, "r"))
    assert manhattan_sum(level, state) == 2 > 1
    assert electron_weighted_sum(level, state) == 4 > 1
    assert widest_gap(level, state) == 1


def test_astar_with_an_original_heuristic_can_miss_the_shortest_path():
    level = load_level("methanol")
    assert astar_search(SokobondPuzzle(level), "manhattan_sum").length > level.shortest
    assert astar_search(SokobondPuzzle(level), "widest_gap").length == level.shortest


def reachable_distances(puzzle, limit=20_000):
    """Every state reachable from the start, with its exact distance to the nearest goal (None if none)."""
    edges, frontier = {puzzle.initial: []}, deque([puzzle.initial])
    while frontier:
        state = frontier.popleft()
        for _, child in puzzle.successors(state):
            edges[state].append(child)
            if child not in edges:
                edges[child] = []
                frontier.append(child)
        assert len(edges) < limit
    parents = {state: [] for state in edges}
    for state, children in edges.items():
        for child in children:
            parents[child].append(state)
    distance = {state: 0 for state in edges if puzzle.is_goal(state)}
    frontier = deque(distance)
    while frontier:
        state = frontier.popleft()
        for parent in parents[state]:
            if parent not in distance:
                distance[parent] = distance[state] + 1
                frontier.append(parent)
    return edges, distance


@pytest.mark.parametrize("name", ["first", "water", "scissors", "peroxide", "two_oxygens", "long_way"])
def test_widest_gap_never_overestimates_and_is_consistent(name):
    puzzle = SokobondPuzzle(load_level(name))
    h = puzzle.heuristic("widest_gap")
    edges, distance = reachable_distances(puzzle)
    assert distance[puzzle.initial] == puzzle.level.shortest
    for state, children in edges.items():
        if state in distance:
            assert h(state) <= distance[state]
        assert all(abs(h(state) - h(child)) <= 1 for child in children)
    assert all(h(state) == 0 for state in distance if distance[state] == 0)


# --- Pictures, the game, plans and hints ------------------------------------------------------------------


def test_the_picture_shows_atoms_electrons_bonds_walls_and_cutters():
    level = parse_level("######\n#hO..#\n#..N.#\n######\ncutters: 2,3")
    svg = draw(level)._repr_svg_()
    assert svg.count(">H</text>") == 1 and svg.count(">O</text>") == 1 and svg.count(">N</text>") == 1
    assert svg.count("<line") == 1  # the bond h-O
    assert svg.count('r="2"') == 1 + 3  # free electrons: O has 1, N 3 (cell 40: r = 2)
    assert svg.count("<path") == 1  # the cutter
    assert "stroke-dasharray" in svg  # the player's ring
    text = str(draw(level, [initial_state(level)] * 2, captions=["a", "b"]))
    assert text.splitlines()[0].split() == ["a", "b"] and "h-O" in text and "x" in text
    with pytest.raises(ValueError, match="one caption per state"):
        draw(level, initial_state(level), captions=["a", "b"])
    with pytest.raises(ValueError, match="at least one state"):
        draw(level, [])
    with pytest.raises(TypeError, match="cell must be an int"):
        draw(level, cell="big")


def test_format_state_lines_up_every_row():
    level = load_level("water")
    text = format_state(level, initial_state(level))
    assert text.splitlines() == ["# # # # # # #", "# H . . . . #", "# . . o . . #", "# . . . . H #", "# # # # # # #"]


def test_the_game_moves_undoes_and_resets():
    game = SokobondGame(load_level("first"))
    assert not game.move("u") and game.move_count == 0
    for direction in "rrdll":
        assert game.move(direction)
    assert game.is_solved() and game.moves == list("rrdll") and "solved" in repr(game)
    assert game.undo() and game.move_count == 4 and not game.is_solved()
    assert game.reset() == game.start and game.move_count == 0 and not game.undo()
    assert str(game) == format_state(game.level, game.start) and game._repr_svg_().startswith("<svg")


def test_plan_and_hint_follow_a_shortest_solution():
    for name in ("first", "peroxide", "ammonia", "greedy_trap"):
        game = SokobondGame(load_level(name))
        moves = game.plan()
        assert len(moves) == game.level.shortest
        while not game.is_solved():
            assert game.move(game.hint())
        assert game.move_count == game.level.shortest and game.hint() is None and game.plan() == []


def test_plan_says_when_there_is_no_way_and_when_it_ran_out_of_budget():
    level = parse_level("#######\n#hH..H#\n#######")
    assert plan(level) is None and hint(level) is None
    game = SokobondGame(level)
    assert game.is_dead()
    with pytest.raises(RuntimeError, match="raise max_expanded"):
        plan(load_level("block"), max_expanded=10)
    state = move(load_level("first"), initial_state(load_level("first")), "r")
    assert plan(load_level("first"), state) == list("rdll")
    game = SokobondGame(load_level("first"))
    game.set_state(state)
    assert game.move_count == 0 and game.hint() == "r"


def test_one_solver_contract_for_both_puzzles():
    """`puzzlekit.solve` (a board) and `puzzlekit.sokobond.solution_path` (a level): a solution is the list of states
    from the start to the goal, one move apart; no solution is a ValueError; a limit met first is a RuntimeError."""
    import puzzlekit
    from puzzlekit.sokobond import SokobondPuzzle, parse_level, solution_path

    level = parse_level("######\n#h.O.#\n#...H#\n######")
    sokobond = SokobondPuzzle(level)
    for solver, given, start, successors, hopeless, hard in [
        (puzzlekit.solve, (1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 0, 7, 8), puzzlekit.successors,
         (1, 2, 3, 4, 5, 6, 8, 7, 0), (8, 6, 7, 2, 5, 4, 3, 0, 1)),
        (solution_path, level, sokobond.initial, sokobond.successors, parse_level("#####\n#hH.#\n#.H.#\n#####"), level),
    ]:
        path = solver(given)
        assert path[0] == start and len(path) == 3
        assert all(after in [child for _, child in successors(before)] for before, after in zip(path, path[1:]))
        with pytest.raises(ValueError):
            solver(hopeless)
        with pytest.raises(RuntimeError, match="max_expanded"):
            solver(hard, max_expanded=1)

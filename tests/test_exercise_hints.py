"""Tests for puzzlekit.course.exercise_hints: matchers that say which part of a wrong answer is off."""

from puzzlekit.course.exercise_hints import BranchingFactor, CloserMoves, ExpandedCount

DISTANCE = {(1, 2, 3, 0): 0, (1, 0, 3, 2): 1, (1, 2, 0, 3): 1, (0, 1, 3, 2): 2, (2, 1, 3, 0): 2}


def test_expanded_count_says_which_way_and_refuses_what_is_no_count():
    expected = ExpandedCount(259)
    assert expected == 259 and expected != 259.0 and expected != True  # noqa: E712 - a bool is no count
    assert "fewer than A* expands. Test for the goal when a state comes off" in expected.mismatch(258)
    assert "more than A* expands. Skip a state" in expected.mismatch(260)
    assert "expected a whole number" in expected.mismatch("259")


def test_branching_factor_names_the_part_that_is_off():
    assert BranchingFactor(52, 5, 1.92) == 1.92
    assert "round b* to 2 decimals" in BranchingFactor(52, 5, 1.92).mismatch(1.9167)
    assert "narrow [low, high]" in BranchingFactor(52, 5, 1.92).mismatch(1.91)
    assert "does your interval [low, high] reach it?" in BranchingFactor(84, 3, 4.0).mismatch(3.0)
    assert "start low enough? (below 1" in BranchingFactor(1, 2, 0.62).mismatch(1.0)
    assert "too many to count" in BranchingFactor(52, 5, 1.92).mismatch(1e300)
    assert "NaN" in BranchingFactor(52, 5, 1.92).mismatch(float("nan"))
    assert "expected a number" in BranchingFactor(52, 5, 1.92).mismatch(None)


def test_closer_moves_names_the_wrong_or_missing_move():
    one_away = CloserMoves((1, 0, 3, 2), DISTANCE)
    assert one_away == ["d"] and one_away != ("d",) and one_away != ["d", "d"]
    assert "'l' leads to a board 2 moves from the goal, not 0" in one_away.mismatch(["d", "l"])
    assert "without 'd'" in one_away.mismatch([])
    assert "cannot move ['d'] here" in one_away.mismatch([["d"]])          # no TypeError from a list in the list
    assert "each move once" in one_away.mismatch(["d", "d"])
    assert "the board is the goal" in CloserMoves((1, 2, 3, 0), DISTANCE).mismatch(["u"])
    assert "in another order" in CloserMoves((0, 1, 3, 2), {**DISTANCE, (3, 1, 0, 2): 1}).mismatch(["d", "r"])

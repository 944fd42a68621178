"""Policy pictures: one arrow per move, pointing from the blank to where it goes, and a text picture."""

import xml.etree.ElementTree as ElementTree

import pytest

from puzzlekit import SUN_MOON_START
from puzzlekit.interfaces.policy_picture import ARROWS, greedy_policy, show_policy
from puzzlekit.learning.dynamic_programming import value_iteration
from puzzlekit.sliding.distances import breadth_first_distances
from puzzlekit.sliding.state_space import state_space


def test_the_2x2_ring_has_an_arrow_on_every_board_but_the_goal():
    space = state_space(2)
    policy = greedy_policy(value_iteration(space).q, space=space)
    boards = sorted(breadth_first_distances((1, 2, 3, 0)))
    picture = show_policy(policy, boards)
    svg = ElementTree.fromstring(picture._repr_svg_())
    assert len(policy) == 11 and len(svg.findall("{http://www.w3.org/2000/svg}polygon")) == 11
    text = repr(picture)
    assert sum(text.count(arrow) for arrow in ARROWS.values()) == 11 and text.count("·") == 1


def test_a_dict_table_gives_the_same_policy_as_its_array():
    q = {(1, 2, 0, 3): [0.81, 1.0, float("-inf"), float("-inf")], (1, 0, 3, 2): [float("-inf")] * 2 + [1.0, 0.81]}
    assert greedy_policy(q) == {(1, 2, 0, 3): "r", (1, 0, 3, 2): "d"}


def test_a_move_into_the_wall_is_drawn_red_and_short():
    svg = show_policy({SUN_MOON_START: "d"})._repr_svg_()
    assert "#d1495b" in svg
    assert "#d1495b" not in show_policy({SUN_MOON_START: "u"})._repr_svg_()


@pytest.mark.parametrize("policy, error", [(None, TypeError), ({(1, 2, 0, 3): "x"}, ValueError),
                                           ({(1, 2, 0, 3): 9}, ValueError), ({}, ValueError)])
def test_bad_policies_are_refused(policy, error):
    with pytest.raises(error):
        show_policy(policy)

"""Tests for puzzlekit.interfaces.search_tree: the tree a search built, as text and as a deterministic SVG picture."""

import functools

import pytest

from puzzlekit import SUN_MOON_GOAL, SUN_MOON_START
from puzzlekit.interfaces.search_tree import search_tree, state_text
from puzzlekit.search import astar_search, breadth_first_search, depth_first_search, uniform_cost_search
from puzzlekit.sliding.puzzle import SlidingPuzzle, TileCostPuzzle

START = (4, 1, 3, 7, 2, 6, 0, 5, 8)


def test_breadth_first_tree_matches_the_search():
    tree = search_tree(START, expansions=7)
    result = breadth_first_search(START, max_expanded=7)
    assert len(tree.expanded) == result.expanded == 7
    assert len(tree.nodes) == len(tree.expanded) + len(tree.frontier)
    depths = {node.state: node.depth for node in tree.nodes}
    assert [depths[state] for state in tree.expanded] == sorted(depths[state] for state in tree.expanded)
    for node in tree.nodes[1:]:
        parent = tree.nodes[node.parent]
        assert node.depth == parent.depth + 1 and SlidingPuzzle(START).result(parent.state, node.action) == node.state


def test_the_picture_is_deterministic_and_marks_the_frontier():
    first, second = search_tree(START, expansions=5), search_tree(START, expansions=5)
    svg = first._repr_svg_()
    assert svg == second._repr_svg_() and svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count('stroke-width="4"') == len(first.frontier)
    assert repr(first).count("frontier") == len(first.frontier)


def test_other_searches_and_the_goal():
    depth_first = search_tree(START, depth_first_search, expansions=3)
    assert [node.depth for node in depth_first.nodes if node.expanded] == [0, 1, 2]
    cheap = search_tree(TileCostPuzzle(START), uniform_cost_search, expansions=6)
    assert len(cheap.expanded) == 6
    guided = search_tree(START, functools.partial(astar_search, h="manhattan"), expansions=10)
    assert any(node.goal for node in guided.nodes)
    assert "goal" in repr(guided)
    sun_moon = search_tree(SlidingPuzzle(SUN_MOON_START, SUN_MOON_GOAL), expansions=2)
    assert "<svg" in sun_moon._repr_svg_()


def test_bad_arguments():
    with pytest.raises(ValueError, match="expansions"):
        search_tree(START, expansions=-1)
    with pytest.raises(TypeError):
        search_tree(START, search="breadth_first")
    assert state_text((1, 2, 3, 0)) == "12/3_"

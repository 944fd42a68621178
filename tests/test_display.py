"""Tests for puzzlekit.sliding.display: pictures of boards."""

import re

import pytest

from puzzlekit import SUN_MOON_START, BoardPicture, default_goal, format_board, show


def test_show_one_board_as_svg_and_text():
    picture = show(default_goal(3))
    svg = picture._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert len(re.findall(r"<text", svg)) == 8  # eight numbered tiles, no number on the blank
    assert repr(picture) == format_board(default_goal(3))


def test_show_a_path_side_by_side_with_captions():
    path = [(1, 2, 3, 0), (1, 2, 0, 3), (0, 2, 1, 3)]
    picture = show(path, captions=["start", "1", "2"])
    assert isinstance(picture, BoardPicture) and picture.boards == path
    assert show(*path).boards == path
    lines = repr(picture).splitlines()
    assert lines[0].split() == ["start", "1", "2"]
    assert lines[1].count("┏") == 3
    assert ">start</text>" in picture._repr_svg_()


def test_sun_moon_tokens_are_drawn_not_numbered():
    svg = show(SUN_MOON_START)._repr_svg_()
    assert "<text" not in svg
    assert svg.count("<circle") == 4 and svg.count("<path") == 4


def test_highlight_colours_the_named_tiles():
    plain = show(default_goal(3))._repr_svg_()
    marked = show(default_goal(3), highlight=[5])._repr_svg_()
    assert plain != marked and marked.count("#9fd3a8") == 1


def test_captions_are_escaped():
    assert "&lt;b&gt;" in show((1, 2, 3, 0), captions=["<b>"])._repr_svg_()


def test_bad_input():
    with pytest.raises(ValueError, match="one caption per board"):
        show((1, 2, 3, 0), captions=["a", "b"])
    with pytest.raises(ValueError, match="at least one board"):
        show()
    with pytest.raises(ValueError, match="board has 3 cells"):
        show((1, 2, 0))


def test_long_captions_widen_their_slot():
    svg = show((1, 2, 3, 4, 5, 6, 7, 8, 0), captions=["the textbook's board, drawn"])._repr_svg_()
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    assert width >= len("the textbook's board, drawn") * 7


def test_highlight_must_be_a_collection():
    with pytest.raises(TypeError, match="highlight must be a list of tiles"):
        show((1, 2, 3, 0), highlight=3)


def test_the_colours_are_one_public_theme():
    from puzzlekit.sliding.display import COLOURS, Theme

    assert isinstance(COLOURS, Theme) and COLOURS.highlight in show((1, 2, 3, 0), highlight=[1])._repr_svg_()
    assert COLOURS.frame in show((1, 2, 3, 0))._repr_svg_()


@pytest.mark.parametrize("call, error, words", [
    (lambda: show((1, 2, 3, 0), cell=2.5), TypeError, "cell must be an int"),
    (lambda: show((1, 2, 3, 0), cell=10**6), ValueError, "cell must be from 8 to 400"),
    (lambda: show((1, 2, 3, 0), (1, 2, 0, 3), captions="ab"), TypeError, "captions must be a list of texts"),
    (lambda: show((1, 2, 3, 0), highlight=[[1]]), TypeError, "a tile in highlight must be an int"),
    (lambda: BoardPicture(5), TypeError, "boards must be a list of boards"),
])
def test_bad_arguments_get_a_clear_error(call, error, words):
    with pytest.raises(error, match=words):
        call()

"""The widgets in JupyterLab, in a real browser: what a newcomer does on chapter 00, click by click.

JupyterLab runs on 127.0.0.1 with a token (tests/browser/conftest.py); Chromium opens a copy of
chapters/00_start_here.ipynb, runs every cell, and plays: tiles, Shuffle, Hint, Solve, Stop. The
boards on the page are checked against the same boards made in this process from the same seeds.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from puzzlekit import move, moves
from puzzlekit.interfaces.widgets import PuzzleBoard

pytestmark = pytest.mark.browser
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
HIGHLIGHT = "rgb(159, 211, 168)"  # display.COLOURS.highlight, as the browser reports it


def open_and_run(page, lab, name: str) -> None:
    """Open a notebook of the lab's folder, run all its cells, and wait until none is left running."""
    from playwright.sync_api import expect

    workspace = re.sub(r"\W", "-", name)  # a workspace of its own, reset: no tab left open by another test
    page.goto(f"{lab.url}/lab/workspaces/{workspace}/tree/{name}?reset&token={lab.token}",
              wait_until="domcontentloaded", timeout=60_000)
    notebook = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")
    notebook.wait_for(timeout=60_000)
    # The status bar says Idle once the kernel has started and answered (the toolbar says so earlier).
    page.get_by_text(re.compile(r"^Python 3 \(ipykernel\) \| Idle$")).wait_for(timeout=60_000)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    prompts = notebook.locator(".jp-CodeCell .jp-InputArea-prompt")
    expect(prompts.first).to_have_text("[1]:", timeout=60_000)  # the first cell ran: the rest follow
    expect(prompts.filter(has_text="[*]")).to_have_count(0, timeout=90_000)
    expect(prompts.filter(has_text=re.compile(r"^\[\d+\]:$"))).to_have_count(prompts.count())
    errors = notebook.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_inner_texts()


def tiles_on(board) -> tuple:
    """The numbers on a board's buttons, 0 for the blank."""
    texts = [text.strip() for text in board.locator(".puzzlekit-cell").all_inner_texts()]
    return tuple(int(text) if text else 0 for text in texts)


def expect_tiles(board, expected, timeout: float = 10) -> None:
    """Wait until the board's buttons show `expected`: each button is a widget of its own, updated in its own time."""
    deadline = time.monotonic() + timeout
    while (shown := tiles_on(board)) != tuple(expected):
        assert time.monotonic() < deadline, f"the page shows {shown}, not {tuple(expected)}"
        time.sleep(0.1)


def test_a_newcomer_plays_the_board_of_chapter_00(page, lab):
    from playwright.sync_api import expect

    open_and_run(page, lab, "00_start_here.ipynb")
    boards = page.locator(".puzzlekit-board")
    expect(boards).to_have_count(3, timeout=30_000)  # rendered by the widgets extension, not shown as text
    board = boards.first
    board.scroll_into_view_if_needed()
    counter, message = board.locator(".puzzlekit-counter"), board.locator(".puzzlekit-message")
    replica = PuzzleBoard(seed=0)  # the chapter's `PuzzleBoard(seed=0)`, made here: the same deals

    # The board as dealt, with the hint that a code cell asked for.
    expect(board.locator(".puzzlekit-cell")).to_have_count(9)
    expect_tiles(board, replica.board)
    expect(counter).to_have_text("Moves: 0")
    expect(message).to_contain_text("Hint: slide tile")

    # A tile away from the blank stays; a tile next to it slides, and the counter counts it.
    shown = tiles_on(board)
    movable = moves(shown)
    stuck = next(index for index, tile in enumerate(shown) if tile and tile not in movable)
    board.locator(".puzzlekit-cell").nth(stuck).click()
    expect(message).to_contain_text(f"Tile {shown[stuck]} is not next to the blank")
    expect(counter).to_have_text("Moves: 0")
    tile = movable[0]
    board.locator(".puzzlekit-cell").nth(shown.index(tile)).click()
    expect(counter).to_have_text("Moves: 1")
    expect_tiles(board, move(shown, tile))

    # Shuffle deals the next board from the same random source (seed=0).
    board.locator(".puzzlekit-shuffle").click()
    expect(counter).to_have_text("Moves: 0")
    expect(message).to_have_text("A new board: slide the tiles back in order.")
    expect_tiles(board, replica.shuffle())

    # Hint colours the tile to slide and says how far the goal is.
    board.locator(".puzzlekit-hint").click()
    expect(message).to_contain_text("moves to go (A*, a shortest path)")
    hint = re.match(r"Hint: slide tile (\d+) \w+; (\d+) moves to go", message.inner_text())
    hinted_tile, to_go = int(hint.group(1)), int(hint.group(2))
    hinted = board.locator(".puzzlekit-cell").nth(tiles_on(board).index(hinted_tile))
    expect(hinted).to_have_css("background-color", HIGHLIGHT)

    # Solve plays a shortest solution in front of us, at the speed set, to the goal.
    board.locator(".puzzlekit-solve").click()
    expect(message).to_contain_text(f"Solving: {to_go} moves")
    expect(counter).not_to_have_text("Moves: 0", timeout=10_000)  # the tiles are moving on the page
    expect(message).to_have_text(f"Solved in {to_go} moves, all by A*.", timeout=60_000)
    expect(counter).to_have_text(f"Moves: {to_go}")
    expect_tiles(board, GOAL)

    # Stop halts a solution half way; the board stays where it is.
    board.locator(".puzzlekit-shuffle").click()
    expect(counter).to_have_text("Moves: 0")
    board.locator(".puzzlekit-solve").click()
    expect(counter).to_have_text(re.compile(r"Moves: [2-9]"), timeout=15_000)
    board.locator(".puzzlekit-stop").click()
    expect(message).to_have_text(re.compile(r"Stopped after \d+ of \d+ moves\."))
    stopped = counter.inner_text()
    page.wait_for_timeout(1000)  # four ticks at the default speed: none may move a tile now
    expect(counter).to_have_text(stopped)
    assert tiles_on(board) != GOAL

    # Picture mode: each tile shows its piece of the picture, the blank none, until the picture is whole.
    picture = boards.nth(1)
    picture.scroll_into_view_if_needed()
    dealt = PuzzleBoard(seed=1, picture=True).board
    cells = picture.locator(".puzzlekit-cell")
    looks = cells.evaluate_all("cells => cells.map(c => [getComputedStyle(c).backgroundImage, "
                               "getComputedStyle(c).backgroundPosition])")
    for tile, (image, position) in zip(dealt, looks):
        if tile:  # the picture, moved so that the tile's own square of it shows
            row, col = divmod(tile - 1, 3)
            assert image.startswith('url("data:image/svg+xml;base64,') and position == f"{col * 50}% {row * 50}%"
        else:
            assert image == "none"
    blank = dealt.index(0)
    cells.nth(dealt.index(moves(dealt)[0])).click()
    expect(picture.locator(".puzzlekit-counter")).to_have_text("Moves: 1")
    expect(cells.nth(blank)).to_have_css("background-image", re.compile(r'^url\("data:image/svg\+xml;base64,'))

    # The sun/moon board shows its symbols, and plays.
    sun_moon = boards.nth(2)
    sun_moon.scroll_into_view_if_needed()
    texts = [text.strip() for text in sun_moon.locator(".puzzlekit-cell").all_inner_texts()]
    assert texts == ["☼", "☼", "☼", "☾", "☼", "☾", "☾", "", "☾"]
    sun_moon.locator(".puzzlekit-cell").nth(6).click()  # the moon left of the blank slides right
    expect(sun_moon.locator(".puzzlekit-counter")).to_have_text("Moves: 1")


def test_the_search_explorer_and_the_q_learning_view_run(page, lab):
    from playwright.sync_api import expect

    cells = [
        "from puzzlekit.interfaces.widgets import QLearningView, SearchExplorer\n"
        "SearchExplorer(method='breadth_first')",
        "view = QLearningView(size=2, seed=0)\nview.episodes.value = 2000\nview",
        "live = QLearningView(seed=1)\nlive.stop_when_optimal.value = False\nlive",
    ]
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
                  for source in cells],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    (lab.root / "widgets_in_the_browser.ipynb").write_text(json.dumps(notebook))
    open_and_run(page, lab, "widgets_in_the_browser.ipynb")

    explorer = page.locator(".puzzlekit-explorer")
    expect(explorer).to_have_count(1, timeout=30_000)
    stats = explorer.locator(".puzzlekit-stats")
    expect(stats).to_have_text("Step 1 of 41: expanding a board at depth 0. Frontier: 2 boards. Expanded so far: 1.")
    explorer.get_by_role("button", name="step ▶").click()
    expect(stats).to_contain_text("Step 2 of 41")
    explorer.locator(".puzzlekit-steps [role=slider]").focus()  # the step slider, moved from the keyboard
    page.keyboard.press("End")
    expect(stats).to_have_text("The path found, move 6 of 6: the blank moves right. 6 moves, 34 boards expanded.")
    page.keyboard.press("Home")
    expect(stats).to_contain_text("Step 1 of 41")
    explorer.get_by_role("button", name="play").click()
    expect(explorer.get_by_role("button", name="pause")).to_be_visible()
    expect(stats).to_contain_text("The path found, move 6 of 6", timeout=30_000)  # 5 steps a second
    expect(explorer.get_by_role("button", name="play")).to_be_visible()  # back to 'play' at the end

    view = page.locator(".puzzlekit-qlearning").first
    view.scroll_into_view_if_needed()
    view.get_by_role("button", name="Train").click()
    expect(view).to_contain_text("64 episodes: the greedy move is a shortest one on 11 of 11 boards (100.0%).",
                                 timeout=30_000)
    expect(view.locator("polyline")).to_have_count(1)
    board = view.locator(".puzzlekit-board")
    board.locator(".puzzlekit-solve").click()
    expect(board.locator(".puzzlekit-message")).to_contain_text("by the Q-table (trained).", timeout=30_000)

    # The curve of the 8-puzzle grows while the kernel trains: one point per 65,536 episodes, 16 in all.
    live = page.locator(".puzzlekit-qlearning").nth(1)
    live.scroll_into_view_if_needed()
    live.get_by_role("button", name="Train").click()
    points, deadline = [], time.monotonic() + 60
    while (count := live.locator("circle").count()) < 16:
        assert time.monotonic() < deadline, f"the curve has {count} points after a minute"
        if not points or points[-1] != count:
            points.append(count)
        time.sleep(0.05)
    assert len([count for count in points if 0 < count < 16]) >= 3, f"the curve did not grow live: {points}"
    expect(live).to_contain_text("1,048,576 episodes: the greedy move is a shortest one on ")

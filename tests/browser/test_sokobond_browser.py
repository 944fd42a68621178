"""The Sokobond widget in JupyterLab, in a real browser: arrows, the key box, Undo, Reset, Hint, Solve, the level menu.

A small notebook made here shows `SokobondBoard("water")`; Chromium plays it through its buttons and its
key box, and the moves are checked against the same game played in this process.
"""

from __future__ import annotations

import json
import re

import pytest

from puzzlekit.sokobond import SokobondGame, load_level

from .test_jupyterlab import open_and_run

pytestmark = pytest.mark.browser


def test_a_sokobond_level_is_played_and_solved_in_the_browser(page, lab):
    from playwright.sync_api import expect

    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                   "source": ('from puzzlekit.interfaces.widgets import SokobondBoard\n'
                              'SokobondBoard("water", speed=10)')}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    (lab.root / "sokobond_in_the_browser.ipynb").write_text(json.dumps(notebook))
    open_and_run(page, lab, "sokobond_in_the_browser.ipynb")

    board = page.locator(".puzzlekit-sokobond")
    expect(board).to_have_count(1, timeout=30_000)  # rendered by the widgets extension, not shown as text
    counter, message = board.locator(".puzzlekit-counter"), board.locator(".puzzlekit-message")
    picture = board.locator(".puzzlekit-picture svg")
    level = load_level("water")
    expect(counter).to_have_text("Moves: 0")
    expect(message).to_contain_text(f"{level.title}: bond every atom into one molecule.")
    expect(picture).to_have_count(1)
    atoms = picture.locator("text")
    expect(atoms).to_have_count(len(level.elements))   # one letter per atom

    # The same moves played here, so that the page can be checked against them.
    replica = SokobondGame(level)
    assert replica.move("u") and replica.move("r")

    # An arrow button moves the molecule; the counter and the picture follow.
    drawn = picture.inner_html()
    board.locator(".puzzlekit-up").click()
    expect(counter).to_have_text("Moves: 1")
    assert picture.inner_html() != drawn
    board.locator(".puzzlekit-undo").click()
    expect(counter).to_have_text("Moves: 0")
    expect(message).to_have_text("One move taken back.")

    # The keyboard: keys typed in the key box, each one move.
    keys = board.locator(".puzzlekit-keys input")
    keys.click()
    keys.press_sequentially("ur", delay=150)
    expect(counter).to_have_text("Moves: 2")
    keys.press_sequentially("z", delay=150)
    expect(counter).to_have_text("Moves: 1")
    expect(message).to_have_text("One move taken back.")

    # Reset, then Hint colours an arrow and says how far the goal is.
    board.locator(".puzzlekit-reset").click()
    expect(counter).to_have_text("Moves: 0")
    board.locator(".puzzlekit-hint").click()
    expect(message).to_contain_text(f"{level.shortest} moves to go (A*, a shortest path)")
    hinted = re.match(r"Hint: move (\w+);", message.inner_text()).group(1)
    expect(board.locator(f".puzzlekit-{hinted}")).to_have_class(re.compile(r"mod-success"))

    # Solve plays a shortest solution on the page, move by move, to the end.
    board.locator(".puzzlekit-solve").click()
    expect(message).to_contain_text(f"Solving: {level.shortest} moves")
    expect(message).to_have_text(f"Solved in {level.shortest} moves, all by A*.", timeout=60_000)
    expect(counter).to_have_text(f"Moves: {level.shortest}")

    # The level menu starts another level.
    board.locator(".puzzlekit-levels select").select_option(label="2. pair")
    pair = load_level("pair")
    expect(message).to_contain_text(f"{pair.title}: bond every atom into one molecule.")
    expect(counter).to_have_text("Moves: 0")
    expect(picture.locator("text")).to_have_count(len(pair.elements))

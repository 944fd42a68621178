"""Tests for puzzlekit.course.book and `course.py book`: the course as a website, its student edition without a single
reference solution, widget boards drawn from their saved state, and well-formed Binder, Colab and download links.

The browser checks of the built site (every page, image, link, formula, search) are in tests/browser/test_book.py.
"""

import copy
import html
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import nbformat
import pytest

from puzzlekit.course.book import (
    LONG_OUTPUT,
    STUDENT_BRANCH,
    book_notebook,
    chapter_header,
    playable_boards,
    stage_book,
    without_markers,
)
from puzzlekit.course.editions import solution_regions
from puzzlekit.course.launch import BRANCH, COLAB_TAG, add_colab_cell, launch_links, repository_setting
from puzzlekit.course.widget_pictures import NOTE, WIDGET_VIEW, static_widgets, widget_html

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))
REPOSITORY = repository_setting(ROOT / "pyproject.toml")


@pytest.fixture(scope="module")
def student_site(student_book):
    """The student site, built once per run for this file and the browser tests (tests/conftest.py)."""
    return student_book


def page_text(path: Path) -> str:
    """The text a page shows (tags dropped, entities decoded): what a reader or a search engine reads."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", path.read_text(encoding="utf-8"), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def distinctive_solution_lines() -> dict[str, set[str]]:
    """Per chapter, the lines of its reference solutions that appear nowhere else in any chapter (no prose, no
    other code, no output has them): if one shows up in the site, a solution leaked."""
    solutions, elsewhere = {}, []
    for chapter in CHAPTERS:
        notebook = nbformat.read(chapter, as_version=4)
        lines = set()
        for cell in notebook.cells:
            for kind, line in solution_regions(cell.source):
                (lines.add if kind == "solution" else elsewhere.append)(line.strip())
            elsewhere.extend(json.dumps(cell.get("outputs", [])).replace("\\n", "\n").splitlines())
        solutions[chapter.name] = lines
    other = "\n".join(elsewhere)
    return {name: {line for line in lines if len(line) >= 12 and line not in other}
            for name, lines in solutions.items()}


def leaks(folder: Path) -> list[str]:
    """Each distinctive solution line found in any file of `folder` (pages, search index, notebooks)."""
    texts = []
    for path in folder.rglob("*"):
        if path.suffix in (".html", ".js", ".ipynb", ".txt", ".json") and "_static" not in path.parts:
            text = page_text(path) if path.suffix == ".html" else path.read_text(encoding="utf-8")
            if path.suffix == ".ipynb":
                text = "\n".join(cell.source for cell in nbformat.reads(text, as_version=4).cells)
            texts.append(text)
    everything = "\n".join(texts)
    return sorted(f"{name}: {line}" for name, lines in distinctive_solution_lines().items()
                  for line in lines if line in everything)


# ---- the widget boards -------------------------------------------------------------------------------------------

def widget_chapters():
    return [chapter for chapter in CHAPTERS if '"' + WIDGET_VIEW + '"' in chapter.read_text(encoding="utf-8")]


def test_the_chapters_show_widget_boards():
    assert len(widget_chapters()) >= 8


@pytest.mark.parametrize("chapter", widget_chapters(), ids=lambda path: path.name)
def test_every_widget_board_is_drawn_from_its_saved_state(chapter):
    notebook = nbformat.read(chapter, as_version=4)
    views = [output for cell in notebook.cells for output in cell.get("outputs", [])
             if WIDGET_VIEW in output.get("data", {})]
    page = copy.deepcopy(notebook)
    assert static_widgets(page) == len(views) >= 1
    text = json.dumps(page.cells)
    assert WIDGET_VIEW not in text and "widgets" not in page.metadata
    drawings = [output["data"]["text/html"] for cell in page.cells for output in cell.get("outputs", [])
                if "puzzlekit-static-widget" in output.get("data", {}).get("text/html", "")]
    assert len(drawings) == len(views)
    for drawing in drawings:  # a board: buttons (the tiles, the controls) with their labels, never an empty box
        assert drawing.count('class="pk-w') >= 8 and re.search(r"pk-button[^>]*>[^<&]+<", drawing)


def test_a_drawn_board_shows_its_tiles_in_the_saved_order():
    notebook = nbformat.read(ROOT / "chapters" / "00_start_here.ipynb", as_version=4)
    state = notebook.metadata.widgets["application/vnd.jupyter.widget-state+json"]["state"]
    output = next(output for cell in notebook.cells for output in cell.get("outputs", [])
                  if WIDGET_VIEW in output.get("data", {}))
    board = re.search(r"board=\(([\d, ]+)\)", output["data"]["text/plain"]).group(1)
    drawing = widget_html(state, output["data"][WIDGET_VIEW]["model_id"])
    tiles = re.findall(r'title="(?:tile (\d+)|(the blank))"', drawing)
    assert [int(tile) if tile else 0 for tile, _ in tiles] == [int(tile) for tile in board.split(",")]


def test_a_widget_it_cannot_draw_stops_the_build():
    state = {"a": {"model_name": "ColorPickerModel", "state": {}}}
    with pytest.raises(ValueError, match="cannot draw a ColorPickerModel"):
        widget_html(state, "a")
    unsaved = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(outputs=[nbformat.v4.new_output(
        "display_data", data={WIDGET_VIEW: {"model_id": "x", "version_major": 2, "version_minor": 0}})])])
    with pytest.raises(ValueError, match="did not save"):
        static_widgets(unsaved)


def test_every_3x3_puzzle_board_is_made_playable_and_every_other_widget_says_it_is_a_picture(tmp_path):
    stage_book(CHAPTERS, tmp_path, repository=REPOSITORY)
    boards = {}
    for chapter in CHAPTERS:
        page = nbformat.read(tmp_path / chapter.name, as_version=4)
        htmls = [output["data"]["text/html"] for cell in page.cells for output in cell.get("outputs", [])
                 if "puzzlekit-static-widget" in output.get("data", {}).get("text/html", "")]
        boards[chapter.name] = sum('class="puzzlekit-board"' in text for text in htmls)
        assert all(NOTE in text for text in htmls), chapter.name  # in view, for a reader without the script too
        for found in re.findall(r'data-board="([\d,]+)"', "".join(htmls)):
            assert sorted(map(int, found.split(","))) == list(range(9))
    assert boards["00_start_here.ipynb"] == 2 and boards["01_board_representation.ipynb"] == 1
    assert boards["06_sun_and_moon.ipynb"] == 0 and boards["02_solvability.ipynb"] == 0  # sun and moon; a 4x4
    assert (tmp_path / "_static" / "puzzlekit-board.js").read_text().count("shortestSolution") >= 3


def test_a_board_with_repeated_pieces_stays_a_picture():
    page = {"cells": [{"cell_type": "code", "outputs": [{"data": {
        "text/plain": "PuzzleBoard(size=3, board=(1, 1, 1, 2, 1, 2, 2, 0, 2), move_count=0)",
        "text/html": '<div class="puzzlekit-static-widget">x</div>'}}]}]}
    assert playable_boards(page) == 0
    page["cells"][0]["outputs"][0]["data"]["text/plain"] = "PuzzleBoard(size=3, board=(1, 2, 3, 4, 5, 6, 7, 0, 8))"
    assert playable_boards(page) == 1
    assert 'data-board="1,2,3,4,5,6,7,0,8"' in page["cells"][0]["outputs"][0]["data"]["text/html"]


MARKERS = re.compile(r"NBVAL_|### STUB|BEGIN SOLUTION|END SOLUTION")


def test_no_testing_marker_reaches_a_page(tmp_path):
    assert sum(bool(MARKERS.search(cell.source)) for chapter in CHAPTERS
               for cell in nbformat.read(chapter, as_version=4).cells) >= 20  # the chapters have them
    stage_book(CHAPTERS, tmp_path, repository=REPOSITORY)  # the teacher edition: markers and solutions
    for chapter in CHAPTERS:
        page = nbformat.read(tmp_path / chapter.name, as_version=4)
        assert not [cell.source for cell in page.cells if cell.cell_type == "code" and MARKERS.search(cell.source)]
    assert without_markers("x = 1  # NBVAL_IGNORE_OUTPUT is a marker only alone on its line") != ""


def test_long_printed_outputs_are_folded_and_keep_every_line():
    notebook = nbformat.read(ROOT / "chapters" / "08_fifteen_puzzle.ipynb", as_version=4)
    page = book_notebook(notebook, "08_fifteen_puzzle.ipynb", REPOSITORY)
    folded = [output for cell in page.cells for output in cell.get("outputs", [])
              if "puzzlekit-long-output" in output.get("data", {}).get("text/html", "")]
    assert folded
    for output in folded:
        shown = html.unescape(re.sub(r"<[^>]+>", "\n", output["data"]["text/html"]))
        lines = output["data"]["text/plain"].rstrip("\n").split("\n")
        assert len(lines) > LONG_OUTPUT and all(line in shown for line in lines)
    assert not any(output.get("output_type") == "stream" and output["text"].count("\n") > LONG_OUTPUT + 1
                   for cell in page.cells for output in cell.get("outputs", []))


# ---- the links ---------------------------------------------------------------------------------------------------

def test_the_repository_is_one_setting_in_pyproject():
    owner_name = urlsplit(REPOSITORY).path.strip("/")
    assert REPOSITORY == f"https://github.com/{owner_name}" and owner_name.count("/") == 1
    assert "Repository =" in (ROOT / "pyproject.toml").read_text()


@pytest.mark.parametrize("repository", ["github.com/a/b", "https://gitlab.com/a/b", "https://github.com/a",
                                        "https://github.com/a/b/c", "https://github.com/a/b?x=1"])
def test_launch_links_refuse_an_address_that_is_not_a_github_repository(repository):
    with pytest.raises(ValueError, match="https://github.com/OWNER/NAME"):
        launch_links(repository, "chapters/a.ipynb")


def check_launch_links(binder: str, colab: str, repository: str, name: str, branch: str = BRANCH) -> None:
    owner, project = urlsplit(repository).path.strip("/").split("/")
    parts = urlsplit(binder)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "mybinder.org", f"/v2/gh/{owner}/{project}/{branch}")
    assert parse_qs(parts.query) == {"labpath": [f"chapters/{name}"]}
    parts = urlsplit(colab)
    assert (parts.scheme, parts.netloc, parts.query) == ("https", "colab.research.google.com", "")
    assert parts.path == f"/github/{owner}/{project}/blob/{branch}/chapters/{name}"


def test_launch_links_are_well_formed():
    links = launch_links("https://github.com/some-one/puzzle.kit", "chapters/05a_q_learning_by_hand.ipynb")
    check_launch_links(links["binder"], links["colab"], "https://github.com/some-one/puzzle.kit",
                       "05a_q_learning_by_hand.ipynb")
    with pytest.raises(AssertionError):  # the check itself can fail
        check_launch_links(links["binder"], links["colab"], "https://github.com/some-one/puzzle.kit", "other.ipynb")


def test_a_page_has_its_links_under_its_title_and_no_colab_cell():
    notebook = nbformat.read(ROOT / "chapters" / "08_fifteen_puzzle.ipynb", as_version=4)
    add_colab_cell(notebook, REPOSITORY)
    page = book_notebook(notebook, "08_fifteen_puzzle.ipynb", REPOSITORY)
    title, rest = page.cells[0].source.split("\n", 1)
    assert title == notebook.cells[0].source.split("\n", 1)[0]
    assert rest.lstrip().startswith('<div class="puzzlekit-launch">')
    assert not any(COLAB_TAG in cell.metadata.get("tags", []) for cell in page.cells)
    assert len(page.cells) == len(notebook.cells) - 1


def test_the_header_gives_each_chapters_title_time_and_prerequisites():
    for chapter in CHAPTERS:
        header = chapter_header(nbformat.read(chapter, as_version=4))
        assert set(header) == {"title", "goal", "time", "prerequisites"}, chapter.name
        assert "minutes" in header["time"] and "**" not in header["prerequisites"], chapter.name


def test_staging_refuses_a_bad_repository_and_no_chapters(tmp_path):
    with pytest.raises(ValueError, match="OWNER/NAME"):
        stage_book(CHAPTERS[:1], tmp_path, repository="puzzlekit")
    with pytest.raises(ValueError, match="no chapters"):
        stage_book([], tmp_path, repository=REPOSITORY)


# ---- the student edition's site ----------------------------------------------------------------------------------

def test_the_build_says_its_time_and_size_and_stays_small(student_site):
    out, said = student_site
    found = re.search(r"website of (\d+) pages in (\d+) s: ([\d.]+) MB", said)
    assert found, said
    pages, megabytes = int(found.group(1)), float(found.group(3))
    assert pages == len(CHAPTERS) + 1 and megabytes < 60
    assert sum(path.stat().st_size for path in out.rglob("*") if path.is_file()) < 60e6


def test_no_reference_solution_reaches_the_student_site(student_site):
    out, _ = student_site
    assert sum(len(lines) for lines in distinctive_solution_lines().values()) >= 50
    assert leaks(out) == []
    assert (out / "searchindex.js").exists() and len(list(out.glob("*.html"))) >= len(CHAPTERS)


def test_the_leak_check_finds_the_solutions_in_the_teacher_edition(tmp_path):
    """The check above can fail: on the teacher edition's sources it finds the solutions."""
    stage_book(CHAPTERS, tmp_path, repository=REPOSITORY)
    found = leaks(tmp_path)
    assert len(found) >= 50 and {line.split(":")[0] for line in found} >= {"03_uninformed_search.ipynb"}


def test_every_student_page_links_its_student_notebook_binder_and_colab(student_site):
    out, _ = student_site
    for chapter in CHAPTERS:
        page = (out / chapter.with_suffix(".html").name).read_text(encoding="utf-8")
        links = dict(re.findall(r'<a class="puzzlekit-(\w+)" href="([^"]+)"', page))
        assert set(links) == {"download", "binder", "colab", "source"}, chapter.name
        # the student notebooks, on the branch the website's workflow writes them to
        check_launch_links(html.unescape(links["binder"]), html.unescape(links["colab"]), REPOSITORY, chapter.name,
                           branch=STUDENT_BRANCH)
        assert f"/blob/{STUDENT_BRANCH}/chapters/" in links["source"]
        downloaded = nbformat.read(out / links["download"], as_version=4)  # a notebook in the site, student edition
        assert not any(line.strip() == "### BEGIN SOLUTION" for cell in downloaded.cells
                       for line in cell.source.splitlines())
        assert "Time:" in page_text(out / chapter.with_suffix(".html").name)


def test_pages_have_a_favicon_a_copy_button_and_no_empty_index(student_site):
    out, _ = student_site
    page = (out / "03_uninformed_search.html").read_text(encoding="utf-8")
    assert re.search(r'<link rel="(?:shortcut )?icon" href="_static/favicon.svg"', page)
    assert (out / "_static" / "favicon.svg").read_text().startswith("<svg")
    assert "copybutton.js" in page and (out / "_static" / "copybutton.js").exists()
    assert not (out / "genindex.html").exists() and "genindex.html" not in page
    assert 'data-theme="auto"' in page  # the reader's light or dark preference
    assert not MARKERS.search(page_text(out / "03_uninformed_search.html"))
    assert not MARKERS.search((out / "searchindex.js").read_text(encoding="utf-8"))


def test_the_index_lists_every_chapter_with_its_time_and_prerequisites(student_site):
    out, _ = student_site
    text = page_text(out / "index.html")
    assert "student edition" in text
    for chapter in CHAPTERS:
        header = chapter_header(nbformat.read(chapter, as_version=4))
        assert header["title"] in text and header["time"][:30] in text, chapter.name

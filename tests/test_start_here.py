"""Tests for chapters/00_start_here.ipynb: the start page lists every chapter in order, and describes the sources."""

import json
import re
from pathlib import Path

CHAPTERS = Path(__file__).resolve().parent.parent / "chapters"

# The course as chapter 0 lists it. A chapter being written may not be in chapters/ yet; one being split
# (05_q_learning into 05a and 05b) may still be there under its old name until its parts land.
COURSE = [
    "00_start_here.ipynb",
    "01_board_representation.ipynb",
    "02_solvability.ipynb",
    "03_uninformed_search.ipynb",
    "04_informed_search.ipynb",
    "05a_q_learning_by_hand.ipynb",
    "05b_q_learning_at_scale.ipynb",
    "05c_when_moves_slip.ipynb",
    "06_sun_and_moon.ipynb",
    "07_learned_heuristics.ipynb",
    "08_fifteen_puzzle.ipynb",
    "09_sokobond.ipynb",
    "10_neural_heuristics.ipynb",
]
SPLIT = {"05_q_learning.ipynb": ("05a_q_learning_by_hand.ipynb", "05b_q_learning_at_scale.ipynb")}


def markdown(name: str) -> str:
    notebook = json.loads((CHAPTERS / name).read_text())
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")


def test_the_start_page_links_every_chapter_in_order():
    linked = re.findall(r"\]\((\d\d[a-z]?_\w+\.ipynb)\)", markdown("00_start_here.ipynb"))
    assert linked == COURSE
    for path in CHAPTERS.glob("*.ipynb"):  # every notebook there is a chapter of the list, or one being split
        assert path.name in COURSE or path.name in SPLIT, f"{path.name} is not listed in chapter 0"
    for old, parts in SPLIT.items():  # the old name is tolerated only beside the parts that replace it
        assert not (CHAPTERS / old).exists() or set(parts) <= set(linked)


def test_each_listed_chapter_has_a_time_and_prerequisites():
    text = markdown("00_start_here.ipynb")
    rows = [line for line in text.splitlines() if re.match(r"\| \d+[a-z]?\. \[", line)]
    assert len(rows) == len(COURSE)
    readme = (CHAPTERS.parent / "README.md").read_text(encoding="utf-8")
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        # reading and running / with the exercises, as in the chapter's header and README's table
        assert re.fullmatch(r"\d+ min( \(no exercises\)| / \d*[¼½¾]? ?h)", cells[2]), row
        assert cells[3], row
        name = re.search(r"\]\((\w+)\.ipynb\)", row).group(1)
        assert re.search(rf"\(chapters/{name}\.ipynb\) \|[^|]*\| {re.escape(cells[2])} \|", readme), (name, cells[2])


def test_the_start_page_names_each_source_once_and_how_to_get_the_student_edition():
    text = markdown("00_start_here.ipynb")
    for name in ("The textbook chapter on solving puzzles", "The original 8-puzzle game",
                 "The original sun-and-moon program", "The study of A\\* with learned values",
                 "The original Sokobond project"):
        assert text.count(f"**{name}**") == 1, name
    assert "python3 course.py student" in text
    assert "## References" in text
    assert "the seed" not in text.lower()

"""Every number a chapter's prose states is computed in the chapter: it shows in an output or in the code.

The house rule is that every number the prose states ("181,440 reachable boards", "31 moves at most") is computed in
a cell next to it, so that prose and code cannot drift apart. This test reads each markdown cell for the numbers that
could drift: those with a thousands separator, percentages, and whole numbers of 3 digits or more. Each must appear
in one of the chapter's code cells or stored outputs (with or without its separators). Left out: numbers in code
spans, years, the bibliography (a cell that is a list of references), and numbers said to be rough ("about 5,000").
A number from elsewhere (another chapter, a paper) is listed in ELSEWHERE, with where it comes from.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))
NUMBER = re.compile(r"(?<![\w.$^{\\])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?%|\d{3,}(?:\.\d+)?)(?![\w^}])")
ROUGH = re.compile(r"(?:about|around|nearly|almost|over|under|some|roughly|up to|more than|fewer than|less than|below|"
                   r"above|at most|at least|within|~|≈|-|−|–|to)\s*$", re.I)
REFERENCES = re.compile(r"^#+\s*(References|Sources|Further reading)", re.M)
#: (chapter, number): where the number comes from, when not from the chapter itself.
ELSEWHERE = {
    ("00_start_here", "100"): "Korf's 100 instances, chapter 8's table of contents entry",
    ("05a_q_learning_by_hand", "181,440"): "the 8-puzzle's boards, counted in chapter 2 (and used in 5b)",
    ("05b_q_learning_at_scale", "1,310,720"): "the benchmark tests/benchmarks/bench_exploration.py, named beside it",
    ("05c_when_moves_slip", "80%"): "CS188's gridworld, described",
    ("05c_when_moves_slip", "10%"): "CS188's gridworld, described",
    ("06_sun_and_moon", "181,440"): "the 8-puzzle's boards, counted in chapter 2",
    ("06_sun_and_moon", "65,536"): "the 8-puzzle's lanes of chapter 5b",
    ("07_learned_heuristics", "181,440"): "the 8-puzzle's boards, counted in chapter 2",
}


def output_text(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        parts.extend(str(value) for key, value in output.get("data", {}).items() if key.startswith("text/"))
    return "\n".join(parts)


def stated_numbers(markdown: str) -> list[tuple[str, str]]:
    """(number, the words around it) for each number of `markdown` that must be computed somewhere."""
    if REFERENCES.search(markdown):
        return []
    text = re.sub(r"`[^`]*`", "", markdown)               # code in the prose is code
    text = re.sub(r"\]\([^)]*\)", "]", text)                # link targets
    text = re.sub(r"\$[^$]*\$", "", text)                   # formulas
    found = []
    for match in NUMBER.finditer(text):
        number, before = match.group(1), text[max(0, match.start() - 20):match.start()]
        if re.fullmatch(r"(1[89]|20)\d\d", number) or ROUGH.search(before):
            continue
        found.append((number, text[max(0, match.start() - 50):match.end() + 30].replace("\n", " ")))
    return found


def test_stated_numbers_are_found_and_rough_ones_left_alone():
    found = stated_numbers("It reaches 181,440 boards (about 5,000 a second) in 1879; `size = 100`; 12% of 300.")
    assert [number for number, _ in found] == ["181,440", "12%", "300"]
    assert stated_numbers("## References\n\n* Korf, *Artificial Intelligence* 27, 1985, pp. 97-109") == []


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_every_number_the_prose_states_is_computed(chapter):
    notebook = nbformat.read(chapter, as_version=4)
    computed = "\n".join(cell.source + "\n" + output_text(cell) for cell in notebook.cells if cell.cell_type == "code")
    bare = computed.replace(",", "").replace("_", "")
    missing = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "markdown":
            continue
        for number, words in stated_numbers(cell.source):
            if number in computed or number.replace(",", "") in bare or (chapter.stem, number) in ELSEWHERE:
                continue
            missing.append(f"cell {index}: {number} ({words})")
    assert missing == [], "numbers the prose states that no cell computes:\n" + "\n".join(missing)

"""Tests for chapters/00_start_here.ipynb: the start page links every chapter, and nothing that is not one."""

import json
import re
from pathlib import Path

CHAPTERS = Path(__file__).resolve().parent.parent / "chapters"


def test_the_start_page_links_every_chapter():
    notebook = json.loads((CHAPTERS / "00_start_here.ipynb").read_text())
    text = "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    linked = re.findall(r"\]\((\d\d_\w+\.ipynb)\)", text)
    chapters = sorted(path.name for path in CHAPTERS.glob("*.ipynb") if path.name != "00_start_here.ipynb")
    assert linked == chapters  # every chapter, in order, and each link leads to a notebook that exists

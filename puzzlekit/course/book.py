"""The course as a website: the executed chapters (or their student edition) built by Sphinx and MyST-NB, offline.

Used by `python3 course.py book [--out DIR] [--student]`. Nothing is fetched when the site is built or read: the
theme (sphinx-book-theme), its fonts and MathJax 3 (from the django-static-mathjax package) are copied into the site,
and each widget board is drawn from the state the notebook saved (`puzzlekit.course.widget_pictures`). The links
under each title come from `puzzlekit.course.launch`.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import time
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import quote

from puzzlekit.course.launch import BRANCH, COLAB_TAG, github_repository, launch_links
from puzzlekit.course.widget_pictures import static_widgets

__all__ = ["build_book"]


def chapter_header(notebook) -> dict[str, str]:
    """A chapter's title, goal, time and prerequisites, as its first cell states them (missing ones are left out).

    Examples
    --------
    >>> chapter_header({"cells": [{"cell_type": "markdown", "source": "# Chapter 1 · Boards\\n\\n**Goal:** boards."
    ...                             "\\n\\n**Time:** 45 minutes.\\n**Prerequisites:** none.\\n\\n## The puzzle"}]})
    {'title': 'Chapter 1 · Boards', 'goal': 'boards.', 'time': '45 minutes.', 'prerequisites': 'none.'}
    """
    first = next((cell for cell in notebook["cells"] if cell["cell_type"] == "markdown"), None)
    source = _source(first) if first else ""
    header = {}
    patterns = {"title": r"^#\s+([^\n]+)$", "goal": r"\*\*Goal:\*\*\s*(.+?)(?=\n\n|\*\*Time:|\Z)",
                "time": r"\*\*Time:\*\*\s*(.+?)(?=\s*\*\*Prerequisites:|\n\n|\Z)",
                "prerequisites": r"\*\*Prerequisites:\*\*\s*(.+?)(?=\n\n|\Z)"}
    for key, pattern in patterns.items():
        found = re.search(pattern, source, re.M | re.S)
        if found:
            header[key] = " ".join(found.group(1).split())
    return header


def _source(cell) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


# The branch the student site's Binder, Colab and GitHub links open: the repository with its chapters replaced by
# their student edition, which the website's workflow (.github/workflows/book.yml) writes on every publication.
STUDENT_BRANCH = "student"


def _launch_block(repository: str, name: str, branch: str) -> str:
    links = launch_links(repository, f"chapters/{name}", branch=branch)
    return (
        '<div class="puzzlekit-launch">'
        f'<a class="puzzlekit-download" href="notebooks/{quote(name)}" download>⬇ Download the notebook</a>'
        f'<a class="puzzlekit-binder" href="{html.escape(links["binder"])}">Open in Binder</a>'
        f'<a class="puzzlekit-colab" href="{html.escape(links["colab"])}">Open in Colab</a>'
        f'<a class="puzzlekit-source" href="{html.escape(links["repository"])}">View on GitHub</a>'
        "</div>"
    )


# Lines that speak to the tests and the grader, never to a reader: nbval's markers (`# NBVAL_IGNORE_OUTPUT`) and
# nbgrader's (`### BEGIN SOLUTION`, `### END SOLUTION`, `### STUB: ...`). They are left out of every page, and so
# out of the search index.
_MARKER = re.compile(r"^[ \t]*(?:# NBVAL_[A-Z_]+\b.*|### (?:BEGIN|END) SOLUTION|### STUB:.*)[ \t]*$")
LONG_OUTPUT = 25  # printed lines above which an output is folded away behind "show the N lines"


def without_markers(source: str) -> str:
    """`source` without its testing and grading marker lines.

    Examples
    --------
    >>> without_markers("# NBVAL_IGNORE_OUTPUT\\ndef f():\\n    ### BEGIN SOLUTION\\n    ### STUB: ...\\n"
    ...                 "    return 1\\n    ### END SOLUTION")
    'def f():\\n    return 1'
    """
    return "\n".join(line for line in source.split("\n") if not _MARKER.match(line))


def _merged_streams(outputs: list) -> list:
    """`outputs` with each run of printed text to one stream joined into one output, as a reader sees it."""
    merged = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and previous is not None
                and previous.get("output_type") == "stream" and previous.get("name") == output.get("name")):
            text = _source({"source": previous["text"]}) + _source({"source": output["text"]})
            merged[-1] = dict(previous, text=text)
        else:
            merged.append(output)
    return merged


def _folded(output) -> dict:
    """A printed output as it is, or, when it is longer than LONG_OUTPUT lines, as HTML that shows its first lines
    and folds the rest behind a summary a reader clicks."""
    text = _source({"source": output["text"]})
    lines = text.rstrip("\n").split("\n")
    if len(lines) <= LONG_OUTPUT:
        return output
    head, rest = "\n".join(lines[:10]), "\n".join(lines[10:])
    return {"output_type": "display_data", "metadata": {},
            "data": {"text/html": f'<div class="puzzlekit-long-output"><pre>{html.escape(head)}</pre><details>'
                                  f'<summary>show the other {len(lines) - 10} of its {len(lines)} lines</summary>'
                                  f'<pre>{html.escape(rest)}</pre></details></div>', "text/plain": text}}


_PUZZLE_BOARD = re.compile(r"PuzzleBoard\(size=3, board=\(([\d, ]+)\)")


def playable_boards(notebook) -> int:
    """Make each 3x3 PuzzleBoard that `static_widgets` drew playable on the page (in place); return how many.

    The page keeps the drawing for a reader without scripts and wraps it in a `puzzlekit-board` holder that the
    site's own script (book-board.js) turns into a board that slides, shuffles, resets, counts moves, hints and
    solves, in the browser: a widget needs a kernel, and a page has none. Boards of other sizes or with repeated
    pieces (the sun and moon puzzle) stay pictures, with the note that says so.
    """
    made = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            found = _PUZZLE_BOARD.match(data.get("text/plain", ""))
            if not found or "puzzlekit-static-widget" not in data.get("text/html", ""):
                continue
            tiles = [int(tile) for tile in found.group(1).split(",")]
            if sorted(tiles) != list(range(9)):
                continue
            picture = data["text/html"]
            data["text/html"] = (f'<div class="puzzlekit-board" data-board="{",".join(map(str, tiles))}">'
                                 f"{picture}</div>")
            made += 1
    return made


def book_notebook(notebook, name: str, repository: str, *, branch: str = BRANCH):
    """The page's version of a chapter (a copy): launch links under its title, widget boards drawn, the Colab
    install cell left out of the page, testing markers left out of the code, long printed outputs folded."""
    import copy

    import nbformat

    page = copy.deepcopy(notebook)
    page["cells"] = [cell for cell in page["cells"] if COLAB_TAG not in cell.get("metadata", {}).get("tags", [])]
    static_widgets(page)
    playable_boards(page)
    for cell in page["cells"]:
        if cell["cell_type"] != "code":
            continue
        cell["source"] = without_markers(_source(cell))
        cell["outputs"] = [nbformat.from_dict(_folded(output)) if output.get("output_type") == "stream" else output
                           for output in _merged_streams(cell.get("outputs", []))]
    for cell in page["cells"]:
        if cell["cell_type"] == "markdown":
            source = _source(cell)
            title_end = source.find("\n") if source.startswith("# ") else -1
            block = _launch_block(repository, name, branch)
            cell["source"] = (source[:title_end] + f"\n\n{block}\n" + source[title_end:] if title_end >= 0
                              else f"{block}\n\n{source}")
            break
    return page


def _index_page(headers: list[tuple[str, dict]], student: bool) -> str:
    edition = " (student edition)" if student else ""
    lines = [
        f"# puzzlekit: a course in solving sliding puzzles{edition}",
        "",
        "A course in search and reinforcement learning, taught on sliding puzzles: represent the 8-puzzle, tell "
        "which boards can be solved, search for solutions (breadth-first to IDA\\*), learn to solve it (Q-learning, "
        "value iteration, a neural network), then the 15-puzzle and Sokobond. Each chapter is a Jupyter notebook: "
        "read it here, download it, or open it in Binder or Colab to run it.",
        "",
        "```{toctree}",
        ":hidden:",
        ":maxdepth: 1",
        "",
        *[name[: -len(".ipynb")] for name, _ in headers],
        "```",
        "",
        "## The chapters",
        "",
    ]
    for name, header in headers:
        lines.append(f"- **[{header.get('title', name)}]({name[: -len('.ipynb')]})**: {header.get('goal', '')}")
        if "time" in header or "prerequisites" in header:
            lines.append(f"  *Time:* {header.get('time', '')} *Before it:* {header.get('prerequisites', '')}")
        lines.append("")
    return "\n".join(lines) + "\n"


def stage_book(chapters: Iterable[str | os.PathLike], folder: str | os.PathLike, *, repository: str,
               student: bool = False) -> list[Path]:
    """Write the site's sources into `folder`: each chapter's page version, an index page, and the notebooks
    readers download (the chapters as they are, or their student edition) in `folder/_notebooks`."""
    import nbformat

    from puzzlekit.course.editions import student_notebook, write_notebook

    github_repository(repository)
    folder = Path(folder)
    downloads = folder / "_notebooks" / "notebooks"
    downloads.mkdir(parents=True, exist_ok=True)
    (folder / "_static").mkdir(exist_ok=True)
    (folder / "_static" / "puzzlekit-book.css").write_text(CSS.lstrip(), encoding="utf-8")
    (folder / "_static" / "favicon.svg").write_text(FAVICON, encoding="utf-8")
    shutil.copy2(Path(__file__).with_name("book-board.js"), folder / "_static" / "puzzlekit-board.js")
    headers, staged = [], []
    chapters = sorted(Path(path) for path in chapters)
    if not chapters:
        raise ValueError("no chapters to build a site from")
    for chapter in chapters:
        notebook = nbformat.read(chapter, as_version=4)
        if student:
            notebook = student_notebook(notebook)
        write_notebook(notebook, downloads / chapter.name)
        branch = STUDENT_BRANCH if student else BRANCH
        write_notebook(book_notebook(notebook, chapter.name, repository, branch=branch), folder / chapter.name)
        headers.append((chapter.name, chapter_header(notebook)))
        staged.append(folder / chapter.name)
    (folder / "index.md").write_text(_index_page(headers, student), encoding="utf-8")
    return staged


# The site's icon: an 8-puzzle one move from solved, drawn as SVG (no file to ship, sharp at any size).
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 30"><rect width="30" height="30" rx="4" fill="#2b5797"/>'
    + "".join(f'<rect x="{1 + 10 * (cell % 3)}" y="{1 + 10 * (cell // 3)}" width="8" height="8" rx="1.5" fill="#fff"/>'
              for cell in range(8))
    + "</svg>\n"
)

# The site's own styles: the launch links under each title, the widget boards drawn as they stood, code and outputs
# kept inside the page's width, long outputs folded, and a phone's first screen left to the chapter's goal.
CSS = """
div.cell div.highlight pre, div.cell_output pre, .puzzlekit-long-output pre { white-space: pre-wrap;
  overflow-wrap: anywhere; }
div.cell_output, .puzzlekit-static-widget { max-width: 100%; overflow-x: auto; }
.bd-article code.literal, .bd-article code.literal span.pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.bd-article table { display: block; max-width: 100%; overflow-x: auto; }
.puzzlekit-long-output pre { margin: 0; padding: 0.5em; background: var(--pst-color-surface, #f5f5f5);
  font-size: 0.85em; }
.puzzlekit-long-output summary { cursor: pointer; padding: 0.2em 0.5em; color: var(--pst-color-link, #0a58ca); }
@media (max-width: 600px) {
  .bd-article h1 { font-size: 1.6rem; margin-bottom: 0.3em; }
  .puzzlekit-launch { font-size: 0.85em; gap: 0.3em 0.5em; margin: 0.2em 0 0.6em; }
}
.puzzlekit-board.pk-playing { margin: 0.5em 0; }
.pk-play-grid { display: grid; grid-template-columns: repeat(3, 56px); gap: 4px; }
.pk-play-tile { width: 56px; height: 56px; font-size: 22px; font-weight: 600; border: 1px solid #2b5797;
  border-radius: 6px; background: #dbe7f7; color: #12305c; cursor: pointer; }
.pk-play-tile.pk-play-blank { background: transparent; border-style: dashed; cursor: default; }
.pk-play-tile.pk-play-hint { background: #ffd54f; }
.pk-play-controls { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.pk-play-controls button { padding: 3px 12px; border: 1px solid var(--pst-color-border, #999); border-radius: 4px;
  background: var(--pst-color-surface, #f3f3f3); color: var(--pst-color-text-base, #222); cursor: pointer; }
.pk-play-status { margin: 6px 0 0; font-size: 0.95em; }
.puzzlekit-widget-note { margin: 0.3em 0 0.2em; padding: 0.3em 0.6em; border-left: 3px solid #c77c02;
  background: var(--pst-color-surface, #fff8e5); font-size: 0.9em; }
.puzzlekit-launch { display: flex; flex-wrap: wrap; gap: 0.4em 1em; margin: 0.3em 0 1em; font-size: 0.95em; }
.puzzlekit-launch a { padding: 0.15em 0.6em; border: 1px solid var(--pst-color-border, #ccc); border-radius: 4px;
  text-decoration: none; }
.puzzlekit-static-widget { margin: 0.4em 0; font-family: var(--pst-font-family-base, sans-serif); font-size: 14px;
  color: #222; }
.puzzlekit-static-widget .pk-box { gap: 4px; align-items: flex-start; }
.puzzlekit-static-widget .pk-button { display: inline-flex; align-items: center; justify-content: center;
  min-height: 28px; padding: 0 8px; box-sizing: border-box; background-color: #eee; border-radius: 2px;
  white-space: nowrap; overflow: hidden; }
.puzzlekit-static-widget .pk-control { display: inline-flex; align-items: center; gap: 6px; min-height: 28px; }
.puzzlekit-static-widget .pk-description { min-width: 40px; }
.puzzlekit-static-widget .pk-select, .puzzlekit-static-widget .pk-text { border: 1px solid #9e9e9e;
  padding: 2px 6px; background: #fff; min-width: 60px; }
.puzzlekit-static-widget .pk-slider { display: inline-block; width: 140px; height: 4px; background: #ccc;
  position: relative; }
.puzzlekit-static-widget .pk-slider-fill { display: block; height: 4px; background: #2196f3; }
"""


def _mathjax_folder() -> Path:
    import mathjax  # django-static-mathjax: MathJax 3 as files, without Django

    return Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"


def _copy_mathjax(static: Path) -> None:
    """The parts of MathJax 3 a page loads: TeX input to CommonHTML output, its fonts, and the TeX extensions it
    loads when a formula asks for one."""
    source, target = _mathjax_folder(), static / "mathjax"
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source / "tex-chtml.js", target / "tex-chtml.js")
    for part in ("output/chtml/fonts/woff-v2", "input/tex/extensions", "ui", "a11y", "adaptors"):
        if (source / part).exists():
            shutil.copytree(source / part, target / part, dirs_exist_ok=True)


def _sphinx_settings(repository: str, student: bool) -> dict:
    return {
        "project": "puzzlekit" + (" (student edition)" if student else ""),
        "author": "the puzzlekit authors",
        "copyright": "the puzzlekit authors; text and pictures CC BY 4.0, code MIT",
        "extensions": ["myst_nb", "sphinx_copybutton"],
        # The copy button on code a reader types (cells, examples), not on what the code printed.
        "copybutton_selector": "div:not(.output) > div.highlight pre",
        "html_favicon": "_static/favicon.svg",
        "html_use_index": False,  # Sphinx's index lists only what a directive marks, and no chapter marks any
        "exclude_patterns": ["_build", "_notebooks", "_static", "**.ipynb_checkpoints"],
        "html_theme": "sphinx_book_theme",
        "html_title": "puzzlekit" + (" (student edition)" if student else ""),
        "html_static_path": ["_static"],
        "html_css_files": ["puzzlekit-book.css"],
        "html_js_files": ["puzzlekit-board.js"],
        "html_extra_path": ["_notebooks"],
        "html_copy_source": False,
        "html_show_sourcelink": False,
        "html_theme_options": {
            "repository_url": repository,
            "use_repository_button": True,
            "use_download_button": False,
            "show_toc_level": 2,
            "navigation_with_keys": False,
        },
        # The reader's light or dark preference (prefers-color-scheme), until they choose one with the theme's button.
        "html_context": {"default_mode": "auto"},
        "mathjax_path": "mathjax/tex-chtml.js",
        "myst_enable_extensions": ["dollarmath", "amsmath", "html_image"],
        "myst_heading_anchors": 3,
        "smartquotes": False,  # quotes as the notebook has them, as JupyterLab shows them
        "nb_execution_mode": "off",
        "nb_ipywidgets_js": {},  # no widget script from a CDN: the boards are drawn (static_widgets)
        "nb_merge_streams": True,
        "suppress_warnings": ["myst.header", "mystnb.unknown_mime_type", "misc.highlighting_failure"],
    }


def build_book(chapters: Iterable[str | os.PathLike], out: str | os.PathLike, *, repository: str,
               student: bool = False) -> dict:
    """Build the site of `chapters` into `out` (replaced if it holds a site); return what was built:
    {"pages", "seconds", "bytes", "files", "warnings"}."""
    import io
    import tempfile

    from sphinx.application import Sphinx

    started = time.monotonic()
    out = Path(out)
    if out.exists() and any(out.iterdir()) and not (out / "index.html").exists():
        raise ValueError(f"{out} holds files but no site: choose an empty folder or a folder with a site")
    with tempfile.TemporaryDirectory(prefix="puzzlekit-book-") as work:
        source, doctrees = Path(work) / "source", Path(work) / "doctrees"
        pages = stage_book(chapters, source, repository=repository, student=student)
        building = out.with_name(out.name + ".building")
        shutil.rmtree(building, ignore_errors=True)
        warnings = io.StringIO()
        app = Sphinx(str(source), None, str(building), str(doctrees), "html",
                     confoverrides=_sphinx_settings(repository, student), status=None,
                     warning=warnings, freshenv=True)
        app.build()
        _copy_mathjax(building / "_static")
        shutil.rmtree(building / "_sources", ignore_errors=True)  # empty: the pages' sources are not copied
        if out.exists():
            shutil.rmtree(out)
        os.replace(building, out)
    size, files = site_size(out)
    return {"pages": len(pages) + 1, "seconds": time.monotonic() - started, "bytes": size, "files": files,
            "warnings": warnings.getvalue()}


def site_size(folder: str | os.PathLike) -> tuple[int, int]:
    """(bytes, files) of everything under `folder`."""
    paths = [path for path in Path(folder).rglob("*") if path.is_file()]
    return sum(path.stat().st_size for path in paths), len(paths)

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

from puzzlekit.course.launch import COLAB_TAG, github_repository, launch_links
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


def _launch_block(repository: str, name: str) -> str:
    links = launch_links(repository, f"chapters/{name}")
    return (
        '<div class="puzzlekit-launch">'
        f'<a class="puzzlekit-download" href="notebooks/{quote(name)}" download>⬇ Download the notebook</a>'
        f'<a class="puzzlekit-binder" href="{html.escape(links["binder"])}">Open in Binder</a>'
        f'<a class="puzzlekit-colab" href="{html.escape(links["colab"])}">Open in Colab</a>'
        f'<a class="puzzlekit-source" href="{html.escape(links["repository"])}">View on GitHub</a>'
        "</div>"
    )


def book_notebook(notebook, name: str, repository: str):
    """The page's version of a chapter (a copy): launch links under its title, widget boards drawn, the Colab
    install cell left out of the page."""
    import copy

    page = copy.deepcopy(notebook)
    page["cells"] = [cell for cell in page["cells"] if COLAB_TAG not in cell.get("metadata", {}).get("tags", [])]
    static_widgets(page)
    for cell in page["cells"]:
        if cell["cell_type"] == "markdown":
            source = _source(cell)
            title_end = source.find("\n") if source.startswith("# ") else -1
            block = _launch_block(repository, name)
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
    headers, staged = [], []
    chapters = sorted(Path(path) for path in chapters)
    if not chapters:
        raise ValueError("no chapters to build a site from")
    for chapter in chapters:
        notebook = nbformat.read(chapter, as_version=4)
        if student:
            notebook = student_notebook(notebook)
        write_notebook(notebook, downloads / chapter.name)
        write_notebook(book_notebook(notebook, chapter.name, repository), folder / chapter.name)
        headers.append((chapter.name, chapter_header(notebook)))
        staged.append(folder / chapter.name)
    (folder / "index.md").write_text(_index_page(headers, student), encoding="utf-8")
    return staged


# The site's own styles: the launch links under each title, and the widget boards drawn as they stood.
CSS = """
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
        "extensions": ["myst_nb"],
        "exclude_patterns": ["_build", "_notebooks", "_static", "**.ipynb_checkpoints"],
        "html_theme": "sphinx_book_theme",
        "html_title": "puzzlekit" + (" (student edition)" if student else ""),
        "html_static_path": ["_static"],
        "html_css_files": ["puzzlekit-book.css"],
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
        "html_context": {"default_mode": "light"},  # without it the theme logs an error on a first visit
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

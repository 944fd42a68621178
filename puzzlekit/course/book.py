"""The course as a website: the executed chapters (or their student edition) built by Sphinx and MyST-NB, offline.

Used by `python3 course.py book [--out DIR] [--student]`. Nothing is fetched when the site is built or read: the theme
(sphinx-book-theme), its fonts and MathJax 3 (from the django-static-mathjax package) are copied into the site, and
each widget board is drawn from the state the notebook saved, as static HTML.
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

__all__ = [
    "BRANCH",
    "repository_setting",
    "github_repository",
    "launch_links",
    "chapter_header",
    "widget_html",
    "static_widgets",
    "book_notebook",
    "stage_book",
    "build_book",
    "site_size",
]

BRANCH = "main"  # the branch Binder and Colab open, and the one whose pushes deploy the site
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_GITHUB = re.compile(r"https://github\.com/([A-Za-z0-9][A-Za-z0-9-]*)/([A-Za-z0-9._-]+?)(?:\.git)?/?")


def repository_setting(pyproject: str | os.PathLike) -> str:
    """The course's repository, the one setting the site's Binder and Colab links come from: `Repository` under
    `[project.urls]` in pyproject.toml.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "pyproject.toml"
    ...     _ = path.write_text('[project.urls]\\nRepository = "https://github.com/someone/puzzlekit"\\n')
    ...     repository_setting(path)
    'https://github.com/someone/puzzlekit'
    """
    text = Path(pyproject).read_text(encoding="utf-8")
    section = re.search(r"^\[project\.urls\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    found = section and re.search(r'^Repository\s*=\s*"([^"]*)"', section.group(1), re.M)
    if not found:
        raise ValueError(f'{pyproject} has no Repository = "https://github.com/OWNER/NAME" under [project.urls]')
    return found.group(1)


def github_repository(repository: str) -> tuple[str, str]:
    """(owner, name) of a GitHub repository's address; ValueError for anything else.

    Examples
    --------
    >>> github_repository("https://github.com/someone/puzzlekit")
    ('someone', 'puzzlekit')
    """
    if not isinstance(repository, str):
        raise TypeError(f"repository must be a str like 'https://github.com/OWNER/NAME', got {type(repository).__name__}")
    match = _GITHUB.fullmatch(repository)
    if not match:
        raise ValueError(f"repository must look like https://github.com/OWNER/NAME (Binder and Colab open GitHub "
                         f"repositories), got {repository!r}")
    return match.group(1), match.group(2)


def launch_links(repository: str, notebook: str, *, branch: str = BRANCH) -> dict[str, str]:
    """Where a chapter opens: its repository page, Binder (JupyterLab at the chapter) and Colab.

    `notebook` is the chapter's path in the repository.

    Examples
    --------
    >>> links = launch_links("https://github.com/someone/puzzlekit", "chapters/01_board_representation.ipynb")
    >>> links["binder"]
    'https://mybinder.org/v2/gh/someone/puzzlekit/main?labpath=chapters%2F01_board_representation.ipynb'
    >>> links["colab"]
    'https://colab.research.google.com/github/someone/puzzlekit/blob/main/chapters/01_board_representation.ipynb'
    >>> launch_links("github.com/someone", "a.ipynb")
    Traceback (most recent call last):
    ValueError: repository must look like https://github.com/OWNER/NAME (Binder and Colab open GitHub repositories), got 'github.com/someone'
    """
    owner, name = github_repository(repository)
    if not isinstance(notebook, str) or not notebook.endswith(".ipynb") or notebook.startswith("/"):
        raise ValueError(f"notebook must be a relative path ending in .ipynb, got {notebook!r}")
    path = quote(notebook)
    return {
        "repository": f"https://github.com/{owner}/{name}/blob/{branch}/{path}",
        "binder": f"https://mybinder.org/v2/gh/{owner}/{name}/{branch}?labpath={quote(notebook, safe='')}",
        "colab": f"https://colab.research.google.com/github/{owner}/{name}/blob/{branch}/{path}",
    }


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


# ---- widget boards drawn from their saved state ------------------------------------------------------------------

_BOXES = {"VBoxModel": "column", "HBoxModel": "row", "BoxModel": "row", "GridBoxModel": None}
_STYLE_CSS = {"button_color": "background-color", "text_color": "color", "font_size": "font-size",
              "font_weight": "font-weight", "font_style": "font-style", "font_family": "font-family",
              "background": "background", "text_decoration": "text-decoration"}


def _css(layout: dict, style: dict | None = None) -> str:
    rules = [f"{key.replace('_', '-')}: {value}" for key, value in layout.items()
             if not key.startswith("_") and value not in (None, "") and isinstance(value, str)]
    rules += [f"{_STYLE_CSS[key]}: {value}" for key, value in (style or {}).items()
              if key in _STYLE_CSS and value not in (None, "")]
    return "; ".join(rules)


def widget_html(state: dict, model_id: str) -> str:
    """Static HTML for the widget `model_id` as `state` (a notebook's saved widget state) holds it: boxes and grids
    laid out as ipywidgets lays them out, buttons, labels, menus and sliders drawn as they stood, nothing clickable.

    Raises ValueError for a widget model it does not know how to draw, so that a new kind of widget is noticed
    when the site is built instead of showing as an empty box.

    Examples
    --------
    >>> state = {"a": {"model_name": "HBoxModel", "state": {"children": ["IPY_MODEL_b"], "layout": "IPY_MODEL_l"}},
    ...          "b": {"model_name": "ButtonModel", "state": {"description": "Shuffle", "layout": "IPY_MODEL_l"}},
    ...          "l": {"model_name": "LayoutModel", "state": {"width": "104px"}}}
    >>> widget_html(state, "a")
    '<div class="pk-w pk-box" style="display: flex; flex-direction: row; width: 104px"><span class="pk-w pk-button" \
style="width: 104px">Shuffle</span></div>'
    """
    model = state.get(model_id)
    if model is None:
        raise ValueError(f"the saved widget state has no model {model_id!r}")
    kind, values = model["model_name"], model["state"]

    def linked(key) -> dict:
        reference = values.get(key)
        if isinstance(reference, str) and reference.startswith("IPY_MODEL_"):
            return state.get(reference[len("IPY_MODEL_"):], {}).get("state", {})
        return {}

    layout, style = linked("layout"), linked("style")
    classes = " ".join(["pk-w"] + [html.escape(name) for name in values.get("_dom_classes", [])])
    description = values.get("description") or ""
    label = f'<span class="pk-description">{html.escape(description)}</span>' if description else ""
    if kind in _BOXES:
        children = "".join(widget_html(state, child[len("IPY_MODEL_"):]) for child in values.get("children", []))
        direction = _BOXES[kind]
        shape = "display: grid" if direction is None else f"display: flex; flex-direction: {direction}"
        css = "; ".join(part for part in (shape, _css(layout)) if part)
        return f'<div class="{classes} pk-box" style="{css}">{children}</div>'
    css = _css(layout, style)
    attributes = f' style="{html.escape(css)}"' if css else ""
    if kind == "ButtonModel":
        tooltip = values.get("tooltip") or ""
        title = f' title="{html.escape(tooltip)}"' if tooltip else ""
        return f'<span class="{classes} pk-button"{attributes}{title}>{html.escape(description) or "&nbsp;"}</span>'
    if kind in ("HTMLModel", "HTMLMathModel"):
        return f'<div class="{classes} pk-html"{attributes}>{label}{values.get("value", "")}</div>'
    if kind == "LabelModel":
        return f'<span class="{classes} pk-label"{attributes}>{html.escape(str(values.get("value", "")))}</span>'
    if kind in ("DropdownModel", "SelectModel", "ToggleButtonsModel", "RadioButtonsModel"):
        labels, index = values.get("_options_labels", []), values.get("index")
        shown = labels[index] if isinstance(index, int) and 0 <= index < len(labels) else ""
        return (f'<span class="{classes} pk-control"{attributes}>{label}'
                f'<span class="pk-select">{html.escape(shown)} ▾</span></span>')
    if kind in ("IntSliderModel", "FloatSliderModel"):
        low, high, value = (values.get(key, 0) for key in ("min", "max", "value"))
        share = 0 if high == low else 100 * (value - low) / (high - low)
        readout = f'<span class="pk-readout">{value}</span>' if values.get("readout", True) else ""
        return (f'<span class="{classes} pk-control"{attributes}>{label}<span class="pk-slider">'
                f'<span class="pk-slider-fill" style="width: {share:.0f}%"></span></span>{readout}</span>')
    if kind == "PlayModel":
        return f'<span class="{classes} pk-button pk-play"{attributes} title="play">▶</span>'
    if kind in ("CheckboxModel", "ToggleButtonModel"):
        mark = "☑" if values.get("value") else "☐"
        return f'<span class="{classes} pk-control"{attributes}>{mark} {html.escape(description)}</span>'
    if kind in ("IntTextModel", "FloatTextModel", "TextModel", "BoundedIntTextModel", "BoundedFloatTextModel"):
        shown = values.get("value", "")
        return (f'<span class="{classes} pk-control"{attributes}>{label}'
                f'<span class="pk-text">{html.escape(str(shown)) or "&nbsp;"}</span></span>')
    raise ValueError(f"cannot draw a {kind} widget from its saved state (model {model_id})")


def static_widgets(notebook) -> int:
    """Replace each widget output of `notebook` (an nbformat node, changed in place) by a drawing of its saved
    state, and drop the saved state: no widget script, no "Loading widget"; return how many were drawn.

    A widget output whose state was not saved raises ValueError: the page would show an empty box.
    """
    saved = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    drawn = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is None:
                continue
            if view["model_id"] not in saved:
                raise ValueError(f"cell {cell.get('id')}: a widget output whose state the notebook did not save "
                                 "(in JupyterLab: Settings > Save Widget State Automatically, then run and save)")
            picture = widget_html(saved, view["model_id"])
            output["data"] = {"text/html": f'<div class="puzzlekit-static-widget" title="a picture of the board as '
                                           f'the notebook left it: open the notebook to play">{picture}</div>',
                              "text/plain": output["data"].get("text/plain", "")}
            drawn += 1
    notebook.get("metadata", {}).pop("widgets", None)
    return drawn


# ---- staging and building ----------------------------------------------------------------------------------------

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

    from puzzlekit.course.editions import COLAB_TAG

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
    for chapter in sorted(Path(path) for path in chapters):
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
               student: bool = False, quiet: bool = True) -> dict:
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
                     confoverrides=_sphinx_settings(repository, student), status=None if quiet else None,
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

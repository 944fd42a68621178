"""Where a chapter opens: the course's repository (one setting, in pyproject.toml), its Binder, Colab and GitHub
links, and the first cell of every chapter, which installs puzzlekit when it runs on Colab.

Used by `python3 course.py book` (the links under each page's title) and `python3 course.py colab` (the cell).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import quote

from ..checks import check_type

__all__ = ["repository_setting", "add_colab_cell", "add_colab_cell_to_files"]

BRANCH = "main"  # the branch Binder and Colab open, and the one whose pushes deploy the site
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
    check_type(repository, "repository", str, "a str like 'https://github.com/OWNER/NAME'")
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
    ValueError: repository must look like https://github.com/OWNER/NAME (Binder and Colab open GitHub
    repositories), got 'github.com/someone'
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


COLAB_TAG = "colab-install"  # the tag of the cell `add_colab_cell` writes, by which it finds the cell again


def colab_cell_source(repository: str) -> str:
    """The first code cell of a chapter: on Colab it installs puzzlekit from `repository` (a GitHub address, the one
    pyproject.toml names) and turns on the widgets; anywhere else it does nothing and prints nothing.

    Examples
    --------
    >>> print(colab_cell_source("https://github.com/someone/puzzlekit"))
    # On Colab: install puzzlekit and turn its boards on. Anywhere else this cell does nothing.
    try:
        from google.colab import output as colab_output  # a module only Colab has
    except ImportError:
        colab_output = None
    if colab_output is not None:
        %pip install --quiet "puzzlekit @ git+https://github.com/someone/puzzlekit@main"
        colab_output.enable_custom_widget_manager()  # Colab shows ipywidgets 8 only with it
    >>> colab_cell_source("someone/puzzlekit")
    Traceback (most recent call last):
    ValueError: repository must look like https://github.com/OWNER/NAME (Binder and Colab open GitHub
    repositories), got 'someone/puzzlekit'
    """
    owner, name = github_repository(repository)
    return (
        "# On Colab: install puzzlekit and turn its boards on. Anywhere else this cell does nothing.\n"
        "try:\n"
        "    from google.colab import output as colab_output  # a module only Colab has\n"
        "except ImportError:\n"
        "    colab_output = None\n"
        "if colab_output is not None:\n"
        f'    %pip install --quiet "puzzlekit @ git+https://github.com/{owner}/{name}@{BRANCH}"\n'
        "    colab_output.enable_custom_widget_manager()  # Colab shows ipywidgets 8 only with it"
    )


def add_colab_cell(notebook, repository: str) -> bool:
    """Make the Colab cell (`colab_cell_source`) the first code cell of `notebook`, in place: inserted after the
    cells before the first code cell (the title), or brought up to date where it is already; return whether
    anything changed. Running it twice changes nothing the second time.

    Examples
    --------
    >>> import nbformat
    >>> chapter = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Title"),
    ...                                           nbformat.v4.new_code_cell("1 + 1")])
    >>> add_colab_cell(chapter, "https://github.com/someone/puzzlekit"), len(chapter.cells)
    (True, 3)
    >>> add_colab_cell(chapter, "https://github.com/someone/puzzlekit"), len(chapter.cells)
    (False, 3)
    >>> chapter.cells[1].metadata.tags, chapter.cells[1].outputs, chapter.cells[2].source
    (['colab-install'], [], '1 + 1')
    """
    import nbformat

    source = colab_cell_source(repository)
    existing = [cell for cell in notebook.cells if COLAB_TAG in cell.get("metadata", {}).get("tags", [])]
    if len(existing) > 1:
        raise ValueError(f"{len(existing)} cells are tagged {COLAB_TAG!r}; a chapter has one Colab cell")
    if existing:
        cell = existing[0]
        if _cell_text(cell) == source and cell.cell_type == "code":
            return False
        cell.cell_type, cell.source, cell.outputs, cell.execution_count = "code", source, [], None
        return True
    cell = nbformat.v4.new_code_cell(source, metadata={"tags": [COLAB_TAG]})
    ids = {other.get("id") for other in notebook.cells}
    if "id" in cell and COLAB_TAG not in ids:
        cell["id"] = COLAB_TAG  # the same id in every chapter: its diff reads the same everywhere
    first_code = next((index for index, other in enumerate(notebook.cells) if other.cell_type == "code"),
                      len(notebook.cells))
    notebook.cells.insert(first_code, cell)
    return True


def add_colab_cell_to_files(paths: Iterable[str | os.PathLike], repository: str) -> list[Path]:
    """`add_colab_cell` on each notebook file; rewrite (through a temporary file) only those that change and
    return their paths."""
    import nbformat

    from puzzlekit.course.editions import write_notebook

    changed = []
    for path in (Path(path) for path in paths):
        notebook = nbformat.read(path, as_version=4)
        if add_colab_cell(notebook, repository):
            write_notebook(notebook, path)
            changed.append(path)
    return changed


def _cell_text(cell) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)

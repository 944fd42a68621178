"""nbgrader's cell metadata (schema 3) on the chapters' exercises, and what nbgrader would refuse in a chapter.

Used by `python3 course.py tag`; the markers themselves are read by `puzzlekit.editions`.
"""

from __future__ import annotations

import ast
import copy
import os
import re
from collections.abc import Iterable
from pathlib import Path

from .editions import BEGIN, END, cell_source, cell_statements, has_solution, solution_regions, write_notebook

__all__ = ["GRADE_ID_PATTERN", "tag_notebook", "nbgrader_problems", "tag_files"]

GRADE_ID_PATTERN = re.compile(r"^[a-zA-Z0-9_-]+$")  # what nbgrader accepts as a grade_id


def _slug(text: str) -> str:
    """`text` as a grade_id: lower case, letters, digits and hyphens, at most 40 characters."""
    return re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-")[:40].strip("-")


def _exercise_name(cell, heading: str) -> str:
    """A code cell's first top-level definition (a function name is the exercise's name), else the heading."""
    try:
        for node in ast.parse(cell_source(cell)).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                return node.name
            for target in getattr(node, "targets", [getattr(node, "target", None)]):
                if isinstance(target, ast.Name):
                    return target.id
    except SyntaxError:
        pass
    return _slug(heading) or "answer"


def tag_notebook(notebook: dict, *, points: int | None = None) -> int:
    """Add nbgrader's cell metadata (schema 3) to the exercises of `notebook`, in place; return the cells changed.

    Each cell with a solution region becomes a solution cell (`solution: true`; markdown ones are also graded
    by hand, `grade: true, points: 1`, as nbgrader requires), with `grade_id` the exercise's function name
    (a markdown answer: its heading). Each code cell that then runs `check(name, ...)` on one of them becomes
    read-only (`locked: true`), or an autograded test worth `points` points when `points` is given. An existing
    grade_id is kept, so running it again changes nothing.

    Examples
    --------
    >>> notebook = {"cells": [
    ...     {"cell_type": "code", "metadata": {}, "source": "def double(x):\\n    ### BEGIN SOLUTION\\n"
    ...      "    return 2 * x\\n    ### END SOLUTION"},
    ...     {"cell_type": "code", "metadata": {}, "source": "check(double, [((1,), 2)])"}]}
    >>> tag_notebook(notebook), tag_notebook(notebook)
    (2, 0)
    >>> [cell["metadata"]["nbgrader"]["grade_id"] for cell in notebook["cells"]]
    ['double', 'check-double']
    >>> nbgrader_problems(notebook)
    []
    """
    if points is not None and (isinstance(points, bool) or not isinstance(points, int) or points < 0):
        raise ValueError(f"points must be a whole number 0 or more, or None; got {points!r}")
    taken = {cell["metadata"]["nbgrader"]["grade_id"] for cell in notebook["cells"]
             if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")}
    exercises: set[str] = set()
    heading, changed = "", 0
    for cell in notebook["cells"]:
        source, kind = cell_source(cell), cell.get("cell_type")
        if kind == "markdown":
            heading = next((line.lstrip("#").strip() for line in source.split("\n")[::-1]
                            if line.startswith("#") and line.strip() not in (BEGIN, END)), heading)
        if kind not in ("code", "markdown"):
            continue
        if has_solution(cell):
            name = _exercise_name(cell, heading) if kind == "code" else _slug(heading + " answer")
            if kind == "code":
                exercises.update(name for defined, _ in cell_statements(source) for name in defined)
            wanted = {"grade": kind == "markdown", "locked": False, "solution": True, "task": False}
            if kind == "markdown":
                wanted["points"] = 1
        elif kind == "code" and (checked := [n for n in re.findall(r"\bcheck\(\s*(\w+)", source) if n in exercises]):
            name = f"check-{checked[0]}"
            wanted = {"grade": points is not None, "locked": True, "solution": False, "task": False}
            if points is not None:
                wanted["points"] = points
        else:
            continue
        metadata = cell.setdefault("metadata", {})
        old = copy.deepcopy(metadata.get("nbgrader"))
        tags = metadata.setdefault("nbgrader", {})
        if not tags.get("grade_id"):
            grade_id, number = _slug(name) or "answer", 1
            while (grade_id if number == 1 else f"{grade_id}-{number}") in taken:
                number += 1
            tags["grade_id"] = grade_id if number == 1 else f"{grade_id}-{number}"
            taken.add(tags["grade_id"])
        if "points" in tags and "points" not in wanted and not wanted["grade"]:
            del tags["points"]
        tags.update(wanted, schema_version=3)
        changed += tags != old
    return changed


def nbgrader_problems(notebook: dict, *, prose: bool = True) -> list[str]:
    """What nbgrader (metadata schema 3) would refuse in `notebook`'s cell metadata; an empty list if nothing.

    `prose=True` also lists lines that mention a marker without being one (see `puzzlekit.editions.solution_regions`).

    Examples
    --------
    >>> nbgrader_problems({"cells": [{"cell_type": "code", "source": "", "metadata": {"nbgrader": {
    ...     "grade": True, "solution": False, "locked": True, "grade_id": "a b", "schema_version": 3}}}]})
    ["cell 0: grade_id 'a b' is not letters, digits, _ and -", 'cell 0: a graded cell needs points']
    """
    problems, seen = [], set()
    for index, cell in enumerate(notebook["cells"]):
        where = f"cell {index}"
        try:
            list(solution_regions(cell_source(cell), strict=prose))
        except ValueError as error:
            problems.append(f"{where}: {error}")
        tags = cell.get("metadata", {}).get("nbgrader")
        if tags is None or not tags.get("solution"):
            try:
                if has_solution(cell):
                    problems.append(f"{where}: has {BEGIN} but is not a solution cell")
            except ValueError:
                pass  # reported above
        if tags is None:
            continue
        for key in ("grade", "solution", "locked"):
            if not isinstance(tags.get(key), bool):
                problems.append(f"{where}: {key} must be true or false, got {tags.get(key)!r}")
        if tags.get("schema_version") != 3:
            problems.append(f"{where}: schema_version must be 3, got {tags.get('schema_version')!r}")
        grade_id = tags.get("grade_id")
        if not isinstance(grade_id, str) or not GRADE_ID_PATTERN.match(grade_id):
            problems.append(f"{where}: grade_id {grade_id!r} is not letters, digits, _ and -")
        elif grade_id in seen:
            problems.append(f"{where}: grade_id {grade_id!r} is used twice")
        seen.add(grade_id)
        if tags.get("grade") and not (isinstance(tags.get("points"), (int, float)) and tags["points"] >= 0):
            problems.append(f"{where}: a graded cell needs points")
        if cell.get("cell_type") == "markdown" and not tags.get("task") and tags.get("grade") != tags.get("solution"):
            problems.append(f"{where}: a markdown cell must be both graded and a solution, or neither")
    return problems


def tag_files(chapters: Iterable[str | os.PathLike], *, points: int | None = None) -> dict[Path, int]:
    """Add nbgrader's metadata to each chapter file in place (`tag_notebook`); return the cells changed per file.

    A file is written only if a cell changed, and only if nbgrader would accept its metadata (prose that
    mentions the markers is for `nbgrader_problems` to report).

    Examples
    --------
    >>> import tempfile, nbformat
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     chapter = Path(folder) / "teacher.ipynb"
    ...     cell = nbformat.v4.new_code_cell("### BEGIN SOLUTION\\nanswer = 42\\n### END SOLUTION")
    ...     nbformat.write(nbformat.v4.new_notebook(cells=[cell]), chapter)
    ...     changed = tag_files([chapter]), tag_files([chapter])
    ...     grade_id = nbformat.read(chapter, as_version=4).cells[0].metadata.nbgrader.grade_id
    >>> [list(counts.values()) for counts in changed], grade_id
    ([[1], [0]], 'answer')
    """
    import nbformat

    changed = {}
    for chapter in map(Path, chapters):
        notebook = nbformat.read(chapter, as_version=4)
        try:
            changed[chapter] = tag_notebook(notebook, points=points)
        except ValueError as error:
            raise ValueError(f"{chapter}: {error}") from None
        problems = nbgrader_problems(notebook, prose=False)
        if problems:
            raise ValueError(f"{chapter}: " + "; ".join(problems))
        if changed[chapter]:
            write_notebook(notebook, chapter)
    return changed

"""nbgrader's cell metadata (schema 3) on the chapters' exercises, what nbgrader would refuse in a chapter, and
the settings that make nbgrader's release the student edition.

Used by `python3 course.py tag`; the markers themselves are read by `puzzlekit.course.editions`. Every exercise's check
cell becomes a graded, locked test cell worth `exercise_points` points; nbgrader's autograde, set up by
`configure_nbgrader`, scores each by the grading engine's verdict (`puzzlekit.course.autograde`).
"""

from __future__ import annotations

import ast
import copy
import os
import re
from collections.abc import Iterable
from pathlib import Path

from .editions import BEGIN, END, cell_source, cell_statements, has_solution, solution_regions, write_notebook
from .syntax import parse

__all__ = ["POINTS", "nbgrader_problems", "tag_files", "points_table", "configure_nbgrader"]

GRADE_ID_PATTERN = re.compile(r"^[a-zA-Z0-9_-]+$")  # what nbgrader accepts as a grade_id

#: Points of the exercises that are clearly bigger than the others: a whole search or learning loop written from
#: scratch. Every other exercise is worth DEFAULT_POINTS. A `# points: N` line in a check cell overrides both.
POINTS = {
    "my_breadth_first": 3,    # chapter 3: breadth-first search on any Problem
    "my_bidirectional": 2,    # chapter 3: bidirectional breadth-first search
    "my_astar": 3,            # chapter 4: A* with a heap
    "my_ida_star": 3,         # chapter 4: IDA*
    "my_q_learning": 3,       # chapter 5a: the Q-learning loop
    "my_value_iteration": 3,  # chapter 5a: value iteration
}
DEFAULT_POINTS = 1
POINTS_LINE = re.compile(r"^\s*#\s*points:\s*(\d+)\s*$", re.M)  # `# points: 3` in a check cell


def _slug(text: str) -> str:
    """`text` as a grade_id: lower case, letters, digits and hyphens, at most 40 characters."""
    return re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-")[:40].strip("-")


def _exercise_name(cell, heading: str) -> str:
    """A code cell's first top-level definition (a function name is the exercise's name), else the heading."""
    try:
        for node in parse(cell_source(cell)).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                return node.name
            for target in getattr(node, "targets", [getattr(node, "target", None)]):
                if isinstance(target, ast.Name):
                    return target.id
    except SyntaxError:
        pass
    return _slug(heading) or "answer"


def exercise_points(exercise: str, check_source: str = "") -> int:
    """What the check of `exercise` is worth: a `# points: N` line in its check cell, else POINTS, else DEFAULT_POINTS.

    Examples
    --------
    >>> exercise_points("my_astar"), exercise_points("mirror")
    (3, 1)
    >>> exercise_points("mirror", "# points: 2\\ncheck(mirror, [])")
    2
    """
    found = POINTS_LINE.search(check_source)
    return int(found.group(1)) if found else POINTS.get(exercise, DEFAULT_POINTS)


def tag_notebook(notebook: dict, *, points: int | None = None) -> int:
    """Add nbgrader's cell metadata (schema 3) to the exercises of `notebook`, in place; return the cells changed.

    Each cell with a solution region becomes a solution cell (`solution: true`; markdown ones are also graded
    by hand, `grade: true, points: 1`, as nbgrader requires), with `grade_id` the exercise's function name
    (a markdown answer: its heading). Each code cell that then runs `check(name, ...)` on one of them, or the
    first code cell that runs `check` after an exercise without one (a check of a helper that calls the
    student's function), becomes an autograded test (`grade: true, locked: true`) worth
    `exercise_points(name, source)` points, or `points` points each when `points` is given. An existing
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
    >>> notebook["cells"][1]["metadata"]["nbgrader"]["points"]
    1
    >>> nbgrader_problems(notebook)
    []
    """
    if points is not None and (isinstance(points, bool) or not isinstance(points, int) or points < 0):
        raise ValueError(f"points must be a whole number 0 or more, or None; got {points!r}")
    taken = {cell["metadata"]["nbgrader"]["grade_id"] for cell in notebook["cells"]
             if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")}
    exercises: set[str] = set()
    unchecked = None  # the last exercise whose check cell has not come yet
    heading, changed = "", 0
    for cell in notebook["cells"]:
        source, kind = cell_source(cell), cell.get("cell_type")
        if kind == "markdown":
            heading = next((line.lstrip("#").strip() for line in source.split("\n")[::-1]
                            if line.startswith("#") and line.strip() not in (BEGIN, END)), heading)
        if kind not in ("code", "markdown"):
            continue
        called = re.findall(r"\bcheck\(\s*(\w+)", source) if kind == "code" else []
        if has_solution(cell):
            name = _exercise_name(cell, heading) if kind == "code" else _slug(heading + " answer")
            if kind == "code":
                exercises.update(name for defined, _ in cell_statements(source) for name in defined)
                unchecked = name
            wanted = {"grade": kind == "markdown", "locked": False, "solution": True, "task": False}
            if kind == "markdown":
                wanted["points"] = 1
        elif called and ((checked := [n for n in called if n in exercises]) or unchecked):
            exercise = checked[0] if checked else unchecked
            if not checked or unchecked in checked:
                unchecked = None
            name = f"check-{exercise}"
            wanted = {"grade": True, "locked": True, "solution": False, "task": False,
                      "points": exercise_points(exercise, source) if points is None else points}
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
        tags.update(wanted, schema_version=3)
        changed += tags != old
    return changed


def nbgrader_problems(notebook: dict, *, prose: bool = True) -> list[str]:
    """What nbgrader (metadata schema 3) would refuse in `notebook`'s cell metadata; an empty list if nothing.

    `prose=True` also lists lines that mention a marker without being one (see
    `puzzlekit.course.editions.solution_regions`).

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


def points_table(chapters: Iterable[str | os.PathLike]) -> list[tuple[str, str, int]]:
    """(chapter file name, exercise, points) for every graded check of `chapters`, in order, as `tag_files` would
    grade them (a chapter already tagged keeps its points; the files are not changed).

    Examples
    --------
    >>> import tempfile, nbformat
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     chapter = Path(folder) / "03_search.ipynb"
    ...     cells = [nbformat.v4.new_code_cell("def my_astar(p):\\n    ### BEGIN SOLUTION\\n    return 1\\n"
    ...                                        "    ### END SOLUTION"),
    ...              nbformat.v4.new_code_cell("check(my_astar, [])")]
    ...     nbformat.write(nbformat.v4.new_notebook(cells=cells), chapter)
    ...     points_table([chapter])
    [('03_search.ipynb', 'my_astar', 3)]
    """
    import nbformat

    table = []
    for chapter in map(Path, chapters):
        notebook = nbformat.read(chapter, as_version=4)
        if not any(cell.get("metadata", {}).get("nbgrader", {}).get("grade") for cell in notebook.cells):
            tag_notebook(notebook)  # in memory: what `tag` would give
        for cell in notebook.cells:
            tags = cell.get("metadata", {}).get("nbgrader", {})
            if tags.get("grade") and not tags.get("solution"):
                table.append((chapter.name, tags["grade_id"].removeprefix("check-"), tags["points"]))
    return table


#: Seconds nbgrader may spend on one cell (its own default, 30 s, is shorter than some of the chapters' cells);
#: an answer that never returns is stopped much sooner, by `check`'s time limit per case.
CELL_TIMEOUT = 300


def configure_nbgrader(config) -> None:
    """Set up nbgrader (its `c = get_config()` in nbgrader_config.py) for the chapters.

    `nbgrader generate_assignment` then writes the student edition (`puzzlekit.course.editions.student_notebook`):
    a solution region with `### STUB:` lines becomes its scaffold, as in `python3 course.py student`, instead
    of nbgrader's bare `raise NotImplementedError()`, and only the outputs that could show a solution are
    cleared (nbgrader's own release clears every output, pictures included). `nbgrader validate` may run a
    cell for CELL_TIMEOUT seconds instead of nbgrader's 30.

    `nbgrader autograde` then grades with the engine (`puzzlekit.course.autograde.GradeWithEngine`, in place
    of nbgrader's `Execute`): the student's code runs in a separate, limited process, the verdicts are computed
    outside it from the instructor's `source/<assignment>/<notebook>.ipynb`, and each test cell's outputs are
    written from them (the message; an error output when the exercise failed), so a hang or a crash costs one
    exercise and a test cell edited, deleted or renamed changes nothing.

    In nbgrader_config.py::

        c = get_config()
        from puzzlekit.course.grading import configure_nbgrader
        configure_nbgrader(c)

    Examples
    --------
    >>> from traitlets.config import Config
    >>> config = Config()
    >>> configure_nbgrader(config)  # doctest: +SKIP
    >>> [p.__name__ for p in config.GenerateAssignment.preprocessors][2:5]  # doctest: +SKIP
    ['LockCells', 'StudentEdition', 'CheckCellMetadata']
    """
    from nbgrader.converters import GenerateAssignment
    from nbgrader.preprocessors import ClearOutput, ClearSolutions

    default = GenerateAssignment.class_traits()["preprocessors"].default()
    preprocessors = []
    for preprocessor in default:
        if preprocessor is ClearSolutions:
            preprocessors.append(student_edition_preprocessor())
        elif preprocessor is not ClearOutput:  # the student edition clears the outputs it must
            preprocessors.append(preprocessor)
    config.GenerateAssignment.preprocessors = preprocessors
    from nbgrader.converters import Autograde
    from nbgrader.preprocessors import CheckCellMetadata, Execute

    # By name: nbgrader imports them when it grades (puzzlekit.course.autograde needs the engine, which needs this
    # module).
    engine, forget = "puzzlekit.course.autograde.GradeWithEngine", "puzzlekit.course.autograde.ForgetRenamedCells"
    default = Autograde.class_traits()["autograde_preprocessors"].default()
    config.Autograde.autograde_preprocessors = [engine if preprocessor is Execute else preprocessor
                                                for preprocessor in default]
    default = Autograde.class_traits()["sanitize_preprocessors"].default()
    config.Autograde.sanitize_preprocessors = [
        *[preprocessor for preprocessor in default if preprocessor is not CheckCellMetadata], forget, CheckCellMetadata]
    for section in ("Execute", "ExecutePreprocessor"):
        config[section].timeout = CELL_TIMEOUT


_PREPROCESSOR = None


def student_edition_preprocessor():
    """nbgrader's ClearSolutions and ClearOutput in one preprocessor that writes the student edition (made once).

    It refuses what nbgrader refuses (a solution region outside a solution cell) and writes what
    `python3 course.py student` writes: scaffolds kept, outputs that depend on a solution cleared.
    """
    global _PREPROCESSOR
    if _PREPROCESSOR is not None:
        return _PREPROCESSOR
    from nbgrader import utils
    from nbgrader.preprocessors import NbGraderPreprocessor

    from .editions import student_notebook

    class StudentEdition(NbGraderPreprocessor):
        """The chapters' student edition (puzzlekit.course.editions.student_notebook), as nbgrader's release."""

        def preprocess(self, nb, resources):
            for index, cell in enumerate(nb.cells):
                if has_solution(cell) and not utils.is_solution(cell):
                    raise RuntimeError(f"cell {index}: a solution region outside a solution cell; "
                                       "run `python3 course.py tag` on the chapter first")
            student = student_notebook(nb)
            student.metadata.pop("celltoolbar", None)
            return student, resources

    _PREPROCESSOR = StudentEdition
    return StudentEdition

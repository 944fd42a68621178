"""The student edition of the chapters: solution regions (nbgrader's markers) cut out, their outputs cleared.

Used by `python3 course.py student [DIR]`; `puzzlekit.course.grading` adds nbgrader's cell metadata.
"""

from __future__ import annotations

import ast
import copy
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from .syntax import parse

__all__ = ["BEGIN", "END", "STUB", "write_student_edition"]

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"  # nbgrader's markers: a line that is exactly one of them
STUB = "### STUB:"  # right after BEGIN: a line the student edition shows instead of `raise NotImplementedError`
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"  # nbgrader's own stubs, so both editions agree
TEXT_STUB = "YOUR ANSWER HERE"


def solution_regions(source: str, *, strict: bool = False) -> Iterator[tuple[str, str]]:
    """Yield (kind, line) for each line of `source`: kind is 'begin', 'end', 'stub', 'solution' or 'text'.

    A marker is a line that is exactly `BEGIN` or `END` (after stripping). `strict` also refuses a line that
    only mentions one, as prose may: nbgrader 0.9 takes any line containing "BEGIN SOLUTION" for a marker.
    Raises ValueError for a marker without its partner, a nested BEGIN, or a stray `STUB` line.

    Examples
    --------
    >>> [kind for kind, line in solution_regions("a = 1\\n### BEGIN SOLUTION\\nb = 2\\n### END SOLUTION")]
    ['text', 'begin', 'solution', 'end']
    >>> list(solution_regions("Replace `### BEGIN SOLUTION` ...", strict=True))
    Traceback (most recent call last):
    ValueError: line 1 mentions BEGIN or END SOLUTION, which nbgrader reads as a marker:
    'Replace `### BEGIN SOLUTION` ...'
    """
    inside, stub_allowed = None, False
    for number, line in enumerate(source.split("\n"), 1):
        stripped = line.strip()
        if strict and stripped not in (BEGIN, END) and ("BEGIN SOLUTION" in line or "END SOLUTION" in line):
            raise ValueError(f"line {number} mentions BEGIN or END SOLUTION, which nbgrader reads as a marker: "
                             f"{stripped[:60]!r}")
        if stripped == BEGIN:
            if inside is not None:
                raise ValueError(f"line {number}: {BEGIN} inside the solution that begins on line {inside}")
            inside, stub_allowed = number, True
            yield "begin", line
        elif stripped == END:
            if inside is None:
                raise ValueError(f"line {number}: {END} without a {BEGIN} before it")
            inside = None
            yield "end", line
        elif stripped.startswith(STUB):
            if not stub_allowed:
                raise ValueError(f"line {number}: a {STUB} line must follow {BEGIN} or another {STUB} line")
            yield "stub", line
        else:
            stub_allowed = False
            yield ("text" if inside is None else "solution"), line
    if inside is not None:
        raise ValueError(f"line {inside}: {BEGIN} without an {END} after it")


def strip_solutions(source: str, *, markdown: bool = False) -> str:
    """`source` with every solution region replaced by its stub, as nbgrader does.

    A region is the lines between a `### BEGIN SOLUTION` line and a `### END SOLUTION` line. It becomes
    `# YOUR CODE HERE` and `raise NotImplementedError()` at the marker's indentation (`YOUR ANSWER HERE` in
    markdown); or, where the region opens with `### STUB:` lines, those lines without the marker: a scaffold
    with `...` where the student's code goes (nbgrader, which does not know them, drops them with the region).
    Raises ValueError for a marker without its partner.

    Examples
    --------
    >>> print(strip_solutions('''def double(x):
    ...     ### BEGIN SOLUTION
    ...     return 2 * x
    ...     ### END SOLUTION'''))
    def double(x):
        # YOUR CODE HERE
        raise NotImplementedError()
    >>> print(strip_solutions('''def squares(n):
    ...     ### BEGIN SOLUTION
    ...     ### STUB: return [... for k in range(n)]
    ...     return [k * k for k in range(n)]
    ...     ### END SOLUTION'''))
    def squares(n):
        # YOUR CODE HERE
        return [... for k in range(n)]
    """
    lines, first_stub = [], False
    for kind, line in solution_regions(source):
        if kind == "text":
            lines.append(line)
        elif kind == "begin":
            indent = line[: line.index(BEGIN)]
            lines.extend(indent + part for part in (TEXT_STUB if markdown else CODE_STUB).split("\n"))
            first_stub = True
        elif kind == "stub":
            if first_stub:  # the stub lines replace nbgrader's raise
                del lines[-1]
                first_stub = False
            lines.append(line.replace(STUB + " ", "", 1) if STUB + " " in line else line.replace(STUB, "", 1))
    return "\n".join(lines)


def solution_lines(source: str) -> list[str]:
    """The lines of the solution regions of `source` (stripped, without markers, stub lines or blank lines).

    Examples
    --------
    >>> solution_lines("x = 1\\n### BEGIN SOLUTION\\n### STUB: y = ...\\ny = 2\\n\\n### END SOLUTION")
    ['y = 2']
    """
    return [line.strip() for kind, line in solution_regions(source) if kind == "solution" and line.strip()]


def cell_source(cell: dict) -> str:
    """A cell's source as one string (a notebook file may store it as a list of lines).

    Examples
    --------
    >>> cell_source({"source": ["a = 1\\n", "b = 2"]})
    'a = 1\\nb = 2'
    """
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def has_solution(cell: dict) -> bool:
    """Whether a cell has a solution region.

    Examples
    --------
    >>> has_solution({"source": "### BEGIN SOLUTION\\nx = 1\\n### END SOLUTION"}), has_solution({"source": "x"})
    (True, False)
    """
    return any(kind == "begin" for kind, _ in solution_regions(cell_source(cell)))


def _is_solution(cell: dict) -> bool:
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))


class _Names(ast.NodeVisitor):
    """The names a cell defines at its top level and the names it reads anywhere."""

    def __init__(self):
        self.defined, self.used, self.depth = set(), set(), 0

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            self.used.add(node.id)
        elif self.depth == 0:
            self.defined.add(node.id)

    def _definition(self, node):
        if self.depth == 0:
            self.defined.add(node.name)
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _definition

    def _scope(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_Lambda = visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _scope

    def visit_alias(self, node):
        if self.depth == 0:
            self.defined.add((node.asname or node.name).split(".")[0])


def cell_statements(source: str) -> list[tuple[set, set]]:
    """(names defined at the top level, names read) by each statement of a code cell, in order.

    A magic line (`%timeit f(x)`) reads every word in it; a cell that is not Python reads every word in it.
    Names local to a function or a comprehension are neither.

    Examples
    --------
    >>> [(sorted(defined), sorted(used)) for defined, used in cell_statements("import math\\n"
    ...     "def f(x):\\n    y = math.sqrt(x)\\n    return y\\n%timeit f(2)\\nz = [f(k) for k in range(3)]")]
    [(['math'], []), (['f'], ['math', 'x', 'y']), ([], ['f', 'timeit']), (['z'], ['f', 'k', 'range'])]
    """
    lines = source.split("\n")
    magics = {number: line for number, line in enumerate(lines, 1) if line.lstrip().startswith(("%", "!"))}
    try:
        tree = parse("\n".join("" if number in magics else line for number, line in enumerate(lines, 1)))
    except SyntaxError:
        return [(set(), set(re.findall(r"[A-Za-z_]\w*", source)))]
    steps = [(number, set(), set(re.findall(r"[A-Za-z_]\w*", line))) for number, line in magics.items()]
    for statement in tree.body:
        names = _Names()
        names.visit(statement)
        steps.append((statement.lineno, names.defined, names.used))
    return [(defined, used) for _, defined, used in sorted(steps, key=lambda step: step[0])]


def _clear(cell: dict) -> None:
    cell["outputs"], cell["execution_count"] = [], None


def student_notebook(notebook: dict) -> dict:
    """A copy of `notebook` with its solutions cut out and the outputs that could show them cleared.

    Solution regions become stubs (`strip_solutions`); a cell marked as an nbgrader solution without
    markers becomes a stub as a whole, as nbgrader does. Outputs are cleared in every solution cell and in
    every later code cell with a statement that reads a name a solution cell defines (at its top level), or
    a name such a statement defines in turn: the checks, and anything that prints the solution's results.
    Metadata is kept.

    Examples
    --------
    >>> teacher = {"cells": [
    ...     {"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": [],
    ...      "source": "def double(x):\\n    ### BEGIN SOLUTION\\n    return 2 * x\\n    ### END SOLUTION"},
    ...     {"cell_type": "code", "metadata": {}, "execution_count": 2, "source": "check(double, [((1,), 2)])",
    ...      "outputs": [{"output_type": "stream", "name": "stdout", "text": "✓ double passes all 1 cases\\n"}]},
    ...     {"cell_type": "code", "metadata": {}, "execution_count": 3, "source": "print(1 + 1)",
    ...      "outputs": [{"output_type": "stream", "name": "stdout", "text": "2\\n"}]}]}
    >>> student = student_notebook(teacher)
    >>> print(student["cells"][0]["source"])
    def double(x):
        # YOUR CODE HERE
        raise NotImplementedError()
    >>> [cell["outputs"] != [] for cell in student["cells"]], teacher["cells"][1]["outputs"] != []
    ([False, False, True], True)
    """
    student = copy.deepcopy(notebook)
    tainted: set[str] = set()
    for cell in student["cells"]:
        source = cell_source(cell)
        kind = cell.get("cell_type")
        if kind not in ("code", "markdown"):
            continue
        region = has_solution(cell)
        if region:
            cell["source"] = strip_solutions(source, markdown=kind == "markdown")
        elif _is_solution(cell):
            cell["source"] = TEXT_STUB if kind == "markdown" else CODE_STUB
        if kind != "code":
            continue
        dependent = region or _is_solution(cell)
        for defined, used in cell_statements(source):
            if dependent or used & tainted:
                dependent = True
                tainted |= defined
            else:
                tainted -= defined  # a name defined afresh no longer depends on a solution
        if dependent:
            _clear(cell)
    return student


def write_notebook(notebook, path: str | os.PathLike) -> None:
    """Write an nbformat notebook to a temporary name, then rename it, so no half-written file is ever left.

    Examples
    --------
    >>> import tempfile, nbformat
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_notebook(nbformat.v4.new_notebook(), Path(folder) / "empty.ipynb")
    ...     sorted(path.name for path in Path(folder).iterdir())
    ['empty.ipynb']
    """
    path = Path(path)
    import nbformat

    temporary = path.with_name(path.name + ".tmp")
    nbformat.write(notebook, temporary)
    os.replace(temporary, path)


def write_student_edition(chapters: Iterable[str | os.PathLike], folder: str | os.PathLike) -> list[Path]:
    """Write the student edition of each chapter into `folder` (made if missing); return the paths written.

    Examples
    --------
    >>> import tempfile, nbformat
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     chapter = Path(folder) / "teacher.ipynb"
    ...     cell = nbformat.v4.new_code_cell("### BEGIN SOLUTION\\nanswer = 42\\n### END SOLUTION")
    ...     nbformat.write(nbformat.v4.new_notebook(cells=[cell]), chapter)
    ...     [written] = write_student_edition([chapter], Path(folder) / "student")
    ...     print(nbformat.read(written, as_version=4).cells[0].source)
    # YOUR CODE HERE
    raise NotImplementedError()
    """
    import nbformat

    folder = Path(folder)
    chapters = [Path(chapter) for chapter in chapters]
    if any(chapter.resolve().parent == folder.resolve() for chapter in chapters):
        raise ValueError(f"the student edition would overwrite the chapters: choose a folder other than {folder}")
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for chapter in chapters:
        try:
            notebook = student_notebook(nbformat.read(chapter, as_version=4))
        except ValueError as error:
            raise ValueError(f"{chapter}: {error}") from None
        write_notebook(notebook, folder / chapter.name)
        written.append(folder / chapter.name)
    return written



"""Tests for the student edition (puzzlekit.course.editions, `course.py student`): the real chapters, small cases.

Executing a student notebook is slow, so by default only the quickest chapters run top to bottom; set
PUZZLEKIT_STUDENT_ALL=1 to run every chapter (about as long as executing the course).
"""

import copy
import hashlib
import io
import os
import re
import shutil
import tokenize
from pathlib import Path

import nbformat
import pytest

from puzzlekit.course.editions import (
    CODE_STUB,
    TEXT_STUB,
    solution_lines,
    strip_solutions,
    student_notebook,
    write_student_edition,
)
from puzzlekit.course.grading import nbgrader_problems, tag_files, tag_notebook

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))
QUICK = {"00_start_here.ipynb", "01_board_representation.ipynb"}  # the fastest to execute, one with exercises
EVERY_CHAPTER = os.environ.get("PUZZLEKIT_STUDENT_ALL", "") not in ("", "0")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def editions(tmp_path_factory):
    """(teacher, student) notebooks of every chapter; the student edition is written to a temporary folder."""
    before = {path: digest(path) for path in CHAPTERS}
    folder = tmp_path_factory.mktemp("student")
    written = write_student_edition(CHAPTERS, folder)
    assert {path: digest(path) for path in CHAPTERS} == before, "building changed a chapter"
    assert [path.name for path in written] == [path.name for path in CHAPTERS]
    return [(nbformat.read(teacher, as_version=4), nbformat.read(student, as_version=4), student)
            for teacher, student in zip(CHAPTERS, written)]


def has_solution(cell) -> bool:
    return bool(solution_lines(cell.source)) or "### BEGIN SOLUTION" in cell.source.split("\n")


def output_text(cell) -> str:
    """Every text an output of `cell` holds: streams, errors and every mime type of rich outputs."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        parts.extend(output.get("traceback", []))
        parts.extend(str(value) for value in output.get("data", {}).values())
    return "\n".join(parts)


def test_the_chapters_have_exercises():
    assert len(CHAPTERS) >= 8
    assert sum(has_solution(cell) for path in CHAPTERS for cell in nbformat.read(path, as_version=4).cells) >= 20


def test_no_solution_line_survives(editions):
    for teacher, student, path in editions:
        solution = {line for cell in teacher.cells for line in solution_lines(cell.source)}
        outside = set()  # lines the chapter also shows outside its solutions, such as `return board`
        for cell in teacher.cells:
            outside.update(line.strip() for line in strip_solutions(cell.source).split("\n"))
            outside.update(line.strip() for line in output_text(cell).split("\n"))
        telling = solution - outside
        for index, cell in enumerate(student.cells):
            lines = {line.strip() for line in (cell.source + "\n" + output_text(cell)).split("\n")}
            assert not lines & telling, f"{path.name} cell {index} shows solution lines {lines & telling}"
            assert "### BEGIN SOLUTION" not in cell.source.split("\n")


def test_solution_cells_are_stubs_and_exercise_outputs_are_cleared(editions):
    for teacher, student, path in editions:
        exercises = set()
        for index, (before, after) in enumerate(zip(teacher.cells, student.cells)):
            if has_solution(before):
                exercises.update(re.findall(r"^def (\w+)", before.source, re.M))
                # nbgrader's stub, a `...` scaffold, or a scaffold that raises with a hint of what is missing
                assert "raise NotImplementedError(" in after.source or "..." in after.source
                assert not solution_lines(after.source)
            if before.cell_type != "code":
                continue
            checks = set(re.findall(r"\bcheck\(\s*(\w+)", before.source)) & exercises
            if has_solution(before) or checks:
                assert after.outputs == [] and after.execution_count is None, f"{path.name} cell {index}"
            assert "✓" not in output_text(after), f"{path.name} cell {index} keeps a passing check"


def test_everything_but_the_exercises_is_kept(editions):
    for teacher, student, path in editions:
        assert student.metadata == teacher.metadata and len(student.cells) == len(teacher.cells)
        cleared = 0
        for before, after in zip(teacher.cells, student.cells):
            assert (after.cell_type, after.metadata) == (before.cell_type, before.metadata)
            if not has_solution(before):
                assert after.source == before.source
            if before.cell_type == "code" and after.outputs:
                assert after.outputs == before.outputs
            cleared += before.cell_type == "code" and bool(before.outputs) and not after.outputs
        # The pictures and tables of the lesson stay, for a reader without a kernel: only the exercises go.
        assert cleared <= 2 * sum(map(has_solution, teacher.cells)) + 2, path.name


@pytest.mark.parametrize("chapter", [path.name for path in CHAPTERS])
def test_student_notebook_runs_top_to_bottom(editions, chapter):
    if chapter not in QUICK and not EVERY_CHAPTER:
        pytest.skip("slow: set PUZZLEKIT_STUDENT_ALL=1 to run every student notebook")
    from nbclient import NotebookClient

    teacher, student, path = next(edition for edition in editions if edition[2].name == chapter)
    NotebookClient(student, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()  # raises at the first error
    exercises = {name for cell in teacher.cells if has_solution(cell)
                 for name in re.findall(r"^def (\w+)", cell.source, re.M)}
    for before, after in zip(teacher.cells, student.cells):
        if before.cell_type == "code" and set(re.findall(r"\bcheck\(\s*(\w+)", before.source)) & exercises:
            assert "not done yet" in output_text(after), after.source


_LAYOUT = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
CHECK_CELL = re.compile(r"^\s*(?:\w+\s*=\s*)?check\(", re.M)  # a cell that runs check(...)
RUN = 6  # tokens in a row that count as the same code (`x = f(y)` is 6)


def code_tokens(source: str) -> list[str]:
    """The tokens of `source`, without comments and layout (names kept: a copy keeps them too)."""
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type not in _LAYOUT:
                found.append(token.string)
    except (tokenize.TokenError, SyntaxError):  # a line cut out of a block: the tokens read so far
        pass
    return found


def share_in(solution: list[str], cell: list[str], run: int = RUN) -> float:
    """The share of the tokens of `solution` that lie in a run of `run` tokens that `cell` also has."""
    runs = {tuple(cell[i:i + run]) for i in range(len(cell) - run + 1)}
    covered = set()
    for i in range(len(solution) - run + 1):
        if tuple(solution[i:i + run]) in runs:
            covered.update(range(i, i + run))
    return len(covered) / len(solution) if solution else 0.0


def test_share_in_tells_a_copy_from_code_that_shares_a_line():
    answer = code_tokens("return [d for d, nxt in successors(board) if distance[nxt] == distance[board] - 1]")
    copied = code_tokens("def closer(board):\n    return [d for d, nxt in successors(board) if distance[nxt] == "
                         "distance[board] - 1]")
    other = code_tokens("def case(board):\n    move_to = dict(successors(board))\n    return distance[board] - 1")
    assert share_in(answer, copied) == 1.0 and share_in(answer, other) < 0.4


def test_no_check_cell_computes_its_answer_by_the_reference(editions):
    """A check cell of the student edition works its expected values out by other means than the reference solution
    (the library's function, a matcher of puzzlekit.course, another algorithm): no more than half of the code of a
    solution, beyond the lines its scaffold shows, may appear in a check cell of the student edition."""
    found = []
    for teacher, student, path in editions:
        checks = [(index, code_tokens(cell.source)) for index, cell in enumerate(student.cells)
                  if cell.cell_type == "code" and CHECK_CELL.search(cell.source)]
        for index, (before, after) in enumerate(zip(teacher.cells, student.cells)):
            lines = solution_lines(before.source) if before.cell_type == "code" else []
            shown = {line.strip() for line in after.source.split("\n")}
            answer = [token for line in lines if line.strip() not in shown for token in code_tokens(line.strip())]
            if len(answer) < RUN:
                continue
            found += [f"{path.name}: {share_in(answer, cell):.0%} of the solution of cell {index} is in check cell {at}"
                      for at, cell in checks if share_in(answer, cell) > 0.6]
    assert found == []


# nbgrader's metadata, on copies of the chapters (the lead tags the chapters themselves).


@pytest.fixture(scope="module")
def tagged(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tagged")
    copies = [Path(shutil.copy(path, folder)) for path in CHAPTERS]
    first = tag_files(copies)
    digests = {path: digest(path) for path in copies}
    assert set(tag_files(copies).values()) == {0}, "tagging twice changed something"
    assert {path: digest(path) for path in copies} == digests
    return first, copies


def test_tag_marks_every_exercise_and_its_check(tagged):
    first, copies = tagged
    assert sum(first.values()) >= 40
    for teacher, copy_path in zip(CHAPTERS, copies):
        before, after = nbformat.read(teacher, as_version=4), nbformat.read(copy_path, as_version=4)
        ids = []
        for old, new in zip(before.cells, after.cells):
            assert (new.source, new.get("outputs")) == (old.source, old.get("outputs"))  # only metadata changes
            tags = new.metadata.get("nbgrader")
            if has_solution(old):
                assert tags["solution"] and not tags["locked"]
            if tags:
                ids.append(tags["grade_id"])
        assert len(ids) == len(set(ids))
        assert not [problem for problem in nbgrader_problems(after) if "mentions" not in problem]


def test_student_edition_keeps_nbgrader_metadata_valid(tagged, tmp_path):
    _, copies = tagged
    for path in write_student_edition(copies, tmp_path):
        student = nbformat.read(path, as_version=4)
        assert not [problem for problem in nbgrader_problems(student) if "mentions" not in problem]
        solution_cells = [cell for cell in student.cells if cell.metadata.get("nbgrader", {}).get("solution")]
        assert all(not solution_lines(cell.source) for cell in solution_cells)


def test_chapters_are_ready_for_nbgrader(tagged):
    """nbgrader 0.9 reads any line containing "BEGIN SOLUTION" as a marker, prose included."""
    _, copies = tagged
    mentions = [f"{path.name}: {problem}" for path in copies
                for problem in nbgrader_problems(nbformat.read(path, as_version=4))]
    if mentions and all("mentions" in problem for problem in mentions):
        pytest.xfail("prose to reword before nbgrader can read the chapters: " + "; ".join(mentions))
    assert mentions == []


# The rules, on small cases.


def test_strip_solutions_keeps_indentation_and_text_around():
    source = "def f(x):\n    y = 1\n    ### BEGIN SOLUTION\n    return x + y\n    ### END SOLUTION\n# after"
    stub = "def f(x):\n    y = 1\n    # YOUR CODE HERE\n    raise NotImplementedError()\n# after"
    assert strip_solutions(source) == stub
    assert strip_solutions("### BEGIN SOLUTION\nforty-two\n### END SOLUTION", markdown=True) == TEXT_STUB
    two = "### BEGIN SOLUTION\na = 1\n### END SOLUTION\nb = 2\n### BEGIN SOLUTION\nc = 3\n### END SOLUTION"
    assert strip_solutions(two) == f"{CODE_STUB}\nb = 2\n{CODE_STUB}"
    assert strip_solutions("no markers: `### BEGIN SOLUTION` in prose") == "no markers: `### BEGIN SOLUTION` in prose"


def test_stub_lines_replace_the_raise():
    source = ("def f(xs):\n    ### BEGIN SOLUTION\n    ### STUB: total = ...\n    ### STUB:     # loop here\n"
              "    total = sum(xs)\n    ### END SOLUTION\n    return total")
    stub = "def f(xs):\n    # YOUR CODE HERE\n    total = ...\n        # loop here\n    return total"
    assert strip_solutions(source) == stub
    assert solution_lines(source) == ["total = sum(xs)"]


@pytest.mark.parametrize("source, message", [
    ("### BEGIN SOLUTION\nx = 1", "without an ### END"),
    ("x = 1\n### END SOLUTION", "without a ### BEGIN"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\n### END SOLUTION", "inside the solution"),
    ("### STUB: x = ...\n### BEGIN SOLUTION\n### END SOLUTION", "must follow"),
    ("### BEGIN SOLUTION\nx = 1\n### STUB: x = ...\n### END SOLUTION", "must follow"),
])
def test_unbalanced_markers_are_refused(source, message):
    with pytest.raises(ValueError, match=message):
        strip_solutions(source)


def code(source, text=None):
    cell = nbformat.v4.new_code_cell(source)
    cell.execution_count = 1
    if text is not None:
        cell.outputs = [nbformat.v4.new_output("stream", text=text)]
    return cell


def test_outputs_are_cleared_along_what_depends_on_a_solution():
    notebook = nbformat.v4.new_notebook(cells=[
        code("import math\nboard = (1, 2, 3, 0)", "before\n"),
        code("def blank(board):\n    ### BEGIN SOLUTION\n    return board.index(0)\n    ### END SOLUTION", "x\n"),
        code("where = blank(board)\nprint(where)", "3\n"),                       # uses the solution
        code("print(where + 1)", "4\n"),                                        # uses what used it
        code("print([math.sqrt(n) for n in board])", "[1.0]\n"),                 # independent
        code("where = 0\nprint(where)", "0\n"),                                  # defined afresh
        code("print(where)", "0\n"),
        code("%timeit blank(board)", "1 us\n"),                                  # a magic that uses it
        code("answer = 42", "42\n"),                                            # a whole-cell solution
        nbformat.v4.new_markdown_cell("### BEGIN SOLUTION\nBecause.\n### END SOLUTION"),
    ])
    notebook.cells[8].metadata["nbgrader"] = {"solution": True}  # nbgrader's way: no markers, all of it
    original = copy.deepcopy(notebook)
    student = student_notebook(notebook)
    assert notebook == original
    kept = [bool(cell.get("outputs")) for cell in student.cells[:9]]
    assert kept == [True, False, False, False, True, True, True, False, False]
    assert student.cells[8].source == CODE_STUB and student.cells[9].source == TEXT_STUB
    assert all(cell.execution_count is None for cell, keep in zip(student.cells, kept) if not keep)


def test_tag_notebook_names_exercises_and_keeps_chosen_ids():
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("### Exercise 2: why?"),
        nbformat.v4.new_markdown_cell("### BEGIN SOLUTION\nBecause.\n### END SOLUTION"),
        code("def f(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION"),
        code("def f(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION"),
        code("check(f, [((1,), 1)])"),
        code("print(check)"),
    ])
    notebook.cells[3].metadata["nbgrader"] = {"grade_id": "mine"}
    assert tag_notebook(notebook, points=2) == 4
    ids = [cell.metadata.get("nbgrader", {}).get("grade_id") for cell in notebook.cells]
    assert ids == [None, "exercise-2-why-answer", "f", "mine", "check-f", None]
    assert notebook.cells[1].metadata.nbgrader["grade"] and notebook.cells[1].metadata.nbgrader["points"] == 1
    assert notebook.cells[4].metadata.nbgrader == {
        "grade": True, "grade_id": "check-f", "locked": True, "points": 2, "schema_version": 3, "solution": False,
        "task": False}
    assert nbgrader_problems(notebook) == []
    assert tag_notebook(notebook, points=2) == 0
    assert tag_notebook(notebook) == 1 and notebook.cells[4].metadata.nbgrader["points"] == 1  # the default weight
    with pytest.raises(ValueError, match="points"):
        tag_notebook(notebook, points=-1)


def test_nbgrader_problems_are_found():
    notebook = nbformat.v4.new_notebook(cells=[
        code("### BEGIN SOLUTION\nx = 1\n### END SOLUTION"),
        nbformat.v4.new_markdown_cell("Replace the lines between ### BEGIN SOLUTION and ### END SOLUTION."),
    ])
    assert tag_notebook(notebook) == 1
    notebook.cells.append(copy.deepcopy(notebook.cells[0]))
    problems = nbgrader_problems(notebook)
    assert any("cell 1: line 1 mentions" in problem for problem in problems)
    assert any("'x' is used twice" in problem for problem in problems)
    del notebook.cells[2].metadata["nbgrader"]
    assert any("cell 2: has ### BEGIN SOLUTION but is not a solution cell" in p for p in nbgrader_problems(notebook))


def test_write_student_edition_refuses_to_overwrite_the_chapters(tmp_path):
    chapter = tmp_path / "chapter.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[code("x = 1")]), chapter)
    with pytest.raises(ValueError, match="overwrite"):
        write_student_edition([chapter], tmp_path)
    broken = tmp_path / "broken.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[code("### BEGIN SOLUTION\nx = 1")]), broken)
    with pytest.raises(ValueError, match="broken.ipynb: line 1"):
        write_student_edition([broken], tmp_path / "out")

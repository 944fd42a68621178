"""nbgrader's autograde by the grading engine: the submission graded outside the student's process, and each test
cell's outputs written from the engine's verdict, so that nbgrader scores what the engine decided.

`configure_nbgrader` (in `puzzlekit.course.grading`) names `GradeWithEngine` in place of nbgrader's `Execute`:
nbgrader's own autograde would run the submission, test cells included, in one kernel the student's code controls.
"""

from __future__ import annotations

import copy
import json
import os
import threading
import uuid
from pathlib import Path

__all__ = []

#: Where autograde keeps each submission's whole report (messages, flags, note) for the instructor, under the
#: course folder: REPORTS_FOLDER/<assignment>/<student>/<notebook>.json. Not in autograded/, whose other files
#: nbgrader's generate_feedback copies to the students.
REPORTS_FOLDER = "grading_reports"


def _tags(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {}) or {}


def _is_test(cell) -> bool:
    tags = _tags(cell)
    return cell.get("cell_type") == "code" and bool(tags.get("grade")) and not tags.get("solution")


def _result_for(grade_id: str, results) -> object | None:
    """The engine's result for the test cell `grade_id` (named by the test cell, the solution cell or the exercise)."""
    bare = grade_id.removeprefix("check-")
    for match in (lambda r: r.grade_id == grade_id, lambda r: r.grade_id == bare, lambda r: r.name == bare):
        found = [result for result in results if match(result)]
        if found:
            return found[0]
    return None


def _outputs(result, note: str) -> list:
    """A test cell's outputs that make nbgrader's determine_grade give `result.score`: the message as a stream; an
    error output (no traceback) when it scored nothing; the score as the cell's value when it scored part."""
    import nbformat

    new = nbformat.v4
    if result is None:
        text = "this exercise was not graded: the grader found no exercise for this test cell"
        return [new.new_output("stream", name="stdout", text=text + "\n"),
                new.new_output("error", ename="NotGraded", evalue=text, traceback=[])]
    message = result.message.rstrip("\n")
    text = message + "\n" + (f"note: {note}\n" if note else "")
    outputs = [new.new_output("stream", name="stdout", text=text)]
    if result.score <= 0 < result.max_score:
        first = message.splitlines()[0] if message else "did not pass"
        outputs.append(new.new_output("error", ename="NotPassed", evalue=first, traceback=[]))
    elif result.score < result.max_score:
        outputs.append(new.new_output("execute_result", data={"text/plain": repr(float(result.score))},
                                      execution_count=None))
    return outputs


def graded_notebook(source, submitted, report):
    """A copy of `submitted` whose test cells are `source`'s, each with the outputs of `report`'s verdict.

    Every test cell of the instructor's `source` notebook (nbgrader: `grade` and not `solution`, code) is put back
    with its source, metadata and place (after the solution cell before it), whatever the student did to it:
    edited, deleted, turned into markdown, its grade_id renamed or copied to another cell. A cell of the submission
    that claims a test cell's grade_id is dropped; nbgrader metadata naming no cell of `source` is removed. Other
    cells keep their source; the outputs of all but the test cells are cleared.

    Examples
    --------
    >>> import nbformat
    >>> from types import SimpleNamespace
    >>> new = nbformat.v4
    >>> def tagged(cell, **tags):
    ...     cell.metadata.nbgrader = dict(tags, schema_version=3)
    ...     return cell
    >>> source = new.new_notebook(cells=[
    ...     tagged(new.new_code_cell("def double(x):\\n    return 2 * x"), grade_id="double", grade=False,
    ...            solution=True, locked=False),
    ...     tagged(new.new_code_cell("check(double, [((1,), 2)])"), grade_id="check-double", grade=True,
    ...            solution=False, locked=True, points=2)])
    >>> submitted = new.new_notebook(cells=[source.cells[0], new.new_markdown_cell("deleted the check")])
    >>> result = SimpleNamespace(name="double", grade_id="check-double", score=0, max_score=2,
    ...                          message="✗ double(1) returned 3, expected 2")
    >>> graded = graded_notebook(source, submitted, SimpleNamespace(exercises=[result], note=""))
    >>> [cell.cell_type for cell in graded.cells], graded.cells[1].source
    (['code', 'code', 'markdown'], 'check(double, [((1,), 2)])')
    >>> [output.output_type for output in graded.cells[1].outputs]
    ['stream', 'error']
    """
    import nbformat

    graded = nbformat.from_dict(copy.deepcopy(dict(submitted)))
    known = {_tags(cell).get("grade_id") for cell in source.cells} - {None}
    tests = {_tags(cell)["grade_id"] for cell in source.cells if _is_test(cell)}
    cells = []
    for cell in graded.cells:
        grade_id = _tags(cell).get("grade_id")
        if grade_id in tests:
            continue
        if "nbgrader" in cell.get("metadata", {}) and (grade_id not in known or _is_test(cell)):
            del cell.metadata["nbgrader"]
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        cells.append(cell)
    ids = {cell.get("id") for cell in cells}
    position = 0
    for cell in source.cells:
        grade_id = _tags(cell).get("grade_id")
        if grade_id in tests:
            test = nbformat.from_dict(copy.deepcopy(dict(cell)))
            test.outputs = _outputs(_result_for(grade_id, report.exercises), report.note)
            test.execution_count = None
            if test.get("id") in ids:
                test.id = uuid.uuid4().hex[:8]
            ids.add(test.get("id"))
            cells.insert(position, test)
            position += 1
        elif grade_id:
            places = [index for index, kept in enumerate(cells) if _tags(kept).get("grade_id") == grade_id]
            position = places[0] + 1 if places else position
    graded.cells = cells
    return graded


_GRADERS: dict[tuple[Path, float], object] = {}
_GRADERS_LOCK = threading.Lock()


def _grader_for(source: Path, course: Path):
    """One ChapterGrader per instructor notebook (and its version): a class is graded on cases built once. The
    course's folder (every student's submission, the gradebook) is the grader's: no worker reads it."""
    from .grader import ChapterGrader

    key = (source.resolve(), source.stat().st_mtime)
    with _GRADERS_LOCK:
        if key not in _GRADERS:
            _GRADERS[key] = ChapterGrader(source, private=[course])
        return _GRADERS[key]


_PREPROCESSOR = None


def engine_preprocessor():
    """The nbgrader preprocessor that grades a submission with the engine (made once; nbgrader is imported here).

    It reads the instructor's notebook from the course's `source/<assignment>/<notebook>.ipynb`, grades the
    submission with `puzzlekit.course.grader.ChapterGrader` (the student's code in a separate, limited process),
    writes the test cells back with `graded_notebook`, and keeps the whole report in REPORTS_FOLDER.
    """
    global _PREPROCESSOR
    if _PREPROCESSOR is not None:
        return _PREPROCESSOR
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.preprocessors import NbGraderPreprocessor

    class GradeWithEngine(NbGraderPreprocessor):
        """Grade the submission outside the student's process and write each test cell's outputs from the verdict."""

        def preprocess(self, nb, resources):
            import nbformat

            about = resources["nbgrader"]
            coursedir = CourseDirectory(parent=self)
            source = Path(coursedir.format_path(coursedir.source_directory, ".", about["assignment"]),
                          f"{about['notebook']}.ipynb")
            teacher = nbformat.read(source, as_version=4)
            report = _grader_for(source, Path(coursedir.root)).grade(nb, student=about["student"])
            if report.note:
                self.log.warning("grading engine, %s: %s", about["student"], report.note)
            if report.flags:
                self.log.warning("grading engine, %s: %d flags in %s (constructs with no place in an answer)",
                                 about["student"], len(report.flags), about["notebook"])
            folder = Path(coursedir.root, REPORTS_FOLDER, about["assignment"], about["student"])
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"{about['notebook']}.json"
            temporary = target.with_name(target.name + ".tmp")
            temporary.write_text(json.dumps(report.to_dict(), indent=1, ensure_ascii=False))
            os.replace(temporary, target)
            return graded_notebook(teacher, nb, report), resources

    _PREPROCESSOR = GradeWithEngine
    return GradeWithEngine


_SANITIZER = None


def untagged_preprocessor():
    """The nbgrader preprocessor, run when autograde sanitizes a submission after OverwriteCells, that removes the
    nbgrader metadata OverwriteCells left without a grade_id (a grade_id the student renamed), which nbgrader's
    CheckCellMetadata would refuse, failing the whole notebook (made once)."""
    global _SANITIZER
    if _SANITIZER is not None:
        return _SANITIZER
    from nbgrader.preprocessors import NbGraderPreprocessor

    class ForgetRenamedCells(NbGraderPreprocessor):
        """Drop nbgrader metadata without a grade_id: such a cell is the student's own; its test is rebuilt later."""

        def preprocess_cell(self, cell, resources, index):
            if "nbgrader" in cell.get("metadata", {}) and not cell.metadata.nbgrader.get("grade_id"):
                self.log.warning("cell %d: nbgrader metadata without a grade_id, removed", index)
                del cell.metadata["nbgrader"]
            return cell, resources

    _SANITIZER = ForgetRenamedCells
    return ForgetRenamedCells


def __getattr__(name: str):
    """GradeWithEngine and ForgetRenamedCells, the preprocessors `configure_nbgrader` names for nbgrader to load
    (made on first use, when nbgrader is imported)."""
    if name == "GradeWithEngine":
        return engine_preprocessor()
    if name == "ForgetRenamedCells":
        return untagged_preprocessor()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Simulated students' notebooks for the grading tests and benchmark: honest ones (untouched, reference, wrong) and
cheats, each a notebook built from a chapter's teacher edition (tagged for nbgrader, as an instructor's would be).

A cheat is applied to the WRONG answer: it must score exactly what the same wrong answer scores.
"""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import nbformat

from puzzlekit.course.editions import student_notebook
from puzzlekit.course.grading import tag_files

ROOT = Path(__file__).resolve().parent.parent

WRONG_BFS = '''\
def my_breadth_first(problem):
    "Breadth first, but the path it returns stops one move short of the goal: wrong on every case, and at once."
    from collections import deque

    start = problem.initial
    parents, frontier = {start: None}, deque([start])
    while frontier:
        state = frontier.popleft()
        if problem.is_goal(state):
            path = []
            while state is not None:
                path.append(state)
                state = parents[state]
            return path[::-1][:-1]
        for _, child in problem.successors(state):
            if child not in parents:
                parents[child] = state
                frontier.append(child)
    return None
'''

# Each cheat: what is added to the wrong breadth-first search's cell (the test cell is handled in `cheat`).
CHEATS = {
    "redefined_check": 'def check(*arguments, **keywords):\n    print("✓ passes all cases")\n',
    "check_raises_0": ('import os\nos.environ["PUZZLEKIT_CHECK_RAISES"] = "0"\n'
                       'os.environ.pop("NBGRADER_EXECUTION", None)\n'),
    "input_transformer": ("get_ipython().input_transformers_cleanup.append(\n"
                          "    lambda lines: [] if any('check(' in line for line in lines) else lines)\n"),
    "deleted_test_cell": "",
    "renamed_grade_id": "",
    "os_exit": "import os\nos._exit(0)\n",
    "c_level_hang": "import itertools\nsum(itertools.count())\n",
}


def tagged_copy(name: str, folder: Path) -> Path:
    """A copy of chapters/`name`.ipynb in `folder`, tagged for nbgrader (`course.py tag`)."""
    folder.mkdir(parents=True, exist_ok=True)
    copied = Path(shutil.copy(ROOT / "chapters" / f"{name}.ipynb", folder))
    tag_files([copied])
    return copied


def grade_id(cell) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def solution_exercises(notebook) -> list[str]:
    """The grade_ids of the notebook's code solution cells (each an exercise's function), in order."""
    return [grade_id(cell) for cell in notebook.cells
            if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("solution")]


def with_answer(notebook, exercise: str, source: str):
    """A copy of `notebook` whose solution cell for `exercise` (its grade_id) reads `source`."""
    notebook = copy.deepcopy(notebook)
    cells = [cell for cell in notebook.cells if grade_id(cell) == exercise]
    assert len(cells) == 1, f"no single solution cell for {exercise}"
    cells[0].source = source
    return notebook


def wrong_answer(exercise: str) -> str:
    """A wrong answer to any exercise: a function that returns None."""
    return f'def {exercise}(*arguments, **keywords):\n    "Wrong: it returns nothing."\n    return None\n'


def hanging_answer(exercise: str) -> str:
    """An answer that hangs in C, where no Python-level time limit reaches."""
    return f"import itertools\n\n\ndef {exercise}(*arguments, **keywords):\n    return sum(itertools.count())\n"


def untouched(teacher):
    return student_notebook(copy.deepcopy(teacher))


def wrong(teacher, exercise: str | None = None):
    """The reference solutions but one exercise answered wrong (chapter 3's breadth-first search: one move short)."""
    exercise = exercise or solution_exercises(teacher)[0]
    return with_answer(teacher, exercise, WRONG_BFS if exercise == "my_breadth_first" else wrong_answer(exercise))


def cheat(teacher, name: str):
    """Chapter 3 with the wrong breadth-first search and the cheat `name` (one of CHEATS)."""
    notebook = with_answer(teacher, "my_breadth_first", WRONG_BFS + "\n\n" + CHEATS[name])
    test = next(cell for cell in notebook.cells if grade_id(cell) == "check-my_breadth_first")
    if name == "deleted_test_cell":
        notebook.cells.remove(test)
    elif name == "renamed_grade_id":
        test.metadata.nbgrader["grade_id"] = "check-mine"
        test.source = 'print("✓ my_breadth_first passes all cases")'
    return notebook


def write(notebook, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def autograder_root(zipped: Path, root: Path) -> Path:
    """`root` laid out as Gradescope lays out /autograder for `zipped` (an autograder.zip): the zip unpacked into
    source/, run_autograder copied from there to the root, an empty submission/ and results/; the copied script."""
    import os
    import zipfile

    with zipfile.ZipFile(zipped) as archive:
        for info in archive.infolist():
            archive.extract(info, root / "source")
            mode = info.external_attr >> 16
            if mode:
                os.chmod(root / "source" / info.filename, mode)  # what unzip does, and extractall does not
    script = Path(shutil.copy2(root / "source" / "run_autograder", root / "run_autograder"))
    (root / "submission").mkdir()
    (root / "results").mkdir()
    return script

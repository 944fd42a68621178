"""Benchmark: how long the grading engine takes per submission, against executing the chapter once, and with 2 jobs.

    python tests/benchmarks/bench_grading.py                      # 40 submissions each of chapters 03, 04 and 05c
    python tests/benchmarks/bench_grading.py --submissions 12 --chapters 03

For each chapter: a tagged copy of its teacher edition is executed once with nbclient, as `course.py execute`
does (kernel start included); then the same simulated class is graded with `puzzlekit.course.classroom.grade_class`
(what `course.py grade` runs) with 1 job and with 2: a mix of reference solutions, untouched student editions,
one exercise answered wrong, and the cheats of tests/simulated_students.py that need no time limit to end
(a redefined `check`, PUZZLEKIT_CHECK_RAISES=0, an input transformer, a deleted or renamed test cell). It prints
the seconds per submission, their ratio to one execution of the chapter, and the speed-up of 2 jobs over 1.
Goals: a submission at most 1.5x an execution; 2 jobs at least 1.7x faster than 1 on 2 idle cores.
Building the cases from the teacher notebook (once per chapter, by the grading process) is timed apart.
Not collected by pytest (see tests/conftest.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import simulated_students as students  # noqa: E402

from course import run_notebook  # noqa: E402
from puzzlekit.course.classroom import grade_class  # noqa: E402
from puzzlekit.course.grader import ChapterGrader  # noqa: E402

CHAPTERS = {"03": "03_uninformed_search", "04": "04_informed_search", "05c": "05c_when_moves_slip"}
QUICK_CHEATS = ("redefined_check", "check_raises_0", "input_transformer", "deleted_test_cell", "renamed_grade_id")


def cheat(teacher, name: str, exercise: str):
    """`exercise` answered wrong with the cheat `name` (chapter 3's own cheats where it is chapter 3)."""
    if exercise == "my_breadth_first":
        return students.cheat(teacher, name)
    notebook = students.with_answer(teacher, exercise, students.wrong_answer(exercise) + "\n\n"
                                    + students.CHEATS[name])
    test = next((cell for cell in notebook.cells if students.grade_id(cell) == f"check-{exercise}"), None)
    if test is not None and name == "deleted_test_cell":
        notebook.cells.remove(test)
    elif test is not None and name == "renamed_grade_id":
        test.metadata.nbgrader["grade_id"] = "check-mine"
    return notebook


def simulated_class(teacher, count: int) -> list:
    """`count` notebooks: reference, untouched, wrong and cheating in turn (the wrong exercise in turn too)."""
    exercises = students.solution_exercises(teacher)
    notebooks = []
    for index in range(count):
        exercise = exercises[index // 4 % len(exercises)]
        kind = index % 4
        if kind == 0:
            notebooks.append(teacher)
        elif kind == 1:
            notebooks.append(students.untouched(teacher))
        elif kind == 2:
            notebooks.append(students.wrong(teacher, exercise))
        else:
            notebooks.append(cheat(teacher, QUICK_CHEATS[index // 4 % len(QUICK_CHEATS)], exercise))
    return notebooks


def measure(name: str, count: int, folder: Path) -> dict:
    teacher_path = students.tagged_copy(name, folder / "teacher")
    teacher = nbformat.read(teacher_path, as_version=4)
    started = time.perf_counter()
    run_notebook(nbformat.read(teacher_path, as_version=4), teacher_path.parent)
    execution = time.perf_counter() - started
    started = time.perf_counter()
    grader = ChapterGrader(teacher_path)
    exercises = grader.exercises
    grader._recorded()  # what the first grade would do: run the teacher notebook once and record its cases
    building = time.perf_counter() - started
    submissions = {}
    for index, notebook in enumerate(simulated_class(teacher, count)):
        submissions[f"student{index:03d}"] = students.write(notebook, folder / "class" / f"student{index:03d}.ipynb")
    seconds = {}
    for jobs in (1, 2):
        started = time.perf_counter()
        rows = grade_class(grader, submissions, folder / f"grades-{jobs}.csv", jobs=jobs)
        seconds[jobs] = time.perf_counter() - started
        full = sum(1 for row in rows if float(row["total"]) == float(row["max"]))
        print(f"  {name}, {jobs} job{'s' * (jobs > 1)}: {seconds[jobs]:.1f} s for {len(rows)} submissions, "
              f"{full} with every point", flush=True)
    return {"chapter": name, "exercises": len(exercises), "execution": execution, "building": building,
            "per_submission_1": seconds[1] / count, "per_submission_2": seconds[2] / count,
            "ratio": seconds[1] / count / execution, "speedup": seconds[1] / seconds[2]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--submissions", type=int, default=40, help="simulated submissions per chapter (default 40)")
    parser.add_argument("--chapters", nargs="*", default=list(CHAPTERS), choices=list(CHAPTERS))
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for key in args.chapters:
            rows.append(measure(CHAPTERS[key], args.submissions, Path(scratch) / key))
    print("| chapter | exercises | execute once | build cases | per submission, 1 job | ratio | per submission, "
          "2 jobs | speed-up |\n|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['chapter']} | {row['exercises']} | {row['execution']:.1f} s | {row['building']:.1f} s "
              f"| {row['per_submission_1']:.2f} s | {row['ratio']:.2f}x | {row['per_submission_2']:.2f} s "
              f"| {row['speedup']:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

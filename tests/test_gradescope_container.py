"""Gradescope's autograder as Gradescope runs it, by its specification (gradescope-autograders.readthedocs.io, "specs"):
the zip unpacked into /autograder/source, `setup.sh` run there once to build the image, `run_autograder` copied to
/autograder/run_autograder and run with /autograder as the working directory for each submission (in
/autograder/submission), which must write /autograder/results/results.json.

Here /autograder is a temporary folder (PUZZLEKIT_AUTOGRADER_ROOT) and the image a fresh virtual environment:
`setup.sh` itself installs the zip's pinned requirements.txt and puzzlekit's source distribution into it (from pip's
cache where it is warm, else from PyPI), so the grading runs on what the zip holds, not on this checkout. Marked
`nbgrader` like test_grading_paths.py: `-m "not nbgrader"` leaves it out.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import nbformat
import pytest
import simulated_students as students

from puzzlekit.course.gradescope import ROOT_VARIABLE, build_autograder

pytestmark = pytest.mark.nbgrader

CHAPTER = "03_uninformed_search"
POINTS = {"my_breadth_first": 3, "my_bidirectional": 2, "effective_branching_factor": 1}
VISIBILITY = {"visible", "hidden", "after_due_date", "after_published"}  # the specification's values


def image_environment(image: Path, root: Path) -> dict:
    """The container's environment: the image's python3 first on PATH, /autograder moved to `root`, no other
    PUZZLEKIT_ or NBGRADER_ variable, and nothing that would let this checkout be imported."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PUZZLEKIT_", "NBGRADER_", "PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = os.pathsep.join([str(image / "bin"), env.get("PATH", "")])
    env[ROOT_VARIABLE] = str(root)
    return env


@pytest.fixture(scope="module")
def container(tmp_path_factory):
    """/autograder laid out from the zip of chapter 3, and the image `setup.sh` built."""
    scratch = tmp_path_factory.mktemp("gradescope")
    teacher = students.tagged_copy(CHAPTER, scratch / "teacher")
    zipped = build_autograder(teacher, scratch / "zip", secret="a grading secret for the test")
    root = scratch / "autograder"
    script = students.autograder_root(zipped, root)
    image = scratch / "image"
    venv.create(image, with_pip=True)
    env = image_environment(image, root)
    setup = subprocess.run(["bash", str(root / "source" / "setup.sh")], cwd=root / "source", env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=1800)
    assert setup.returncode == 0, setup.stdout[-3000:]
    return {"root": root, "script": script, "env": env, "image": image,
            "teacher": nbformat.read(teacher, as_version=4)}


def submit(container, files: dict[str, object]) -> dict:
    """Put `files` (name -> notebook) in submission/, run /autograder/run_autograder from /autograder as Gradescope
    does, and return results.json."""
    root = container["root"]
    for folder in ("submission", "results"):
        shutil.rmtree(root / folder)
        (root / folder).mkdir()
    for name, notebook in files.items():
        students.write(notebook, root / "submission" / name)
    done = subprocess.run([str(container["script"])], cwd=root, env=container["env"], text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:]
    return json.loads((root / "results" / "results.json").read_text())


def test_setup_installs_puzzlekit_from_the_zip_not_from_this_checkout(container):
    where = subprocess.run(["python3", "-c", "import puzzlekit; print(puzzlekit.__file__)"], cwd=container["root"],
                           env=container["env"], text=True, capture_output=True, check=True)
    installed = Path(where.stdout.strip()).resolve()
    assert container["image"].resolve() in installed.parents, installed
    assert Path(__file__).resolve().parents[1] not in installed.parents


def check_results(results: dict) -> dict:
    """The tests of `results` by name, after checking the fields the specification names."""
    assert isinstance(results["score"], (int, float)) and isinstance(results["output"], str)
    for test in results["tests"]:
        assert {"name", "score", "max_score", "output"} <= set(test), test
        assert isinstance(test["output"], str) and test.get("visibility", "visible") in VISIBILITY
    tests = {test["name"]: test for test in results["tests"]}
    assert {name: tests[name]["max_score"] for name in POINTS} == POINTS
    assert results["score"] == sum(test["score"] for test in results["tests"])
    return tests


def test_a_submission_scores_each_exercise_by_its_answer(container):
    """One submission, under a name of the student's, with a wrong breadth-first search and the reference's other
    answers: 0 for that exercise, every point for the others (a grader that gave all or nothing would fail). The
    reference's full marks through the same run_autograder are in test_grading_paths.py, on this checkout."""
    results = submit(container, {"my answers.ipynb": students.wrong(container["teacher"])})
    tests = check_results(results)
    assert {name: tests[name]["score"] for name in POINTS} == dict(POINTS, my_breadth_first=0), results
    assert "my_breadth_first" in tests["my_breadth_first"]["output"]
    assert results["score"] == sum(POINTS.values()) - POINTS["my_breadth_first"]

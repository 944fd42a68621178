"""`course.py ... --here` uses the caller's environment as it is: it installs nothing and says what is missing."""

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COURSE = str(ROOT / "course.py")


def outside_env() -> dict:
    """This process's environment as a user's shell has it: without the variable course.py sets for itself."""
    return {key: value for key, value in os.environ.items() if key != "PUZZLEKIT_IN_ENV"}


def freeze(python) -> str:
    return subprocess.run([str(python), "-m", "pip", "freeze", "--all"], capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory):
    """A Python environment with nothing installed, not even pip."""
    folder = tmp_path_factory.mktemp("bare")
    venv.create(folder, with_pip=False)
    python = folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    return python, folder


@pytest.mark.parametrize("command", [["setup"], ["student"], ["tag"], ["book"], ["test", "--collect-only"]])
def test_here_says_what_is_missing_and_installs_nothing(bare_python, command):
    python, folder = bare_python
    before = sorted(str(path) for path in folder.rglob("*"))
    done = subprocess.run([str(python), COURSE, *command, "--here"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, env=outside_env())
    assert done.returncode != 0
    assert "lacks" in done.stderr and "jupyterlab>=4,<5 (not installed)" in done.stderr
    assert f"{python} -m pip install -r requirements.txt" in done.stderr
    assert ("-r requirements-test.txt" in done.stderr) == (command[0] == "test")
    assert ("-r requirements-book.txt" in done.stderr) == (command[0] in ("book", "test"))  # the browser tests build it
    assert "installing" not in done.stdout
    assert sorted(str(path) for path in folder.rglob("*")) == before  # nothing installed, nothing written


def test_here_runs_in_a_complete_environment_and_leaves_it_as_it_is(tmp_path):
    """This test's own Python has everything: `student --here` and `tag --here` run, and `pip freeze` is unchanged."""
    before = freeze(sys.executable)
    import shutil

    chapter = Path(shutil.copy(ROOT / "chapters" / "01_board_representation.ipynb", tmp_path))
    tagged = subprocess.run([sys.executable, COURSE, "tag", str(chapter), "--here"], capture_output=True, text=True,
                            cwd=tmp_path, timeout=300, env=outside_env())
    assert tagged.returncode == 0, tagged.stderr
    assert "cells tagged" in tagged.stdout and "installing" not in tagged.stdout
    student = subprocess.run([sys.executable, COURSE, "student", str(tmp_path / "student"), "--here"],
                             capture_output=True, text=True, cwd=tmp_path, timeout=300, env=outside_env())
    assert student.returncode == 0, student.stderr
    assert (tmp_path / "student" / "01_board_representation.ipynb").exists()
    assert freeze(sys.executable) == before


def test_the_tests_run_on_every_core_unless_the_command_line_chose(monkeypatch, bare_python):
    import importlib.util

    spec = importlib.util.spec_from_file_location("course_script", COURSE)
    course = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(course)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert course.parallel(sys.executable, ["-x"]) == ["-n", "4", "--dist", "loadscope", "--no-loadscope-reorder"]
    for chosen in (["-n", "0"], ["-n0"], ["--numprocesses=2"], ["--pdb"], ["-p", "no:xdist"], ["--dist", "load"]):
        assert course.parallel(sys.executable, chosen) == []
    assert course.parallel(str(bare_python[0]), []) == []  # no pytest-xdist there: one process
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert course.parallel(sys.executable, []) == []

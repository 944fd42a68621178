"""The Colab cell that `course.py colab` puts first in every chapter, run for real in a fresh virtual environment that
lacks puzzlekit: with a stand-in `google.colab` module (Colab's sign) it installs puzzlekit from the repository and
turns the widget manager on; without it, it does nothing and prints nothing.

No network: git is told to fetch the repository's address from a copy of this checkout (`url.<copy>.insteadOf`),
pip is told to use no index, and the environment borrows this one's packages (numpy, IPython, ...) but not puzzlekit.
"""

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import nbformat
import pytest

from puzzlekit.course.launch import COLAB_TAG, add_colab_cell, colab_cell_source, github_repository, repository_setting

ROOT = Path(__file__).resolve().parent.parent
REPOSITORY = repository_setting(ROOT / "pyproject.toml")
SHIPPED = ["puzzlekit", "data", "pyproject.toml", "README.md", "LICENSE", "LICENSE-chapters.md"]

FAKE_OUTPUT = '''"""A stand-in for Colab's google.colab.output: it records that the widget manager was turned on."""
import os
from pathlib import Path


def enable_custom_widget_manager():
    Path(os.environ["FAKE_COLAB_RECORD"]).write_text("custom widget manager enabled")
'''


def run(command, **options) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, **options)
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """(python, environment variables, folder): a new virtual environment without puzzlekit, and the variables
    under which the cell installs puzzlekit from a git copy of this checkout, offline."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    folder = tmp_path_factory.mktemp("colab")
    # The repository, as Colab would fetch it: this checkout's package files, committed on `main` in a new repository.
    repository = folder / "repository"
    repository.mkdir()
    for name in SHIPPED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, repository / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, repository / name)
    who = {"GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.invalid", "GIT_COMMITTER_NAME": "test",
           "GIT_COMMITTER_EMAIL": "test@example.invalid", "GIT_CONFIG_GLOBAL": os.devnull, "HOME": str(folder)}
    git_env = dict(os.environ, **who)
    run(["git", "init", "--quiet", "--initial-branch=main", str(repository)], env=git_env)
    run(["git", "add", "--all"], cwd=repository, env=git_env)
    run(["git", "commit", "--quiet", "--message", "puzzlekit"], cwd=repository, env=git_env)

    # The environment: its own pip and setuptools; this environment's other packages borrowed through a .pth file
    # that names a folder of links to them, puzzlekit's left out.
    environment = folder / "venv"
    venv.create(environment, with_pip=True)
    python = environment / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    own = Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    borrowed = folder / "borrowed"
    borrowed.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        lowered = entry.name.lower()
        if lowered.startswith(("puzzlekit", "__editable__", "pip", "setuptools", "_distutils")) or \
                entry.suffix == ".pth":
            continue
        (borrowed / entry.name).symlink_to(entry)
    (own / "borrowed.pth").write_text(f"{borrowed}\n")

    fake = folder / "fake-colab"
    (fake / "google" / "colab").mkdir(parents=True)
    (fake / "google" / "__init__.py").write_text("")
    (fake / "google" / "colab" / "__init__.py").write_text("")
    (fake / "google" / "colab" / "output.py").write_text(FAKE_OUTPUT)

    owner, name = github_repository(REPOSITORY)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV", "GIT_", "PUZZLEKIT_"))}
    env.update(who, PYTHONNOUSERSITE="1", IPYTHONDIR=str(folder / "ipython"), PIP_NO_INDEX="1",
               PIP_NO_BUILD_ISOLATION="0", PIP_DISABLE_PIP_VERSION_CHECK="1", GIT_CONFIG_COUNT="1",
               GIT_CONFIG_KEY_0=f"url.{repository.as_uri()}.insteadOf",
               GIT_CONFIG_VALUE_0=f"https://github.com/{owner}/{name}",
               FAKE_COLAB_RECORD=str(folder / "record.txt"))
    return python, env, folder, fake


def run_cell(python, env, folder, source: str) -> subprocess.CompletedProcess:
    """Run a cell's source in IPython (which knows `%pip`) in `python`'s environment, from a folder of its own."""
    cell = folder / "cell.ipy"
    cell.write_text(source)
    return run([str(python), "-m", "IPython", "--no-banner", "--quick", str(cell)], cwd=folder, env=env)


def has_puzzlekit(python, env, folder) -> str:
    done = subprocess.run([str(python), "-c", "import puzzlekit, puzzlekit.datafiles as d; "
                           "print(puzzlekit.__file__, d.data_path('qtable_8puzzle.npz').is_file())"],
                          capture_output=True, text=True, cwd=folder, env=env, timeout=120)
    return done.stdout.strip() if done.returncode == 0 else ""


def test_the_cell_installs_puzzlekit_on_colab_and_does_nothing_elsewhere(fresh):
    python, env, folder, fake = fresh
    source = colab_cell_source(REPOSITORY)
    assert has_puzzlekit(python, env, folder) == ""  # the environment lacks it
    assert has_puzzlekit(python, dict(env, PYTHONPATH=str(fake)), folder) == ""

    elsewhere = run_cell(python, env, folder, source)
    assert elsewhere.stdout.strip() == "" and has_puzzlekit(python, env, folder) == ""
    assert not (folder / "record.txt").exists()

    on_colab = dict(env, PYTHONPATH=str(fake))
    run_cell(python, on_colab, folder, source)
    installed = has_puzzlekit(python, env, folder)
    assert installed.endswith(" True") and installed.startswith(str(folder / "venv"))  # its own copy, data included
    assert (folder / "record.txt").read_text() == "custom widget manager enabled"
    run_cell(python, on_colab, folder, source)  # a second run: already there, still no error


def test_add_colab_cell_updates_the_cell_in_place_when_the_repository_changes():
    notebook = nbformat.read(ROOT / "chapters" / "05a_q_learning_by_hand.ipynb", as_version=4)
    add_colab_cell(notebook, REPOSITORY)
    cells = len(notebook.cells)
    first_code = next(cell for cell in notebook.cells if cell.cell_type == "code")
    assert COLAB_TAG in first_code.metadata.tags and first_code.outputs == []
    assert add_colab_cell(notebook, "https://github.com/a-fork/puzzlekit") is True
    assert len(notebook.cells) == cells and "git+https://github.com/a-fork/puzzlekit@main" in first_code.source
    assert add_colab_cell(notebook, "https://github.com/a-fork/puzzlekit") is False
    notebook.cells.append(nbformat.from_dict(dict(first_code)))
    with pytest.raises(ValueError, match="one Colab cell"):
        add_colab_cell(notebook, REPOSITORY)


def test_every_chapter_opens_with_the_colab_cell_for_the_repository():
    """`course.py colab` was run on every chapter with the repository pyproject.toml names, and not executed since:
    so the cell, in every real chapter, runs under nbval's strict mode with the chapters themselves (it prints
    nothing off Colab), and no test needs to run a chapter with it again."""
    for chapter in sorted((ROOT / "chapters").glob("*.ipynb")):
        notebook = nbformat.read(chapter, as_version=4)
        first_code = next(cell for cell in notebook.cells if cell.cell_type == "code")
        assert COLAB_TAG in first_code.metadata.get("tags", []), f"{chapter.name}: run python3 course.py colab"
        assert first_code.source == colab_cell_source(REPOSITORY) and first_code.outputs == [], chapter.name
        assert add_colab_cell(notebook, REPOSITORY) is False

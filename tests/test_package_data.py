"""Tests for puzzlekit.datafiles and the packaging of data files: what `data_path` finds, and that pyproject.toml
ships every data file and every package in the wheel (a plain `pip install .`, not only `pip install -e .`)."""

import fnmatch
from pathlib import Path

import pytest

from puzzlekit.datafiles import DATA_FOLDERS, data_folder, data_path

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def setuptools_config():
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_data_path_finds_the_shipped_table():
    path = data_path("qtable_8puzzle.npz")
    assert path.is_file() and path.parent == data_folder() and path.parent in DATA_FOLDERS


@pytest.mark.parametrize("name, error", [
    ("missing.npz", FileNotFoundError), ("../pyproject.toml", ValueError), ("/etc/passwd", ValueError),
    ("", ValueError), (None, TypeError), (Path("qtable_8puzzle.npz"), TypeError),
])
def test_data_path_refuses_names_outside_the_data_folder(name, error):
    with pytest.raises(error):
        data_path(name)


def test_the_data_folder_ships_as_the_package_puzzlekit_data(setuptools_config):
    assert setuptools_config["package-dir"]["puzzlekit.data"] == "data"
    assert "puzzlekit.data" in setuptools_config["packages"]


def test_every_data_file_matches_a_package_data_pattern(setuptools_config):
    """A file in data/ that no pattern names would be left out of the wheel, and `data_path` would miss it there."""
    files = [path.relative_to(ROOT / "data") for path in (ROOT / "data").rglob("*") if path.is_file()]
    assert Path("qtable_8puzzle.npz") in files
    missed = []
    for name in files:
        package = ".".join(("puzzlekit", "data", *name.parent.parts))  # data/sokobond/ is puzzlekit.data.sokobond
        patterns = setuptools_config["package-data"].get(package, [])
        if package not in setuptools_config["packages"] or not any(fnmatch.fnmatch(name.name, p) for p in patterns):
            missed.append(name.as_posix())
    assert [name for name in missed if not Path(name).name.startswith(".")] == []


def test_every_package_folder_is_listed(setuptools_config):
    """The packages are listed by hand (the data mapping needs it): a new subpackage must be added to the list."""
    folders = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "puzzlekit").rglob("__init__.py")}
    assert folders == {package for package in setuptools_config["packages"] if not package.startswith("puzzlekit.data")}

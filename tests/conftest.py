"""Shared test settings: benchmarks print figures and are run by hand, not collected as tests.

The property suite (tests/properties/) counts its generated calls; the count is printed at the end of the run,
after the list of unclear messages it met (each also fails its test).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import fcntl
except ImportError:  # Windows: `once_per_run` makes its folder once per worker instead, without a lock
    fcntl = None

collect_ignore = ["benchmarks"]

# In parallel (pytest-xdist: `course.py test` passes -n): a unit of work is a test file or a notebook (its cells run in
# order, in one kernel), or one of these folders whole: the property suite's last test counts the calls of all its
# files; the browser tests, each file with its own JupyterLab and Chromium, run one after another.
WHOLE_FOLDERS = ("tests/properties/", "tests/browser/")
# Files that run the same chapters in this process, made one unit: the cheats test and the wrong answers each run a
# chapter up to its last check (`run_chapter`, which keeps one chapter at a time); on one worker, their tests taken
# chapter by chapter, each chapter runs once for both files.
SHARED_RUNS = {"tests/test_every_exercise_refuses_cheats.py": "chapters run in this process",
               "tests/test_wrong_answers.py": "chapters run in this process"}
# The units that take minutes (seconds on one core, measured with --durations), started first so that no worker is
# left with one of them when the other has finished: the rest follow in the order pytest collects them.
SLOWEST_FIRST = ("tests/test_every_chapter_graded.py", "tests/test_grading_paths.py", "chapters run in this process",
                 "tests/properties/", "tests/test_grader.py", "tests/browser/", "tests/test_nbgrader.py",
                 "tests/test_gradescope_container.py", "tests/test_colab_cell.py")
CHAPTER_STEMS = tuple(sorted(path.stem for path in (Path(__file__).resolve().parents[1] / "chapters").glob("*.ipynb")))


def unit_of(nodeid: str) -> str:
    """The unit of work of a test: its folder when it is in WHOLE_FOLDERS, its group in SHARED_RUNS, else its file
    (or notebook).

    >>> unit_of("tests/properties/test_invariants.py::test_rank"), unit_of("chapters/01_x.ipynb::Cell 3")
    ('tests/properties/', 'chapters/01_x.ipynb')
    >>> unit_of("tests/test_wrong_answers.py::test_a[03_uninformed_search-my_bidirectional-x]")
    'chapters run in this process'
    """
    file = nodeid.split("::", 1)[0]
    return next((folder for folder in WHOLE_FOLDERS if nodeid.startswith(folder)), SHARED_RUNS.get(file, file))


def chapter_of(nodeid: str) -> int:
    """The place, among the chapters, of the chapter a test's parameters name first (-1 for none).

    >>> chapter_of("tests/test_wrong_answers.py::test_a[03_uninformed_search-my_bidirectional-x]") > 0
    True
    >>> chapter_of("tests/test_wrong_answers.py::test_a_wrong_answer_scores_nothing")
    -1
    """
    parameters = nodeid.partition("[")[2]
    return next((index for index, stem in enumerate(CHAPTER_STEMS) if parameters.startswith(stem + "-")), -1)


def pytest_collection_modifyitems(items):
    """The slowest units first, and within a unit of SHARED_RUNS its tests chapter by chapter, those that name no
    chapter first (stable: each unit keeps its tests in their order otherwise, the others their order)."""
    def rank(item) -> tuple[int, int]:
        unit = unit_of(item.nodeid)
        first = next((i for i, slow in enumerate(SLOWEST_FIRST) if unit == slow), len(SLOWEST_FIRST))
        return first, chapter_of(item.nodeid) if unit in SHARED_RUNS.values() else 0
    items.sort(key=rank)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """xdist's scheduling by scope, with `unit_of` as the scope; course.py turns off its reordering by size."""
    from xdist.scheduler import LoadScopeScheduling

    class ByUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    return ByUnit(config, log)


def once_per_run(tmp_path_factory, name: str, make) -> Path:
    """The folder `name` that `make(folder)` fills once per run, whichever test file and pytest-xdist worker asks
    first (the others wait for it on a lock, then read it): in the run's temporary folder, which holds the workers'."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") and fcntl is not None:
        root = root.parent
    folder, done = root / name, root / f"{name}.done"
    with (root / f"{name}.lock").open("w") as lock:
        if root != tmp_path_factory.getbasetemp():
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or its worker dies
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


@pytest.fixture(scope="session")
def student_book(tmp_path_factory) -> tuple[Path, str]:
    """The student edition's website, `course.py book --student`, built once per run for tests/test_book.py and the
    browser tests: (its folder, what the build printed)."""
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_nb")
    root = Path(__file__).resolve().parents[1]

    def build(folder: Path) -> None:
        done = subprocess.run([sys.executable, str(root / "course.py"), "book", "--student", "--out",
                               str(folder / "site")], capture_output=True, text=True, cwd=root, timeout=600,
                              env=dict(os.environ, PUZZLEKIT_IN_ENV="1"))
        assert done.returncode == 0, done.stdout + done.stderr
        (folder / "printed.txt").write_text(done.stdout, encoding="utf-8")

    folder = once_per_run(tmp_path_factory, "student-book", build)
    return folder / "site", (folder / "printed.txt").read_text(encoding="utf-8")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "nbgrader: runs the real nbgrader on copies of chapters (a few minutes); -m 'not nbgrader' skips it")


def pytest_sessionfinish(session):
    """On a worker of pytest-xdist, hand the property suite's counts to the main process, which prints them."""
    fuzzkit = sys.modules.get("fuzzkit")
    if hasattr(session.config, "workeroutput") and fuzzkit is not None and fuzzkit.calls:
        session.config.workeroutput["fuzz"] = {"calls": dict(fuzzkit.calls), "unclear": dict(fuzzkit.unclear),
                                               "minimum": fuzzkit.MINIMUM_CALLS}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """In the main process of pytest-xdist: the counts a worker handed over (`pytest_sessionfinish`)."""
    fuzz = getattr(node, "workeroutput", {}).get("fuzz")
    if fuzz:
        FROM_WORKERS["calls"].update(fuzz["calls"])
        FROM_WORKERS["unclear"].update(fuzz["unclear"])
        FROM_WORKERS["minimum"] = fuzz["minimum"]


FROM_WORKERS: dict = {"calls": {}, "unclear": {}, "minimum": None}


def pytest_terminal_summary(terminalreporter):
    """Print how many generated calls the property suite made, in total and for the busiest functions."""
    fuzzkit = sys.modules.get("fuzzkit")
    calls = dict(fuzzkit.calls) if fuzzkit is not None else {}
    unclear = dict(fuzzkit.unclear) if fuzzkit is not None else {}
    minimum = fuzzkit.MINIMUM_CALLS if fuzzkit is not None else FROM_WORKERS["minimum"]
    calls.update(FROM_WORKERS["calls"])
    unclear.update(FROM_WORKERS["unclear"])
    if not calls:
        return
    if unclear:  # each failed its test already; here they are together, one line per kind
        terminalreporter.section("unclear messages")
        terminalreporter.write_line(f"{len(unclear)} kinds of unclear message (each names neither the "
                                    "argument nor what was expected, in Python's or numpy's own words):")
        for kind, example in sorted(unclear.items()):
            terminalreporter.write_line(f"- {kind}\n    {example}")
    terminalreporter.section("property suite")
    terminalreporter.write_line(
        f"{sum(calls.values()):,} generated calls of {len(calls)} public functions and methods "
        f"(at least {minimum:,} required when the whole suite runs)"
    )

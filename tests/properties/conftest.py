"""Fixtures of the property suite: a folder for generated files, a memory ceiling, the count test last."""

import resource

import fuzz_objects
import pytest

MEMORY_CEILING = 6 * 2**30  # bytes: a call that tries to allocate more gets MemoryError instead of swapping the machine


@pytest.fixture(autouse=True)
def memory_ceiling():
    """Per test, so that what runs after the suite (the chapters' kernels, a browser) never inherits the ceiling."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    ceiling = MEMORY_CEILING if hard == resource.RLIM_INFINITY else min(MEMORY_CEILING, hard)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.fixture(autouse=True)
def no_pattern_database_builds(monkeypatch, tmp_path_factory):
    """`solve` on a 4x4 board reads Manhattan distance here instead of building the 6-6-3 databases (a minute, over
    a GB); tests/test_solving.py checks the databases. A cache of the suite's own, so nothing lands in ~/.cache."""
    import puzzlekit.solving

    monkeypatch.setattr(puzzlekit.solving, "FIFTEEN_DATABASES", "manhattan")
    monkeypatch.setenv("PUZZLEKIT_CACHE", str(tmp_path_factory.getbasetemp() / "pattern-databases"))


@pytest.fixture(scope="session")
def fuzz_workdir(tmp_path_factory):
    """The folder where table files are generated."""
    path = tmp_path_factory.mktemp("fuzz")
    fuzz_objects.use_workdir(path)
    return path


def pytest_collection_modifyitems(items):
    """Run the test that checks the number of generated calls after all the others."""
    last = [item for item in items if getattr(getattr(item, "function", None), "runs_last", False)]
    items[:] = [item for item in items if item not in last] + last

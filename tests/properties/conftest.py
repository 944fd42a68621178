"""Fixtures of the property suite: a folder for generated files, a memory ceiling, the count test last."""

import resource

import pytest

import fuzz_objects

MEMORY_CEILING = 6 * 2**30  # bytes: a call that tries to allocate more gets MemoryError instead of swapping the machine


@pytest.fixture(autouse=True)
def memory_ceiling():
    """Per test, so that what runs after the suite (the chapters' kernels, a browser) never inherits the ceiling."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    ceiling = MEMORY_CEILING if hard == resource.RLIM_INFINITY else min(MEMORY_CEILING, hard)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


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


@pytest.fixture(scope="session", autouse=True)
def fifteen_puzzle_databases(tmp_path_factory):
    """`solve` hands 4x4 boards to the 15-puzzle's IDA*, whose pattern databases are built on first use (a few
    seconds): build them once, in a cache of the suite's own, so that no call pays for the build inside its
    watchdog."""
    import os

    from puzzlekit.fifteen import pattern_databases
    from puzzlekit.search.methods import FIFTEEN_PUZZLE_DATABASES

    before = os.environ.get("PUZZLEKIT_CACHE")
    os.environ["PUZZLEKIT_CACHE"] = str(tmp_path_factory.mktemp("pattern-databases"))
    pattern_databases(FIFTEEN_PUZZLE_DATABASES)
    yield
    if before is None:
        del os.environ["PUZZLEKIT_CACHE"]
    else:
        os.environ["PUZZLEKIT_CACHE"] = before

"""Shared test settings: benchmarks print figures and are run by hand, not collected as tests.

The property suite (tests/properties/) counts its generated calls; the count is printed at the end of the run.
"""

import sys

collect_ignore = ["benchmarks"]


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "nbgrader: runs the real nbgrader on copies of chapters (a few minutes); -m 'not nbgrader' skips it")


def pytest_terminal_summary(terminalreporter):
    """Print how many generated calls the property suite made, in total and for the busiest functions."""
    fuzzkit = sys.modules.get("fuzzkit")
    if fuzzkit is None or not fuzzkit.calls:
        return
    calls = fuzzkit.calls
    terminalreporter.section("property suite")
    terminalreporter.write_line(
        f"{sum(calls.values()):,} generated calls of {len(calls)} public functions and methods "
        f"(at least {fuzzkit.MINIMUM_CALLS:,} required when the whole suite runs)"
    )

"""Shared test settings: benchmarks print figures and are run by hand, not collected as tests.

The property suite (tests/properties/) counts its generated calls; the count is printed at the end of the run,
after the list of unclear messages it met (each also fails its test).
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
    if fuzzkit.unclear:  # each failed its test already; here they are together, one line per kind
        terminalreporter.section("unclear messages")
        terminalreporter.write_line(f"{len(fuzzkit.unclear)} kinds of unclear message (each names neither the "
                                    "argument nor what was expected, in Python's or numpy's own words):")
        for kind, example in sorted(fuzzkit.unclear.items()):
            terminalreporter.write_line(f"- {kind}\n    {example}")
    calls = fuzzkit.calls
    terminalreporter.section("property suite")
    terminalreporter.write_line(
        f"{sum(calls.values()):,} generated calls of {len(calls)} public functions and methods "
        f"(at least {fuzzkit.MINIMUM_CALLS:,} required when the whole suite runs)"
    )

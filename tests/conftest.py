"""Shared test settings: benchmarks print figures and are run by hand, not collected as tests."""

collect_ignore = ["benchmarks"]

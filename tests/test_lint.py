"""The linter: ruff, with the settings in pyproject.toml, over the package, the tests and course.py."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ruff() -> list[str]:
    """How to run ruff: the module of this Python's environment, else a `ruff` on the PATH."""
    try:
        import ruff  # noqa: F401 - only to see whether it is installed here
    except ImportError:
        found = shutil.which("ruff")
        if found is None:
            pytest.skip("ruff is not installed (requirements-test.txt has it)")
        return [found]
    return [sys.executable, "-m", "ruff"]


def test_ruff_finds_nothing():
    result = subprocess.run([*_ruff(), "check", "--no-cache", "--output-format", "concise", "."], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr

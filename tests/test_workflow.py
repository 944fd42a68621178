"""The CI workflow an instructor's fork runs: valid under GitHub's workflow schema, and it runs what the README says.

check-jsonschema ships GitHub's workflow schema (`--builtin-schema vendor.github-workflows`), so this needs no
network.
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "test.yml"


def validate(path: Path) -> subprocess.CompletedProcess:
    pytest.importorskip("check_jsonschema")
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           str(path)], capture_output=True, text=True, timeout=120)


def test_the_workflow_is_valid_under_githubs_schema():
    done = validate(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "validation done" in done.stdout


def test_the_schema_check_catches_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text().replace("    steps:", "    step:"))  # a typo GitHub would refuse
    done = validate(broken)
    assert done.returncode != 0 and "Schema validation errors" in done.stdout


def test_the_workflow_runs_the_readme_command_with_chromium_and_a_pip_cache():
    text = WORKFLOW.read_text()
    assert "run: python3 course.py test\n" in text and "python3 course.py test" in (ROOT / "README.md").read_text()
    assert "apt-get install --yes --no-install-recommends chromium" in text
    assert 'PUZZLEKIT_REQUIRE_BROWSER: "1"' in text
    assert "path: ~/.cache/pip" in text and "hashFiles('requirements.txt', 'requirements-test.txt'" in text

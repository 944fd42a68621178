"""The workflows an instructor's fork runs (the tests; the website on GitHub Pages): valid under GitHub's workflow
schema, and they run what the README says.

check-jsonschema ships GitHub's workflow schema (`--builtin-schema vendor.github-workflows`), so this needs no
network.
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "test.yml"
BOOK = ROOT / ".github" / "workflows" / "book.yml"


def validate(path: Path) -> subprocess.CompletedProcess:
    pytest.importorskip("check_jsonschema")
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           str(path)], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("workflow", [WORKFLOW, BOOK], ids=lambda path: path.name)
def test_the_workflow_is_valid_under_githubs_schema(workflow):
    done = validate(workflow)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "validation done" in done.stdout


@pytest.mark.parametrize("workflow", [WORKFLOW, BOOK], ids=lambda path: path.name)
def test_the_schema_check_catches_a_broken_workflow(tmp_path, workflow):
    broken = tmp_path / "broken.yml"
    broken.write_text(workflow.read_text().replace("    steps:", "    step:"))  # a typo GitHub would refuse
    done = validate(broken)
    assert done.returncode != 0 and "Schema validation errors" in done.stdout


def test_the_workflow_runs_the_readme_command_with_chromium_and_a_pip_cache():
    text = WORKFLOW.read_text()
    assert "run: python3 course.py test\n" in text and "python3 course.py test" in (ROOT / "README.md").read_text()
    assert "apt-get install --yes --no-install-recommends chromium" in text
    assert 'PUZZLEKIT_REQUIRE_BROWSER: "1"' in text
    assert "path: ~/.cache/pip" in text and "hashFiles('requirements.txt', 'requirements-test.txt'" in text


def test_the_book_workflow_builds_the_readme_site_and_publishes_it_from_main():
    text = BOOK.read_text()
    assert "run: python3 course.py book --student --out build/book\n" in text
    assert "python3 course.py book" in (ROOT / "README.md").read_text()
    assert "on:\n  push:\n    branches: [main]\n" in text
    assert "pages: write" in text and "id-token: write" in text
    assert "uses: actions/upload-pages-artifact@v3\n        with:\n          path: build/book\n" in text
    assert "uses: actions/deploy-pages@v4" in text and "needs: build" in text
    assert "hashFiles('requirements.txt', 'requirements-book.txt', 'pyproject.toml')" in text


def test_the_book_workflow_publishes_only_the_student_edition_and_its_notebooks_on_the_student_branch():
    """What goes public is the student site; its launch links open the branch the workflow fills with the student
    notebooks (puzzlekit.course.book.STUDENT_BRANCH)."""
    from puzzlekit.course.book import STUDENT_BRANCH

    text = BOOK.read_text()
    builds = [line.strip() for line in text.splitlines() if "course.py book" in line and "run:" in line]
    assert builds == ["run: python3 course.py book --student --out build/book"]
    assert "python3 course.py student build/student\n" in text and "cp build/student/*.ipynb chapters/\n" in text
    assert f"git checkout -B {STUDENT_BRANCH}\n" in text and f"git push --force origin {STUDENT_BRANCH}\n" in text
    assert "contents: write" in text

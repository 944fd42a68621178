"""Gradescope's side without the engine: results.json from a report, which notebook of a submission is graded, and
the zip's layout (the whole path, engine included, is in test_grading_paths.py)."""

import json
import zipfile

import nbformat
import pytest

from puzzlekit.course.gradescope import _submission, build_autograder, pinned_requirements, results

REPORT = {"note": "cell 4 was skipped: it did not end within 60 s", "exercises": [
    {"name": "double", "grade_id": "check-double", "score": 2, "max_score": 2, "message": "✓ double passes"},
    {"name": "half", "grade_id": "check-half", "score": 0, "max_score": 1, "message": "✗ half(2) returned 2"}],
    "flags": [{"cell": 3, "grade_id": "half", "line": 2, "construct": "os.environ write",
               "text": "os.environ['A'] = 1"}]}


def test_results_have_a_test_per_exercise_the_total_and_the_flags_for_the_instructor():
    value = results(REPORT)
    assert value["score"] == 2 and value["output"].startswith("cell 4 was skipped")
    assert [(test["name"], test["score"], test["max_score"]) for test in value["tests"]] == [
        ("double", 2, 2), ("half", 0, 1), ("flags for the instructor", 0, 0)]
    flags = value["tests"][2]
    assert flags["visibility"] == "hidden" and "cell 3 (half), line 2: os.environ write" in flags["output"]
    json.dumps(value)  # Gradescope reads it as JSON


def test_the_notebook_graded_is_the_only_one_or_the_one_named_like_the_chapter(tmp_path):
    for name in ("notes/a.ipynb", "03.ipynb", ".ipynb_checkpoints/03-checkpoint.ipynb", "__MACOSX/._03.ipynb"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    assert _submission(tmp_path, "03.ipynb") == (tmp_path / "03.ipynb", "")
    chosen, why = _submission(tmp_path, "04.ipynb")
    assert chosen is None and "2 notebooks" in why and "upload only your 04.ipynb" in why
    (tmp_path / "03.ipynb").unlink()
    assert _submission(tmp_path, "04.ipynb") == (tmp_path / "notes" / "a.ipynb", "")
    (tmp_path / "notes" / "a.ipynb").unlink()
    assert "no notebook" in _submission(tmp_path, "04.ipynb")[1]
    (tmp_path / "04.ipynb").symlink_to("/autograder/source/chapter/04.ipynb")  # the teacher notebook: not followed
    (tmp_path / "notes" / "source").symlink_to("/autograder/source", target_is_directory=True)
    assert "no notebook" in _submission(tmp_path, "04.ipynb")[1]


def test_the_zip_has_gradescopes_layout(tmp_path):
    chapter = tmp_path / "03_search.ipynb"
    nbformat.write(nbformat.v4.new_notebook(), chapter)
    sdist = tmp_path / "puzzlekit-0.1.0.tar.gz"
    sdist.write_bytes(b"a stand-in")
    zipped = build_autograder(chapter, tmp_path / "out", secret="s3cret", sdist=sdist)
    with zipfile.ZipFile(zipped) as archive:
        assert sorted(archive.namelist()) == ["chapter/03_search.ipynb", "grading_secret", "puzzlekit-0.1.0.tar.gz",
                                              "requirements.txt", "run_autograder", "setup.sh"]
        assert archive.read("grading_secret") == b"s3cret\n"
        assert b"./puzzlekit-0.1.0.tar.gz" in archive.read("setup.sh")
        script = archive.read("run_autograder").decode()
        # Gradescope copies it out of source/ and runs it from /autograder: it names the zip's files by source/
        assert 'cd "' not in script and '--chapter "$root/source/chapter/03_search.ipynb"' in script
        assert '"$root/source/grading_secret"' in script and '${PUZZLEKIT_AUTOGRADER_ROOT:-/autograder}' in script
    assert [path.name for path in zipped.parent.iterdir()] == ["autograder.zip"]
    with pytest.raises(ValueError, match="notebook"):
        build_autograder(tmp_path / "missing.ipynb", tmp_path, secret="s")


def test_the_requirements_are_pinned():
    lines = [line for line in pinned_requirements().splitlines() if not line.startswith("#")]
    assert lines and all(line.count("==") == 1 for line in lines)
    assert {line.split("==")[0] for line in lines} >= {"numpy", "nbformat", "ipython"}

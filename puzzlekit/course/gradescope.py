"""Gradescope's autograder for a chapter: `build_autograder` writes its autograder.zip, and `run` (what the zip's
`run_autograder` calls) grades the submission with the grading engine and writes Gradescope's results.json.

Used by `python3 course.py gradescope`. Inside Gradescope's container, `/autograder/run_autograder` (the zip's, copied
there by Gradescope) runs `python3 -m puzzlekit.course.gradescope --chapter /autograder/source/chapter/<name>.ipynb`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

from .classroom import _notebooks

__all__ = ["build_autograder", "run", "results", "source_distribution"]

#: The folder Gradescope grades in (/autograder: submission/, results/, source/); this variable moves it, so that a
#: test can run `run_autograder` against a temporary folder.
ROOT_VARIABLE = "PUZZLEKIT_AUTOGRADER_ROOT"
SECRET_FILE = "grading_secret"  # in the zip: the instructor's grading secret, which draws the hidden cases
CHAPTER_FOLDER = "chapter"  # in the zip: the chapter's teacher notebook
#: What the grading container needs beyond puzzlekit's own dependencies: the engine reads notebooks (nbformat),
#: turns IPython syntax into Python (ipython) and sends classes defined in cells to its worker (cloudpickle).
GRADING_REQUIREMENTS = ("nbformat", "ipython", "cloudpickle")

SETUP = """\
#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the grading image: it installs puzzlekit and the engine.
# {variable} moves /autograder (for a test).
set -euo pipefail
cd "${{{variable}:-/autograder}}/source"
if ! python3 -m pip --version >/dev/null 2>&1; then
    apt-get update && apt-get install -y python3-pip
fi
# requirements.txt was pinned on Python {version}: an older python3 could not install it
python3 -c 'import sys; sys.exit(sys.version_info < {python} and "the grading image needs Python {version} or later")'
python3 -m pip install -r requirements.txt
python3 -m pip install --no-deps ./{sdist}
"""

RUN = """\
#!/usr/bin/env bash
# Gradescope copies this to /autograder/run_autograder and runs it from /autograder for each submission: it grades
# /autograder/submission/ against the chapter and the secret in /autograder/source/ (the zip, unpacked) and writes
# /autograder/results/results.json. {variable} moves /autograder (for a test).
set -uo pipefail
root="${{{variable}:-/autograder}}"
exec python3 -m puzzlekit.course.gradescope --root "$root" --chapter "$root/source/{chapter}" \\
    --secret-file "$root/source/{secret}"
"""


def _root() -> Path:
    return Path(os.environ.get(ROOT_VARIABLE) or "/autograder")


def _checkout() -> Path:
    """The checkout puzzlekit is imported from (its pyproject.toml beside the package), to build its sdist."""
    folder = Path(__file__).resolve().parents[2]
    if not (folder / "pyproject.toml").is_file() or not (folder / "data").is_dir():
        raise ValueError(f"puzzlekit is imported from {folder}, which is not a checkout of the course "
                         "(no pyproject.toml and data/): build the autograder from a clone")
    return folder


def source_distribution(into: Path) -> Path:
    """puzzlekit's source distribution, built from this checkout (a copy of it, so the checkout stays clean)."""
    checkout = _checkout()
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch, "puzzlekit")
        copy.mkdir()
        skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "*.tmp")
        for name in ("pyproject.toml", "README.md", "LICENSE", "LICENSE-chapters.md"):
            shutil.copy(checkout / name, copy / name)
        for name in ("puzzlekit", "data"):
            shutil.copytree(checkout / name, copy / name, ignore=skip)
        built = subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta; "
                                "print(build_meta.build_sdist(sys.argv[1]))", str(into.resolve())],
                               cwd=copy, text=True, capture_output=True)
        if built.returncode:
            raise RuntimeError(f"building puzzlekit's source distribution failed:\n{built.stderr[-2000:]}")
        return into / built.stdout.strip().splitlines()[-1]


def pinned_requirements() -> str:
    """puzzlekit's dependencies and the engine's, each pinned to the version installed here (requirements.txt)."""
    text = (_checkout() / "pyproject.toml").read_text()
    block = re.search(r"^dependencies\s*=\s*\[(.*?)\]", text, re.S | re.M)
    names = re.findall(r'"([A-Za-z0-9_.-]+)', block.group(1)) if block else []
    lines = ["# The grading container's packages, pinned to the versions the course was graded with."]
    for name in [*names, *GRADING_REQUIREMENTS]:
        try:
            lines.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            continue  # not installed here: the container does without it too
    return "\n".join(lines) + "\n"


def _secret(secret: str | None) -> str:
    """The grading secret to ship: `secret`, else the instructor's (PUZZLEKIT_GRADING_SECRET, else the engine's file
    in the current folder, made there the first time)."""
    if secret is not None:
        if not isinstance(secret, str) or not secret:
            raise ValueError("secret must be a non-empty string, or None for the instructor's own")
        return secret
    from .grader import grading_secret

    return grading_secret()


def build_autograder(chapter: str | os.PathLike, folder: str | os.PathLike, *, secret: str | None = None,
                     sdist: str | os.PathLike | None = None) -> Path:
    """Write `folder/autograder.zip`, Gradescope's autograder for the teacher notebook `chapter`; return its path.

    The zip holds, at its top: `setup.sh` (installs the pinned `requirements.txt` and puzzlekit's source
    distribution, built from this checkout unless `sdist` is given), `run_autograder`, the chapter's teacher
    notebook in `chapter/` (its exercises, cases and reference solutions: the engine builds the cases from it) and
    the grading secret (`secret`, else the instructor's: PUZZLEKIT_GRADING_SECRET or the engine's file), from
    which the hidden cases are drawn. The zip holds the solutions: upload it to Gradescope, never to students.
    """
    import nbformat

    chapter, folder = Path(chapter), Path(folder)
    if chapter.suffix != ".ipynb" or not chapter.is_file():
        raise ValueError(f"chapter must be a notebook file (.ipynb), got {chapter}")
    try:
        nbformat.read(chapter, as_version=4)
    except Exception as error:  # noqa: BLE001 - any unreadable file: say so
        raise ValueError(f"{chapter} is not a notebook nbformat can read: {error}") from None
    secret = _secret(secret)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "autograder.zip"
    temporary = folder / "autograder.zip.tmp"
    with tempfile.TemporaryDirectory() as scratch:
        package = Path(sdist) if sdist is not None else source_distribution(Path(scratch))
        files = {
            "setup.sh": SETUP.format(sdist=package.name, variable=ROOT_VARIABLE, python=tuple(sys.version_info[:2]),
                                     version="{}.{}".format(*sys.version_info[:2])),
            "run_autograder": RUN.format(chapter=f"{CHAPTER_FOLDER}/{chapter.name}", secret=SECRET_FILE,
                                         variable=ROOT_VARIABLE),
            "requirements.txt": pinned_requirements(),
            SECRET_FILE: secret + "\n",
        }
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, text in files.items():
                info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
                info.external_attr = (0o755 if name in ("setup.sh", "run_autograder") else 0o600) << 16
                archive.writestr(info, text, zipfile.ZIP_DEFLATED)
            archive.write(package, package.name)
            archive.write(chapter, f"{CHAPTER_FOLDER}/{chapter.name}")
    os.replace(temporary, target)
    return target


def _submission(folder: Path, chapter_name: str) -> tuple[Path | None, str]:
    """The notebook to grade in Gradescope's submission folder, or None and why not."""
    notebooks = _notebooks(folder)  # links are not followed
    named = [path for path in notebooks if path.name == chapter_name]
    if len(named) == 1:
        return named[0], ""
    if len(notebooks) == 1:
        return notebooks[0], ""
    if not notebooks:
        return None, f"no notebook (.ipynb) in the submission: upload your {chapter_name}"
    return None, (f"{len(notebooks)} notebooks in the submission and not exactly one named {chapter_name} "
                  f"({', '.join(path.name for path in notebooks[:5])}): upload only your {chapter_name}")


def results(report: dict) -> dict:
    """Gradescope's results.json from a report of the engine (`SubmissionReport.to_dict()`).

    One test per exercise (name, score, max_score, output: the message), the total as `score`, and the note and
    the flags (constructs with no place in an answer) in the top-level output and as a zero-point test that only
    the instructor sees.
    """
    tests = [{"name": result["name"], "score": result["score"], "max_score": result["max_score"],
              "output": result["message"]} for result in report["exercises"]]
    output = [report["note"]] if report.get("note") else []
    flags = report.get("flags", [])
    if flags:
        lines = [f"cell {flag['cell']}" + (f" ({flag['grade_id']})" if flag.get("grade_id") else "")
                 + f", line {flag['line']}: {flag['construct']}: {flag['text']}" for flag in flags]
        output.append(f"{len(flags)} constructs with no place in an answer were flagged for the instructor.")
        tests.append({"name": "flags for the instructor", "score": 0, "max_score": 0,
                      "output": "\n".join(lines), "visibility": "hidden"})
    return {"score": sum(test["score"] for test in tests), "output": "\n".join(output), "tests": tests}


def _write_json(path: Path, value: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(value, indent=1, ensure_ascii=False))
    os.replace(temporary, path)


def run(chapter: str | os.PathLike, *, root: str | os.PathLike | None = None, secret: str | None = None,
        private=()) -> dict:
    """Grade the submission in `root`/submission (default: /autograder, or ROOT_VARIABLE) against the teacher
    notebook `chapter`; write `root`/results/results.json and return what it holds.

    The notebook graded is the submission's one .ipynb, or the one named like the chapter among several. None, or
    several and none so named: every exercise scores 0, and the output says what to upload. The teacher notebook's
    folder and `private` are the grader's: bubblewrap does not mount them, and as another user the worker is denied
    them (see `grader.isolation`).
    """
    from .grader import ChapterGrader

    root = Path(root) if root is not None else _root()
    chapter = Path(chapter)
    grader = ChapterGrader(chapter, secret=secret, private=[chapter.resolve().parent, *private])
    exercises = grader.exercises  # the cases are built before the student's code runs
    submission, why = _submission(root / "submission", chapter.name)
    if submission is None:
        report = {"note": why, "flags": [], "exercises": [
            {"name": name, "grade_id": grade_id, "score": 0, "max_score": points, "message": why}
            for name, grade_id, points in exercises]}
    else:
        report = grader.grade(submission, student="submission").to_dict()
    value = results(report)
    _write_json(root / "results" / "results.json", value)
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m puzzlekit.course.gradescope", description=run.__doc__)
    parser.add_argument("--chapter", required=True, help="the chapter's teacher notebook")
    parser.add_argument("--secret-file", help="a file holding the grading secret")
    parser.add_argument("--root", help=f"default: ${ROOT_VARIABLE}, else /autograder")
    args = parser.parse_args(argv)
    secret = Path(args.secret_file).read_text().strip() if args.secret_file else None
    # the secret's folder, source/, also holds the sdist, whose files are the real package's
    private = [Path(args.secret_file).resolve().parent] if args.secret_file else []
    value = run(args.chapter, root=args.root, secret=secret, private=private)
    print(f"graded: {value['score']} points; results in {(Path(args.root) if args.root else _root()) / 'results'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Set up and run the course with one command.

    python3 course.py lab                   # open the chapters in JupyterLab
    python3 course.py test                  # unit tests, doctests and every notebook under nbval
    python3 course.py execute               # re-run chapters and store their outputs (for authors)
    python3 course.py student [DIR]         # the chapters with their solutions cut out, in build/student/
                                            # or DIR; add --check to run each of them top to bottom
    python3 course.py tag [--points N]      # make every exercise's check an nbgrader test cell with points, in place
    python3 course.py points                # the points `tag` gives every exercise, as a table
    python3 course.py book [--student]      # the course as a website, in build/book/ (--out DIR elsewhere)
    python3 course.py colab                 # give every chapter its first cell: install puzzlekit on Colab
    python3 course.py grade CHAPTER FOLDER  # grade a class's submissions to a CSV (--jobs N, --out FILE, --regrade)
    python3 course.py gradescope [CHAPTER]  # Gradescope's autograder.zip of each chapter, in build/gradescope/

The first run makes a virtual environment in .venv and installs requirements.txt into it (`test`
adds requirements-test.txt: Playwright, nbgrader, ...; `book` and `test` add requirements-book.txt: Sphinx
and its theme); later runs reinstall only when those
files or pyproject.toml change. `--here` uses the Python that runs this script instead (a conda env,
Binder, a CI image that already has everything) as it is: it installs nothing, and says what is
missing and how to install it.
Arguments after the command go to JupyterLab or pytest, e.g. `python3 course.py test -x -k board`.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CHAPTERS = ROOT / "chapters"


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


# What each requirements file needs to be reinstalled for: its own text, and the files it installs from.
REQUIREMENTS = {
    "requirements.txt": ("requirements.txt", "pyproject.toml"),
    "requirements-test.txt": ("requirements-test.txt",),
    "requirements-book.txt": ("requirements-book.txt",),
}


def requirements_digest(python: str, names=REQUIREMENTS["requirements.txt"]) -> str:
    digest = hashlib.sha256(python.encode())
    for name in names:
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def requirement_lines(name: str) -> list[str]:
    """The requirements a requirements file lists (comments and blank lines left out)."""
    lines = []
    for line in (ROOT / name).read_text().splitlines():
        line = line.split(" #")[0].strip()
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


def missing_requirements(names) -> list[str]:
    """The lines of the requirements files `names` that this Python does not satisfy (it installs nothing)."""
    from importlib import metadata

    try:
        from packaging.requirements import Requirement
    except ImportError:  # no packaging here: only ask whether each package is installed at all
        Requirement = None
    missing = []
    for name in names:
        for line in requirement_lines(name):
            if line.startswith("-e ") or line == ".":
                project = "puzzlekit"  # this folder, installed: `pip install -e .`
                wanted = None
            elif Requirement is not None:
                wanted = Requirement(line)
                project = wanted.name
            else:
                wanted, project = None, line.split(";")[0].split("[")[0]
                for mark in "<>=!~ ":
                    project = project.split(mark)[0]
            try:
                version = metadata.version(project)
            except metadata.PackageNotFoundError:
                missing.append(f"{line} (not installed)" if project != "puzzlekit" else
                               f"{line} (puzzlekit itself is not installed)")
                continue
            if wanted is not None and wanted.specifier and not wanted.specifier.contains(version, prereleases=True):
                missing.append(f"{line} (installed: {version})")
    return missing


def prepare(here: bool, test: bool = False, book: bool = False) -> str:
    """Make sure an environment with everything in requirements.txt exists (and requirements-test.txt
    for the tests, requirements-book.txt for the website, which the browser tests build too); return its
    Python. With `here`, check this Python's environment and change nothing."""
    if sys.version_info < (3, 10):  # noqa: UP036 - course.py may be started by an older python3 than the package needs
        sys.exit(f"puzzlekit needs Python 3.10 or newer; this is {sys.version.split()[0]}")
    names = (["requirements.txt"] + (["requirements-test.txt"] if test else [])
             + (["requirements-book.txt"] if test or book else []))
    if here:
        missing = missing_requirements(names)
        if missing:
            install = " ".join(f"-r {name}" for name in names)
            sys.exit(
                f"course: --here uses {sys.executable} as it is, and it lacks:\n"
                + "".join(f"  {line}\n" for line in missing)
                + f"Install them into it yourself (from {ROOT}):\n"
                f"  {sys.executable} -m pip install {install}\n"
                "or leave out --here: course.py then makes its own environment in .venv/."
            )
        return sys.executable
    if not venv_python().exists():
        print(f"course: creating a virtual environment in {VENV.name}/ ...", flush=True)
        try:
            venv.create(VENV, with_pip=True)
        except (subprocess.CalledProcessError, OSError) as error:
            sys.exit(
                f"course: could not create {VENV} ({error}).\n"
                "On Debian or Ubuntu install the venv module first: sudo apt install python3-venv\n"
                "Or install requirements.txt yourself and run: python3 course.py --here ..."
            )
    python = str(venv_python())
    for requirements in names:
        # One stamp per file: `lab` after `test` reinstalls nothing, and neither does `test` after `lab`.
        stamp = VENV / f".puzzlekit-{Path(requirements).stem}"
        wanted = requirements_digest(python, REQUIREMENTS[requirements])
        if not stamp.exists() or stamp.read_text() != wanted:
            print(f"course: installing {requirements} into {VENV.name}/ ...", flush=True)
            if requirements == "requirements.txt":
                subprocess.run([python, "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True, cwd=ROOT)
            subprocess.run([python, "-m", "pip", "install", "--quiet", "-r", requirements], check=True, cwd=ROOT)
            stamp.write_text(wanted)
    return python


def run_notebook(notebook, folder: Path) -> None:
    """Run a notebook (an nbformat node) top to bottom in a fresh kernel started in `folder`, in place."""
    from nbclient import NotebookClient

    NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        record_timing=False,
        coalesce_streams=True,  # one print, one stored output: the same file on every run
        resources={"metadata": {"path": str(folder)}},
    ).execute()


def execute_notebooks(paths: list[str]) -> None:
    """Run each notebook top to bottom in a fresh kernel and store its outputs (runs inside the env)."""
    import nbformat

    notebooks = [Path(p).resolve() for p in paths] or sorted(CHAPTERS.glob("*.ipynb"))
    for path in notebooks:
        print(f"course: executing {os.path.relpath(path, ROOT)} ...", flush=True)
        notebook = nbformat.read(path, as_version=4)
        run_notebook(notebook, path.parent)
        temporary = path.with_suffix(".ipynb.tmp")
        nbformat.write(notebook, temporary)
        os.replace(temporary, path)  # a crash mid-write never leaves a half-written chapter


def student_edition(arguments: list[str]) -> int:
    """`student [DIR] [--check]`: write every chapter with its solutions cut out (runs inside the env)."""
    import nbformat
    from nbclient.exceptions import CellExecutionError

    from puzzlekit.course.editions import write_student_edition

    parser = argparse.ArgumentParser(prog="course.py student", description=student_edition.__doc__)
    parser.add_argument("folder", nargs="?", default=str(ROOT / "build" / "student"), help="default: build/student")
    parser.add_argument("--check", action="store_true", help="then run each student notebook top to bottom")
    args = parser.parse_args(arguments)
    try:
        written = write_student_edition(sorted(CHAPTERS.glob("*.ipynb")), args.folder)
    except ValueError as error:
        sys.exit(f"course: {error}")
    print(f"course: wrote the student edition of {len(written)} chapters to {args.folder}")
    for path in written if args.check else []:
        print(f"course: running {path.name} ...", flush=True)
        try:
            run_notebook(nbformat.read(path, as_version=4), path.parent)
        except CellExecutionError as error:
            print(f"course: {path.name} stops with an error:\n{error}", file=sys.stderr)
            return 1
    return 0


def tag_chapters(arguments: list[str]) -> int:
    """`tag [NOTEBOOK ...] [--points N]`: make each exercise's check cell a graded, locked nbgrader test cell
    with points, in place (runs inside the env)."""
    import nbformat

    from puzzlekit.course.grading import nbgrader_problems, tag_files

    parser = argparse.ArgumentParser(prog="course.py tag", description=tag_chapters.__doc__)
    parser.add_argument("notebooks", nargs="*", help="default: every chapter")
    parser.add_argument("--points", type=int,
                        help="every check worth this many points (default: puzzlekit.course.grading.POINTS, else 1, "
                             "or a `# points: N` line in the check cell)")
    args = parser.parse_args(arguments)
    notebooks = [Path(p) for p in args.notebooks] or sorted(CHAPTERS.glob("*.ipynb"))
    try:
        changed = tag_files(notebooks, points=args.points)
    except ValueError as error:
        sys.exit(f"course: {error}")
    unreadable = 0
    for path, count in changed.items():
        print(f"course: {path}: {count} cells tagged")
        for problem in nbgrader_problems(nbformat.read(path, as_version=4)):
            print(f"course: nbgrader cannot read {path.name} yet: {problem}", file=sys.stderr)
            unreadable += 1
    print("course: for nbgrader's release to be the student edition (scaffolds and pictures kept), add to your "
          "nbgrader_config.py:\n    from puzzlekit.course.grading import configure_nbgrader\n    configure_nbgrader(c)")
    return 1 if unreadable else 0


def points(arguments: list[str]) -> int:
    """`points [NOTEBOOK ...]`: the points of each exercise, as `tag` gives them, as a Markdown table."""
    from puzzlekit.course.grading import points_table

    parser = argparse.ArgumentParser(prog="course.py points", description=points.__doc__)
    parser.add_argument("notebooks", nargs="*", help="default: every chapter")
    args = parser.parse_args(arguments)
    notebooks = [Path(p) for p in args.notebooks] or sorted(CHAPTERS.glob("*.ipynb"))
    table = points_table(notebooks)
    if not table:
        sys.exit("course: these notebooks have no exercise with a check")
    print("| chapter | exercise | points |\n|---|---|---|")
    for chapter, exercise, worth in table:
        print(f"| {chapter} | `{exercise}` | {worth} |")
    print(f"| all | {len(table)} exercises | {sum(worth for _, _, worth in table)} |")
    return 0


def book(arguments: list[str]) -> int:
    """`book [--out DIR] [--student]`: the course as a static website, built offline from the executed chapters
    (nothing is run again); its Binder and Colab links open the repository pyproject.toml names (runs inside the
    env)."""
    from puzzlekit.course.book import build_book
    from puzzlekit.course.launch import repository_setting

    parser = argparse.ArgumentParser(prog="course.py book", description=book.__doc__)
    parser.add_argument("--out", default=str(ROOT / "build" / "book"), help="default: build/book")
    parser.add_argument("--student", action="store_true", help="the student edition: no reference solution")
    args = parser.parse_args(arguments)
    try:
        repository = repository_setting(ROOT / "pyproject.toml")
        built = build_book(sorted(CHAPTERS.glob("*.ipynb")), args.out, repository=repository, student=args.student)
    except ValueError as error:
        sys.exit(f"course: {error}")
    edition = "the student edition" if args.student else "the course"
    print(f"course: built {edition} as a website of {built['pages']} pages in {built['seconds']:.0f} s: "
          f"{built['bytes'] / 1e6:.1f} MB in {built['files']} files, in {args.out}\n"
          f"course: to read it, serve it (search needs http): python3 -m http.server -d {args.out} 8000, "
          "then open http://127.0.0.1:8000")
    if built["warnings"]:
        print(f"course: Sphinx warned:\n{built['warnings']}", file=sys.stderr)
    return 0


def colab(arguments: list[str]) -> int:
    """`colab [NOTEBOOK ...]`: make each chapter's first code cell the one that installs puzzlekit on Colab (from the
    repository pyproject.toml names) and does nothing elsewhere; in place, again only where the cell changed."""
    from puzzlekit.course.launch import add_colab_cell_to_files, repository_setting

    parser = argparse.ArgumentParser(prog="course.py colab", description=colab.__doc__)
    parser.add_argument("notebooks", nargs="*", help="default: every chapter")
    args = parser.parse_args(arguments)
    notebooks = [Path(p) for p in args.notebooks] or sorted(CHAPTERS.glob("*.ipynb"))
    try:
        changed = add_colab_cell_to_files(notebooks, repository_setting(ROOT / "pyproject.toml"))
    except ValueError as error:
        sys.exit(f"course: {error}")
    print(f"course: the Colab cell is in all {len(notebooks)} notebooks; {len(changed)} changed"
          + "".join(f"\n  {path}" for path in changed))
    return 0


def find_chapter(name: str) -> Path:
    """A chapter given as a notebook path, or as the start of its name in chapters/ (`03`, `03_uninformed_search`)."""
    path = Path(name)
    if path.suffix == ".ipynb":
        if not path.is_file():
            sys.exit(f"course: no notebook {name}")
        return path
    found = sorted(CHAPTERS.glob(f"{name}*.ipynb"))
    if len(found) != 1:
        sys.exit(f"course: {name!r} names {len(found)} chapters in chapters/"
                 + (f" ({', '.join(p.name for p in found)})" if found else "") + "; give one notebook")
    return found[0]


def grade_submissions(arguments: list[str]) -> int:
    """`grade CHAPTER SUBMISSIONS [--jobs N] [--out FILE] [--regrade] [--isolation KIND]`: grade a class's notebooks
    with the grading engine, to one CSV (a column per exercise, total, max, note) and a JSON report per student
    beside it. The class's folder and the CSV's are the grader's: no worker reads them."""
    from tqdm import tqdm

    from puzzlekit.course.classroom import find_submissions, grade_class
    from puzzlekit.course.grader import ChapterGrader

    parser = argparse.ArgumentParser(prog="course.py grade", description=grade_submissions.__doc__)
    parser.add_argument("chapter", help="the teacher notebook, or the start of its name in chapters/ (e.g. 03)")
    parser.add_argument("submissions",
                        help="a folder of <student>.ipynb, or of nbgrader's submitted/<student>/<assignment>/")
    parser.add_argument("--jobs", type=int, default=1, help="submissions graded at once (default 1)")
    parser.add_argument("--out",
                        help="the CSV (default: build/grades/<chapter>.csv); reports go to <out without .csv>/")
    parser.add_argument("--regrade", action="store_true", help="grade again the students already in the CSV")
    parser.add_argument("--cell-time-limit", type=float, default=300,
                        help="seconds one cell of a submission may take before it is skipped (default 300)")
    parser.add_argument("--isolation", choices=["auto", "bubblewrap", "user", "none"], default="auto",
                        help="how the students' code is kept from your files (default auto: bubblewrap if it "
                             "runs here, else another user if you are root, else none)")
    args = parser.parse_args(arguments)
    chapter = find_chapter(args.chapter)
    out = Path(args.out) if args.out else ROOT / "build" / "grades" / f"{chapter.stem}.csv"
    try:
        submissions = find_submissions(args.submissions, chapter.name)
        grader = ChapterGrader(chapter, cell_time_limit=args.cell_time_limit, private=[args.submissions, out.parent],
                               isolation=None if args.isolation == "auto" else args.isolation)
        print(f"course: {len(submissions)} submissions of {chapter.name}, {len(grader.exercises)} exercises, "
              f"{args.jobs} at a time", flush=True)
        rows = grade_class(grader, submissions, out, jobs=args.jobs, regrade=args.regrade,
                           progress=lambda done, total: tqdm(done, total=total, unit="submission"))
    except ValueError as error:
        sys.exit(f"course: {error}")
    noted = sum(1 for row in rows if row["note"])
    print(f"course: {len(rows)} students in {out} ({noted} with a note); reports in {out.with_suffix('')}/")
    return 0


def gradescope(arguments: list[str]) -> int:
    """`gradescope [CHAPTER ...] [--out DIR]`: write Gradescope's autograder.zip of each chapter with exercises,
    in build/gradescope/<chapter>/ (it holds the solutions and the grading secret: for Gradescope only)."""
    import tempfile

    from puzzlekit.course.gradescope import build_autograder, source_distribution
    from puzzlekit.course.grading import points_table

    parser = argparse.ArgumentParser(prog="course.py gradescope", description=gradescope.__doc__)
    parser.add_argument("chapters", nargs="*", help="default: every chapter with exercises")
    parser.add_argument("--out", default=str(ROOT / "build" / "gradescope"), help="default: build/gradescope")
    args = parser.parse_args(arguments)
    chapters = [find_chapter(name) for name in args.chapters] or [
        path for path in sorted(CHAPTERS.glob("*.ipynb")) if points_table([path])]
    with tempfile.TemporaryDirectory() as scratch:
        try:
            sdist = source_distribution(Path(scratch))
            for chapter in chapters:
                written = build_autograder(chapter, Path(args.out) / chapter.stem, sdist=sdist)
                print(f"course: {written}")
        except (ValueError, RuntimeError) as error:
            sys.exit(f"course: {error}")
    return 0


def parallel(python: str, rest: list[str]) -> list[str]:
    """pytest's arguments that run the tests on every core (at most 4), when pytest-xdist is installed and the
    command line chose neither a number of workers nor a debugger. tests/conftest.py keeps each test file,
    notebook and the property suite whole on one worker, the slowest first."""
    workers = min(os.cpu_count() or 1, 4)
    chosen = any(argument.startswith(("-n", "--numprocesses", "--dist", "--pdb", "--trace")) or argument == "no:xdist"
                 for argument in rest)
    if workers < 2 or chosen or subprocess.call([python, "-c", "import xdist"], stderr=subprocess.DEVNULL) != 0:
        return []
    return ["-n", str(workers), "--dist", "loadscope", "--no-loadscope-reorder"]


IN_ENV_COMMANDS = {"execute": execute_notebooks, "student": student_edition, "tag": tag_chapters, "points": points,
                   "book": book, "colab": colab, "grade": grade_submissions, "gradescope": gradescope}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["lab", "test", "execute", "student", "tag", "points", "book", "colab",
                                            "grade", "gradescope", "setup"])
    parser.add_argument("--here", action="store_true", help="use this Python instead of making .venv")
    args, rest = parser.parse_known_args(argv)
    if args.command in IN_ENV_COMMANDS and os.environ.get("PUZZLEKIT_IN_ENV"):
        return IN_ENV_COMMANDS[args.command](rest) or 0
    python = prepare(args.here, test=args.command == "test", book=args.command == "book")
    env = dict(os.environ, PUZZLEKIT_IN_ENV="1")
    if args.command == "setup":
        return 0
    if args.command == "lab":
        first = sorted(CHAPTERS.glob("*.ipynb"))
        target = [str(first[0].relative_to(ROOT))] if first else []
        if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in rest:
            rest.append("--allow-root")  # containers often run as root, which JupyterLab refuses by default
        return subprocess.call([python, "-m", "jupyter", "lab", *target, *rest], cwd=ROOT, env=env)
    if args.command == "test":
        return subprocess.call([python, "-m", "pytest", *parallel(python, rest), *rest], cwd=ROOT, env=env)
    # In the caller's folder, so that paths on the command line mean what they meant there.
    return subprocess.call([python, str(Path(__file__).resolve()), args.command, *rest], cwd=os.getcwd(), env=env)


if __name__ == "__main__":
    sys.exit(main())

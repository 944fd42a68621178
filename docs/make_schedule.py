"""Write docs/schedule.md: a 12-week course from the chapters, with each exercise's points as `course.py tag` gives them.

    .venv/bin/python docs/make_schedule.py           # rewrite docs/schedule.md
    .venv/bin/python docs/make_schedule.py --check   # exit 1 if docs/schedule.md is not what this script writes

The weeks are chosen here; the points are read from the chapters (puzzlekit.grading.points_table), never typed,
and tests/test_schedule.py fails when the file falls behind the chapters.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlekit.grading import points_table  # noqa: E402

# (week, chapters whose exercises are due at the end of it, what the week is about)
WEEKS = [
    (1, ["00_start_here", "01_board_representation"], "the puzzle, boards as tuples, moves by hand"),
    (2, ["02_solvability"], "inversions and parity: which boards can be solved"),
    (3, [], "chapter 03, sections 1-7: the boards as a graph, breadth-first, depth-first, iterative deepening"),
    (4, ["03_uninformed_search"], "chapter 03, sections 8-12: the sweep from the goal, uniform-cost, bidirectional"),
    (5, [], "chapter 04, sections 1-6: the heuristics, checked admissible and consistent on every board"),
    (6, ["04_informed_search"], "chapter 04, sections 7-11: A*, greedy, weighted A*, IDA*, the effective branching factor"),
    (7, ["05a_q_learning_by_hand"], "the 2x2 puzzle as an MDP: returns, Bellman's equation, Q-learning, value iteration"),
    (8, ["05b_q_learning_at_scale"], "the 8-puzzle in numpy: value iteration over 181,440 boards, exploration"),
    (9, ["06_sun_and_moon"], "a puzzle of tokens, its rewards examined"),
    (10, ["07_learned_heuristics"], "a Q-table as A*'s heuristic"),
    (11, ["08_fifteen_puzzle"], "the 15-puzzle: pattern databases, a fast IDA*, Korf's 100 instances"),
    (12, ["09_sokobond"], "Sokobond: a new Problem, every search unchanged"),
]

HEADER = """\
# A 12-week schedule

<!-- Written by docs/make_schedule.py from the chapters: edit the weeks there, then run it. -->

One chapter a week, with the two long search chapters over two weeks each; the exercises of a week's
chapters are due at its end. The points are those `python3 course.py tag` gives each exercise's check
(`puzzlekit.grading.POINTS`: 3 for a search or learning loop written from scratch, 2 for bidirectional
search, 1 for the others; a `# points: N` line in a check cell changes one), so that autograding with
nbgrader gives exactly these.

- **10 weeks**: give chapters 03 and 04 one week each (weeks 3-4 and 5-6 become one week each).
- **14 weeks**: add a project in weeks 13-14, e.g. another puzzle written as a `Problem` and solved by the
  course's searches, as chapter 09 does for Sokobond.
"""


def render() -> str:
    chapters = sorted((ROOT / "chapters").glob("*.ipynb"))
    table = points_table(chapters)
    by_chapter: dict[str, list[tuple[str, int]]] = {}
    for chapter, exercise, points in table:
        by_chapter.setdefault(chapter.removesuffix(".ipynb"), []).append((exercise, points))
    scheduled = [name for _, names, _ in WEEKS for name in names]
    weeks = WEEKS + [("-", [path.stem], "not in a week yet: add it to WEEKS in docs/make_schedule.py")
                     for path in chapters if path.stem not in scheduled]
    lines = [HEADER, "| week | chapters due | about | exercises (points) | points |", "|---|---|---|---|---|"]
    for week, names, about in weeks:
        exercises = [(exercise, points) for name in names for exercise, points in by_chapter.get(name, [])]
        listed = ", ".join(f"`{exercise}` ({points})" for exercise, points in exercises) or "-"
        due = ", ".join(names) or "-"
        lines.append(f"| {week} | {due} | {about} | {listed} | {sum(p for _, p in exercises)} |")
    lines.append(f"| all | {len(chapters)} chapters | | {len(table)} exercises | {sum(p for _, _, p in table)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    target = ROOT / "docs" / "schedule.md"
    text = render()
    if "--check" in argv:
        if not target.exists() or target.read_text() != text:
            print("docs/schedule.md is out of date: run .venv/bin/python docs/make_schedule.py", file=sys.stderr)
            return 1
        return 0
    temporary = target.with_suffix(".md.tmp")
    temporary.write_text(text)
    temporary.replace(target)
    print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

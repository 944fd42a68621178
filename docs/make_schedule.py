"""Write docs/schedule.md: a 12-week course from the chapters, each exercise's points as `course.py tag` gives them.

    .venv/bin/python docs/make_schedule.py           # rewrite docs/schedule.md
    .venv/bin/python docs/make_schedule.py --check   # exit 1 if docs/schedule.md is not what this script writes

The weeks are chosen here; the points are read from the chapters (puzzlekit.course.grading.points_table), never typed,
and tests/test_schedule.py fails when the file falls behind the chapters.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlekit.course.grading import points_table  # noqa: E402

# (week, chapters whose exercises are due at the end of it, what the week is about)
WEEKS = [
    (1, ["00_start_here", "01_board_representation"], "the puzzle, boards as tuples, moves by hand"),
    (2, ["02_solvability"], "inversions and parity: which boards can be solved"),
    (3, ["03_uninformed_search"], "the boards as a graph: breadth-first, depth-first, iterative deepening, "
                                  "uniform-cost, bidirectional"),
    (4, ["04_informed_search"], "heuristics checked on every board; A*, greedy, weighted A*, IDA*"),
    (5, ["05a_q_learning_by_hand"], "the 2x2 puzzle as an MDP: returns, Bellman's equation, Q-learning, "
                                    "value iteration"),
    (6, ["05b_q_learning_at_scale"], "the 8-puzzle in numpy: value iteration over 181,440 boards, exploration"),
    (7, ["05c_when_moves_slip"], "moves that slip: the Bellman expectation, policy iteration, SARSA, Monte Carlo"),
    (8, ["06_sun_and_moon"], "a puzzle of tokens, its rewards examined; SARSA beside Q-learning"),
    (9, ["07_learned_heuristics"], "a Q-table as A*'s heuristic"),
    (10, ["08_fifteen_puzzle"], "the 15-puzzle: pattern databases, a fast IDA*, Korf's 100 instances"),
    (11, ["09_sokobond"], "Sokobond: a new Problem, every search unchanged"),
    (12, ["10_neural_heuristics"], "a neural network learns the distances a table cannot hold"),
]

HEADER = """\
# A 12-week schedule

<!-- Written by docs/make_schedule.py from the chapters: edit the weeks there, then run it. -->

One chapter a week; the exercises of a week's chapter are due at its end. The points are those
`python3 course.py tag` gives each exercise's check
(`puzzlekit.course.grading.POINTS`: 3 for a search or learning loop written from scratch, 2 for bidirectional
search, 1 for the others; a `# points: N` line in a check cell changes one), so that autograding with
nbgrader gives exactly these.

- **10 weeks**: leave out chapters 05c and 10 (weeks 7 and 12), or give them as reading without exercises.
- **14 weeks**: give the two long search chapters, 03 and 04 (about 2½ hours each with their exercises), two
  weeks each, or add a project in weeks 13-14, e.g. another puzzle written as a `Problem` and solved by the
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

"""Grades computed where the student's code cannot reach: one submitted notebook of one chapter, graded outside
the student's process.

`ChapterGrader(chapter).grade(notebook)` runs the submission's cells in a fresh worker process (resource limits, a
wall-clock limit), which imports a student build of puzzlekit (what an exercise forbids has no body there) and runs
in bubblewrap or as a user of its own (`isolation`: the operating system, not Python, keeps the grader's files and
the other workers out of its reach); it calls the student's functions on the cases recorded from the instructor's
chapter (hidden cases included), and scores the answers in the grading process.
"""

from .chapter import ChapterGrader, grading_secret
from .report import ExerciseResult, Flag, SubmissionReport

__all__ = ["ChapterGrader", "SubmissionReport", "grading_secret"]

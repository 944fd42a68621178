"""Grades computed where the student's code cannot reach: one submitted notebook of one chapter, graded outside
the student's process.

`ChapterGrader(chapter).grade(notebook)` runs the submission's cells in a fresh worker process (resource limits, a
wall-clock limit, the library an exercise forbids out of reach), calls the student's functions on the cases
recorded from the instructor's chapter (hidden cases included), and scores the answers in the grading process.
"""

from .chapter import SECRET_FILE, SECRET_VARIABLE, ChapterGrader, grading_secret
from .report import ExerciseResult, Flag, SubmissionReport

__all__ = ["ChapterGrader", "SubmissionReport", "grading_secret"]

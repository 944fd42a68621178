"""Grades computed where the student's code cannot reach: one submitted notebook of one chapter, graded outside it.

`ChapterGrader(chapter).grade(notebook)` runs the submission's cells in a limited worker process that imports a student
build of puzzlekit (what an exercise forbids has no body there) and runs in bubblewrap or as a user of its own (the
operating system keeps the grader's files and the other workers out of its reach: `isolation`); it calls the student's
functions on the cases recorded from the instructor's chapter (hidden ones included) and scores the answers here."""

from .chapter import ChapterGrader, grading_secret
from .report import ExerciseResult, Flag, SubmissionReport

__all__ = ["ChapterGrader", "SubmissionReport", "grading_secret"]

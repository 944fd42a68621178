"""Grades computed where the student's code cannot reach: `ChapterGrader(chapter).grade(notebook)` runs a submission in
a worker over a student build of puzzlekit (`build`), kept apart by the operating system (`isolation`), and scores its
answers in the grading process."""

from .chapter import ChapterGrader, grading_secret
from .report import ExerciseResult, Flag, SubmissionReport

__all__ = ["ChapterGrader", "SubmissionReport", "grading_secret"]

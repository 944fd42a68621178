"""What grading one submission gives: a score and a message per exercise, the instructor's flags, a note."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

__all__ = ["SubmissionReport"]


@dataclass(frozen=True)
class ExerciseResult:
    """One exercise of a submission: `score` of `max_score` points (all or nothing) and why, in one message."""

    name: str
    grade_id: str
    score: float
    max_score: float
    message: str


@dataclass(frozen=True)
class Flag:
    """Something in a submitted code cell that has no place in an answer, for the instructor to look at."""

    cell: int  # the cell's index in the submission
    grade_id: str  # the cell's nbgrader grade_id ("" if none)
    line: int  # the line in the cell, from 1
    construct: str  # what was found, e.g. "os.environ write"
    text: str  # that line


@dataclass
class SubmissionReport:
    """The grade of one submission: per exercise, flags, a note on what could not be graded as usual.

    Examples
    --------
    >>> report = SubmissionReport("alice", "03_uninformed_search",
    ...                           [ExerciseResult("double", "check-double", 1, 1, "✓ double passes all 2 cases")])
    >>> report.total, report.max_score, report.to_dict()["exercises"][0]["score"]
    (1, 1, 1)
    """

    student: str | None
    chapter: str
    exercises: list[ExerciseResult] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    note: str = ""
    cells: list[dict] = field(default_factory=list)  # per cell run in the worker: index, kind, status, error
    seconds: float = 0.0

    @property
    def total(self) -> float:
        """The points scored."""
        return sum(result.score for result in self.exercises)

    @property
    def max_score(self) -> float:
        """The points there are."""
        return sum(result.max_score for result in self.exercises)

    def to_dict(self) -> dict:
        """The report as JSON-able data, with its total and its maximum."""
        return asdict(self) | {"total": self.total, "max_score": self.max_score}

"""Course tooling: exercises and their checks, exercise cases, the student edition, nbgrader grading.

The names a learner types are re-exported by `puzzlekit` itself; import a module of this package
by its full name (`puzzlekit.course.<module>`). See the module table in README.md.
"""

__all__: list[str] = []

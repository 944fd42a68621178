"""Learning on the sliding puzzles: Q-learning, value and policy iteration, MDPs, Q-tables, learned heuristics,
environment wrappers.

The names a learner types are re-exported by `puzzlekit` itself; import a module of this package
by its full name (`puzzlekit.learning.<module>`). See the module table in README.md.
"""

__all__: list[str] = []

"""Learning on the sliding puzzles: Q-learning, value and policy iteration, MDPs, Q-tables, learned heuristics,
environment wrappers.

The names a learner types are re-exported by `puzzlekit` itself; import a module of this package
by its full name (`puzzlekit.learning.<module>`). See the module table in README.md.
"""

__all__ = ["DISCOUNT"]

# The original game's discount: a reward one move later is worth 0.92 of itself now. Every learner's default.
DISCOUNT = 0.92

"""Learning on the sliding puzzles, by family: `tabular` (Q-learning, SARSA, expected SARSA, Monte Carlo control),
`dynamic_programming` (value and policy iteration on arrays) beside `textbook` (the same on a dict of boards, as a
chapter prints it), `qtable` (Q-tables and their file), `learned` (a table as a heuristic), `wrappers`, `neural`.

The names a learner types are re-exported by `puzzlekit` itself; the engines keep their plain names here
(`puzzlekit.learning.value_iteration` is `dynamic_programming.value_iteration`, loaded on first use); import any
other module of this package by its full name. See the module table in README.md.
"""

import importlib

__all__ = ["DISCOUNT", "value_iteration", "policy_iteration"]

# The original game's discount: a reward one move later is worth 0.92 of itself now. Every learner's default.
DISCOUNT = 0.92

_ENGINES = {"value_iteration": ".dynamic_programming", "policy_iteration": ".dynamic_programming"}


def __getattr__(name: str):
    """The engines at the package's face, imported on first use (PEP 562), so that the package stays light."""
    if name in _ENGINES:
        return getattr(importlib.import_module(_ENGINES[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

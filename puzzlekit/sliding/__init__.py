"""The sliding puzzles (8-puzzle, 15-puzzle, sun and moon): boards, geometry, heuristics, exact distances, the
state space, the environment, the game, pictures, start boards, `SlidingPuzzle`, and `fifteen`.

The names a learner types are re-exported by `puzzlekit` itself; import a module of this package
by its full name (`puzzlekit.sliding.<module>`). See the module table in README.md.
"""

__all__: list[str] = []

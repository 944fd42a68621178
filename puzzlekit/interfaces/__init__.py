"""What a learner plays with: hints, recorded searches and search-tree pictures, policy pictures, the terminal
game, the command line, and the widgets.

The names a learner types are re-exported by `puzzlekit` itself; import a module of this package
by its full name (`puzzlekit.interfaces.<module>`). See the module table in README.md.
"""

__all__: list[str] = []

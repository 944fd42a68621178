"""`python -m puzzlekit solve "8 6 7 / 2 5 4 / 3 _ 1"` or `python -m puzzlekit train`: see puzzlekit.interfaces.cli."""

from .interfaces.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())

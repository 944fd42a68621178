"""Interactive boards for JupyterLab, in ipywidgets 8 alone: play a puzzle, step through a search, watch Q-learning.

The widgets hold no puzzle logic: moves and shuffles come from `puzzlekit.sliding.game`, hints and
solutions from `puzzlekit.interfaces.hints`, recorded searches from `puzzlekit.interfaces.trace`, tables from
`puzzlekit.learning.qtable`. The modules:

- `base`: `GridPuzzleWidget`, what every playable puzzle shares: a move counter, a message line,
  buttons (`add_button`), Stop, a speed slider and a solution played move by move on the ticks of
  a hidden `ipywidgets.Play` (`play_moves`, `step`, `stop`).
- `puzzle_board`: `PuzzleBoard` (and `play`), the sliding puzzle; `tile_grid`: its cells as buttons.
- `pictures`: picture mode's images; the course's landscape is `landscape.svg`, shipped beside it.
- `explorer`: `SearchExplorer`; `qlearning_view`: `QLearningView`.
- `sokobond_board`: `SokobondBoard`, Sokobond played with arrow buttons or typed keys (built by the steps below).

A new puzzle family (Sokobond, say) plugs in as a subclass of `GridPuzzleWidget`:

1. Keep the rules outside the widget, in a module of its own that runs without ipywidgets (a state,
   its legal actions, the result of an action, the goal test: the `puzzlekit.problem.Problem`
   protocol), and a planner that returns the actions of a solution.
2. Subclass `GridPuzzleWidget`, keep the puzzle's game as `self.game` (it counts `move_count` and
   answers `is_solved()`), and fill in the hooks: `state` (the state on show), `apply_action(action)`
   (one move of a solution) and `refresh(highlight=None)` (draw, then `super().refresh()` for the
   counter).
3. Build the controls with `add_button(name, label, tooltip, action)` (arrow buttons, Undo, Reset,
   Hint, Solve; each gets the CSS class `puzzlekit-<name>` the browser tests find it by), put a menu
   of levels beside them, and lay out `children` with `self.counter`, `self.stop_button`,
   `self.speed`, `self.play` and `self.message`.
4. Solve: ask the planner, then `self.play_moves(actions, who, text)`; the base class plays them,
   stops on Stop or on a state changed under it, and says how the game ended. Hint: `self.say(...)`.
"""

from . import base, explorer, pictures, puzzle_board, qlearning_view, sokobond_board
from .base import NO_TEXT, GridPuzzleWidget
from .explorer import SearchExplorer
from .pictures import picture
from .puzzle_board import PuzzleBoard, play
from .qlearning_view import QLearningView
from .sokobond_board import SokobondBoard

# Each module lists its public names once, in its own `__all__`; the package re-exports them.
__all__ = [*puzzle_board.__all__, *explorer.__all__, *qlearning_view.__all__, *sokobond_board.__all__, *base.__all__,
           *pictures.__all__]

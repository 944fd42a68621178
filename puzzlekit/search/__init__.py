"""Uninformed and informed search on any `Problem`, each returning a `SearchResult` with its statistics.

Every search stops cleanly at `max_expanded` nodes or `max_seconds` seconds, and can report each
step to an `on_event(kind, state, info)` callback so that a widget can animate it. The modules:
`result` (what a search returns), `limits` (work, time, events), `inputs` (the problem and heuristic a search
is given, checked at its door), `uninformed`, `uniform_cost` (step costs), `bidirectional`, `informed`,
`methods` (by name), `textbook` (the same algorithms in a few lines each, to read), and the private
`_engines` that the searches share.
"""

from . import bidirectional, informed, limits, methods, result, textbook, uniform_cost, uninformed
from .bidirectional import bidirectional_breadth_first_search
from .informed import (
    astar_search,
    best_first_search,
    greedy_best_first_search,
    ida_star_search,
    lambda_astar_search,
    weighted_astar_search,
)
from .limits import DEFAULT_MAX_EXPANDED, DEFAULT_MAX_EXPANDED_ONE_PATH
from .methods import INFORMED_METHODS, METHODS, run_search
from .result import SearchResult, not_found_message
from .uniform_cost import uniform_cost_search
from .uninformed import (
    breadth_first_search,
    depth_first_search,
    depth_limited_search,
    iterative_deepening_search,
)

# Each module lists its public names once, in its own `__all__`; the package re-exports them.
__all__ = [
    *result.__all__, *uninformed.__all__, *uniform_cost.__all__, *bidirectional.__all__, *informed.__all__,
    *methods.__all__, *limits.__all__, "textbook"
]

"""The 15-puzzle solved optimally: additive pattern databases, an IDA* that reads them incrementally, and Korf's
100 instances.

Its modules import numpy at their top: `import puzzlekit` stays light because the package loads them on first use.
"""

from . import building, cache, databases, ida_star, korf, placements
from .building import build_pattern_database
from .cache import cache_directory, cached_pattern_database
from .databases import PARTITIONS, PatternDatabases, mirror_cell, pattern_databases, reflect_board
from .ida_star import sliding_ida_star_search
from .korf import KORF100_RESULTS, korf100
from .placements import count_placements, rank_placements, unrank_placements

# Each module lists its public names once, in its own `__all__`; the package re-exports them.
__all__ = [
    *building.__all__, *cache.__all__, *databases.__all__, *ida_star.__all__, *korf.__all__, *placements.__all__
]

"""The 15-puzzle solved optimally: additive pattern databases, an IDA* that reads them incrementally, and Korf's
100 instances.

Its modules import numpy at their top: `import puzzlekit` stays light because the package loads them on first use.
"""

from .building import build_pattern_database
from .cache import cache_directory, cached_pattern_database
from .databases import PARTITIONS, PatternDatabases, pattern_databases, reflect_board
from .ida_star import sliding_ida_star_search
from .korf import korf100
from .placements import count_placements, rank_placements, unrank_placements

__all__ = [
    "sliding_ida_star_search", "korf100", "PatternDatabases", "pattern_databases", "reflect_board",
    "build_pattern_database", "count_placements", "rank_placements", "unrank_placements"
]

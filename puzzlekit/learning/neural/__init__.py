"""A neural network that learns to estimate distances to the goal, in numpy: chapter 10.

Modules by topic: `network` (the multilayer perceptron, its forward pass, loss, backpropagation and Adam),
`batches` (boards as numpy rows: children, scrambles), `encoding` (what the network sees of a board),
`training` (supervised, and approximate value iteration), `evaluation` and `eight` (measured against every exact
distance of the 8-puzzle; the shipped trainings), `fifteen` (4x4 boards, Korf's 100), `search` (batched weighted
A* for a learned heuristic) and `files` (the network file, no pickle).
Importing `puzzlekit` does not import this package; importing it imports numpy. `network.Adam` and
`network.train_step` are what the trainers run, behind their checks.
"""

from . import batches, encoding, network, training
from .batches import children, goal_batch, reflect, scramble
from .encoding import (
                       ENCODINGS,
                       PatternDatabaseInputs,
                       check_encoding,
                       encode,
                       encoding_name,
                       input_width,
                       one_hot,
                       one_hot_and_distances,
                       tile_distances,
)
from .network import Network, backward, forward, loss, new_network, predict
from .training import DaviSettings, bootstrap_targets, train_davi, train_supervised

# Each module lists its public names once, in its own `__all__`; the package re-exports them.
__all__ = [*network.__all__, *batches.__all__, *encoding.__all__, *training.__all__]

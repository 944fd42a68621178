"""Training a network to estimate distances: supervised from exact distances, or by approximate value iteration.

Approximate value iteration (DAVI, from DeepCubeA: Agostinelli et al., 2019) never sees a true distance. The target
of a board is 1 + the least estimate of its children, 0 at the goal, read from a frozen copy of the network (the
target network), refreshed when the loss settles. Boards are drawn by scrambling the goal, a few moves at first,
more as the network learns; their targets are computed once per refresh, for a pool of boards the training then
draws its minibatches from.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

import numpy as np

from ...checks import check_bool, check_collection, check_int, check_real
from ...sliding.grid import MAX_SIZE
from .batches import children, scramble
from .encoding import check_encoding, encode, encoding_name
from .network import Adam, Network, _numbers, check_inputs, predict, train_step

__all__ = ["bootstrap_targets", "DaviSettings", "train_davi"]


def _bar(total: int, description: str, progress: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, disable=not progress, leave=False, mininterval=0.5)


def cosine_rate(start: float, end: float, done: float) -> float:
    """The learning rate after a share `done` (0 to 1) of the training: from `start` down to `end` along a half cosine.

    Large steps first, to get near quickly, then ever smaller ones, to settle (Loshchilov and Hutter, 2017).

    Examples
    --------
    >>> cosine_rate(1e-3, 0.0, 0.0), cosine_rate(1e-3, 0.0, 0.5), cosine_rate(1e-3, 0.0, 1.0)
    (0.001, 0.0005, 0.0)
    """
    return end + (start - end) * 0.5 * (1 + math.cos(math.pi * done))


def train_supervised(network: Network, inputs, targets, *, epochs: int = 10, batch_size: int = 256,
                     learning_rate: float = 1e-3, final_learning_rate: float | None = None, seed: int = 0,
                     progress: bool = True) -> list[float]:
    """Fit `network` (in place) to `targets` by minibatch Adam; return the mean loss of each epoch.

    Each epoch visits every row once, in an order shuffled from `seed`. With `final_learning_rate`, the rate falls
    from `learning_rate` to it along `cosine_rate`, epoch by epoch.

    Examples
    --------
    >>> import numpy as np
    >>> from puzzlekit.learning.neural.network import new_network
    >>> x = np.random.default_rng(0).random((200, 3), dtype=np.float32)
    >>> y = x @ np.array([1.0, 2.0, 3.0], np.float32)
    >>> curve = train_supervised(new_network([3, 16, 1]), x, y, epochs=30, batch_size=20, learning_rate=0.01,
    ...                          progress=False)
    >>> len(curve), curve[-1] < curve[0] / 100
    (30, True)
    """
    inputs = check_inputs(network, inputs)
    targets = _numbers(targets, "targets").astype(np.float32)
    if targets.shape != (len(inputs),):
        raise ValueError(f"targets must have one number per row of inputs ({len(inputs)}), got shape {targets.shape}")
    epochs = check_int(epochs, "epochs", minimum=1)
    batch_size = check_int(batch_size, "batch_size", minimum=1)
    rng = np.random.default_rng(check_int(seed, "seed", minimum=0))
    if final_learning_rate is not None:
        check_real(final_learning_rate, "final_learning_rate", minimum=0)
    check_bool(progress, "progress")
    optimizer = Adam(network, check_real(learning_rate, "learning_rate", minimum=0))
    curve = []
    with _bar(epochs, "supervised", progress) as bar:
        for epoch in range(epochs):
            if final_learning_rate is not None:
                optimizer.learning_rate = cosine_rate(learning_rate, final_learning_rate, epoch / epochs)
            order = rng.permutation(len(inputs))
            losses = [train_step(network, optimizer, inputs[rows], targets[rows])
                      for rows in np.array_split(order, max(1, len(order) // batch_size))]
            curve.append(float(np.mean(losses)))
            bar.update()
            bar.set_postfix(loss=f"{curve[-1]:.3f}")
    return curve


def bootstrap_targets(child_estimates, legal, child_is_goal, is_goal):
    """DAVI's targets: 1 + the least estimate over each board's legal children (a child at the goal counts 0),
    0 at the goal.

    `child_estimates`, `legal` and `child_is_goal` are (boards, 4) arrays; `is_goal` is (boards,).
    Estimates below 0 count as 0: no board is fewer than 0 moves away.

    Examples
    --------
    >>> import numpy as np
    >>> bootstrap_targets(np.array([[2.5, 0.7, 9.0, 4.0], [3.0, 3.0, 3.0, 3.0]]),
    ...                   np.array([[True, True, False, True], [True, True, True, True]]),
    ...                   np.array([[False, False, False, False], [False, False, False, True]]),
    ...                   np.array([False, False])).tolist()
    [1.7000000476837158, 1.0]
    """
    child_estimates, legal, child_is_goal, is_goal = _check_children(child_estimates, legal, child_is_goal, is_goal)
    values = np.maximum(np.asarray(child_estimates, np.float32), 0)
    values = np.where(child_is_goal, 0, values)
    values = np.where(legal, values, np.inf)
    return np.where(is_goal, 0, 1 + values.min(axis=1)).astype(np.float32)


@dataclass(frozen=True)
class DaviSettings:
    """The settings of `train_davi`, in one place (each has a default that works for the 8-puzzle).

    `encoding` is a name in `ENCODINGS` or a `PatternDatabaseInputs` (which holds its tables).
    """

    size: int = 3
    encoding: object = "one_hot"  # a name in ENCODINGS, or a PatternDatabaseInputs
    steps: int = 6_000  # minibatches of training
    batch_size: int = 1_000
    pool: int = 100_000  # boards drawn, and their targets computed, at each refresh of the target network
    overestimate_weight: float = 1.0  # how much more an estimate above its target counts in the loss (`loss`)
    learning_rate: float = 1e-3
    final_learning_rate: float | None = None  # if set, the rate falls to it along `cosine_rate`
    first_depth: int = 2  # the deepest scramble at the start
    depth_step: int = 2  # how much deeper scrambles go each time the target network is refreshed
    max_depth: int = 60  # the deepest scramble ever drawn
    check_every: int = 100  # steps between looks at the loss
    settled_loss: float = 0.05  # refresh the target network when the mean loss since the last look is below this...
    max_wait: int = 1_000  # ... or when this many steps passed without a refresh
    seed: int = 0

    def __post_init__(self):
        check_int(self.size, "size", minimum=2, maximum=MAX_SIZE)
        check_encoding(self.encoding)
        if not isinstance(self.encoding, str) and self.encoding.size != self.size:
            raise ValueError(f"encoding's pattern databases are for {self.encoding.size}x{self.encoding.size} boards; "
                             f"size is {self.size}")
        for name in ("steps", "batch_size", "pool", "check_every", "max_wait"):
            check_int(getattr(self, name), name, minimum=1)
        for name in ("first_depth", "depth_step", "max_depth", "seed"):
            check_int(getattr(self, name), name, minimum=0)
        if self.max_depth < self.first_depth:
            raise ValueError(f"max_depth must be first_depth ({self.first_depth}) or more, got {self.max_depth}")
        check_real(self.learning_rate, "learning_rate", minimum=0)
        if self.final_learning_rate is not None:
            check_real(self.final_learning_rate, "final_learning_rate", minimum=0)
        check_real(self.settled_loss, "settled_loss", minimum=0)
        check_real(self.overestimate_weight, "overestimate_weight", above=0)

    def record(self) -> dict:
        """The settings as JSON for a file's metadata: the encoding by its name, not its tables.

        Examples
        --------
        >>> DaviSettings(steps=10).record()["encoding"], DaviSettings(steps=10).record()["steps"]
        ('one_hot', 10)
        """
        record = {field.name: getattr(self, field.name) for field in fields(self)}
        record["encoding"] = encoding_name(self.encoding)
        return record


def _check_children(child_estimates, legal, child_is_goal, is_goal):
    """`bootstrap_targets`' arguments as arrays: three (boards, moves) ones (numbers, then two of True/False) and
    (boards,) True/False; every board not at the goal needs a legal child."""
    arrays = []
    for name, value, kinds in (("child_estimates", child_estimates, "fiu"), ("legal", legal, "b"),
                               ("child_is_goal", child_is_goal, "b"), ("is_goal", is_goal, "b")):
        check_collection(value, name, "an array", sized=True, dicts=False)
        array = np.asarray(value)
        if array.dtype.kind not in kinds:
            what = "numbers" if kinds == "fiu" else "True/False values"
            raise TypeError(f"{name} must be an array of {what}, got type {array.dtype}")
        arrays.append(array)
    child_estimates, legal, child_is_goal, is_goal = arrays
    if child_estimates.ndim != 2 or child_estimates.shape[1] == 0 or np.isnan(child_estimates).any():
        raise ValueError(f"child_estimates must have shape (boards, moves) and no NaN, got shape "
                         f"{child_estimates.shape}")
    shape = child_estimates.shape
    if legal.shape != shape or child_is_goal.shape != shape or is_goal.shape != shape[:1]:
        raise ValueError(f"legal and child_is_goal must have the shape of child_estimates {shape}, and is_goal "
                         f"({shape[0]},), one per board; got {legal.shape}, {child_is_goal.shape} and {is_goal.shape}")
    stuck = np.flatnonzero(~legal.any(axis=1) & ~is_goal)
    if len(stuck):
        raise ValueError(f"legal must allow a move from every board not at the goal; board {stuck[0]} has none")
    return child_estimates, legal, child_is_goal, is_goal


def train_davi(network: Network, settings: DaviSettings = DaviSettings(), *, progress: bool = True) -> dict:
    """Train `network` in place by approximate value iteration (no exact distance used); return its history.

    The training goes in rounds. A round draws `pool` boards, each scrambled a random number of moves (0 to the
    current depth) from the goal, and computes their targets once, with `bootstrap_targets` from the target
    network's estimates of their children: the target network does not change within a round, so neither do the
    targets. Then it takes Adam steps on minibatches of `batch_size` boards drawn from the pool. Every
    `check_every` steps it looks at the loss: once it has settled (below `settled_loss`, or `max_wait` steps
    passed), the target network becomes a copy of the network, the scrambles go `depth_step` moves deeper, and
    the next round begins.

    Returns a dict of lists: 'loss' (the mean loss of each `check_every` steps), 'refreshes' (the step of each
    refresh of the target network) and 'depth' (the deepest scramble at each look).

    Examples
    --------
    >>> from puzzlekit.learning.neural.network import new_network
    >>> network = new_network([81, 32, 1], seed=0)
    >>> history = train_davi(network, DaviSettings(steps=200, batch_size=100, pool=1_000, check_every=50),
    ...                      progress=False)
    >>> len(history["loss"]), history["depth"][0]
    (4, 2)
    """
    if not isinstance(settings, DaviSettings):
        raise TypeError(f"settings must be a DaviSettings, got {type(settings).__name__}")
    check_bool(progress, "progress")
    size, encoding = settings.size, settings.encoding
    goal = np.append(np.arange(1, size * size), 0).astype(np.uint8)
    check_inputs(network, encode(goal[None], size, encoding))
    rng = np.random.default_rng(settings.seed)
    optimizer = Adam(network, settings.learning_rate)
    depth, step = settings.first_depth, 0
    history = {"loss": [], "refreshes": [], "depth": [], "settings": settings.record()}
    with _bar(settings.steps, "value iteration", progress) as bar:
        while step < settings.steps:
            if step > 0:  # the loss has settled: the network as it is now becomes the target network
                history["refreshes"].append(step)
                depth = min(depth + settings.depth_step, settings.max_depth)
            # A round: new boards, and their targets from the target network (fixed until the next refresh).
            boards = scramble(rng.integers(0, depth + 1, settings.pool), size, rng=rng)
            kids, legal = children(boards, size)
            estimates = predict(network, encode(kids.reshape(-1, size * size), size, encoding)).reshape(legal.shape)
            targets = bootstrap_targets(estimates, legal, (kids == goal).all(axis=2), (boards == goal).all(axis=1))
            inputs = encode(boards, size, encoding)
            since_refresh, losses = 0, []
            while step < settings.steps:
                if settings.final_learning_rate is not None:
                    optimizer.learning_rate = cosine_rate(settings.learning_rate, settings.final_learning_rate,
                                                          step / settings.steps)
                rows = rng.integers(0, settings.pool, settings.batch_size)
                losses.append(train_step(network, optimizer, inputs[rows], targets[rows],
                                         overestimate_weight=settings.overestimate_weight))
                step, since_refresh = step + 1, since_refresh + 1
                bar.update()
                if since_refresh % settings.check_every == 0:
                    mean = float(np.mean(losses))
                    history["loss"].append(mean)
                    history["depth"].append(depth)
                    losses = []
                    bar.set_postfix(loss=f"{mean:.3f}", depth=depth)
                    if mean < settings.settled_loss or since_refresh >= settings.max_wait:
                        break
    return history

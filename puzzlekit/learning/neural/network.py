"""A small multilayer perceptron in numpy, written to be read: the forward pass, the loss, backpropagation, Adam.

A network maps a batch of inputs (one row per board) to one number per row, its estimate of the moves to the goal.
Hidden layers use ReLU, the output layer is linear. Everything is float32 and seeded.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ...checks import check_collection, check_int, check_real, check_type, short_repr

# Adam and train_step are what the trainers run, behind their checks.
__all__ = ["Network", "new_network", "forward", "predict", "loss", "backward"]


class Network:
    """The layers of a multilayer perceptron: `weights[i]` of shape (inputs, outputs) and `biases[i]` of (outputs,).

    Examples
    --------
    >>> network = new_network([81, 16, 1], seed=0)
    >>> network
    Network(layers 81-16-1, 1,329 parameters)
    >>> network.weights[0].shape, network.biases[1].shape
    ((81, 16), (1,))
    """

    def __init__(self, weights: list, biases: list):
        self.weights, self.biases = _check_layers(weights, biases)

    @property
    def sizes(self) -> list[int]:
        """The width of each layer, inputs first."""
        return [self.weights[0].shape[0]] + [w.shape[1] for w in self.weights]

    @property
    def parameters(self) -> int:
        """How many numbers the network holds (its weights and biases)."""
        return sum(w.size + b.size for w, b in zip(self.weights, self.biases))

    def copy(self) -> Network:
        """A copy with its own arrays (the target network of approximate value iteration is one)."""
        return Network([w.copy() for w in self.weights], [b.copy() for b in self.biases])

    def __call__(self, inputs):
        """The network's estimate for each row of `inputs`: `predict(self, inputs)`."""
        return predict(self, inputs)

    def __repr__(self) -> str:
        return f"Network(layers {'-'.join(map(str, self.sizes))}, {self.parameters:,} parameters)"


def new_network(sizes: Sequence[int], *, seed: int = 0) -> Network:
    """A network with layers of the given widths (inputs first, 1 output last), He-initialised from `seed`.

    Each weight is drawn from a normal distribution of variance 2 / inputs (He et al., 2015), so that
    the signal keeps its scale through ReLU layers; biases start at 0.

    Examples
    --------
    >>> new_network([4, 3, 1], seed=1).sizes
    [4, 3, 1]
    >>> new_network([4, 3, 2])
    Traceback (most recent call last):
    ...
    ValueError: the last layer must have 1 output (one estimate per board), got sizes [4, 3, 2]
    """
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence) or len(sizes) < 2:
        raise TypeError(f"sizes must be a list of at least two layer widths, got {short_repr(sizes)}")
    sizes = [check_int(size, "a layer width", minimum=1, maximum=100_000) for size in sizes]
    if sizes[-1] != 1:
        raise ValueError(f"the last layer must have 1 output (one estimate per board), got sizes {sizes}")
    seed = check_int(seed, "seed", minimum=0)
    rng = np.random.default_rng(seed)
    weights = [(rng.standard_normal((m, n)) * math.sqrt(2 / m)).astype(np.float32) for m, n in zip(sizes, sizes[1:])]
    biases = [np.zeros(n, np.float32) for n in sizes[1:]]
    return Network(weights, biases)


def forward(network: Network, inputs):
    """The forward pass: returns the estimates (one per row) and every layer's output, which `backward` needs.

    Each layer computes `inputs @ weights + biases`; every layer but the last then keeps only the positive part
    (ReLU). `outputs[0]` is the input itself, `outputs[-1]` the estimates as a column. `inputs` is a float32
    array of shape (rows, `network.sizes[0]`), as `encode` makes it: the trainers call this on every minibatch,
    and check their inputs once, at their door (`predict` checks too), so this checks nothing.

    Examples
    --------
    >>> import numpy as np
    >>> network = Network([np.array([[1.0], [-1.0]], np.float32), np.array([[2.0]], np.float32)],
    ...                   [np.zeros(1, np.float32), np.array([0.5], np.float32)])
    >>> estimates, outputs = forward(network, np.array([[3.0, 1.0], [1.0, 3.0]], np.float32))
    >>> estimates.tolist()     # relu(3 - 1) * 2 + 0.5, relu(1 - 3) * 2 + 0.5
    [4.5, 0.5]
    """
    outputs = [inputs]
    for layer, (weights, biases) in enumerate(zip(network.weights, network.biases)):
        z = outputs[-1] @ weights + biases
        if layer < len(network.weights) - 1:
            z = np.maximum(z, 0)  # ReLU
        outputs.append(z)
    return outputs[-1][:, 0], outputs


def predict(network: Network, inputs, *, batch: int = 65_536):
    """The estimates for every row of `inputs`, computed `batch` rows at a time (no outputs kept: less memory).

    Examples
    --------
    >>> import numpy as np
    >>> network = new_network([3, 4, 1], seed=0)
    >>> x = np.eye(3, dtype=np.float32)
    >>> bool(np.allclose(predict(network, x, batch=2), forward(network, x)[0]))
    True
    """
    inputs = check_inputs(network, inputs)
    batch = check_int(batch, "batch", minimum=1)
    if len(inputs) <= batch:
        return forward(network, inputs)[0]
    return np.concatenate([forward(network, inputs[i:i + batch])[0] for i in range(0, len(inputs), batch)])


def loss(estimates, targets, *, overestimate_weight: float = 1.0) -> float:
    """The mean squared error between the estimates and the targets; an estimate above its target counts
    `overestimate_weight` times (an asymmetric loss: above 1, the network learns to err on the low side).

    Examples
    --------
    >>> import numpy as np
    >>> loss(np.array([1.0, 3.0]), np.array([2.0, 3.0]))
    0.5
    """
    estimates, targets = _check_estimates_and_targets(estimates, targets)
    overestimate_weight = check_real(overestimate_weight, "overestimate_weight", above=0)
    return squared_error(np.asarray(estimates, np.float64) - targets, overestimate_weight)


def squared_error(error, overestimate_weight: float) -> float:
    """The mean of error ** 2, an error above 0 (an overestimate) counted `overestimate_weight` times.

    Examples
    --------
    >>> import numpy as np
    >>> squared_error(np.array([1.0, -1.0]), 3.0)
    2.0
    """
    return float(np.mean(np.where(error > 0, overestimate_weight, 1) * error ** 2))


def backward(network: Network, outputs: list, targets, *, overestimate_weight: float = 1.0) -> tuple[list, list]:
    """Backpropagation: the gradient of `loss` with respect to every weight and bias, from `forward`'s outputs.

    Going from the last layer back to the first, `delta` is the gradient of the loss with respect to a
    layer's pre-activation z (z = x @ W + b). Then dW = x.T @ delta and db = delta summed over the rows; the
    gradient passed to the layer below is delta @ W.T, times 1 where that layer's ReLU let the signal through.
    `outputs` are `forward(network, ...)`'s and `targets` one number per row: trusted, as `forward`'s inputs.

    Examples
    --------
    >>> import numpy as np
    >>> network = new_network([2, 1], seed=0)     # a linear model: one layer
    >>> x = np.array([[1.0, 2.0]], np.float32)
    >>> estimates, outputs = forward(network, x)
    >>> weight_gradients, bias_gradients = backward(network, outputs, np.array([0.0]))
    >>> bool(np.allclose(weight_gradients[0][:, 0], 2 * estimates[0] * x[0]))   # d/dw (x.w + b)^2
    True
    """
    estimates = outputs[-1][:, 0]
    error = estimates - np.asarray(targets, estimates.dtype)
    error = np.where(error > 0, overestimate_weight * error, error)  # an overestimate counts more, if asked
    delta = (2 / len(estimates) * error)[:, None]  # d loss / d estimates
    weight_gradients, bias_gradients = [], []
    for layer in reversed(range(len(network.weights))):
        x = outputs[layer]
        weight_gradients.append(x.T @ delta)
        bias_gradients.append(delta.sum(axis=0))
        if layer > 0:
            delta = (delta @ network.weights[layer].T) * (outputs[layer] > 0)  # through the ReLU below
    return weight_gradients[::-1], bias_gradients[::-1]


class Adam:
    """The Adam optimiser (Kingma and Ba, 2015): a step along each gradient, scaled by its running size.

    It keeps, per parameter, a running mean of the gradient (m) and of its square (v); the step is
    `learning_rate * m / (sqrt(v) + eps)`, with both means corrected for starting at 0.

    Examples
    --------
    >>> Adam(new_network([2, 1]), learning_rate=0.01)
    Adam(learning_rate=0.01, steps=0)
    """

    def __init__(self, network: Network, learning_rate: float = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8):
        self.learning_rate, self.beta1, self.beta2, self.eps = learning_rate, beta1, beta2, eps
        parameters = network.weights + network.biases
        self.m = [np.zeros_like(p) for p in parameters]
        self.v = [np.zeros_like(p) for p in parameters]
        self.steps = 0

    def __repr__(self) -> str:
        return f"Adam(learning_rate={self.learning_rate:g}, steps={self.steps})"

    def step(self, network: Network, weight_gradients: list, bias_gradients: list) -> None:
        """Move every parameter of `network`, in place, one step against its gradient."""
        self.steps += 1
        correction1 = 1 - self.beta1 ** self.steps
        correction2 = 1 - self.beta2 ** self.steps
        for i, (parameter, gradient) in enumerate(zip(network.weights + network.biases,
                                                      weight_gradients + bias_gradients)):
            self.m[i] = self.beta1 * self.m[i] + (1 - self.beta1) * gradient
            self.v[i] = self.beta2 * self.v[i] + (1 - self.beta2) * gradient * gradient
            step = self.learning_rate * (self.m[i] / correction1) / (np.sqrt(self.v[i] / correction2) + self.eps)
            parameter -= step.astype(np.float32)


def train_step(network: Network, optimizer: Adam, inputs, targets, *, overestimate_weight: float = 1.0) -> float:
    """One step of training on a minibatch: forward, loss, backward, the optimiser's step. Returns the loss before it.

    With `overestimate_weight` above 1, an estimate above its target counts that many times in the loss.

    Examples
    --------
    >>> import numpy as np
    >>> network = new_network([2, 8, 1], seed=0)
    >>> optimizer = Adam(network, learning_rate=0.01)
    >>> x = np.array([[0, 1], [1, 0], [1, 1]], np.float32)
    >>> y = np.array([1.0, 2.0, 3.0], np.float32)
    >>> first = train_step(network, optimizer, x, y)
    >>> last = [train_step(network, optimizer, x, y) for _ in range(300)][-1]
    >>> last < first / 100
    True
    """
    estimates, outputs = forward(network, inputs)
    weight_gradients, bias_gradients = backward(network, outputs, targets, overestimate_weight=overestimate_weight)
    optimizer.step(network, weight_gradients, bias_gradients)
    return squared_error(estimates - targets, overestimate_weight)


def check_inputs(network: Network, inputs):
    """`inputs` as a float32 array of shape (rows, the network's inputs); TypeError or ValueError otherwise.

    Examples
    --------
    >>> check_inputs(new_network([3, 1]), [[1, 0, 0]]).dtype
    dtype('float32')
    >>> check_inputs(new_network([3, 1]), [[1, 0]])
    Traceback (most recent call last):
    ...
    ValueError: inputs must have shape (rows, 3) for this network, got (1, 2)
    """
    check_type(network, "network", Network, "a Network")
    try:
        array = np.asarray(inputs, np.float32)
    except (TypeError, ValueError) as error:
        raise TypeError(f"inputs must be an array of numbers, got {short_repr(inputs)} ({error})") from None
    if array.ndim != 2 or array.shape[1] != network.sizes[0]:
        raise ValueError(f"inputs must have shape (rows, {network.sizes[0]}) for this network, got {array.shape}")
    return array


def _check_layers(weights, biases) -> tuple[list, list]:
    """`Network`'s layers as two lists of arrays, after checking that they chain: weights (inputs, outputs) and
    biases (outputs,) of real numbers, each layer's outputs the next one's inputs, 1 output last."""
    layers = []
    for name, value in (("weights", weights), ("biases", biases)):
        if (isinstance(value, (str, bytes, dict)) or not isinstance(value, (list, tuple)) or not value
                or not all(isinstance(array, np.ndarray) and array.dtype.kind in "fiu" for array in value)):
            raise TypeError(f"{name} must be a non-empty list of numpy arrays of numbers, one per layer, "
                            f"got {short_repr(value)} ({type(value).__name__})")
        layers.append(list(value))
    weights, biases = layers
    if len(weights) != len(biases):
        raise ValueError(f"weights and biases must have one array per layer, got {len(weights)} and {len(biases)}")
    for i, (w, b) in enumerate(zip(weights, biases)):
        inputs = weights[i - 1].shape[1] if i else "inputs"  # each layer takes the outputs of the one before
        outputs = 1 if i == len(weights) - 1 else "outputs"  # the last gives one estimate per board
        if (w.ndim != 2 or 0 in w.shape or i and w.shape[0] != inputs or i == len(weights) - 1 and w.shape[1] != 1
                or b.shape != w.shape[1:]):
            raise ValueError(f"layer {i} must have weights of shape ({inputs}, {outputs}) and biases of shape "
                             f"({outputs},), got {w.shape} and {b.shape}")
    return weights, biases


def _numbers(value, name: str):
    """`value` as a 1-D float array of finite numbers; TypeError or ValueError naming it otherwise."""
    check_collection(value, name, "a list or array of numbers", sized=True, dicts=False)
    try:
        array = np.asarray(value, np.float64)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} must be a list or array of numbers, got {short_repr(value)} ({error})") from None
    if array.ndim != 1 or not np.isfinite(array).all():
        raise ValueError(f"{name} must be one-dimensional (one number per row) and finite, "
                         f"got {short_repr(value)} of shape {array.shape}")
    return array


def _check_estimates_and_targets(estimates, targets):
    """`loss`'s arguments as two 1-D float arrays of the same length (no broadcasting)."""
    estimates, targets = _numbers(estimates, "estimates"), _numbers(targets, "targets")
    if len(estimates) != len(targets) or not len(estimates):
        raise ValueError(f"estimates and targets must have the same length, at least 1, "
                         f"got {len(estimates)} and {len(targets)}")
    return estimates, targets

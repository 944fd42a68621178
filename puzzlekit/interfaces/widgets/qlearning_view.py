"""The Q-learning view: train a Q-table on the 8-puzzle (or the 2x2 puzzle) with a live learning curve, then play it.

Training is `puzzlekit.learning.tabular.q_learning_in_lanes`; the board below is a `PuzzleBoard` that takes its
hints and its Solve from the table.
"""

from __future__ import annotations

import ipywidgets as widgets

from ...checks import check_int
from ...sliding.start_boards import START_BOARDS
from ...sliding.state_space import check_table_size
from .puzzle_board import PuzzleBoard

__all__ = ["QLearningView"]


class QLearningView(widgets.VBox):
    """Train a Q-table on the 8-puzzle with a live learning curve, then watch its greedy policy play.

    The training is `puzzlekit.learning.tabular.q_learning_in_lanes` with the settings chosen here (the original
    game's by default); after each batch of episodes the curve adds the share of boards whose greedy
    move is a shortest one (`policy_mistakes`). The board below then takes its hints and its Solve
    from the table: Solve plays the greedy policy, move by move. The kernel is busy while it trains
    (a few seconds for a million episodes), so the curve grows but nothing can be clicked.

    Examples
    --------
    >>> view = QLearningView(size=2, seed=0)      # the 2x2 puzzle: 12 boards, learned in a blink
    >>> view.episodes.value = 2000
    >>> view.train_button.click()                 # it stops once every greedy move is a shortest one
    >>> view.progress.value
    '64 episodes: the greedy move is a shortest one on 11 of 11 boards (100.0%).'
    >>> view.board.hint_choice.value
    'trained'
    """

    def __init__(self, size: int = 3, *, seed: int = 0):
        from ...learning.tabular import EIGHT_PUZZLE_HYPERPARAMETERS as original

        size = check_table_size(size)
        seed = check_int(seed, "seed", minimum=0, maximum=2**63 - 1)
        super().__init__()
        self.size = size
        self.q = None
        self.table_source = "not trained"  # where the table the board plays comes from, for the repr
        self.curve_points: list[tuple[int, float]] = []
        choices = ([("65,536", 65_536), ("262,144", 262_144), ("1,048,576", 1_048_576),
                    ("3,000,000 (the original game's)", 3_000_000)] if size == 3 else
                   [("200", 200), ("500", 500), ("2,000", 2000), ("10,000", 10_000)])
        wide = {"description_width": "150px"}
        self.episodes = widgets.Dropdown(options=choices, value=choices[2][1], description="episodes", style=wide)
        self.learning_rate = widgets.FloatSlider(value=original.learning_rate, min=0.05, max=1.0, step=0.05,
                                                 description="learning rate", style=wide)
        self.discount = widgets.FloatSlider(value=original.discount, min=0.5, max=0.99, step=0.01,
                                                   description="discount factor", style=wide)
        self.exploration = widgets.FloatSlider(value=original.epsilon, min=0.0, max=1.0,
                                               step=0.05, description="exploration probability", style=wide)
        self.seed = widgets.IntText(value=seed, description="seed", style=wide, layout=widgets.Layout(width="260px"))
        self.stop_when_optimal = widgets.Checkbox(value=True, description="stop once every greedy move is shortest",
                                                  indent=False)
        self.train_button = widgets.Button(description="Train", button_style="info")
        self.shipped_button = widgets.Button(description="Use the shipped table", layout=widgets.Layout(width="200px"),
                                             disabled=size != 3)
        self.curve = widgets.HTML(curve_svg([], choices[2][1]))
        self.progress = widgets.Label("Not trained yet: press Train.")
        self.board = PuzzleBoard(size, seed=seed)
        self.board.size_choice.layout.display = "none"  # a table covers one size of board
        starts = [(name, board) for name, (board, goal) in START_BOARDS.items()
                  if goal is None and len(board) == size * size]
        self.start_choice = widgets.Dropdown(options=[("a shuffled board", None)] + starts, description="start from",
                                             layout=widgets.Layout(width="420px"), style={"description_width": "80px"})
        self.start_choice.observe(self._on_start, "value")
        self.train_button.on_click(lambda _: self.train())
        self.shipped_button.on_click(lambda _: self.use_shipped_table())
        self.add_class("puzzlekit-qlearning")
        self.children = [
            widgets.HBox([
                widgets.VBox([self.episodes, self.learning_rate, self.discount, self.exploration, self.seed,
                              self.stop_when_optimal, widgets.HBox([self.train_button, self.shipped_button])]),
                self.curve,
            ]),
            self.progress,
            self.start_choice,
            self.board,
        ]

    def _on_start(self, change) -> None:
        """Put the chosen board on the board below (a new game), or deal a shuffled one."""
        if change["new"] is None:
            self.board.shuffle()
        else:
            self.board.board = change["new"]

    def __repr__(self) -> str:
        return f"QLearningView(size={self.size}, {self.table_source})"

    def settings(self):
        """The hyperparameters chosen in the controls, as a `Hyperparameters` (max_steps as in the original game).

        Examples
        --------
        >>> QLearningView(size=2).settings().discount
        0.92
        """
        from ...learning.tabular import EIGHT_PUZZLE_HYPERPARAMETERS, Hyperparameters

        return Hyperparameters(
            learning_rate=self.learning_rate.value, discount=round(self.discount.value, 4),
            episodes=self.episodes.value, max_steps=EIGHT_PUZZLE_HYPERPARAMETERS.max_steps,
            epsilon=self.exploration.value, seed=self.seed.value,
        )

    def train(self):
        """Train a table with the chosen settings, drawing the curve as it learns; return the table.

        Examples
        --------
        >>> view = QLearningView(size=2)
        >>> view.episodes.value = 200
        >>> view.stop_when_optimal.value = False
        >>> view.train().shape
        (12, 4)
        """
        from ...learning.qtable import state_space
        from ...learning.tabular import policy_mistakes, q_learning_in_lanes

        check_int(self.seed.value, "seed", minimum=0, maximum=2**63 - 1)  # typed in the box: may be negative
        settings = self.settings()
        boards = len(state_space(self.size).ranks) - 1  # the goal needs no move
        self.curve_points = [(0, 0.0)]
        self.curve.value = curve_svg(self.curve_points, settings.episodes)
        self.progress.value = "Training ..."
        stop_when_optimal = self.stop_when_optimal.value

        def callback(episodes: int, q) -> bool:
            mistakes = policy_mistakes(q)
            self.curve_points.append((episodes, 100 * (boards - mistakes) / boards))
            self.curve.value = curve_svg(self.curve_points, settings.episodes)
            right = boards - mistakes
            self.progress.value = (f"{episodes:,} episodes: the greedy move is a shortest one on "
                                   f"{right:,} of {boards:,} boards ({100 * right / boards:.1f}%).")
            return stop_when_optimal and mistakes == 0

        q = q_learning_in_lanes(settings, self.size, lanes=65536 if self.size == 3 else 64, callback=callback)
        self.curve.value = curve_svg(self.curve_points, self.curve_points[-1][0])  # the episodes it took
        self.q = q
        self.table_source = f"trained on {self.curve_points[-1][0]:,} episodes"
        self.board.use_table(q, "trained")
        return q

    def use_shipped_table(self) -> None:
        """Take the board's hints and moves from the table that ships with the course.

        Examples
        --------
        >>> view = QLearningView()
        >>> view.use_shipped_table()
        >>> view
        QLearningView(size=3, the shipped table, 720,896 episodes)
        >>> view.board.hint_choice.value, view.progress.value
        ('qtable', 'The shipped table, 720,896 episodes: the greedy move is a shortest one on 181,439 of 181,439 \
boards (100.0%). Solve on the board plays it.')
        """
        from ...learning.tabular import policy_mistakes

        solver = self.board.use_shipped_table()  # the board refuses the 2x2 puzzle: the table covers the 8-puzzle
        self.q = solver.q
        episodes = solver.metadata["episodes"]
        self.table_source = f"the shipped table, {episodes:,} episodes"
        boards = len(solver.q) - 1  # the goal needs no move
        right = boards - policy_mistakes(solver.q)
        self.progress.value = (f"The shipped table, {episodes:,} episodes: the greedy move is a "
                               f"shortest one on {right:,} of {boards:,} boards ({100 * right / boards:.1f}%). "
                               "Solve on the board plays it.")


def curve_svg(points: list, episodes: int, width: int = 380, height: int = 230) -> str:
    """The learning curve as SVG: the share of boards with a shortest greedy move (%) against the episodes so far.

    Examples
    --------
    >>> svg = curve_svg([(0, 0.0), (64, 50.0)], 128)
    >>> svg.startswith('<svg') and svg.count('<circle') == 1
    True
    """
    left, right, top, bottom = 44, 30, 26, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    episodes = max(episodes, 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
             f'font-size="11"><text x="{left}" y="14" font-size="12" fill="#333">boards whose greedy move is a '
             f'shortest one</text><rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="#fafafa" '
             'stroke="#999"/>']
    for percent in (0, 25, 50, 75, 100):
        y = top + plot_h * (1 - percent / 100)
        parts.append(f'<line x1="{left}" y1="{y:g}" x2="{left + plot_w}" y2="{y:g}" stroke="#e3e3e3"/>'
                     f'<text x="{left - 5}" y="{y + 4:g}" text-anchor="end">{percent}%</text>')
    for fraction in (0, 0.5, 1):
        x = left + plot_w * fraction
        parts.append(f'<text x="{x:g}" y="{top + plot_h + 14}" text-anchor="middle">'
                     f'{round(episodes * fraction):,}</text>')
    parts.append(f'<text x="{left + plot_w / 2:g}" y="{height - 4}" text-anchor="middle">episodes</text>')
    if points:
        xy = " ".join(f"{left + plot_w * min(e / episodes, 1):.1f},{top + plot_h * (1 - p / 100):.1f}"
                      for e, p in points)
        parts.append(f'<polyline points="{xy}" fill="none" stroke="#3465a4" stroke-width="2"/>')
        parts.extend(f'<circle cx="{left + plot_w * min(e / episodes, 1):.1f}" cy="{top + plot_h * (1 - p / 100):.1f}" '
                     f'r="2.5" fill="#3465a4"/>' for e, p in points[1:])
    parts.append("</svg>")
    return "".join(parts)

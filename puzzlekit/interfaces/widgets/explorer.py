"""The search explorer: pick a start board, a search and a heuristic, then step or play through the search.

The frames come from `puzzlekit.interfaces.trace.trace_search`; this module only draws them.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ...checks import check_choice, check_int
from ...sliding.board import BLANK
from ...sliding.display import show
from ...sliding.grid import DIRECTION_NAMES
from ...sliding.heuristics import HEURISTICS
from ...sliding.puzzle import SlidingPuzzle
from ...sliding.start_boards import START_BOARDS, one_line
from ..trace import INFORMED_METHODS, MAX_TRACED, METHOD_NAMES, ONE_PATH_METHODS, Frame, trace_search

__all__ = ["SearchExplorer"]


class SearchExplorer(widgets.VBox):
    """Watch a search work: pick a start board, an algorithm and a heuristic, then step or play through it.

    Each step shows the board being expanded, its depth g (and h, f for the informed searches),
    the boards it puts on the frontier, the size of the frontier and the boards expanded so far;
    the last steps walk along the path found. The steps are those of
    `puzzlekit.interfaces.trace.trace_search`; `max_expanded` keeps the recording small.

    Examples
    --------
    >>> explorer = SearchExplorer(method="breadth_first")
    >>> explorer.result
    SearchResult(method='breadth_first', status='found', length=6, expanded=34, generated=89, max_frontier=22)
    >>> explorer.stats.value
    'Step 1 of 41: expanding a board at depth 0. Frontier: 2 boards. Expanded so far: 1.'
    >>> explorer.frame.value = explorer.frame.max     # the last step: the goal, at the end of the path
    >>> explorer.stats.value
    'The path found, move 6 of 6: the blank moves right. 6 moves, 34 boards expanded.'
    """

    def __init__(self, start: Sequence[int] | None = None, goal: Sequence[int] | None = None, *,
                 method: str = "astar", heuristic: str = "manhattan", max_expanded: int = 20_000):
        check_choice(method, "method", tuple(METHOD_NAMES))
        check_choice(heuristic, "heuristic", tuple(HEURISTICS))
        self.max_expanded = check_int(max_expanded, "max_expanded", minimum=1, maximum=MAX_TRACED)
        self.starts = dict(START_BOARDS)
        if start is not None:
            cells = SlidingPuzzle(start, goal).initial  # checks the board and that it can reach the goal
            self.starts = {f"your board: {one_line(cells)}": (cells, goal), **self.starts}
        elif goal is not None:
            raise ValueError("a goal needs a start board: SearchExplorer(start, goal)")
        super().__init__()
        self.frames: list[Frame] = []
        self.result = None
        wide = {"description_width": "60px"}
        self.start_choice = widgets.Dropdown(options=list(self.starts), description="start",
                                             layout=widgets.Layout(width="420px"), style=wide)
        self.method_choice = widgets.Dropdown(options=[(name, key) for key, name in METHOD_NAMES.items()],
                                              value=method, description="search",
                                              layout=widgets.Layout(width="300px"), style=wide)
        self.heuristic_choice = widgets.Dropdown(options=list(HEURISTICS), value=heuristic, description="h",
                                                 layout=widgets.Layout(width="220px"),
                                                 style={"description_width": "30px"})
        self.frame = widgets.IntSlider(min=0, max=0, description="step", readout=True,
                                       layout=widgets.Layout(width="420px"), style=wide)
        self.back_button = widgets.Button(description="◀ back", layout=widgets.Layout(width="80px"))
        self.step_button = widgets.Button(description="step ▶", layout=widgets.Layout(width="80px"))
        self.play_button = widgets.Button(description="play", button_style="info", layout=widgets.Layout(width="80px"))
        self.speed = widgets.IntSlider(value=5, min=1, max=30, description="steps/s",
                                       layout=widgets.Layout(width="240px"), style=wide)
        self.play = widgets.Play(min=0, max=2**31 - 1, interval=200, layout=widgets.Layout(display="none"))
        self.picture = widgets.HTML()
        self.stats = widgets.HTML()
        self.summary = widgets.HTML()
        self.add_class("puzzlekit-explorer")
        for widget, name in [(self.frame, "steps"), (self.stats, "stats"), (self.summary, "summary")]:
            widget.add_class(f"puzzlekit-{name}")
        self.back_button.on_click(lambda _: self.back())
        self.step_button.on_click(lambda _: self.step())
        self.play_button.on_click(lambda _: self.toggle_play())
        self.speed.observe(lambda change: setattr(self.play, "interval", round(1000 / change["new"])), "value")
        self.play.observe(lambda _: self._tick(), "value")
        self.frame.observe(lambda _: self._show(), "value")
        for choice in (self.start_choice, self.method_choice, self.heuristic_choice):
            choice.observe(lambda _: self.run(), "value")
        self.children = [
            widgets.HBox([self.start_choice]),
            widgets.HBox([self.method_choice, self.heuristic_choice]),
            widgets.HBox([self.back_button, self.step_button, self.play_button, self.speed]),
            self.frame,
            self.play,
            self.stats,
            self.picture,
            self.summary,
        ]
        self.run()

    def __repr__(self) -> str:
        board = self.starts[self.start_choice.value][0]
        return (f"SearchExplorer(start={board}, method={self.method_choice.value!r}, "
                f"heuristic={self.heuristic_choice.value!r})")

    def run(self) -> None:
        """Run the chosen search from the chosen board, recording its steps, and show the first.

        Examples
        --------
        >>> explorer = SearchExplorer()
        >>> explorer.method_choice.value = "greedy"      # a new choice runs the search again
        >>> explorer.result.method, explorer.frame.value
        ('greedy', 0)
        """
        self.play.playing = False
        self.play_button.description = "play"
        board, goal = self.starts[self.start_choice.value]
        method, heuristic = self.method_choice.value, self.heuristic_choice.value
        self.heuristic_choice.disabled = method not in INFORMED_METHODS
        try:
            trace = trace_search(SlidingPuzzle(board, goal), method, heuristic, max_expanded=self.max_expanded)
        except ValueError as error:  # e.g. linear_conflict on the sun/moon board
            self.result, self.frames = None, []
            self.frame.max = 0
            self.stats.value = html.escape(str(error), quote=False)
            self.picture.value = show(board, captions=["start"], cell=44)._repr_svg_()
            self.summary.value = ""
            return
        self.result, self.frames = trace.result, trace.frames
        self.summary.value = html.escape(self._summary(), quote=False)
        with self.frame.hold_trait_notifications():
            self.frame.max = max(len(self.frames) - 1, 0)
            self.frame.value = 0
        self._show()

    def _summary(self) -> str:
        result, name = self.result, METHOD_NAMES[self.result.method]
        if result.found:
            moves = " ".join(result.actions) or "none"
            return (f"{name} found a path of {result.length} moves ({moves}), after expanding "
                    f"{result.expanded:,} boards; at most {result.max_frontier:,} "
                    f"{'on the path' if result.method in ONE_PATH_METHODS else 'on the frontier'}.")
        if result.status in ("max_expanded", "max_seconds"):
            return (f"{name} stopped at the limit of {self.max_expanded:,} boards expanded without reaching "
                    "the goal: try A* or a better heuristic.")
        return f"{name} found no path ({result.status})."

    def step(self) -> bool:
        """Show the next step of the search; False at the last one.

        Examples
        --------
        >>> explorer = SearchExplorer()
        >>> explorer.step(), explorer.frame.value
        (True, 1)
        """
        if self.frame.value >= self.frame.max:
            self.play.playing = False
            self.play_button.description = "play"
            return False
        self.frame.value += 1
        return True

    def back(self) -> bool:
        """Show the step before; False at the first.

        Examples
        --------
        >>> SearchExplorer().back()
        False
        """
        if self.frame.value <= 0:
            return False
        self.frame.value -= 1
        return True

    def toggle_play(self) -> None:
        """Play the steps one after another at the chosen speed, or pause them.

        Examples
        --------
        >>> explorer = SearchExplorer()
        >>> explorer.toggle_play(); explorer.play.playing
        True
        >>> explorer.toggle_play(); explorer.play.playing
        False
        """
        playing = not self.play.playing
        if playing and self.frame.value >= self.frame.max:
            self.frame.value = 0
        self.play.interval = round(1000 / self.speed.value)
        self.play.playing = playing
        self.play_button.description = "pause" if playing else "play"

    def _tick(self) -> None:
        if self.play.playing:
            self.step()

    def _show(self) -> None:
        if not self.frames:
            return
        index = self.frame.value
        frame, total = self.frames[index], len(self.frames)
        informed = self.result.method in INFORMED_METHODS
        if frame.kind == "expand":
            estimate = frame.h is not None and informed
            numbers = f"g = {frame.g}" + (f", h = {frame.h:g}, f = {frame.f:g}" if estimate else "")
            held = (f"On the path: {frame.frontier} boards" if self.result.method in ONE_PATH_METHODS else
                    f"Frontier: {frame.frontier} board{'s' * (frame.frontier != 1)}")
            self.stats.value = (f"Step {index + 1} of {total}: expanding a board at depth {frame.g}"
                                f"{f' (h = {frame.h:g}, f = {frame.f:g})' if estimate else ''}. "
                                f"{held}. Expanded so far: {frame.expanded:,}.")
            pictures = [show(frame.board, captions=[f"expanding: {numbers}"], cell=44)._repr_svg_()]
            for child, action, g, h, f in frame.added:
                label = f"{action}: g={g}" + (f" h={h:g} f={f:g}" if h is not None and informed else "")
                pictures.append(show(child, captions=[label], highlight=[child[frame.board.index(BLANK)]],
                                     cell=26)._repr_svg_())
            added = "" if frame.added else '<div style="font-size:12px">(no new boards to add)</div>'
            self.picture.value = (f'<div style="display:flex;gap:14px;align-items:flex-end;flex-wrap:wrap">'
                                  f'{pictures[0]}<div style="display:flex;gap:8px;align-items:flex-end">'
                                  f'{"".join(pictures[1:])}{added}</div></div>')
        elif frame.kind == "deepen":
            what = "depth limit" if self.result.method == "iterative_deepening" else "bound on f"
            self.stats.value = (f"Step {index + 1} of {total}: a new iteration with {what} {frame.bound:g}; "
                                f"the search starts again from the start board. Expanded so far: {frame.expanded:,}.")
            self.picture.value = show(frame.board, captions=["start"], cell=44)._repr_svg_()
        elif frame.kind == "found":
            self.stats.value = (f"Step {index + 1} of {total}: the goal, reached at depth {frame.g} after "
                                f"expanding {frame.expanded:,} boards. The next steps follow the path.")
            self.picture.value = show(frame.board, captions=["goal"], cell=44)._repr_svg_()
        else:
            length = self.result.length
            self.stats.value = (f"The path found, move {frame.g} of {length}: the blank moves "
                                f"{DIRECTION_NAMES[frame.action]}. {length} moves, {frame.expanded:,} boards expanded.")
            previous = self.result.path[frame.g - 1]
            self.picture.value = show(frame.board, captions=[f"move {frame.g}: {frame.action}"],
                                      highlight=[frame.board[previous.index(BLANK)]], cell=44)._repr_svg_()

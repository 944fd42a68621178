"""Pictures of Sokobond states: SVG in a notebook (atoms, free electrons, bonds, walls, cutters), text elsewhere."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..checks import check_int, check_type
from .level import Level
from .rules import State, check_state, free_electrons, initial_state

__all__ = ["draw"]

# Fill and letter colours of the atoms, after the usual colours of molecular models.
ATOM_COLOURS = {"H": ("#f4f4f4", "#222"), "O": ("#e0524b", "#fff"), "N": ("#4f6fd8", "#fff"), "C": ("#3b3b3b", "#fff")}
_WALL, _FLOOR, _GRID, _BOND, _CUTTER, _PLAYER = "#4a3b2a", "#f3ead8", "#e2d5bb", "#555", "#c0392b", "#f2b705"
# Free electrons are drawn on the diagonals, where a bond never runs.
_DOTS = ((1, -1), (-1, 1), (1, 1), (-1, -1))


class SokobondPicture:
    """One or more states of a level side by side: SVG in a notebook, text (see `format_state`) elsewhere.

    Examples
    --------
    >>> from puzzlekit.sokobond import parse_level
    >>> picture = draw(parse_level('#####\\n#hOH#\\n#####'))
    >>> picture._repr_svg_().startswith('<svg')
    True
    >>> print(picture)
    # # # # #
    # h-O-H #
    # # # # #
    """

    def __init__(self, level: Level, states: Sequence[State], captions: Sequence[str] | None = None,
                 cell: int = 40):
        check_type(level, "level", Level, "a Level (see parse_level)")
        self.level = level
        self.states = [check_state(level, state) for state in states]
        if not self.states:
            raise ValueError("a picture needs at least one state")
        if captions is not None and len(captions) != len(self.states):
            raise ValueError(f"{len(captions)} captions for {len(self.states)} states; give one caption per state")
        self.captions = None if captions is None else [str(caption) for caption in captions]
        self.cell = check_int(cell, "cell", minimum=8, maximum=200)

    def __repr__(self) -> str:
        # A line between two rows where any of the states needs one, so that the pictures line up.
        between = {row for state in self.states for (i, j) in state.bonds
                   for row in [min(state.cells[i][0], state.cells[j][0])] if state.cells[i][0] != state.cells[j][0]}
        blocks = [format_state(self.level, state, between=between).split("\n") for state in self.states]
        if self.captions:
            blocks = [[caption] + lines for caption, lines in zip(self.captions, blocks)]
        height = max(map(len, blocks))
        widths = [max(map(len, lines)) for lines in blocks]
        return "\n".join(
            "   ".join((lines[i] if i < len(lines) else "").ljust(width)
                       for lines, width in zip(blocks, widths)).rstrip()
            for i in range(height)
        )

    def _repr_svg_(self) -> str:
        c, level = self.cell, self.level
        top = 18 if self.captions else 0
        slot = max(level.width * c, max((len(text) * 7.5 for text in self.captions or [""]), default=0))
        gap = c // 2
        width = round(len(self.states) * slot + (len(self.states) - 1) * gap)
        height = level.height * c + top
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}" font-family="sans-serif">']
        for k, state in enumerate(self.states):
            x0 = k * (slot + gap) + (slot - level.width * c) / 2
            if self.captions:
                parts.append(f'<text x="{k * (slot + gap) + slot / 2:g}" y="13" font-size="13" text-anchor="middle" '
                             f'fill="#333">{escape(self.captions[k])}</text>')
            parts.append(self._state_svg(state, x0, top))
        parts.append("</svg>")
        return "".join(parts)

    def _state_svg(self, state: State, x0: float, y0: float) -> str:
        c, level = self.cell, self.level
        parts = []
        for row in range(level.height):
            for col in range(level.width):
                wall = (row, col) in level.walls
                parts.append(f'<rect x="{x0 + col * c:g}" y="{y0 + row * c:g}" width="{c}" height="{c}" '
                             f'fill="{_WALL if wall else _FLOOR}" stroke="{_WALL if wall else _GRID}"/>')

        def centre(cell):
            return x0 + (cell[1] + 0.5) * c, y0 + (cell[0] + 0.5) * c

        for i, j in state.bonds:
            (xa, ya), (xb, yb) = centre(state.cells[i]), centre(state.cells[j])
            parts.append(f'<line x1="{xa:g}" y1="{ya:g}" x2="{xb:g}" y2="{yb:g}" stroke="{_BOND}" '
                         f'stroke-width="{c * 0.12:g}"/>')
        radius = c * 0.32
        left = free_electrons(level, state.bonds)
        for atom, (element, cell) in enumerate(zip(level.elements, state.cells)):
            x, y = centre(cell)
            fill, ink = ATOM_COLOURS[element]
            if atom == level.player:
                parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{radius + c * 0.08:g}" fill="none" '
                             f'stroke="{_PLAYER}" stroke-width="{c * 0.06:g}" stroke-dasharray="{c * 0.1:g}"/>')
            parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}" stroke="#222"/>')
            parts.append(f'<text x="{x:g}" y="{y + c * 0.12:g}" font-size="{c * 0.34:g}" text-anchor="middle" '
                         f'fill="{ink}">{element}</text>')
            for dx, dy in _DOTS[: left[atom]]:
                parts.append(f'<circle cx="{x + dx * radius * 0.95:g}" cy="{y + dy * radius * 0.95:g}" '
                             f'r="{c * 0.05:g}" fill="#1a1a1a" stroke="#fff" stroke-width="0.8"/>')
        for row, col in sorted(level.cutters):
            x, y, s = x0 + col * c, y0 + row * c, c * 0.13
            parts.append(f'<path d="M {x - s:g} {y - s:g} L {x + s:g} {y + s:g} M {x - s:g} {y + s:g} L {x + s:g} '
                         f'{y - s:g}" stroke="{_CUTTER}" stroke-width="{c * 0.07:g}" stroke-linecap="round"/>')
        return "".join(parts)


def format_state(level: Level, state: State, *, between=None) -> str:
    """The grid of `level` with its atoms where `state` puts them, bonds as '-' or '|', cutters as 'x'.

    Each cell takes two characters, so that a bond fits between two atoms: bonds along a row show
    as '-'; bonds between two rows as '|', and the cutters as 'x', on a line between those rows.
    That line is written only where it has something to show, or after each row in `between`.

    Examples
    --------
    >>> from puzzlekit.sokobond import initial_state, parse_level
    >>> level = parse_level('#####\\n#hO.#\\n#.H.#\\n#####\\ncutters: 2,3')
    >>> print(format_state(level, initial_state(level)))
    # # # # #
    # h-O . #
        |x
    # . H . #
    # # # # #
    """
    at = {cell: atom for atom, cell in enumerate(state.cells)}
    bonded = set(state.bonds)

    def joined(a, b):
        return a is not None and b is not None and (min(a, b), max(a, b)) in bonded

    lines = []
    for row in range(level.height):
        text, below = [], []
        for col in range(level.width):
            atom = at.get((row, col))
            if atom is not None:
                element = level.elements[atom]
                text.append(element.lower() if atom == level.player else element)
            else:
                text.append("#" if (row, col) in level.walls else ".")
            text.append("-" if joined(atom, at.get((row, col + 1))) else " ")
            below.append("|" if joined(atom, at.get((row + 1, col))) else " ")
            below.append("x" if (row + 1, col + 1) in level.cutters else " ")
        lines.append("".join(text).rstrip())
        if "|" in below or "x" in below or (between is not None and row in between):
            lines.append("".join(below).rstrip())
    return "\n".join(lines)


def draw(level: Level, *states: State, captions: Sequence[str] | None = None, cell: int = 40) -> SokobondPicture:
    """A picture of `level` in each of `states` (a list of states counts as several), or at its start without any.

    Examples
    --------
    >>> from puzzlekit.sokobond import SokobondPuzzle, parse_level
    >>> from puzzlekit.search import breadth_first_search
    >>> level = parse_level('######\\n#h.O.#\\n#...H#\\n######')
    >>> path = breadth_first_search(SokobondPuzzle(level)).path
    >>> print(draw(level, path[0], path[-1], captions=['start', 'solved']))
    start         solved
    # # # # # #   # # # # # #
    # h . O . #   # . . h-O #
                          |
    # . . . H #   # . . . H #
    # # # # # #   # # # # # #
    """
    if not states:
        states = (initial_state(level),)
    elif len(states) == 1 and isinstance(states[0], list):
        states = tuple(states[0])
    return SokobondPicture(level, states, captions, cell)

"""Sokobond levels as text: `parse_level` reads one, `format_level` writes it back.

A level is a grid of one character a cell: '#' a wall, '.' floor, 'H' 'O' 'N' 'C' an atom on
the floor, and the player's atom in lower case ('h', 'o', 'n', 'c'). Bond cutters sit on grid
corners, listed on a line of their own: ``cutters: 2,3 3,3`` (corner (2, 3) is the top-left corner
of cell (2, 3)). Lines starting with ';' are comments; ``; title: ...`` and ``; shortest: N`` are kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from ..checks import check_type

__all__ = ["ELECTRONS", "Cell", "Level", "parse_level", "format_level"]

# The free electrons of each atom before it bonds: one bond spends one on each side.
ELECTRONS = {"H": 1, "O": 2, "N": 3, "C": 4}
# The widest and tallest level accepted: room for any level worth searching, small enough to draw.
MAX_LEVEL_SIDE = 32

Cell = tuple  # (row, col); a corner (row, col) is the top-left corner of the cell (row, col)

WALL, FLOOR = "#", "."
_SYMBOLS = "'#' wall, '.' floor, H O N C atoms (h o n c for the player's)"
_CORNER = re.compile(r"(\d+),(\d+)")


@dataclass(frozen=True)
class Level:
    """A level: its size, walls, atoms (element and cell, in reading order), the player's atom and the cutters.

    `player` is the index of the player's atom in `elements` and `cells`. `title` and
    `shortest` (the fewest moves that solve it, when known) come from the level's comments.

    Examples
    --------
    >>> level = parse_level('#####\\n#h.H#\\n#####')
    >>> level.elements, level.cells, level.player
    (('H', 'H'), ((1, 1), (1, 3)), 0)
    >>> level.is_wall((0, 2)), level.is_wall((1, 2))
    (True, False)
    """

    height: int
    width: int
    walls: frozenset
    elements: tuple
    cells: tuple
    player: int
    cutters: frozenset = frozenset()
    title: str = field(default="", compare=False)
    shortest: int | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        """Short and readable: its title, size and atoms (the player's in lower case), not every wall.

        Examples
        --------
        >>> parse_level('#####\\n#hOH#\\n#####')
        Level(3x5, atoms 'hOH')
        """
        atoms = "".join(element.lower() if atom == self.player else element
                        for atom, element in enumerate(self.elements))
        title = f"{self.title!r}, " if self.title else ""
        return f"Level({title}{self.height}x{self.width}, atoms {atoms!r})"

    @cached_property
    def electrons(self) -> tuple:
        """The free electrons of each atom before any bond (H 1, O 2, N 3, C 4).

        Examples
        --------
        >>> parse_level('#####\\n#hOC#\\n#####').electrons
        (1, 2, 4)
        """
        return tuple(ELECTRONS[element] for element in self.elements)

    @cached_property
    def floor(self) -> frozenset:
        """The floor cells walled in, where atoms can be (floor that reaches the grid's edge is left out).

        Examples
        --------
        >>> sorted(parse_level('####.\\n#h.#.\\n####.').floor)
        [(1, 1), (1, 2)]
        """
        inside, outside = set(), set()
        for start in ((row, col) for row in range(self.height) for col in range(self.width)):
            if start in self.walls or start in inside or start in outside:
                continue
            region, stack, edge = {start}, [start], False
            while stack:
                row, col = stack.pop()
                edge = edge or row in (0, self.height - 1) or col in (0, self.width - 1)
                for cell in ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1)):
                    if cell not in region and cell not in self.walls and not self.is_wall(cell):
                        region.add(cell)
                        stack.append(cell)
            (outside if edge else inside).update(region)
        return frozenset(inside)

    def is_wall(self, cell: Cell) -> bool:
        """True if `cell` is a wall or off the grid (atoms never go there).

        Examples
        --------
        >>> parse_level('###\\n#h#\\n###').is_wall((5, 5))
        True
        """
        row, col = cell
        return cell in self.walls or not (0 <= row < self.height and 0 <= col < self.width)

    def __str__(self) -> str:
        return format_level(self)


def parse_level(text: str) -> Level:
    """The `Level` written in `text`; a ValueError that says what is wrong for a malformed one.

    Atoms next to each other at the start bond when the level loads (see `initial_state`),
    not here: a `Level` is the layout only.

    Examples
    --------
    >>> level = parse_level('''
    ... ; title: water
    ... ######
    ... #h.O.#
    ... #...H#
    ... ######
    ... ''')
    >>> level.title, level.elements, level.player
    ('water', ('H', 'O', 'H'), 0)
    >>> parse_level('####\\n#HH#\\n####')
    Traceback (most recent call last):
    ...
    ValueError: the level has no player: write exactly one atom, the player's, in lower case (h, o, n or c)
    >>> parse_level('####\\n#h.#\\n###')
    Traceback (most recent call last):
    ...
    ValueError: row 2 has 3 cells but row 0 has 4: every row of a level must have the same length
    """
    check_type(text, "level text", str, "a str")
    title, shortest, corners, rows = "", None, None, []
    for number, line in enumerate(text.strip("\n").split("\n"), start=1):
        line = line.rstrip()
        if line.lstrip().startswith(";"):
            key, _, value = line.lstrip()[1:].partition(":")
            if key.strip() == "title":
                title = value.strip()
            elif key.strip() == "shortest":
                shortest = _shortest(value.strip())
        elif line.startswith("cutters:"):
            if corners is not None:
                raise ValueError(f"line {number}: a second 'cutters:' line; list every cutter on one line")
            corners = line[len("cutters:"):].split()
        elif not line:
            if rows:
                rows.append(line)  # a blank line inside the grid is an error, unless only blanks follow
        else:
            rows.append(line)
    while rows and not rows[-1]:
        rows.pop()
    if not rows:
        raise ValueError(f"level text is empty: a level needs rows of {_SYMBOLS}")
    height, width = len(rows), len(rows[0])
    if height > MAX_LEVEL_SIDE or max(map(len, rows)) > MAX_LEVEL_SIDE:
        raise ValueError(f"the level is {height} rows by {max(map(len, rows))} columns; "
                         f"levels up to {MAX_LEVEL_SIDE} by {MAX_LEVEL_SIDE} are supported")
    walls, atoms, players = set(), [], []
    for row, line in enumerate(rows):
        if len(line) != width:
            raise ValueError(f"row {row} is blank: a level's rows must follow each other without blank lines"
                             if not line else f"row {row} has {len(line)} cells but row 0 has {width}: "
                             f"every row of a level must have the same length")
        for col, symbol in enumerate(line):
            if symbol == WALL:
                walls.add((row, col))
            elif symbol.upper() in ELECTRONS:
                if symbol.islower():
                    players.append((row, col))
                atoms.append((symbol.upper(), (row, col)))
            elif symbol != FLOOR:
                raise ValueError(f"unknown character {symbol!r} at row {row}, column {col}: a level uses {_SYMBOLS}")
    if len(players) != 1:
        where = f"{len(players)} players, at {', '.join(map(str, players))}" if players else "no player"
        raise ValueError(f"the level has {where}: write exactly one atom, the player's, in lower case (h, o, n or c)")
    level = Level(
        height, width, frozenset(walls), tuple(e for e, _ in atoms), tuple(c for _, c in atoms),
        [c for _, c in atoms].index(players[0]), _cutters(corners or [], height, width), title, shortest,
    )
    _check_enclosed(level)
    return level


def _shortest(value: str) -> int:
    if not value.isdigit():
        raise ValueError(f"'; shortest:' must give a whole number of moves, got {value!r}")
    return int(value)


def _cutters(words: list[str], height: int, width: int) -> frozenset:
    """The corners of a 'cutters:' line, each 'row,col' strictly inside the grid, none twice."""
    corners = set()
    for word in words:
        match = _CORNER.fullmatch(word)
        if not match:
            raise ValueError(f"cutter {word!r} is not a corner: write each as row,col (for example 2,3)")
        corner = (int(match[1]), int(match[2]))
        if not (1 <= corner[0] < height and 1 <= corner[1] < width):
            raise ValueError(f"cutter {word} is not inside the grid: a corner's row must be from 1 to {height - 1} "
                             f"and its column from 1 to {width - 1} "
                             "(corner (r, c) is the top-left corner of cell (r, c))")
        if corner in corners:
            raise ValueError(f"cutter {word} is listed twice")
        corners.add(corner)
    return frozenset(corners)


def _check_enclosed(level: Level) -> None:
    """ValueError if the floor around some atom reaches the edge of the grid: atoms must be walled in."""
    seen = set()
    for element, start in zip(level.elements, level.cells):
        if start in seen:
            continue
        stack, region = [start], {start}
        while stack:
            row, col = stack.pop()
            if row in (0, level.height - 1) or col in (0, level.width - 1):
                raise ValueError(f"the atom {element} at {start} is outside the walls: the floor around it "
                                 f"reaches the edge of the level at {(row, col)}; surround the atoms with '#'")
            for cell in ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1)):
                if cell not in region and cell not in level.walls:
                    region.add(cell)
                    stack.append(cell)
        seen |= region


def format_level(level: Level) -> str:
    """The text of `level`, which `parse_level` reads back: the title and shortest comments, the grid, the cutters.

    Examples
    --------
    >>> text = '; shortest: 1\\n#####\\n#h.H#\\n#####'
    >>> format_level(parse_level(text)) == text
    True
    """
    check_type(level, "level", Level, "a Level (see parse_level)")
    grid = [[WALL if (row, col) in level.walls else FLOOR for col in range(level.width)]
            for row in range(level.height)]
    for index, (element, (row, col)) in enumerate(zip(level.elements, level.cells)):
        grid[row][col] = element.lower() if index == level.player else element
    lines = [f"; title: {level.title}"] if level.title else []
    if level.shortest is not None:
        lines.append(f"; shortest: {level.shortest}")
    lines += ["".join(row) for row in grid]
    if level.cutters:
        lines.append("cutters: " + " ".join(f"{row},{col}" for row, col in sorted(level.cutters)))
    return "\n".join(lines)

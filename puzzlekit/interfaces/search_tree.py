"""Static pictures of a search tree: the boards a search expanded, and its frontier, after a few steps.

`search_tree(board)` runs a search for a few expansions and draws the tree it built as SVG (in a
notebook, and on a code-hosting site that shows a notebook without running it) or as text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape

from ..checks import check_callable, check_int
from ..problem import Problem
from ..search.inputs import as_problem
from ..search.uninformed import breadth_first_search
from ..sliding.display import COLOURS, show

__all__ = ["search_tree"]

MAX_TREE_EXPANSIONS = 60  # a picture with more boards than this is too wide to read


@dataclass
class TreeNode:
    """One state of a search tree: its parent's index in `SearchTree.nodes` (None for the root), the
    action from the parent, its depth, when it was expanded (1, 2, ...; None while on the frontier),
    and whether it is a goal."""

    state: object
    parent: int | None
    action: object
    depth: int
    expanded: int | None = None
    goal: bool = False
    children: list = field(default_factory=list)


def state_text(state) -> str:
    """A board in a few characters, rows split by '/' and '_' for the blank; another state as its repr.

    Examples
    --------
    >>> state_text((4, 1, 3, 7, 2, 6, 0, 5, 8))
    '413/726/_58'
    >>> state_text(10)
    '10'
    """
    if isinstance(state, tuple) and state and all(isinstance(cell, int) for cell in state):
        size = round(len(state) ** 0.5)
        if size * size == len(state):
            cells = [str(cell) if cell else "_" for cell in state]
            joiner = "" if max(len(cell) for cell in cells) == 1 else " "
            return "/".join(joiner.join(cells[i : i + size]) for i in range(0, len(cells), size))
    return repr(state)


class SearchTree:
    """The tree a search built: every state it reached, joined to the state it reached it from.

    `nodes[0]` is the start. `frontier` lists the states reached but not expanded, in the order
    they were added; `expanded` the states expanded, in order. Shown as SVG in a notebook (the
    frontier framed in green, each expanded board numbered in the order of expansion) and as a
    text tree elsewhere.

    Examples
    --------
    >>> tree = search_tree((4, 1, 3, 7, 2, 6, 0, 5, 8), expansions=2)
    >>> print(tree)
    413/726/_58  #1
    ├─u 413/_26/758  #2
    │ ├─u _13/426/758  frontier
    │ └─r 413/2_6/758  frontier
    └─r 413/726/5_8  frontier
    >>> [state_text(state) for state in tree.frontier]
    ['413/726/5_8', '_13/426/758', '413/2_6/758']
    """

    def __init__(self, nodes: list[TreeNode], method: str, cell: int = 16):
        self.nodes = nodes
        self.method = method
        self.cell = check_int(cell, "cell", minimum=6, maximum=60)

    @property
    def expanded(self) -> list:
        """The states expanded, in the order of expansion."""
        done = sorted((node for node in self.nodes if node.expanded), key=lambda node: node.expanded)
        return [node.state for node in done]

    @property
    def frontier(self) -> list:
        """The states reached and not expanded, in the order they were added."""
        return [node.state for node in self.nodes if node.expanded is None]

    def __repr__(self) -> str:
        lines = []

        def write(index: int, prefix: str, last: bool, root: bool) -> None:
            node = self.nodes[index]
            mark = f"#{node.expanded}" if node.expanded else "frontier"
            mark += ", goal" if node.goal else ""
            branch = "" if root else ("└─" if last else "├─") + f"{node.action} "
            lines.append(f"{prefix}{branch}{state_text(node.state)}  {mark}")
            below = prefix + ("" if root else ("  " if last else "│ "))
            for k, child in enumerate(node.children):
                write(child, below, k == len(node.children) - 1, False)

        write(0, "", True, True)
        return "\n".join(lines)

    def _positions(self, slot: float) -> dict[int, float]:
        """The x of each node's centre: leaves side by side in tree order, a parent over its children."""
        x: dict[int, float] = {}
        next_leaf = [slot / 2]

        def place(index: int) -> None:
            children = self.nodes[index].children
            if not children:
                x[index] = next_leaf[0]
                next_leaf[0] += slot
                return
            for child in children:
                place(child)
            x[index] = (x[children[0]] + x[children[-1]]) / 2

        place(0)
        return x

    def _repr_svg_(self) -> str:
        board_side = round(len(self.nodes[0].state) ** 0.5) * self.cell + 8 if _is_board(self.nodes[0].state) else 0
        slot, level = board_side + 14, board_side + 50
        x = self._positions(slot)
        depth = max(node.depth for node in self.nodes)
        width, height = round(max(x.values()) + slot / 2), round((depth + 1) * level + 24)
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}" font-family="sans-serif">']
        top = {index: 6 + node.depth * level for index, node in enumerate(self.nodes)}
        for index, node in enumerate(self.nodes):  # the edges first, under the boards
            if node.parent is not None:
                x1, y1, x2, y2 = x[node.parent], top[node.parent] + board_side + 18, x[index], top[index] - 5
                parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#999"/>')
                parts.append(f'<text x="{(x1 + x2) / 2 + 4:g}" y="{(y1 + y2) / 2 + 4:g}" font-size="11" '
                             f'fill="#555">{escape(str(node.action))}</text>')
        for index, node in enumerate(self.nodes):
            left, y = x[index] - board_side / 2, top[index]
            if node.expanded is None:  # the frontier: a green frame
                parts.append(f'<rect x="{left - 4:g}" y="{y - 4:g}" width="{board_side + 8}" '
                             f'height="{board_side + 8}" rx="8" fill="none" stroke="{COLOURS.highlight}" '
                             f'stroke-width="4"/>')
                label = ""
            else:
                label = f"#{node.expanded}"
            label += ", goal" if node.goal else ""
            picture = show(node.state, cell=self.cell)._repr_svg_()
            parts.append(picture.replace("<svg ", f'<svg x="{left:g}" y="{y}" ', 1))
            parts.append(f'<text x="{x[index]:g}" y="{y + board_side + 15}" font-size="11" text-anchor="middle" '
                         f'fill="#333">{label.lstrip(", ")}</text>')
        parts.append(f'<text x="4" y="{height - 6}" font-size="12" fill="#333">{escape(self.method)}: '
                     f'{len(self.expanded)} expanded (numbered in order), {len(self.frontier)} on the frontier '
                     f'(green)</text>')
        parts.append("</svg>")
        return "".join(parts)


def _is_board(state) -> bool:
    return isinstance(state, tuple) and state_text(state) != repr(state)


def search_tree(
    problem: Problem | Sequence[int],
    search: Callable = breadth_first_search,
    *,
    expansions: int = 4,
    cell: int = 16,
) -> SearchTree:
    """The tree that `search` has built after `expansions` expansions from `problem`'s start.

    `search` is a search of `puzzlekit.search` that reports 'add' events with a 'parent'
    (breadth-first, depth-first, uniform-cost, A*, greedy; bind a heuristic with
    `functools.partial`). A state reached again by a cheaper path moves to its new parent.
    The states of `problem` must be boards for the SVG picture; the text tree takes any state.

    Examples
    --------
    >>> from puzzlekit.search import depth_first_search
    >>> tree = search_tree((4, 1, 3, 7, 2, 6, 0, 5, 8), depth_first_search, expansions=3)
    >>> [state_text(state) for state in tree.expanded]
    ['413/726/_58', '413/_26/758', '_13/426/758']
    >>> search_tree((1, 2, 3, 0), expansions=61)
    Traceback (most recent call last):
    ...
    ValueError: expansions must be from 0 to 60, got 61
    """
    problem = as_problem(problem)
    check_callable(search, "search")
    expansions = check_int(expansions, "expansions", minimum=0, maximum=MAX_TREE_EXPANSIONS)
    nodes: list[TreeNode] = []
    index_of: dict = {}
    order = [0]

    def record(kind: str, state, info: dict) -> None:
        if kind == "add":
            parent = index_of.get(info.get("parent")) if info.get("parent") is not None else None
            if state in index_of:  # reached again by a cheaper path: move it under its new parent
                node = nodes[index_of[state]]
                nodes[node.parent].children.remove(index_of[state])
                node.parent, node.action, node.depth = parent, info.get("action"), nodes[parent].depth + 1
            else:
                index_of[state] = len(nodes)
                depth = 0 if parent is None else nodes[parent].depth + 1
                nodes.append(TreeNode(state, parent, info.get("action"), depth, goal=bool(problem.is_goal(state))))
            if parent is not None:
                nodes[parent].children.append(index_of[state])
        elif kind == "expand":
            order[0] += 1
            nodes[index_of[state]].expanded = order[0]

    result = search(problem, max_expanded=expansions, on_event=record)
    if not nodes:
        raise ValueError(f"{getattr(search, '__name__', search)!r} reported no 'add' events to draw a tree from")
    return SearchTree(nodes, result.method, cell=cell)

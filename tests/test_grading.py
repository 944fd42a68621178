"""Tests for puzzlekit.course.grading: points per exercise, checks of helpers, the points table, nbgrader's settings."""

import nbformat
import pytest

from puzzlekit.course.grading import POINTS, exercise_points, nbgrader_problems, points_table, tag_notebook


def code(source):
    return nbformat.v4.new_code_cell(source)


def solution(name):
    return code(f"def {name}(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION")


def test_every_check_is_graded_and_locked_with_its_weight():
    notebook = nbformat.v4.new_notebook(cells=[
        solution("my_breadth_first"), code("check(my_breadth_first, [((1,), 1)])"),
        solution("mirror"), code("# points: 2\ncheck(mirror, [((1,), 1)])"),
        solution("replay"), code("check(replay, [((1,), 1)])"),
    ])
    tag_notebook(notebook)
    tags = [cell.metadata.nbgrader for cell in notebook.cells]
    assert [(t["grade_id"], t["grade"], t["locked"], t.get("points")) for t in tags[1::2]] == [
        ("check-my_breadth_first", True, True, POINTS["my_breadth_first"]), ("check-mirror", True, True, 2),
        ("check-replay", True, True, 1)]
    assert all(t["solution"] and not t["grade"] and not t["locked"] for t in tags[::2])
    assert nbgrader_problems(notebook) == []


def test_a_check_of_a_helper_right_after_an_exercise_is_its_test():
    notebook = nbformat.v4.new_notebook(cells=[
        solution("run_episode"),
        code("def one_episode(seed):\n    return run_episode(seed)\n\ncheck(one_episode, [((1,), 1)])"),
        code("check(len, [(([],), 0)])"),  # a second check of a helper: the exercise already has its test
        solution("my_q_learning"), code("check(my_q_learning, [((1,), 1)])"),
    ])
    tag_notebook(notebook)
    ids = [cell.metadata.get("nbgrader", {}).get("grade_id") for cell in notebook.cells]
    assert ids == ["run_episode", "check-run_episode", None, "my_q_learning", "check-my_q_learning"]


def test_points_override_and_refusal():
    notebook = nbformat.v4.new_notebook(cells=[solution("my_astar"), code("check(my_astar, [])")])
    tag_notebook(notebook, points=5)
    assert notebook.cells[1].metadata.nbgrader["points"] == 5
    tag_notebook(notebook)
    assert notebook.cells[1].metadata.nbgrader["points"] == 3
    with pytest.raises(ValueError, match="points"):
        tag_notebook(notebook, points=True)
    assert exercise_points("anything") == 1 and exercise_points("x", "#points:4\ncheck(x, [])") == 4


def test_points_table_reads_the_tagged_chapters(tmp_path):
    path = tmp_path / "05a.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[solution("my_q_learning"), code("check(my_q_learning, [])"),
                                                   solution("helper"), code("check(helper, [])")]), path)
    before = path.read_bytes()
    assert points_table([path]) == [("05a.ipynb", "my_q_learning", 3), ("05a.ipynb", "helper", 1)]
    assert path.read_bytes() == before  # read, not tagged
    notebook = nbformat.read(path, as_version=4)
    tag_notebook(notebook, points=4)
    nbformat.write(notebook, path)
    assert points_table([path]) == [("05a.ipynb", "my_q_learning", 4), ("05a.ipynb", "helper", 4)]  # kept


def test_configure_nbgrader_swaps_in_the_student_edition():
    pytest.importorskip("nbgrader")
    from nbgrader.preprocessors import ClearOutput, ClearSolutions, LockCells
    from traitlets.config import Config

    from puzzlekit.course.grading import CELL_TIMEOUT, configure_nbgrader, student_edition_preprocessor

    config = Config()
    configure_nbgrader(config)
    preprocessors = config.GenerateAssignment.preprocessors
    assert student_edition_preprocessor() in preprocessors and LockCells in preprocessors
    assert ClearSolutions not in preprocessors and ClearOutput not in preprocessors
    assert config.Execute.timeout == CELL_TIMEOUT


def test_the_student_edition_preprocessor_refuses_an_untagged_solution():
    pytest.importorskip("nbgrader")
    from puzzlekit.course.grading import student_edition_preprocessor

    notebook = nbformat.v4.new_notebook(cells=[solution("f")])
    with pytest.raises(RuntimeError, match="course.py tag"):
        student_edition_preprocessor()().preprocess(notebook, {})
    tag_notebook(notebook)
    student, _ = student_edition_preprocessor()().preprocess(notebook, {})
    assert "raise NotImplementedError()" in student.cells[0].source

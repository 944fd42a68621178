"""Which public functions and methods the suite calls, and what it passes to each parameter.

Targets are found through `__all__` of the public modules, so a new public function is fuzzed at once;
a parameter name the suite does not know fails the suite, asking for a strategy (or an exception below).
"""

from __future__ import annotations

import importlib
import inspect
import math
from dataclasses import dataclass
from functools import cache

import fuzz_objects as objects
import fuzz_values as values
from fuzz_values import Arg, bad, good
from hypothesis import strategies as st

SOKOBOND_LEVELS = ["first", "pair"]  # small levels: their searches stay cheap

# Parameter name -> strategy of Arg. Looked up after OVERRIDES ("Function.param", then "Class.method.param").
PARAMETERS = {
    "board": values.BOARDS,
    "cells": values.BOARDS,
    "state": values.BOARDS,
    "start": values.OPTIONAL_BOARDS,
    "goal": values.GOALS,
    "n": values.TILES,
    "tile": values.TILES,
    "direction": values.DIRECTION_VALUES,
    "action": values.DIRECTION_VALUES,
    "size": values.SIZES,
    "seed": values.SEEDS,
    "max_expanded": values.MAX_EXPANDED,
    "max_seconds": values.MAX_SECONDS,
    "max_steps": values.STEPS,
    "max_moves": values.STEPS,
    "depth_limit": values.DEPTHS,
    "h": objects.HEURISTICS,
    "heuristic": objects.HEURISTICS,
    "on_event": objects.CALLBACKS,
    "callback": objects.CALLBACKS,
    "progress": objects.CALLBACKS,
    "q": objects.Q_TABLES,
    "file_name": objects.TABLE_FILES,
    "dtype": objects.DTYPES,
    "learning_rate": values.PROBABILITIES,
    "epsilon": values.PROBABILITIES,
    "final_epsilon": values.PROBABILITIES,
    "initial_value": values.REWARD_VALUES,
    "episode": values.ints(0, 10**6, neutral=[10**30]),
    "discount": values.DISCOUNTS,
    "weight": values.WEIGHTS,
    "g_weight": values.WEIGHTS,
    "lanes": values.ints(1, 64, neutral=[0, 10**12]),
    "reopen": values.BOOLS,
    "fast": values.BOOLS,
    "stop_when_optimal": values.BOOLS,
    "finite": values.BOOLS,
    "numbers": values.BOOLS,
    "method": st.one_of(good(st.sampled_from(["astar", "breadth_first", "depth_first", "ida_star", "weighted_astar",
                                              "greedy", "iterative_deepening", "lambda_astar", "sliding_ida_star"])),
                        bad(st.sampled_from(["", "nope", None, 5, ["astar"], b"astar", object()]))),
    "index": values.ints(0, 362879, neutral=[362880, 10**400]),
    "text": objects.TEXTS,
    "path": objects.PATHS,
    "rewards": objects.REWARDS,
    "hyperparameters": objects.HYPERPARAMETERS,
    "env": objects.ENVIRONMENTS,
    "options": objects.OPTIONS,
    "game": objects.GAMES,
    "i": values.INDICES,
    "j": values.INDICES,
    "row": values.INDICES,
    "col": values.INDICES,
    "cell": values.INDICES,
    "blank": values.INDICES,
    "rng": objects.RNGS,
    "space": objects.SPACES,
    "values": objects.VALUE_ROWS,
    "unexplored": objects.UNEXPLORED,
    "value": values.REWARD_VALUES,
    "move": values.REWARD_VALUES,
    "wall": st.one_of(good(st.just(None)), values.REWARD_VALUES),
    "boards": values.BOARDS,
    "captions": st.one_of(good(st.sampled_from([None, ["a"], ["start", "end", "x"]])),
                          bad(st.sampled_from([5, "caption", [1, 2], [None]]))),
    "highlight": st.one_of(good(st.sampled_from([(), [0], {1, 2}, (8,)])), bad(st.sampled_from([None, "a", 1.5]))),
    "function": st.one_of(good(st.sampled_from([len, sorted, objects.quiet])), bad(st.sampled_from([None, 5, "f"]))),
    "cases": objects.CASES,
    "show": values.ints(0, 5),
    "time_limit": st.one_of(good(st.sampled_from([None, 0.5, 5.0, 5])),
                            bad(st.sampled_from([0, -1, "5", True, float("nan"), float("inf"), [5]]))),
    "hidden": st.one_of(good(st.sampled_from([None, objects.quiet])), bad(st.sampled_from([5, "f", [objects.quiet]]))),
    "forbid": st.one_of(good(st.sampled_from([(), [], [objects.quiet]])),
                        bad(st.sampled_from([None, 5, "f", [5], [None]]))),
    "mutates": st.one_of(good(st.sampled_from([False, True, [], [0]])),
                         bad(st.sampled_from([None, 1.5, "x", [None], [1.5]]))),
    "name": values.NAMES,
    "what": values.NAMES,
    "limit": values.ints(5, 100),
    "minimum": good(st.sampled_from([None, 0, 2, -1])),
    "maximum": good(st.sampled_from([None, 10, 2])),
    "above": good(st.sampled_from([None, 0.0])),
    "below": good(st.sampled_from([None, 1.0])),
    "choices": good(st.sampled_from([("a", "b"), ["u", "r"], {"x": 1}])),
    "known": st.one_of(good(st.just({(1, 2, 3, 0): 0, (1, 2, 0, 3): 1})), bad(st.sampled_from([None, 5, []]))),
    "fallback": objects.STORED_HEURISTICS,
    "rule": values.NAMES,
    "picture": good(st.sampled_from([None])),
    "hints": st.one_of(good(st.sampled_from(["astar", "off", None])), bad(st.sampled_from([5, "", ["astar"]]))),
    "reached": st.one_of(good(st.sampled_from(["path", "table"])),
                         bad(st.sampled_from(["", "graph", None, 5, ["path"]]))),
    "level": st.one_of(good(st.sampled_from(SOKOBOND_LEVELS).map(lambda name: objects.public(
                           "load_level", ["puzzlekit.sokobond"])(name))),
                       bad(st.sampled_from([None, 5, "", ["first"], b"first", object()]))),
    "prune_dead": values.BOOLS,
    "speed": values.ints(1, 20),
    "length": st.one_of(good(st.integers(0, 40)), good(st.just(None)), bad(st.sampled_from([-1, 2.5, "3", True, [3]]))),
    # slippery moves, policy iteration, SARSA and Monte Carlo control (issue 20)
    "slip": values.PROBABILITIES,
    "final_learning_rate": values.reals(0.001, 1.0, neutral=[None], allow_none=True),
    "next_values": st.one_of(good(st.just(None)), objects.VALUE_ROWS),
    "next_action": st.one_of(good(st.just(None)), values.ints(0, 3)),
    "actions": st.one_of(good(st.sampled_from([(0, 1, 2, 3), (0, 3), (1,), [2, 3]])),
                         bad(st.sampled_from([(), None, 5, "ur", (4,), (True,), (1.0,)]))),
    "move_reward": values.REWARD_VALUES,
    "goal_reward": values.REWARD_VALUES,
    "policy": st.one_of(good(st.sampled_from(["first", "ring"]).map(lambda kind: {
                            board: successors[0][0] if kind == "first" else "dlru"[board.index(0)]
                            for board, successors in _two_by_two().items()})),
                        good(st.just({(1, 1, 1, 2, 1, 2, 2, 0, 2): "u"})),
                        bad(st.sampled_from([None, 5, "r", [("r",)], {(1, 2, 0, 3): "x"}, {(1, 2, 0, 3): 7}]))),
    "states": st.one_of(good(st.just("2x2").map(lambda _: list(_two_by_two()))),
                        bad(st.sampled_from([None, 5, "boards", [], [5], [(1, 2, 3)]]))),
    "tolerance": st.one_of(good(st.floats(1e-8, 1e3)), good(st.sampled_from([1e-10, 2.0])),
                           bad(st.sampled_from([-1.0, -1e-9, math.nan, math.inf, "0.1", None, True, [0.1]]))),
    "max_sweeps": values.ints(1, 60),
    "max_improvements": values.ints(1, 30),
    "columns": values.ints(1, 12),
    "moves": st.one_of(good(st.sampled_from([["r"], [None], [1]])), bad(st.sampled_from([None, 5, "r", ["x"], [9]]))),
    "low": st.one_of(good(st.integers(-10, 10)), bad(st.sampled_from([2.5, None, "0", True, math.nan, [0]]))),
    "high": st.one_of(good(st.integers(10, 20)), bad(st.sampled_from([2.5, None, "9", True, math.nan, [9], -11]))),
    "shape": st.one_of(good(st.sampled_from([(9,), (4,), (1,)])),
                       bad(st.sampled_from([9, None, (), (0,), (3, 3), "9"]))),
    "x": values.ANYTHING,
}


def _two_by_two() -> dict:
    """The 12 boards of the 2x2 puzzle, each with its (move, board) successors."""
    from puzzlekit import successors
    from puzzlekit.sliding.distances import breadth_first_distances

    return {board: successors(board) for board in breadth_first_distances((1, 2, 3, 0))}


MDP_VALUES = st.one_of(good(st.sampled_from([0.0, 0.5, -3.0]).map(lambda v: {board: v for board in _two_by_two()})),
                       bad(st.sampled_from([None, 5, [], {}, "values", [0.5] * 4])))

def _sokobond_states(draw_path):
    """States of the first Sokobond level a few moves from its start, or garbage."""
    def walk(moves):
        puzzle = objects.public("SokobondPuzzle")(objects.public("load_level", ["puzzlekit.sokobond"])("first"))
        state = puzzle.initial
        for move in moves:
            children = dict(puzzle.successors(state))
            state = children.get(move, state)
        return state

    return st.one_of(good(st.lists(st.sampled_from("urdl"), max_size=6).map(walk)),
                     bad(st.sampled_from([None, 5, "state", (1, 2, 3, 0), ((1, 1),), object()])))


def _lanes(kind: str):
    """Arguments of the fast trainer's vectorised update (two moves on a two-row table), or garbage."""
    import numpy as np

    return {
        "flat_q": np.array([0.0, 0.0, 0.0, 0.0, 1.0, 0.5, -np.inf, -np.inf]),
        "chosen": np.array([0, 1]),
        "reward": np.array([0.0, 1.0]),
        "next_state": np.array([1, 1]),
        "terminated": np.array([False, True]),
    }[kind]


LANE_GARBAGE = [None, 5, "q", [0.0, 1.0], {"a": 1}, object()]
SOKOBOND_STATES = _sokobond_states(None)
SEARCH_RESULTS = st.one_of(
    good(st.sampled_from([3000, 2, 0]).map(
        lambda limit: objects.public("astar_search")((8, 6, 7, 2, 5, 4, 3, 0, 1), "misplaced", max_expanded=limit))),
    bad(st.sampled_from([None, 5, "result", {"status": "found"}, object()])),
)
NONNEGATIVE = st.one_of(good(st.floats(0.0, 0.1)), good(st.sampled_from([0, 1, 2.5])),  # learning rates, eps
                        bad(st.sampled_from([-1.0, -1e-9, math.nan, math.inf, "0.1", None, True, [0.1], 1j])))

ANYTHING_FUNCTIONS = {"check_int", "check_real", "check_bool", "check_callable", "check_choice", "short_repr"}
OVERRIDES = {
    **{f"{name}.value": values.ANYTHING for name in ANYTHING_FUNCTIONS},
    "check_choice.choices": good(st.sampled_from([("a", "b"), ["u", "r"], {"x": 1}])),
    "side.cells": values.ints(0, 300, neutral=[10**30, 4, 9]),
    "Rewards.goal": values.REWARD_VALUES,
    "q_to_distance.value": values.reals(1e-9, 1.0, neutral=[0.0, 1.5, -1.0, math.inf]),
    "distance_table.goal": st.one_of(good(st.sampled_from([None, (1, 2, 3, 4, 5, 6, 7, 8, 0), (1, 2, 3, 0),
                                                            values.goal_of(4), values.SUN_MOON_GOAL])),
                                      bad(values.garbage_boards)),
    "breadth_first_distances.goal": st.one_of(good(values.permutations_of(2)), good(st.permutations(values.SUN_MOON)),
                                              good(st.just(values.goal_of(4))), bad(values.garbage_boards)),
    "policy_mistakes.goal": st.one_of(good(st.sampled_from([None, (1, 2, 3, 0), values.goal_of(3),
                                                            values.goal_of(4), values.SUN_MOON_GOAL])),
                                      bad(values.garbage_boards)),
    "state_space.size": values.SIZES,
    "q_learning_in_lanes.size": values.SIZES,
    "greedy_moves.row": values.ints(0, 11, neutral=[181439, 10**30, -1]),
    "greedy_path.start": st.one_of(good(st.just(None)), values.CHEAP_BOARDS),
    "BoardPicture.cell": values.ints(10, 80),
    "show.cell": values.ints(10, 80),
    "parse_board.text": objects.TEXTS,
    "save_table.file_name": objects.OUTPUT_FILES,
    "save_table.q": objects.SMALL_Q_TABLES,
    "QLearning.save.file_name": objects.OUTPUT_FILES,
    "SlidingPuzzle.heuristic.h": objects.STORED_HEURISTICS,
    "for_goal.h": objects.STORED_HEURISTICS,
    "QLearning.max_steps": values.ints(1, 300),
    "QLearning.test.max_steps": values.STEPS,  # counting stops there: 0 is allowed, unlike the constructor's
    "Hyperparameters.episodes": values.ints(0, 10**9),
    "Hyperparameters.discount": values.PROBABILITIES,
    "QLearning.generations": values.ints(0, 10**9),  # the original game's names, kept by its class
    "QLearning.discount_factor": values.PROBABILITIES,
    "QLearning.exploration_probability": values.PROBABILITIES,
    "format_path.path": objects.PATHS,
    "check_reachable.target": values.BOARDS,
    "not_found_message.result": SEARCH_RESULTS,
    "best_first_search.f": st.one_of(good(st.sampled_from([objects.node_cost, objects.node_depth_first])),
                                     bad(st.sampled_from([None, 5, "f", [objects.node_cost]]))),
    **{f"q_update_batch.{name}": st.one_of(good(st.just(name).map(_lanes)), bad(st.sampled_from(LANE_GARBAGE)))
       for name in ("flat_q", "chosen", "reward", "next_state", "terminated")},
    "check_output.file_name": objects.OUTPUT_FILES,
    "check_output.probe": values.BOOLS,
    "PuzzleBoard.use_table.name": values.NAMES,
    "StateSpace.rows.boards": values.BOARD_LISTS,
    "step_cost.next_state": values.BOARDS,
    "TileCostPuzzle.step_cost.next_state": values.BOARDS,
    # attempt(function, *arguments, fallback, **options) passes its arguments on: functions that take anything
    "attempt.function": st.one_of(good(st.sampled_from([objects.quiet, objects.stopper, objects.unwritten])),
                                  bad(st.sampled_from([None, 5, "f", [objects.quiet]]))),
    "attempt.arguments": values.ANYTHING,
    "attempt.fallback": objects.CALLBACKS,
    **{f"SokobondPuzzle.{name}.state": SOKOBOND_STATES for name in ("actions", "result", "is_goal", "successors")},
    "SokobondGame.set_state.state": SOKOBOND_STATES,
    "SokobondBoard.level": st.one_of(good(st.sampled_from(SOKOBOND_LEVELS)),
                                     bad(st.sampled_from([None, 5, "", ["first"]]))),
    "SokobondBoard.refresh.highlight": st.one_of(good(st.sampled_from([None, "u", "r", "d", "l"])),
                                                 bad(st.sampled_from(["a", 5, 1.5, ["u"]]))),
    "SokobondBoard.choose.name": st.one_of(good(st.sampled_from(SOKOBOND_LEVELS)), values.NAMES),
    "SokobondBoard.type_keys.text": st.one_of(good(st.text(max_size=8)), bad(st.sampled_from([None, 5, b"u", ["u"]]))),
    "SokobondPuzzle.heuristic.h": objects.STORED_HEURISTICS,
    **{f"{name}.values": MDP_VALUES for name in ("expected_value", "evaluation_sweep", "policy_evaluation",
                                                  "improve_policy")},
    **{f"{name}.discount": values.reals(0.0, 0.95) for name in ("policy_evaluation", "policy_iteration",
                                                                "value_iteration_slippery")},
    "dynamic_programming.policy_iteration.space": st.one_of(
        good(st.just(2).map(lambda size: objects.public("state_space")(size))),
        bad(st.sampled_from([None, 5, "space", object()]))),
    "dynamic_programming.policy_iteration.discount": values.reals(0.0, 0.95),
    "dynamic_programming.value_iteration.space": st.one_of(
        good(st.just(2).map(lambda size: objects.public("state_space")(size))),
        bad(st.sampled_from([None, 5, "space", object()]))),
    "value_iteration.successors": st.one_of(good(st.just(0).map(lambda _: objects.public("successors"))),
                                                     bad(st.sampled_from([None, 5, "successors"]))),
    "value_iteration.goal": st.one_of(good(st.just((1, 2, 3, 0))), bad(st.sampled_from([None, 5, "goal"]))),
    "dynamic_programming.expected_value.values": st.one_of(
        good(st.sampled_from([0.0, 0.5]).map(lambda v: __import__("numpy").full(12, v))),
        bad(st.sampled_from([None, "values", [math.nan] * 12, [0.0] * 3]))),
    "sarsa_update.old": values.REWARD_VALUES,
    "sarsa_update.reward": values.REWARD_VALUES,
    "show_policy.boards": st.one_of(good(st.just(None)), values.BOARD_LISTS),
    # the neural network of chapter 10 (issue 19): tiny networks, a few rows, a few steps
    **{f"{name}.network": objects.NETWORKS for name in ("forward", "predict", "backward", "train_supervised")},
    **{f"{name}.inputs": objects.NETWORK_INPUTS for name in ("forward", "predict", "train_supervised",
                                                            "Network.__call__")},
    **{f"{name}.targets": objects.ESTIMATES for name in ("loss", "backward", "train_supervised")},
    "loss.estimates": objects.ESTIMATES,
    "backward.outputs": objects.OUTPUTS,
    "Network.weights": objects.LAYERS["weights"],
    "Network.biases": objects.LAYERS["biases"],
    "predict.batch": values.ints(1, 5, neutral=[10**6]),
    "new_network.sizes": objects.LAYER_SIZES,
    **{f"{name}.overestimate_weight": NONNEGATIVE.filter(lambda arg: arg.garbage or arg.value > 0)
       for name in ("loss", "backward", "DaviSettings")},
    **{f"{name}.boards": objects.BOARD_BATCHES for name in ("children", "encode", "one_hot",
                                                            "tile_distances", "one_hot_and_distances")},
    "scramble.depths": objects.DEPTH_LISTS,
    "scramble.rng": objects.NUMPY_RNGS,
    **{f"{name}.encoding": objects.ENCODING_NAMES for name in ("encode", "input_width", "check_encoding")},
    "PatternDatabaseInputs.databases": objects.PATTERN_DATABASES,
    "PatternDatabaseInputs.one_hot": objects.STRICT_BOOLS,
    **{f"PatternDatabaseInputs.{name}.boards": objects.BOARD_BATCHES for name in ("entries", "__call__")},
    **{f"bootstrap_targets.{kind}": strategy for kind, strategy in objects.CHILD_ARRAYS.items()},
    "train_supervised.epochs": values.ints(1, 3),
    "train_supervised.batch_size": values.ints(1, 4),
    "train_supervised.learning_rate": NONNEGATIVE,
    "train_supervised.progress": objects.STRICT_BOOLS,
    "train_davi.network": objects.DAVI_NETWORKS,
    "train_davi.settings": objects.DAVI_SETTINGS,
    "train_davi.progress": objects.STRICT_BOOLS,
    "DaviSettings.size": values.SIZES,
    "DaviSettings.encoding": objects.ENCODING_NAMES,
    **{f"DaviSettings.{name}": values.ints(1, 10**6)
       for name in ("steps", "batch_size", "pool", "check_every", "max_wait")},
    **{f"DaviSettings.{name}": values.ints(0, 10**3) for name in ("first_depth", "depth_step")},
    "DaviSettings.max_depth": values.ints(2, 10**3),
    "DaviSettings.learning_rate": NONNEGATIVE,
    "DaviSettings.settled_loss": NONNEGATIVE,
    **{f"{name}.final_learning_rate": st.one_of(good(st.just(None)), NONNEGATIVE)
       for name in ("DaviSettings", "train_supervised")},

    "greedy_policy.boards": st.one_of(good(st.just(None)), values.BOARD_LISTS),
}
EXTRA_KEYWORDS = {  # for functions taking **keywords: what they may be given
    "solve": st.dictionaries(st.sampled_from(["max_expanded", "max_seconds", "weight", "reopen", "g_weight",
                                              "depth_limit", "colour", "heuristic"]), st.just(None), max_size=2),
    "save_table": objects.METADATA,
}
EXTRA_KEYWORDS["run_search"] = EXTRA_KEYWORDS["solution_search"] = EXTRA_KEYWORDS["solve"]
EXTRA_KEYWORDS["SokobondGame.plan"] = EXTRA_KEYWORDS["SokobondGame.hint"] = st.dictionaries(
    st.sampled_from(["max_expanded", "max_seconds", "colour"]), st.just(None), max_size=2)
MDP_REWARDS = st.dictionaries(st.sampled_from(["move_reward", "goal_reward", "goal"]), st.just(None), max_size=2)
for _name in ("evaluation_sweep", "policy_evaluation", "improve_policy", "policy_iteration",
              "value_iteration_slippery"):
    EXTRA_KEYWORDS[_name] = MDP_REWARDS
EXTRA_KEYWORDS["RecordEpisodeStatistics.reset"] = st.dictionaries(st.sampled_from(["seed", "options"]), st.just(None),
                                                                  max_size=2)
EXTRA_KEYWORDS["attempt"] = st.dictionaries(st.sampled_from(["board", "size"]), values.ANYTHING, max_size=1)
EXTRA_KEYWORDS["PuzzleBoard.sun_moon"] = st.dictionaries(st.sampled_from(["numbers", "hints", "max_seconds",
                                                                         "colour"]), st.just(None), max_size=2)
UNKNOWN_OPTIONS = {"colour"}  # keywords no function takes: must be refused
NOT_CALLED = {  # public names the generic fuzzing leaves out, and why
    "Problem": "an abstract interface: its methods raise NotImplementedError by design; SlidingPuzzle is fuzzed",
    "StateSpace.__init__": "the record state_space() returns, built from arrays computed there; state_space and "
                  "StateSpace.row are fuzzed",
    "SearchResult.__init__": "the record every search returns; its methods are fuzzed on results of real searches",
    "Solution.__init__": "the list of boards solve returns, with the search that found them; solve is fuzzed",
    "QHeuristic.__init__": "the record q_heuristic returns (a dict of learned distances and the rule for other "
                  "boards); q_heuristic and QHeuristic.__call__ are fuzzed",
    "main": "the command line: test_tables_and_cli.py builds argument lists for it",
    "play": "a widget factory taking **options of PuzzleBoard, which is fuzzed itself",
    "PolicyIterationResult": "the record policy_iteration returns; policy_iteration is fuzzed",
    "ValueIterationResult": "the record value_iteration returns; value_iteration is fuzzed",
}
# Public methods behind a door: a search checks the problem and its start once, then calls these on the states it
# makes itself, and they trust them (as Gymnasium keeps its checks in one checker, not in `step`). Their doors are
# fuzzed instead: the puzzle's constructor, the searches, `q_heuristic`; test_invariants checks them on good boards.
BEHIND_THE_DOOR = {
    **{f"SlidingPuzzle.{name}": "called by the searches on boards made from the checked start"
       for name in ("successors", "predecessors", "is_goal")},
    "TileCostPuzzle.step_cost": "called by uniform-cost search on boards made from the checked start",
    "QHeuristic.__call__": "called by the searches on their tuple boards (a learner's list is checked: test_learned)",
    "forward": "the network's layers, run by the trainers on every minibatch of inputs checked at their door",
    "backward": "the gradients of forward's outputs, run by the trainers on every minibatch",
}
# Targets whose failures are reported to their owners and not fixed here: they run, and show as xfailed (an xpass
# once fixed). Each needs a reason naming the finding and the owner.
KNOWN_OPEN: dict[str, str] = {}
FILE_FUNCTIONS = {"data_path"}  # functions that look files up by name: FileNotFoundError is an answer
EXAMPLES = {"PuzzleBoard": 12, "SearchExplorer": 12, "QLearningView": 6, "SokobondBoard": 12, "SokobondGame": 40,
            "q_learning_in_lanes": 40, "q_learning": 40, "QLearning.train": 25, "distance_table": 40,
            "breadth_first_distances": 40, "state_space": 40, "Solver": 40, "policy_mistakes": 60, "q_heuristic": 40,
            "learned_distances": 60}
DEFAULT_EXAMPLES = 110


def _factories():
    """How to build an instance of each public class whose methods are fuzzed."""
    p = objects.public
    return {
        "SlidingPuzzleGame": lambda: p("SlidingPuzzleGame")(3, seed=1),
        "SlidingPuzzle": lambda: p("SlidingPuzzle")((1, 2, 3, 4, 0, 6, 7, 5, 8)),
        "TileCostPuzzle": lambda: p("TileCostPuzzle", ["puzzlekit.sliding.puzzle"])((1, 2, 3, 4, 0, 6, 7, 5, 8)),
        "SlidingPuzzleEnv": lambda: objects.environment("3"),
        "QLearning": lambda: p("QLearning")(1.0, 0.9, 3, 20, 0.3, seed=0, size=2),
        "Solver": lambda: _cached("Solver", lambda: p("Solver")()),
        "QHeuristic": lambda: _cached("QHeuristic", lambda: p("q_heuristic")(objects.small_table())),
        "StateSpace": lambda: p("state_space")(2),
        "SearchResult": lambda: _cached("SearchResult",
                                        lambda: p("astar_search")((1, 2, 3, 0, 4, 6, 7, 5, 8), "manhattan")),
        "BoardPicture": lambda: p("show")((1, 2, 3, 0)),
        "PuzzleBoard": lambda: p("PuzzleBoard")(seed=0),
        "SearchExplorer": lambda: p("SearchExplorer")((1, 2, 3, 4, 0, 6, 7, 5, 8)),
        "QLearningView": lambda: p("QLearningView")(2),
        "SokobondPuzzle": lambda: p("SokobondPuzzle")(p("load_level", ["puzzlekit.sokobond"])("first")),
        "SokobondGame": lambda: p("SokobondGame")(p("load_level", ["puzzlekit.sokobond"])("first")),
        "SokobondBoard": lambda: p("SokobondBoard", ["puzzlekit", "puzzlekit.interfaces.widgets"])("first"),
        "Discrete": lambda: p("Discrete", ["puzzlekit.sliding.spaces"])(4),
        "Box": lambda: p("Box", ["puzzlekit.sliding.spaces"])(0, 8, (9,)),
        "RecordEpisodeStatistics": lambda: p("RecordEpisodeStatistics",
                                             ["puzzlekit.learning.wrappers"])(objects.environment("3")),
        "Network": lambda: objects.tiny_network(),
        "PatternDatabaseInputs": lambda: objects.tiny_pattern_inputs(),
        "DaviSettings": lambda: p("DaviSettings", ["puzzlekit.learning.neural"])(size=2, steps=3),
        "PolicyPicture": lambda: p("show_policy", ["puzzlekit.interfaces.policy_picture"])({(1, 2, 0, 3): "r"}),
    }


_CACHE: dict = {}


def _cached(key, make):
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


@dataclass(frozen=True)
class Target:
    """One public function, constructor or method: `name` is how it is looked up ("Class.method")."""

    name: str
    owner: object  # the function, or the class for a constructor or method
    method: str | None = None
    kind: str = "function"  # function, constructor, method, static

    def callable_(self):
        if self.kind in ("function", "constructor"):
            return self.owner
        if self.kind == "static":
            return getattr(self.owner, self.method)
        factory = _factories().get(self.owner.__name__)
        if factory is None:
            raise LookupError(f"no factory for {self.owner.__name__}: add one to fuzz_registry._factories "
                              f"so that {self.name} is fuzzed")
        return getattr(factory(), self.method)

    def signature(self):
        function = self.owner if self.kind == "function" else (
            self.owner.__init__ if self.kind == "constructor" else inspect.getattr_static(self.owner, self.method))
        if isinstance(function, (staticmethod, classmethod)):
            function = function.__func__
        parameters = list(inspect.signature(function).parameters.values())
        if self.kind in ("constructor", "method") or isinstance(
                inspect.getattr_static(self.owner, self.method or "__init__", None), classmethod):
            parameters = parameters[1:]  # self or cls
        return parameters

    @property
    def searches(self) -> bool:
        module = getattr(self.owner, "__module__", "") or ""
        return module.startswith(("puzzlekit.search", "puzzlekit.solving")) or self.name in ("SlidingPuzzle",)


@cache
def targets() -> tuple[Target, ...]:
    """Every public function, constructor and method of the public modules, each once."""
    found, seen, names = [], set(), set()
    for module_name in objects.PUBLIC_MODULES + objects.TABLE_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj) or id(obj) in seen or name in NOT_CALLED or (
                    name in BEHIND_THE_DOOR):
                continue
            seen.add(id(obj))
            if not (getattr(obj, "__module__", "") or "").startswith("puzzlekit"):
                continue  # an alias such as Board = tuple
            if not inspect.isclass(obj):
                # an engine named as its textbook twin (learning.textbook.value_iteration and
                # learning.dynamic_programming.value_iteration) is known by its module's name too
                twin = name in names and module_name.startswith("puzzlekit.learning")
                label = f"{module_name.rsplit('.', 1)[-1]}.{name}" if twin else name
                names.add(name)
                found.append(Target(label, obj))
                continue
            if obj.__init__ is not object.__init__ and f"{name}.__init__" not in NOT_CALLED:
                found.append(Target(name, obj, kind="constructor"))
            for method_name, member in vars(obj).items():
                if (method_name.startswith("_") and method_name != "__call__") or isinstance(member, property):
                    continue
                if not callable(member) and not isinstance(member, (staticmethod, classmethod)):
                    continue
                if f"{name}.{method_name}" in BEHIND_THE_DOOR:
                    continue
                kind = "static" if isinstance(member, (staticmethod, classmethod)) else "method"
                found.append(Target(f"{name}.{method_name}", obj, method_name, kind))
    return tuple(found)


def strategy_for(target: Target, parameter: inspect.Parameter):
    base = target.name.split(".")[0]
    for key in (f"{target.name}.{parameter.name}", f"{base}.{parameter.name}"):
        if key in OVERRIDES:
            return OVERRIDES[key]
    if target.searches and parameter.name in ("board", "start", "goal", "problem", "state"):
        return _search_inputs(parameter.name)
    if parameter.name == "problem":
        return _search_inputs("problem")
    if parameter.name in PARAMETERS:
        return PARAMETERS[parameter.name]
    raise LookupError(f"no strategy for parameter {parameter.name!r} of {target.name}: add one to "
                      f"fuzz_registry.PARAMETERS or OVERRIDES, or list {target.name} in NOT_CALLED with a reason")


def _problem(arg: Arg) -> Arg:
    return Arg(objects.public("SlidingPuzzle")(arg.value), False)


def _search_inputs(name: str):
    if name == "goal":
        return values.CHEAP_GOALS
    if name == "problem":
        solvable = st.one_of(values.scrambled(2, 8), values.scrambled(3, 12))
        return st.one_of(values.CHEAP_BOARDS, good(solvable).map(_problem),
                         bad(st.sampled_from([None, 5, "problem", object()])))
    return values.CHEAP_BOARDS


@st.composite
def calls_of(draw, target: Target):
    """Draw (args, kwargs, garbage) for one call of `target`."""
    args, kwargs, garbage = [], {}, False
    parameters = target.signature()
    names = {p.name for p in parameters}
    for parameter in parameters:
        required = parameter.default is inspect.Parameter.empty
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            extra = EXTRA_KEYWORDS.get(target.name)
            if extra is None:
                raise LookupError(f"no strategy for **{parameter.name} of {target.name}: add it to EXTRA_KEYWORDS")
            for key, value in draw(extra).items():
                if value is None:  # a named option: draw its value from the option's own strategy
                    value = bad(st.just(1)) if key in UNKNOWN_OPTIONS else PARAMETERS[key]
                    value = draw(value)
                kwargs[key] = value
            continue
        if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
            args.extend(draw(st.lists(strategy_for(target, parameter), max_size=3)))
            continue
        if not required and not draw(st.booleans()):
            continue
        arg = draw(strategy_for(target, parameter))
        if arg.value is None and parameter.default is None:
            arg = Arg(None)  # None is what the function takes when nothing is given: not garbage here
        if parameter.kind is inspect.Parameter.POSITIONAL_ONLY or (
                required and parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and len(args) == len(
                    [p for p in parameters[: parameters.index(parameter)] if p.kind is not p.KEYWORD_ONLY])):
            args.append(arg)
        else:
            kwargs[parameter.name] = arg
    _bound_the_work(target, names, kwargs)
    garbage = any(arg.garbage for arg in args) or any(arg.garbage for arg in kwargs.values())
    return [a.value for a in args], {k: a.value for k, a in kwargs.items()}, garbage


def _bound_the_work(target: Target, names: set, kwargs: dict) -> None:
    """Keep searches and trainers cheap: fuzz one limit at a time, the other set to a small valid value."""
    takes_options = target.name in ("solve", "run_search", "solution_search", "SokobondGame.plan", "SokobondGame.hint")
    if "max_expanded" in names or takes_options:
        if "max_expanded" in kwargs and "max_seconds" in kwargs:
            del kwargs["max_seconds"]
        if "max_expanded" not in kwargs:
            kwargs["max_expanded"] = Arg(3000)
        elif "max_seconds" in names or takes_options:
            kwargs["max_seconds"] = Arg(0.3)
    if "lanes" in names and "lanes" not in kwargs:
        kwargs["lanes"] = Arg(64)

"""Every public function, constructor and method on generated malformed and edge inputs.

Each call must return, or raise ValueError/TypeError with a message written for a person; a call
given an argument that is certainly garbage must not return. No call is timed: limits keep each small.
"""

import fuzz_registry as registry
import fuzzkit
import pytest
from fuzzkit import attempt, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

TARGETS = registry.targets()


def test_every_public_name_is_fuzzed():
    """Each public callable has a strategy for every parameter, or is listed in NOT_CALLED with a reason."""
    names = {target.name for target in TARGETS}
    assert {"move", "solve", "astar_search", "SlidingPuzzleEnv.step", "load_table", "save_table"} <= names
    missing = []
    for target in TARGETS:
        for parameter in target.signature():
            if parameter.kind is parameter.VAR_KEYWORD:
                if target.name not in registry.EXTRA_KEYWORDS:
                    missing.append(f"**{parameter.name} of {target.name}")
                continue
            try:
                registry.strategy_for(target, parameter)
            except LookupError:
                missing.append(f"{parameter.name} of {target.name}")
    assert not missing, f"no strategy for: {', '.join(missing)}"
    stale = (set(fuzzkit.RUNTIME_ERRORS) | set(registry.KNOWN_OPEN)) - names
    assert not stale, f"RUNTIME_ERRORS or KNOWN_OPEN name callables that are no longer public: {sorted(stale)}"


@pytest.mark.parametrize("target", [
    pytest.param(target, marks=pytest.mark.xfail(reason=registry.KNOWN_OPEN[target.name], strict=False))
    if target.name in registry.KNOWN_OPEN else target for target in TARGETS], ids=[target.name for target in TARGETS])
def test_public_callable(target, fuzz_workdir):
    """Works, or says clearly what is wrong; never crashes, never takes garbage."""
    examples = registry.EXAMPLES.get(target.name, registry.EXAMPLES.get(target.name.split(".")[0],
                                                                        registry.DEFAULT_EXAMPLES))

    reads_files = target.name in registry.FILE_FUNCTIONS or any(
        parameter.name == "file_name" for parameter in target.signature())

    @fuzz_settings(examples)
    @given(st.data())
    def run(data):
        args, kwargs, garbage = data.draw(registry.calls_of(target), label="call")
        function = target.callable_()
        attempt(function, *args, garbage=garbage, files=reads_files, label=target.name, **kwargs)

    run()


def test_the_rule_for_an_unclear_message():
    """Python's own words are unclear even when they hold "()"; an aside in brackets after our own words is not."""
    unclear = [TypeError("len() of unsized object"), TypeError("int() argument must be a string, not 'list'"),
               TypeError("f() takes 2 positional arguments but 3 were given"), ValueError(""),
               TypeError("object of type 'int' has no len()"), ZeroDivisionError("division by zero")]
    clear = [TypeError("inputs must be an array of numbers, got {} (float() argument must be a string or a number)"),
             ValueError("table.npz is damaged (Expecting value: line 1 column 1 (char 0))"),
             ValueError("board has 8 cells; a square board needs 4, 9, 16, 25, ... cells (2x2, 3x3, ...)")]
    assert [error for error in unclear if not fuzzkit.internal_message(error)] == []
    assert [error for error in clear if fuzzkit.internal_message(error)] == []

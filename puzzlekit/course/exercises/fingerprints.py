"""Fingerprints of code with names, docstrings, file names and line numbers set aside: from the bytecode (what
`exec`, `types.FunctionType` or a second load of a module keep) and from the syntax tree of the source (what a paste
into a cell keeps, local names renamed and docstring dropped). `puzzlekit.course.exercises.copies` compares them.

Bytecode is compared instruction by instruction, jumps by instruction number: the same source compiled alone or in its
module gives other bytes on Python 3.11 (`heapq.heappush` is a LOAD_METHOD alone, a LOAD_ATTR where heapq was imported).
"""

from __future__ import annotations

import ast
import dis
import hashlib
import inspect
import textwrap
import types

from ..syntax import parse

__all__ = []

#: A code object (with the code nested in it) of fewer instructions is never called a copy: `return state == self.goal`
#: is written the same way by everyone.
MIN_INSTRUCTIONS = 20
#: The same for a syntax tree: fewer nodes than this is too little to call a copy.
MIN_NODES = 40

# What a function does, in co_flags: not CO_NESTED, CO_NOFREE (where it was defined) nor the __future__ flags.
_FLAGS = (inspect.CO_OPTIMIZED | inspect.CO_NEWLOCALS | inspect.CO_VARARGS | inspect.CO_VARKEYWORDS
          | inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ITERABLE_COROUTINE | inspect.CO_ASYNC_GENERATOR)
_NOT_COUNTED = {0, 9, 151} & set(range(256))  # CACHE, NOP, RESUME: not instructions a reader wrote
_CODES: dict[int, tuple] = {}  # id(code) -> (code, digest, instructions): library code lives as long as the process


def code_fingerprint(code: types.CodeType) -> tuple[str, int]:
    """A digest of what `code` does (with the code objects nested in its constants), and how many instructions it has.

    Local names, the function's name, its docstring, file and line numbers do not count; global and attribute names,
    constants and the instructions do.

    Examples
    --------
    >>> def total(values):
    ...     "The sum."
    ...     return sum(value * 2 for value in values)
    >>> def other(numbers):
    ...     return sum(number * 2 for number in numbers)
    >>> code_fingerprint(total.__code__) == code_fingerprint(other.__code__)
    True
    >>> code_fingerprint(total.__code__)[0] == code_fingerprint((lambda values: sum(values)).__code__)[0]
    False
    """
    cached = _CODES.get(id(code))
    if cached is not None and cached[0] is code:
        return cached[1], cached[2]
    constants, instructions = [], sum(op not in _NOT_COUNTED for op in code.co_code[::2])
    for index, constant in enumerate(code.co_consts):
        if isinstance(constant, types.CodeType):
            digest, size = code_fingerprint(constant)
            constants.append(("code", digest))
            instructions += size
        elif index == 0 and isinstance(constant, str) and not code.co_name.startswith("<"):
            constants.append(_constant(None))  # a docstring (a function without one has None here)
        else:
            constants.append(_constant(constant))
    operations, handlers = _operations(code)
    parts = (operations, code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount, code.co_nlocals,
             code.co_flags & _FLAGS, code.co_names, tuple(constants), handlers)
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()
    _CODES[id(code)] = (code, digest, instructions)
    return digest, instructions


#: Instructions that differ between two compilations of the same source: Python 3.11 calls `module.f()` by LOAD_ATTR
#: where the module was imported in the same file and by LOAD_METHOD where it was not (a function's source run alone).
_SAME_AS = {"LOAD_METHOD": "LOAD_ATTR"}
_SKIPPED = {"NOP", "EXTENDED_ARG", "CACHE", "RESUME"}
_BY_VALUE = {"LOAD_GLOBAL", "LOAD_ATTR", "LOAD_METHOD"}  # the oparg also holds a flag (push NULL, a method)


def _operations(code: types.CodeType) -> tuple[tuple, tuple]:
    """The instructions of `code` as (operation, argument) with jump targets as instruction numbers, not byte
    offsets, and its exception handlers the same way: what stays the same however the source was compiled."""
    instructions = list(dis.get_instructions(code))
    number, kept = {}, 0
    for instruction in instructions:
        number[instruction.offset] = kept
        kept += instruction.opname not in _SKIPPED
    operations = []
    jumps = set(dis.hasjrel) | set(dis.hasjabs)
    for instruction in instructions:
        if instruction.opname in _SKIPPED:
            continue
        name = _SAME_AS.get(instruction.opname, instruction.opname)
        if instruction.opcode in jumps:
            argument = number.get(instruction.argval, instruction.argval)
        elif instruction.opname in _BY_VALUE:
            argument = instruction.argval
        else:
            argument = instruction.arg
        operations.append((name, argument))
    table = getattr(dis, "_parse_exception_table", None)  # Python 3.11 and later
    handlers = () if table is None else tuple(
        (number.get(entry.start), number.get(entry.end), number.get(entry.target), entry.depth, entry.lasti)
        for entry in table(code))
    return tuple(operations), handlers


def _constant(value):
    """A constant as a stable, typed value (a frozenset's order may differ between two equal sets)."""
    if isinstance(value, frozenset):
        return ("frozenset", tuple(sorted(repr(_constant(item)) for item in value)))
    if isinstance(value, tuple):
        return ("tuple", tuple(_constant(item) for item in value))
    return (type(value).__name__, repr(value))


def source_fingerprint(function) -> tuple[str, int] | None:
    """A digest of the syntax tree of `function`'s source with names canonical, and its size; None without source.

    Local names (arguments, assigned names, nested functions) are renamed in order of appearance; the function's name,
    its docstring, annotations, comments and layout do not count.

    Examples
    --------
    >>> def total(values):
    ...     "The sum, doubled."
    ...     result = 0
    ...     for value in values:
    ...         result += 2 * value
    ...     return result
    >>> def mine(numbers: list) -> int:
    ...     s = 0
    ...     for n in numbers:    # the same code with other names
    ...         s += 2 * n
    ...     return s
    >>> source_fingerprint(total) == source_fingerprint(mine)
    True
    """
    try:
        tree = parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError, ValueError):  # built-ins, exec'd strings, a lambda mid-expression
        return None
    node = next((node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                      ast.Lambda))), None)
    return None if node is None else _tree_fingerprint(node)


def _tree_fingerprint(function: ast.AST) -> tuple[str, int]:
    """The digest and node count of a function's syntax tree, its local names canonical."""
    local, declared_global = {}, set()
    for node in ast.walk(function):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared_global.update(node.names)
    for node in ast.walk(function):
        if isinstance(node, ast.arg):
            name = node.arg
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            name = node.id
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not function:
            name = node.name
        elif isinstance(node, ast.alias):
            name = (node.asname or node.name).split(".")[0]
        elif isinstance(node, ast.ExceptHandler) and node.name:
            name = node.name
        else:
            continue
        if name not in declared_global:
            local.setdefault(name, f"v{len(local)}")
    count = [0]

    def dump(node) -> str:
        if isinstance(node, list):
            return "[" + ",".join(dump(item) for item in node) + "]"
        if not isinstance(node, ast.AST):
            return repr(node)
        count[0] += 1
        if isinstance(node, ast.Name):
            return f"N({local.get(node.id, node.id)})"
        fields = []
        for field, value in ast.iter_fields(node):
            if field in ("annotation", "returns", "type_comment", "type_params"):
                continue
            if field == "body" and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _docstring(value):
                value = value[1:]
            if field in ("name", "arg", "asname") and isinstance(value, str) and not isinstance(node, ast.keyword) \
                    and not (field == "name" and isinstance(node, ast.alias)):  # f(x=...) and `import x` keep names
                value = "_" if node is function else local.get(value, value)
            fields.append(f"{field}={dump(value)}")
        return f"{type(node).__name__}({','.join(fields)})"

    text = dump(function)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest(), count[0]


def _docstring(body: list) -> bool:
    return bool(body) and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(
        body[0].value.value, str)

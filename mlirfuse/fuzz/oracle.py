"""A numpy interpreter of fuzz programs: an oracle independent of MLIR.

The differential check compares fused against unfused code, both compiled by
MLIR; this interpreter checks the unfused side (the generator's printing and
the fuzzer's CPU lowering) against numpy, so a bug shared by both sides of the
differential check would still show.
"""

from __future__ import annotations

import numpy as np

from mlirfuse.fuzz.oracle_model import MODEL_OPS, read_view, round_to
from mlirfuse.fuzz.program import NUMPY_DTYPES, Op, Program

_BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
    "div": np.divide,
}


def _unary(fn: str, x: np.ndarray) -> np.ndarray:
    is_int = x.dtype == np.int32
    if fn == "neg":
        return -x
    if fn == "assert":
        return x
    if fn == "relu":
        return np.maximum(x, 0)
    if fn == "square":
        return x * x
    if fn == "scale":
        return x * (3 if is_int else x.dtype.type(0.5))
    table = {"tanh": np.tanh, "exp": np.exp, "abs": np.abs}
    if fn in table:
        return table[fn](x)
    if fn == "sqrtabs":
        return np.sqrt(np.abs(x))
    if fn == "rsqrt":
        return 1 / np.sqrt(x)
    if ":" in fn:  # "mulc:V" / "addc:V"
        name, value = fn.split(":")
        constant = x.dtype.type(float(value))
        return x * constant if name == "mulc" else x + constant
    raise ValueError(fn)


def _chain(views: list[np.ndarray], fns: list[str], elem: str) -> np.ndarray:
    """Binary combiners then unary steps, rounded after each step as the
    lowering computes low-precision floats (in f32, rounded per op)."""
    acc = round_to(views[0], elem)
    fns = list(fns)
    for other in views[1:]:
        acc = round_to(_BINARY[fns.pop(0)](acc, other), elem)
    for fn in fns:
        acc = round_to(_unary(fn, acc), elem)
    return acc


def read_all(op: Op, args: list[np.ndarray], elem: str) -> list[np.ndarray]:
    """The inputs of an all-parallel op in its space, converted to `elem`."""
    dtype = np.dtype(NUMPY_DTYPES[elem])
    views = [read_view(a, m, op.result.rank) for a, m in zip(args, op.maps, strict=True)]
    return [round_to(v.astype(dtype), elem) for v in views]


def _evaluate(op: Op, env: dict[str, np.ndarray]) -> np.ndarray:
    dtype = np.dtype(NUMPY_DTYPES[op.result.elem])
    args = [env[n] for n in op.inputs]
    if op.kind in MODEL_OPS:
        return MODEL_OPS[op.kind](op, args, env)
    if op.kind == "ew":
        acc = _chain(read_all(op, args, op.result.elem), op.fns, op.result.elem)
        return np.broadcast_to(acc, op.result.shape).astype(dtype)
    if op.kind == "named":
        return round_to(_BINARY[op.fns[0]](args[0], args[1]).astype(dtype), op.result.elem)
    if op.kind == "transpose":
        return np.transpose(args[0], op.perm).copy()
    if op.kind == "reduce":
        x = _chain([args[0].astype(dtype)], op.fns[1:], op.result.elem)
        reducer = np.sum if op.fns[0] == "add" else np.max
        dims = tuple(op.params.get("dims", (op.dim,)))
        return round_to(reducer(x, axis=dims).astype(dtype), op.result.elem)
    if op.kind == "matmul":
        return np.matmul(args[0], args[1]).astype(dtype)
    if op.kind == "batch_matmul":
        return np.matmul(args[0], args[1]).astype(dtype)
    if op.kind == "pad":
        rank = op.result.rank
        widths = list(zip(op.perm[:rank], op.perm[rank:], strict=True))
        value = op.params.get("value", 7 if dtype == np.int32 else 0.25)
        return np.pad(args[0], widths, constant_values=value).astype(dtype)
    if op.kind in ("expand", "collapse"):
        return args[0].reshape(op.result.shape)
    raise ValueError(op.kind)


def _two_results(op: Op, env: dict[str, np.ndarray]) -> None:
    assert op.second is not None
    source = env[op.inputs[0]]
    if op.kind == "argmax":
        env[op.result.name] = np.max(source, axis=op.dim)
        env[op.second.name] = np.argmax(source, axis=op.dim).astype(np.int32)
        return
    args = [env[n] for n in op.inputs]
    first = _chain(read_all(op, args, op.result.elem), op.fns, op.result.elem)
    env[op.result.name] = np.broadcast_to(first, op.result.shape).copy()
    elem = op.second.elem
    x = read_view(source, op.maps[0], op.result.rank).astype(NUMPY_DTYPES[elem])
    second = _chain([round_to(x, elem)], list(op.params["fns2"]), elem)
    env[op.second.name] = np.broadcast_to(second, op.second.shape).copy()


def interpret(program: Program, inputs: list[np.ndarray]) -> list[np.ndarray]:
    env = {arg.name: x for arg, x in zip(program.args, inputs, strict=True)}
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        for op in program.ops:
            if op.second is not None:
                _two_results(op, env)
            elif op.kind != "check":  # asserts never fire on the generated inputs
                env[op.result.name] = _evaluate(op, env)
    return [env[name] for name in program.results]

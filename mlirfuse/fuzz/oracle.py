"""A numpy interpreter of fuzz programs: an oracle independent of MLIR.

The differential check compares fused against unfused code, both compiled by
MLIR; this interpreter checks the unfused side (the generator's printing and
the fuzzer's CPU lowering) against numpy, so a bug shared by both sides of the
differential check would still show.
"""

from __future__ import annotations

import numpy as np

from mlirfuse.fuzz.program import NUMPY_DTYPES, Op, Program

_BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
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
    raise ValueError(fn)


def _read(value: np.ndarray, dims: tuple[int, ...], out_rank: int) -> np.ndarray:
    """View `value` (indexed by output dims `dims`) in the output's iteration
    space, with broadcast axes of size 1."""
    order = sorted(range(len(dims)), key=lambda j: dims[j])
    moved = np.transpose(value, order) if len(dims) > 1 else value
    shape = [1] * out_rank
    for j in order:
        shape[dims[j]] = value.shape[j]
    return moved.reshape(shape)


def _evaluate(op: Op, env: dict[str, np.ndarray]) -> np.ndarray:
    dtype = np.dtype(NUMPY_DTYPES[op.result.elem])
    args = [env[n] for n in op.inputs]
    if op.kind == "ew":
        views = [
            _read(a, m, op.result.rank).astype(dtype) for a, m in zip(args, op.maps, strict=True)
        ]
        acc = views[0]
        fns = list(op.fns)
        for other in views[1:]:
            acc = _BINARY[fns.pop(0)](acc, other)
        for fn in fns:
            acc = _unary(fn, acc)
        return np.broadcast_to(acc, op.result.shape).astype(dtype)
    if op.kind == "named":
        return _BINARY[op.fns[0]](args[0], args[1]).astype(dtype)
    if op.kind == "transpose":
        return np.transpose(args[0], op.perm).copy()
    if op.kind == "reduce":
        x = args[0].astype(dtype)
        for fn in op.fns[1:]:
            x = _unary(fn, x)
        reducer = np.sum if op.fns[0] == "add" else np.max
        return reducer(x, axis=op.dim).astype(dtype)
    if op.kind == "matmul":
        return np.matmul(args[0], args[1]).astype(dtype)
    if op.kind == "batch_matmul":
        return np.matmul(args[0], args[1]).astype(dtype)
    if op.kind == "pad":
        rank = op.result.rank
        widths = list(zip(op.perm[:rank], op.perm[rank:], strict=True))
        value = 7 if dtype == np.int32 else 0.25
        return np.pad(args[0], widths, constant_values=value).astype(dtype)
    if op.kind in ("expand", "collapse"):
        return args[0].reshape(op.result.shape)
    raise ValueError(op.kind)


def interpret(program: Program, inputs: list[np.ndarray]) -> list[np.ndarray]:
    env = {arg.name: x for arg, x in zip(program.args, inputs, strict=True)}
    with np.errstate(over="ignore", invalid="ignore"):
        for op in program.ops:
            if op.kind == "argmax" and op.second is not None:
                source = env[op.inputs[0]]
                env[op.result.name] = np.max(source, axis=op.dim)
                env[op.second.name] = np.argmax(source, axis=op.dim).astype(np.int32)
                continue
            env[op.result.name] = _evaluate(op, env)
    return [env[name] for name in program.results]

"""The numpy oracle of the model-shaped ops (mlirfuse.fuzz.render prints
them): convolutions, masks and selects, gathers, constants, slices, concats;
and the rounding of f16/bf16 values, which the oracle keeps as float32."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mlirfuse.fuzz.program import NUMPY_DTYPES, Op

Env = dict[str, np.ndarray]


def round_to(x: np.ndarray, elem: str) -> np.ndarray:
    """`x` (float32) rounded to nearest-even `elem` when that is f16 or bf16."""
    if elem == "f16":
        return np.asarray(x, np.float32).astype(np.float16).astype(np.float32)
    if elem != "bf16":
        return x
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return rounded.astype(np.uint32).view(np.float32)


def _windows(x: np.ndarray, kh: int, kw: int, stride: int, oh: int, ow: int) -> np.ndarray:
    return x[:, :, kh : kh + stride * oh : stride, kw : kw + stride * ow : stride]


def _conv(op: Op, args: list[np.ndarray], env: Env) -> np.ndarray:
    x, w = args
    stride, variant = op.params["stride"], op.params["variant"]
    _, f, oh, ow = op.result.shape
    out = np.zeros(op.result.shape, dtype=x.dtype)
    groups = op.params.get("groups", 1)
    for kh in range(w.shape[-2]):
        for kw in range(w.shape[-1]):
            xs = _windows(x, kh, kw, stride, oh, ow)
            if variant == "depthwise":
                out += xs * w[None, :, kh, kw, None, None]
                continue
            cg, fg = x.shape[1] // groups, f // groups
            for g in range(groups):
                part = xs[:, g * cg : (g + 1) * cg]
                taps = w[g * fg : (g + 1) * fg, :, kh, kw]
                out[:, g * fg : (g + 1) * fg] += np.einsum("nchw,fc->nfhw", part, taps)
    return out


def read_view(value: np.ndarray, dims: tuple[int, ...], out_rank: int) -> np.ndarray:
    """View `value` (indexed by output dims `dims`) in the output's iteration
    space, with broadcast axes of size 1."""
    order = sorted(range(len(dims)), key=lambda j: dims[j])
    moved = np.transpose(value, order) if len(dims) > 1 else value
    shape = [1] * out_rank
    for j in order:
        shape[dims[j]] = value.shape[j]
    return moved.reshape(shape)


def _mask(op: Op, args: list[np.ndarray], env: Env) -> np.ndarray:
    if op.params["kind"] == "causal":
        i, j = op.params["dims"]
        grid = np.indices(op.result.shape)
        return np.asarray(grid[i] >= grid[j])
    view = read_view(args[0], op.maps[0], op.result.rank)
    return np.broadcast_to(view > 0, op.result.shape).copy()


def _where(op: Op, args: list[np.ndarray], env: Env) -> np.ndarray:
    rank = op.result.rank
    dtype = NUMPY_DTYPES[op.result.elem]
    views = [read_view(a, m, rank) for a, m in zip(args, op.maps, strict=True)]
    other = views[2] if len(views) > 2 else np.array(op.params["other"])
    picked = np.where(views[0], views[1].astype(dtype), np.asarray(other).astype(dtype))
    return round_to(np.broadcast_to(picked, op.result.shape).astype(dtype), op.result.elem)


def _gather(op: Op, args: list[np.ndarray], env: Env) -> np.ndarray:
    idx, table = args
    return table[np.clip(idx, 0, table.shape[0] - 1)].copy()


def _const(op: Op, args: list[np.ndarray], env: Env) -> np.ndarray:
    values = np.array(op.params["values"], dtype=NUMPY_DTYPES[op.result.elem])
    return values.reshape(op.result.shape)


def _slice(op: Op, args: list[np.ndarray], env: Env) -> np.ndarray:
    index = tuple(
        slice(o, o + s * st, st)
        for o, s, st in zip(
            op.params["offsets"], op.params["sizes"], op.params["strides"], strict=True
        )
    )
    return args[0][index].copy()


def _concat(op: Op, args: list[np.ndarray], env: Env) -> np.ndarray:
    return np.concatenate(args, axis=op.params["dim"])


MODEL_OPS: dict[str, Callable[[Op, list[np.ndarray], Env], np.ndarray]] = {
    "conv": _conv,
    "mask": _mask,
    "where": _where,
    "gather": _gather,
    "const": _const,
    "slice": _slice,
    "concat": _concat,
}

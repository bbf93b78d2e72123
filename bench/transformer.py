"""A generator of transformer stacks written in Linalg on tensors (f32, static).

One block: LayerNorm, Q/K/V matmuls sharing their input, single-head
attention (Q·Kᵀ, scale, softmax, ·V), output projection + bias + residual,
LayerNorm, MLP (matmul + bias, tanh-GELU, matmul + bias) + residual. Weights
are function arguments, as torch-mlir exports them. `transformer_stack(n)`
returns the MLIR text of an n-block function.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator


class _Writer:
    def __init__(self, seq: int, dim: int, hidden: int) -> None:
        self.seq, self.dim, self.hidden = seq, dim, hidden
        self.lines: list[str] = []
        self.args: list[str] = []
        self.ids: Iterator[int] = itertools.count()

    def fresh(self) -> str:
        return f"%v{next(self.ids)}"

    def arg(self, shape: tuple[int, ...]) -> str:
        name = f"%w{len(self.args)}"
        self.args.append(f"{name}: {ty(shape)}")
        return name

    def empty(self, shape: tuple[int, ...]) -> str:
        name = self.fresh()
        self.lines.append(f"  {name} = tensor.empty() : {ty(shape)}")
        return name

    def filled(self, shape: tuple[int, ...], value: str) -> str:
        init, const, name = self.empty(shape), self.fresh(), self.fresh()
        self.lines.append(f"  {const} = arith.constant {value} : f32")
        self.lines.append(
            f"  {name} = linalg.fill ins({const} : f32) outs({init} : {ty(shape)}) -> {ty(shape)}"
        )
        return name

    def generic(
        self,
        inputs: list[tuple[str, tuple[int, ...], str]],
        out_shape: tuple[int, ...],
        body: list[str],
        init: str | None = None,
        reduce_last: bool = False,
    ) -> str:
        """inputs: (value, shape, map results); body uses %a0.. and %acc, yields %r."""
        rank = len(out_shape) + (1 if reduce_last else 0)
        dims = ", ".join(f"d{i}" for i in range(rank))
        maps = [f"affine_map<({dims}) -> ({m})>" for _, _, m in inputs]
        out_dims = ", ".join(f"d{i}" for i in range(len(out_shape)))
        maps.append(f"affine_map<({dims}) -> ({out_dims})>")
        iters = ['"parallel"'] * len(out_shape) + (['"reduction"'] if reduce_last else [])
        init = init or self.empty(out_shape)
        name = self.fresh()
        ins = ", ".join(v for v, _, _ in inputs)
        types = ", ".join(ty(s) for _, s, _ in inputs)
        self.lines.append(
            f"  {name} = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = "
            f"[{', '.join(iters)}]}} ins({ins} : {types}) outs({init} : {ty(out_shape)}) {{"
        )
        block_args = ", ".join(f"%a{i}: f32" for i in range(len(inputs)))
        self.lines.append(f"  ^bb0({block_args}, %acc: f32):")
        self.lines += [f"    {line}" for line in body]
        self.lines.append("    linalg.yield %r : f32")
        self.lines.append(f"  }} -> {ty(out_shape)}")
        return name

    def matmul(self, lhs: str, rhs: str, m: int, k: int, n: int) -> str:
        init, name = self.filled((m, n), "0.000000e+00"), self.fresh()
        self.lines.append(
            f"  {name} = linalg.matmul ins({lhs}, {rhs} : {ty((m, k))}, {ty((k, n))}) "
            f"outs({init} : {ty((m, n))}) -> {ty((m, n))}"
        )
        return name

    def transpose(self, value: str, rows: int, cols: int) -> str:
        init, name = self.empty((cols, rows)), self.fresh()
        self.lines.append(
            f"  {name} = linalg.transpose ins({value} : {ty((rows, cols))}) outs({init} : {ty((cols, rows))}) permutation = [1, 0]"
        )
        return name


def ty(shape: tuple[int, ...]) -> str:
    return f"tensor<{'x'.join(str(s) for s in shape)}xf32>"


ROW = "d0, d1"
BCAST_ROW = "d0"  # a per-row value broadcast along the columns
BCAST_COL = "d1"  # a per-column vector (bias, gamma) broadcast along the rows


def layernorm(w: _Writer, x: str) -> str:
    s, d = w.seq, w.dim
    total = w.generic(
        [(x, (s, d), ROW)],
        (s,),
        ["%r = arith.addf %a0, %acc : f32"],
        w.filled((s,), "0.000000e+00"),
        True,
    )
    inv = f"{1.0 / d:e}"
    mean = w.generic(
        [(total, (s,), "d0")],
        (s,),
        [f"%c = arith.constant {inv} : f32", "%r = arith.mulf %a0, %c : f32"],
    )
    centered = w.generic(
        [(x, (s, d), ROW), (mean, (s,), BCAST_ROW)], (s, d), ["%r = arith.subf %a0, %a1 : f32"]
    )
    square_sum = w.generic(
        [(centered, (s, d), ROW)],
        (s,),
        ["%q = arith.mulf %a0, %a0 : f32", "%r = arith.addf %q, %acc : f32"],
        w.filled((s,), "0.000000e+00"),
        True,
    )
    gamma, beta = w.arg((d,)), w.arg((d,))
    body = [
        f"%c = arith.constant {inv} : f32",
        "%eps = arith.constant 9.99999974E-6 : f32",
        "%var = arith.mulf %a1, %c : f32",
        "%ve = arith.addf %var, %eps : f32",
        "%rs = math.rsqrt %ve : f32",
        "%n = arith.mulf %a0, %rs : f32",
        "%g = arith.mulf %n, %a2 : f32",
        "%r = arith.addf %g, %a3 : f32",
    ]
    inputs = [
        (centered, (s, d), ROW),
        (square_sum, (s,), BCAST_ROW),
        (gamma, (d,), BCAST_COL),
        (beta, (d,), BCAST_COL),
    ]
    return w.generic(inputs, (s, d), body)


def linear(w: _Writer, x: str, k: int, n: int, bias: bool = True) -> str:
    weight = w.arg((k, n))
    out = w.matmul(x, weight, w.seq, k, n)
    if not bias:
        return out
    b = w.arg((n,))
    return w.generic(
        [(out, (w.seq, n), ROW), (b, (n,), BCAST_COL)],
        (w.seq, n),
        ["%r = arith.addf %a0, %a1 : f32"],
    )


def attention(w: _Writer, x: str) -> str:
    s, d = w.seq, w.dim
    q, k, v = (linear(w, x, d, d, bias=False) for _ in range(3))
    scores = w.matmul(q, w.transpose(k, s, d), s, d, s)
    scale = f"{d**-0.5:e}"
    scaled = w.generic(
        [(scores, (s, s), ROW)],
        (s, s),
        [f"%c = arith.constant {scale} : f32", "%r = arith.mulf %a0, %c : f32"],
    )
    row_max = w.generic(
        [(scaled, (s, s), ROW)],
        (s,),
        ["%r = arith.maximumf %a0, %acc : f32"],
        w.filled((s,), "0xFF800000"),
        True,
    )
    exp = w.generic(
        [(scaled, (s, s), ROW), (row_max, (s,), BCAST_ROW)],
        (s, s),
        ["%t = arith.subf %a0, %a1 : f32", "%r = math.exp %t : f32"],
    )
    total = w.generic(
        [(exp, (s, s), ROW)],
        (s,),
        ["%r = arith.addf %a0, %acc : f32"],
        w.filled((s,), "0.000000e+00"),
        True,
    )
    probs = w.generic(
        [(exp, (s, s), ROW), (total, (s,), BCAST_ROW)], (s, s), ["%r = arith.divf %a0, %a1 : f32"]
    )
    context = w.matmul(probs, v, s, s, d)
    return linear(w, context, d, d)


def gelu(w: _Writer, x: str, n: int) -> str:
    body = [
        "%half = arith.constant 5.000000e-01 : f32",
        "%one = arith.constant 1.000000e+00 : f32",
        "%k = arith.constant 7.978845e-01 : f32",
        "%c = arith.constant 4.471500e-02 : f32",
        "%x3 = arith.mulf %a0, %a0 : f32",
        "%x3b = arith.mulf %x3, %a0 : f32",
        "%t1 = arith.mulf %x3b, %c : f32",
        "%t2 = arith.addf %a0, %t1 : f32",
        "%t3 = arith.mulf %t2, %k : f32",
        "%t4 = math.tanh %t3 : f32",
        "%t5 = arith.addf %t4, %one : f32",
        "%t6 = arith.mulf %t5, %half : f32",
        "%r = arith.mulf %t6, %a0 : f32",
    ]
    return w.generic([(x, (w.seq, n), ROW)], (w.seq, n), body)


def residual(w: _Writer, a: str, b: str) -> str:
    shape = (w.seq, w.dim)
    return w.generic([(a, shape, ROW), (b, shape, ROW)], shape, ["%r = arith.addf %a0, %a1 : f32"])


def block(w: _Writer, x: str) -> str:
    h = residual(w, x, attention(w, layernorm(w, x)))
    mlp = linear(w, gelu(w, linear(w, layernorm(w, h), w.dim, w.hidden), w.hidden), w.hidden, w.dim)
    return residual(w, h, mlp)


def transformer_stack(layers: int, seq: int = 128, dim: int = 256, hidden: int = 1024) -> str:
    w = _Writer(seq, dim, hidden)
    x = w.arg((seq, dim))
    for _ in range(layers):
        x = block(w, x)
    out = ty((seq, dim))
    header = f"func.func @transformer_{layers}({', '.join(w.args)}) -> {out} {{"
    return "\n".join([header, *w.lines, f"  return {x} : {out}", "}"]) + "\n"

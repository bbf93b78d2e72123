"""Model-shaped features the generator draws, in the IR shapes torch-mlir
gives real models (models/*.mlir), kept small so the oracle stays fast:

- convolutions: 2-D NCHW, depthwise, grouped, strided, padded by tensor.pad;
- attention: batch_matmul against a linalg.transpose'd key, an additive mask
  or a boolean one (i1 + arith.select, causal or from data), softmax;
- LayerNorm / RMSNorm / GroupNorm / BatchNorm statistics, variance in f64
  (extf inside the reduction, truncf after) or f32;
- half precision: f32 truncated to f16/bf16, a few ops, extended back;
- tensor.extract_slice, tensor.concat, tensor.extract gathers, two-result
  generics with a dead result, result-less generics holding a cf.assert.
"""

from __future__ import annotations

import math

from mlirfuse.fuzz.builder_core import BuilderCore
from mlirfuse.fuzz.program import Op, Value

_EPS = "addc:1e-05"


def _const(name: str, value: float) -> str:
    """A unary step with a constant operand, printed as the renderer prints it."""
    return f"{name}:{value:.9e}"


_LOW_UNARY = ("neg", "relu", "scale", "square")


class ModelFeatures(BuilderCore):
    # -- helpers ---------------------------------------------------------------

    def ew(
        self,
        inputs: list[Value],
        maps: list[tuple[int, ...]],
        fns: list[str],
        like: Value,
        elem: str | None = None,
        bound: float = 1.0,
    ) -> Value:
        """An elementwise generic over `like`'s space with exactly these fns."""
        result = self.result(like.shape, elem or like.elem, like.dyn, bound)
        return self.emit(Op("ew", [v.name for v in inputs], result, maps=maps, fns=fns))

    def reduce(self, source: Value, dims: tuple[int, ...], fns: list[str], elem: str) -> Value:
        keep = [d for d in range(source.rank) if d not in dims]
        size = math.prod(source.shape[d] for d in dims)
        shape = tuple(source.shape[d] for d in keep)
        result = self.result(shape, elem, tuple(source.dyn[d] for d in keep), source.bound * size)
        params = {"dims": dims} if len(dims) > 1 else {}
        return self.emit(Op("reduce", [source.name], result, fns=fns, dim=dims[0], params=params))

    def float_source(
        self, rank: int, static: bool = True, elems: tuple[str, ...] = ("f32", "f64")
    ) -> Value:
        """A recent float value of this rank, or a fresh argument."""
        fits = [
            v
            for v in self.all_values()
            if v.rank == rank and v.elem in elems and not (static and any(v.dyn))
        ]
        if fits and self.rng.random() < 0.7:
            return self.squashed(self.pick(fits))
        shape = tuple(self.rng.choice((1, 2, 3, 4, 5)) for _ in range(rank))
        return self.new_arg(
            shape, "f32" if self.rng.random() < 0.8 or "f64" not in elems else "f64"
        )

    def squashed(self, value: Value, limit: float = 8.0) -> Value:
        if value.bound <= limit:
            return value
        ident = tuple(range(value.rank))
        return self.ew([value], [ident], ["tanh"], value)

    def reshaped(
        self, kind: str, source: Value, groups: list[list[int]], shape: tuple[int, ...]
    ) -> Value:
        result = self.result(shape, source.elem, (), source.bound)
        return self.emit(Op(kind, [source.name], result, groups=groups))

    # -- convolutions ----------------------------------------------------------

    def op_conv(self) -> Value:
        x = self.float_source(4)
        n, c, h, w = x.shape
        pad = self.rng.choice((0, 0, 1))
        if pad:
            shape = (n, c, h + 2 * pad, w + 2 * pad)
            padded = self.result(shape, x.elem, (), x.bound)
            lows = (0, 0, pad, pad)
            x = self.emit(Op("pad", [x.name], padded, perm=lows + lows, params={"value": 0.0}))
            h, w = h + 2 * pad, w + 2 * pad
        k = self.rng.choice([s for s in (1, 2, 3) if s <= min(h, w)])
        stride = self.rng.choice((1, 1, 2))
        variant = self.rng.choice(("plain", "plain", "depthwise", "grouped"))
        groups = 2 if variant == "grouped" and c % 2 == 0 else 1
        if variant == "grouped" and groups == 1:
            variant = "plain"
        if variant == "depthwise":
            weight, f = self.new_arg((c, k, k), x.elem), c
        else:
            f = groups * self.rng.choice((1, 2))
            weight = self.new_arg((f, c // groups, k, k), x.elem)
        shape = (n, f, (h - k) // stride + 1, (w - k) // stride + 1)
        result = self.result(shape, x.elem, (), x.bound * c * k * k)
        params = {"stride": stride, "variant": variant, "groups": groups}
        return self.emit(Op("conv", [x.name, weight.name], result, params=params))

    # -- attention ---------------------------------------------------------------

    def op_attention(self) -> Value:
        q = self.float_source(3)
        b, s, d = q.shape
        k = self.new_arg((b, s, d), q.elem)
        kt = self.result((b, d, s), q.elem, (), k.bound)
        kt = self.emit(Op("transpose", [k.name], kt, perm=(0, 2, 1)))
        scores = self.result((b, s, s), q.elem, (), q.bound * d)
        scores = self.emit(Op("batch_matmul", [q.name, kt.name], scores))
        scale = _const("mulc", 1 / math.sqrt(d))
        scores = self.ew([scores], [(0, 1, 2)], [scale], scores, bound=scores.bound)
        scores = self.masked(scores)
        top = self.reduce(scores, (2,), ["max"], scores.elem)
        top.bound = scores.bound
        e = self.ew([scores, top], [(0, 1, 2), (0, 1)], ["sub", "exp"], scores)
        total = self.reduce(e, (2,), ["add"], e.elem)
        p = self.ew([e, total], [(0, 1, 2), (0, 1)], ["div"], e)
        v = self.new_arg((b, s, d), q.elem)
        out = self.result((b, s, d), q.elem, (), float(s))
        out = self.emit(Op("batch_matmul", [p.name, v.name], out))
        if self.rng.random() < 0.5:  # heads back to (b, d, s), as torch-mlir permutes
            moved = self.result((b, d, s), q.elem, (), out.bound)
            out = self.emit(Op("transpose", [out.name], moved, perm=(0, 2, 1)))
        return out

    def masked(self, scores: Value) -> Value:
        """An additive mask (an argument), or select(i1 mask, scores, -1e4)."""
        b, s, _ = scores.shape
        choice = self.rng.choice(("additive", "causal", "data", "none"))
        if choice == "additive":
            mask = self.new_arg((b, s), scores.elem)  # broadcast over the query rows
            return self.ew(
                [scores, mask], [(0, 1, 2), (0, 2)], ["add"], scores, bound=scores.bound + 1
            )
        if choice == "none":
            return scores
        ident = (0, 1, 2)
        if choice == "causal":
            mask = self.result(scores.shape, "i1", (), 1.0)
            mask = self.emit(Op("mask", [], mask, params={"kind": "causal", "dims": (1, 2)}))
        else:
            source = self.new_arg((b, s), "f32")
            mask = self.result(scores.shape, "i1", (), 1.0)
            mask = self.emit(
                Op("mask", [source.name], mask, maps=[(0, 2)], params={"kind": "data"})
            )
        result = self.result(scores.shape, scores.elem, (), max(scores.bound, 1e4))
        return self.emit(
            Op(
                "where",
                [mask.name, scores.name],
                result,
                maps=[ident, ident],
                params={"other": -1e4},
            )
        )

    # -- normalisations ------------------------------------------------------------

    def op_norm(self) -> Value:
        kind = self.rng.choice(("layer", "layer", "rms", "group", "batch", "batch_eval"))
        if kind in ("group", "batch", "batch_eval"):
            x = self.float_source(4)
            if kind == "group" and x.shape[1] % 2 == 0:
                return self.group_norm(x)
            if kind == "batch_eval":
                return self.batch_norm_eval(x)
            return self.affine(self.normalize(x, (0, 2, 3)), (1,))
        x = self.squashed(self.float_source(self.rng.choice((2, 3)), static=False))
        last = (x.rank - 1,)
        if kind == "rms":
            stats = self.stat_elem(x)
            ms = self.reduce(x, last, ["add", "square"], stats)
            inv = self.ew(
                [ms],
                [tuple(range(ms.rank))],
                [_const("mulc", 1 / x.shape[-1]), _EPS, "rsqrt"],
                ms,
                elem=x.elem,
            )
            keep = tuple(range(x.rank - 1))
            return self.affine(self.ew([x, inv], [tuple(range(x.rank)), keep], ["mul"], x), last)
        return self.affine(self.normalize(x, last), last)

    def stat_elem(self, x: Value) -> str:
        """torch-mlir computes variance in f64 (extf, reduce, truncf) for f32."""
        return "f64" if x.elem == "f32" and self.rng.random() < 0.4 else x.elem

    def normalize(self, x: Value, dims: tuple[int, ...]) -> Value:
        """(x - mean) * rsqrt(var + eps) over `dims`."""
        count = math.prod(x.shape[d] for d in dims)
        keep = tuple(d for d in range(x.rank) if d not in dims)
        ident = tuple(range(x.rank))
        stats = self.stat_elem(x)
        total = self.reduce(x, dims, ["add"], stats)
        mean = self.ew(
            [total], [tuple(range(total.rank))], [_const("mulc", 1 / count)], total, bound=x.bound
        )
        centred = self.ew([x, mean], [ident, keep], ["sub"], x, bound=2 * x.bound)
        var = self.reduce(centred, dims, ["add", "square"], stats)
        inv = self.ew(
            [var],
            [tuple(range(var.rank))],
            [_const("mulc", 1 / count), _EPS, "rsqrt"],
            var,
            elem=x.elem,
            bound=320.0,
        )
        return self.ew([centred, inv], [ident, keep], ["mul"], x, bound=math.sqrt(count) + 1)

    def affine(self, y: Value, dims: tuple[int, ...]) -> Value:
        """y * gamma + beta, both indexed by `dims` (the channel or last dim)."""
        shape = tuple(y.shape[d] for d in dims)
        dyn = tuple(y.dyn[d] for d in dims)
        gamma, beta = self.new_arg(shape, y.elem, dyn), self.new_arg(shape, y.elem, dyn)
        ident = tuple(range(y.rank))
        return self.ew([y, gamma, beta], [ident, dims, dims], ["mul", "add"], y, bound=y.bound + 1)

    def group_norm(self, x: Value) -> Value:
        n, c, h, w = x.shape
        split = self.reshaped("expand", x, [[0], [1, 2], [3], [4]], (n, 2, c // 2, h, w))
        y = self.normalize(split, (2, 3, 4))
        y = self.reshaped("collapse", y, [[0], [1, 2], [3], [4]], x.shape)
        return self.affine(y, (1,))

    def batch_norm_eval(self, x: Value) -> Value:
        """Inference BatchNorm: per-channel (x - mean) / sqrt(var + eps) with a
        cf.assert in the per-channel body, as torch-mlir emits it."""
        c = x.shape[1]
        mean, var = self.new_arg((c,), x.elem), self.new_arg((c,), x.elem)
        inv = self.ew([var], [(0,)], ["square", _EPS, "rsqrt", "assert"], var, bound=320.0)
        fns = ["sub", "mul"]
        y = self.ew([x, mean, inv], [(0, 1, 2, 3), (1,), (1,)], fns, x, bound=(x.bound + 1) * 320)
        return self.squashed(self.affine(y, (1,)))

    # -- half precision --------------------------------------------------------------

    def op_lowp(self) -> Value:
        # From f32 only: f64 -> f16 rounds once, the oracle's float32 path twice.
        x = self.float_source(self.rng.choice((1, 2, 3)), static=False, elems=("f32",))
        x = self.squashed(x, 4.0)
        low = self.rng.choice(("f16", "bf16"))
        ident = tuple(range(x.rank))
        h = self.ew([x], [ident], [self.rng.choice(_LOW_UNARY)], x, elem=low, bound=16.0)
        if self.rng.random() < 0.5:
            other = self.ew([x], [ident], ["neg"], x, elem=low, bound=4.0)
            h = self.ew(
                [h, other], [ident, ident], [self.rng.choice(("add", "mul", "max"))], h, bound=64.0
            )
        if x.rank >= 2 and self.rng.random() < 0.4:  # f16 in, f32 accumulator (extf in the body)
            return self.reduce(h, (x.rank - 1,), ["add"], "f32")
        return self.ew(
            [h], [ident], [self.rng.choice(("neg", "relu", "scale"))], h, elem="f32", bound=h.bound
        )

    # -- tensor ops --------------------------------------------------------------------

    def op_slice(self) -> Value:
        source = self.pick([v for v in self.all_values() if v.rank >= 1 and not any(v.dyn)])
        dims = [d for d in range(source.rank) if source.shape[d] >= 2] or [0]
        d = self.rng.choice(dims)
        stride = self.rng.choice((1, 1, 2))
        size = self.rng.randint(1, max(1, (source.shape[d] - 1) // stride + 1))
        offset = self.rng.randint(0, source.shape[d] - ((size - 1) * stride + 1))
        offsets = [offset if i == d else 0 for i in range(source.rank)]
        sizes = [size if i == d else s for i, s in enumerate(source.shape)]
        strides = [stride if i == d else 1 for i in range(source.rank)]
        result = self.result(tuple(sizes), source.elem, (), source.bound)
        params = {"offsets": offsets, "sizes": sizes, "strides": strides}
        return self.emit(Op("slice", [source.name], result, params=params))

    def op_concat(self) -> Value:
        first = self.pick([v for v in self.all_values() if v.rank >= 1 and not any(v.dyn)])
        d = self.rng.randrange(first.rank)
        if self.rng.random() < 0.3:
            second = first
        else:
            shape = list(first.shape)
            shape[d] = self.rng.choice((1, 2, 3))
            second = self.new_arg(tuple(shape), first.elem)
        shape = list(first.shape)
        shape[d] += second.shape[d]
        result = self.result(tuple(shape), first.elem, (), max(first.bound, second.bound))
        return self.emit(Op("concat", [first.name, second.name], result, params={"dim": d}))

    def op_gather(self) -> Value:
        table = self.float_source(2)
        rows = self.rng.choice((1, 2, 3, 5))
        idx = self.new_arg((rows,), "i32")
        result = self.result((rows, table.shape[1]), table.elem, (), table.bound)
        return self.emit(Op("gather", [idx.name, table.name], result))

    def op_check(self) -> Value:
        source = self.pick([v for v in self.all_values() if v.is_float and v.rank >= 1])
        marker = Value(self.fresh_name("v"), (), "none")
        return self.emit(Op("check", [source.name], marker, maps=[tuple(range(source.rank))]))

    def model_feature(self) -> None:
        choices = ["conv", "attention", "norm", "norm", "lowp", "gather", "ew2"]
        if any(v.rank >= 1 and not any(v.dyn) for v in self.all_values()):
            choices += ["slice", "concat"]
        if any(v.is_float and v.rank >= 1 for v in self.all_values()):
            choices += ["check"]
        getattr(self, f"op_{self.rng.choice(choices)}")()

"""A seeded generator of random Linalg-on-tensors functions.

`generate(seed, index)` is a pure function of its arguments (a private
`random.Random`), so any function of any campaign can be rebuilt from two
integers. Shapes are small (dims up to 8, rank up to 3) so the CPU runs are
cheap; the structure is what matters: chains, broadcasts, transposes,
reshapes, row/column reductions, matmuls, values with several consumers
(siblings, diamonds), unit dims, f32/f64/i32 mixes, and optionally dynamic dims.
Magnitudes are tracked (`Value.bound`) and squashed with tanh before they could
overflow, so every function computes finite numbers.
"""

from __future__ import annotations

import itertools
import math
import random

from mlirfuse.fuzz.builder_core import DIMS, GeneratorConfig
from mlirfuse.fuzz.features import ModelFeatures
from mlirfuse.fuzz.program import Op, Program, Value

_FLOAT_UNARY = ("neg", "tanh", "exp", "abs", "square", "relu", "scale", "sqrtabs", "assert")
_INT_UNARY = ("neg", "relu", "square", "scale")
_BINARY = ("add", "sub", "mul", "max", "min")
_SQUASH_ABOVE = 1.0e3


def _unary_bound(fn: str, bound: float) -> float:
    if fn in ("tanh",):
        return 1.0
    if fn == "exp":
        return math.exp(min(bound, 700.0))
    if fn == "square":
        return bound * bound
    if fn == "sqrtabs":
        return math.sqrt(bound)
    if fn == "scale":
        return bound * 3.0
    return bound


class _Builder(ModelFeatures):
    # -- ops -----------------------------------------------------------------

    def op_ew(self) -> Value:
        first = self.pick([v for v in self.all_values() if v.rank >= 1])
        rank = first.rank
        perm = list(range(rank))
        if rank >= 2 and self.rng.random() < 0.2:
            self.rng.shuffle(perm)
        out_shape = [0] * rank
        out_dyn = [False] * rank
        for j, d in enumerate(perm):
            out_shape[d], out_dyn[d] = first.shape[j], first.dyn[j]
        elem = first.elem
        if self.rng.random() < 0.15:
            elem = {"f32": "f64", "f64": "f32", "i32": "f32"}[elem]
        inputs, maps = [first], [tuple(perm)]
        for _ in range(self.rng.choice((0, 1, 1, 1, 2))):
            other, dims = self.second_operand(tuple(out_shape), tuple(out_dyn), elem)
            inputs.append(other)
            maps.append(dims)
        return self.finish_ew(inputs, maps, tuple(out_shape), tuple(out_dyn), elem)

    def second_operand(
        self, shape: tuple[int, ...], dyn: tuple[bool, ...], elem: str
    ) -> tuple[Value, tuple[int, ...]]:
        """An existing value readable in this iteration space, or a fresh
        (possibly broadcast) argument."""
        fits = []
        for value in self.all_values():
            if value.elem == "i32" and elem != "i32" and self.rng.random() < 0.5:
                continue
            if elem == "i32" and value.elem != "i32":
                continue
            for dims in itertools.combinations(range(len(shape)), value.rank):
                if value.shape == tuple(shape[d] for d in dims) and value.dyn == tuple(
                    dyn[d] for d in dims
                ):
                    fits.append((value, dims))
        if fits and self.rng.random() < 0.7:
            full = [f for f in fits if len(f[1]) == len(shape)]
            if full and self.rng.random() < 0.6:
                return self.rng.choice(full)
            return self.rng.choice(fits)
        keep = [d for d in range(len(shape)) if self.rng.random() < 0.75]
        dims = tuple(keep)
        if elem in ("f32", "f64") and not any(dyn) and self.rng.random() < 0.15:
            return self.dense_constant(tuple(shape[d] for d in dims), elem), dims
        arg_elem = elem if elem == "i32" or self.rng.random() < 0.8 else self.random_elem()
        if elem == "i32":
            arg_elem = "i32"
        arg = self.new_arg(tuple(shape[d] for d in dims), arg_elem, tuple(dyn[d] for d in dims))
        return arg, dims

    def dense_constant(self, shape: tuple[int, ...], elem: str) -> Value:
        """An `arith.constant dense<...>` (eighths: exact in every float type)."""
        values = [self.rng.randint(-8, 8) / 8 for _ in range(math.prod(shape))]
        result = self.result(shape, elem, (False,) * len(shape), 1.0)
        return self.emit(Op("const", [], result, params={"values": values}))

    def op_ew2(self) -> Value:
        """An elementwise op with a second result (input 0 through other fns),
        half the time never used, as torch-mlir leaves some."""
        value = self.op_ew()
        op = self.program.ops[-1]
        table = ("neg", "relu", "scale") if value.elem == "i32" else ("neg", "abs", "relu", "tanh")
        fns2 = [self.rng.choice(table)]
        source = self.program.values()[op.inputs[0]]
        op.kind = "ew2"
        op.second = self.result(value.shape, value.elem, value.dyn, source.bound * 3)
        op.params = {"fns2": fns2, "dead": self.rng.random() < 0.5}
        return value

    def finish_ew(
        self,
        inputs: list[Value],
        maps: list[tuple[int, ...]],
        shape: tuple[int, ...],
        dyn: tuple[bool, ...],
        elem: str,
    ) -> Value:
        fns = [self.rng.choice(_BINARY) for _ in inputs[1:]]
        bound = inputs[0].bound
        for fn, other in zip(fns, inputs[1:], strict=True):
            bound = bound * other.bound if fn == "mul" else bound + other.bound
        unary = _FLOAT_UNARY if elem != "i32" else _INT_UNARY
        count = self.rng.choice((0, 1, 1, 2)) if len(inputs) > 1 else self.rng.choice((1, 1, 2))
        for _ in range(count):
            fn = self.rng.choice(unary)
            if fn in ("exp", "square") and elem != "i32" and bound > 20.0:
                fns.append("tanh")
                bound = 1.0
            fns.append(fn)
            bound = _unary_bound(fn, bound)
        if elem != "i32" and bound > _SQUASH_ABOVE:
            fns.append("tanh")
            bound = 1.0
        result = self.result(shape, elem, dyn, bound)
        return self.emit(Op("ew", [v.name for v in inputs], result, maps=maps, fns=fns))

    def op_named(self) -> Value:
        first = self.pick([v for v in self.all_values() if v.is_float and v.rank >= 1])
        fits = [
            v
            for v in self.all_values()
            if (v.shape, v.elem, v.dyn) == (first.shape, first.elem, first.dyn)
        ]
        other = (
            self.rng.choice(fits)
            if self.rng.random() < 0.6
            else self.new_arg(first.shape, first.elem, first.dyn)
        )
        fn = self.rng.choice(("add", "sub", "mul", "max"))
        bound = first.bound * other.bound if fn == "mul" else first.bound + other.bound
        if bound > _SQUASH_ABOVE:
            return self.op_ew()
        result = self.result(first.shape, first.elem, first.dyn, bound)
        return self.emit(Op("named", [first.name, other.name], result, fns=[fn]))

    def op_transpose(self) -> Value:
        source = self.pick([v for v in self.all_values() if v.rank >= 2])
        perm = list(range(source.rank))
        while perm == sorted(perm):
            self.rng.shuffle(perm)
        shape = tuple(source.shape[p] for p in perm)
        dyn = tuple(source.dyn[p] for p in perm)
        result = self.result(shape, source.elem, dyn, source.bound)
        return self.emit(Op("transpose", [source.name], result, perm=tuple(perm)))

    def op_reduce(self) -> Value:
        source = self.pick([v for v in self.all_values() if v.rank >= 2])
        dim = self.rng.choice((source.rank - 1, 0, self.rng.randrange(source.rank)))
        kind = self.rng.choice(("add", "add", "max"))
        elem = source.elem
        if elem == "f32" and self.rng.random() < 0.2:
            elem = "f64"  # accumulate in f64, as LayerNorm's variance does
        fns = [kind]
        bound = source.bound
        if self.rng.random() < 0.3:
            fn = "square" if bound < 20.0 or elem == "i32" else "tanh"
            fns.append(fn)
            bound = _unary_bound(fn, bound)
        if kind == "add":
            bound *= source.shape[dim]
        keep = [d for d in range(source.rank) if d != dim]
        result = self.result(
            tuple(source.shape[d] for d in keep), elem, tuple(source.dyn[d] for d in keep), bound
        )
        return self.emit(Op("reduce", [source.name], result, fns=fns, dim=dim))

    def op_argmax(self) -> Value:
        source = self.pick([v for v in self.all_values() if v.rank >= 2])
        dim = self.rng.choice((source.rank - 1, 0))
        keep = [d for d in range(source.rank) if d != dim]
        shape = tuple(source.shape[d] for d in keep)
        dyn = tuple(source.dyn[d] for d in keep)
        result = self.result(shape, source.elem, dyn, source.bound)
        index = self.result(shape, "i32", dyn, 8.0)
        return self.emit(Op("argmax", [source.name], result, dim=dim, second=index))

    def op_matmul(self) -> Value:
        lhs = self.pick([v for v in self.all_values() if v.rank == 2 and not any(v.dyn)])
        k = lhs.shape[1]
        fits = [
            v
            for v in self.all_values()
            if v.rank == 2 and v.shape[0] == k and v.elem == lhs.elem and not any(v.dyn)
        ]
        if fits and self.rng.random() < 0.5:
            rhs = self.rng.choice(fits)
        else:
            rhs = self.new_arg((k, self.rng.choice(DIMS)), lhs.elem)
        bound = lhs.bound * rhs.bound * k
        result = self.result((lhs.shape[0], rhs.shape[1]), lhs.elem, (False, False), bound)
        return self.emit(Op("matmul", [lhs.name, rhs.name], result))

    def op_batch_matmul(self) -> Value:
        lhs = self.pick([v for v in self.all_values() if v.rank == 3 and not any(v.dyn)])
        batch, _, k = lhs.shape
        fits = [
            v
            for v in self.all_values()
            if v.rank == 3 and v.shape[:2] == (batch, k) and v.elem == lhs.elem and not any(v.dyn)
        ]
        rhs = self.rng.choice(fits) if fits and self.rng.random() < 0.5 else None
        rhs = rhs or self.new_arg((batch, k, self.rng.choice(DIMS)), lhs.elem)
        bound = lhs.bound * rhs.bound * k
        shape = (batch, lhs.shape[1], rhs.shape[2])
        result = self.result(shape, lhs.elem, (False,) * 3, bound)
        return self.emit(Op("batch_matmul", [lhs.name, rhs.name], result))

    def op_pad(self) -> Value:
        source = self.pick([v for v in self.all_values() if v.rank >= 1 and not any(v.dyn)])
        low = tuple(self.rng.choice((0, 0, 1, 2)) for _ in source.shape)
        high = tuple(self.rng.choice((0, 0, 1)) for _ in source.shape)
        shape = tuple(s + lo + hi for s, lo, hi in zip(source.shape, low, high, strict=True))
        result = self.result(shape, source.elem, (), max(source.bound, 1.0))
        return self.emit(Op("pad", [source.name], result, perm=low + high))

    def op_reshape(self) -> Value:
        static = [v for v in self.all_values() if not any(v.dyn) and v.rank >= 1]
        source = self.pick(static)
        can_collapse = source.rank >= 2
        if can_collapse and (source.rank >= self.config.max_rank or self.rng.random() < 0.5):
            start = self.rng.randrange(source.rank - 1)
            groups = [[d] for d in range(start)] + [[start, start + 1]]
            groups += [[d] for d in range(start + 2, source.rank)]
            shape = [
                source.shape[g[0]] if len(g) == 1 else source.shape[g[0]] * source.shape[g[1]]
                for g in groups
            ]
            result = self.result(tuple(shape), source.elem, (), source.bound)
            return self.emit(Op("collapse", [source.name], result, groups=groups))
        dim = self.rng.randrange(source.rank)
        size = source.shape[dim]
        factors = [f for f in range(1, size + 1) if size % f == 0]
        outer = self.rng.choice(factors)
        new_shape: list[int] = []
        groups, next_dim = [], 0
        for d, s in enumerate(source.shape):
            if d == dim:
                new_shape += [outer, s // outer]
                groups.append([next_dim, next_dim + 1])
                next_dim += 2
            else:
                new_shape.append(s)
                groups.append([next_dim])
                next_dim += 1
        result = self.result(tuple(new_shape), source.elem, (), source.bound)
        return self.emit(Op("expand", [source.name], result, groups=groups))

    def returnable(self) -> list[str]:
        """Op results a function may return (not half-precision, masks, dead)."""
        usable = {v.name for v in self.all_values()}
        return [out.name for op in self.program.ops for out in op.outputs() if out.name in usable]

    def step(self) -> None:
        values = self.all_values()
        choices = ["ew"] * 6 + ["named"]
        if any(v.rank >= 2 for v in values):
            choices += ["transpose", "reduce", "reduce", "argmax"]
        if any(v.rank == 2 and not any(v.dyn) for v in values):
            choices += ["matmul"]
        if any(v.rank == 3 and not any(v.dyn) for v in values):
            choices += ["batch_matmul"]
        if any(v.rank >= 1 and not any(v.dyn) for v in values):
            choices += ["pad"]
        if not self.dynamic and any(v.rank < self.config.max_rank or v.rank >= 2 for v in values):
            choices += ["reshape"]
        if not any(v.is_float and v.rank >= 1 for v in values):
            choices.remove("named")
        choice = self.rng.choice(choices + ["model"] * self.config.model_weight)
        if choice == "model":
            self.model_feature()
        else:
            getattr(self, f"op_{choice}")()


def generate(seed: int, index: int, config: GeneratorConfig | None = None) -> Program:
    """The `index`-th function of the campaign seeded `seed`."""
    config = config or GeneratorConfig()
    rng = random.Random(f"mlirfuse-fuzz:{seed}:{index}")
    builder = _Builder(rng, f"fuzz_{seed}_{index}", config)
    rank = rng.choice((1, 2, 2, 2, 3)) if config.max_rank >= 3 else rng.choice((1, 2))
    builder.new_arg(builder.random_shape(rank), builder.random_elem(), builder.random_dyn(rank))
    builder.program.shared_inits = rng.random() < config.shared_init_probability
    target = rng.randint(config.min_ops, config.max_ops)
    # A feature may add several ops; a result-less check gives nothing to return.
    while len(builder.program.ops) < target or not builder.returnable():
        builder.step()
    program = builder.program
    used = program.used_names()
    outputs = builder.returnable()
    sinks = [name for name in outputs if name not in used]
    extra = [n for n in outputs[:-1] if rng.random() < 0.15]
    program.results = sorted(set(sinks + extra), key=lambda n: int(n[1:]))
    if not program.results:
        program.results = [outputs[-1]]
    return program.prune()

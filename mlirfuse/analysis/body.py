"""What the body of a structured op does: FLOPs per iteration, side effects
and the temporaries it keeps live.

FLOP weights (documented in docs/registry.md): one per arithmetic op, more for
ops that GPUs evaluate as instruction sequences or on the special-function
unit. Casts, constants, `linalg.index` and terminators are free.
"""

from __future__ import annotations

from collections.abc import Iterator

from mlir import ir

# Weighted ops; any other arith/math/complex op counts 1.
FLOP_WEIGHTS: dict[str, float] = {
    "arith.divf": 4.0,
    "arith.remf": 4.0,
    "arith.divsi": 4.0,
    "arith.divui": 4.0,
    "arith.remsi": 4.0,
    "arith.remui": 4.0,
    "math.sqrt": 4.0,
    "math.rsqrt": 4.0,
    "math.exp": 8.0,
    "math.exp2": 8.0,
    "math.expm1": 8.0,
    "math.log": 8.0,
    "math.log2": 8.0,
    "math.log10": 8.0,
    "math.log1p": 8.0,
    "math.erf": 16.0,
    "math.tanh": 16.0,
    "math.sin": 16.0,
    "math.cos": 16.0,
    "math.atan": 16.0,
    "math.atan2": 16.0,
    "math.powf": 16.0,
    "math.fpowi": 8.0,
    "math.fma": 2.0,
}

FREE_OPS = frozenset(
    {
        "arith.constant",
        "arith.extf",
        "arith.truncf",
        "arith.extsi",
        "arith.extui",
        "arith.trunci",
        "arith.sitofp",
        "arith.uitofp",
        "arith.fptosi",
        "arith.fptoui",
        "arith.index_cast",
        "arith.index_castui",
        "arith.bitcast",
        "linalg.index",
        "linalg.yield",
        "tensor.yield",
        "scf.yield",
    }
)

# Dialects whose ops have no memory effects (on scalars and tensors).
PURE_DIALECTS = frozenset({"arith", "math", "complex", "index", "affine", "ub"})
PURE_OPS = frozenset(
    {
        "linalg.yield",
        "linalg.index",
        "tensor.yield",
        "tensor.extract",
        "tensor.dim",
        "scf.yield",
        "scf.if",
        "scf.for",
        "scf.while",
        "scf.condition",
        "scf.execute_region",
        "scf.index_switch",
    }
)


def walk_block(block: ir.Block) -> Iterator[ir.Operation]:
    """Every op in `block`, nested ones included, in pre-order."""
    for op in block.operations:
        yield op.operation
        for region in op.operation.regions:
            for inner in region.blocks:
                yield from walk_block(inner)


def op_is_pure(name: str) -> bool:
    return name.split(".", 1)[0] in PURE_DIALECTS or name in PURE_OPS


def body_op_names(block: ir.Block | None) -> tuple[str, ...]:
    """Names of every op nested in `block`, in pre-order (() for no body)."""
    if block is None:
        return ()
    return tuple(op.name for op in walk_block(block))


def has_side_effects(names: tuple[str, ...]) -> bool:
    """True when some body op is not known to be pure (cf.assert, calls)."""
    return any(not op_is_pure(name) for name in names)


def side_effecting_ops(names: tuple[str, ...]) -> list[str]:
    """Names of the impure body ops (for messages)."""
    return sorted({name for name in names if not op_is_pure(name)})


def flops_per_iteration(names: tuple[str, ...]) -> float:
    """Weighted count of arithmetic ops in the body (nested regions counted once)."""
    total = 0.0
    for name in names:
        if name in FREE_OPS or not name.startswith(("arith.", "math.", "complex.")):
            continue
        total += FLOP_WEIGHTS.get(name, 1.0)
    return total


def peak_live_values(block: ir.Block | None) -> int:
    """The most results of `block`'s ops alive at once (at least 1): a value
    lives from its op up to its last reader (a reader nested in a region
    counts at its top-level op), whose result may take its register.
    Constants are immediates and take no register.
    This, not the op count, is what a thread keeps in registers for the body:
    a long index computation (torch-mlir's scatter bounds checks, 56 FLOPs)
    keeps a dozen values, not 56."""
    if block is None:
        return 1
    ops = list(block.operations)
    born: dict[ir.Value, int] = {}
    last: dict[ir.Value, int] = {}
    for here, op in enumerate(ops):
        for inner in [op.operation, *_nested(op.operation)]:
            for operand in inner.operands:
                if operand in born:
                    last[operand] = here
        if op.operation.name != "arith.constant":
            for result in op.operation.results:
                born[result] = here
    change = [0] * (len(ops) + 1)
    for value, start in born.items():
        change[start] += 1
        change[max(last.get(value, start), start + 1)] -= 1
    live, peak = 0, 1
    for delta in change:
        live += delta
        peak = max(peak, live)
    return peak


def _nested(op: ir.Operation) -> Iterator[ir.Operation]:
    for region in op.regions:
        for inner in region.blocks:
            yield from walk_block(inner)

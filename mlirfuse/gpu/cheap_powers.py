"""Powers by small constant exponents, computed as PyTorch's GPU kernels do.

Exported models write `x.pow(2)` (RMSNorm's mean square, a variance),
`x ** 0.5` and `x ** -0.5` (a norm's scale) as `math.powf` with a constant
exponent. The NVVM lowering makes each a libdevice `__nv_powf` call (a
logarithm, an exponential and the special cases: dozens of instructions per
element, and rounding unlike PyTorch's). PyTorch's own CUDA `pow` takes
these exponents apart: 2 and 3 are products, 0.5 a square root, -0.5 a
reciprocal square root, -1 and -2 reciprocals. The kernels do the same, so
the GPU computes what PyTorch's GPU computes; the fused IR keeps `powf` (it
is what the model said, and the CPU reference computes it).
"""

from __future__ import annotations

from collections.abc import Callable

from mlir import ir
from mlir.dialects import arith, math

from mlirfuse.gpu.irutil import defining_op
from mlirfuse.mutation import replace_op

Build = Callable[[ir.Value], ir.Value]


def _square(x: ir.Value) -> ir.Value:
    return arith.MulFOp(x, x).result


def _reciprocal(x: ir.Value) -> ir.Value:
    one = arith.ConstantOp(x.type, ir.FloatAttr.get(x.type, 1.0)).result
    return arith.DivFOp(one, x).result


# The exponents PyTorch's CUDA pow computes without powf, and how.
_EXPANSIONS: dict[float, Build] = {
    2.0: _square,
    3.0: lambda x: arith.MulFOp(_square(x), x).result,
    0.5: lambda x: math.SqrtOp(x).result,
    -0.5: lambda x: math.RsqrtOp(x).result,
    -1.0: _reciprocal,
    -2.0: lambda x: _reciprocal(_square(x)),
}


def _constant_exponent(value: ir.Value) -> float | None:
    producer = defining_op(value)
    if producer is None or producer.name != "arith.constant":
        return None
    attr = producer.attributes["value"]
    return ir.FloatAttr(attr).value if isinstance(attr, ir.FloatAttr) else None


def expand_cheap_powers(generic: ir.Operation) -> int:
    """Replace the `math.powf` of `generic`'s body whose exponent is one of
    `_EXPANSIONS`' constants; returns how many were replaced."""
    body = generic.regions[0].blocks[0]
    powers = [op.operation for op in body.operations if op.operation.name == "math.powf"]
    replaced = 0
    for power in powers:
        exponent = _constant_exponent(power.operands[1])
        build = _EXPANSIONS.get(exponent) if exponent is not None else None
        if build is None:
            continue
        with power.location, ir.InsertionPoint(power):
            value = build(power.operands[0])
        replace_op(power, [value], "cheap-powers")
        replaced += 1
    return replaced

"""`mlirfuse-round-16bit-floats`: the casts of emulated bf16/f16 arithmetic, made exact.

The CPU runner computes bf16/f16 arithmetic and math in f32 (upstream
`arith-emulate-unsupported-floats`, `math-extend-to-supported-types`): each
op becomes `extf` -> f32 op -> `truncf`. Run right after those, on scalar
loops, this pass

* clears the fast-math flags of every `extf`/`truncf` with a bf16/f16 side.
  The emulation marks them `contract`, which lets `arith.extf`'s folder turn
  `extf(truncf(x))` into `x`: a chain of bf16 ops would round once at its end,
  not after each op as the IR says (and as PyTorch and the GPU kernels do);
* writes each scalar bf16 <-> f32 cast as integer ops (bf16 is the top half
  of an f32; f32 -> bf16 rounds to nearest even, a NaN stays a quiet NaN of
  its sign). Otherwise LLVM's instcombine narrows
  `fptrunc(fmul(fpext a, fpext b))` back to a bf16 `fmul`, its loop
  vectorizer makes vector bf16 arithmetic of it, and LLVM 22's x86 back end
  aborts on that on AVX512-FP16 hosts ("Unexpected illegal type!"). With
  integer casts, no bf16 arithmetic reaches LLVM at all. (f16 casts stay
  `fpext`/`fptrunc`: the back end handles f16 vectors.)

f32 and f64 arithmetic is left as it is.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith

from mlirfuse.mutation import Rewrite
from mlirfuse.passes.base import ModulePass

CASTS = ("arith.extf", "arith.truncf")
FASTMATH = "fastmath"


def _element(type_: ir.Type) -> ir.Type:
    shaped = type_.maybe_downcast()
    return shaped.element_type if isinstance(shaped, ir.ShapedType) else type_


def _is_16bit_float(type_: ir.Type) -> bool:
    return isinstance(_element(type_).maybe_downcast(), ir.BF16Type | ir.F16Type)


def _is_16bit_cast(op: ir.Operation) -> bool:
    return op.name in CASTS and any(
        _is_16bit_float(v.type) for v in (op.operands[0], op.results[0])
    )


def _bf16_f32_cast(op: ir.Operation) -> bool:
    """A scalar bf16 -> f32 (or wider) extf, or f32 -> bf16 truncf."""
    source, result = op.operands[0].type.maybe_downcast(), op.results[0].type.maybe_downcast()
    if op.name == "arith.extf":
        return isinstance(source, ir.BF16Type) and isinstance(result, ir.F32Type | ir.F64Type)
    return isinstance(source, ir.F32Type) and isinstance(result, ir.BF16Type)


def _int(width: int, value: int) -> ir.Value:
    return arith.constant(ir.IntegerType.get_signless(width), value)


def _bf16_to_f32(value: ir.Value) -> ir.Value:
    """The f32 with `value`'s bits on top (exact)."""
    i16, i32 = ir.IntegerType.get_signless(16), ir.IntegerType.get_signless(32)
    wide = arith.extui(i32, arith.bitcast(i16, value))
    return arith.bitcast(ir.F32Type.get(), arith.shli(wide, _int(32, 16)))


def _f32_to_bf16(value: ir.Value) -> ir.Value:
    """Round to nearest even: add 0x7FFF plus the kept lowest bit, keep the top
    half (a carry into the exponent is the right rounding up; infinities have no
    mantissa to carry). NaN: its top half with the quiet bit set."""
    i16, i32 = ir.IntegerType.get_signless(16), ir.IntegerType.get_signless(32)
    bits = arith.bitcast(i32, value)
    top = arith.shrui(bits, _int(32, 16))
    bias = arith.addi(arith.andi(top, _int(32, 1)), _int(32, 0x7FFF))
    rounded = arith.trunci(i16, arith.shrui(arith.addi(bits, bias), _int(32, 16)))
    quiet_nan = arith.ori(arith.trunci(i16, top), _int(16, 0x0040))
    is_nan = arith.cmpf(arith.CmpFPredicate.UNO, value, value)
    return arith.bitcast(ir.BF16Type.get(), arith.select(is_nan, quiet_nan, rounded))


def _expanded(op: ir.Operation) -> ir.Value:
    source = op.operands[0]
    if op.name == "arith.truncf":
        return _f32_to_bf16(source)
    wide = _bf16_to_f32(source)
    if isinstance(op.results[0].type.maybe_downcast(), ir.F64Type):
        return arith.extf(ir.F64Type.get(), wide)
    return wide


class Round16BitFloats(ModulePass):
    NAME = "mlirfuse-round-16bit-floats"
    SUMMARY = (
        "bf16/f16 casts round as the IR says: no fast-math flags, scalar bf16 casts as "
        "integer ops (after arith-emulate-unsupported-floats)"
    )

    def run(self, module: ir.Operation) -> None:
        casts: list[ir.Operation] = []

        def collect(op: ir.Operation) -> ir.WalkResult:
            if _is_16bit_cast(op):
                casts.append(op)
            return ir.WalkResult.ADVANCE

        module.walk(collect)
        if not casts:
            return
        with module.context:
            for op in casts:
                if FASTMATH in op.attributes:
                    del op.attributes[FASTMATH]  # the default: no flags
            expand = [op for op in casts if _bf16_f32_cast(op)]
            if not expand:
                return
            with Rewrite("bf16 casts as integer ops", module) as rewrite:
                for op in expand:
                    with ir.InsertionPoint(op), op.location:
                        rewrite.replace_op(op, [_expanded(op)])

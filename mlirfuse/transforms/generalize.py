"""Named linalg op -> `linalg.generic`, one op at a time.

Upstream `linalg-generalize-named-ops` rewrites every named op of a function;
the op-level merge wants only the producers it is about to fuse (a matmul
must stay a matmul). So the op is cloned alone into a scratch function, the
upstream pass generalizes it there, and the generic is cloned back in its
place.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import func, linalg
from mlir.passmanager import PassManager

from mlirfuse.mutation import replace_op
from mlirfuse.transforms.ir_utils import remap_operands

GENERALIZABLE = {
    "linalg.transpose", "linalg.broadcast", "linalg.copy", "linalg.add", "linalg.sub",
    "linalg.mul", "linalg.div", "linalg.exp", "linalg.log", "linalg.abs", "linalg.negf",
    "linalg.max", "linalg.min", "linalg.sqrt", "linalg.rsqrt", "linalg.tanh", "linalg.erf",
    "linalg.square", "linalg.reciprocal", "linalg.floor", "linalg.ceil", "linalg.powf",
    "linalg.elementwise", "linalg.map",
}  # fmt: skip


def generalize(op: ir.Operation) -> ir.Operation:
    """Replace named `op` by an equivalent `linalg.generic`; return the generic."""
    op = op.operation
    if op.name == "linalg.generic":
        return op
    with op.location:
        scratch = ir.Module.create()
        operand_types = [v.type for v in op.operands]
        with ir.InsertionPoint(scratch.body):
            fn = func.FuncOp("scratch", (operand_types, [r.type for r in op.results]))
            entry = fn.add_entry_block()
        clone = op.clone(ip=ir.InsertionPoint(entry))
        remap_operands(clone, dict(zip(op.operands, entry.arguments, strict=True)))
        func.ReturnOp(list(clone.results), ip=ir.InsertionPoint(entry))
        pm = PassManager.parse("builtin.module(func.func(linalg-generalize-named-ops))")
        pm.run(scratch.operation)
        generic = next(
            (o.operation for o in entry.operations if o.operation.name == "linalg.generic"), None
        )
        if generic is None:
            # Folded away: an identity transpose (`permutation = [0]`) or copy
            # returns its input; the generic is the identity copy it equals.
            back = _identity_copy(op)
        else:
            back = generic.clone(ip=ir.InsertionPoint(op)).operation
            remap_operands(back, dict(zip(entry.arguments, op.operands, strict=True)))
    replace_op(op, list(back.results), "generalize a named op")
    return back


def generalize_reductions(func_op: ir.Operation) -> int:
    """Each top-level `linalg.reduce` of the function becomes its generic;
    returns how many did.

    Upstream's TOSA lowering writes every `tosa.reduce_*` as a named
    `linalg.reduce`; the rewrites before planning read reductions as generics
    (a reduction reading a collapse moves onto the collapse's source,
    `reshape_reductions.py`; a widening cast is recomputed in it,
    `gpu/reduction_casts.py`), and the GPU back end generalizes the op before
    lowering anyway. Named, ConvNeXt's LayerNorm through TOSA kept the
    collapse of its unit depthwise-multiplier dim between the squared
    deviations and their sum: two kernels instead of one."""
    reduces = [
        op.operation
        for op in func_op.regions[0].blocks[0].operations
        if op.operation.name == "linalg.reduce"
    ]
    for op in reduces:
        generalize(op)
    return len(reduces)


def _identity_copy(op: ir.Operation) -> ir.Operation:
    """`linalg.generic` copying `op`'s input into its init at the identity."""
    source, init = op.operands[0], op.operands[len(op.operands) - 1]
    if len(op.operands) != 2 or source.type != init.type:
        raise ValueError(f"{op.name} did not generalize to a linalg.generic")
    rank = ir.RankedTensorType(init.type).rank
    identity = ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))
    element = ir.RankedTensorType(init.type).element_type
    new = linalg.GenericOp(
        [init.type],
        [source],
        [init],
        ir.ArrayAttr.get([identity, identity]),
        ir.ArrayAttr.get([ir.Attribute.parse("#linalg.iterator_type<parallel>")] * rank),
        ip=ir.InsertionPoint(op),
    )
    body = new.regions[0].blocks.append(element, element)
    linalg.YieldOp([body.arguments[0]], ip=ir.InsertionPoint(body))
    return new.operation

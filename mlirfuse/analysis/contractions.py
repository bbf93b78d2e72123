"""Which contractions can be concatenated along N (horizontal contraction).

A contraction qualifies when it is a `linalg.matmul` or `linalg.batch_matmul`
with the default indexing maps (no transposed variants), static shapes and a
tensor LHS. Contractions that share the LHS value, K, the batch size and the
element types can run as one contraction over the weights concatenated along
their last dim, if the summed N stays within a bound.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from mlirfuse.analysis.op_facts import op_name

# default indexing maps of the named ops we concatenate
_DEFAULT_MAPS = {
    "linalg.matmul": (
        "(d0, d1, d2) -> (d0, d2)",
        "(d0, d1, d2) -> (d2, d1)",
        "(d0, d1, d2) -> (d0, d1)",
    ),
    "linalg.batch_matmul": (
        "(d0, d1, d2, d3) -> (d0, d1, d3)",
        "(d0, d1, d2, d3) -> (d0, d3, d2)",
        "(d0, d1, d2, d3) -> (d0, d1, d2)",
    ),
}


def concatenable(op: ir.Operation) -> bool:
    """A plain matmul/batch_matmul with static shapes and default maps."""
    name = op_name(op)
    if name not in _DEFAULT_MAPS or len(op.operands) != 3:
        return False
    maps = ir.ArrayAttr(op.attributes["indexing_maps"])
    if tuple(str(ir.AffineMapAttr(m).value) for m in maps) != _DEFAULT_MAPS[name]:
        return False
    return all(
        isinstance(v.type, ir.RankedTensorType) and ir.ShapedType(v.type).has_static_shape
        for v in op.operands
    )


def contractions_in(ops: Sequence[ir.Operation]) -> list[ir.Operation]:
    return [op for op in ops if op_name(op) in _DEFAULT_MAPS]


def horizontal_lhs(ops: Sequence[ir.Operation]) -> ir.Value | None:
    """The LHS of the one concatenable contraction among a group's ops, if any."""
    found = contractions_in(ops)
    if len(found) != 1 or not concatenable(found[0]):
        return None
    return found[0].operands[0]


def _signature(op: ir.Operation) -> tuple[str, ...]:
    """Everything but N that must agree: name, LHS type, RHS rows, types."""
    rhs = ir.RankedTensorType(op.operands[1].type)
    out = ir.RankedTensorType(op.operands[2].type)
    return (
        op_name(op),
        str(op.operands[0].type),
        str(list(rhs.shape[:-1])),
        str(rhs.element_type),
        str(out.element_type),
    )


def n_of(op: ir.Operation) -> int:
    return int(ir.RankedTensorType(op.operands[1].type).shape[-1])


def contraction_mismatch(ops: Sequence[ir.Operation], max_n: int) -> str | None:
    """None when the contractions among `ops` can be concatenated; else why not."""
    found = contractions_in(ops)
    if len(found) < 2:
        return "fewer than two contractions"
    if not all(concatenable(op) for op in found):
        return "a contraction has transposed maps or dynamic shapes"
    if len({op.operands[0] for op in found}) != 1:
        return "the contractions do not share their LHS value"
    if len({_signature(op) for op in found}) != 1:
        return "the contractions differ in K, batch or element types"
    total = sum(n_of(op) for op in found)
    if total > max_n:
        return f"summed N {total} exceeds {max_n}"
    return None


def weights_are_constant(op: ir.Operation) -> bool:
    """The RHS is an `arith.constant` (a concat of constants folds at compile time)."""
    owner = op.operands[1].owner
    return not isinstance(owner, ir.Block) and op_name(owner) == "arith.constant"

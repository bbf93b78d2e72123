"""Contractions read 16-bit operands directly, before fusion (for tensor cores).

Half-precision models often widen a matmul's operands to f32 with an
elementwise `arith.extf` generic and multiply in f32 (gpt2_block_f16's
projections). `linalg.matmul` / `linalg.batch_matmul` with f16 (or bf16)
inputs and an f32 result extend each element to f32 before multiplying, so
`matmul(extf(a), extf(b))` and `matmul(a, b)` compute the same numbers
exactly; the second has 16-bit operands, which the tensor-core schedule
(`mma.py`) takes. The widening generic is erased when nothing else reads it.
Run on the whole module before planning, so that the planner does not plan a
kernel for the conversion.

`transposed_named_matmul` serves the transpose fold (`folds.py`): x . W^T
with 16-bit operands stays a named matmul, reading W through a transposed
map, so the tensor cores still take it.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg

from mlirfuse.gpu import mma
from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.mutation import Rewrite

NARROW = ("f16", "bf16")
NAMED = {"linalg.matmul": linalg.matmul, "linalg.batch_matmul": linalg.batch_matmul}


def _element(value: ir.Value) -> str:
    return str(ir.ShapedType(value.type).element_type)


def widened_source(value: ir.Value) -> ir.Value | None:
    """`x` when `value` is `extf(x)` of a 16-bit tensor by an elementwise
    generic with identity maps (and nothing else in its body)."""
    op = defining_op(value)
    if op is None or op.name != "linalg.generic" or len(op.operands) != 2:
        return None
    maps = [str(m) for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    rank = ir.ShapedType(value.type).rank
    identity = str(ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank)))
    kinds = [str(k) for k in ir.ArrayAttr(op.attributes["iterator_types"])]
    if any(m != identity for m in maps) or any("parallel" not in k for k in kinds):
        return None
    body = [o.operation for o in op.regions[0].blocks[0].operations]
    if [o.name for o in body] != ["arith.extf", "linalg.yield"]:
        return None
    block_args = list(op.regions[0].blocks[0].arguments)
    if body[0].operands[0] != block_args[0] or body[1].operands[0] != body[0].results[0]:
        return None
    source = op.operands[0]
    return source if _element(source) in NARROW else None


def narrow_contraction_operands(module: ir.Module) -> int:
    """Rebuild every named matmul whose two inputs are widened 16-bit tensors
    (same narrow type) on the narrow tensors; returns how many."""
    count = 0
    for op in walk(module.operation):
        if op.name not in NAMED or len(op.operands) != 3:
            continue
        sources = [widened_source(op.operands[i]) for i in (0, 1)]
        if any(s is None for s in sources) or len({_element(s) for s in sources if s}) != 1:
            continue
        if _element(op.operands[2]) != "f32":
            continue
        _rebuild(op, [s for s in sources if s is not None])
        count += 1
    return count


def _rebuild(op: ir.Operation, sources: list[ir.Value]) -> None:
    widened = [defining_op(op.operands[i]) for i in (0, 1)]
    with op.location, ir.InsertionPoint(op):
        new = NAMED[op.name](sources[0], sources[1], outs=[op.operands[2]])
    new_op = defining_op(new)
    assert new_op is not None
    for named in list(op.attributes):
        name = named if isinstance(named, str) else named.name
        if name not in new_op.attributes:
            new_op.attributes[name] = op.attributes[name]
    with Rewrite("contractions read their 16-bit operands", op.parent) as rw:
        rw.replace_op(op, [new])
        for producer in widened:
            if producer is not None:
                rw.erase_if_unused(producer)


def tensor_core_operands(a: ir.Value, b_transposed: ir.Value, c: ir.Value) -> bool:
    """16-bit inputs, an f32 fill accumulator, whole mma tiles (`mma.py`)."""
    elements = [str(ir.ShapedType(v.type).element_type) for v in (a, b_transposed, c)]
    if elements[0] != elements[1] or elements[0] not in mma.ELEMENTS or elements[2] != "f32":
        return False
    init = defining_op(c)
    (m, k), (n, _) = ir.ShapedType(a.type).shape, ir.ShapedType(b_transposed.type).shape
    return init is not None and init.name == "linalg.fill" and mma.fits(m, n, k)


def transposed_named_matmul(
    matmul: ir.Operation, producer: ir.Operation, source: ir.Value
) -> ir.Operation:
    """matmul(A, transpose(B)) -> `linalg.matmul` reading B (N x K) through a
    transposed map: still a named matmul, so the tensor cores take it (B
    stored N x K is mma.sync's `col` operand)."""
    a, _, c = matmul.operands
    m, n, k = (ir.AffineDimExpr.get(i) for i in range(3))
    maps = [ir.AffineMap.get(3, 0, r) for r in ([m, k], [n, k], [m, n])]
    with ir.InsertionPoint(matmul), matmul.location:
        result = linalg.matmul(a, source, outs=[c], indexing_maps=maps)
    new = defining_op(result)
    assert new is not None
    with Rewrite("fold a transpose into a matmul", new) as rw:
        rw.replace_op(matmul, [result])
        rw.erase_if_unused(producer)
    return new

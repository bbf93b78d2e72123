"""`mlirfuse-dynamic-expands`: a `memref.expand_shape` that splits one dim into
two or more dynamic ones, as a `memref.reinterpret_cast` of its source.

With a dynamic batch B and sequence length S together, the rows of a
projection (B*S) are expanded back into `[B, S, d]`: one reassociation group
holding two dynamic sizes. Upstream's `expand-strided-metadata` handles at
most one dynamic size per group (it asserts, aborting the process: "There
must be at most one dynamic size per group"), and it runs in every lowering
to LLVM (the CPU runner, the GPU schedule on the CPU, the NVVM pipeline). So
before it, such an expand becomes the view it is: the source's base, offset
and strides (`memref.extract_strided_metadata`), each group's innermost dim
taking its source dim's stride and each outer one the stride of the dim after
it times that dim's size. Expands with at most one dynamic size per group
are left to upstream.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, memref

from mlirfuse.mutation import replace_op
from mlirfuse.passes.base import ModulePass

DYNAMIC = ir.ShapedType.get_dynamic_size()
DYNAMIC_STRIDE = ir.ShapedType.get_dynamic_stride_or_offset()


def _groups(op: ir.Operation) -> list[list[int]]:
    return [[ir.IntegerAttr(d).value for d in group] for group in op.attributes["reassociation"]]


def _output_sizes(op: ir.Operation) -> list[int]:
    return list(ir.DenseI64ArrayAttr(op.attributes["static_output_shape"]))


def needs_rewrite(op: ir.Operation) -> bool:
    """An expand with a group of two or more dynamic sizes (upstream asserts)."""
    if op.name != "memref.expand_shape":
        return False
    sizes = _output_sizes(op)
    return any(sum(sizes[d] == DYNAMIC for d in group) >= 2 for group in _groups(op))


def _index(value: int | ir.Value) -> ir.Value:
    return value if isinstance(value, ir.Value) else arith.constant(ir.IndexType.get(), value)


def _times(a: int | ir.Value, b: int | ir.Value) -> int | ir.Value:
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    return arith.muli(_index(a), _index(b))


def _rewrite(op: ir.Operation) -> None:
    source, dynamic_sizes = op.operands[0], list(op.operands[1:])
    result_type = ir.MemRefType(op.results[0].type)
    static_sizes = _output_sizes(op)
    with ir.InsertionPoint(op), op.location:
        meta = memref.ExtractStridedMetadataOp(source)
        rank = ir.MemRefType(source.type).rank
        base, offset = meta.results[0], meta.results[1]
        source_strides = list(meta.results[2 + rank : 2 + 2 * rank])
        taken = iter(dynamic_sizes)
        sizes: list[int | ir.Value] = [s if s != DYNAMIC else next(taken) for s in static_sizes]
        strides: list[int | ir.Value] = [0] * len(sizes)
        for source_dim, group in enumerate(_groups(op)):
            stride: int | ir.Value = source_strides[source_dim]
            for dim in reversed(group):
                strides[dim] = stride
                if dim != group[0]:  # the outermost dim's stride is not needed
                    stride = _times(stride, sizes[dim])
        # The result type's static strides and offset are the ones to pass
        # statically (the cast's verifier compares them); the others as values.
        type_strides, type_offset = result_type.get_strides_and_offset()
        static_strides = [s if s != DYNAMIC_STRIDE else DYNAMIC for s in type_strides]
        stride_values = [
            _index(s) for s, t in zip(strides, type_strides, strict=True) if t == DYNAMIC_STRIDE
        ]
        offsets = [offset] if type_offset == DYNAMIC_STRIDE else []
        static_offset = DYNAMIC if type_offset == DYNAMIC_STRIDE else type_offset
        cast = memref.ReinterpretCastOp(
            result_type,
            base,
            offsets,
            [s for s in sizes if isinstance(s, ir.Value)],
            stride_values,
            [static_offset],
            [s if isinstance(s, int) else DYNAMIC for s in sizes],
            static_strides,
        )
    replace_op(op, [cast.result], "dynamic expand as a reinterpret_cast")


class DynamicExpands(ModulePass):
    NAME = "mlirfuse-dynamic-expands"
    SUMMARY = (
        "memref.expand_shape groups of two or more dynamic sizes as reinterpret_casts "
        "(upstream's expand-strided-metadata asserts on them); run on buffers"
    )

    def run(self, module: ir.Operation) -> None:
        found: list[ir.Operation] = []

        def collect(op: ir.Operation) -> ir.WalkResult:
            if needs_rewrite(op):
                found.append(op)
            return ir.WalkResult.ADVANCE

        module.walk(collect, ir.WalkOrder.PRE_ORDER)
        with module.context:
            for op in found:
                _rewrite(op)

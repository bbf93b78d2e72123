"""A kernel's `expand_shape` moved above its producer chain, with a dynamic dim.

`inner_expand_chains.py` moves an expand above the contraction computing
it, so the heads' transpose after it folds into the contraction's output
map. With a dynamic sequence length or batch the rows are dynamic: the
expand splits `S` into `1 x S`, or `B·32` into `B x 32`. Such a split needs
no dynamic divisor where the dynamic dim has only unit dims before it in its
group (`splits_statically`); the op the expand reads takes its rows from
outside the kernel, before the collapse that made them (`in_shape`); and the
new result's dynamic size is an input's dim read at the same loop
(`result_sizes`, checked first by `dynamic_dims_read`), a value from outside
the kernel, so no kernel op is kept alive for its size.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.analysis.structured import dim_position
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.transforms.ir_access import dynamic_dim_leads, reassociation_groups, static_shape


def splits_statically(reshape: ir.Operation) -> bool:
    """Every group of the expand splits its dim into static dims, or has one
    dynamic dim and only unit dims before it (`1 x S` of a sequence's rows,
    `B x 32` of a batch's): the split loops' extents need no dynamic
    divisor, and the dynamic one is read off an input (`result_sizes`)."""
    fine = static_shape(reshape.results[0])
    return all(dynamic_dim_leads(group, fine) for group in reassociation_groups(reshape))


def dynamic_dims_read(out: tuple[ir.AffineMap, list[int]], maps: list[ir.AffineMap]) -> bool:
    """Each dynamic dim of the result is at a loop some input reads (its size
    is read off that input: `result_sizes`)."""
    read = {dim_position(e) for m in maps for e in m.results}
    return all(
        dim_position(out[0].results[d]) in read
        for d, extent in enumerate(out[1])
        if ir.ShapedType.is_dynamic_size(extent)
    )


def in_shape(value: ir.Value, shape: list[int]) -> ir.Value | None:
    """A dynamic `value` in `shape` without a reshape to build: itself, or
    the source of the collapse it is (a Linear reads a sequence's 1 x S x E
    rows through a collapse to S x E)."""
    if static_shape(value) == shape:
        return value
    collapse = defining_op(value)
    if collapse is None or collapse.name != "tensor.collapse_shape":
        return None
    return collapse.operands[0] if static_shape(collapse.operands[0]) == shape else None


def result_sizes(
    shape: tuple[int, ...], maps: tuple[ir.AffineMap, ...], values: list[ir.Value]
) -> list[int | ir.Value]:
    """`shape`, each dynamic dim the size of an input dim read at the
    same loop (a value from outside the kernel: no kernel op kept alive)."""
    sizes: list[int | ir.Value] = []
    for dim, extent in enumerate(shape):
        if not ir.ShapedType.is_dynamic_size(extent):
            sizes.append(extent)
            continue
        loop = dim_position(maps[-1].results[dim])
        found = [
            (value, p)
            for value, amap in zip(values, maps, strict=False)
            for p, e in enumerate(amap.results)
            if dim_position(e) == loop
        ]
        value, position = found[0]  # `_step` read every dynamic loop off an input
        index = arith.ConstantOp(ir.IndexType.get(), position).result
        sizes.append(tensor.DimOp(value, index).result)
    return sizes

"""Pads seen through a reshape, as the gathers the GPU back end can fuse.

Tile and fuse moves a producer into its reader's kernel only through ops
with the tiling interface, never through a `tensor.expand_shape` or
`tensor.collapse_shape`: a pad read through a reshape was left a loop on
the host, outside every kernel. So the pad and its reshape become one
generic over the reshaped shape, reading the pad's source with the pad's
bounds check (`padding.padded_read`):

- before planning (`gpu/before_fusion.py`), a pad a collapse reads, and an
  expand splitting a padded dim (`collapsed_pads_to_gathers`);
- in each kernel unit (`gpu/prepare.py`), an expand of a pad
  (`expand_of_pad_to_generic`: a padding generic of the expanded source
  when no padded dim is split) and a collapse of a pad
  (`collapse_of_pad_to_generic`), which fusion's reshape propagation can
  put inside a kernel after planning (a chunked delta rule pads the
  sequence to whole chunks, then batch and heads are merged for the
  contractions).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.gpu.concat_kernel import index_generic
from mlirfuse.gpu.folds_scalar import unit_collapse
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.padding import (
    constant_padding,
    pad_to_generic,
    padded_read,
    padding_generic,
    padding_value,
    static_pad,
)
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import users_of
from mlirfuse.transforms.view_coords import through_view


def collapsed_pads_to_gathers(func: ir.Operation) -> int:
    """A `tensor.pad` a `tensor.collapse_shape` reads (Transformer-XL's
    relative shift: pad a column, view the rows as one, view again, drop
    the first row) -> the gather a pad lowers to, a generic the planner
    sees; and an `expand_shape` of a pad that splits a padded dim (VITS's
    relative-to-absolute skew: the flattened rows padded by a partial row,
    then viewed as longer rows) -> the gather over the expanded shape
    (`_split_pad_to_generic`). Left a pad, it joined its reader's kernel,
    where tile and fuse cannot reach it through the reshapes: a loop on the
    host (wav2vec2-conformer's relative position scores, VITS's windowed
    attention). Returns how many rewrites."""
    collapsed: list[ir.Operation] = []
    split: list[ir.Operation] = []  # expands splitting a padded dim
    for op_view in func.regions[0].blocks[0].operations:
        pad = op_view.operation
        if pad.name != "tensor.pad" or not constant_padding(pad) or not static_pad(pad):
            continue
        readers = users_of(pad.results[0])
        if any(u.name == "tensor.collapse_shape" for u in readers):
            collapsed.append(pad)
        else:
            split += [u for u in readers if _splits_padded_dim(u, pad)]
    for pad in collapsed:
        pad_to_generic(pad)
    # Each rewrite may erase its pad (read by nothing more), never an expand.
    done = sum(expand_of_pad_to_generic(expand) is not None for expand in split)
    return len(collapsed) + done


def _splits_padded_dim(expand: ir.Operation, pad: ir.Operation) -> bool:
    """Whether `expand` is a static expand_shape of `pad` splitting a padded dim."""
    if expand.name != "tensor.expand_shape" or len(expand.operands) != 1:
        return False
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    high = list(ir.DenseI64ArrayAttr(pad.attributes["static_high"]))
    return any((low[d] or high[d]) and len(g) > 1 for d, g in enumerate(_groups(expand)))


def _groups(reshape: ir.Operation) -> list[list[int]]:
    return [
        [ir.IntegerAttr(d).value for d in ir.ArrayAttr(g)]
        for g in ir.ArrayAttr(reshape.attributes["reassociation"])
    ]


def expand_of_pad_to_generic(expand: ir.Operation) -> ir.Operation | None:
    """`expand_shape(pad(x))` -> a padding generic of `expand_shape(x)` when
    every padded dim stays one dim (its reassociation group has one member),
    else a gather over the expanded shape (`_split_pad_to_generic`); None
    (nothing changed) when neither applies."""
    pad = defining_op(expand.operands[0])
    if pad is None or pad.name != "tensor.pad" or not static_pad(pad):
        return None
    result_type = ir.RankedTensorType(expand.results[0].type)
    if not result_type.has_static_shape:
        return None
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    high = list(ir.DenseI64ArrayAttr(pad.attributes["static_high"]))
    src_shape = ir.RankedTensorType(pad.operands[0].type).shape
    groups = _groups(expand)
    if any((low[d] or high[d]) and len(g) > 1 for d, g in enumerate(groups)):
        return _split_pad_to_generic(expand, pad, groups)
    new_low = [0] * result_type.rank
    new_shape = list(result_type.shape)
    for d, group in enumerate(groups):
        if low[d] or high[d]:
            new_low[group[0]] = low[d]
            new_shape[group[0]] = src_shape[d]
    with ir.InsertionPoint(expand), expand.location:
        source_type = ir.RankedTensorType.get(new_shape, result_type.element_type)
        source = tensor.ExpandShapeOp(
            source_type, pad.operands[0], expand.attributes["reassociation"], [], new_shape
        ).result
        new = padding_generic(source, new_low, result_type, padding_value(pad))
    with Rewrite("pad the expanded source of an expanded pad", expand) as rw:
        rw.replace_op(expand, [new.results[0]])
        rw.erase_if_unused(pad)
    return new


def _split_pad_to_generic(
    expand: ir.Operation, pad: ir.Operation, groups: list[list[int]]
) -> ir.Operation | None:
    """`expand_shape(pad(x))` that splits a padded dim (SAM's window partition
    pads the grid to a multiple of the window, then splits it into windows)
    -> one gather over the expanded shape reading `x` at the padded position
    its indices linearise to. None (nothing changed) for a dynamic shape."""
    result_type = ir.RankedTensorType(expand.results[0].type)
    pad_type = ir.RankedTensorType(pad.results[0].type)
    if not result_type.has_static_shape:
        return None
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    source, pad_value = pad.operands[0], padding_value(pad)

    def read(at: list[ir.Value]) -> ir.Value:
        index = ir.IndexType.get()
        padded_at = []
        for group in groups:
            linear = at[group[0]]
            for d in group[1:]:
                size = arith.ConstantOp(index, result_type.shape[d]).result
                linear = arith.AddIOp(arith.MulIOp(linear, size).result, at[d]).result
            padded_at.append(linear)
        return padded_read(source, low, pad_type, pad_value, padded_at)

    with ir.InsertionPoint(expand), expand.location:
        new = index_generic(result_type, read)
    with Rewrite("gather the expanded pad whose padded dims are split", expand) as rw:
        rw.replace_op(expand, [new.results[0]])
        rw.erase_if_unused(pad)
    return new


def collapse_of_pad_to_generic(collapse: ir.Operation) -> ir.Operation | None:
    """`collapse_shape(pad(x))` (static, padded by a constant, merging
    non-unit dims) -> one gather over the collapsed shape: each collapsed
    index split back into the pad's coordinates (`through_view`), read with
    the pad's bounds check. None (nothing changed) where it does not apply."""
    pad = defining_op(collapse.operands[0])
    if pad is None or pad.name != "tensor.pad" or not static_pad(pad):
        return None
    result_type = ir.RankedTensorType(collapse.results[0].type)
    if not constant_padding(pad) or not result_type.has_static_shape:
        return None
    if unit_collapse(collapse):
        return None  # its readers' maps absorb it (`folds_scalar.read_through_unit_collapse`)
    pad_type = ir.RankedTensorType(pad.results[0].type)
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))

    def read(at: list[ir.Value]) -> ir.Value:
        padded_at = through_view(collapse, at)
        return padded_read(pad.operands[0], low, pad_type, padding_value(pad), padded_at)

    with ir.InsertionPoint(collapse), collapse.location:
        new = index_generic(result_type, read)
    with Rewrite("gather the collapsed pad", collapse) as rw:
        rw.replace_op(collapse, [new.results[0]])
        rw.erase_if_unused(pad)
    return new

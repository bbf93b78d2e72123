"""What the GPU back end rewrites before a module is planned.

`mlirfuse compile`, its CPU check and `mlirfuse plan --backend gpu` plan the
same IR, so that the plan's kernels are the kernels that launch:

- an op read only through static slices is computed only where they read
  it (`sliced_producers.py`, through reshapes by `sliced_views.py`): YOLOS's
  last layer runs on the 5 detection tokens its heads read, a top-k's sort
  picks only the 4 values read;
- contractions read their 16-bit operands directly (`narrow.py`), so no
  kernel is planned for the widening;
- a named `linalg.reduce` (linalg from TOSA: every `tosa.reduce_*`) is its
  generic (`transforms/generalize.generalize_reductions`), first, so that the
  rewrites here and in `prepare` that read generics see it: a sum reading a
  collapse of a unit dim runs on the collapse's source
  (`transforms/reshape_reductions.py`: ConvNeXt's LayerNorm one kernel, not
  split at the collapse), a widening cast is recomputed in it
  (`reduction_casts.py`);
- a batch matmul of batch 1 (linalg from TOSA: every Linear) is a matmul
  (`transforms/unit_batch.py`), before `narrow` and the einsum chains see it,
  so no reshape is left between the contraction and its epilogue;
- insert_slices that tile an empty tensor along one dim (TOSA's concat) are
  the `tensor.concat` they compute (`transforms/inserted_concats.py`), before
  the concats' rewrites below see it: one gather its readers fuse, not a
  heavy strided gather per slice;
- a reduction over one element (`Linear(1, n)`: an outer product; a max
  over a unit dim) is the elementwise op it is
  (`transforms/unit_reductions.py`): the contraction schedule could not
  build a K of 1;
- a contraction reading transposes through reshapes (torch's einsum) is
  re-expressed on the transposed values' own dims
  (`transforms/einsum_chains.py`: no copy kernels for them);
- a copy (a weight's transpose) read only by f32 contractions, two or more,
  is read through by each (`contraction_copies.fold_shared_copies`: an
  LSTM's recurrent weight, read at every step);
- a returned concat whose slices are contiguous is written in place by its
  operands' kernels (`concat_in_place.py`: no kernel for it);
- any other static `tensor.concat` becomes the generic the back end launches for it
  (`concat_kernel.concat_to_generic`): a kernel the plan counts (and prices, and
  may fuse) instead of one the split adds after planning;
- a gather reading another gather (or a transpose of one) becomes one gather
  (`gather_compose.compose_gathers`: torch's roll and a window partition
  after it, one kernel instead of three);
- a pad read only by `tensor.extract` in a gather's body (torch's unfold),
  directly or through static views (LongT5's local attention: a concat of
  slices of blocks padded by one), is read through: each read checks the
  bounds on the pad's source (`padding.reads_through_pads`), so no pad is
  left on the host; a gather the pad padded is then composed into its reader;
- an insert_slice into a splat constant or a fill is the pad it equals
  (`padding.insert_slices_as_pads`: BEiT's relative position index);
- a pad of a splat constant becomes a generic that reads no tensor
  (`padding.padded_splats_to_generators`: Funnel's attention mask), computed
  in its readers' kernels; a concat's kernel left it a loop on the host;
- a pad a collapse_shape reads becomes the gather it lowers to
  (`reshaped_pads.collapsed_pads_to_gathers`: Transformer-XL's relative shift),
  which tile and fuse could not reach through the reshapes, and so does an
  expand_shape of a pad that splits a padded dim (VITS's relative-to-absolute
  skew pads the flattened rows, then views them as longer rows);
- a gather read only through one chain of views becomes a gather of the
  chain's last shape (`gather_compose.cut_gathers`), then the gathers of
  gathers left compose: the skew's pads, reshapes and slices are one gather
  of its reader's size, which the planner fuses into the reader, and an
  interleaving stack (a concat on a new unit dim, flattened: interleaved
  rotary embeddings, 4-bit weight unpacking) leaves no reshape between its
  gather and its reader;
- a collapse_shape of a strided slice (`x[:, :k].flatten()`: a top-k
  router's experts) becomes the gather it needs
  (`slice_gathers.collapsed_slices_to_gathers`): bufferized, it was a copy
  looping on the host; so does a slice the function returns
  (`slice_gathers.returned_slices_to_gathers`: `torch.topk(x, k).values`),
  which no kernel computed, and an insert_slice into anything but a splat
  (`slice_gathers.inserted_slices_to_gathers`: a top-p filter's shifted
  mask), which had no lowering between kernels;
- a pad the function returns, directly or through views, becomes the
  gather a pad lowers to (`padding.returned_pads_to_gathers`: SEW-D pads
  its upsampled sequence by one frame), which no kernel computed;
- a function result that is a tensor constant is written by a kernel
  (`destinations.returned_constants_to_kernels`: a generator of a splat,
  else a copy), which the split found missing;
- an op on tensors whose results nothing reads goes first (`drop_dead_ops`):
  planned, it was a kernel unit that launched nothing; and again last, for
  what the rewrites left unread;
- a cheap widening cast read by a reduction and by other generics is recomputed
  in each of them (`reduction_casts.casts_into_reductions`: a GroupNorm's
  f64 variance, a bf16 LayerNorm's f32 upcast), so the norm's kernel does not stage the widened row in
  shared memory, nor does the kernel before it write the widened copy;
- a fill whose destination is another fill's result writes the inner fill's
  destination instead (`fills_over_fills`): a fill overwrites every element,
  and a kernel whose init fill reads a filled tensor left that inner fill as
  a loop on the host (torch-mlir's cumsum: the scan's output is a zero fill).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.gpu import (
    concat_in_place,
    concat_kernel,
    destinations,
    gather_compose,
    narrow,
    padding,
    reduction_casts,
    reshaped_pads,
    slice_gathers,
    sliced_producers,
)
from mlirfuse.gpu.contraction_copies import fold_shared_copies
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.prepare import functions
from mlirfuse.mutation import erase, has_uses
from mlirfuse.transforms.einsum_chains import fold_einsum_chains
from mlirfuse.transforms.generalize import generalize_reductions
from mlirfuse.transforms.inserted_concats import inserted_concats
from mlirfuse.transforms.unit_batch import unit_batch_matmuls
from mlirfuse.transforms.unit_reductions import unit_reductions_to_elementwise


def before_fusion(module: ir.Module) -> None:
    """Rewrite `module` in place as the GPU back end plans it."""
    for func in functions(module):
        # As `prepare` would: TOSA's named reductions are generics to the
        # rewrites below (`reduction_casts`) and to `prepare`'s.
        generalize_reductions(func)
        unit_batch_matmuls(func)  # as `prepare` would, before narrow and the einsum chains
        inserted_concats(func)  # as `prepare` would, before the concats' rewrites below
    narrow.narrow_contraction_operands(module)
    for func in functions(module):
        unit_reductions_to_elementwise(func)
        fold_einsum_chains(func)
        fold_shared_copies(func)
        drop_dead_ops(func)
        destinations.returned_constants_to_kernels(func)
        padding.padded_splats_to_generators(func)
        concat_in_place.in_place_concats(func)
        concat_kernel.concats_to_generics(func)
        gather_compose.compose_gathers(func)
        padding.insert_slices_as_pads(func)
        reshaped_pads.collapsed_pads_to_gathers(func)
        gather_compose.cut_gathers(func)  # then the pads' gathers of gathers: one
        gather_compose.compose_gathers(func)
        # After the pads' gathers (a slice moved above a view would hide the
        # pad-view-slice chains they rewrite), before a returned slice or a
        # collapse of one becomes a gather of the whole.
        padding.sliced_pads_to_gathers(func)
        sliced_producers.shrink_sliced_producers(func)
        slice_gathers.collapsed_slices_to_gathers(func)
        slice_gathers.returned_slices_to_gathers(func)
        padding.returned_pads_to_gathers(func)
        slice_gathers.inserted_slices_to_gathers(func)
        if _read_through_pads(func):  # the gathers they read through: one with their readers
            gather_compose.compose_gathers(func)
        fills_over_fills(func)
        reduction_casts.casts_into_reductions(func)
        # What the rewrites above left unread goes too: planned, it would be
        # a kernel unit that launches nothing.
        drop_dead_ops(func)


def _read_through_pads(func: ir.Operation) -> int:
    """`padding.reads_through_pads` until no pad is left to read through (a
    pad of a pad: the inner one next); returns how many went."""
    gone = 0
    while done := padding.reads_through_pads(func):
        gone += done
    return gone


def host_ops_to_kernels(module: ir.Module) -> None:
    """What `mlirfuse compile --no-fuse` takes of the above: only the
    rewrites that give a kernel to an op with no lowering between kernels (a
    returned constant, slice or pad, an insert_slice, a collapse of a strided
    slice, a fill over a fill: a cumsum's init), each of which stopped the
    split or left a loop on the host; nothing that joins, removes or
    re-expresses kernels the unfused baseline launches."""
    for func in functions(module):
        destinations.returned_constants_to_kernels(func)
        padding.insert_slices_as_pads(func)
        slice_gathers.collapsed_slices_to_gathers(func)
        slice_gathers.returned_slices_to_gathers(func)
        padding.returned_pads_to_gathers(func)
        slice_gathers.inserted_slices_to_gathers(func)
        fills_over_fills(func)


def fills_over_fills(func: ir.Operation) -> None:
    """Each `linalg.fill` of a fill's result writes that fill's destination;
    an inner fill nothing reads any more goes."""
    for op in list(func.regions[0].blocks[0].operations):
        fill = op.operation
        if fill.name != "linalg.fill":
            continue
        inner = defining_op(fill.operands[1])
        if inner is None or inner.name != "linalg.fill":
            continue
        fill.operands[1] = inner.operands[1]
        if not has_uses(inner):
            erase(inner, "drop a fill that a later fill overwrites")


# Dialects whose ops on tensors have no effect but their results.
_PURE_PREFIXES = ("linalg.", "tensor.", "arith.", "math.")


def drop_dead_ops(func: ir.Operation) -> int:
    """Erase the function's top-level ops on tensors (linalg, tensor, arith,
    math) whose results nothing reads, last first so that the chains feeding
    only them go too; returns how many went."""
    gone = 0
    for op_view in reversed(list(func.regions[0].blocks[0].operations)):
        op = op_view.operation
        if not op.name.startswith(_PURE_PREFIXES) or not op.results or has_uses(op):
            continue
        if any(isinstance(v.type, ir.MemRefType) for v in op.operands):
            continue  # writes a buffer
        erase(op, "an op nothing reads goes")
        gone += 1
    return gone

"""Copies into and out of a contraction become its maps, inside a kernel.

Exported models feed matmuls through copies. `x.flatten(2).transpose(1, 2)`
of a conv feature map before a Linear (Segformer's decode head, PVT, every
patch embedding) is a `linalg.transpose` into a `linalg.batch_matmul`, and
torch-mlir broadcasts the Linear's weight to the batch with a copy generic.
Planned into the contraction's kernel, tile-and-fuse materialises each
thread's slice of the copy, the whole K extent of it: 255 registers and
spills, or no tiling at all ("could not find next producer to fuse").

As `folds.fold_transpose_into_matmul` does for a matmul's transposed weight,
the contraction becomes a `linalg.generic` that reads each copy's source
through the composed map (`head_layout.copy_source`: a transpose, or a
generic that only yields its input). Only copies of the same kernel are
folded, and only f32 contractions: 16-bit ones stay named for the tensor
cores. The other way round, `flatten(2).transpose(1, 2)` back to channels
first after a Linear and its bias (`fold_epilogue_transpose`): the contraction
writes the transposed layout itself and its elementwise epilogue runs in that
layout, where a transposed write of each thread's tile spilled its
accumulators (a contraction with a permuted output map lowers as any other).
Nothing is computed differently: a copy only changes which element is read
where, and the sum over K keeps its order.
"""

from __future__ import annotations

from collections.abc import Callable

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.analysis.structured import dim_position
from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.opshape import is_contraction
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.head_layout import compose_copy_map, copy_source
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    iterator_names,
    set_indexing_maps,
    static_shape,
    users_of,
)
from mlirfuse.transforms.ir_utils import held_sizes_of, multiply_accumulate

# Named contractions: 16-bit ones stay named, for the tensor-core path.
NAMED_CONTRACTIONS = ("linalg.matmul", "linalg.batch_matmul")


def _default_maps(batch: bool) -> list[ir.AffineMap]:
    """The named op's maps: A[b, m, k], B[b, k, n], C[b, m, n] (no b for a matmul)."""
    rank = 4 if batch else 3
    dims = [ir.AffineDimExpr.get(i) for i in range(rank)]
    lead, (m, n, k) = dims[:-3], dims[-3:]
    results = [[*lead, m, k], [*lead, k, n], [*lead, m, n]]
    return [ir.AffineMap.get(rank, 0, r) for r in results]


def all_f32(op: ir.Operation) -> bool:
    return all(isinstance(ir.ShapedType(v.type).element_type, ir.F32Type) for v in op.operands)


def _folded_operands(
    op: ir.Operation, maps: list[ir.AffineMap]
) -> tuple[list[ir.Value], list[ir.AffineMap], list[ir.Operation]]:
    """Each input read through the copy that makes it, where one does."""
    sources, new_maps, copies = list(op.operands)[:2], list(maps), []
    for i, value in enumerate(sources):
        copy = defining_op(value)
        if copy is None or copy.parent != op.parent:
            continue
        found = copy_source(copy)
        composed = None if found is None else compose_copy_map(found[1], maps[i])
        if found is None or composed is None:
            continue
        sources[i], new_maps[i] = found[0], composed
        copies.append(copy)
    return sources, new_maps, copies


def _foldable_named(op: ir.Operation) -> bool:
    """A named f32 matmul or batch matmul of a `fusion.group`."""
    parent = op.parent
    if op.name not in NAMED_CONTRACTIONS or parent is None or parent.name != GROUP_OP:
        return False
    return len(op.operands) == 3 and all_f32(op) and "cast" not in op.attributes


def _contraction_generic(
    op: ir.Operation, sources: list[ir.Value], maps: list[ir.AffineMap]
) -> ir.Operation:
    """Named f32 contraction `op` replaced by a generic reading `sources` through `maps`."""
    reduced = [False] * (maps[0].n_dims - 1) + [True]
    with ir.InsertionPoint(op), op.location:
        new = multiply_accumulate(sources, op.operands[2], maps, reduced)
    with Rewrite("a named contraction as a generic", new) as rw:
        rw.replace_op(op, [new.results[0]])
    return new.operation


def fold_copies_into_contraction(op: ir.Operation) -> ir.Operation:
    """`op` (a named f32 matmul in a `fusion.group`) as a generic reading its
    copied operands' sources; `op` itself when nothing folds."""
    if not _foldable_named(op):
        return op
    sources, maps, copies = _folded_operands(op, _default_maps(op.name == "linalg.batch_matmul"))
    if not copies:
        return op
    new = _contraction_generic(op, sources, maps)
    with Rewrite("copies folded into a contraction's maps", new) as rw:
        for copy in copies:
            rw.erase_if_unused(copy)
    return new


def fold_copies_into_generic(op: ir.Operation) -> bool:
    """The same for an f32 contraction that is a generic already (a chain
    moved onto split loops by `inner_expand_chains`, an einsum): its copied
    inputs read through the composed maps. Whether any folded."""
    parent = op.parent
    if not is_contraction(op) or parent is None or parent.name != GROUP_OP:
        return False
    if len(op.operands) != 3 or not all_f32(op):
        return False
    maps = indexing_maps(op)
    sources, new_maps, copies = _folded_operands(op, maps)
    if not copies:
        return False
    with Rewrite("copies folded into a generic contraction's maps", op) as rw:
        for i, source in enumerate(sources):
            op.operands[i] = source
        set_indexing_maps(op, new_maps)
        for copy in copies:
            rw.erase_if_unused(copy)
    return True


def _reads_as_input(op: ir.Operation, value: ir.Value) -> bool:
    """`op` is a named f32 contraction beside `value`'s copy that reads `value`
    as an input, not as its init."""
    if op.name not in NAMED_CONTRACTIONS or len(op.operands) != 3 or not all_f32(op):
        return False
    return "cast" not in op.attributes and op.operands[2] != value


def fold_shared_copies(func: ir.Operation) -> int:
    """A copy outside every kernel read only by named f32 contractions, two
    or more (an RNN's recurrent weight, transposed once and read at every
    step), folded into each one's maps: as a kernel of its own it moved the
    whole weight twice more, and no one kernel could take it. Before fusion,
    so the plan sees what launches. Returns how many copies went."""
    folded = 0
    for op_view in list(func.regions[0].blocks[0].operations):
        copy = op_view.operation
        found = copy_source(copy) if len(copy.results) == 1 else None
        users = [] if found is None else users_of(copy.results[0])
        if found is None or len(users) < 2:
            continue
        if any(u.parent != copy.parent or not _reads_as_input(u, copy.results[0]) for u in users):
            continue
        folds = [_read_through_copy(user, copy.results[0], found) for user in users]
        if any(fold is None for fold in folds):
            continue  # a window (torch's unfold: `d2 + d1 * 64`) is no map to compose
        for user, fold in zip(users, folds, strict=True):
            assert fold is not None
            _contraction_generic(user, fold[0], fold[1])
        with Rewrite("a copy read only by contractions folded into their maps", copy) as rw:
            rw.erase_if_unused(copy)
        folded += 1
    return folded


def _read_through_copy(
    user: ir.Operation, copied: ir.Value, found: tuple[ir.Value, ir.AffineMap]
) -> tuple[list[ir.Value], list[ir.AffineMap]] | None:
    """The contraction `user`'s two operands and maps with the copy
    `copied` read through as its source; None where the copy's map does not
    compose with the contraction's."""
    maps = _default_maps(user.name == "linalg.batch_matmul")
    sources = list(user.operands)[:2]
    for i, value in enumerate(sources):
        if value == copied:
            composed = compose_copy_map(found[1], maps[i])
            if composed is None:
                return None
            sources[i], maps[i] = found[0], composed
    return sources, maps


# -- a transpose after a contraction's elementwise epilogue --------------------


def _is_identity(amap: ir.AffineMap) -> bool:
    return amap.n_symbols == 0 and amap == ir.AffineMap.get_identity(amap.n_dims)


def _only_user(value: ir.Value, user: ir.Operation) -> bool:
    users = users_of(value)
    return len(users) == 1 and users[0] == user


def _elementwise_epilogue(value: ir.Value, reader: ir.Operation) -> ir.Operation | None:
    """The all-parallel one-result generic computing `value`, which only
    `reader` reads, writing through the identity, without `linalg.index`
    (its loops get permuted)."""
    epilogue = defining_op(value)
    if epilogue is None or epilogue.name != "linalg.generic" or len(epilogue.results) != 1:
        return None
    if epilogue.parent != reader.parent or not _only_user(epilogue.results[0], reader):
        return None
    if any("parallel" not in it for it in iterator_names(epilogue)):
        return None
    if not _is_identity(indexing_maps(epilogue)[-1]):
        return None
    body = epilogue.regions[0].blocks[0]
    if any(op.operation.name == "linalg.index" for op in body.operations):
        return None
    return epilogue


def _transposable_contraction(epilogue: ir.Operation, index: int) -> ir.Operation | None:
    """The contraction whose result is `epilogue`'s input `index`, read by
    nothing else, through the identity, with an empty or filled init."""
    value = epilogue.operands[index]
    contraction = defining_op(value)
    if contraction is None or len(contraction.results) != 1:
        return None
    if not (_foldable_named(contraction) or is_contraction(contraction)):
        return None
    if contraction.parent != epilogue.parent or not _only_user(value, epilogue):
        return None
    if not _is_identity(indexing_maps(epilogue)[index]):
        return None
    init = defining_op(contraction.operands[-1])
    if init is None or init.name not in ("tensor.empty", "linalg.fill"):
        return None
    return contraction


def _renamed(amap: ir.AffineMap, perm: list[int]) -> ir.AffineMap | None:
    """`amap` over the transposed loops (old loop perm[r] is new loop r); None
    unless its results are dims and constants."""
    new_dim = {p: r for r, p in enumerate(perm)}
    results = []
    for expr in amap.results:
        if isinstance(expr, ir.AffineDimExpr):
            results.append(ir.AffineDimExpr.get(new_dim[expr.position]))
        elif isinstance(expr, ir.AffineConstantExpr):
            results.append(expr)
        else:
            return None
    return ir.AffineMap.get(amap.n_dims, amap.n_symbols, results)


def _epilogue_maps(
    epilogue: ir.Operation, index: int, perm: list[int]
) -> list[ir.AffineMap] | None:
    """The epilogue's maps on the transposed loops, reading the (now
    transposed) contraction result `index` through the identity."""
    identity = ir.AffineMap.get_identity(len(perm))
    maps = indexing_maps(epilogue)
    renamed = [identity if i == index else _renamed(m, perm) for i, m in enumerate(maps[:-1])]
    if any(m is None for m in renamed):
        return None
    return [m for m in renamed if m is not None] + [identity]


def _init_like(init: ir.Value, shape: list[int | ir.Value], element: ir.Type) -> ir.Value:
    """An empty of `shape` (a dynamic size as its value), filled as `init` is
    when that is a fill."""
    empty = tensor.EmptyOp(shape, element).result
    fill = defining_op(init)
    if fill is not None and fill.name == "linalg.fill":
        return linalg.fill(fill.operands[0], outs=[empty])
    return empty


def fold_epilogue_transpose(transpose: ir.Operation) -> bool:
    """transpose(E(C(...), ...)) in a kernel, C a contraction and E its
    elementwise epilogue -> C writing the transposed layout, E running in it."""
    parent = transpose.parent
    if transpose.name != "linalg.transpose" or parent is None or parent.name != GROUP_OP:
        return False
    perm = list(ir.DenseI64ArrayAttr(transpose.attributes["permutation"]))
    relayout = _relayout(transpose.operands[0], transpose, perm)
    if relayout is None:
        return False
    with Rewrite("a contraction and its epilogue write the transposed layout", transpose) as rw:
        epilogue = relayout(rw)
        rw.replace_uses(transpose.results[0], epilogue.results[0])
        rw.erase(transpose)
        rw.erase_if_dead(transpose.operands[1])
    return True


def fold_epilogue_permuted_read(reader: ir.Operation, index: int) -> bool:
    """A generic of a kernel reading E(C(...), ...) (input `index`) through
    a permutation of its loops, C a contraction and E its elementwise
    epilogue read by nothing else -> C and E write the reader's loop order,
    which the reader reads through the identity (a channels-first layer
    scale after a Linear on the tokens: `fold_epilogue_transpose`, the
    transpose already merged into the reader's map)."""
    parent = reader.parent
    if reader.name != "linalg.generic" or parent is None or parent.name != GROUP_OP:
        return False
    value = reader.operands[index]
    loops = permuted_read(indexing_maps(reader)[index])
    if loops is None or sum(1 for use in value.uses if use.owner.operation == reader) != 1:
        return False
    relayout = _relayout(value, reader, inverse(loops))
    if relayout is None:
        return False
    with Rewrite("a contraction and its epilogue write their reader's order", reader) as rw:
        relayout(rw)
        maps = indexing_maps(reader)
        maps[index] = ir.AffineMap.get_identity(len(loops))
        set_indexing_maps(reader, maps)
    return True


def permuted_read(amap: ir.AffineMap) -> list[int] | None:
    """The loop each dim of the operand is read at, where `amap` is a
    permutation of all its loops (no symbols, no constants); else None."""
    loops = [dim_position(expr) for expr in amap.results]
    found = [p for p in loops if p is not None]
    if amap.n_symbols or len(found) != len(loops) or sorted(found) != list(range(amap.n_dims)):
        return None
    return found


def inverse(loops: list[int]) -> list[int]:
    """The transpose permutation that puts dim r of a value read at loop
    `loops[r]` at dim `loops[r]`: new dim i is old dim `perm[i]`."""
    return [loops.index(i) for i in range(len(loops))]


def _relayout_parts(
    value: ir.Value, reader: ir.Operation, perm: list[int]
) -> tuple[ir.Operation, ir.Operation, list[ir.AffineMap]] | None:
    """The epilogue computing `value`, its one contraction, and the
    epilogue's maps on the permuted loops; None where the layout stays."""
    shape = static_shape(value)
    epilogue = _elementwise_epilogue(value, reader)
    if epilogue is None or len(perm) != len(shape):
        return None
    inputs = range(len(epilogue.operands) - 1)
    found = [(i, c) for i in inputs if (c := _transposable_contraction(epilogue, i)) is not None]
    maps = None if len(found) != 1 else _epilogue_maps(epilogue, found[0][0], perm)
    return None if maps is None else (epilogue, found[0][1], maps)


def _relayout(
    value: ir.Value, reader: ir.Operation, perm: list[int]
) -> Callable[[Rewrite], ir.Operation] | None:
    """E(C(...), ...) computing `value` on `perm` of its layout (new dim i
    is old dim perm[i]): C's output map permuted, E on the permuted loops.
    None, nothing changed, where it cannot; else the new inits are built and
    the returned step, run in a `Rewrite`, retypes C and E and returns E."""
    parts = _relayout_parts(value, reader, perm)
    if parts is None:
        return None
    epilogue, contraction, maps = parts
    # A dynamic dim (a sequence's rows) is the size the old init held.
    held = held_sizes_of(contraction.operands[-1], ir.RankedTensorType(value.type))
    sizes = [held[p] for p in perm]
    if contraction.name in NAMED_CONTRACTIONS:  # its maps are to change: a generic first
        batch = contraction.name == "linalg.batch_matmul"
        contraction = _contraction_generic(
            contraction, list(contraction.operands)[:2], _default_maps(batch)
        )
    c_maps = indexing_maps(contraction)
    out = c_maps[-1]
    c_maps[-1] = ir.AffineMap.get(out.n_dims, out.n_symbols, [out.results[p] for p in perm])
    c_element = ir.RankedTensorType(contraction.results[0].type).element_type
    with ir.InsertionPoint(contraction), contraction.location:
        c_init = _init_like(contraction.operands[-1], sizes, c_element)
    e_element = ir.RankedTensorType(epilogue.results[0].type).element_type
    with ir.InsertionPoint(epilogue), epilogue.location:
        e_init = tensor.EmptyOp(sizes, e_element).result
    steps = ((contraction, c_init, c_maps), (epilogue, e_init, maps))

    def apply(rw: Rewrite) -> ir.Operation:
        for op, init, new_maps in steps:
            old_init = op.operands[-1]
            op.operands[len(op.operands) - 1] = init
            set_indexing_maps(op, new_maps)
            op.results[0].set_type(ir.RankedTensorType(init.type))
            rw.erase_if_dead(old_init)
        return epilogue

    return apply

"""Index-only generators are computed where they are read (before planning).

Exported models build position ids, rotary angles and causal masks from
`linalg.index` alone: `%pos = linalg.generic outs(tensor<32xi64>) {index 0}`,
read through reshapes (`expand_shape` to 1x32x1, 1x32 and 32x1) by several
elementwise generics of other shapes. Such a generator reads no memory, so a
kernel of its own (or its result kept for the other readers) costs a launch
and a round trip of a tensor that every reader could compute from its own
loop indices. The rewrite, to a fixed point:

- a generator read through a static `expand_shape` or `collapse_shape` is
  rebuilt in the reshape's space (`_in_space_of`): its `linalg.index j`
  becomes the row-major linear index of an expanded group j's dims, or dim j
  delinearized from the collapsed one, so every element is the same;
- each all-parallel generic that reads a generator (a named op such as a
  transpose that reads only it is generalized first) gets a copy of its
  own, merged into it by the op-level merge (`merge.merge_pair`: the copy's
  indices become the reader's loops, a dim or a constant);
- a generator nothing reads any more goes;
- an all-parallel generic whose only inputs are splat constants (the 9 of a
  reflection pad's `9 - |i - 1|`, a 0-d `dense<9>`) reads them as scalar
  constants in its body (`_without_splat_inputs`): it reads no memory, so it
  is a generator too.

A reader whose inputs were all generators becomes one, and moves on to its
own readers. Readers that are not generics (an attention kernel, a gather's
`tensor.extract`, the return) keep reading the tensor, so a generator they
read stays: one kernel, as before. Nothing is computed differently: the
body runs on the same indices, only in another loop nest.
"""

from __future__ import annotations

import math

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.generalize import GENERALIZABLE, generalize
from mlirfuse.transforms.ir_access import (
    PARALLEL_ITERATOR,
    dynamic_dim_leads,
    indexing_maps,
    is_static_tensor,
    iterator_names,
    producer_of,
    reassociation_groups,
    splat_element,
    static_shape,
    writes_every_point,
)
from mlirfuse.transforms.ir_utils import clone_with_indices, index_constant, linear_index
from mlirfuse.transforms.merge import merge_pair
from mlirfuse.transforms.merge_pairs import Pair

# Ops a generator's body may hold: scalar arithmetic on its indices.
_BODY_DIALECTS = ("arith.", "math.")
# A generator more than one op reads is copied into each of them only while
# its body is this small: copies of copies of a DAG with shared values
# (Swin's shifted-window mask) would grow without bound, so a bigger one is
# computed once, as before.
MAX_COPIED_OPS = 8


def is_generator(op: ir.Operation) -> bool:
    """An all-parallel generic with no inputs, one identity output whose
    init the body does not read, and only index arithmetic inside (its
    sizes static or not: a dynamic sequence's positions and causal mask)."""
    if not writes_every_point(op) or len(op.operands) != 1:
        return False
    return all(_scalar(inner.operation) for inner in op.regions[0].blocks[0].operations)


def _arithmetic(generator: ir.Operation) -> int:
    """The ops of `generator`'s body that compute (not its indices and yield)."""
    body = generator.regions[0].blocks[0].operations
    return sum(
        op.operation.name not in ("linalg.index", "linalg.yield", "arith.constant") for op in body
    )


def _scalar(op: ir.Operation) -> bool:
    if op.name in ("linalg.index", "linalg.yield"):
        return True
    scalars = all(not isinstance(v.type, ir.ShapedType) for v in op.operands)
    return op.name.startswith(_BODY_DIALECTS) and scalars and not op.regions


def inline_generators(func_op: ir.Operation) -> int:
    """Rewrite `func_op`'s top-level generators as the module docstring says;
    returns the rewrites."""
    done = 0
    with func_op.context:
        budget = 4 * len(_top_ops(func_op))
        while done < budget and _one(func_op):
            done += 1
    return done


def _top_ops(func_op: ir.Operation) -> list[ir.Operation]:
    return [op.operation for op in func_op.regions[0].blocks[0].operations]


def _one(func_op: ir.Operation) -> bool:
    """One rewrite somewhere in the function; False when none applies."""
    for op in _top_ops(func_op):
        if _splat_inputs_only(op):
            _without_splat_inputs(op)
            return True
        if not is_generator(op):
            continue
        if not list(op.results[0].uses):
            with Rewrite("drop a generator nothing reads", op) as rw:
                rw.erase_if_dead(op.operands[0])
                rw.erase(op)
            return True
        uses = list(op.results[0].uses)
        if len(uses) > 1 and _arithmetic(op) > MAX_COPIED_OPS:
            continue
        for use in uses:
            user = use.owner.operation
            if _reshape_into(op, user) or _merge_into(op, user, use.operand_number):
                return True
    return False


def _reshape_into(generator: ir.Operation, user: ir.Operation) -> bool:
    """Replace `user`, an expand_shape or collapse_shape of `generator`, by
    the generator built in the reshape's space. A dynamic reshape only where
    each dynamic dim leads its group (the unit dims a dynamic sequence's
    positions are viewed with): its index needs no dynamic stride."""
    if user.name not in _RESHAPES:
        return False
    with ir.InsertionPoint(user), user.location:
        sizes = _result_sizes(user)
        if sizes is None:
            return False
        built = _in_space_of(generator, user, sizes)
    with Rewrite("a generator rebuilt in the space of its reshape", user) as rw:
        rw.replace_op(user, [built])
    return True


_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")


def _result_sizes(reshape: ir.Operation) -> list[int | ir.Value] | None:
    """`reshape`'s result sizes, each dynamic one as an index value (built
    before it), or None where a dynamic dim does not lead its group or its
    size is not known."""
    if is_static_tensor(reshape.results[0]):
        return list(static_shape(reshape.results[0]))
    expand = reshape.name == "tensor.expand_shape"
    fine = static_shape(reshape.results[0] if expand else reshape.operands[0])
    groups = reassociation_groups(reshape)
    if not all(dynamic_dim_leads(group, fine) for group in groups):
        return None
    if expand:  # its output_shape operands: each dynamic size, in order
        dynamic = iter(list(reshape.operands)[1:])
        return [next(dynamic) if ir.ShapedType.is_dynamic_size(d) else d for d in fine]
    sizes: list[int | ir.Value] = []
    for group in groups:  # a collapse's dynamic dim: its group's only non-unit dim
        dims = [j for j in group if fine[j] != 1]
        if len(dims) == 1 and ir.ShapedType.is_dynamic_size(fine[dims[0]]):
            sizes.append(_size_of(reshape.operands[0], dims[0], ir.InsertionPoint(reshape)))
        elif any(ir.ShapedType.is_dynamic_size(fine[j]) for j in group):
            return None
        else:
            sizes.append(math.prod(fine[j] for j in group))
    return sizes


def _size_of(value: ir.Value, dim: int, ip: ir.InsertionPoint) -> ir.Value:
    """Dynamic dim `dim` of a generator's result, read off its init (a
    `tensor.empty`'s operand), so the generator itself gets no new use."""
    generator = producer_of(value)
    init = generator.operands[0] if generator is not None else value
    empty = producer_of(init)
    if empty is not None and empty.name == "tensor.empty":
        shape = static_shape(init)
        position = sum(ir.ShapedType.is_dynamic_size(d) for d in shape[:dim])
        return empty.operands[position]
    return tensor.DimOp(init, index_constant(dim, ip), ip=ip).result


def _in_space_of(
    generator: ir.Operation, reshape: ir.Operation, sizes: list[int | ir.Value]
) -> ir.Value:
    """`generator` computed on `reshape`'s result shape (`sizes`): each of
    its `linalg.index` dims is rebuilt from the new loops (row-major order)."""
    shape = static_shape(reshape.results[0])
    element = ir.RankedTensorType(reshape.results[0].type).element_type
    init = tensor.EmptyOp(sizes, element).result
    identity = ir.AffineMap.get_identity(len(shape))
    new = linalg.GenericOp(
        [init.type],
        [],
        [init],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(identity)]),
        ir.ArrayAttr.get([ir.Attribute.parse(PARALLEL_ITERATOR)] * len(shape)),
    )
    body = new.regions[0].blocks.append(element)
    ip = ir.InsertionPoint(body)
    old_body = generator.regions[0].blocks[0]
    mapping: dict[ir.Value, ir.Value] = {old_body.arguments[0]: body.arguments[0]}
    old_dims = _old_dims(reshape, static_shape(reshape.operands[0]), shape, ip)
    clone_with_indices([o.operation for o in old_body.operations], mapping, old_dims, ip)
    return new.results[0]


def _old_dims(
    reshape: ir.Operation, old: list[int], new: list[int], ip: ir.InsertionPoint
) -> list[ir.Value]:
    """Each dim of the reshape's source as a value of the new loops: an
    expand's group linearized, a collapse's dim delinearized."""
    groups = reassociation_groups(reshape)
    if reshape.name == "tensor.expand_shape":
        return [linear_index(group, new, ip) for group in groups]
    found: dict[int, ir.Value] = {}
    for dim, group in enumerate(groups):
        stride = 1
        for j in reversed(group):
            found[j] = _delinearized(dim, stride, old[j], new[dim], ip)
            stride *= old[j]
    return [found[j] for j in range(len(old))]  # a collapse's groups cover every dim


def _delinearized(dim: int, stride: int, size: int, extent: int, ip: ir.InsertionPoint) -> ir.Value:
    """`(index(dim) floordiv stride) mod size`, the ops a unit size or a
    whole extent makes needless left out (a dynamic size leads its group:
    no mod)."""
    if size == 1:
        return index_constant(0, ip)
    value = linalg.IndexOp(dim, ip=ip).result
    if stride != 1:
        value = arith.DivUIOp(value, index_constant(stride, ip), ip=ip).result
    if stride * size != extent and not ir.ShapedType.is_dynamic_size(size):
        value = arith.RemUIOp(value, index_constant(size, ip), ip=ip).result
    return value


def _merge_into(generator: ir.Operation, user: ir.Operation, operand: int) -> bool:
    """Merge a copy of `generator` into `user`, an all-parallel generic that
    reads it as an input; False (nothing changed) where the merge cannot.
    A named op reading only the generator is generalized first (True: the
    rescan merges it)."""
    if user.name in GENERALIZABLE and _reads_only(user, generator):
        generalize(user)
        return True  # the named op is gone: rescan (its handle dangles)
    if user.name != "linalg.generic" or operand >= len(user.opview.inputs):
        return False
    if any("parallel" not in it for it in iterator_names(user)):
        return False
    copy = generator.clone(ir.InsertionPoint(user))
    positions = [i for i, v in enumerate(user.opview.inputs) if v == generator.results[0]]
    for i in positions:
        user.operands[i] = copy.results[0]
    if merge_pair(Pair(copy, user, 0, positions)) is not None:
        return True
    for i in positions:
        user.operands[i] = generator.results[0]
    with Rewrite("drop a generator copy the reader could not merge", copy) as rw:
        rw.erase(copy)
    return False


def _reads_only(op: ir.Operation, generator: ir.Operation) -> bool:
    """A named op whose inputs are all `generator`'s result (a transpose of
    it): generalized, it merges like any generic reader."""
    inputs = list(op.operands)[: len(op.operands) - len(op.results)]  # then the inits
    return bool(inputs) and all(v == generator.results[0] for v in inputs)


def _splat_inputs_only(op: ir.Operation) -> bool:
    """An all-parallel one-result generic with inputs, each a splat
    constant, its init unread, its body index arithmetic: a generator but
    for the constants it reads from memory."""
    if not writes_every_point(op) or len(op.operands) < 2:
        return False
    if not all(splat_element(v) is not None for v in op.operands[:-1]):
        return False
    if not is_static_tensor(op.operands[-1]):
        return False
    return all(_scalar(inner.operation) for inner in op.regions[0].blocks[0].operations)


def _without_splat_inputs(op: ir.Operation) -> None:
    """Replace `op` by the same generic with no inputs: each splat input is
    an `arith.constant` of its element in the body (every element is that
    element, whatever the map reads)."""
    init = op.operands[-1]
    element = ir.RankedTensorType(init.type).element_type
    rank = indexing_maps(op)[-1].n_dims
    with ir.InsertionPoint(op), op.location:
        new = linalg.GenericOp(
            [init.type],
            [],
            [init],
            ir.ArrayAttr.get([ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))]),
            ir.ArrayAttr.get([ir.Attribute.parse(PARALLEL_ITERATOR)] * rank),
        )
        body = new.regions[0].blocks.append(element)
        ip = ir.InsertionPoint(body)
        old_body = op.regions[0].blocks[0]
        mapping: dict[ir.Value, ir.Value] = {old_body.arguments[-1]: body.arguments[0]}
        for arg, value in zip(old_body.arguments, op.operands[:-1], strict=False):
            mapping[arg] = arith.ConstantOp(arg.type, splat_element(value), ip=ip).result
        indices = [linalg.IndexOp(d, ip=ip).result for d in range(rank)]
        clone_with_indices([o.operation for o in old_body.operations], mapping, indices, ip)
    constants = [producer_of(v) for v in op.operands[:-1]]
    with Rewrite("splat constant inputs read as scalars", op) as rw:
        rw.replace_op(op, [new.results[0]])
        for constant in constants:
            if constant is not None:
                rw.erase_if_unused(constant)

"""Reading and setting the attributes of linalg and tensor ops, and building
reshapes: the helpers the layout rewrites (`head_layout`, `batch_expand`,
`reshape_propagation`) and the GPU back end's reshape moves share.

They read attributes only; none erases or moves an op (`mutation.py` owns that).
"""

from __future__ import annotations

import itertools
import math
import operator

from mlir import ir
from mlir.dialects import tensor

PARALLEL_ITERATOR = "#linalg.iterator_type<parallel>"


def producer_of(value: ir.Value) -> ir.Operation | None:
    """The op defining `value`; None for a block argument."""
    owner = value.owner
    return None if isinstance(owner, ir.Block) else owner.operation


def users_of(value: ir.Value) -> list[ir.Operation]:
    """The distinct ops reading `value`, in use order."""
    found: list[ir.Operation] = []
    for use in value.uses:
        user = use.owner.operation
        if not any(user == f for f in found):
            found.append(user)
    return found


def static_shape(value: ir.Value) -> list[int]:
    """The shape of a ranked tensor value (dynamic dims as MLIR's sentinel)."""
    return list(ir.RankedTensorType(value.type).shape)


def is_static_tensor(value: ir.Value) -> bool:
    return isinstance(value.type, ir.RankedTensorType) and value.type.has_static_shape


def indexing_maps(op: ir.Operation) -> list[ir.AffineMap]:
    return [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]


def set_indexing_maps(op: ir.Operation, maps: list[ir.AffineMap]) -> None:
    op.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps])


def iterator_names(op: ir.Operation) -> list[str]:
    return [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]


def reduced_loops(op: ir.Operation) -> list[bool]:
    """Per loop of a structured op, whether it reduces; [] for an op without loops."""
    if "iterator_types" not in op.attributes:
        return []
    return ["reduction" in name for name in iterator_names(op)]


def has_uses(value: ir.Value) -> bool:
    return any(True for _ in value.uses)


def set_parallel_loops(op: ir.Operation, rank: int, operands: int) -> None:
    """`rank` parallel loops, every one of the `operands` read through the identity."""
    set_indexing_maps(op, [ir.AffineMap.get_identity(rank)] * operands)
    op.attributes["iterator_types"] = ir.ArrayAttr.get(
        [ir.Attribute.parse(PARALLEL_ITERATOR)] * rank
    )


def reassociation_groups(op: ir.Operation) -> list[list[int]]:
    """The reassociation of an `expand_shape` / `collapse_shape`."""
    groups = ir.ArrayAttr(op.attributes["reassociation"])
    return [[ir.IntegerAttr(d).value for d in ir.ArrayAttr(g)] for g in groups]


def dynamic_dim_leads(group: list[int], fine: list[int]) -> bool:
    """No dynamic dim of a reshape group (dims `group` of the fine shape
    `fine`) but its first non-unit one: its row-major index needs no
    dynamic stride (`1 x S`, `B x 32`)."""
    wide = [d for d in group if fine[d] != 1]
    return not any(ir.ShapedType.is_dynamic_size(fine[d]) for d in wide[1:])


def regroup(fine: list[int], coarse: list[int]) -> list[list[int]] | None:
    """Groups of consecutive dims of `fine` whose products are the dims of
    `coarse` (trailing unit dims join the last group); None when there are none."""
    groups: list[list[int]] = []
    i = 0
    for extent in coarse:
        group: list[int] = []
        product = 1
        while i < len(fine) and (not group or product < extent):
            group.append(i)
            product *= fine[i]
            i += 1
        if product != extent or not group:
            return None
        groups.append(group)
    if any(fine[j] != 1 for j in range(i, len(fine))) or not groups:
        return None
    groups[-1].extend(range(i, len(fine)))
    return groups


def reshaped(value: ir.Value, shape: list[int]) -> ir.Value:
    """`value` reshaped to `shape` by one collapse or expand (or two, through
    the finest shape both regroup: `2x4x4x9` to `2x16x1x9` through `2x16x9`,
    so no reader sees the dims flattened), built at the current insertion
    point."""
    have = static_shape(value)
    element = ir.RankedTensorType(value.type).element_type
    out = ir.RankedTensorType.get(shape, element)
    if have == shape:
        return value
    groups = regroup(have, shape)
    if groups is not None:
        return tensor.CollapseShapeOp(out, value, groups).result
    groups = regroup(shape, have)
    if groups is not None:
        return tensor.ExpandShapeOp(out, value, groups, [], shape).result
    return reshaped(reshaped(value, _common_coarsening(have, shape)), shape)


def _common_coarsening(one: list[int], other: list[int]) -> list[int]:
    """The finest shape both regroup into: cut where both shapes' prefix
    products agree (the flat vector when nothing else does)."""
    cuts = sorted(
        set(itertools.accumulate(one, operator.mul))
        & set(itertools.accumulate(other, operator.mul))
    )
    coarse = [high // low for low, high in itertools.pairwise([1, *cuts])]
    if coarse in (one, other) or regroup(one, coarse) is None or regroup(other, coarse) is None:
        return [math.prod(one)]
    return coarse


def splat_element(value: ir.Value) -> ir.Attribute | None:
    """The element of a splat `arith.constant` tensor; None for anything else."""
    op = producer_of(value)
    if op is None or op.name != "arith.constant":
        return None
    attr = op.attributes["value"]
    if not isinstance(attr, ir.DenseElementsAttr) or not attr.is_splat:
        return None
    return attr.get_splat_value()


def writes_every_point(op: ir.Operation) -> bool:
    """A `linalg.generic` with one result, parallel loops only, its output at
    the identity map and its init unread: each point is computed afresh,
    so it can be computed anywhere, or again."""
    if op.name != "linalg.generic" or len(op.results) != 1:
        return False
    if any("parallel" not in it for it in iterator_names(op)):
        return False
    output = indexing_maps(op)[-1]
    if output != ir.AffineMap.get_identity(output.n_dims):
        return False
    return not has_uses(op.regions[0].blocks[0].arguments[-1])

"""Which tensor an attention kernel reads for Q, K or V, and through which view.

Exported attention reaches its operands through the head split's data
movement: a projection's result is reshaped (B x S x H·D -> B x S x H x D),
permuted, perhaps reshaped again and permuted once more (`nn.MultiheadAttention`
splits the heads out of the merged B·H dim, then transposes K for the
scores), and collapsed to the (B·H) x S x D a batch matmul takes. Every one of
those steps only moves elements, so the kernel can read the tensor before
them, with its dims mapped to the operand's (`View`), and the copies go.

The walk is symbolic. Its state is a value V, how each dim of V is split
into virtual dims (V read through an `expand_shape` that is not built yet),
and per virtual dim the operand dim it is. Three steps look further up:

- the `collapse_shape` undoing the scores' reassociation: V becomes its
  source, each dim whole;
- a permuting copy (`head_layout.copy_source`: a `linalg.transpose`, or a
  generic that only yields its input through a permutation): V becomes the
  copy's source, its dims' splits and operand dims permuted with it;
- an `expand_shape` of such a copy: V becomes the expand's source, each
  source dim split as its expanded dims are (the virtual dims, and so the
  operand dims, keep their order);
- an operand prologue (`is_operand_prologue`: an elementwise generic of one
  input through a permutation, its body scalar arithmetic on that input:
  SDPA's `q * sqrt(scale)`, an f16 model's widening `extf`): as a copy, and
  its body is applied to each element as the kernel reads it (the prologue
  ops of the contraction's body, `attention._fill_prologues`);
- grouped-query attention's `repeat_kv` (`_through_repeat`): a
  `collapse_shape` merging (kv, rep) into the heads of a copy that
  broadcasts its source along rep: V becomes the source, and the kv dim
  is read at head floordiv rep (`View.divisors`), so no repeated tensor
  is written.

Each looked-through op must have the chain's step as its only reader (else
it stays a kernel anyway). At the end the kernel reads V itself, or an
`expand_shape` of V (a view) when a dim of V stays split.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from mlir import ir

from mlirfuse.analysis.attention import AttentionMatch, reassociation
from mlirfuse.analysis.structured import dim_position, element_name, shape_of
from mlirfuse.transforms.head_layout import copy_source
from mlirfuse.transforms.ir_access import indexing_maps, iterator_names, producer_of, reshaped

FLOATS = ("f32", "f16", "bf16")  # what the attention kernels read


class View(NamedTuple):
    """An operand read through copies: the tensor read, per dim its operand
    dim, the ops looked through (erased after the rewrite), the prologues
    among them (nearest the chain first: applied last), and per dim the
    divisor its operand dim is read by (1: the dim itself; a repeated kv
    head: `h floordiv rep`)."""

    source: ir.Value
    dims: tuple[int, ...]
    ops: tuple[ir.Operation, ...]
    prologues: tuple[ir.Operation, ...] = ()
    divisors: tuple[int, ...] = ()


@dataclass
class _Walk:
    """V, per dim of V its virtual dims' sizes and operand dims, the ops
    passed; `divs`, per virtual dim, the divisor of its operand dim (1 until
    a repeat is passed)."""

    value: ir.Value
    sizes: list[list[int | None]]
    dims: list[list[int]]
    ops: list[ir.Operation]
    prologues: list[ir.Operation] = field(default_factory=list)
    divs: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.divs:
            self.divs = [[1] * len(d) for d in self.dims]


def operand_view(value: ir.Value, match: AttentionMatch) -> View | None:
    """The tensor the kernel reads for the chain's operand `value`, per dim
    its operand dim (in the score space's rank), and the ops it looks
    through; None when there is nothing to look through."""
    walk = _start(value, match)
    while _step(walk, match):
        pass
    if not walk.ops:
        return None
    view = tuple(d for dims in walk.dims for d in dims)
    ops, prologues = tuple(walk.ops), tuple(walk.prologues)
    divisors = tuple(c for divs in walk.divs for c in divs)
    divisors = divisors if any(c != 1 for c in divisors) else ()
    if all(len(sizes) == 1 for sizes in walk.sizes):
        return View(walk.value, view, ops, prologues, divisors)
    shape = [s for sizes in walk.sizes for s in sizes]
    if any(s is None for s in shape):
        return None  # a dynamic dim stays split: no static view
    with ir.InsertionPoint(match.output.op), match.output.op.location:
        expanded = reshaped(walk.value, [int(s or 0) for s in shape])
    return View(expanded, view, ops, prologues, divisors)


def _start(value: ir.Value, match: AttentionMatch) -> _Walk:
    """The operand as read: in the score space, or with the heads merged into
    its batch dim, split as the scores' reassociation splits them."""
    score = match.score_shape
    if match.reassociation is None:
        rank = len(score)
        return _Walk(value, [[s] for s in shape_of(value)], [[d] for d in range(rank)], [])
    groups = [list(g) for g in match.reassociation]
    sizes: list[list[int | None]] = [
        [score[d] for d in g] if len(g) > 1 else [extent]
        for g, extent in zip(groups, shape_of(value), strict=True)
    ]
    return _Walk(value, sizes, groups, [])


def _step(walk: _Walk, match: AttentionMatch) -> bool:
    """Look through the op making V, when it is one the walk may pass."""
    op = producer_of(walk.value)
    if op is None or single_use_owner(walk.value) is None:
        return False
    if op.name == "tensor.collapse_shape":
        if not walk.ops and _through_collapse(walk, op, match):
            return True
        return _through_repeat(walk, op)
    if copy_source(op) is not None:
        return _through_copy(walk, op)
    if is_operand_prologue(op):
        walk.prologues.append(op)
        return _through_copy(walk, op)
    if op.name == "tensor.expand_shape":
        return _through_expand(walk, op)
    return False


def _through_collapse(walk: _Walk, collapse: ir.Operation, match: AttentionMatch) -> bool:
    if match.reassociation is None or reassociation(collapse) != match.reassociation:
        return False
    source = collapse.operands[0]
    walk.value = source
    walk.sizes = [[s] for s in shape_of(source)]
    walk.dims = [[d] for dims in walk.dims for d in dims]
    walk.divs = [[c] for divs in walk.divs for c in divs]
    walk.ops.append(collapse)
    return True


def _through_copy(walk: _Walk, copy: ir.Operation) -> bool:
    """Through a permuting copy or a prologue: source[map(d)] is read at d."""
    found = copy_source(copy) or (copy.operands[0], indexing_maps(copy)[0])
    source, amap = found
    if not amap.is_permutation:
        return False
    # Source dim k is dim `positions[k]` of the copy's result.
    positions = [int(dim_position(e) or 0) for e in amap.results]
    walk.value = source
    walk.sizes = [walk.sizes[p] for p in positions]
    walk.dims = [walk.dims[p] for p in positions]
    walk.divs = [walk.divs[p] for p in positions]
    walk.ops.append(copy)
    return True


def _through_expand(walk: _Walk, expand: ir.Operation) -> bool:
    """Only onto a permuting copy: an expand of anything else is read as is."""
    source = expand.operands[0]
    below = producer_of(source)
    if below is None or single_use_owner(source) is None or copy_source(below) is None:
        return False
    groups = reassociation(expand)
    walk.value = source
    walk.sizes = [[s for d in g for s in walk.sizes[d]] for g in groups]
    walk.dims = [[x for d in g for x in walk.dims[d]] for g in groups]
    walk.divs = [[x for d in g for x in walk.divs[d]] for g in groups]
    walk.ops.append(expand)
    return True


def _through_repeat(walk: _Walk, collapse: ir.Operation) -> bool:
    """Through torch's `repeat_kv` (`expand(B, Hkv, rep, S, D).reshape(B, H,
    S, D)`): a `collapse_shape` of a copy broadcasting its source along rep,
    merged inside the dim it repeats (head h = kv·rep + r). The kernel reads
    the source, the kv dim at h floordiv rep. Anything else (the repeat
    outside, h = r·Hkv + kv; a broadcast dim merged with nothing; sizes that
    do not divide; a dynamic dim inside a merge) is not passed."""
    source = collapse.operands[0]
    repeat = producer_of(source)
    if repeat is None or single_use_owner(source) is None:
        return False
    kept = broadcast_dims(repeat)
    groups = reassociation(collapse)
    if kept is None or len(groups) != len(walk.sizes):
        return False
    extents = shape_of(source)
    parts: dict[int, tuple[int | None, int, int]] = {}  # run start: size, operand dim, divisor
    for group, sizes, dims, divs in zip(groups, walk.sizes, walk.dims, walk.divs, strict=True):
        runs = _runs([extents[g] for g in group], sizes)
        if runs is None:
            return False
        for (start, stop), dim, div in zip(runs, dims, divs, strict=True):
            run = group[start:stop]
            if run[0] not in kept or any(d in kept for d in run[1:]):
                return False
            inner = math.prod(int(extents[d] or 0) for d in run[1:])
            parts[run[0]] = (extents[run[0]], dim, div * inner)
    walk.value = repeat.operands[0]
    walk.sizes = [[parts[k][0]] for k in kept]
    walk.dims = [[parts[k][1]] for k in kept]
    walk.divs = [[parts[k][2]] for k in kept]
    walk.ops += [collapse, repeat]
    return True


def _runs(extents: list[int | None], parts: list[int | None]) -> list[tuple[int, int]] | None:
    """Consecutive runs of `extents` whose products are `parts`, in order
    (a dynamic part is one dynamic extent); None when they do not cut so."""
    runs, start = [], 0
    for part in parts:
        if start >= len(extents):
            return None
        stop, product = start + 1, extents[start]
        if part is None or product is None:
            if part is not None or product is not None:
                return None
            runs.append((start, stop))
            start = stop
            continue
        while product < part and stop < len(extents):
            extent = extents[stop]
            if extent is None:
                return None
            product, stop = product * extent, stop + 1
        if product != part:
            return None
        runs.append((start, stop))
        start = stop
    return runs if start == len(extents) else None


def broadcast_dims(op: ir.Operation) -> list[int] | None:
    """For a generic copying its one input into a larger result (all loops
    parallel, the result written at the identity, the input read at some of
    its loop dims, the body yielding the input): per input dim, the result
    dim it is. None for anything else, and for a copy that broadcasts nothing."""
    if op.name != "linalg.generic" or len(op.operands) != 2 or len(op.results) != 1:
        return None
    maps = indexing_maps(op)
    rank = maps[1].n_dims
    if maps[1] != ir.AffineMap.get_identity(rank) or len(maps[0].results) >= rank:
        return None
    if any("parallel" not in it for it in iterator_names(op)):
        return None
    kept = [dim_position(e) for e in maps[0].results]
    if any(k is None for k in kept) or len(set(kept)) != len(kept):
        return None
    body = op.regions[0].blocks[0]
    ops = [o.operation for o in body.operations]
    if len(ops) != 1 or ops[0].operands[0] != body.arguments[0]:
        return None
    return [int(k or 0) for k in kept]


def is_operand_prologue(op: ir.Operation) -> bool:
    """An elementwise generic of one floating input read through a
    permutation, writing a floating result, whose body is scalar arithmetic
    on that input and values from outside (constants): the attention kernel
    applies it to each element it reads instead of reading its result."""
    if op.name != "linalg.generic" or len(op.operands) != 2 or len(op.results) != 1:
        return False
    maps = indexing_maps(op)
    out_dims = [dim_position(e) for e in maps[1].results]
    if not maps[0].is_permutation or out_dims != list(range(maps[1].n_dims)):
        return False
    if any("parallel" not in it for it in iterator_names(op)):
        return False
    if element_name(op.operands[0]) not in FLOATS or element_name(op.results[0]) not in FLOATS:
        return False
    return _scalar_body(op.regions[0].blocks[0])


def _scalar_body(block: ir.Block) -> bool:
    """Arithmetic on the first argument and outer scalars only, then a yield."""
    ops = [o.operation for o in block.operations]
    if list(block.arguments[1].uses) or not ops or ops[-1].name != "linalg.yield":
        return False
    inner = {block.arguments[0]}
    for op in ops[:-1]:
        if op.name.split(".")[0] not in ("arith", "math") or op.regions:
            return False
        for operand in op.operands:
            if operand not in inner and isinstance(operand.type, ir.ShapedType):
                return False
        inner.update(op.results)
    return True


def single_use_owner(value: ir.Value) -> ir.Operation | None:
    """The op of `value`'s one use (None: no use, or several)."""
    users = list(value.uses)
    if len(users) != 1:
        return None
    owner = users[0].owner
    return owner.operation

"""Read an `attention` fusion.group (the CPU form) into what its GPU kernel needs.

The group (`transforms/attention_text.py`) holds an `scf.for` over key blocks
whose body starts with the score contraction `s = Q·K[n0:n0+BN]`, then the
score ops (the chain), the online-softmax update and `acc += p·V[n0:n0+BN]`;
after the loop one generic writes `acc / l` (0 where the row max is -inf in
the SDPA form) through its output map. Everything the GPU kernel computes is
read from there, by indexing maps: for Q, K, V and each side input of the
chain, which loop dim (batch `b<i>`, query row `m`, key `n`, depth `d`, value
column `j`) indexes each of its dims; key-block slices are looked through (a
slice at the loop's offset on the key dim reads the whole tensor at the
global key). `read_group` raises `AttentionFormError` for anything else.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis.structured import dim_position, shape_of, structured_view
from mlirfuse.gpu.irutil import defining_op

ZERO = "0"  # an index that is the constant 0


class AttentionFormError(Exception):
    """The group is not in the form the GPU attention kernel reads."""


@dataclass(frozen=True)
class Operand:
    """A tensor the kernel reads element by element: `value[index…]`, each
    index a loop dim name (`b0`, `m`, `n`, `d`, `j`), ZERO, or a loop dim
    over a constant (`b1/2`: a grouped-query kv head, `attention_text._divided`)."""

    value: ir.Value
    index: tuple[str, ...]


@dataclass(frozen=True)
class Prologue:
    """The ops of a contraction's body between an operand's block argument
    and the product (an operand prologue, `transforms/attention_views.py`,
    then any widening): the GPU kernel applies them to each element it
    loads. Empty, or one widening `extf`, is no prologue (loads widen)."""

    arg: ir.Value
    ops: tuple[ir.Operation, ...]
    result: ir.Value


@dataclass(frozen=True)
class ChainInput:
    """One input of a score op: the running score (operand None) or a tensor."""

    operand: Operand | None


@dataclass(frozen=True)
class ChainStep:
    op: ir.Operation  # the CPU form's generic on the key tile (its body is copied)
    inputs: tuple[ChainInput, ...]


@dataclass(frozen=True)
class AttentionForm:
    group: ir.Operation
    loop: ir.Operation  # the CPU form's scf.for over key blocks
    batch: tuple[int | None, ...]  # None: a dynamic batch dim
    rows: int | None  # M (None: dynamic)
    keys: int | None  # N (None: dynamic, the key loop's bound an index argument)
    depth: int  # D
    value_depth: int  # Dv
    q: Operand
    k: Operand
    v: Operand
    prologues: tuple[Prologue | None, Prologue | None, Prologue | None]
    chain: tuple[ChainStep, ...]
    zero_rows: bool
    final: ir.Operation  # the generic writing acc / l
    out_shape: tuple[int | None, ...]  # the final generic's result shape
    out_order: tuple[str, ...]  # loop dim of each out dim (the last is `j`)

    @property
    def row_count(self) -> int | None:
        """Query rows over all batch dims, one thread each (None: dynamic)."""
        if self.rows is None:
            return None
        count = self.rows
        for b in self.batch:
            if b is None:
                return None
            count *= b
        return count

    @property
    def static_row_count(self) -> int:
        """Query rows over the static dims, a dynamic one counted once: a
        block of T rows (T <= this) never exceeds the rows at run time."""
        count = self.rows or 1
        for b in self.batch:
            count *= b or 1
        return count


def _op(value: ir.Value) -> ir.Operation | None:
    return defining_op(value)


def _names(amap: ir.AffineMap, dims: tuple[str, ...]) -> tuple[str, ...]:
    names = []
    for expr in amap.results:
        pos = dim_position(expr)
        if pos is not None:
            names.append(dims[pos])
        elif isinstance(expr, ir.AffineConstantExpr) and expr.value == 0:
            names.append(ZERO)
        elif _batch_over_constant(expr, dims):
            div = ir.AffineFloorDivExpr(expr)
            names.append(
                f"{dims[int(dim_position(div.lhs) or 0)]}/{ir.AffineConstantExpr(div.rhs).value}"
            )
        else:
            raise AttentionFormError(f"index expression {expr} is neither a loop dim nor 0")
    return tuple(names)


def _batch_over_constant(expr: ir.AffineExpr, dims: tuple[str, ...]) -> bool:
    """`b<i> floordiv c`, c > 1: a grouped-query kv head (the CPU form's
    `attention_views._through_repeat`)."""
    if not isinstance(expr, ir.AffineFloorDivExpr):
        return False
    div = ir.AffineFloorDivExpr(expr)
    pos = dim_position(div.lhs)
    if pos is None or not dims[pos].startswith("b"):
        return False
    return isinstance(div.rhs, ir.AffineConstantExpr) and ir.AffineConstantExpr(div.rhs).value > 1


def _through_slice(value: ir.Value, loop: ir.Operation, index: tuple[str, ...]) -> Operand:
    """`value` as read at `index`; a key-block slice made in the loop is read
    through: its source at the same index, the key dim taken globally."""
    op = _op(value)
    if op is None or op.parent != loop or op.name != "tensor.extract_slice":
        if op is not None and _inside(op, loop):
            raise AttentionFormError(f"'{op.name}' computed in the key loop is read by the kernel")
        return Operand(value, index)
    source = op.operands[0]
    offsets = list(ir.DenseI64ArrayAttr(op.attributes["static_offsets"]))
    strides = list(ir.DenseI64ArrayAttr(op.attributes["static_strides"]))
    iv = loop.regions[0].blocks[0].arguments[0]
    dynamic_offset = ir.ShapedType.get_dynamic_stride_or_offset()
    dynamic = list(op.operands[1 : 1 + sum(1 for o in offsets if o == dynamic_offset)])
    if any(s != 1 for s in strides) or len(shape_of(source)) != len(index):
        raise AttentionFormError("a key-block slice with strides or dropped dims")
    if any(d != iv for d in dynamic):
        raise AttentionFormError("a key-block slice not at the loop's offset")
    dyn = iter(range(len(dynamic)))
    for position, offset in enumerate(offsets):
        keyed = offset == dynamic_offset and next(dyn) >= 0
        if keyed and index[position] != "n":
            raise AttentionFormError("a key-block slice along a dim other than the keys")
        if not keyed and offset != 0:
            raise AttentionFormError("a key-block slice at a static offset")
    return Operand(source, index)


def _inside(op: ir.Operation, container: ir.Operation) -> bool:
    parent = op.parent
    while parent is not None:
        if parent == container:
            return True
        parent = parent.parent
    return False


def _generics(loop: ir.Operation) -> list[ir.Operation]:
    return [
        o.operation
        for o in loop.regions[0].blocks[0].operations
        if o.operation.name in ("linalg.generic", "linalg.fill")
    ]


def _maps(op: ir.Operation) -> list[ir.AffineMap]:
    view = structured_view(op)
    if view is None:
        raise AttentionFormError(f"'{op.name}' has no indexing maps")
    return list(view.maps)


def _find_loop(group: ir.Operation) -> ir.Operation:
    loops = [
        o.operation for o in group.regions[0].blocks[0].operations if o.operation.name == "scf.for"
    ]
    if len(loops) != 1:
        raise AttentionFormError("the group has no single key loop")
    return loops[0]


def _chain(loop: ir.Operation, body: list[ir.Operation], rank: int) -> tuple[ChainStep, ...]:
    dims = (*[f"b{i}" for i in range(rank - 2)], "m", "n")
    scores = {body[0].results[0]}
    steps = []
    for op in body[1:]:
        if op.name == "linalg.fill":
            break
        view = structured_view(op)
        if view is None or shape_of(op.results[0]) != shape_of(body[0].results[0]):
            raise AttentionFormError("a score op of another shape")
        out_arg = op.regions[0].blocks[0].arguments[view.num_inputs]
        if list(out_arg.uses):
            raise AttentionFormError("a score op reading its output")
        inputs = []
        for value, amap in zip(list(op.operands)[: view.num_inputs], view.maps, strict=False):
            if value in scores:
                inputs.append(ChainInput(None))
            else:
                inputs.append(ChainInput(_through_slice(value, loop, _names(amap, dims))))
        scores.add(op.results[0])
        steps.append(ChainStep(op, tuple(inputs)))
    return tuple(steps)


def read_group(group: ir.Operation) -> AttentionForm:
    """The GPU kernel's view of an attention group (AttentionFormError if the
    group is not the CPU form)."""
    loop = _find_loop(group)
    body = _generics(loop)
    if len(body) < 3:
        raise AttentionFormError("the key loop holds no contractions")
    scores, pv = body[1], body[-1]  # body[0] is the scores' zero fill
    if body[0].name != "linalg.fill" or scores.name != "linalg.generic":
        raise AttentionFormError("the key loop does not start with the score contraction")
    s_type = ir.RankedTensorType(scores.results[0].type)
    rank = s_type.rank
    batch = shape_of(scores.results[0])[: rank - 2]
    nb = len(batch)
    bdims = tuple(f"b{i}" for i in range(nb))
    qk_dims = (*bdims, "m", "n", "d")
    pv_dims = (*bdims, "m", "j", "n")
    q_map, k_map, _ = _maps(scores)
    p_map, v_map, _ = _maps(pv)
    if _names(p_map, pv_dims) != (*bdims, "m", "n"):
        raise AttentionFormError("P·V does not read the probabilities as (batch, m, n)")
    q = _through_slice(scores.operands[0], loop, _names(q_map, qk_dims))
    k = _through_slice(scores.operands[1], loop, _names(k_map, qk_dims))
    v = _through_slice(pv.operands[1], loop, _names(v_map, pv_dims))
    final = _final(group, loop)
    out_map = _maps(final)[-1]
    out_order = _names(out_map, (*bdims, "m", "j"))
    if out_order[-1] != "j" or sorted(out_order) != sorted((*bdims, "m", "j")):
        raise AttentionFormError("the output is not written with its value columns innermost")
    v_shape = dict(zip(v.index, shape_of(v.value), strict=True))
    q_shape = dict(zip(q.index, shape_of(q.value), strict=True))
    return AttentionForm(
        group=group,
        loop=loop,
        batch=batch,
        rows=shape_of(scores.results[0])[rank - 2],
        keys=_trip_count(loop),
        depth=int(q_shape["d"] or 0),
        value_depth=int(v_shape["j"] or 0),
        q=q,
        k=k,
        v=v,
        prologues=(_prologue(scores, 0), _prologue(scores, 1), _prologue(pv, 1)),
        chain=_chain(loop, body[1:], rank),
        zero_rows=any(
            o.operation.name == "arith.select" for o in final.regions[0].blocks[0].operations
        ),
        final=final,
        out_shape=shape_of(final.results[0]),
        out_order=out_order,
    )


def _prologue(contraction: ir.Operation, position: int) -> Prologue | None:
    """What the body computes from input `position` before the product."""
    block = contraction.regions[0].blocks[0]
    ops = [o.operation for o in block.operations]
    total = ops[-1].operands[0] if ops and ops[-1].name == "linalg.yield" else None
    adds = [o for o in ops if o.name == "arith.addf" and o.results[0] == total]
    products = [_op(x) for x in adds[0].operands] if adds else []
    product = next((p for p in products if p is not None and p.name == "arith.mulf"), None)
    if product is None:
        raise AttentionFormError("a contraction whose body is not a sum of products")
    arg = block.arguments[position]
    reached, slice_ops = {arg}, []
    for op in ops[: ops.index(product)]:
        if any(x in reached for x in op.operands):
            slice_ops.append(op)
            reached.update(op.results)
    result = product.operands[position]
    if result not in reached:
        raise AttentionFormError("a product not of the contraction's own operands")
    if not slice_ops or (len(slice_ops) == 1 and slice_ops[0].name == "arith.extf"):
        return None
    invariant = _invariant_inputs(ops[: ops.index(product)], slice_ops, block)
    return Prologue(arg, tuple(o for o in ops if o in slice_ops or o in invariant), result)


def _invariant_inputs(
    ops: list[ir.Operation], slice_ops: list[ir.Operation], block: ir.Block
) -> list[ir.Operation]:
    """The body's ops that the prologue reads but that no block argument
    reaches: a scale written as `truncf` of an f64 constant (torch-mlir's
    `q * d**-0.25`). The kernel clones them with the prologue; left out,
    its clones would read ops of the key loop it replaces."""
    needed = {x for op in slice_ops for x in op.operands}
    invariant: list[ir.Operation] = []
    for op in reversed(ops):
        if op in slice_ops or not any(r in needed for r in op.results):
            continue
        if any(x in list(block.arguments) for x in op.operands):
            raise AttentionFormError("an operand prologue that reads another operand")
        invariant.append(op)
        needed.update(op.operands)
    return invariant


def _trip_count(loop: ir.Operation) -> int | None:
    """The key count: the loop's constant bound, None when dynamic (the GPU
    kernel reads it from K with `tensor.dim`)."""
    upper = _op(loop.operands[1])
    if upper is None or upper.name != "arith.constant":
        return None
    return int(ir.IntegerAttr(upper.attributes["value"]).value)


def _final(group: ir.Operation, loop: ir.Operation) -> ir.Operation:
    """The generic reading the loop's results (acc, l, m): acc / l."""
    users = [u.owner.operation for u in loop.results[2].uses]
    if len(users) != 1 or users[0].name != "linalg.generic" or users[0].parent != group:
        raise AttentionFormError("the accumulator is not read by one final generic")
    return users[0]

"""Rewrite planned attention chains into one online-softmax kernel each.

The rewrite decides nothing: `policy.attention.plan_attention` names the
groups, this module emits them. The kernel is written as text
(`attention_text.kernel_text`) into a scratch module of the same context,
its `fusion.group` is cloned in front of the `P·V` contraction, the scratch
function's arguments are replaced by the real Q, K, V and mask values, the
score ops' bodies are copied in from the original ops (a `linalg.index` of
the key dim gets the key block's offset added), and the old chain goes.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith
from mlir.dialects import tensor as tensor_d

from mlirfuse.analysis.attention import AttentionMatch, reassociation
from mlirfuse.analysis.structured import dim_position, element_name, shape_of, structured_view
from mlirfuse.mutation import Rewrite
from mlirfuse.policy.attention import AttentionGroup
from mlirfuse.transforms.attention_shapes import (
    BLOCK,
    PROLOGUE_ATTR,
    Size,
    score_size_name,
    tensor,
)
from mlirfuse.transforms.attention_text import CHAIN_ATTR, ChainOp, KernelSpec, kernel_text
from mlirfuse.transforms.attention_views import View, operand_view, single_use_owner
from mlirfuse.transforms.ir_utils import remap_operands

GROUP_ID_BASE = 1_000_000  # attention groups' fusion.id: apart from the planner's ids


def rewrite_attention(groups: tuple[AttentionGroup, ...]) -> list[ir.Operation]:
    """Emit every planned group; returns the new fusion.group ops."""
    return [_rewrite_one(group, GROUP_ID_BASE + i) for i, group in enumerate(groups)]


def _rewrite_one(group: AttentionGroup, group_id: int) -> ir.Operation:
    match = group.match
    c2 = match.output.op
    head = head_transpose(match)
    with c2.context:
        views = [operand_view(x, match) for x in _operands(match)]
    spec, values = _spec(match, group.key_block, group_id, head, views)
    scratch = ir.Module.parse(kernel_text(spec), c2.context)
    func = scratch.body.operations[0].operation
    body = func.regions[0].blocks[0]
    template = body.operations[0].operation
    new = template.clone(ir.InsertionPoint(c2))
    remap_operands(new, dict(zip(body.arguments, values, strict=True)))
    _fill_chain(new, match)
    _fill_prologues(new, views)
    with Rewrite("attention: replace the chain", c2) as rw:
        if head is None:
            rw.replace_uses(match.result, new.results[0])
        else:  # the group writes the transposed heads; the view and transpose go
            rw.replace_uses(head[-1].results[0], new.results[0])
        cast = (match.output_cast,) if match.output_cast is not None else ()
        for op in (*(head or ()), *cast, c2, *match.softmax, *match.chain, match.scores.op):
            for operand in op.operands:
                rw.erase_if_dead(operand)
            rw.erase(op)
        for view in views:
            for op in view[2] if view is not None else ():
                rw.erase_if_unused(op)
                rw.erase_if_dead(op.operands[len(op.operands) - 1])
    return new  # the scratch module goes with its Python handle


def head_transpose(match: AttentionMatch) -> tuple[ir.Operation, ...] | None:
    """The ops by which P·V's only use permutes the heads back — the inverse
    reshape of the score heads (when there is one), then a `linalg.transpose`
    keeping the value columns innermost (`[b, h, m, dv] -> [b, m, h, dv]`).
    The group writes that layout itself (one store instead of a write, a read
    and a write). None when the use is anything else."""
    value = match.result
    views: list[ir.Operation] = []
    if match.reassociation is not None:
        expand = single_use_owner(value)
        if expand is None or expand.name != "tensor.expand_shape":
            return None
        heads = shape_of(expand.results[0])[:-2]
        if reassociation(expand) != match.reassociation or heads != match.score_shape[:-2]:
            return None
        views.append(expand)
        value = expand.results[0]
    transpose = single_use_owner(value)
    if transpose is None or transpose.name != "linalg.transpose":
        return None
    perm = list(ir.DenseI64ArrayAttr(transpose.attributes["permutation"]))
    if perm[-1] != len(perm) - 1 or transpose.operands[0] != value:
        return None
    return (*views, transpose)


def _operands(match: AttentionMatch) -> tuple[ir.Value, ir.Value, ir.Value]:
    return match.scores.lhs, match.scores.rhs, match.output.rhs


def _spec(
    match: AttentionMatch,
    key_block: int,
    group_id: int,
    head: tuple[ir.Operation, ...] | None = None,
    views: list[View | None] | None = None,
) -> tuple[KernelSpec, list[ir.Value]]:
    q, k, v = _operands(match)
    shape = match.score_shape
    views = views or [None, None, None]
    values: list[ir.Value] = [
        x if w is None else w[0] for x, w in zip((q, k, v), views, strict=True)
    ]
    slices: list[tuple[str, str]] = []
    chain = []
    block: Size = BLOCK if match.keys is None else key_block
    for position, op in enumerate(match.chain):
        pre = position < match.pre_reshape
        chain.append(_chain_op(op, match, block, values, slices, pre))
    types = tuple(str(x.type) for x in values)
    values += size_values(match, values[:2], views[:2])
    reassoc = None
    if match.reassociation is not None:
        reassoc = (
            "[" + ", ".join("[" + ", ".join(map(str, g)) + "]" for g in match.reassociation) + "]"
        )
    v_shape = shape_of(v)
    value_depth = v_shape[-2] if match.output.rhs_transposed else v_shape[-1]
    spec = KernelSpec(
        batch=shape[:-2],
        rows=match.rows,
        keys=match.keys,
        depth=int(shape_of(q)[-1] or 0),
        value_depth=int(value_depth or 0),
        key_block=key_block,
        k_transposed=match.scores.rhs_transposed,
        v_transposed=match.output.rhs_transposed,
        reassociation=reassoc,
        types=types,
        out_type=str(head[-1].results[0].type if head else match.result.type),
        out_perm=(
            tuple(ir.DenseI64ArrayAttr(head[-1].attributes["permutation"])) if head else None
        ),
        slices=tuple(slices),
        chain=tuple(chain),
        zero_rows=match.zero_rows,
        group_id=group_id,
        location=str(match.output.op.location),
        views=tuple(None if w is None else w[1] for w in views),
        divisors=tuple(w.divisors if w is not None and w.divisors else None for w in views),
        elements=(element_name(values[0]), element_name(values[1]), element_name(values[2])),
        prologues=(_applied(q, views[0]), _applied(k, views[1]), _applied(v, views[2])),
        out_element=element_name(match.result),
    )
    return spec, values


def _applied(operand: ir.Value, view: View | None) -> str | None:
    """The element type operand's prologue yields (None: no prologue)."""
    return element_name(operand) if view is not None and view.prologues else None


def _chain_op(
    op: ir.Operation,
    match: AttentionMatch,
    key_block: Size,
    values: list[ir.Value],
    slices: list[tuple[str, str]],
    pre_reshape: bool = False,
) -> ChainOp:
    """The kernel's view of score op `op`. One before the heads' reshape reads
    only the scores: in the kernel's score space, through identity maps."""
    view = structured_view(op)
    assert view is not None
    rank = len(match.score_shape)
    inputs, types, maps = [], [], []
    chain_values = {match.scores.op.results[0], *[c.results[0] for c in match.chain]}
    chain_values |= {o.results[0] for o in match.softmax if o.name == "tensor.expand_shape"}
    identity = str(ir.AffineMap.get_identity(rank, context=op.context))
    for value, amap in zip(list(op.operands)[: view.num_inputs], view.maps, strict=False):
        maps.append(identity if pre_reshape else str(amap))
        if value in chain_values:
            inputs.append("%s")
            types.append("")
            continue
        if value not in values:
            values.append(value)
        name = f"%side{values.index(value) - 3}"
        keys = [i for i, e in enumerate(amap.results) if dim_position(e) == rank - 1]
        if not keys:
            inputs.append(name)
            types.append(str(value.type))
            continue
        tile_name = f"%t{len(slices)}"
        sizes = _side_sizes(value, amap, match.score_shape)
        text, tile_type = _slice(name, value, sizes, keys, key_block, tile_name)
        slices.append((tile_name, text))
        inputs.append(tile_name)
        types.append(tile_type)
    elements = [
        str(ir.ShapedType(v.type).element_type)
        if isinstance(v.type, ir.ShapedType)
        else str(v.type)
        for v in list(op.operands)[: view.num_inputs]
    ]
    return ChainOp(
        tuple(inputs), tuple(types), tuple(maps), tuple(elements), element_name(op.results[0])
    )


def _side_sizes(
    value: ir.Value, amap: ir.AffineMap, score_shape: tuple[int | None, ...]
) -> list[Size]:
    """Side input `value`'s sizes, each dynamic one the extent of the score
    loop dim its map reads it at (its index argument when dynamic)."""
    sizes: list[Size] = []
    for d, expr in zip(shape_of(value), amap.results, strict=True):
        position = dim_position(expr)
        if d is not None or position is None:
            sizes.append(int(d or 1))
            continue
        extent = score_shape[position]
        sizes.append(score_size_name(position, len(score_shape)) if extent is None else extent)
    return sizes


def _slice(
    name: str, value: ir.Value, shape: list[Size], keys: list[int], block: Size, tile: str
) -> tuple[str, str]:
    """The key-block slice of side input `value` (its sizes `shape`: a
    dynamic one is its batch dim's index argument)."""
    element = str(ir.ShapedType(value.type).element_type)
    offsets = ", ".join("%n0" if i in keys else "0" for i in range(len(shape)))
    tile_shape = [block if i in keys else d for i, d in enumerate(shape)]
    sizes = ", ".join(map(str, tile_shape))
    strides = ", ".join("1" for _ in shape)
    tile_type = tensor(tile_shape, element)
    text = (
        f"      {tile} = tensor.extract_slice {name}[{offsets}] [{sizes}] [{strides}]"
        f" : {value.type} to {tile_type}"
    )
    return text, tile_type


def size_values(
    match: AttentionMatch, qk: list[ir.Value], qk_views: list[View | None]
) -> list[ir.Value]:
    """The index values of the score space's dynamic dims, in order (batch
    dims, query rows, keys: `KernelSpec.size_args`): the heads'
    `expand_shape` sizes when there is one, else `tensor.dim`s of the
    tensors the kernel reads Q (batch, rows) and K (keys) from, made before
    P·V, where the group goes."""
    shape = match.score_shape
    dynamic = [i for i, d in enumerate(shape) if d is None]
    if not dynamic:
        return []
    expand = match.softmax[0] if match.reassociation is not None else None
    if expand is not None and expand.name == "tensor.expand_shape":
        return list(expand.operands)[1:]  # its dynamic sizes, in dim order
    rank = len(shape)
    key_dim = rank - 2 if match.scores.rhs_transposed else rank - 1
    point = ir.InsertionPoint(match.output.op)
    values = []
    with point, match.output.op.location:
        index = ir.IndexType.get()
        for i in dynamic:
            source, view = (qk[1], qk_views[1]) if i == rank - 1 else (qk[0], qk_views[0])
            dim = key_dim if i == rank - 1 else i
            dims = view[1] if view is not None else tuple(range(rank))
            position = arith.ConstantOp(index, dims.index(dim)).result
            values.append(tensor_d.DimOp(source, position).result)
    return values


def _fill_chain(group: ir.Operation, match: AttentionMatch) -> None:
    """Copy each score op's body into its tile op (found by CHAIN_ATTR)."""
    tiles: dict[int, ir.Operation] = {}
    loop: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if CHAIN_ATTR in op.attributes:
            tiles[int(ir.IntegerAttr(op.attributes[CHAIN_ATTR]).value)] = op
        if op.name == "scf.for":
            loop.append(op)
        return ir.WalkResult.ADVANCE

    group.walk(visit)
    offset = loop[0].regions[0].blocks[0].arguments[0]
    key_dim = len(match.score_shape) - 1
    for index, original in enumerate(match.chain):
        tile = tiles[index]
        _copy_body(original, tile, offset, key_dim)
        del tile.attributes[CHAIN_ATTR]


def _fill_prologues(group: ir.Operation, views: list[View | None]) -> None:
    """Replace each operand prologue's placeholder cast (PROLOGUE_ATTR: the
    operand's index) by the prologues' bodies on the element read, the one
    farthest from the chain first."""
    casts: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if PROLOGUE_ATTR in op.attributes:
            casts.append(op)
        return ir.WalkResult.ADVANCE

    group.walk(visit)
    for cast in casts:
        view = views[int(ir.IntegerAttr(cast.attributes[PROLOGUE_ATTR]).value)]
        assert view is not None and view.prologues
        value = cast.operands[0]
        for prologue in reversed(view.prologues):
            value = _apply_body(prologue, value, ir.InsertionPoint(cast))
        with Rewrite("attention: an operand prologue replaces its placeholder", cast) as rw:
            rw.replace_op(cast, [value])


def _apply_body(op: ir.Operation, value: ir.Value, point: ir.InsertionPoint) -> ir.Value:
    """The scalar body of elementwise `op` on `value`, built at `point`."""
    block = op.regions[0].blocks[0]
    mapping: dict[ir.Value, ir.Value] = {block.arguments[0]: value}
    for op_view in block.operations:
        inner = op_view.operation
        if inner.name == "linalg.yield":
            return mapping.get(inner.operands[0], inner.operands[0])
        new = inner.clone(point)
        remap_operands(new, mapping)
        for old, fresh in zip(inner.results, new.results, strict=True):
            mapping[old] = fresh
    raise AssertionError("a prologue body without a yield")  # is_operand_prologue checked it


def _copy_body(original: ir.Operation, tile: ir.Operation, offset: ir.Value, key_dim: int) -> None:
    source = original.regions[0].blocks[0]
    target = tile.regions[0].blocks[0]
    placeholder = target.operations[0].operation
    mapping: dict[ir.Value, ir.Value] = dict(zip(source.arguments, target.arguments, strict=True))
    point = ir.InsertionPoint(placeholder)
    for op_view in source.operations:
        op = op_view.operation
        new = op.clone(point)
        remap_operands(new, mapping)
        for old, fresh in zip(op.results, new.results, strict=True):
            mapping[old] = fresh
        if op.name == "linalg.index" and int(ir.IntegerAttr(op.attributes["dim"]).value) == key_dim:
            with point, op.location:
                mapping[op.results[0]] = arith.AddIOp(new.results[0], offset).result
    with Rewrite("attention: drop the placeholder body", placeholder) as rw:
        rw.erase(placeholder)

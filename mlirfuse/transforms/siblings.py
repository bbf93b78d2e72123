"""Sibling rewrites: one multi-result generic, or one multi-result group.

`merge_sibling_generics(ops)` turns same-space `linalg.generic` siblings into
ONE generic: inputs unioned (a value read through the same map is one operand),
inits kept one per result, maps carried over, bodies concatenated in order and
one `linalg.yield` of every result. `group_siblings(ops, ...)` wraps
co-iterable siblings that cannot be one linalg op in a `fusion.group`.
`apply_sibling_group(block, ops, pattern, group_id)` picks between the two.
These rewrites decide nothing: the plan (sibling_rules) said these ops merge.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from mlirfuse.analysis.op_facts import init_values, input_values, nested_ops
from mlirfuse.analysis.sibling_spaces import alignment, inverse, permute_map, same_space
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.sibling_group import wrap_in_group
from mlirfuse.transforms.sibling_schedule import move_after, place


def merge_sibling_generics(ops: Sequence[ir.Operation]) -> ir.Operation:
    """Replace same-space generics `ops` (one block, no path between them) by one generic."""
    ops = [op.operation for op in ops]
    if len(ops) < 2 or not same_space(ops):
        raise ValueError("merge_sibling_generics needs two or more same-space linalg.generic ops")
    block = ops[0].block
    ops.sort(key=lambda op: [o.operation for o in block.operations].index(op))
    placement = place(block, ops)
    perms = [_alignment(ops[0], op) for op in ops]
    maps = [
        [permute_map(m, p) for m in indexing_maps(op)] for op, p in zip(ops, perms, strict=True)
    ]
    inputs, input_maps, arg_of = _union_inputs(ops, maps)
    inits = [v for op in ops for v in init_values(op)]
    init_maps = [
        m for op, op_maps in zip(ops, maps, strict=True) for m in op_maps[len(input_values(op)) :]
    ]
    with ops[0].context, ops[0].location:
        merged = ir.Operation.create(
            "linalg.generic",
            results=[r.type for op in ops for r in op.results],
            operands=inputs + inits,
            attributes={
                "indexing_maps": ir.ArrayAttr.get(
                    [ir.AffineMapAttr.get(m) for m in input_maps + init_maps]
                ),
                "iterator_types": ops[0].attributes["iterator_types"],
                "operandSegmentSizes": ir.DenseI32ArrayAttr.get([len(inputs), len(inits)]),
            },
            regions=1,
            loc=ir.Location.fused([op.location for op in ops]),
            ip=placement.insertion_point,
        )
        _build_body(merged, ops, inputs, inits, arg_of, [inverse(p) for p in perms])
    move_after(merged, placement.to_move)
    _replace_and_erase(ops, list(merged.results))
    return merged


def indexing_maps(op: ir.Operation) -> list[ir.AffineMap]:
    return [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]


def _alignment(first: ir.Operation, op: ir.Operation) -> tuple[int, ...]:
    p = alignment(first, op)
    assert p is not None, "same_space guarantees an alignment"
    return p


def _union_inputs(
    ops: Sequence[ir.Operation], op_maps: Sequence[Sequence[ir.AffineMap]]
) -> tuple[list[ir.Value], list[ir.AffineMap], dict[tuple[int, int], int]]:
    """Deduplicated inputs; arg_of[(op index, input index)] = new input index."""
    inputs: list[ir.Value] = []
    maps: list[ir.AffineMap] = []
    arg_of: dict[tuple[int, int], int] = {}
    for k, op in enumerate(ops):
        for i, (value, amap) in enumerate(zip(input_values(op), op_maps[k], strict=False)):
            for j, (seen, seen_map) in enumerate(zip(inputs, maps, strict=True)):
                if seen == value and seen_map == amap:
                    arg_of[(k, i)] = j
                    break
            else:
                arg_of[(k, i)] = len(inputs)
                inputs.append(value)
                maps.append(amap)
    return inputs, maps, arg_of


def element_type(value: ir.Value) -> ir.Type:
    if isinstance(value.type, ir.ShapedType):
        return ir.ShapedType(value.type).element_type
    return value.type


def _build_body(
    merged: ir.Operation,
    ops: Sequence[ir.Operation],
    inputs: list[ir.Value],
    inits: list[ir.Value],
    arg_of: dict[tuple[int, int], int],
    index_dims: Sequence[tuple[int, ...]],
) -> None:
    arg_types = [element_type(v) for v in inputs + inits]
    body = merged.regions[0].blocks.append(*arg_types)
    yielded: list[ir.Value] = []
    init_base = len(inputs)
    for k, op in enumerate(ops):
        old = op.regions[0].blocks[0]
        n_in = len(input_values(op))
        mapping: dict[ir.Value, ir.Value] = {}
        for i, arg in enumerate(old.arguments):
            if i < n_in:
                mapping[arg] = body.arguments[arg_of[(k, i)]]
            else:
                mapping[arg] = body.arguments[init_base + i - n_in]
        init_base += len(old.arguments) - n_in
        for inner in old.operations:
            if inner.operation.name == "linalg.yield":
                yielded += [mapping.get(v, v) for v in inner.operands]
                continue
            clone = inner.operation.clone(ip=ir.InsertionPoint(body))
            remap_nested(clone, mapping)
            _renumber_index_ops(clone, index_dims[k])
            for old_r, new_r in zip(inner.results, clone.results, strict=True):
                mapping[old_r] = new_r
    with ir.InsertionPoint(body):
        ir.Operation.create("linalg.yield", operands=yielded)


def _renumber_index_ops(op: ir.Operation, new_dim: tuple[int, ...]) -> None:
    """`linalg.index j` of a permuted sibling becomes `linalg.index new_dim[j]`."""
    if new_dim == tuple(range(len(new_dim))):
        return
    for target in [op, *nested_ops(op)]:
        if target.name == "linalg.index":
            old = ir.IntegerAttr(target.attributes["dim"]).value
            target.attributes["dim"] = ir.IntegerAttr.get(
                ir.IntegerType.get_signless(64), new_dim[old]
            )


def remap_nested(op: ir.Operation, mapping: dict[ir.Value, ir.Value]) -> None:
    """Point `op` and everything nested in it at the new block's values."""
    for target in [op, *nested_ops(op)]:
        for i, value in enumerate(target.operands):
            if value in mapping:
                target.operands[i] = mapping[value]


def _replace_and_erase(ops: Sequence[ir.Operation], new_results: list[ir.Value]) -> None:
    cursor = 0
    with Rewrite("replace siblings by their merged op", ops[0]) as rw:
        for op in ops:
            n = len(op.results)
            rw.replace_op(op, new_results[cursor : cursor + n])
            cursor += n


def apply_sibling_group(
    block: ir.Block, ops: Sequence[ir.Operation], pattern: str, group_id: int
) -> ir.Operation:
    """One multi-result generic when the siblings share a space, else one fusion.group."""
    if len(ops) >= 2 and same_space(ops):
        return merge_sibling_generics(ops)
    return wrap_in_group(block, ops, pattern, group_id)

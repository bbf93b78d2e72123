"""A generic computing some of another generic's results.

`folds.drop_dead_results` keeps the used results of a multi-result generic;
`split_results.split_mixed_results` splits one by where its results are read.
Both build the new generic here: the body ops the kept yields need, cloned,
and optionally some of the original's results read as inputs instead of
computed again (`given`): a consumer's part reading its producer's part.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir
from mlir.dialects import linalg

from mlirfuse.gpu.irutil import defining_op


def _maps(op: ir.Operation) -> list[ir.AffineMap]:
    return [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]


def yielded(generic: ir.Operation) -> list[ir.Value]:
    """The values the body yields, one per result."""
    return list(list(generic.regions[0].blocks[0].operations)[-1].operands)


def needed_body_ops(
    block: ir.Block, roots: list[ir.Value], given: Sequence[ir.Value] = ()
) -> list[ir.Operation]:
    """Body ops the values `roots` depend on, in block order; the walk stops
    at the values `given` (read from elsewhere)."""
    needed: list[ir.Operation] = []
    todo = [p for p in (defining_op(v) for v in roots if not _among(v, given)) if p is not None]
    while todo:
        op = todo.pop()
        if op.block != block or any(op == n for n in needed):
            continue
        needed.append(op)
        operands = [v for v in op.operands if not _among(v, given)]
        todo.extend(p for p in (defining_op(v) for v in operands) if p is not None)
    return [op.operation for op in block.operations if any(op.operation == n for n in needed)]


def _among(value: ir.Value, values: Sequence[ir.Value]) -> bool:
    return any(value == v for v in values)


def results_subset(
    generic: ir.Operation,
    kept: list[int],
    given: Sequence[tuple[int, ir.Value]] = (),
) -> linalg.GenericOp | None:
    """A new generic before `generic` computing only the results `kept`
    (None where a needed body op reads a dropped result's init). Each
    `(i, tensor)` of `given` is result i of `generic` already computed as
    `tensor`: read as an input (through result i's map) where the kept
    results need its value, not computed again."""
    n_in = len(generic.operands) - len(generic.results)
    block = generic.regions[0].blocks[0]
    values = yielded(generic)
    yields = [values[i] for i in kept]
    given_values = [values[i] for i, _ in given]
    body = needed_body_ops(block, yields, given_values)
    dropped_args = [block.arguments[n_in + i] for i in range(len(generic.results)) if i not in kept]
    for op in body:
        if any(v == a for v in op.operands for a in dropped_args):
            return None
    maps = _maps(generic)
    inputs = list(generic.operands)[:n_in] + [tensor for _, tensor in given]
    in_maps = maps[:n_in] + [maps[n_in + i] for i, _ in given]
    outputs = [generic.operands[n_in + i] for i in kept]
    with ir.InsertionPoint(generic), generic.location:
        new = linalg.GenericOp(
            [generic.results[i].type for i in kept],
            inputs,
            outputs,
            ir.ArrayAttr.get(
                [ir.AffineMapAttr.get(m) for m in in_maps + [maps[n_in + i] for i in kept]]
            ),
            generic.attributes["iterator_types"],
        )
    old_args = list(block.arguments[:n_in]) + given_values
    old_args += [block.arguments[n_in + i] for i in kept]
    arg_types = [a.type for a in block.arguments[:n_in]] + [v.type for v in given_values]
    arg_types += [block.arguments[n_in + i].type for i in kept]
    new_block = new.regions[0].blocks.append(*arg_types)
    mapping = list(zip(old_args, new_block.arguments, strict=True))
    _clone_into(new_block, body, yields, mapping)
    return new


def _clone_into(
    block: ir.Block,
    ops: list[ir.Operation],
    yields: list[ir.Value],
    mapping: list[tuple[ir.Value, ir.Value]],
) -> None:
    def remap(value: ir.Value) -> ir.Value:
        for old, new in mapping:
            if old == value:
                return new
        return value

    with ir.InsertionPoint(block):
        for op in ops:
            clone = op.clone()
            for i, v in enumerate(op.operands):
                clone.operands[i] = remap(v)
            mapping.extend(zip(op.results, clone.results, strict=True))
        linalg.YieldOp([remap(v) for v in yields])

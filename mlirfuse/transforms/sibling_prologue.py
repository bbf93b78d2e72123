"""Siblings through a cheap elementwise prologue: recompute it in the reduction.

LayerNorm as exported by torch-mlir reduces the same rows twice: `sum(x)` in
f32 and `sum(extf(x))` in f64. The second reads `x` through an elementwise
cast that other ops also use, so the two reductions do not share an input.
Recomputing the cast inside the reduction (`R(E(v))` -> `R'(v)` with E's body
in front of R's) makes them same-space siblings reading `x`; the cast op stays
for its other users (and goes when it has none). Only all-parallel generics
with identity maps, no `linalg.index`, no read of their init and no side
effect qualify as E, and only when E's body is cheap (the rule decides).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.op_facts import input_values
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.siblings import element_type, indexing_maps, remap_nested


def recompute_into(prologue: ir.Operation, consumer: ir.Operation) -> ir.Operation:
    """Rebuild `consumer` reading `prologue`'s inputs instead of its result."""
    produced = prologue.results[0]
    inputs, maps, sources = _consumer_inputs(prologue, consumer)
    n_in = len(input_values(consumer))
    inits = list(consumer.operands)[n_in:]
    init_maps = indexing_maps(consumer)[n_in:]
    with consumer.context, consumer.location:
        rebuilt = ir.Operation.create(
            "linalg.generic",
            results=[r.type for r in consumer.results],
            operands=inputs + inits,
            attributes={
                "indexing_maps": ir.ArrayAttr.get(
                    [ir.AffineMapAttr.get(m) for m in maps + init_maps]
                ),
                "iterator_types": consumer.attributes["iterator_types"],
                "operandSegmentSizes": ir.DenseI32ArrayAttr.get([len(inputs), len(inits)]),
            },
            regions=1,
            loc=consumer.location,
            ip=ir.InsertionPoint(consumer),
        )
    with consumer.context, consumer.location:
        body = rebuilt.regions[0].blocks.append(*[element_type(v) for v in inputs + inits])
    mapping, recomputed = _clone_prologue_body(prologue, body, sources)
    old = consumer.regions[0].blocks[0]
    for i, arg in enumerate(old.arguments):
        if i < n_in:
            value = consumer.operands[i]
            mapping[arg] = recomputed if value == produced else body.arguments[sources[("c", i)]]
        else:
            mapping[arg] = body.arguments[len(inputs) + i - n_in]
    for inner in old.operations:
        clone = inner.operation.clone(ip=ir.InsertionPoint(body))
        remap_nested(clone, mapping)
        for old_r, new_r in zip(inner.results, clone.results, strict=True):
            mapping[old_r] = new_r
    with Rewrite("recompute a prologue in its consumer", consumer) as rw:
        rw.replace_op(consumer, list(rebuilt.results))
        rw.erase_if_unused(prologue)
    return rebuilt


def _consumer_inputs(
    prologue: ir.Operation, consumer: ir.Operation
) -> tuple[list[ir.Value], list[ir.AffineMap], dict[tuple[str, int], int]]:
    """Consumer inputs with the prologue's result replaced by the prologue's inputs.

    The prologue has identity maps, so its inputs are read at the consumer's map
    for the replaced operand. `sources[("c", i)]` / `sources[("p", j)]` give the
    new input index of consumer input i / prologue input j.
    """
    produced = prologue.results[0]
    consumer_maps = indexing_maps(consumer)
    inputs: list[ir.Value] = []
    maps: list[ir.AffineMap] = []
    sources: dict[tuple[str, int], int] = {}

    def add(key: tuple[str, int], value: ir.Value, amap: ir.AffineMap) -> None:
        for k, (seen, seen_map) in enumerate(zip(inputs, maps, strict=True)):
            if seen == value and seen_map == amap:
                sources[key] = k
                return
        sources[key] = len(inputs)
        inputs.append(value)
        maps.append(amap)

    read_map = None
    for i, value in enumerate(input_values(consumer)):
        if value == produced:
            if read_map is not None and read_map != consumer_maps[i]:
                raise ValueError("the consumer reads the prologue through two maps")
            read_map = consumer_maps[i]
            continue
        add(("c", i), value, consumer_maps[i])
    assert read_map is not None, "consumer does not read the prologue"
    for j, value in enumerate(input_values(prologue)):
        add(("p", j), value, read_map)
    return inputs, maps, sources


def _clone_prologue_body(
    prologue: ir.Operation, body: ir.Block, sources: dict[tuple[str, int], int]
) -> tuple[dict[ir.Value, ir.Value], ir.Value]:
    """Copy the prologue's body into `body`; returns the mapping and the yielded value."""
    old = prologue.regions[0].blocks[0]
    mapping: dict[ir.Value, ir.Value] = {}
    for j, arg in enumerate(list(old.arguments)[: len(input_values(prologue))]):
        mapping[arg] = body.arguments[sources[("p", j)]]
    yielded: ir.Value | None = None
    for inner in old.operations:
        if inner.operation.name == "linalg.yield":
            yielded = mapping.get(inner.operands[0], inner.operands[0])
            continue
        clone = inner.operation.clone(ip=ir.InsertionPoint(body))
        remap_nested(clone, mapping)
        for old_r, new_r in zip(inner.results, clone.results, strict=True):
            mapping[old_r] = new_r
    assert yielded is not None
    return mapping, yielded

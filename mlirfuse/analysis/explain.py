"""The explain report: every op's kind and every fusion decision, as data.

`explain(module_op)` returns a JSON-ready dict:
    {"functions": [...], "ops": [...], "edges": [...], "siblings": [...]}
Op ids are "FUNC:NODE" (e.g. "softmax:7"), unique in the module and the same
in all lists. Edges list every producer -> consumer pair; siblings only the
candidate pairs (two ops reading a common tensor input), so the report stays
linear in the size of a chain.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from mlir import ir

from mlirfuse.analysis.attention import NOT_ATTENTION, find_attention
from mlirfuse.analysis.body import body_op_names, side_effecting_ops
from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.groups import check_siblings, shared_inputs
from mlirfuse.analysis.legality import check_producer_consumer
from mlirfuse.analysis.lowerability import check_pattern_lowerable
from mlirfuse.analysis.types import Decision, OpInfo


def functions_of(module_op: ir.Operation | ir.OpView) -> Iterator[ir.Operation]:
    """The `func.func` ops with a body directly in the module (or the op itself)."""
    op = module_op.operation
    if op.name == "func.func":
        yield op
        return
    for inner in op.regions[0].blocks[0].operations:
        fn = inner.operation
        if fn.name == "func.func" and len(fn.regions[0].blocks):
            yield fn


def function_name(fn: ir.Operation) -> str:
    return ir.StringAttr(fn.attributes["sym_name"]).value


def _decision(d: Decision) -> dict[str, Any]:
    return {"ok": d.ok, "code": d.code, "message": d.message}


def op_record(op_id: str, info: OpInfo, graph: DataflowGraph) -> dict[str, Any]:
    n = info.id
    return {
        "id": op_id,
        "op": info.name,
        "kind": info.kind.value,
        "loc": info.loc,
        "side_effects": info.side_effects,
        "side_effect_ops": _effects(graph, n),
        "loop_ranges": list(info.loop_ranges),
        "parallel_dims": list(info.parallel_dims),
        "reduction_dims": list(info.reduction_dims),
        "operands": [
            {
                "index": o.index,
                "type": o.element_type,
                "shape": list(o.shape),
                "bytes": o.bytes,
                "map": o.map_kind.value,
                "init": o.is_init,
            }
            for o in info.operands
        ],
        "result_bytes": list(info.result_bytes),
        "flops_per_iteration": info.flops_per_iteration,
        "flops": info.flops,
        "in_place": info.in_place,
        "uses": [graph.uses(n, r) for r in range(len(graph.ops[n].results))],
        "external_uses": graph.external_uses(n),
    }


def _effects(graph: DataflowGraph, n: int) -> list[str]:
    """The impure ops in `n`'s body, or the op itself (a call, an unknown op)."""
    if not graph.infos[n].side_effects:
        return []
    return side_effecting_ops(_body_names(graph, n)) or [graph.infos[n].name]


def _body_names(graph: DataflowGraph, n: int) -> tuple[str, ...]:
    op = graph.ops[n]
    return tuple(name for r in op.regions for b in r.blocks for name in body_op_names(b))


# Readers of one value beyond which only neighbouring readers are paired.
FANOUT_ALL_PAIRS = 16


def sibling_candidates(graph: DataflowGraph) -> list[tuple[int, int]]:
    """Pairs of nodes reading one common tensor input, each pair once (direct
    producer/consumer pairs excluded; pairs linked through a third op stay, to
    be refused as cycles). A value with more than FANOUT_ALL_PAIRS readers
    contributes only its neighbouring readers (in block order)."""
    readers: dict[ir.Value, list[int]] = {}
    for n in range(len(graph)):
        for v in graph.input_values(n):
            users = readers.setdefault(v, [])
            if not users or users[-1] != n:
                users.append(n)
    pairs: set[tuple[int, int]] = set()
    for v, users in readers.items():
        if len(users) < 2 or not isinstance(v.type, ir.ShapedType):
            continue
        if len(users) > FANOUT_ALL_PAIRS:
            # A value read by many ops: neighbours only, to stay linear.
            pairs.update(itertools.pairwise(users))
            continue
        for i, a in enumerate(users):
            for b in users[i + 1 :]:
                pairs.add((a, b))
    # A direct producer/consumer pair is an edge, not a pair of siblings.
    return sorted(p for p in pairs if not graph.has_edge(*p) and shared_inputs(graph, *p))


def explain_function(
    fn: ir.Operation,
    *,
    level: str = "kernel",
    keep_result: bool = False,
    recompute: bool = False,
) -> dict[str, Any]:
    graph = DataflowGraph.build(fn)
    name = function_name(fn)

    def ident(n: int) -> str:
        return f"{name}:{n}"

    ops = [op_record(ident(i.id), i, graph) for i in graph.infos]
    edges = []
    for p in graph.topo_order():
        for c in graph.succs(p):
            d = check_producer_consumer(
                graph, p, c, keep_result=keep_result, recompute=recompute, level=level
            )
            op_level = check_producer_consumer(
                graph, p, c, keep_result=keep_result, recompute=recompute, level="op"
            )
            edges.append(
                {
                    "producer": ident(p),
                    "consumer": ident(c),
                    **_decision(d),
                    "op_level": _decision(op_level),
                }
            )
    siblings = [
        {"a": ident(a), "b": ident(b), **_decision(check_siblings(graph, a, b))}
        for a, b in sibling_candidates(graph)
    ]
    return {
        "name": name,
        "fingerprint": graph.fingerprint(),
        "ops": ops,
        "edges": edges,
        "siblings": siblings,
        "attention": attention_records(graph, ident),
    }


def attention_records(graph: DataflowGraph, ident: Any) -> list[dict[str, Any]]:
    """Each Q·K contraction whose scores reach a softmax: one online-softmax
    kernel under `attention=true`, or why not (analysis/attention.py)."""
    index = {op: i for i, op in enumerate(graph.ops)}
    records = []
    for candidate in find_attention(graph.block):
        match = candidate.match
        record: dict[str, Any] = {
            "anchor": ident(index[candidate.anchor]),
            "ok": match is not None,
            "code": "ok" if match is not None else NOT_ATTENTION,
        }
        if match is None:
            record["message"] = candidate.reason
            records.append(record)
            continue
        ops = list(match.ops)
        record["ops"] = [ident(index[o]) for o in ops if o in index]
        refusal = check_pattern_lowerable("attention", ops)  # the back end's, when registered
        if refusal is not None:
            record.update(ok=False, code=refusal.code, message=refusal.message)
        else:
            record["message"] = (
                f"attention over {'x'.join('?' if d is None else str(d) for d in match.score_shape)} scores"
                f"{', fully masked rows 0' if match.zero_rows else ''}: one online-softmax"
                " kernel with attention=true"
            )
        records.append(record)
    return records


def explain(
    module_op: ir.Operation | ir.OpView,
    *,
    func: str | None = None,
    level: str = "kernel",
    keep_result: bool = False,
    recompute: bool = False,
) -> dict[str, Any]:
    """The report for every function of `module_op` (or only `func`)."""
    report: dict[str, Any] = {
        "level": level,
        "functions": [],
        "ops": [],
        "edges": [],
        "siblings": [],
        "attention": [],
    }
    for fn in functions_of(module_op):
        if func is not None and function_name(fn) != func:
            continue
        part = explain_function(fn, level=level, keep_result=keep_result, recompute=recompute)
        report["functions"].append({"name": part["name"], "fingerprint": part["fingerprint"]})
        for key in ("ops", "edges", "siblings", "attention"):
            report[key].extend(part[key])
    return report

"""`mlirfuse explain FILE`: each op's kind and every fusion decision with its code."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mlir import ir

from mlirfuse.analysis.explain import explain, function_name, functions_of
from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.groups import check_group, check_siblings
from mlirfuse.analysis.legality import check_producer_consumer
from mlirfuse.analysis.types import Decision
from mlirfuse.commands.backends import add_backend_argument, load_backend
from mlirfuse.context import make_context, parse_module
from mlirfuse.driver.diagnostics import from_mlir_error
from mlirfuse.driver.split import join_outputs, split_input
from mlirfuse.source import SourceError, read_source


class UsageError(Exception):
    pass


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="MLIR file ('-' for stdin)")
    add_backend_argument(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--func", help="only this function")
    parser.add_argument(
        "--split-input-file",
        action="store_true",
        help='explain each `// -----` chunk separately (JSON: {"chunks": [...]})',
    )
    parser.add_argument(
        "--level", choices=("kernel", "op"), default="kernel", help="level of the edge decisions"
    )
    parser.add_argument(
        "--keep-result", action="store_true", help="edges: multi-use producers keep their result"
    )
    parser.add_argument(
        "--recompute", action="store_true", help="edges: multi-use producers are recomputed"
    )
    parser.add_argument(
        "--group",
        action="append",
        default=[],
        metavar="IDS",
        help="also check these node ids as one kernel, e.g. --group 3,4,5 (repeatable)",
    )
    parser.add_argument("--max-operands", type=int, default=32, help="operand limit for --group")
    parser.add_argument(
        "--edge",
        action="append",
        default=[],
        metavar="P,C",
        help="also check producer P into consumer C, even if not an edge (repeatable)",
    )
    parser.add_argument(
        "--sibling",
        action="append",
        default=[],
        metavar="A,B",
        help="also check A and B as siblings, even without a shared input (repeatable)",
    )


def _read(path: str) -> str:
    try:
        return read_source(path)[0]
    except SourceError as e:
        raise UsageError(str(e)) from None


def _only_graph(module: ir.Module, args: argparse.Namespace) -> tuple[str, DataflowGraph]:
    fns = [f for f in functions_of(module.operation) if args.func in (None, function_name(f))]
    if len(fns) != 1:
        raise UsageError("--group, --edge and --sibling need exactly one function (use --func)")
    return function_name(fns[0]), DataflowGraph.build(fns[0])


def _node_ids(spec: str, option: str, graph: DataflowGraph, name: str) -> list[int]:
    try:
        ids = [int(x) for x in spec.split(",") if x.strip()]
    except ValueError as e:
        raise UsageError(f"{option} {spec!r}: expected comma-separated node ids") from e
    bad = [i for i in ids if not 0 <= i < len(graph)]
    if bad:
        raise UsageError(f"{option} {spec!r}: no node {bad[0]} in @{name} ({len(graph)} nodes)")
    return ids


def _pair(spec: str, option: str, graph: DataflowGraph, name: str) -> tuple[int, int]:
    ids = _node_ids(spec, option, graph, name)
    if len(ids) != 2:
        raise UsageError(f"{option} {spec!r}: expected two node ids")
    return ids[0], ids[1]


def _queries(module: ir.Module, args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    """The decisions asked for with --group, --edge and --sibling."""
    out: dict[str, list[dict[str, Any]]] = {
        "groups": [],
        "queried_edges": [],
        "queried_siblings": [],
    }
    if not (args.group or args.edge or args.sibling):
        return out
    name, graph = _only_graph(module, args)

    def ident(n: int) -> str:
        return f"{name}:{n}"

    for spec in args.group:
        ids = _node_ids(spec, "--group", graph, name)
        d = check_group(graph, ids, max_operands=args.max_operands)
        out["groups"].append({"ops": [ident(i) for i in ids], **_as_dict(d)})
    for spec in args.edge:
        p, c = _pair(spec, "--edge", graph, name)
        d = check_producer_consumer(
            graph, p, c, keep_result=args.keep_result, recompute=args.recompute, level=args.level
        )
        out["queried_edges"].append({"producer": ident(p), "consumer": ident(c), **_as_dict(d)})
    for spec in args.sibling:
        a, b = _pair(spec, "--sibling", graph, name)
        d = check_siblings(graph, a, b)
        out["queried_siblings"].append({"a": ident(a), "b": ident(b), **_as_dict(d)})
    return out


def _as_dict(d: Decision) -> dict[str, Any]:
    return {"ok": d.ok, "code": d.code, "message": d.message}


def _fmt_list(values: list[Any]) -> str:
    return "[" + ", ".join("?" if v is None else str(v) for v in values) + "]"


def _verdict(d: dict[str, Any]) -> str:
    return f"{'ok' if d['ok'] else 'refused'} [{d['code']}]"


def _op_line(op: dict[str, Any]) -> str:
    effects = "yes " + ",".join(op["side_effect_ops"]) if op["side_effects"] else "no"
    return (
        f"op {op['id']} {op['op']} kind={op['kind']} side-effects={effects} "
        f"loops={_fmt_list(op['loop_ranges'])} parallel={_fmt_list(op['parallel_dims'])} "
        f"reduction={_fmt_list(op['reduction_dims'])} flops/iter={op['flops_per_iteration']:g} "
        f"in-place={'yes' if op['in_place'] else 'no'} uses={_fmt_list(op['uses'])} "
        f"loc={op['loc']}"
    )


def _function_lines(report: dict[str, Any], name: str) -> list[str]:
    """Ops, edges and sibling pairs of one function (ids are `name:N`)."""
    mine = f"{name}:"
    lines = [_op_line(op) for op in report["ops"] if op["id"].startswith(mine)]
    for e in report["edges"]:
        if e["producer"].startswith(mine):
            lines.append(
                f"edge {e['producer']} -> {e['consumer']}: {_verdict(e)} "
                f"op-level {_verdict(e['op_level'])}: {e['message']}"
            )
    for sib in report["siblings"]:
        if sib["a"].startswith(mine):
            lines.append(f"sibling {sib['a']} + {sib['b']}: {_verdict(sib)}: {sib['message']}")
    for att in report.get("attention", []):
        if att["anchor"].startswith(mine):
            lines.append(f"attention {att['anchor']}: {_verdict(att)}: {att['message']}")
    return lines


def format_text(report: dict[str, Any]) -> str:
    """One section per function, then the queried decisions, then a summary."""
    lines = []
    for fn in report["functions"]:
        lines.append(f"func @{fn['name']} fingerprint={fn['fingerprint']}")
        lines += _function_lines(report, fn["name"])
    for g in report.get("groups", []):
        lines.append(f"group {','.join(g['ops'])}: {_verdict(g)}: {g['message']}")
    for e in report.get("queried_edges", []):
        lines.append(
            f"query edge {e['producer']} -> {e['consumer']}: {_verdict(e)}: {e['message']}"
        )
    for sib in report.get("queried_siblings", []):
        lines.append(f"query sibling {sib['a']} + {sib['b']}: {_verdict(sib)}: {sib['message']}")
    effects = [op["id"] for op in report["ops"] if op["side_effects"]]
    legal = sum(e["ok"] for e in report["edges"])
    lines.append(
        f"summary: {len(report['ops'])} ops, {len(report['edges'])} edges ({legal} legal), "
        f"{len(report['siblings'])} sibling pairs, side-effecting: {', '.join(effects) or 'none'}"
    )
    return "\n".join(lines) + "\n"


def _report(
    text: str, source: str, args: argparse.Namespace, *, queries: bool
) -> tuple[dict[str, Any], list[str]]:
    """The report of one parsed buffer and the names of all its functions."""
    ctx = make_context()
    module = parse_module(text, ctx, source)
    names = [function_name(f) for f in functions_of(module.operation)]
    report = explain(
        module.operation,
        func=args.func,
        level=args.level,
        keep_result=args.keep_result,
        recompute=args.recompute,
    )
    if queries:
        report.update(_queries(module, args))
    return report, names


def _reports(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One report per input chunk (one chunk unless --split-input-file)."""
    source = "<stdin>" if args.file == "-" else args.file
    chunks = split_input(_read(args.file), args.split_input_file)
    asks = bool(args.group or args.edge or args.sibling)
    if asks and len(chunks) > 1:
        raise UsageError("--group, --edge and --sibling need a single input chunk")
    results = [_report(c.text, source, args, queries=asks) for c in chunks]
    names = [name for _, chunk_names in results for name in chunk_names]
    if args.func is not None and args.func not in names:
        raise UsageError(f"no function @{args.func} (functions: {', '.join(names) or 'none'})")
    return [report for report, _ in results]


def main(args: argparse.Namespace) -> int:
    load_backend(args)
    try:
        reports = _reports(args)
    except ir.MLIRError as e:
        for diag in from_mlir_error(e):
            print(diag.format(args.file), file=sys.stderr)
        return 1
    except UsageError as e:
        print(f"mlirfuse explain: error: {e}", file=sys.stderr)
        return 1
    # Everything is computed before anything is written: no partial output.
    if args.format == "json":
        payload: Any = reports[0] if not args.split_input_file else {"chunks": reports}
        # One line: 4x faster than indented on 10,000 ops (`python -m json.tool` to read).
        sys.stdout.write(json.dumps(payload) + "\n")
    else:
        sys.stdout.write(join_outputs([format_text(r) for r in reports]))
    return 0

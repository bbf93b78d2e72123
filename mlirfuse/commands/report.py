"""The plan report: P0..Pk, each kernel's cost breakdown, every refusal.

`render(plan, fmt)` gives text, JSON or HTML (mlirfuse/commands/report_html.py).
JSON keys (stable): target, search, weights, plans[{name, kernels, bytes,
flops, cost, relative, bytes_relative, time_us, description}],
groups[{function, id, ops, op_names, pattern, root, kept, recomputed, cost{...}}],
refusals[{function, producer, consumer, code, message, ops}], graphs{func:
{nodes, edges}}, solver{func: {status, objective, bound, gap, candidates,
components}} (functions the CP-SAT solver planned), baseline{func:
{ours, iree_default, iree_o3: {kernels, bytes}, compulsory_bytes,
iree_version}} (zoo functions found in baseline.json).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from mlirfuse.commands.baseline import text_lines
from mlirfuse.commands.report_html import render_html
from mlirfuse.vocab.model import Plan

FORMATS = ("text", "json", "html")


def to_dict(plan: Plan, source: str = "") -> dict[str, Any]:
    graphs = plan.extra.get("graphs", {})
    groups, refusals = [], []
    for func, fplan in plan.functions.items():
        names = {n["id"]: n["op"] for n in graphs.get(func, {}).get("nodes", [])}
        for group in fplan.groups:
            record = asdict(group)
            record["ops"] = list(group.ops)
            record["op_names"] = [names.get(o, "") for o in group.ops if o in names]
            groups.append({"function": func, **record})
        for refusal in fplan.refusals:
            refusals.append({"function": func, **asdict(refusal), "ops": list(refusal.ops)})
    return {
        "source": source,
        "target": plan.extra.get("target", {"name": plan.target}),
        "search": plan.search,
        "weights": plan.extra.get("weights", {}),
        "plans": [asdict(s) for s in plan.summaries],
        "reference": plan.extra.get("reference", []),
        "groups": groups,
        "refusals": refusals,
        "graphs": graphs,
        "notes": plan.extra.get("notes", []),
        "solver": {f: fp.solver for f, fp in plan.functions.items() if fp.solver},
        "baseline": plan.extra.get("baseline", {}),
    }


def render(plan: Plan, fmt: str = "text", source: str = "") -> str:
    if fmt == "json":
        return json.dumps(to_dict(plan, source), indent=2) + "\n"
    if fmt == "html":
        return render_html(to_dict(plan, source))
    if fmt == "text":
        return render_text(plan, source)
    raise ValueError(f"unknown report format '{fmt}' (known: {', '.join(FORMATS)})")


def render_text(plan: Plan, source: str = "") -> str:
    data = to_dict(plan, source)
    target = data["target"]
    w = data["weights"]
    lines = [
        f"mlirfuse plan: {source or '<module>'}",
        f"target: {target.get('name')} ({target.get('description', '')}), search: {plan.search}",
    ]
    if w:
        lines.append(
            f"J = {w['bytes']:.3e} us/byte * bytes + {w['launch']:.3g} us/launch * launches"
            f" + {w['flops']:.3e} us/flop * flops"
        )
    lines += ["", _plans_table(data["plans"])]
    for ref in data["reference"]:
        lines.append(
            f"reference: {ref['name']} {ref['kernels']} kernels, {ref['bytes']:,} bytes"
            f" ({100 * ref['bytes_relative']:.1f}%), J {ref['cost']:.3f} ({100 * ref['relative']:.1f}%):"
            f" {ref['description']}"
        )
    lines += text_lines(data["baseline"])
    for func, fplan in plan.functions.items():
        lines += ["", f"@{func}: {len(fplan.groups)} kernels"]
        if fplan.solver:
            lines.append(_solver_line(fplan.solver))
        for group in data["groups"]:
            if group["function"] == func:
                lines += _group_lines(group)
        refused = [r for r in data["refusals"] if r["function"] == func]
        if refused:
            lines.append("  refused fusions:")
            for r in refused:
                lines.append(f"    {_subject(r)}: {r['code']}: {r['message']}")
    return "\n".join(lines) + "\n"


def _solver_line(s: dict[str, Any]) -> str:
    return (
        f"  solver: CP-SAT {s['status']}, objective J {s['objective']:.4f}, bound {s['bound']:.4f},"
        f" gap {100 * s['gap']:.2f}%, {s['candidates']} candidates"
    )


def _subject(refusal: dict[str, Any]) -> str:
    if refusal["producer"] is not None:
        return f"{refusal['producer']} -> {refusal['consumer']}"
    if refusal["ops"]:
        return f"ops [{','.join(map(str, refusal['ops']))}]"
    return "note"


def _plans_table(rows: list[dict[str, Any]]) -> str:
    header = f"{'plan':<5} {'kernels':>7} {'bytes':>12} {'%bytes':>7} {'flops':>12} {'J':>10} {'%J':>7} {'roofline us':>12}  step"
    out = [header]
    for r in rows:
        out.append(
            f"{r['name']:<5} {r['kernels']:>7} {r['bytes']:>12,} {100 * r['bytes_relative']:>6.1f}% "
            f"{r['flops']:>12,.0f} {r['cost']:>10.3f} {100 * r['relative']:>6.1f}% {r['time_us']:>12.3f}  {r['description']}"
        )
    return "\n".join(out)


def _group_lines(group: dict[str, Any]) -> list[str]:
    cost = group["cost"] or {}
    ops = ",".join(str(o) for o in group["ops"])
    head = f"  group {group['id']}: {group['pattern']} ops [{ops}]"
    if group["root"] is not None:
        head += f" root {group['root']}"
    if group["kept"]:
        head += f" kept {list(group['kept'])}"
    if not cost:
        return [head]
    return [
        head,
        f"    read {cost['bytes_read']:,} B, written {cost['bytes_written']:,} B, flops {cost['flops']:,.0f},"
        f" launches {cost['launches']}, regs/thread ~{cost['registers_per_thread']},"
        f" shared {cost['shared_bytes']:,} B, J {cost['cost']:.3f}, roofline {cost['time_us']:.3f} us",
    ]

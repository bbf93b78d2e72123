"""Self-contained HTML report with inline SVG: the seed's three views.

1. the graph coloured by op kind, each kernel of the best plan outlined;
2. the legality of every producer->consumer edge (green legal and fused,
   blue legal but left apart, red refused; hover for the code and message);
3. the search: J and bytes of P0 ... Pk as bars, relative to P0.
"""

from __future__ import annotations

from html import escape
from typing import Any

from mlirfuse.commands.baseline import html_table

KIND_COLOURS = {
    "elementwise": "#8ecae6",
    "broadcast": "#a8dadc",
    "injective": "#cdb4db",
    "reduction": "#ffb703",
    "contraction": "#fb8500",
    "convolution": "#e76f51",
    "fill": "#dddddd",
    "opaque": "#999999",
}
EDGE_COLOURS = {"fused": "#2a9d8f", "apart": "#457b9d", "refused": "#d62828"}
BOX_W, BOX_H, GAP_X, GAP_Y = 130, 34, 60, 70


def render_html(data: dict[str, Any]) -> str:
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>mlirfuse plan: {escape(data.get('source') or '')}</title>",
        "<style>body{font-family:sans-serif;margin:20px;color:#222}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:right}"
        "th{background:#f0f0f0}td.l{text-align:left}h2{margin-top:28px}.legend span{display:inline-block;"
        "padding:2px 8px;margin-right:6px;border-radius:3px;font-size:12px}</style></head><body>",
        f"<h1>mlirfuse plan: {escape(data.get('source') or '<module>')}</h1>",
        f"<p>target <b>{escape(str(data['target'].get('name')))}</b> "
        f"({escape(str(data['target'].get('description', '')))}), search <b>{escape(data['search'])}</b></p>",
    ]
    for func, graph in data.get("graphs", {}).items():
        groups = [g for g in data["groups"] if g["function"] == func]
        parts += [
            f"<h2>@{escape(func)}: 1. ops coloured by kind, kernels of the best plan outlined; 2. legality of each edge</h2>",
            _legend(),
            _graph_svg(graph, groups),
            _groups_table(groups),
            _refusals_table([r for r in data["refusals"] if r["function"] == func]),
        ]
    parts += [
        "<h2>3. Search: P0 (unfused) to the best plan</h2>",
        _search_svg(data["plans"]),
        _plans_table(
            data["plans"] + [dict(r, name="ref: " + r["name"]) for r in data.get("reference", [])]
        ),
        html_table(data.get("baseline", {})),
        "</body></html>",
    ]
    return "\n".join(parts)


def _legend() -> str:
    kinds = "".join(f"<span style='background:{c}'>{k}</span>" for k, c in KIND_COLOURS.items())
    edges = "".join(
        f"<span style='border:2px solid {c}'>{k}</span>"
        for k, c in (
            ("fused", EDGE_COLOURS["fused"]),
            ("legal, apart", EDGE_COLOURS["apart"]),
            ("refused", EDGE_COLOURS["refused"]),
        )
    )
    return f"<p class='legend'>{kinds}</p><p class='legend'>edges: {edges}</p>"


def _layout(graph: dict[str, Any]) -> dict[int, tuple[float, float]]:
    depth: dict[int, int] = {}
    preds: dict[int, list[int]] = {n["id"]: [] for n in graph["nodes"]}
    for e in graph["edges"]:
        preds[e["consumer"]].append(e["producer"])
    rows: dict[int, int] = {}
    where: dict[int, tuple[float, float]] = {}
    for node in graph["nodes"]:
        level = 1 + max((depth[p] for p in preds[node["id"]] if p in depth), default=-1)
        depth[node["id"]] = level
        row = rows.get(level, 0)
        rows[level] = row + 1
        where[node["id"]] = (20 + level * (BOX_W + GAP_X), 20 + row * (BOX_H + GAP_Y))
    return where


MAX_DRAWN_NODES = 300  # larger graphs: tables only (an SVG that size helps nobody)


def _graph_svg(graph: dict[str, Any], groups: list[dict[str, Any]]) -> str:
    if len(graph["nodes"]) > MAX_DRAWN_NODES:
        return f"<p>({len(graph['nodes'])} ops: too many to draw; see the tables and the JSON report)</p>"
    where = _layout(graph)
    if not where:
        return "<p>(no kernels)</p>"
    width = max(x for x, _ in where.values()) + BOX_W + 40
    height = max(y for _, y in where.values()) + BOX_H + 110
    out = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' font-size='11'>"
    ]
    out += _group_outlines(groups, where)
    for e in graph["edges"]:
        (x1, y1), (x2, y2) = where[e["producer"]], where[e["consumer"]]
        state = "refused" if not e["ok"] else "fused" if e["fused"] else "apart"
        tip = escape(f"{e['producer']} -> {e['consumer']}: {e['code']}: {e['message']}")
        dash = " stroke-dasharray='5,3'" if state == "refused" else ""
        out.append(
            f"<path d='{_edge_path(x1 + BOX_W, y1 + BOX_H / 2, x2, y2 + BOX_H / 2)}' fill='none' "
            f"stroke='{EDGE_COLOURS[state]}' stroke-width='2'{dash}><title>{tip}</title></path>"
        )
    for node in graph["nodes"]:
        x, y = where[node["id"]]
        colour = KIND_COLOURS.get(node["kind"], "#fff")
        tip = escape(
            f"op {node['id']} {node['op']} ({node['kind']}) {node['loc']} group {node['group']}"
        )
        out.append(
            f"<g><title>{tip}</title><rect x='{x}' y='{y}' width='{BOX_W}' height='{BOX_H}' rx='5' "
            f"fill='{colour}' stroke='#333'/><text x='{x + 6}' y='{y + 14}'>{node['id']}: "
            f"{escape(node['op'].removeprefix('linalg.'))}</text><text x='{x + 6}' y='{y + 27}' "
            f"fill='#444'>{escape(node['kind'])} / k{node['group']}</text></g>"
        )
    out.append("</svg>")
    return "\n".join(out)


def _edge_path(x1: float, y1: float, x2: float, y2: float) -> str:
    """A straight line between neighbouring columns, an arc below the boxes
    when the edge skips columns (so it does not run through them)."""
    if x2 - x1 <= GAP_X + 1:
        return f"M{x1},{y1} L{x2},{y2}"
    sag = BOX_H / 2 + 10 + min(60.0, (x2 - x1) / 12)
    return f"M{x1 - 20},{y1 + BOX_H / 2} C{x1 + 20},{y1 + sag * 2} {x2 - 40},{y2 + sag * 2} {x2 + 20},{y2 + BOX_H / 2}"


def _group_outlines(
    groups: list[dict[str, Any]], where: dict[int, tuple[float, float]]
) -> list[str]:
    out = []
    for group in groups:
        points = [where[o] for o in group["ops"] if o in where]
        if len(points) < 2:
            continue
        x0 = min(x for x, _ in points) - 8
        y0 = min(y for _, y in points) - 8
        x1 = max(x for x, _ in points) + BOX_W + 8
        y1 = max(y for _, y in points) + BOX_H + 8
        out.append(
            f"<rect x='{x0}' y='{y0}' width='{x1 - x0}' height='{y1 - y0}' rx='10' fill='#f6f6f6' "
            f"stroke='#2a9d8f' stroke-dasharray='6,3'><title>kernel {group['id']}: {escape(group['pattern'])}</title></rect>"
        )
    return out


def _search_svg(plans: list[dict[str, Any]]) -> str:
    bar, gap, height = 26, 18, 180
    width = 60 + len(plans) * (2 * bar + gap)
    out = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{max(width, 400)}' height='{height + 60}' font-size='11'>"
    ]
    for i, plan in enumerate(plans):
        x = 40 + i * (2 * bar + gap)
        for j, (key, colour) in enumerate((("relative", "#fb8500"), ("bytes_relative", "#219ebc"))):
            h = max(1.0, height * plan[key])
            out.append(
                f"<rect x='{x + j * bar}' y='{30 + height - h}' width='{bar - 2}' height='{h}' fill='{colour}'>"
                f"<title>{plan['name']}: {key} {100 * plan[key]:.1f}%</title></rect>"
            )
        out.append(f"<text x='{x}' y='{height + 45}'>{plan['name']} ({plan['kernels']}k)</text>")
        out.append(
            f"<text x='{x}' y='{height + 26 - height * plan['relative']}'>{100 * plan['relative']:.0f}%</text>"
        )
    out.append(
        "<text x='40' y='12'>orange: J relative to P0, blue: bytes relative to P0</text></svg>"
    )
    return "\n".join(out)


def _table(header: list[str], rows: list[list[Any]], left: set[int]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = []
    for row in rows:
        cells = "".join(
            f"<td class='l'>{escape(str(c))}</td>" if i in left else f"<td>{escape(str(c))}</td>"
            for i, c in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _plans_table(plans: list[dict[str, Any]]) -> str:
    rows = [
        [
            p["name"],
            p["kernels"],
            f"{p['bytes']:,}",
            f"{100 * p['bytes_relative']:.1f}%",
            f"{p['flops']:,.0f}",
            f"{p['cost']:.3f}",
            f"{100 * p['relative']:.1f}%",
            f"{p['time_us']:.3f}",
            p["description"],
        ]
        for p in plans
    ]
    header = ["plan", "kernels", "bytes", "% bytes", "flops", "J", "% J", "roofline us", "step"]
    return _table(header, rows, {8})


def _groups_table(groups: list[dict[str, Any]]) -> str:
    rows = []
    for g in groups:
        c = g["cost"] or {}
        rows.append(
            [
                g["id"],
                g["pattern"],
                ",".join(map(str, g["ops"])),
                f"{c.get('bytes_read', 0):,}",
                f"{c.get('bytes_written', 0):,}",
                f"{c.get('flops', 0):,.0f}",
                c.get("registers_per_thread", ""),
                f"{c.get('shared_bytes', 0):,}",
                f"{c.get('cost', 0):.3f}",
                f"{c.get('time_us', 0):.3f}",
            ]
        )
    header = [
        "kernel",
        "pattern",
        "ops",
        "read B",
        "written B",
        "flops",
        "regs",
        "shared B",
        "J",
        "roofline us",
    ]
    return _table(header, rows, {1, 2})


def _refusals_table(refusals: list[dict[str, Any]]) -> str:
    if not refusals:
        return "<p>No fusion refused.</p>"
    rows = [[r["producer"], r["consumer"], r["code"], r["message"]] for r in refusals]
    return "<h3>Refused fusions</h3>" + _table(
        ["producer", "consumer", "code", "message"], rows, {2, 3}
    )

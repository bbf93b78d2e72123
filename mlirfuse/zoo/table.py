"""The zoo table in Markdown: one row per model, one cell per stage.

Kernels and bytes are `mlirfuse.metrics`' (one ruler for every column: at
the fused IR's kernel boundaries, and for "launched" at the launches of the
sm_90 compile's manifest);
IREE's come from `models/baseline.json` (`models/baseline.py` writes it with
the same counting at `flow.dispatch` boundaries). A failed cell shows its
located error line, shortened; a second table gives the seconds per stage.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from mlirfuse.zoo.stages import Result

MAX_ERROR_CHARS = 140
FIGURE_STAGES = ("unfused", "upstream", "greedy", "dp", "auto")
HEADERS = [
    "model", "dtype", "linalg ops",
    "unfused k / MB", "upstream k / MB", "greedy k / MB", "dp k / MB", "auto k / MB",
    "launched k / MB (sm_90)", "IREE k / MB", "IREE O3 k / MB", "launched bytes vs IREE O3",
    "compulsory MB",
    "CPU max rel err (auto)", "PTX sm_80", "PTX sm_90", "PTX sm_80 unfused", "PTX sm_90 unfused",
    "verify --schedule gpu (fused / unfused)",
]  # fmt: skip
Row = dict[str, Result]
LAUNCHED_STAGE = "sm_90"  # the compile whose launch manifest gives "launched"
BYTES_GOAL = 0.10  # the goal on attention and conv blocks: this much fewer bytes than IREE O3


def launched(result: Result | None) -> Result | None:
    """A compile stage's launched kernels and bytes (its error, if it failed)."""
    if result is None or "error" in result:
        return result
    figures = result.get("launched")
    return figures if isinstance(figures, dict) else None


def load_baseline(path: Path) -> dict[str, dict[str, object]]:
    """models/baseline.json, or nothing when it is absent or unreadable."""
    try:
        table: dict[str, dict[str, object]] = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return table


def shorten(text: str, limit: int = MAX_ERROR_CHARS) -> str:
    """One line for a cell: the file's folder dropped (the row names the model)."""
    text = re.sub(r"^[^\s:]*/", "", text.replace("\n", " ")).replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def megabytes(value: object) -> str:
    return f"{value / 1e6:.2f}" if isinstance(value, int) else "?"


def failed(result: Result | None) -> bool:
    """A stage that errored, or numbers beyond tolerance."""
    if result is None:
        return False
    return "error" in result or result.get("ok") is False


def _error_cell(result: Result) -> str:
    return "**error** " + shorten(str(result["error"]))


AT_INPUTS = "*"  # marks bytes of a dynamic model at its example inputs' shapes


def figures_cell(result: Result | None) -> str:
    if result is None:
        return "-"
    if "error" in result:
        return _error_cell(result)
    mark = AT_INPUTS if result.get("at_inputs") else ""
    return f"{result['kernels']} / {megabytes(result['bytes'])}{mark}"


def iree_cell(entry: object, at_inputs: object = None) -> str:
    """IREE's dispatches and bytes; for a dynamic model also those of its
    run at the example inputs' shapes (`at_inputs` in models/baseline.json)."""
    if not isinstance(entry, dict):
        return "-"
    if "error" in entry:
        return "**error** " + shorten(str(entry["error"]))
    cell = f"{entry['dispatches']} / {megabytes(entry['bytes'])}"
    if isinstance(at_inputs, dict) and "error" not in at_inputs:
        cell += f"; {at_inputs['dispatches']} / {megabytes(at_inputs['bytes'])}{AT_INPUTS}"
    return cell


def peer_level(peer: dict[str, object], level: str) -> object:
    """IREE's figures at `level` to compare with: a dynamic model's at its
    example inputs, where IREE plans with every size known (the stronger peer)."""
    at_inputs = peer.get("at_inputs")
    if isinstance(at_inputs, dict) and isinstance(at_inputs.get(level), dict):
        return at_inputs[level]
    return peer.get(level)


def _at_inputs_level(peer: dict[str, object], level: str) -> object:
    at_inputs = peer.get("at_inputs")
    return at_inputs.get(level) if isinstance(at_inputs, dict) else None


def bytes_change(ours: object, theirs: object) -> float | None:
    """Launched bytes relative to IREE's (-0.1: 10% fewer), both known."""
    mine = _figure(ours, "bytes")
    peer = _figure(theirs, "bytes")
    return None if mine is None or not peer else mine / peer - 1


def change_cell(change: float | None) -> str:
    return "-" if change is None else f"{100 * change:+.1f}%"


def numerics_cell(result: Result | None) -> str:
    if result is None:
        return "-"
    if "error" in result:
        return _error_cell(result)
    verdict = "ok" if result["ok"] else "**FAIL**"
    cell = f"{result['max_rel']:.1e} {verdict} (tol {result['tolerance']:g})"
    max_rel, tolerance = result["max_rel"], result["tolerance"]
    beyond = isinstance(max_rel, float) and isinstance(tolerance, float) and max_rel > tolerance
    if beyond and "exact_rel" in result:
        # Beyond tolerance of PyTorch's 16-bit result: judged by the f32 one.
        cell += f"; vs f32 {result['exact_rel']:.1e}, PyTorch's {result['ref_exact_rel']:.1e}"
    return cell


def ptx_cell(result: Result | None) -> str:
    if result is None:
        return "skipped"
    if "error" in result:
        return _error_cell(result)
    cell = f"{result['kernels']} k"
    if "registers" not in result:
        return cell + f", ptxas {result.get('ptxas', 'not run')}"
    smem = int(str(result["smem"]))
    return (
        cell + f", {result['registers']} regs, {smem / 1024:.1f} KB smem, {result['spills']} spills"
    )


def dtype_of(row: Row) -> str:
    unfused = row.get("unfused") or {}
    return str(unfused.get("dtype", "-"))


def row_cells(name: str, row: Row, baseline: dict[str, dict[str, object]]) -> list[str]:
    unfused = row.get("unfused") or {}
    peer = baseline.get(name, {})
    return [
        f"`{name}`",
        dtype_of(row),
        str(unfused.get("linalg_ops", "-")),
        *[figures_cell(row.get(stage)) for stage in FIGURE_STAGES],
        figures_cell(launched(row.get(LAUNCHED_STAGE))),
        iree_cell(peer.get("default"), _at_inputs_level(peer, "default")),
        iree_cell(peer.get("O3"), _at_inputs_level(peer, "O3")),
        change_cell(bytes_change(launched(row.get(LAUNCHED_STAGE)), peer_level(peer, "O3"))),
        megabytes(unfused.get("compulsory_bytes", peer.get("compulsory_bytes"))),
        numerics_cell(row.get("numerics")),
        ptx_cell(row.get("sm_80")),
        ptx_cell(row.get("sm_90")),
        ptx_cell(row.get("sm_80-unfused")),
        ptx_cell(row.get("sm_90-unfused")),
        f"{gpu_verify_cell(row.get('gpu-verify'))} / {gpu_verify_cell(row.get('gpu-verify-unfused'))}",
    ]


def gpu_verify_cell(result: Result | None) -> str:
    """`ok` and the largest relative error of the results, or the error."""
    if result is None:
        return "skipped"
    if "error" in result:
        return _error_cell(result)
    return f"ok {float(str(result['max_rel'])):.1e}"


def markdown(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(cells) + " |" for cells in rows])


def figures_table(rows: dict[str, Row], baseline: dict[str, dict[str, object]]) -> str:
    return markdown(HEADERS, [row_cells(name, row, baseline) for name, row in rows.items()])


def seconds_table(rows: dict[str, Row], stages: Sequence[str]) -> str:
    def cell(result: Result | None) -> str:
        seconds = (result or {}).get("seconds")
        return f"{seconds:.2f}" if isinstance(seconds, float | int) else "-"

    body = [[f"`{name}`", *[cell(row.get(s)) for s in stages]] for name, row in rows.items()]
    return markdown(["model", *stages], body)


def _figure(result: object, key: str) -> int | None:
    value = result.get(key) if isinstance(result, dict) and "error" not in result else None
    return value if isinstance(value, int) else None


Pick = Callable[[str, Row], object]


def _at_most(
    rows: dict[str, Row], ours: Pick, theirs: Pick, key: str = "bytes", their_key: str = ""
) -> str:
    """ "N of M": models where `ours` has no more `key` than `theirs` has
    `their_key` (the same key unless given), both known."""
    pairs = [
        (_figure(ours(name, row), key), _figure(theirs(name, row), their_key or key))
        for name, row in rows.items()
    ]
    known = [(a, b) for a, b in pairs if a is not None and b is not None]
    return f"{sum(a <= b for a, b in known)} of {len(known)}"


def _stage(name: str) -> Pick:
    return lambda _, row: row.get(name)


def _launched_line(rows: dict[str, Row], o3: Pick) -> str:
    """What launches (the sm_90 compile's manifest) beside IREE O3."""
    ours: Pick = lambda _, row: launched(row.get(LAUNCHED_STAGE))  # noqa: E731
    kernels = _at_most(rows, ours, o3, "kernels", "dispatches")
    moved = _at_most(rows, ours, o3)
    pairs = [
        (_figure(ours(n, r), "kernels"), _figure(o3(n, r), "dispatches")) for n, r in rows.items()
    ]
    known = [(a, b) for a, b in pairs if a is not None and b is not None]
    changes = [bytes_change(ours(n, r), o3(n, r)) for n, r in rows.items()]
    measured = [c for c in changes if c is not None]
    ahead = sum(c <= -BYTES_GOAL for c in measured)
    return (
        f"launched ({LAUNCHED_STAGE}) no more kernels than IREE O3 on {kernels} models "
        f"and no more HBM bytes on {moved} (both known), "
        f"{sum(a for a, _ in known)} kernels in all to IREE O3's {sum(b for _, b in known)}, "
        f"at least {100 * BYTES_GOAL:.0f}% fewer bytes on {ahead} of {len(measured)}"
    )


def summary(
    rows: dict[str, Row], baseline: dict[str, dict[str, object]], chips: Sequence[str]
) -> str:
    """One paragraph of totals under the table."""
    iree_o3: Pick = lambda name, _: baseline.get(name, {}).get("O3")  # noqa: E731
    iree_o3_compared: Pick = lambda name, _: peer_level(baseline.get(name, {}), "O3")  # noqa: E731
    o3 = _at_most(rows, _stage("auto"), iree_o3)
    upstream = _at_most(rows, _stage("auto"), _stage("upstream"))
    greedy = _at_most(rows, _stage("auto"), _stage("greedy"))
    numerics = [row.get("numerics") for row in rows.values()]
    passed = sum(1 for r in numerics if r is not None and not failed(r))
    lines = [
        f"auto moves no more HBM bytes than IREE O3 on {o3} models (both known), "
        f"than upstream on {upstream}, than greedy on {greedy}; "
        f"CPU numerics pass on {passed} of {len(rows)}",
    ]
    if LAUNCHED_STAGE in chips:
        lines.append(_launched_line(rows, iree_o3_compared))
    for chip in chips:
        compiled = [row.get(chip) for row in rows.values()]
        ok = sum(1 for r in compiled if r is not None and not failed(r))
        label = chip.replace("-unfused", " unfused (`--no-fuse`)")
        lines.append(f"PTX for {label} on {ok} of {len(rows)}")
    verified = [[row.get(s) for s in ("gpu-verify", "gpu-verify-unfused")] for row in rows.values()]
    if any(r is not None for pair in verified for r in pair):
        both = sum(1 for pair in verified if all(r is not None and not failed(r) for r in pair))
        lines.append(f"`verify --schedule gpu` passes fused and unfused on {both} of {len(rows)}")
    return "; ".join(lines) + "."

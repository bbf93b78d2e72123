"""IREE beside our plan: the zoo's baseline figures, matched by function name.

`models/baseline.json` (written by the zoo's IREE run) holds, per model
function, IREE's dispatches and bytes at `iree-compile` default and O3 and
the compulsory bytes (arguments + results):

    {"gpt2_block": {"default": {"dispatches": 18, "bytes": 2300672},
                    "O3": {"dispatches": 11, "bytes": 1841920},
                    "compulsory_bytes": 858880, "iree_version": "3.13.0..."}}

Bytes are null where a shape is dynamic; a dynamic model's entry may also
hold `at_inputs` (IREE on a static wrapper at its example inputs' shapes,
`models/baseline.py`), shown after IREE's own figures. `mlirfuse plan` reads the file
next to its input (or `--baseline FILE`) and, for each planned function found
in it, shows our kernels and modelled bytes beside IREE's.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from mlirfuse.vocab.model import Plan

BASELINE_NAME = "baseline.json"


class BaselineError(Exception):
    """The baseline file cannot be read or is not the zoo's format."""


def baseline_path(source: str, given: str | None) -> Path | None:
    """`given`, else baseline.json beside the input file when there is one."""
    if given:
        return Path(given)
    if source in ("", "-", "<stdin>"):
        return None
    beside = Path(source).parent / BASELINE_NAME
    return beside if beside.is_file() else None


def load_baseline(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except OSError as error:
        raise BaselineError(f"cannot read {path}: {error.strerror}") from error
    except json.JSONDecodeError as error:
        raise BaselineError(f"{path}:{error.lineno}:{error.colno}: {error.msg}") from error
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise BaselineError(f"{path}: expected an object of per-model objects")
    return data


def beside_iree(plan: Plan, baseline: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per planned function found in `baseline`: our kernels and bytes, IREE's
    default and O3 dispatches and bytes, the compulsory bytes."""
    out = {}
    for func, fplan in plan.functions.items():
        entry = baseline.get(func)
        if entry is None:
            continue
        moved: int | None = sum(
            g.cost.bytes_read + g.cost.bytes_written for g in fplan.groups if g.cost
        )
        if any(r.code == "dynamic-shape" for r in fplan.refusals):
            moved = None  # dynamic sizes are priced at a nominal extent by the model
        out[func] = {
            "ours": {"kernels": len(fplan.groups), "bytes": moved},
            "iree_default": _figures(entry.get("default")),
            "iree_o3": _figures(entry.get("O3")),
            "compulsory_bytes": entry.get("compulsory_bytes"),
            "iree_version": entry.get("iree_version", ""),
        }
        at_inputs = entry.get("at_inputs")
        if isinstance(at_inputs, dict):
            out[func]["at_inputs"] = {
                "iree_default": _figures(at_inputs.get("default")),
                "iree_o3": _figures(at_inputs.get("O3")),
                "compulsory_bytes": at_inputs.get("compulsory_bytes"),
            }
    return out


def _figures(entry: Any) -> dict[str, Any]:
    entry = entry if isinstance(entry, dict) else {}
    return {"kernels": entry.get("dispatches"), "bytes": entry.get("bytes")}


def text_lines(rows: dict[str, dict[str, Any]]) -> list[str]:
    lines = []
    for func, row in rows.items():
        lines.append(
            f"beside IREE {row['iree_version']} (@{func}): ours {_pair(row['ours'])} (modelled);"
            f" IREE default {_pair(row['iree_default'])}; IREE O3 {_pair(row['iree_o3'])};"
            f" compulsory {_bytes(row['compulsory_bytes'])}{_at_inputs_text(row)}"
        )
    return lines


def _at_inputs_text(row: dict[str, Any]) -> str:
    at = row.get("at_inputs")
    if not at:
        return ""
    return (
        f"; at the example inputs' shapes: IREE default {_pair(at['iree_default'])};"
        f" IREE O3 {_pair(at['iree_o3'])}; compulsory {_bytes(at['compulsory_bytes'])}"
    )


def _pair(figures: dict[str, Any]) -> str:
    kernels = figures["kernels"]
    return f"{'?' if kernels is None else kernels} kernels, {_bytes(figures['bytes'])}"


def _bytes(value: Any) -> str:
    return "? bytes (dynamic shape)" if value is None else f"{value:,} bytes"


def html_table(rows: dict[str, dict[str, Any]]) -> str:
    if not rows:
        return ""
    head = "<tr><th>function</th><th>plan</th><th>kernels</th><th>bytes</th></tr>"
    body = []
    for func, row in rows.items():
        named = [
            ("mlirfuse (modelled)", row["ours"]),
            (f"IREE {row['iree_version']} default", row["iree_default"]),
            (f"IREE {row['iree_version']} O3", row["iree_o3"]),
            ("compulsory", {"kernels": "", "bytes": row["compulsory_bytes"]}),
        ]
        at = row.get("at_inputs")
        if at:
            named += [
                (f"IREE {row['iree_version']} default, example inputs", at["iree_default"]),
                (f"IREE {row['iree_version']} O3, example inputs", at["iree_o3"]),
                ("compulsory, example inputs", {"kernels": "", "bytes": at["compulsory_bytes"]}),
            ]
        for label, figures in named:
            kernels = "?" if figures["kernels"] is None else figures["kernels"]
            moved = "?" if figures["bytes"] is None else f"{figures['bytes']:,}"
            body.append(
                f"<tr><td class='l'>@{escape(func)}</td><td class='l'>{escape(label)}</td>"
                f"<td>{kernels}</td><td>{moved}</td></tr>"
            )
    return f"<h2>Beside IREE</h2><table>{head}{''.join(body)}</table>"

"""Shared helpers of the bench scripts: paths, tables, docs/benchmarks.md.

Each bench prints its table and replaces its own section of
docs/benchmarks.md (between `<!-- bench:NAME -->` markers) with the table, the
UTC date and the command that made it, so re-running one bench never touches
another's figures.
"""

from __future__ import annotations

import datetime
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
DOC = ROOT / "docs" / "benchmarks.md"
DOC_TITLE = (
    "# Benchmarks\n\n"
    "Figures written by the scripts in `bench/`; each section says when and with which "
    "command it was made. Re-run a script to refresh its section.\n"
)


WORKLOAD_NAMES = ("layernorm_residual", "mlp_gelu", "resnet_basic_block", "softmax_lastdim")


def workloads_dir() -> Path:
    """The model zoo folder; the four original workloads live there too."""
    return ROOT / "models"


def workload_files() -> list[Path]:
    return [workloads_dir() / f"{name}.mlir" for name in WORKLOAD_NAMES]


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = [[_cell(c) for c in row] for row in rows]
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in cells]
    return "\n".join(lines)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def machine_line() -> str:
    return f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"


def command_line() -> str:
    script = Path(sys.argv[0])
    with suppress(ValueError):
        script = script.resolve().relative_to(ROOT)
    return " ".join(shlex.quote(a) for a in [str(script), *sys.argv[1:]])


def write_section(name: str, title: str, body: str, doc: Path = DOC) -> None:
    """Replace (or append) the section `name` of docs/benchmarks.md."""
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    section = (
        f"<!-- bench:{name} -->\n## {title}\n\n"
        f"Made {stamp} by `{command_line()}` on {machine_line()}.\n\n{body.strip()}\n"
        f"<!-- /bench:{name} -->"
    )
    text = doc.read_text() if doc.exists() else DOC_TITLE
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        after = rest.split(end, 1)[1]
        text = before + section + after
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    doc.parent.mkdir(parents=True, exist_ok=True)
    doc.write_text(text)
    print(f"wrote section '{name}' of {doc.relative_to(ROOT)}")


@contextmanager
def stopwatch(into: dict[str, float], key: str) -> Iterator[None]:
    began = time.perf_counter()
    try:
        yield
    finally:
        into[key] = into.get(key, 0.0) + time.perf_counter() - began


def best_of(repeats: int, fn: Callable[[], Any]) -> float:
    """The fastest of `repeats` wall-clock timings of fn(), in seconds."""
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - began)
    return best

"""`mlirfuse zoo [--models A,B] [--jobs N] [--doc docs/zoo.md] [--no-gpu]`.

Measures every model of the zoo (`models/NAME.mlir` + `NAME.npz`) end to end,
each in child processes of its own: linalg ops; kernels and HBM bytes at
kernel boundaries (`mlirfuse.metrics`) unfused, after upstream
`linalg-fuse-elementwise-ops`, after mlirfuse greedy / dp / auto, and of
what the sm_90 compile launches (its launch manifest); IREE's
figures from `models/baseline.json`; CPU numerics of the auto-fused model
against PyTorch's `ref`; `mlirfuse compile` to PTX for sm_80 and sm_90 (and
sm_90 `--no-fuse`) with ptxas's registers, shared memory and spills; seconds per stage. Prints one
Markdown table (and writes it with a header to `--doc`). A failed stage shows
its located error in its cell; the exit status is 1 when any stage failed.
"""

from __future__ import annotations

import argparse
import datetime
import shlex
import subprocess
import sys
from pathlib import Path

from mlirfuse.zoo import driver, table
from mlirfuse.zoo.stages import GPU_VERIFY_STAGES, PTX_STAGES, SEARCHES, Result

CPU_STAGES = ("unfused", "upstream", *SEARCHES, "numerics")
# The table's PTX columns, and its `verify --schedule gpu` column's two stages.
PTX_GPU_COLUMNS = ("sm_80", "sm_90", "sm_80-unfused", "sm_90-unfused", *GPU_VERIFY_STAGES)
METHOD = """\
- **k / MB**: kernels and HBM megabytes (10^6 bytes) at kernel boundaries, by one
  ruler (`mlirfuse.metrics.module_traffic`): a kernel is a `fusion.group` or a
  linalg op outside groups that is not a fill; its bytes are the tensors it reads
  and writes (values its body captures included), each once per kernel;
  `tensor.empty`, fills and splat constants are free. `?`: a dynamic shape.
- **launched (sm_90)**: what `mlirfuse compile --chip sm_90` launches, by its
  launch manifest (`mlirfuse.metrics.launched_traffic`): one kernel per
  `gpu.launch_func`, and per launch the bytes of its memref arguments, each
  view once (the plan of `mlirfuse plan --backend gpu`, not auto's without the
  back end's refusals). `*`: a model with dynamic dims, its bytes at the shapes
  of its example inputs (`NAME.npz`), the manifest's size expressions evaluated.
- **unfused**: the model as exported; **upstream**: `linalg-generalize-named-ops`
  then `linalg-fuse-elementwise-ops`; **greedy / dp / auto**: `mlirfuse-fuse{search=...}`.
- **IREE / IREE O3**: `iree-compile --compile-to=flow --iree-hal-target-device=cuda`
  at the default level and at `--iree-opt-level=O3`: `flow.dispatch` ops and their
  operand + result bytes (`models/baseline.json`, `make zoo-baseline`). A dynamic
  model also after `;`, marked `*`: IREE on the same model called at its example
  inputs' static shapes (inlined into a static wrapper), so it plans with every
  size known; its figures are the ones our launched figures are compared with.
- **launched bytes vs IREE O3**: launched bytes over IREE O3's, minus one (`-10.0%`:
  a tenth fewer, the goal on attention and conv blocks).
- **compulsory**: the function's arguments and results, what any schedule moves.
- **CPU max rel err**: the auto-fused model on the CPU runner against PyTorch's
  `ref`, max |error| / max |ref|, at the model's dtype tolerance.
- **PTX**: `mlirfuse compile --chip sm_80 / sm_90`; kernels, and ptxas's highest
  registers per thread and shared memory per kernel and total spill stores;
  **PTX sm_80 / sm_90 unfused**: the same with `--no-fuse` (every op its own kernel).
- **verify --schedule gpu**: `mlirfuse verify M.mlir --schedule gpu --inputs M.npz`,
  fused (the plan `mlirfuse compile` builds) and `--no-fuse`: every kernel run
  under its GPU schedule on the CPU against the model as exported; `ok` and the
  largest relative error of the results.
- A failed cell shows its first located error; every stage runs in a process of
  its own, so a crash costs one cell. The checks on the same stages, with the
  failures known today, are `tests/test_zoo.py` (`KNOWN_FAILURES`).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--models", help="comma-separated model names in --dir, or paths to .mlir files"
    )
    parser.add_argument("--dir", type=Path, default=Path("models"), help="the zoo (models/)")
    parser.add_argument("--jobs", type=int, default=1, help="models measured at once")
    parser.add_argument("--doc", type=Path, help="also write the table here (docs/zoo.md)")
    parser.add_argument("--no-gpu", action="store_true", help="skip the PTX compiles")
    parser.add_argument(
        "--timeout", type=float, default=driver.DEFAULT_TIMEOUT_S, help="seconds per stage"
    )


def resolve(models: str | None, folder: Path) -> tuple[list[Path], dict[str, str]]:
    """(model files, {name: error}) for the names asked for (all by default)."""
    if models is None:
        return sorted(folder.glob("*.mlir")), {}
    known = sorted(p.stem for p in folder.glob("*.mlir"))
    files, missing = [], {}
    for name in [n.strip() for n in models.split(",") if n.strip()]:
        path = Path(name) if name.endswith(".mlir") or "/" in name else folder / f"{name}.mlir"
        if path.is_file():
            files.append(path)
        else:
            missing[path.stem] = f"{path}: error: no such model (known: {', '.join(known)})"
    return files, missing


def _header(argv: list[str]) -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    commit = done.stdout.strip() if done.returncode == 0 else "unknown"
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (
        "# The model zoo end to end\n\n"
        f"Written by `{shlex.join(['mlirfuse', 'zoo', *argv])}` on {today} at commit "
        f"`{commit}` (`make zoo-table`); do not edit by hand.\n\n" + METHOD
    )


def main(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        print("mlirfuse zoo: error: --jobs must be at least 1", file=sys.stderr)
        return 2
    files, missing = resolve(args.models, args.dir)
    if not files and not missing:
        print(f"mlirfuse zoo: error: no models (*.mlir) in {args.dir}", file=sys.stderr)
        return 1
    stages = list(CPU_STAGES) + ([] if args.no_gpu else [*PTX_GPU_COLUMNS])

    def progress(source: Path) -> None:
        print(f"mlirfuse zoo: {source.stem} done", file=sys.stderr, flush=True)

    rows = driver.run_models(files, stages, args.jobs, args.timeout, progress)
    for name, error in missing.items():
        print(error, file=sys.stderr)
        rows[name] = {"unfused": {"error": error}}
    baseline = table.load_baseline(args.dir / "baseline.json")
    text = _render(rows, baseline, stages)
    print(text)
    if args.doc:
        args.doc.write_text(_header(sys.argv[2:]) + "\n" + text + "\n")
    bad = any(table.failed(r) for row in rows.values() for r in row.values())
    return 1 if bad else 0


def _render(
    rows: dict[str, dict[str, Result]], baseline: dict[str, dict[str, object]], stages: list[str]
) -> str:
    chips = [stage for stage in stages if stage in PTX_STAGES]
    return (
        table.figures_table(rows, baseline)
        + "\n\n"
        + table.summary(rows, baseline, chips)
        + "\n\nSeconds per stage (a model's stages share one child; numerics reuses the auto stage's fuse):\n\n"
        + table.seconds_table(rows, stages)
    )

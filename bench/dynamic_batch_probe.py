#!/usr/bin/env python3
"""Zoo models exported again with a dynamic batch or sequence length, end to end
(models nobody wrote a test for: the zoo has one dynamic model,
bert_layer_dynamic_batch).

Step 1 runs in the zoo venv (`make zoo-venv`: torch, torch-mlir): each chosen
model of models/export.py is built as the zoo builds it, its inputs doubled
along dim 0 when the example batch is 1 (torch.export specialises a batch of
1), and exported with every input's dim 0 as one `Dim("batch")`; NAME_dynb.mlir
and .npz (PyTorch's `ref` included) go to --out. Step 2 runs here, each model
in child processes (`mlirfuse.zoo.driver`): auto kernels, CPU numerics
against `ref`, idempotence, the sm_90 compile (kernels, launched bytes at the
example inputs, spills, manifest check) and `verify --schedule gpu`. Prints
one line per model and exits 1 when a stage fails.

`--dim seq` exports the sequence length as dynamic instead: every dim (other
than dim 0) of every input whose size is the example sequence length (the
first input's dim 1; Whisper's mel frames, dim 2; 2 or more: torch.export
specialises a 1) becomes one `Dim("seq", min=2, max=128)`, so a padding mask shares the hidden states'
dim; files are NAME_dyns. `--dim both` marks the two together (B=2 at the
example, two distinct symbols in one function); files are NAME_dynbs. The
export scripts are bench/dynamic_export_scripts.py. --models may also name
models of bench/unseen_models_more.py (mistral_block, gemma_block, ...). A
model that does not export so is reported as such and counts as failed.

Usage: bench/dynamic_batch_probe.py [--dim batch|seq|both] [--models A,B] [--out DIR]
       [--no-export] [--zoo-python .zoo-venv/bin/python]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dynamic_export_scripts import EXPORT, SUFFIX

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MODELS = (
    "gpt2_block,gpt2_block_f16,distilbert_layer,opt_layer,t5_block,vit_layer,"
    "llama_block,whisper_encoder_layer"
)
SEQ_MODELS = (
    "gpt2_block,gpt2_block_f16,distilbert_layer,opt_layer,t5_block,vit_layer,"
    "llama_block,whisper_encoder_layer,bert_layer"
)
STAGES = ("auto", "numerics", "idempotent", "sm_90", "gpu-verify")


def export(zoo_python: str, names: str, out: Path, dim: str = "batch") -> None:
    command = [zoo_python, "-c", EXPORT, str(ROOT / "models"), str(out), names, dim]
    subprocess.run(command, check=True)


def run_stages(source: Path, stages: tuple[str, ...] = STAGES) -> dict[str, dict[str, object]]:
    """`stages` of one model in child processes, as plain JSON values."""
    from mlirfuse.zoo.driver import run_model

    results = run_model(source, stages, 900)
    decoded: dict[str, dict[str, object]] = json.loads(json.dumps(results, default=str))
    return decoded


def summary(results: dict[str, dict[str, object]]) -> tuple[str, bool]:
    """One cell per stage of STAGES, and whether every one passed."""
    cells, ok = [], True
    for stage in STAGES:
        result = results.get(stage, {"error": "not run"})
        if "error" in result:
            ok = False
            cells.append(f"{stage}: ERROR {str(result['error'])[:160]}")
        elif stage == "auto":
            cells.append(f"auto {result['kernels']} k")
        elif stage == "numerics":
            ok = ok and bool(result["ok"])
            cells.append(f"numerics {'ok' if result['ok'] else 'FAIL'} {result['max_rel']:.1e}")
        elif stage == "idempotent":
            ok = ok and bool(result["idempotent"])
            cells.append("idempotent" if result["idempotent"] else "NOT idempotent")
        elif stage == "sm_90":
            launched = result["launched"]
            assert isinstance(launched, dict)
            clean = result["spills"] == 0 and result["manifest_errors"] == []
            ok = ok and clean
            cells.append(
                f"sm_90 {launched['kernels']} k / {launched['bytes']:,} B*, {result['spills']} spills"
            )
        else:
            ok = ok and bool(result["ok"])
            cells.append(f"gpu-verify {'ok' if result['ok'] else 'FAIL'} {result['max_rel']:.1e}")
    return "; ".join(cells), ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dim", choices=tuple(SUFFIX), default="batch", help="what is dynamic")
    parser.add_argument(
        "--models", help=f"default: {DEFAULT_MODELS} (batch), {SEQ_MODELS} (seq, both)"
    )
    parser.add_argument("--out", type=Path, help="where the exports go (default: a temporary dir)")
    parser.add_argument("--no-export", action="store_true", help="probe the files already in --out")
    parser.add_argument("--zoo-python", default=str(ROOT / ".zoo-venv" / "bin" / "python"))
    args = parser.parse_args()
    if args.no_export and args.out is None:
        parser.error("--no-export needs --out")
    names = (args.models or (DEFAULT_MODELS if args.dim == "batch" else SEQ_MODELS)).split(",")
    suffix = SUFFIX[args.dim]
    with tempfile.TemporaryDirectory(prefix="mlirfuse-dyn-") as tmp:
        out = args.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        if not args.no_export:
            export(args.zoo_python, ",".join(names), out, args.dim)
        failed = 0
        for name in names:
            source = out / f"{name}{suffix}.mlir"
            line, ok = summary(run_stages(source)) if source.is_file() else ("not exported", False)
            failed += not ok
            print(f"{name}{suffix}: {line}", flush=True)
    print(f"{len(names) - failed} of {len(names)} models pass every stage")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

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
dim; files are NAME_dyns. Its --models may also name models of
bench/unseen_models_more.py (mistral_block, gemma_block, ...). A model that does not export so is reported as
such and counts as failed.

Usage: bench/dynamic_batch_probe.py [--dim batch|seq] [--models A,B] [--out DIR]
       [--no-export] [--zoo-python .zoo-venv/bin/python]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MODELS = (
    "gpt2_block,gpt2_block_f16,distilbert_layer,opt_layer,t5_block,vit_layer,"
    "llama_block,whisper_encoder_layer"
)
SEQ_MODELS = (
    "gpt2_block,gpt2_block_f16,distilbert_layer,opt_layer,t5_block,vit_layer,"
    "llama_block,whisper_encoder_layer,bert_layer"
)
SUFFIX = {"batch": "_dynb", "seq": "_dyns"}
STAGES = ("auto", "numerics", "idempotent", "sm_90", "gpu-verify")

# Run by the zoo venv's Python (argv: models dir, out dir, names).
EXPORT = r"""
import dataclasses, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import torch
from torch.export import Dim
import export as ex

out = Path(sys.argv[2])
models = {m.name: m for m in ex.all_models()}
for name in sys.argv[3].split(","):
    spec = models[name]
    def build(spec=spec):
        module, inputs = spec.build()
        doubled = []
        for t in inputs:
            if t.dim() >= 1 and t.shape[0] == 1:
                other = t.flip(0) * 0.5 + 0.1 if t.is_floating_point() else t
                t = torch.cat([t, other], 0)
            doubled.append(t)
        return module, tuple(doubled)
    _, inputs = build()
    batch = Dim("batch", min=1, max=64)
    def dynamic(count, inputs=inputs):
        first = [{0: batch} if t.dim() >= 1 and t.shape[0] == 2 else None for t in inputs]
        return (*first, *([None] * (count - len(inputs))))
    variant = dataclasses.replace(spec, name=name + "_dynb", build=build, dynamic=dynamic)
    for file, data in ex.export_one(variant).items():
        (out / file).write_bytes(data)
    print(f"exported {name}_dynb", flush=True)
"""

# The same for a dynamic sequence length (the module docstring); a model that
# does not export leaves no file and says why on stderr.
EXPORT_SEQ = r"""
import dataclasses, sys, traceback
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from torch.export import Dim
import export as ex

out = Path(sys.argv[2])
models = {m.name: m for m in ex.all_models()}
if not set(sys.argv[3].split(",")) <= set(models):  # beyond the zoo: bench/unseen_models_more.py
    sys.path.insert(0, str(Path(sys.argv[1]).parent / "bench"))
    import unseen_models_more
    models |= {m.name: m for m in unseen_models_more.MODELS}
for name in sys.argv[3].split(","):
    spec = models[name]
    _, inputs = spec.build()
    length = inputs[0].shape[2 if name.startswith("whisper") else 1]  # mel frames: dim 2
    seq = Dim("seq", min=2, max=128)
    def dynamic(count, inputs=inputs, length=length, seq=seq):
        marked = [{d: seq for d in range(1, t.dim()) if t.shape[d] == length} for t in inputs]
        return (*[m or None for m in marked], *([None] * (count - len(inputs))))
    variant = dataclasses.replace(spec, name=name + "_dyns", dynamic=dynamic)
    try:
        files = ex.export_one(variant)
    except Exception as error:
        last = traceback.format_exception_only(error)[-1].strip()
        print(f"export {name}_dyns failed: {last[:300]}", file=sys.stderr, flush=True)
        continue
    for file, data in files.items():
        (out / file).write_bytes(data)
    print(f"exported {name}_dyns (seq {length})", flush=True)
"""


def export(zoo_python: str, names: str, out: Path, dim: str = "batch") -> None:
    script = EXPORT if dim == "batch" else EXPORT_SEQ
    command = [zoo_python, "-c", script, str(ROOT / "models"), str(out), names]
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
    parser.add_argument("--models", help=f"default: {DEFAULT_MODELS} (batch), {SEQ_MODELS} (seq)")
    parser.add_argument("--out", type=Path, help="where the exports go (default: a temporary dir)")
    parser.add_argument("--no-export", action="store_true", help="probe the files already in --out")
    parser.add_argument("--zoo-python", default=str(ROOT / ".zoo-venv" / "bin" / "python"))
    args = parser.parse_args()
    if args.no_export and args.out is None:
        parser.error("--no-export needs --out")
    names = (args.models or (SEQ_MODELS if args.dim == "seq" else DEFAULT_MODELS)).split(",")
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

#!/usr/bin/env python3
"""Zoo models through torch-mlir's other road to linalg: TOSA, end to end.

torch-mlir also exports `output_type="tosa"`, which upstream MLIR lowers to
linalg on tensors (`tosa-to-linalg-named`, `tosa-to-linalg`, `tosa-to-arith`,
`tosa-to-tensor`, `tosa-to-scf`, then `canonicalize`). That linalg spells
the same model differently from the zoo's: every Linear is a `batch_matmul`
of batch 1 between reshapes, convolutions are NHWC between transposes with
their bias broadcast by a copy generic, broadcasts read unit dims through
constant-0 maps. Nothing in the zoo is written that way, so this probes the
compiler on idioms it was not tuned on.

Step 1 runs in the zoo venv (`make zoo-venv`): each chosen model of
models/export.py is built as the zoo builds it and exported through TOSA;
its inputs and PyTorch's `ref` go to NAME.npz as the zoo writes them.
Step 2 runs here: this venv's `mlir-opt` lowers TOSA to linalg (NAME.mlir),
then each model runs bench/unseen_probe.py's stages in child processes
(auto kernels, CPU numerics against `ref`, idempotence, the sm_90 compile
and `verify --schedule gpu`), and with --iree IREE O3 on the same linalg.
Prints one line per model and exits 1 when a stage fails.

Usage: bench/tosa_probe.py [--models A,B] [--out DIR] [--no-export] [--iree]
                           [--zoo-python .zoo-venv/bin/python]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from unseen_probe import probe

from mlirfuse.upstream_passes import find_mlir_opt

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MODELS = (
    "mlp_gelu,softmax_lastdim,layernorm_residual,gpt2_block,bert_layer,llama_block,"
    "resnet_basic_block,convnext_block,mobilenetv2_inverted_residual,se_block"
)
TOSA_TO_LINALG = (
    "builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,"
    "tosa-to-tensor,tosa-to-scf),canonicalize)"
)

# Run by the zoo venv's Python (argv: models dir, out dir, name).
EXPORT = r"""
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import torch
import export as ex
from torch_mlir import fx

out, name = Path(sys.argv[2]), sys.argv[3]
spec = {m.name: m for m in ex.all_models()}[name]
wrapped, args, _ = ex.build(spec)
with torch.no_grad():
    module = fx.export_and_import(wrapped, *args, output_type="tosa", func_name=name)
(out / f"{name}.tosa.mlir").write_text(str(module))
for file, data in ex.export_one(spec).items():
    if file.endswith(".npz"):
        (out / file).write_bytes(data)
"""


def export(zoo_python: str, name: str, out: Path) -> str | None:
    """NAME.tosa.mlir and NAME.npz in `out`; None when it worked, else why not."""
    command = [zoo_python, "-c", EXPORT, str(ROOT / "models"), str(out), name]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    if done.returncode == 0:
        return None
    lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
    return (lines[-1] if lines else f"exit status {done.returncode}")[:300]


def lower(name: str, out: Path) -> str | None:
    """NAME.tosa.mlir -> NAME.mlir (linalg on tensors); None when it worked."""
    source, target = out / f"{name}.tosa.mlir", out / f"{name}.mlir"
    command = [str(find_mlir_opt()), str(source), f"--pass-pipeline={TOSA_TO_LINALG}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or ["mlir-opt failed"])[0][:300]
    if "tosa." in done.stdout:
        return "tosa ops left after tosa-to-linalg"
    target.write_text(
        f"// {name}: torch-mlir output_type='tosa', then {TOSA_TO_LINALG}\n" + done.stdout
    )
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=DEFAULT_MODELS)
    parser.add_argument("--out", type=Path, help="where the exports go (default: a temporary dir)")
    parser.add_argument("--no-export", action="store_true", help="probe the files already in --out")
    parser.add_argument("--zoo-python", default=str(ROOT / ".zoo-venv" / "bin" / "python"))
    parser.add_argument("--iree", action="store_true", help="also IREE O3 on the same linalg")
    args = parser.parse_args()
    names = args.models.split(",")
    failed = skipped = 0
    with tempfile.TemporaryDirectory(prefix="mlirfuse-tosa-") as tmp:
        out = args.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        for name in names:
            why = None if args.no_export else export(args.zoo_python, name, out) or lower(name, out)
            if why is not None:
                skipped += 1
                print(f"{name}: SKIPPED ({why})", flush=True)
                continue
            line, ok, _ = probe(out / f"{name}.mlir", args.zoo_python if args.iree else None)
            failed += not ok
            print(f"{name}: {line}", flush=True)
    probed = len(names) - skipped
    print(f"{probed - failed} of {probed} models pass every stage through TOSA ({skipped} skipped)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

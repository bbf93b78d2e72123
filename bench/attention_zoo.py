"""Bytes and numerics of the attention zoo models with and without `attention=true`.

    PYTHONPATH=. python bench/attention_zoo.py [MODEL ...] [--search auto]

Per model: HBM bytes at kernel boundaries (mlirfuse.metrics.module_traffic)
after `mlirfuse-fuse{search=S}` with attention off and on, IREE O3's bytes
(models/baseline.json), and, with attention on, the CPU runner's max relative
error against PyTorch's `ref` (models/NAME.npz). Each model runs in a child
process (the bindings abort on misuse).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODELS = (
    "bert_layer",
    "distilbert_layer",
    "gpt2_block",
    "vit_layer",
    "vit_layer_sdpa",
    "opt_layer",
    "t5_block",
    "llama_block",
    "whisper_encoder_layer",
    "swin_block",
)

CHILD = r"""
import json, sys
import numpy as np
from pathlib import Path
from mlirfuse.context import make_context, parse_module
from mlirfuse.metrics import module_traffic
from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner.compare import error_stats
from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.runner.inputs import load_npz

path, search = Path(sys.argv[1]), sys.argv[2]
out = {}
for attention in ("false", "true"):
    ctx = make_context()
    module = parse_module(path.read_text(), ctx, str(path))
    run_pipeline(module, f"builtin.module(mlirfuse-fuse{{search={search} attention={attention}}})")
    traffic = module_traffic(module)
    out[attention] = {"kernels": traffic.kernels, "bytes": traffic.bytes or 0}
    if attention == "true":
        npz = load_npz(str(path.with_suffix(".npz")))
        with CompiledFunction(module.operation.get_asm(enable_debug_info=True), None,
                              source_name=str(path)) as compiled:
            results = compiled(*npz.args)
        out["max_rel"] = error_stats(results[0], np.asarray(npz.refs[0])).max_rel
print(json.dumps(out))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*", default=list(MODELS))
    parser.add_argument("--search", default="auto")
    args = parser.parse_args()
    baseline = json.loads((ROOT / "models" / "baseline.json").read_text())
    print(
        f"{'model':24} {'off k/MB':>12} {'on k/MB':>12} {'IREE O3 MB':>10} {'vs O3':>7} {'max rel':>8}"
    )
    for name in args.models:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(ROOT / "models" / f"{name}.mlir"), args.search],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            print(f"{name:24} error: {(done.stderr.strip().splitlines() or ['?'])[-1][:80]}")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        o3 = baseline[name]["O3"]["bytes"]
        off, on = r["false"], r["true"]
        print(
            f"{name:24} {off['kernels']:>3} / {off['bytes'] / 1e6:5.2f} {on['kernels']:>3} / "
            f"{on['bytes'] / 1e6:5.2f} {o3 / 1e6:10.2f} {100 * (on['bytes'] / o3 - 1):+6.1f}% "
            f"{r['max_rel']:8.1e}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Every lit input of the fusion passes computes the same numbers fused.

Each `// -----` case of test_lit/fusion/*.mlir runs through the pass the file
tests (and the umbrella pass) with `mlirfuse verify` on seeded random inputs:
fused vs unfused on the CPU within 1e-5 relative. Cases calling external
functions cannot run and are skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mlirfuse.runner.isolated import call_isolated
from mlirfuse.verify import VerifyReport, verify_all

LIT_DIR = Path(__file__).resolve().parent.parent / "test_lit" / "fusion"
PIPELINES = {
    "mlirfuse-fuse.mlir": ["mlirfuse-fuse"],
    "mlirfuse-fuse-elementwise.mlir": ["mlirfuse-fuse-elementwise"],
    "mlirfuse-form-groups.mlir": ["mlirfuse-form-groups"],
    "mlirfuse-fuse-options.mlir": [
        "mlirfuse-fuse{recompute=never}",
        "mlirfuse-fuse{recompute=always elementwise=false}",
    ],
    "mixed-precision.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "broadcast-prologue.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "pad-into-conv.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "conv-bias-init.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "tosa-idioms.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "sliced-result.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "yielded-view.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "mixed-result-types-order.mlir": ["mlirfuse-fuse{search=greedy}", "mlirfuse-fuse{search=auto}"],
    # Two functions in one chunk: tests/test_reshape_propagation.py checks
    # their numbers (and the rewrite's) against numpy.
    "reshape-propagation.mlir": [],
    # Four functions in one chunk: its RUN lines verify each (`--func`) under
    # mlirfuse-inline-generators and under mlirfuse-fuse{search=auto}.
    "generators.mlir": [],
    "generators-after-fusion.mlir": ["mlirfuse-fuse{search=auto}"],
    # Three functions reading index inputs: its RUN lines verify each
    # (`--func`) on indices in range (`--inputs`), random ones are not.
    "moe-expert-gather.mlir": [],
    # Its RUN lines verify @w8 (`--func`); @large_m is planned only (32768 rows).
    "weight-dequant-matmul.mlir": [],
    # Two functions in one chunk: its RUN lines verify each (`--func`).
    "reflection-pad.mlir": [],
    "kv-broadcast-siblings.mlir": ["mlirfuse-fuse{search=auto}"],
    "transpose-after-reshape-propagation.mlir": ["mlirfuse-fuse{search=auto}"],
    "gather-of-computed-idempotent.mlir": ["mlirfuse-fuse{search=auto}"],
    "multi-result-producer-split.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "attention-options.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "head-layout.mlir": [
        "mlirfuse-fold-head-layouts",
        "mlirfuse-fuse",
        "mlirfuse-fuse{search=auto}",
    ],
    # Its body's cf.assert aborts the unfused run on seeded random inputs
    # ("unimplemented: tensor with zero element"); models/mobilenetv2's numerics
    # check the same fusion against PyTorch.
    "weights-chain-conv.mlir": [],
    "attention-causal.mlir": [
        "mlirfuse-fuse{attention=true}",
        "mlirfuse-fuse{attention=true search=auto}",
    ],
    "attention-head-split.mlir": [
        "mlirfuse-fuse{attention=true}",
        "mlirfuse-fuse{search=auto}",
    ],
    "attention-collapsed-back.mlir": [
        "mlirfuse-fuse{attention=true}",
        "mlirfuse-fuse{search=auto}",
    ],
    "attention-merged-heads.mlir": [
        "mlirfuse-fuse{attention=true}",
        "mlirfuse-fuse{search=auto}",
    ],
    # Two functions in one chunk: its RUN lines verify each (`--func`).
    "attention-operand-prologue.mlir": [],
    # 16-bit: one online-softmax kernel, within the f16 tolerance of the
    # unfused IR (P's rounding differs; tests/test_attention_f16.py).
    "attention-f16.mlir": [
        "mlirfuse-fuse{attention=true}",
        "mlirfuse-fuse{search=auto}",
    ],
    # Dynamic shapes (random inputs need static ones): the fuzzer checks its
    # numbers (bench/fuzz --seed 5 --start 268 --count 1 --quick).
    "idempotence.mlir": [],
    "idempotence-se-gate.mlir": ["mlirfuse-fuse{search=auto}"],
    # Dynamic shapes too: models/bert_layer_dynamic_batch checks the same
    # rewrites against PyTorch (tests/test_dynamic_sizes.py, tests/test_zoo.py).
    "dynamic-sizes.mlir": [],
    "head-layout-dynamic.mlir": [],
    # Dynamic inputs from split-file chunks: their RUN lines verify each
    # function against the unrewritten one on given inputs.
    "dynamic-broadcast-gathers.mlir": [],
    "generators-dynamic.mlir": [],
    # Three functions in one chunk: its RUN lines verify two (`--func`) with
    # the GPU schedules; the third is planned only.
    "head-layout-bf16.mlir": [],
    # Result-less functions (a cf.assert is all they do): no numbers to compare.
    "reparse.mlir": [],
    # Several functions in one chunk: their RUN lines verify each (`--func`),
    # on the CPU and with the GPU schedules.
    "reshape-propagation-computed.mlir": [],
    # Two functions in one chunk: its RUN lines verify each (`--func`).
    "reshape-propagation-behind-contraction.mlir": [],
    "reduction-through-collapse.mlir": [],
    "unit-transpose-as-reshape.mlir": [],
    "kept-unread-result.mlir": ["mlirfuse-fuse", "mlirfuse-fuse{search=auto}"],
    "reshape-propagation-transposed.mlir": [],
    "prologue-merged-into-reduction.mlir": [],
    "const-tables.mlir": [],
}


def _cases() -> list[tuple[str, str, str]]:
    cases = []
    for file_name, pipelines in PIPELINES.items():
        text = (LIT_DIR / file_name).read_text()
        for chunk in text.split("// -----"):
            match = re.search(r"func\.func @(\w+)", chunk)
            if match is None or "func.func private" in chunk:
                continue
            for pipeline in pipelines:
                cases.append((f"{file_name}:{match.group(1)}:{pipeline}", chunk, pipeline))
    return cases


CASES = _cases()


@pytest.fixture(scope="module")
def reports() -> dict[str, VerifyReport]:
    """All cases verified in one child process (an abort fails, not kills, the run)."""
    work = [(chunk, f"builtin.module({pipeline})") for _, chunk, pipeline in CASES]
    results = call_isolated(verify_all, work)
    return {name: report for (name, _, _), report in zip(CASES, results, strict=True)}


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_fused_equals_unfused(reports: dict[str, VerifyReport], name: str) -> None:
    report = reports[name]
    assert report.ok, "\n".join(report.lines())
    assert report.kernels_after <= report.kernels_before


def test_every_lit_file_is_covered() -> None:
    assert {p.name for p in LIT_DIR.glob("*.mlir")} <= set(PIPELINES)

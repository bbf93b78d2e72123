"""FusionPolicy(free_prologues=True): a cast prologue joins its contraction.

With the switch on (the default), an f16 weight's upcast (no arithmetic) runs
in the matmul's kernel, so the kernel's operands are the f16 weight and bias
and its result is f16. An upcast that also scales a weight argument is a
weight prologue (`FusionPolicy.weight_prologues`, on by default): it joins
too, and stays out with that switch off. The GPU back end builds such a
kernel (gpu/script_prologue.py, test_lit/gpu/cast-into-matmul.mlir); with
both switches off, the cast is a kernel of its own.
"""

from __future__ import annotations

from pathlib import Path

import mlirfuse
from mlirfuse.context import make_context, parse_module
from mlirfuse.policy.policy import FusionPolicy

LIT = Path(__file__).resolve().parent.parent / "test_lit" / "fusion" / "mixed-precision.mlir"


def _fused(chunk: int, search: str) -> str:
    text = LIT.read_text().split("// -----")[chunk]
    module = parse_module(text, make_context(), "<case>")
    mlirfuse.fuse(module, search=search, policy=FusionPolicy(free_prologues=True))
    return str(module)


def _top_level(text: str) -> list[str]:
    """Op names at function level (one indent), groups included."""
    lines = [ln.strip() for ln in text.splitlines() if ln.startswith("    %")]
    return [ln.split("=", 1)[1].split()[0] for ln in lines]


def test_cast_prologue_joins_the_matmul_kernel() -> None:
    for search in ("greedy", "auto"):
        fused = _fused(0, search)
        ops = _top_level(fused)
        kernels = [op for op in ops if op.startswith(("linalg.", '"fusion.group"'))]
        assert kernels == ['"fusion.group"()'], ops
        assert "ins(%arg1 : tensor<64x192xf16>)" in fused


def test_cast_with_arithmetic_joins_as_a_weight_prologue_unless_switched_off() -> None:
    assert _top_level(_fused(1, "greedy")).count('"fusion.group"()') == 1
    text = LIT.read_text().split("// -----")[1]
    module = parse_module(text, make_context(), "<case>")
    mlirfuse.fuse(module, search="greedy", policy=FusionPolicy(weight_prologues=False))
    ops = _top_level(str(module))
    assert "linalg.generic" in ops and "linalg.matmul" in ops


def test_switched_off_the_cast_is_a_kernel_of_its_own() -> None:
    text = LIT.read_text().split("// -----")[0]
    module = parse_module(text, make_context(), "<case>")
    policy = FusionPolicy(free_prologues=False, weight_prologues=False)
    mlirfuse.fuse(module, search="greedy", policy=policy)
    ops = _top_level(str(module))
    assert ops.count("linalg.generic") == 1 and ops.count('"fusion.group"()') == 1, ops

"""One fusion driver: `mlirfuse.fuse` and the `mlirfuse-fuse` pass print the same IR.

Both go through `mlirfuse.passes.fusion_driver.fuse_module` with one set of
defaults, so for every option set (keep-intermediates included) the two
entry points must agree to the character.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import mlirfuse
from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.passes.fuse import FusePass
from mlirfuse.passes.fusion_driver import DEFAULT_SEARCH
from mlirfuse.pipeline import run_pipeline

ROOT = Path(__file__).resolve().parent.parent
# Several models of the zoo: the four original workloads and two small ones
# with other patterns (pooling head, squeeze-excite), so 8 option sets stay quick.
MODEL_NAMES = (
    "softmax_lastdim",
    "layernorm_residual",
    "mlp_gelu",
    "resnet_basic_block",
    "pooling_head",
    "se_block",
)
MODELS = [ROOT / "models" / f"{name}.mlir" for name in MODEL_NAMES]
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"search": "dp"},
    {"search": "auto"},
    {"keep_intermediates": "all"},
    {"keep_intermediates": "all", "search": "auto"},
    {"siblings": False, "recompute": "never"},
    {"max_operands": 4},
    {"contraction_epilogue": False, "reduction_epilogue": False},
]


def _pipeline(switches: dict[str, Any]) -> str:
    parts = []
    for name, value in switches.items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        parts.append(f"{name.replace('_', '-')}={text}")
    return f"builtin.module(mlirfuse-fuse{{{' '.join(parts)}}})"


def _results(module: Any) -> list[int]:
    return [
        len(fn.regions[0].blocks[0].operations[-1].operands)
        for fn in function_ops(module.operation)
    ]


@pytest.mark.parametrize("switches", OPTION_SETS, ids=lambda s: _pipeline(s)[23:-2] or "defaults")
@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_api_and_pass_print_the_same_ir(path: Path, switches: dict[str, Any]) -> None:
    text = path.read_text()
    by_pass = parse_module(text, make_context(), str(path))
    run_pipeline(by_pass, _pipeline(switches))
    by_api = parse_module(text, make_context(), str(path))
    mlirfuse.fuse(by_api, **switches)
    assert str(by_api) == str(by_pass)


def test_keep_all_returns_every_kept_intermediate() -> None:
    path = ROOT / "models" / "softmax_lastdim.mlir"
    plain = parse_module(path.read_text(), make_context(), str(path))
    mlirfuse.fuse(plain)
    kept = parse_module(path.read_text(), make_context(), str(path))
    mlirfuse.fuse(kept, keep_intermediates="all")
    # The fused kernels' intermediates become function results (the API used
    # to drop keep-intermediates and return the one softmax result).
    assert _results(plain) == [1]
    assert _results(kept)[0] > 1


def test_one_set_of_defaults() -> None:
    assert FusePass().search == DEFAULT_SEARCH
    path = ROOT / "models" / "mlp_gelu.mlir"
    module = parse_module(path.read_text(), make_context(), str(path))
    assert mlirfuse.plan(module).search == DEFAULT_SEARCH

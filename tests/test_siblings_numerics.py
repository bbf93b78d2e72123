"""Sibling fusion keeps numbers: every lit input, fused vs unfused on the CPU.

Each function of test_lit/siblings/*.mlir (and examples/attention_qkv.mlir)
goes through `mlirfuse.verify` (before and after the sibling passes, same
seeded inputs): results must agree within 1e-5 relative. Inputs are positive (the cf.assert case
checks `x >= 0`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.passes import UnknownPassError, get_pass_class
from mlirfuse.pipeline import run_pipeline
from mlirfuse.verify import verify

REPO = Path(__file__).resolve().parent.parent
LIT_DIR = REPO / "test_lit" / "siblings"
PIPELINES = {
    "fuse-siblings.mlir": [
        "builtin.module(mlirfuse-fuse-siblings)",
        "builtin.module(mlirfuse-fuse-siblings{generics=false independent=true})",
        "builtin.module(mlirfuse-fuse,mlirfuse-fuse-siblings)",
    ],
    "group-independent.mlir": ["builtin.module(mlirfuse-group-independent)"],
    "named-ops.mlir": [
        "builtin.module(func.func(linalg-generalize-named-ops),mlirfuse-fuse-siblings)"
    ],
    "horizontal-contraction.mlir": [
        "builtin.module(mlirfuse-horizontal-contraction)",
        "builtin.module(mlirfuse-fuse,mlirfuse-horizontal-contraction)",
    ],
}
DTYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16}


def _chunks(path: Path) -> list[str]:
    return [c for c in path.read_text().split("// -----") if "func.func" in c]


def _cases() -> list[tuple[str, int, str]]:
    cases = []
    for name, pipelines in PIPELINES.items():
        for index in range(len(_chunks(LIT_DIR / name))):
            cases += [(name, index, p) for p in pipelines]
    return cases


def _inputs(text: str, seed: int) -> list[np.ndarray]:
    ctx = make_context()
    module = parse_module(text, ctx)
    func = next(op for op in module.body.operations if op.operation.name == "func.func")
    rng = np.random.default_rng(seed)
    arrays = []
    for arg in func.regions[0].blocks[0].arguments:
        shape = list(arg.type.shape)
        dtype = DTYPES[str(arg.type.element_type)]
        arrays.append(rng.uniform(0.1, 1.0, size=shape).astype(dtype))
    return arrays


def _fused_text(text: str, pipeline: str) -> str:
    ctx = make_context()
    module = parse_module(text, ctx)
    run_pipeline(module, pipeline)
    module.operation.verify()
    return str(module)


def assert_verified(text: str, pipeline: str, seed: int = 0) -> None:
    """`mlirfuse.verify`: the function before and after `pipeline`, same inputs."""
    report = verify(text, pipeline, inputs=_inputs(text, seed), rtol=1e-5)
    assert report.results, "no result compared"
    assert all(check.ok for check in report.results), [c.line() for c in report.results]


def _umbrella_available() -> bool:
    try:
        get_pass_class("mlirfuse-fuse")
    except (ImportError, UnknownPassError):
        return False
    return True


@pytest.mark.parametrize(("name", "index", "pipeline"), _cases())
def test_lit_input_numerics(name: str, index: int, pipeline: str) -> None:
    if "mlirfuse-fuse," in pipeline and not _umbrella_available():
        pytest.skip("the umbrella pass mlirfuse-fuse is not available")
    assert_verified(_chunks(LIT_DIR / name)[index], pipeline, seed=index)


def test_attention_qkv_is_one_contraction_with_same_numbers() -> None:
    text = (REPO / "examples" / "attention_qkv.mlir").read_text()
    fused = _fused_text(text, "builtin.module(mlirfuse-horizontal-contraction)")
    assert fused.count("linalg.matmul") == 1
    assert "tensor.concat" in fused
    assert_verified(text, "builtin.module(mlirfuse-horizontal-contraction)")

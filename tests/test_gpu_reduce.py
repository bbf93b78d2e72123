"""The `reduce` schedule: reductions over several or non-innermost loops, on the CPU vs numpy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu.compile_job import fuse
from mlirfuse.gpu.cpu_check import run_schedule_on_cpu
from mlirfuse.gpu.prepare import prepare_module
from mlirfuse.gpu.schedule import Schedule, make_schedule
from mlirfuse.runner import call_isolated

LIT = Path(__file__).parent.parent / "test_lit" / "gpu" / "reduce-kernels.mlir"


def split(name: str) -> str:
    """One `//--- NAME.mlir` part of the lit test."""
    text = LIT.read_text()
    return text.split(f"//--- {name}.mlir\n", 1)[1].split("//--- ", 1)[0]


def schedules(text: str, fused: bool = True) -> list[Schedule]:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(text, ctx, "t.mlir")
        if fused:
            fuse(module, "h200")
        kernels, _ = prepare_module(module)
        return [make_schedule(k) for k in kernels]


def run(text: str, x: np.ndarray, fused: bool = True) -> np.ndarray:
    """The GPU schedule of the (fused) module, run on the CPU."""
    (got,), _ = call_isolated(run_schedule_on_cpu, text, [x], "t.mlir", fused)
    return np.asarray(got)


def test_groupnorm_statistics_take_the_reduce_schedule() -> None:
    (s,) = schedules(split("gn"))
    assert s.kind == "reduce" and s.block_dims == (256, 1, 1)
    assert s.block_tiles == [1, 1, 4, 64]  # a block per (batch, group)
    assert len(s.warp_ops) == 2  # both sums combined by gpu.all_reduce
    x = np.random.default_rng(0).standard_normal((2, 32, 4, 64), dtype=np.float32)
    got = run(split("gn"), x)
    c = x - x.mean(axis=(2, 3), keepdims=True)
    want = c / np.sqrt((c * c).mean(axis=(2, 3), keepdims=True) + 1e-5)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_batchnorm_statistics_reduce_outer_and_inner_loops() -> None:
    (s,) = schedules(split("bn"))
    assert s.kind == "reduce" and s.block_tiles == [1]
    x = np.random.default_rng(1).standard_normal((8, 16, 8, 8), dtype=np.float32)
    got = run(split("bn"), x)
    np.testing.assert_allclose(got, x.mean(axis=(0, 2, 3)), rtol=1e-5, atol=1e-5)


def test_reduction_to_a_scalar_and_its_mean_is_one_block() -> None:
    x = np.random.default_rng(2).standard_normal((64, 48), dtype=np.float32)
    for name, want in (("full", x.sum()), ("mean0g", x.mean())):
        (s,) = schedules(split(name), fused=name == "full")  # mean0g: a group already
        assert s.kind == "reduce" and s.block_dims == (192, 1, 1)
        got = run(split(name), x, fused=name == "full")
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)

"""Contraction tiles (`gpu/tiles.py`) for every M, N, K: the thread tile
divides the block tile, the block tile divides the loop, and the launch's
threads are exactly those the thread loop (an scf.forall: ceiling) needs."""

from __future__ import annotations

import math

import numpy as np
import pytest
from mlir import ir

from mlirfuse.analysis.kernel_memory import CONTRACTION_BLOCK_THREADS, MAX_BLOCK_DIMS
from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu.cpu_check import run_schedule_on_cpu
from mlirfuse.gpu.opshape import OpShape
from mlirfuse.gpu.prepare import prepare_module
from mlirfuse.gpu.schedule import MAX_THREADS, Schedule, make_schedule
from mlirfuse.gpu.tiles import (
    block_extents,
    contraction_tiles,
    elementwise_tiles,
    thread_counts,
)
from mlirfuse.runner import call_isolated

AWKWARD = (1, 2, 3, 7, 16, 33, 49, 50, 51, 57, 64, 65, 77, 96, 100, 128, 197, 200, 257, 768)


def matmul_shape(m: int, n: int, k: int, batch: int = 0) -> OpShape:
    extents = [batch, m, n, k] if batch else [m, n, k]
    return OpShape(extents, [False] * (len(extents) - 1) + [True])


def forall_threads(block: list[int], thread: list[int]) -> int:
    """Threads the thread-level scf.forall over one block tile needs."""
    return math.prod(math.ceil(b / t) for b, t in zip(block, thread, strict=True) if 0 < t < b)


@pytest.mark.parametrize("contractions", [1, 2, 3])
@pytest.mark.parametrize("batch", [0, 3])
def test_contraction_tiles_divide_and_fit(contractions: int, batch: int) -> None:
    for m in AWKWARD:
        for n in AWKWARD:
            for k in (1, 7, 64, 197):
                shape = matmul_shape(m, n, k, batch)
                block, thread = contraction_tiles(shape, contractions)
                where = f"M={m} N={n} K={k} batch={batch}: block {block} thread {thread}"
                for b, t, e in zip(block, thread, shape.extents, strict=True):
                    if t:  # a parallel loop
                        assert b % t == 0 and e % b == 0, where
                dims = thread_counts(block_extents(block, shape.extents), thread)
                launched = math.prod(dims)
                assert launched == forall_threads(block, thread), where
                assert launched <= min(CONTRACTION_BLOCK_THREADS, MAX_THREADS), where


@pytest.mark.parametrize("width", [1, 2, 4])
def test_elementwise_tiles_fit_a_block(width: int) -> None:
    """At most three loops are thread dims, each within CUDA's block limits
    (z: 64; a 1x80x4x2x2 transpose was given 2 x 2 x 80 threads)."""
    rng = np.random.default_rng(0)
    for _ in range(2000):
        rank = int(rng.integers(1, 6))
        extents = [int(rng.choice(AWKWARD)) for _ in range(rank)]
        shape = OpShape(extents, [False] * rank)
        block, thread = elementwise_tiles(shape, width)
        where = f"{extents}: block {block} thread {thread}"
        assert all(
            e % b == 0 and b % t == 0 for e, b, t in zip(extents, block, thread, strict=True)
        ), where
        dims = thread_counts(block_extents(block, extents), thread)
        assert math.prod(dims) == forall_threads(block, thread), where
        assert all(d <= m for d, m in zip(dims, MAX_BLOCK_DIMS, strict=True)), where


@pytest.mark.parametrize(
    ("m", "n", "contractions", "block", "thread"),
    [
        (64, 64, 1, [64, 64, 0], [4, 4, 0]),  # powers of two: as before the fix
        (512, 768, 1, [64, 64, 0], [4, 4, 0]),
        (128, 512, 2, [32, 64, 0], [2, 4, 0]),
        (16, 64, 3, [16, 64, 0], [2, 2, 0]),
        (50, 64, 1, [10, 64, 0], [2, 4, 0]),  # was 25 rows, 2 per thread: 13 x 16 > 12 x 16
        (100, 64, 1, [20, 64, 0], [4, 4, 0]),
        (65, 64, 1, [13, 64, 0], [1, 4, 0]),
        (197, 64, 1, [1, 64, 0], [1, 4, 0]),
    ],
)
def test_contraction_tile_choices(
    m: int, n: int, contractions: int, block: list[int], thread: list[int]
) -> None:
    assert contraction_tiles(matmul_shape(m, n, 64), contractions) == (block, thread)


MATMUL = """
func.func @mm(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = linalg.matmul ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>)
      outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""


def schedule_of(text: str) -> Schedule:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(text, ctx, "t.mlir")  # kept alive: the kernel's ops are in it
        (kernel,), _ = prepare_module(module)
        return make_schedule(kernel)


@pytest.mark.parametrize(("m", "n", "k"), [(50, 64, 64), (100, 64, 64), (60, 50, 50)])
def test_matmul_schedule_launches_the_threads_its_loop_needs(m: int, n: int, k: int) -> None:
    """Before the fix each of these launched fewer threads than its loop needed."""
    text = MATMUL.format(m=m, n=n, k=k)
    s = schedule_of(text)
    assert s.kind == "contraction"
    assert math.prod(s.block_dims) == forall_threads(s.block_tiles, s.thread_tiles)
    rng = np.random.default_rng(m)
    x = rng.standard_normal((m, k), dtype=np.float32)
    w = rng.standard_normal((k, n), dtype=np.float32)
    (got,), _ = call_isolated(run_schedule_on_cpu, text, [x, w], "t.mlir", False)
    np.testing.assert_allclose(np.asarray(got), x @ w, rtol=1e-4, atol=1e-4)

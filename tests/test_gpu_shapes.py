"""Odd shapes through the GPU schedules (tile sizes that do not divide,
unit dims, rows longer than a block), run on the CPU against numpy."""

from __future__ import annotations

import numpy as np
import pytest

from mlirfuse.gpu.verify_schedule import run_gpu_schedule
from mlirfuse.runner import call_isolated


def _tensor(shape: tuple[int, ...]) -> str:
    return f"tensor<{'x'.join(map(str, shape))}xf32>"


def chain_group(shape: tuple[int, ...]) -> str:
    """exp(a) * b + a as one elementwise-chain group."""
    dims = ", ".join(f"d{i}" for i in range(len(shape)))
    ident = f"affine_map<({dims}) -> ({dims})>"
    its = ", ".join(['"parallel"'] * len(shape))
    ty = _tensor(shape)
    return f"""
func.func @chain(%a: {ty}, %b: {ty}) -> {ty} {{
  %r = "fusion.group"() ({{
    %e = tensor.empty() : {ty}
    %0 = linalg.generic {{indexing_maps = [{ident}, {ident}, {ident}], iterator_types = [{its}]}} ins(%a, %b : {ty}, {ty}) outs(%e : {ty}) {{
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = math.exp %x : f32
      %m = arith.mulf %s, %y : f32
      linalg.yield %m : f32
    }} -> {ty}
    %1 = linalg.generic {{indexing_maps = [{ident}, {ident}, {ident}], iterator_types = [{its}]}} ins(%0, %a : {ty}, {ty}) outs(%e : {ty}) {{
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }} -> {ty}
    "gpu.yield"(%1) : ({ty}) -> ()
  }}) {{fusion.pattern = "elementwise-chain", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>}} : () -> {ty}
  return %r : {ty}
}}
"""


def softmax_group(rows: int, cols: int) -> str:
    ty, row = _tensor((rows, cols)), _tensor((rows,))
    full, red = "affine_map<(d0, d1) -> (d0, d1)>", "affine_map<(d0, d1) -> (d0)>"
    body = []
    body.append(f"%m0 = linalg.fill ins(%ninf : f32) outs(%e1 : {row}) -> {row}")
    body.append(
        f'%m = linalg.generic {{indexing_maps = [{full}, {red}], iterator_types = ["parallel", "reduction"]}} '
        f"ins(%x : {ty}) outs(%m0 : {row}) {{\n    ^bb0(%i: f32, %o: f32):\n"
        f"      %v = arith.maximumf %i, %o : f32\n      linalg.yield %v : f32\n    }} -> {row}"
    )
    body.append(
        f'%ex = linalg.generic {{indexing_maps = [{full}, {red}, {full}], iterator_types = ["parallel", "parallel"]}} '
        f"ins(%x, %m : {ty}, {row}) outs(%e2 : {ty}) {{\n    ^bb0(%i: f32, %mx: f32, %o: f32):\n"
        f"      %d = arith.subf %i, %mx : f32\n      %v = math.exp %d : f32\n      linalg.yield %v : f32\n    }} -> {ty}"
    )
    body.append(f"%s0 = linalg.fill ins(%zero : f32) outs(%e1 : {row}) -> {row}")
    body.append(
        f'%s = linalg.generic {{indexing_maps = [{full}, {red}], iterator_types = ["parallel", "reduction"]}} '
        f"ins(%ex : {ty}) outs(%s0 : {row}) {{\n    ^bb0(%i: f32, %o: f32):\n"
        f"      %v = arith.addf %i, %o : f32\n      linalg.yield %v : f32\n    }} -> {row}"
    )
    body.append(
        f'%y = linalg.generic {{indexing_maps = [{full}, {red}, {full}], iterator_types = ["parallel", "parallel"]}} '
        f"ins(%ex, %s : {ty}, {row}) outs(%e2 : {ty}) {{\n    ^bb0(%i: f32, %t: f32, %o: f32):\n"
        f"      %v = arith.divf %i, %t : f32\n      linalg.yield %v : f32\n    }} -> {ty}"
    )
    lines = "\n    ".join(body)
    return f"""
func.func @softmax(%x: {ty}) -> {ty} {{
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %r = "fusion.group"() ({{
    %e1 = tensor.empty() : {row}
    %e2 = tensor.empty() : {ty}
    {lines}
    "gpu.yield"(%y) : ({ty}) -> ()
  }}) {{fusion.pattern = "reduction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>}} : () -> {ty}
  return %r : {ty}
}}
"""


@pytest.mark.parametrize("shape", [(1, 1), (3, 5), (17, 100), (64, 4), (5, 1024), (2, 3, 7)])
def test_elementwise_chain_odd_shapes(shape: tuple[int, ...]) -> None:
    rng = np.random.default_rng(len(shape) * 100 + shape[-1])
    a = rng.standard_normal(shape, dtype=np.float32)
    b = rng.standard_normal(shape, dtype=np.float32)
    (got,) = call_isolated(run_gpu_schedule, chain_group(shape), "chain", [a, b], "chain")
    np.testing.assert_allclose(got, np.exp(a) * b + a, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize(("rows", "cols"), [(3, 5), (7, 300), (2, 1000), (1, 64)])
def test_softmax_odd_shapes(rows: int, cols: int) -> None:
    x = np.random.default_rng(cols).standard_normal((rows, cols), dtype=np.float32)
    (got,) = call_isolated(run_gpu_schedule, softmax_group(rows, cols), "softmax", [x], "softmax")
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(got, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)


def matmul_text(m: int, n: int, k: int) -> str:
    a, b, c = _tensor((m, k)), _tensor((k, n)), _tensor((m, n))
    return f"""
func.func @mm(%a: {a}, %b: {b}) -> {c} {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {c}
  %f = linalg.fill ins(%z : f32) outs(%e : {c}) -> {c}
  %m = linalg.matmul ins(%a, %b : {a}, {b}) outs(%f : {c}) -> {c}
  return %m : {c}
}}
"""


@pytest.mark.parametrize(("m", "n", "k"), [(5, 7, 3), (8, 12, 6), (33, 65, 100), (128, 64, 96)])
def test_matmul_odd_shapes(m: int, n: int, k: int) -> None:
    rng = np.random.default_rng(m * n * k)
    a = rng.standard_normal((m, k), dtype=np.float32)
    b = rng.standard_normal((k, n), dtype=np.float32)
    (got,) = call_isolated(run_gpu_schedule, matmul_text(m, n, k), "mm", [a, b], "mm")
    np.testing.assert_allclose(got, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)

"""The CPU runner against numpy: hand-written Linalg-on-tensors, every dtype
and tensor op the lowering claims, and the errors a user can make."""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np
import pytest
from mlir import ir

import mlirfuse
from mlirfuse.context import make_context, parse_module
from mlirfuse.runner import CompiledFunction, RunnerError, call_isolated, run

ID2 = "affine_map<(d0, d1) -> (d0, d1)>"
ROW = "affine_map<(d0, d1) -> (d0)>"
COL = "affine_map<(d0, d1) -> (d1)>"
PAR2 = '["parallel", "parallel"]'
RED2 = '["parallel", "reduction"]'


def unary(name: str, ty: str, body: str, shape: str = "64x128") -> str:
    """A one-op elementwise function `%y = f(%x)`; `body` defines %y from %x."""
    t = f"tensor<{shape}x{ty}>"
    return f"""
func.func @{name}(%a: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = {PAR2}}}
      ins(%a : {t}) outs(%e : {t}) {{
  ^bb0(%x: {ty}, %o: {ty}):
    {body}
    linalg.yield %y : {ty}
  }} -> {t}
  return %r : {t}
}}"""


CHAIN = f"""
func.func @chain(%a: tensor<64x128xf32>, %b: tensor<64x128xf32>) -> tensor<64x128xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %s = linalg.add ins(%a, %b : tensor<64x128xf32>, tensor<64x128xf32>)
      outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %m = linalg.mul ins(%s, %a : tensor<64x128xf32>, tensor<64x128xf32>)
      outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = {PAR2}}}
      ins(%m : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {{
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  }} -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}}"""

BROADCAST_ADD = f"""
func.func @badd(%a: tensor<64x128xf32>, %b: tensor<128xf32>) -> tensor<64x128xf32> {{
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.generic {{indexing_maps = [{ID2}, {COL}, {ID2}], iterator_types = {PAR2}}}
      ins(%a, %b : tensor<64x128xf32>, tensor<128xf32>) outs(%e : tensor<64x128xf32>) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }} -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}}"""


def row_reduce(combine: str, init: str, name: str = "rowsum") -> str:
    return f"""
func.func @{name}(%a: tensor<64x128xf32>) -> tensor<64xf32> {{
  %init = arith.constant {init} : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {{indexing_maps = [{ID2}, {ROW}], iterator_types = {RED2}}}
      ins(%a : tensor<64x128xf32>) outs(%f : tensor<64xf32>) {{
  ^bb0(%x: f32, %acc: f32):
    %s = {combine} %x, %acc : f32
    linalg.yield %s : f32
  }} -> tensor<64xf32>
  return %r : tensor<64xf32>
}}"""


MATMUL = """
func.func @mm(%a: tensor<32x64xf32>, %b: tensor<64x16xf32>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x16xf32>)
      outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
  return %r : tensor<32x16xf32>
}"""

SOFTMAX = f"""
func.func @softmax(%a: tensor<64x128xf32>) -> tensor<64x128xf32> {{
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<64xf32>
  %e = tensor.empty() : tensor<64x128xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {{indexing_maps = [{ID2}, {ROW}], iterator_types = {RED2}}}
      ins(%a : tensor<64x128xf32>) outs(%fm : tensor<64xf32>) {{
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %x, %acc : f32
    linalg.yield %m : f32
  }} -> tensor<64xf32>
  %exp = linalg.generic {{indexing_maps = [{ID2}, {ROW}, {ID2}], iterator_types = {PAR2}}}
      ins(%a, %max : tensor<64x128xf32>, tensor<64xf32>) outs(%e : tensor<64x128xf32>) {{
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %x2 = math.exp %d : f32
    linalg.yield %x2 : f32
  }} -> tensor<64x128xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {{indexing_maps = [{ID2}, {ROW}], iterator_types = {RED2}}}
      ins(%exp : tensor<64x128xf32>) outs(%fs : tensor<64xf32>) {{
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }} -> tensor<64xf32>
  %r = linalg.generic {{indexing_maps = [{ID2}, {ROW}, {ID2}], iterator_types = {PAR2}}}
      ins(%exp, %sum : tensor<64x128xf32>, tensor<64xf32>) outs(%e : tensor<64x128xf32>) {{
  ^bb0(%x: f32, %s: f32, %o: f32):
    %q = arith.divf %x, %s : f32
    linalg.yield %q : f32
  }} -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}}"""


def rel_err(actual: np.ndarray, expected: np.ndarray) -> float:
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    diff = np.abs(actual.astype(np.float64) - expected.astype(np.float64)).max()
    return float(diff / np.abs(expected).max())


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(0)


def f32(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.standard_normal(shape).astype(np.float32)


def test_three_op_chain(rng: np.random.Generator) -> None:
    a, b = f32(rng, 64, 128), f32(rng, 64, 128)
    (result,) = mlirfuse.run(CHAIN, "chain", a, b)
    assert rel_err(result, np.maximum((a + b) * a, 0)) < 1e-5


def test_broadcast_add(rng: np.random.Generator) -> None:
    a, b = f32(rng, 64, 128), f32(rng, 128)
    (result,) = run(BROADCAST_ADD, "badd", a, b)
    assert rel_err(result, a + b[None, :]) < 1e-5


@pytest.mark.parametrize(
    ("combine", "init", "reference"),
    [("arith.addf", "0.0", np.sum), ("arith.maximumf", "0xFF800000", np.max)],
)
def test_row_reduction(
    rng: np.random.Generator, combine: str, init: str, reference: Callable[..., np.ndarray]
) -> None:
    a = f32(rng, 64, 128)
    (result,) = run(row_reduce(combine, init), None, a)
    assert rel_err(result, reference(a, axis=1)) < 1e-5


def test_matmul(rng: np.random.Generator) -> None:
    a, b = f32(rng, 32, 64), f32(rng, 64, 16)
    (result,) = run(MATMUL, "mm", a, b)
    assert rel_err(result, a @ b) < 1e-5


def test_softmax(rng: np.random.Generator) -> None:
    a = f32(rng, 64, 128) * 4
    (result,) = run(SOFTMAX, "softmax", a)
    e = np.exp(a - a.max(axis=1, keepdims=True))
    assert rel_err(result, e / e.sum(axis=1, keepdims=True)) < 1e-5
    np.testing.assert_allclose(result.sum(axis=1), 1.0, rtol=1e-5)


def test_math_fpowi_erf_rsqrt(rng: np.random.Generator) -> None:
    body = """%c3 = arith.constant 3 : i32
    %p = math.fpowi %x, %c3 : f32, i32
    %abs = math.absf %x : f32
    %one = arith.constant 1.0 : f32
    %a1 = arith.addf %abs, %one : f32
    %r = math.rsqrt %a1 : f32
    %erfx = math.erf %x : f32
    %pr = arith.mulf %p, %r : f32
    %y = arith.addf %pr, %erfx : f32"""
    x = f32(rng, 64, 128)
    (result,) = run(unary("f", "f32", body), None, x)
    from math import erf

    expected = (x.astype(np.float64) ** 3 / np.sqrt(np.abs(x) + 1.0)) + np.vectorize(erf)(x)
    assert rel_err(result, expected.astype(np.float32)) < 1e-5


def test_f64_chain(rng: np.random.Generator) -> None:
    body = """%t = math.tanh %x : f64
    %s = arith.mulf %t, %x : f64
    %y = math.exp %s : f64"""
    x = rng.standard_normal((64, 128))
    (result,) = run(unary("g", "f64", body), None, x)
    assert result.dtype == np.float64
    assert rel_err(result, np.exp(np.tanh(x) * x)) < 1e-12


def test_i64_exact(rng: np.random.Generator) -> None:
    body = """%c7 = arith.constant 7 : i64
    %m = arith.muli %x, %x : i64
    %y = arith.subi %m, %c7 : i64"""
    x = rng.integers(-1000, 1000, (64, 128))
    (result,) = run(unary("h", "i64", body), None, x)
    np.testing.assert_array_equal(result, x * x - 7)


def test_i1_results_and_arguments() -> None:
    text = """
#id = affine_map<(d0) -> (d0)>
func.func @mask(%a: tensor<8xf32>, %m: tensor<8xi1>) -> (tensor<8xi1>, tensor<8xi32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xi1>
  %e2 = tensor.empty() : tensor<8xi32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %m : tensor<8xf32>, tensor<8xi1>) outs(%e, %e2 : tensor<8xi1>, tensor<8xi32>) {
  ^bb0(%x: f32, %k: i1, %o: i1, %o2: i32):
    %c = arith.cmpf ogt, %x, %zero : f32
    %d = arith.xori %c, %k : i1
    %i = arith.extui %d : i1 to i32
    linalg.yield %d, %i : i1, i32
  } -> (tensor<8xi1>, tensor<8xi32>)
  return %r#0, %r#1 : tensor<8xi1>, tensor<8xi32>
}"""
    x = np.array([-1, 2, -3, 4, 0, 5, -6, 7], np.float32)
    m = np.array([1, 0, 1, 0, 1, 0, 0, 1], np.bool_)
    flags, ints = run(text, None, x, m)
    np.testing.assert_array_equal(flags, (x > 0) ^ m)
    np.testing.assert_array_equal(ints, ((x > 0) ^ m).astype(np.int32))


def test_i1_constants_and_calls() -> None:
    text = """
func.func private @mask_of(%a: tensor<3xi1>) -> tensor<3xi1> {
  %c = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %r = arith.andi %a, %c : tensor<3xi1>
  return %r : tensor<3xi1>
}
func.func @masked(%a: tensor<3xi1>) -> tensor<3xi1> {
  %r = func.call @mask_of(%a) : (tensor<3xi1>) -> tensor<3xi1>
  %t = arith.constant dense<true> : tensor<3xi1>
  %n = arith.xori %r, %t : tensor<3xi1>
  return %n : tensor<3xi1>
}"""
    a = np.array([True, True, False])
    (result,) = run(text, "masked", a)
    np.testing.assert_array_equal(result, ~(a & np.array([True, False, True])))


def test_tensor_pad_nonzero_value() -> None:
    text = """
func.func @pad(%a: tensor<3x4xf32>) -> tensor<5x7xf32> {
  %c = arith.constant 1.5 : f32
  %p = tensor.pad %a low[1, 2] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<3x4xf32> to tensor<5x7xf32>
  return %p : tensor<5x7xf32>
}"""
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    (result,) = run(text, None, a)
    np.testing.assert_array_equal(result, np.pad(a, ((1, 1), (2, 1)), constant_values=1.5))


def test_expand_and_collapse_shape() -> None:
    text = """
func.func @reshape(%a: tensor<6x4xf32>) -> (tensor<2x3x4xf32>, tensor<24xf32>) {
  %x = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4]
      : tensor<6x4xf32> into tensor<2x3x4xf32>
  %y = tensor.collapse_shape %a [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>
  return %x, %y : tensor<2x3x4xf32>, tensor<24xf32>
}"""
    a = np.arange(24, dtype=np.float32).reshape(6, 4)
    expanded, collapsed = run(text, None, a)
    np.testing.assert_array_equal(expanded, a.reshape(2, 3, 4))
    np.testing.assert_array_equal(collapsed, a.reshape(24))


def test_slices_and_concat_leave_inputs_unchanged() -> None:
    text = """
func.func @slices(%a: tensor<6x8xf32>, %b: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<6x8xf32>, tensor<8x8xf32>) {
  %s = tensor.extract_slice %a[1, 2] [2, 3] [2, 1] : tensor<6x8xf32> to tensor<2x3xf32>
  %i = tensor.insert_slice %b into %a[4, 5] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x8xf32>
  %t = tensor.extract_slice %a[0, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
  %c = tensor.concat dim(0) %a, %t : (tensor<6x8xf32>, tensor<2x8xf32>) -> tensor<8x8xf32>
  return %s, %i, %c : tensor<2x3xf32>, tensor<6x8xf32>, tensor<8x8xf32>
}"""
    a = np.arange(48, dtype=np.float32).reshape(6, 8)
    b = -np.ones((2, 3), np.float32)
    a_before = a.copy()
    sliced, inserted, joined = run(text, None, a, b)
    expected = a_before.copy()
    expected[4:6, 5:8] = b
    np.testing.assert_array_equal(sliced, a_before[1:5:2, 2:5])
    np.testing.assert_array_equal(inserted, expected)
    np.testing.assert_array_equal(joined, np.concatenate([a_before, a_before[:2]]))
    np.testing.assert_array_equal(a, a_before)  # the caller's input is not written


def test_fusion_group_is_inlined(rng: np.random.Generator) -> None:
    text = f"""
func.func @grouped(%a: tensor<64x128xf32>, %b: tensor<128xf32>) -> tensor<64x128xf32> {{
  %e = tensor.empty() : tensor<64x128xf32>
  %g = "fusion.group"() ({{
    %r = linalg.generic {{indexing_maps = [{ID2}, {COL}, {ID2}], iterator_types = {PAR2}}}
        ins(%a, %b : tensor<64x128xf32>, tensor<128xf32>) outs(%e : tensor<64x128xf32>) {{
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.mulf %x, %y : f32
      linalg.yield %s : f32
    }} -> tensor<64x128xf32>
    "gpu.yield"(%r) : (tensor<64x128xf32>) -> ()
  }}) {{fusion.pattern = "elementwise", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>}} : () -> tensor<64x128xf32>
  return %g : tensor<64x128xf32>
}}"""
    a, b = f32(rng, 64, 128), f32(rng, 128)
    (result,) = run(text, None, a, b)
    assert rel_err(result, a * b[None, :]) < 1e-5


def test_same_value_returned_twice(rng: np.random.Generator) -> None:
    # One buffer for two results crashes LLVM 22's buffer-results-to-out-params
    # (hoist-static-allocs); the runner returns a copy for the repeated one.
    text = """
func.func @dup(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %r = arith.addf %a, %a : tensor<4x8xf32>
  return %r, %a, %r : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}"""
    a = f32(rng, 4, 8)
    first, same, second = run(text, None, a)
    np.testing.assert_array_equal(first, 2 * a)
    np.testing.assert_array_equal(second, 2 * a)
    np.testing.assert_array_equal(same, a)


def test_module_object_is_not_modified(rng: np.random.Generator) -> None:
    ctx = make_context()
    module = parse_module(CHAIN, ctx, "chain.mlir")
    before = str(module)
    a, b = f32(rng, 64, 128), f32(rng, 64, 128)
    (result,) = run(module, a, b)  # function name left out: the only one
    assert str(module) == before
    assert rel_err(result, np.maximum((a + b) * a, 0)) < 1e-5
    assert ir.Context.current is None  # the runner left every context it entered
    with ctx:
        run(module, a, b)
        assert ir.Context.current is ctx  # the caller's context is current again


def test_compiled_function_is_reusable(rng: np.random.Generator) -> None:
    with CompiledFunction(BROADCAST_ADD) as compiled:
        for _ in range(3):
            a, b = f32(rng, 64, 128), f32(rng, 128)
            (result,) = compiled(a, b)
            assert rel_err(result, a + b[None, :]) < 1e-5
    with pytest.raises(RunnerError, match="closed"):
        compiled(a, b)


def test_results_into_caller_arrays(rng: np.random.Generator) -> None:
    with CompiledFunction(BROADCAST_ADD) as compiled:
        a, b = f32(rng, 64, 128), f32(rng, 128)
        buffer = np.empty((64, 128), np.float32)
        (result,) = compiled(a, b, out=[buffer])
        assert result is buffer
        np.testing.assert_array_equal(buffer, a + b[None, :])
        with pytest.raises(RunnerError, match=r"out\[0\] of @badd must be float32"):
            compiled(a, b, out=[np.empty((64, 128))])
        with pytest.raises(RunnerError, match=r"out\[0\] of @badd is tensor<64x128xf32> but"):
            compiled(a, b, out=[np.empty((64, 127), np.float32)])
        with pytest.raises(RunnerError, match=r"C-contiguous"):
            compiled(a, b, out=[np.empty((128, 64), np.float32).T])


DYNAMIC = f"""
func.func @dyn(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<3xf32>, tensor<?xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {{indexing_maps = [{ID2}, {ID2}, {ID2}], iterator_types = {PAR2}}}
      ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }} -> tensor<?x?xf32>
  %t = tensor.extract_slice %r[0, 0] [1, 3] [1, 1] : tensor<?x?xf32> to tensor<3xf32>
  %c = tensor.collapse_shape %r [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  return %r, %t, %c : tensor<?x?xf32>, tensor<3xf32>, tensor<?xf32>
}}"""


def test_dynamic_shapes_computed_per_call(rng: np.random.Generator) -> None:
    with CompiledFunction(DYNAMIC) as compiled:
        assert compiled.signature.args[0].shape == (None, None)
        for shape in [(5, 4), (2, 3)]:
            a, b = f32(rng, *shape), f32(rng, *shape)
            total, row, flat = compiled(a, b)
            np.testing.assert_array_equal(total, a + b)
            np.testing.assert_array_equal(row, (a + b)[0, :3])
            np.testing.assert_array_equal(flat, (a + b).ravel())
        given = compiled(a, b, result_shapes=[(2, 3), (3,), (6,)])
        np.testing.assert_array_equal(given[0], a + b)
        with pytest.raises(RunnerError, match=r"result #2 of @dyn is tensor<\?xf32>, not 6x1"):
            compiled(a, b, result_shapes=[(2, 3), (3,), (6, 1)])


@pytest.mark.parametrize(
    ("arrays", "message"),
    [
        ([np.zeros((64, 128), np.float32)], r"@chain takes 2 argument\(s\) but 1 array"),
        (
            [np.zeros((64, 128), np.float32), np.zeros((64, 127), np.float32)],
            r"argument #1 of @chain is tensor<64x128xf32> but the array has shape 64x127",
        ),
        (
            [np.zeros((64, 128), np.float32), np.zeros((64, 128))],
            r"argument #1 of @chain is tensor<64x128xf32> but the array has dtype float64",
        ),
    ],
)
def test_bad_inputs_are_located_errors(arrays: list[np.ndarray], message: str) -> None:
    with pytest.raises(RunnerError, match=message) as info:
        run(CHAIN, "chain", *arrays, source_name="chain.mlir")
    assert info.value.diagnostic().startswith("chain.mlir:2:1: error: ")


UNPACK = """
func.func @unpack(%w: tensor<4xi8>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%w : tensor<4xi8>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: i8, %o: f32):
    %f = arith.uitofp %x : i8 to f32
    linalg.yield %f : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def test_unsigned_arrays_pass_for_signless_integers_of_their_width() -> None:
    packed = np.array([0, 7, 128, 255], np.uint8)  # PyTorch's uint8 weights, as exported
    (got,) = run(UNPACK, "unpack", packed)
    np.testing.assert_array_equal(got, packed.astype(np.float32))
    with pytest.raises(RunnerError, match="has dtype uint16"):
        run(UNPACK, "unpack", packed.astype(np.uint16))


def test_unknown_function_and_parse_error() -> None:
    with pytest.raises(RunnerError, match=r"no function @nope in x.mlir \(defined: @chain\)"):
        run(CHAIN, "nope", source_name="x.mlir")
    with pytest.raises(RunnerError) as info:
        run(
            "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %b : tensor<4xf32>\n}",
            source_name="bad.mlir",
        )
    assert info.value.diagnostic().startswith("bad.mlir:2:10: error: cannot parse the module")


def test_several_functions_need_a_name() -> None:
    with pytest.raises(RunnerError, match=r"several functions \(@chain, @mm\)"):
        run(CHAIN + MATMUL)


def test_isolated_matches_in_process(rng: np.random.Generator) -> None:
    a = f32(rng, 64, 128)
    (isolated,) = run(SOFTMAX, "softmax", a, isolated=True)
    (local,) = run(SOFTMAX, "softmax", a)
    np.testing.assert_array_equal(isolated, local)
    with pytest.raises(RunnerError, match="argument #0 of @softmax"):
        run(SOFTMAX, "softmax", a[:2], isolated=True)


def test_isolated_child_crash_is_an_error() -> None:
    with pytest.raises(RunnerError, match=r"process was killed by SIGABRT"):
        call_isolated(os.abort)

"""bf16 through the runner: raw uint16 bits in and out (numpy has no bf16),
compared and summarised as the f32 values they hold, as the zoo's .npz store them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mlirfuse.cli import main
from mlirfuse.runner import RunnerError, run
from mlirfuse.runner.bf16 import bf16_to_f32, f32_to_bf16
from mlirfuse.runner.compare import default_tolerance, error_stats

ID2 = "affine_map<(d0, d1) -> (d0, d1)>"
T = "tensor<4x8xbf16>"

# y = a * b + a, computed in bf16 (each op rounds to bf16, as the zoo's bf16 models do).
MUL_ADD = f"""
func.func @mul_add(%a: {T}, %b: {T}) -> {T} {{
  %e = tensor.empty() : {T}
  %r = linalg.generic {{indexing_maps = [{ID2}, {ID2}, {ID2}],
                       iterator_types = ["parallel", "parallel"]}}
      ins(%a, %b : {T}, {T}) outs(%e : {T}) {{
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %m = arith.mulf %x, %y : bf16
    %s = arith.addf %m, %x : bf16
    linalg.yield %s : bf16
  }} -> {T}
  return %r : {T}
}}"""


def _bits(values: list[float]) -> np.ndarray:
    return f32_to_bf16(np.array(values, dtype=np.float32))


def test_conversion_rounds_to_nearest_even() -> None:
    ulp = 2.0**-7  # bf16 spacing in [1, 2)
    bits = _bits([1.0, -2.0, 1.0 + ulp / 2, 1.0 + 1.5 * ulp, 1.0 + ulp * 0.51, float("inf")])
    assert bits.dtype == np.uint16
    assert [hex(b) for b in bits] == ["0x3f80", "0xc000", "0x3f80", "0x3f82", "0x3f81", "0x7f80"]
    assert np.isnan(bf16_to_f32(_bits([float("nan")])))[0]
    values = np.array([0.5, -3.25, 1e-3, 65504.0], dtype=np.float32)
    widened = bf16_to_f32(f32_to_bf16(values))
    assert widened.dtype == np.float32
    np.testing.assert_allclose(widened, values, rtol=2.0**-8)


def test_run_takes_and_returns_bf16_bits() -> None:
    rng = np.random.default_rng(0)
    a = f32_to_bf16(rng.uniform(-2, 2, (4, 8)))
    b = f32_to_bf16(rng.uniform(-2, 2, (4, 8)))
    (result,) = run(MUL_ADD, a, b)
    assert result.dtype == np.uint16 and result.shape == (4, 8)
    product = f32_to_bf16(bf16_to_f32(a) * bf16_to_f32(b))
    expected = f32_to_bf16(bf16_to_f32(product) + bf16_to_f32(a))
    np.testing.assert_array_equal(result, expected)


def test_float_array_for_a_bf16_argument_is_an_error() -> None:
    x = np.zeros((4, 8), np.float32)
    with pytest.raises(RunnerError, match=r"bf16.*dtype float32"):
        run(MUL_ADD, x, x)


def test_errors_are_between_values_not_bits() -> None:
    ref = _bits([1.0, 2.0, -4.0])
    off_by_one_ulp = _bits([1.0 + 2.0**-7, 2.0, -4.0])
    stats = error_stats(off_by_one_ulp, ref)
    assert stats.max_abs == pytest.approx(2.0**-7)
    assert stats.max_rel == pytest.approx(2.0**-7 / 4.0)
    assert default_tolerance(ref.dtype) > 2.0**-7


def test_cli_compares_bf16_result_with_ref(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "mul_add.mlir"
    source.write_text(MUL_ADD)
    a, b = _bits([0.5] * 32).reshape(4, 8), _bits([3.0] * 32).reshape(4, 8)
    good, bad = tmp_path / "good.npz", tmp_path / "bad.npz"
    np.savez(good, arg0=a, arg1=b, ref=_bits([2.0] * 32).reshape(4, 8))
    np.savez(bad, arg0=a, arg1=b, ref=_bits([2.5] * 32).reshape(4, 8))
    assert main(["run", str(source), "--inputs", str(good), "--rtol", "1e-3"]) == 0
    out = capsys.readouterr().out
    assert "tensor<4x8xbf16> sum=64 abs_sum=64 min=2 max=2" in out
    assert "max_abs_err=0.000e+00" in out and " ok" in out
    assert main(["run", str(source), "--inputs", str(bad), "--rtol", "1e-3"]) == 1
    assert "max_abs_err=5.000e-01 max_rel_err=2.000e-01 FAIL" in capsys.readouterr().out


def _elementwise(name: str, n: int, in_type: str, out_type: str, body: str) -> str:
    tin, tout, id1 = f"tensor<{n}x{in_type}>", f"tensor<{n}x{out_type}>", "affine_map<(d0) -> (d0)>"
    return f"""
func.func @{name}(%a: {tin}, %b: {tin}) -> {tout} {{
  %e = tensor.empty() : {tout}
  %r = linalg.generic {{indexing_maps = [{id1}, {id1}, {id1}], iterator_types = ["parallel"]}}
      ins(%a, %b : {tin}, {tin}) outs(%e : {tout}) {{
  ^bb0(%x: {in_type}, %y: {in_type}, %o: {out_type}):
    {body}
  }} -> {tout}
  return %r : {tout}
}}"""


def test_rounding_to_bf16_matches_numpy_bit_for_bit() -> None:
    """The runner rounds f32 -> bf16 with integer ops (mlirfuse-round-16bit-floats):
    ties to even, carries into the exponent, overflow to inf, subnormals, signed
    zeros, NaNs of either sign, as `f32_to_bf16`."""
    tie, up = 1.0 + 2.0**-8, 1.0 + 3 * 2.0**-8
    special = [tie, up, -tie, 1.9999999, 3.3895314e38, -3.4e38, float("inf"), float("-inf")]
    special += [1e-40, -1e-40, 0.0, -0.0, float("nan"), -float("nan"), 1e-3, 65504.0]
    x = np.array(special * 4, np.float32)
    source = _elementwise(
        "round",
        x.size,
        "f32",
        "bf16",
        "%t = arith.truncf %x : f32 to bf16\n linalg.yield %t : bf16",
    )
    (result,) = run(source, x, x)
    np.testing.assert_array_equal(result, f32_to_bf16(x))


@pytest.mark.parametrize("dtype", ["bf16", "f16"])
def test_16bit_chains_round_after_each_op(dtype: str) -> None:
    """bf16/f16 arithmetic is computed in f32 with a rounding after every op,
    never once at the end of a chain (the emulation's `contract` flags would
    let a fold drop the roundings in between)."""
    rng = np.random.default_rng(1)
    a, b = (rng.uniform(-2, 2, 256).astype(np.float32) for _ in range(2))
    if dtype == "bf16":
        args = [f32_to_bf16(a), f32_to_bf16(b)]
        widen, narrow = bf16_to_f32, lambda v: bf16_to_f32(f32_to_bf16(v))
    else:
        args = [a.astype(np.float16), b.astype(np.float16)]
        widen = lambda v: v.astype(np.float32)  # noqa: E731
        narrow = lambda v: v.astype(np.float16).astype(np.float32)  # noqa: E731
    body = (
        f"%m = arith.mulf %x, %y : {dtype}\n %s = arith.addf %m, %x : {dtype}\n"
        f" %d = arith.divf %s, %y : {dtype}\n linalg.yield %d : {dtype}"
    )
    (result,) = run(_elementwise("chain", 256, dtype, dtype, body), *args)
    x, y = widen(args[0]), widen(args[1])
    expected = narrow(narrow(narrow(x * y) + x) / y)
    np.testing.assert_array_equal(widen(result), expected)

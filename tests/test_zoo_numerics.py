"""The zoo's numerics stage judges every result that has a reference: a
training step (models/joint.py) returns its loss then one gradient per
parameter, stored as `ref`, `ref1`, ...; a wrong gradient must fail the
stage, not only a wrong loss."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mlirfuse.runner.compare import error_stats, noise_floor
from mlirfuse.zoo.stages import stage_numerics

SOURCE = """
#map = affine_map<(d0) -> (d0)>
module {
  func.func @step(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.addf %x, %y : f32
      linalg.yield %r : f32
    } -> tensor<4xf32>
    %p = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%s, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.mulf %x, %y : f32
      linalg.yield %r : f32
    } -> tensor<4xf32>
    return %s, %p : tensor<4xf32>, tensor<4xf32>
  }
}
"""


def _model(tmp_path: Path, second: np.ndarray | None) -> Path:
    a = np.arange(4, dtype=np.float32)
    b = np.full(4, 2.0, dtype=np.float32)
    source = tmp_path / "step.mlir"
    source.write_text(SOURCE)
    arrays = {"arg0": a, "arg1": b, "ref": a + b}
    if second is not None:
        arrays["ref1"] = second
    np.savez(tmp_path / "step.npz", **arrays)
    return source


def test_a_wrong_second_result_fails_numerics(tmp_path: Path) -> None:
    a, b = np.arange(4, dtype=np.float32), np.full(4, 2.0, dtype=np.float32)
    wrong = (a + b) * b + np.float32(1.0)
    found = stage_numerics(_model(tmp_path, wrong))
    assert found["ok"] is False
    assert found["results"] == 2


def test_every_result_right_passes(tmp_path: Path) -> None:
    a, b = np.arange(4, dtype=np.float32), np.full(4, 2.0, dtype=np.float32)
    found = stage_numerics(_model(tmp_path, (a + b) * b))
    assert found["ok"] is True
    assert found["results"] == 2


def test_one_reference_judges_the_first_result(tmp_path: Path) -> None:
    found = stage_numerics(_model(tmp_path, None))
    assert found["ok"] is True
    assert found["results"] == 1


def test_rounding_noise_of_a_zero_gradient_is_judged_at_the_noise_floor() -> None:
    """A gradient zero in exact arithmetic (an attention key bias's) is
    rounding noise on both sides: judged against a thousandth of the largest
    result (compare.noise_floor), not against its own noise."""
    assert error_stats(np.float32([1e-10]), np.float32([3e-10])).max_rel > 0.5
    floor = noise_floor([np.float32([10.0]), np.float32([3e-10])])
    assert error_stats(np.float32([1e-10]), np.float32([3e-10]), floor).max_rel < 1e-7
    assert noise_floor([np.float32([10.0])]) == 0.0

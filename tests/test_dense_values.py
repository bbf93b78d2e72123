"""`analysis.dense_values.dense_array` reads every element type's values."""

from __future__ import annotations

import numpy as np
import pytest
from mlir import ir

from mlirfuse.analysis.dense_values import bf16_bits_to_f32, dense_array
from mlirfuse.context import make_context

SPECIAL = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-38, 3e38], np.float32)


def _bf16_bits(count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    values = (rng.standard_normal(count) * 10.0 ** rng.integers(-20, 20, count)).astype(np.float32)
    values[: min(count, SPECIAL.size)] = SPECIAL[: min(count, SPECIAL.size)]
    return (values.view(np.uint32) >> 16).astype(np.uint16)


@pytest.mark.parametrize("count", [2, 7, 99, 100, 101, 3000])  # decimal lists and hex blobs
@pytest.mark.parametrize("reparsed", [False, True])
def test_bf16_values_keep_their_bits(count: int, reparsed: bool) -> None:
    bits = _bf16_bits(count, count)
    with make_context(), ir.Location.unknown():
        t = ir.RankedTensorType.get(
            [2, count // 2] if count % 2 == 0 else [count], ir.BF16Type.get()
        )
        attr = ir.DenseElementsAttr.get(bits.reshape(t.shape), type=t)
        if reparsed:
            attr = ir.DenseElementsAttr(ir.Attribute.parse(str(attr)))
        values = dense_array(attr)
    assert values.shape == tuple(t.shape)
    assert values.dtype == np.float32
    got = (values.reshape(-1).view(np.uint32) >> 16).astype(np.uint16)
    nan = np.isnan(bf16_bits_to_f32(bits))
    np.testing.assert_array_equal(got[~nan], bits[~nan])
    assert np.isnan(values.reshape(-1)[nan]).all()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dense<2.5> : tensor<2x3xbf16>", np.full((2, 3), 2.5, np.float32)),
        (
            "dense<[[1.5, 0.1], [2.0, 3.0]]> : tensor<2x2xf16>",
            np.array([[1.5, 0.1], [2, 3]], np.float16),
        ),
        ("dense<[true, false]> : tensor<2xi1>", np.array([True, False])),
        ("dense<7> : tensor<2xi64>", np.array([7, 7])),
        ("dense<[1.0, -2.0, 0.5]> : tensor<3xf32>", np.array([1, -2, 0.5], np.float32)),
    ],
)
def test_other_element_types(text: str, expected: np.ndarray) -> None:
    with make_context():
        values = dense_array(ir.DenseElementsAttr(ir.Attribute.parse(text)))
    np.testing.assert_array_equal(values, expected)
    assert values.dtype.kind == expected.dtype.kind

"""How far one result is from another, the same way everywhere.

Relative error is relative to the largest |reference| value (not per element,
which explodes near zeros): `max|a - r| / max|r|`. NaN where both have NaN
counts as equal; NaN on one side only, or a shape mismatch, is an infinite
error. Integers and booleans compare exactly (tolerance 0); bf16 (uint16 bits,
see bf16.py) compares as the f32 values it holds.

A function of several results (a training step: the loss, then one gradient
per parameter) may return one that is zero in exact arithmetic, the key
bias's gradient under softmax, which both sides compute as rounding noise
(1e-10 beside gradients of 1e-2): relative to its own max|r| that noise is an
error of 100%. `noise_floor` is a thousandth of the largest |value| of all
the results, and `error_stats(..., floor)` divides by no less than it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from mlirfuse.runner.bf16 import BF16_BITS, as_float

# Default relative tolerance by numpy dtype kind/size.
FLOAT_TOLERANCE = {2: 1e-2, 4: 1e-5, 8: 1e-12}
# bf16 keeps 8 significant bits (f16: 11): 8x f16's tolerance.
BF16_TOLERANCE = 8e-2
# A result this far below the function's largest is judged against that scale.
NOISE_FLOOR = 1e-3


def default_tolerance(dtype: np.dtype) -> float:
    """1e-5 for f32, 1e-12 for f64, 1e-2 for f16, 8e-2 for bf16, 0 (exact) for integers and i1."""
    if dtype == BF16_BITS:
        return BF16_TOLERANCE
    if dtype.kind == "f":
        return FLOAT_TOLERANCE.get(dtype.itemsize, 1e-5)
    return 0.0


@dataclass(frozen=True)
class ErrorStats:
    max_abs: float
    max_rel: float

    def within(self, tolerance: float) -> bool:
        return self.max_rel <= tolerance


def noise_floor(references: list[np.ndarray]) -> float:
    """NOISE_FLOOR times the largest finite |value| of the float `references`
    (module docstring); 0.0 for one result, whose own scale is always above it."""
    if len(references) < 2:
        return 0.0
    largest = 0.0
    for reference in references:
        values = as_float(reference)
        if values.dtype.kind == "f" and values.size:
            finite = np.abs(values[np.isfinite(values)])
            largest = max(largest, float(finite.max()) if finite.size else 0.0)
    return NOISE_FLOOR * largest


def error_stats(actual: np.ndarray, reference: np.ndarray, floor: float = 0.0) -> ErrorStats:
    """Max absolute and max relative (to max |reference|, and no less than
    `floor`: `noise_floor`) error of `actual`."""
    if actual.shape != reference.shape:
        return ErrorStats(math.inf, math.inf)
    if actual.size == 0:
        return ErrorStats(0.0, 0.0)
    a = as_float(actual).astype(np.float64)
    r = as_float(reference).astype(np.float64)
    both_nan = np.isnan(a) & np.isnan(r)
    with np.errstate(invalid="ignore"):
        diff = np.abs(a - r)
    diff = np.where(both_nan, 0.0, diff)
    diff = np.where(np.isnan(diff), np.inf, diff)
    max_abs = float(diff.max())
    finite = np.abs(r[np.isfinite(r)])
    scale = max(float(finite.max()) if finite.size else 0.0, floor)
    if scale > 0:
        return ErrorStats(max_abs, max_abs / scale)
    return ErrorStats(max_abs, 0.0 if max_abs == 0 else math.inf)

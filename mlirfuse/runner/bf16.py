"""bf16 arrays as the runner sees them: numpy has no bfloat16, so a bf16 tensor
travels as its raw bits in a `uint16` array (the layout the zoo's `.npz` files use).

The runner has no unsigned integer types (MLIR's signless `i16` is `int16`), so a
`uint16` array always means bf16 bits. Values are compared and summarised
after widening to f32, which holds every bf16 value exactly.
"""

from __future__ import annotations

import numpy as np

BF16_BITS = np.dtype(np.uint16)


def is_bf16(array: np.ndarray) -> bool:
    return array.dtype == BF16_BITS


def bf16_to_f32(bits: np.ndarray) -> np.ndarray:
    """The f32 values of bf16 bits (exact: bf16 is the top half of an f32)."""
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(values: np.ndarray) -> np.ndarray:
    """bf16 bits of f32 values, rounded to nearest even (as arith.truncf does); NaN stays NaN."""
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    rounding = np.uint32(0x7FFF) + ((bits >> 16) & np.uint32(1))
    rounded = ((bits + rounding) >> 16).astype(np.uint16)
    quiet_nan = ((bits >> 16) | np.uint32(0x0040)).astype(np.uint16)
    return np.where(np.isnan(values), quiet_nan, rounded)


def as_float(array: np.ndarray) -> np.ndarray:
    """bf16 bits widened to f32; any other array unchanged."""
    return bf16_to_f32(array) if is_bf16(array) else array

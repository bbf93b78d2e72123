"""The values of a dense elements attribute as a numpy array, any element type.

The bindings give a numpy view of most dense attributes (`np.array(attr)`),
but none of a bf16 one (numpy has no bf16) and no indexing of an f16 one.
A bf16 attribute is read from its printed form instead, which is either the
raw little-endian bits (`dense<"0x…">`, the large ones) or a nested list of
decimals, with special values (NaN, ±inf) printed as hex bit patterns; its
values come back as f32, which holds every bf16 value exactly.
"""

from __future__ import annotations

import re

import numpy as np
from mlir import ir

_HEX_BLOB = re.compile(r'^dense<"0x([0-9A-Fa-f]*)">')
_LIST = re.compile(r"^dense<(.*)>\s*:", re.S)


class DenseValueError(ValueError):
    """The attribute's values cannot be read (an element type numpy lacks)."""


def bf16_bits_to_f32(bits: np.ndarray) -> np.ndarray:
    """bf16 bit patterns (uint16) as the f32 values they stand for."""
    return (bits.astype(np.uint32) << 16).view(np.float32)


def dense_array(attr: ir.DenseElementsAttr) -> np.ndarray:
    """`attr`'s values shaped as its type; bf16 as exact f32 values."""
    shaped = ir.ShapedType(attr.type)
    shape = list(shaped.shape)
    element = str(shaped.element_type)
    if element == "bf16":
        return _bf16_values(attr, int(np.prod(shape))).reshape(shape)
    if attr.is_splat:
        return np.full(shape, _splat_number(attr.get_splat_value()))
    array = np.array(attr)
    if array.dtype == np.object_:
        raise DenseValueError(f"no numpy view of a dense {element} attribute")
    return array.reshape(shape)


def _splat_number(attr: ir.Attribute) -> float | int | bool:
    if isinstance(attr, ir.FloatAttr):
        return float(attr.value)
    if isinstance(attr, ir.BoolAttr):
        return bool(attr.value)
    return int(ir.IntegerAttr(attr).value)


def _bf16_values(attr: ir.DenseElementsAttr, count: int) -> np.ndarray:
    text = str(attr)
    blob = _HEX_BLOB.match(text)
    if blob is not None:
        bits = np.frombuffer(bytes.fromhex(blob.group(1)), dtype="<u2")
    else:
        listed = _LIST.match(text)
        if listed is None:
            raise DenseValueError(f"unreadable bf16 attribute {text[:60]}")
        bits = np.array([_bf16_bits(t) for t in re.split(r"[\[\],\s]+", listed.group(1)) if t])
    if bits.size == 1 and count != 1:  # a splat prints one element
        bits = np.full(count, bits[0])
    if bits.size != count:
        raise DenseValueError(f"a bf16 attribute of {count} elements printed {bits.size}")
    return bf16_bits_to_f32(bits.astype(np.uint16))


def _bf16_bits(token: str) -> int:
    """One printed element: a hex bit pattern, or a decimal printed close
    enough to its bf16 value that rounding to nearest recovers the bits."""
    if token.lower().startswith("0x"):
        return int(token, 16)
    bits = int(np.array([float(token)], np.float32).view(np.uint32)[0])
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16

"""`dense_resource` constants become dense constants before the GPU lowering.

torch-mlir exports small integer tensors (GroupNorm's gather indices) as
`dense_resource<NAME>` attributes whose bytes live in the module's resource
section. A kernel reading one bufferizes it to a `memref.global`, whose
values the launch manifest must carry, and the bindings expose no reader for
resource blobs. They print them, though:

    {-# dialect_resources: { builtin: { NAME: "0x<alignment><data>" } } #-}

the alignment a little-endian 32-bit integer (8 hex digits), the data the
elements, row-major, little-endian (booleans one byte each), which is the raw
form a `dense<"0x...">` attribute parses from. So the module is printed once,
each blob decoded, and every `dense_resource` attribute replaced by the dense
attribute of the same type and values.
"""

from __future__ import annotations

import math
import re

from mlir import ir

from mlirfuse.gpu.irutil import walk

_BUILTIN = re.compile(r"\{-#\s*dialect_resources:.*?builtin:\s*\{([^{}]*)\}", re.S)
_BLOB = re.compile(r'(?:"((?:[^"\\]|\\.)*)"|([\w.$-]+))\s*:\s*"0x([0-9A-Fa-f]*)"')
_NAME = re.compile(r'^dense_resource<(?:"((?:[^"\\]|\\.)*)"|([^>]+))>')
ALIGNMENT_DIGITS = 8  # the blob's leading 32-bit alignment


class ResourceError(Exception):
    """A `dense_resource` whose blob is missing or of the wrong size."""

    def __init__(self, message: str, location: ir.Location) -> None:
        super().__init__(message)
        self.location = location


def resource_blobs(text: str) -> dict[str, str]:
    """The builtin dialect's blobs of a printed module: name -> data, hex."""
    section = _BUILTIN.search(text)
    if section is None:
        return {}
    return {
        (quoted or bare): digits[ALIGNMENT_DIGITS:]
        for quoted, bare, digits in _BLOB.findall(section.group(1))
    }


def _resource_name(attr: ir.Attribute) -> str | None:
    match = _NAME.match(str(attr))
    if match is None:
        return None
    return match.group(1) if match.group(1) is not None else match.group(2).strip()


def _element_bytes(element: ir.Type) -> int:
    if isinstance(element, ir.IndexType):
        return 8
    if isinstance(element, ir.IntegerType):
        return max(1, ir.IntegerType(element).width // 8)
    return ir.FloatType(element).width // 8


def dense_from_hex(digits: str, t: ir.ShapedType, where: ir.Location) -> ir.Attribute:
    """The dense attribute of type `t` whose row-major bytes are `digits`."""
    count = math.prod(t.shape)
    if len(digits) != 2 * count * _element_bytes(t.element_type):
        raise ResourceError(
            f"dense_resource blob holds {len(digits) // 2} bytes, {t} needs "
            f"{count * _element_bytes(t.element_type)}",
            where,
        )
    if str(t.element_type) == "i1":  # dense hex packs booleans; spell them out
        flat = ["true" if digits[i : i + 2] != "00" else "false" for i in range(0, len(digits), 2)]
        return ir.Attribute.parse(f"dense<{_nested(flat, list(t.shape))}> : {t}")
    return ir.Attribute.parse(f'dense<"0x{digits}"> : {t}')


def _nested(flat: list[str], shape: list[int]) -> str:
    if not shape:
        return flat[0]
    step = len(flat) // shape[0] if shape[0] else 0
    parts = [_nested(flat[i * step : (i + 1) * step], shape[1:]) for i in range(shape[0])]
    return "[" + ", ".join(parts) + "]"


def inline_dense_resources(module: ir.Module) -> int:
    """Replace every `dense_resource` attribute of `module` by its dense
    values; returns how many were replaced."""
    found = [
        (op, attr_name, name)
        for op in walk(module.operation)
        for attr_name in list(op.attributes)
        if (name := _resource_name(op.attributes[attr_name])) is not None
    ]
    if not found:
        return 0
    blobs = resource_blobs(module.operation.get_asm(enable_debug_info=False))
    for op, attr_name, name in found:
        attr = op.attributes[attr_name]
        if name not in blobs:
            raise ResourceError(f"dense_resource<{name}> has no blob in the module", op.location)
        t = ir.ShapedType(attr.type)
        with op.location:
            op.attributes[attr_name] = dense_from_hex(blobs[name], t, op.location)
    return len(found)

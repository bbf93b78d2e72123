"""What a function takes and returns, as numpy sees it.

The runner reads the tensor signature of the called function before lowering
(the lowered function only has memref descriptors), checks the caller's
arrays against it and allocates the results from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from mlir import ir

from mlirfuse.runner.bf16 import BF16_BITS, f32_to_bf16
from mlirfuse.runner.errors import RunnerError

# MLIR element type -> numpy dtype. i1 is stored one byte per element, as numpy's bool;
# bf16 as its raw bits in uint16 (bf16.py).
ELEMENT_DTYPES: dict[str, np.dtype] = {
    "bf16": BF16_BITS,
    "f16": np.dtype(np.float16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
}


@dataclass(frozen=True)
class TensorSpec:
    """One ranked tensor argument or result; `None` marks a dynamic dimension."""

    shape: tuple[int | None, ...]
    dtype: np.dtype
    type_text: str

    @property
    def is_static(self) -> bool:
        return all(d is not None for d in self.shape)

    def matches_shape(self, shape: tuple[int, ...]) -> bool:
        if len(shape) != len(self.shape):
            return False
        return all(want is None or want == got for want, got in zip(self.shape, shape, strict=True))


@dataclass(frozen=True)
class FunctionSignature:
    name: str
    args: tuple[TensorSpec, ...]
    results: tuple[TensorSpec, ...]
    location: str | None


def tensor_spec(type_: ir.Type, what: str, location: str | None) -> TensorSpec:
    tensor = type_.maybe_downcast()
    if not isinstance(tensor, ir.RankedTensorType):
        raise RunnerError(
            f"{what} has type {type_}: the runner supports ranked tensors only", location
        )
    element = str(tensor.element_type)
    dtype = ELEMENT_DTYPES.get(element)
    if dtype is None:
        known = ", ".join(ELEMENT_DTYPES)
        raise RunnerError(
            f"{what} has element type {element}: the runner supports {known}", location
        )
    shape = tuple(
        None if tensor.is_dynamic_dim(i) else int(tensor.shape[i]) for i in range(tensor.rank)
    )
    return TensorSpec(shape, dtype, str(type_))


def function_signature(func: ir.Operation, location: str | None) -> FunctionSignature:
    """The tensor signature of a `func.func` operation."""
    name = ir.StringAttr(func.attributes["sym_name"]).value
    type_ = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    args = tuple(
        tensor_spec(t, f"argument #{i} of @{name}", location) for i, t in enumerate(type_.inputs)
    )
    results = tuple(
        tensor_spec(t, f"result #{i} of @{name}", location) for i, t in enumerate(type_.results)
    )
    return FunctionSignature(name, args, results, location)


def _shape_text(shape: Sequence[int | None]) -> str:
    return "x".join("?" if d is None else str(d) for d in shape) or "scalar"


def check_inputs(signature: FunctionSignature, arrays: Sequence[object]) -> list[np.ndarray]:
    """The caller's arrays, C-contiguous, after checking count, shape and dtype."""
    name, location = signature.name, signature.location
    if len(arrays) != len(signature.args):
        raise RunnerError(
            f"@{name} takes {len(signature.args)} argument(s) but {len(arrays)} array(s) "
            "were given",
            location,
        )
    checked = []
    for i, (spec, value) in enumerate(zip(signature.args, arrays, strict=True)):
        array = _signless(np.asarray(value), spec.dtype)
        if array.dtype != spec.dtype:
            raise RunnerError(
                f"argument #{i} of @{name} is {spec.type_text} but the array has dtype "
                f"{array.dtype} (convert it with .astype(numpy.{spec.dtype.name}))",
                location,
            )
        if not spec.matches_shape(array.shape):
            raise RunnerError(
                f"argument #{i} of @{name} is {spec.type_text} but the array has shape "
                f"{_shape_text(array.shape)}",
                location,
            )
        checked.append(np.ascontiguousarray(array))
    return checked


def _signless(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """An unsigned array passed for a (signless) MLIR integer of its width
    has the same bits: MLIR's i8 holds PyTorch's uint8 too (the ops say how
    the bits are read: `extui`, `uitofp`). Viewed as the signature's dtype."""
    unsigned = array.dtype.kind == "u" and dtype.kind == "i"
    return array.view(dtype) if unsigned and array.dtype.itemsize == dtype.itemsize else array


def check_outputs(signature: FunctionSignature, arrays: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Caller-provided result arrays: one per result, matching dtype and shape,
    C-contiguous and writable (the function writes into them in place)."""
    name, location = signature.name, signature.location
    if len(arrays) != len(signature.results):
        raise RunnerError(
            f"@{name} has {len(signature.results)} result(s) but out= holds {len(arrays)} array(s)",
            location,
        )
    for i, (spec, array) in enumerate(zip(signature.results, arrays, strict=True)):
        if not isinstance(array, np.ndarray) or array.dtype != spec.dtype:
            got = array.dtype if isinstance(array, np.ndarray) else type(array).__name__
            raise RunnerError(
                f"out[{i}] of @{name} must be {spec.dtype} ({spec.type_text}), not {got}", location
            )
        if not spec.matches_shape(array.shape):
            raise RunnerError(
                f"out[{i}] of @{name} is {spec.type_text} but the array has shape "
                f"{_shape_text(array.shape)}",
                location,
            )
        if not array.flags.c_contiguous or not array.flags.writeable:
            raise RunnerError(f"out[{i}] of @{name} must be C-contiguous and writable", location)
    return list(arrays)


def result_shapes(
    signature: FunctionSignature, given: Sequence[Sequence[int]] | None
) -> list[tuple[int, ...]]:
    """Static result shapes, or those the caller gave for dynamic results."""
    name, location = signature.name, signature.location
    if given is None:
        dynamic = [i for i, spec in enumerate(signature.results) if not spec.is_static]
        if dynamic:
            listed = ", ".join(f"#{i} ({signature.results[i].type_text})" for i in dynamic)
            raise RunnerError(
                f"result(s) {listed} of @{name} have dynamic shapes the runner cannot "
                "compute (multi-block function): pass result_shapes= with every result's shape",
                location,
            )
        return [tuple(d for d in spec.shape if d is not None) for spec in signature.results]
    if len(given) != len(signature.results):
        raise RunnerError(
            f"@{name} has {len(signature.results)} result(s) but {len(given)} result shape(s) "
            "were given",
            location,
        )
    shapes = [tuple(int(d) for d in shape) for shape in given]
    for i, (spec, shape) in enumerate(zip(signature.results, shapes, strict=True)):
        if not spec.matches_shape(shape):
            raise RunnerError(
                f"result #{i} of @{name} is {spec.type_text}, not {_shape_text(shape)}", location
            )
    return shapes


def random_inputs(signature: FunctionSignature, seed: int) -> list[np.ndarray]:
    """Seeded inputs for a static signature: floats (bf16 too) uniform in [-1, 1), integers
    small (in [-4, 4]) so sums and products stay exact, booleans fair coins."""
    rng = np.random.default_rng(seed)
    arrays = []
    for i, spec in enumerate(signature.args):
        if not spec.is_static:
            raise RunnerError(
                f"argument #{i} of @{signature.name} ({spec.type_text}) has a dynamic shape: "
                "random inputs need static shapes (give --inputs)",
                signature.location,
            )
        shape = tuple(d for d in spec.shape if d is not None)
        if spec.dtype == BF16_BITS:
            arrays.append(f32_to_bf16(rng.uniform(-1.0, 1.0, shape)))
        elif spec.dtype.kind == "f":
            arrays.append(rng.uniform(-1.0, 1.0, shape).astype(spec.dtype))
        elif spec.dtype.kind == "b":
            arrays.append(rng.integers(0, 2, shape).astype(np.bool_))
        else:
            arrays.append(rng.integers(-4, 5, shape).astype(spec.dtype))
    return arrays

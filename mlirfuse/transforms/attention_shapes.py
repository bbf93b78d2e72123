"""Type and map text for the attention kernel's CPU form (no decisions here).

A size is an `int` or, for a dynamic batch dim, the SSA name of the index
value holding it (`%bsz0`): `tensor` prints it `?`, `empty` passes it to
`tensor.empty`, and slice sizes and `output_shape` lists print it as is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
Size = int | str  # a static extent, or the name of a dynamic one's index value


def tensor(shape: Sequence[Size], element: str = "f32") -> str:
    return (
        "tensor<" + "".join(f"{'?' if isinstance(d, str) else d}x" for d in shape) + element + ">"
    )


def empty(shape: Sequence[Size], element: str = "f32") -> str:
    """`tensor.empty(dynamic sizes…) : type` of `shape`."""
    sizes = ", ".join(d for d in shape if isinstance(d, str))
    return f"tensor.empty({sizes}) : {tensor(shape, element)}"


def affine(loops: int, dims: list[int]) -> str:
    names = ", ".join(f"d{i}" for i in range(loops))
    return f"affine_map<({names}) -> ({', '.join(f'd{d}' for d in dims)})>"


def iterators(parallel: int, reduction: int = 0) -> str:
    names = ['"parallel"'] * parallel + ['"reduction"'] * reduction
    return "[" + ", ".join(names) + "]"


def viewed(items: Sequence[T], view: tuple[int, ...] | None) -> list[T]:
    """`items` (one per dim of an operand) as the tensor its view reads."""
    return list(items) if view is None else [items[s] for s in view]


def size_name(batch_dim: int) -> str:
    """The kernel function's index argument holding dynamic batch dim `batch_dim`."""
    return f"%bsz{batch_dim}"

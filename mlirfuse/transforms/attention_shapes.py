"""Type and map text for the attention kernel's CPU form (no decisions here).

A size is an `int` or, for a dynamic batch dim, the SSA name of the index
value holding it (`%bsz0`): `tensor` prints it `?`, `empty` passes it to
`tensor.empty`, and slice sizes and `output_shape` lists print it as is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
PROLOGUE_ATTR = "mlirfuse.attention_prologue"  # on an operand prologue's placeholder
Size = int | str  # a static extent, or the name of a dynamic one's index value


def tensor(shape: Sequence[Size], element: str = "f32") -> str:
    return (
        "tensor<" + "".join(f"{'?' if isinstance(d, str) else d}x" for d in shape) + element + ">"
    )


def empty(shape: Sequence[Size], element: str = "f32") -> str:
    """`tensor.empty(dynamic sizes…) : type` of `shape`."""
    sizes = ", ".join(d for d in shape if isinstance(d, str))
    return f"tensor.empty({sizes}) : {tensor(shape, element)}"


def affine(loops: int, dims: list[int], divisors: Sequence[int] | None = None) -> str:
    """The map reading loop dims `dims`, each over its divisor (a repeated
    kv head: `d1 floordiv 2`) when `divisors` are given."""
    names = ", ".join(f"d{i}" for i in range(loops))
    cuts = list(divisors) if divisors else [1] * len(dims)
    exprs = [f"d{d}" if c == 1 else f"d{d} floordiv {c}" for d, c in zip(dims, cuts, strict=True)]
    return f"affine_map<({names}) -> ({', '.join(exprs)})>"


def iterators(parallel: int, reduction: int = 0) -> str:
    names = ['"parallel"'] * parallel + ['"reduction"'] * reduction
    return "[" + ", ".join(names) + "]"


def viewed(items: Sequence[T], view: tuple[int, ...] | None) -> list[T]:
    """`items` (one per dim of an operand) as the tensor its view reads."""
    return list(items) if view is None else [items[s] for s in view]


def divided(sizes: Sequence[Size], divisors: Sequence[int] | None) -> list[Size]:
    """The extents of a tensor read at `dim floordiv c`: each over its c."""
    if not divisors:
        return list(sizes)
    out: list[Size] = []
    for size, c in zip(sizes, divisors, strict=True):
        if c != 1 and not isinstance(size, int):
            raise ValueError("a dynamic dim read through a repeat")  # views refuse it
        out.append(size if c == 1 else int(size) // c)
    return out


def size_name(batch_dim: int) -> str:
    """The kernel function's index argument holding dynamic batch dim `batch_dim`."""
    return f"%bsz{batch_dim}"


ROWS = "%rows"  # the kernel's index argument holding a dynamic query row count
KEYS = "%keys"  # … a dynamic key count
# A dynamic key count's key block: min(BN, keys - n0), so the last is partial.
BLOCK = "%bs"


def score_size_name(position: int, rank: int) -> str:
    """The index value holding dynamic score dim `position` (of `rank`)."""
    if position == rank - 2:
        return ROWS
    if position == rank - 1:
        return KEYS
    return size_name(position)


def contraction(
    name: str,
    ins: tuple[str, str],
    types: tuple[str, str],
    init: str,
    out_t: str,
    maps: tuple[str, str, str],
    parallel: int,
    elements: tuple[str, str] = ("f32", "f32"),
    prologues: tuple[tuple[int, str] | None, tuple[int, str] | None] = (None, None),
) -> list[str]:
    """`init + x·y` over the last loop. An operand with a prologue (its
    index, 0 Q, 1 K, 2 V, and the element type the prologue yields) first
    goes through a placeholder cast marked PROLOGUE_ATTR with that index;
    then 16-bit values are widened to f32."""
    body, operands = [], []
    for arg, element, prologue in zip(("%x", "%y"), elements, prologues, strict=True):
        if prologue is not None:
            index, applied = prologue
            body.append(
                f"        {arg}p = builtin.unrealized_conversion_cast {arg} : {element} to {applied}"
                f" {{{PROLOGUE_ATTR} = {index} : i64}}"
            )
            arg, element = f"{arg}p", applied
        if element == "f32":
            operands.append(arg)
            continue
        body.append(f"        {arg}w = arith.extf {arg} : {element} to f32")
        operands.append(f"{arg}w")
    return [
        f"      {name} = linalg.generic {{indexing_maps = [{', '.join(maps)}],"
        f" iterator_types = {iterators(parallel, 1)}}}"
        f" ins({ins[0]}, {ins[1]} : {types[0]}, {types[1]}) outs({init} : {out_t}) {{",
        f"      ^bb0(%x: {elements[0]}, %y: {elements[1]}, %o: f32):",
        *body,
        f"        %xy = arith.mulf {operands[0]}, {operands[1]} : f32",
        "        %sum = arith.addf %o, %xy : f32",
        "        linalg.yield %sum : f32",
        f"      }} -> {out_t}",
    ]

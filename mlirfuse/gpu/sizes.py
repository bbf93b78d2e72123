"""Size expressions: how a dynamic size is computed from the arguments' dims.

Plain JSON data (pure Python, no MLIR), the launch manifest's format for
every size that is not a constant (docs/gpu-lowering.md, "Dynamic shapes"):

- an integer: a constant;
- `{"arg": i, "dim": d}`: dim d of argument i (a function's, in the
  manifest; a kernel unit's, in a unit's launch);
- `{"arg": i}`: the value of scalar argument i (a unit's index arguments);
- `{"add": [a, b]}`, `{"sub": [a, b]}`, `{"mul": [a, b]}`,
  `{"floordiv": [a, b]}`, `{"ceildiv": [a, b]}`, `{"mod": [a, b]}`,
  `{"min": [a, b, ...]}`, `{"max": [a, b, ...]}` on such expressions
  (floor and ceiling division and a non-negative modulo, as in affine maps).

Builders fold constants and neutral elements, so a static size stays an
integer. `evaluate` gives the value for concrete argument shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Expr = Any  # int | dict[str, Any] (JSON)
OPS = ("add", "sub", "mul", "floordiv", "ceildiv", "mod", "min", "max")


class UnknownSize(Exception):
    """A size that is not an expression of the arguments' dims."""


def arg_dim(arg: int, dim: int) -> Expr:
    return {"arg": arg, "dim": dim}


def scalar_arg(arg: int) -> Expr:
    return {"arg": arg}


def _floordiv(a: int, b: int) -> int:
    return a // b


def _ceildiv(a: int, b: int) -> int:
    return -(-a // b)


def _mod(a: int, b: int) -> int:
    return a % b


_FOLD: dict[str, Callable[[int, int], int]] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "floordiv": _floordiv,
    "ceildiv": _ceildiv,
    "mod": _mod,
    "min": min,
    "max": max,
}


def binary(op: str, a: Expr, b: Expr) -> Expr:
    """`op` of two expressions, folded where the result is known."""
    if isinstance(a, int) and isinstance(b, int):
        if op in ("floordiv", "ceildiv", "mod") and b == 0:
            raise UnknownSize(f"{op} by zero")
        return _FOLD[op](a, b)
    if (op == "add" and a == 0) or (op == "mul" and a == 1):
        return b
    if (op in ("add", "sub") and b == 0) or (op in ("mul", "floordiv", "ceildiv") and b == 1):
        return a
    if (op == "mul" and (a == 0 or b == 0)) or (op == "mod" and b == 1):
        return 0
    if op in ("min", "max") and a == b:
        return a
    if op in ("floordiv", "ceildiv") and isinstance(b, int):
        quotient = _exact_quotient(a, b)
        if quotient is not None:
            return quotient
    return {op: [a, b]}


def _exact_quotient(a: Expr, b: int) -> Expr | None:
    """`a / b` when `a` is a product with a constant factor `b` divides."""
    if isinstance(a, dict) and "mul" in a:
        x, y = a["mul"]
        if isinstance(y, int) and y % b == 0:
            return binary("mul", x, y // b)
        if isinstance(x, int) and x % b == 0:
            return binary("mul", y, x // b)
    return None


def product(values: Sequence[Expr]) -> Expr:
    result: Expr = 1
    for value in values:
        result = binary("mul", result, value)
    return result


def row_major_strides(sizes: Sequence[Expr]) -> list[Expr]:
    """Strides of a dense row-major buffer of these sizes."""
    strides: list[Expr] = []
    running: Expr = 1
    for size in reversed(sizes):
        strides.append(running)
        running = binary("mul", running, size)
    return list(reversed(strides))


def nonnegative(e: Expr) -> bool:
    """Provably >= 0 (dims and scalar sizes are never negative)."""
    if isinstance(e, int):
        return e >= 0
    if "arg" in e:
        return True
    ((op, operands),) = e.items()
    if op in ("add", "mul", "floordiv", "ceildiv", "min", "max"):
        return all(nonnegative(x) for x in operands)
    return op == "mod"


def is_static(e: Expr) -> bool:
    return isinstance(e, int)


def substitute(e: Expr, lookup: Callable[[int, int | None], Expr]) -> Expr:
    """`e` with every argument reference replaced by `lookup(arg, dim)` (dim
    None for a scalar argument), folded again."""
    if isinstance(e, int):
        return e
    if "arg" in e:
        return lookup(int(e["arg"]), e.get("dim"))
    ((op, operands),) = e.items()
    values = [substitute(x, lookup) for x in operands]
    result = values[0]
    for value in values[1:]:
        result = binary(op, result, value)
    return result


def evaluate(e: Expr, shapes: Sequence[Sequence[int]], scalars: Sequence[int] = ()) -> int:
    """The value of `e` for arguments of these shapes (and scalar values)."""

    def lookup(arg: int, dim: int | None) -> int:
        if dim is None:
            return int(scalars[arg])
        return int(shapes[arg][dim])

    value = substitute(e, lookup)
    if not isinstance(value, int):
        raise UnknownSize(f"size {e} did not evaluate")
    return value


def show(e: Expr) -> str:
    """Readable form: `arg0.d0 * 32`."""
    if isinstance(e, int):
        return str(e)
    if "arg" in e:
        return f"arg{e['arg']}" + (f".d{e['dim']}" if "dim" in e else "")
    ((op, operands),) = e.items()
    symbols = {"add": "+", "sub": "-", "mul": "*", "floordiv": "floordiv", "mod": "mod"}
    if op in symbols:
        return "(" + f" {symbols[op]} ".join(show(x) for x in operands) + ")"
    return f"{op}(" + ", ".join(show(x) for x in operands) + ")"

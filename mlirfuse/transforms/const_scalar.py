"""The arith and math ops of a linalg body, on numpy arrays (`const_interp.py`).

Each op applies to whole arrays (every point of a loop nest at once). Values
carry their MLIR element type as a numpy dtype: f32, f64 and f16 as
themselves, bf16 as float32 rounded to bf16 after every op (as a CPU computes
it: in f32, truncated), i1 as bool, iN as intN, index as int64. Basic float
arithmetic is IEEE in numpy as in LLVM (no contraction: torch-mlir sets no
fastmath flags); transcendentals are computed in float64 and rounded once,
the correctly rounded value that libm's f32 functions return but for rare
ties. An op outside these tables raises `Unsupported`: nothing is folded.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from mlir import ir

Array = np.ndarray


class Unsupported(Exception):
    """An op, type or value the interpreter does not evaluate."""


def dtype_of(t: ir.Type) -> np.dtype:
    """The numpy dtype holding MLIR element type `t`."""
    if isinstance(t, ir.IndexType):
        return np.dtype(np.int64)
    if isinstance(t, ir.IntegerType):
        widths = {1: np.bool_, 8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}
        if t.width not in widths:
            raise Unsupported(f"integer width {t.width}")
        return np.dtype(widths[t.width])
    floats = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": np.float32}
    if str(t) not in floats:
        raise Unsupported(f"element type {t}")
    return np.dtype(floats[str(t)])


def rounded(values: Array, t: ir.Type) -> Array:
    """`values` as element type `t` holds them."""
    out = np.asarray(values).astype(dtype_of(t))
    return bf16_round(out) if str(t) == "bf16" else out


def bf16_round(values: Array) -> Array:
    """float32 values rounded to the nearest bf16 (ties to even), as float32."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    bias = ((bits >> 16) & 1) + 0x7FFF
    kept = ((bits + bias) >> 16) << 16
    nan = np.isnan(values)
    out = kept.astype(np.uint32).view(np.float32)
    return np.where(nan, np.float32(np.nan), out).astype(np.float32)


def _trunc_div(a: Array, b: Array) -> Array:
    if np.any(b == 0):
        raise Unsupported("integer division by zero")
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def _unsigned(a: Array) -> Array:
    return a.astype(np.dtype(f"u{a.dtype.itemsize}")) if a.dtype != np.bool_ else a


def _unsigned_op(fn: Callable[[Array, Array], Array], a: Array, b: Array) -> Array:
    if np.any(b == 0):
        raise Unsupported("integer division by zero")
    return fn(_unsigned(a), _unsigned(b)).astype(a.dtype)


def _transcendental(fn: Callable[[Array], Array]) -> Callable[[Array], Array]:
    def apply(a: Array) -> Array:
        with np.errstate(all="ignore"):
            return fn(a.astype(np.float64)).astype(a.dtype)

    return apply


_erf = np.vectorize(math.erf, otypes=[np.float64])

BINARY: dict[str, Callable[[Array, Array], Array]] = {
    "arith.addf": np.add,
    "arith.subf": np.subtract,
    "arith.mulf": np.multiply,
    "arith.divf": np.divide,
    "arith.remf": np.fmod,
    "arith.addi": np.add,
    "arith.subi": np.subtract,
    "arith.muli": np.multiply,
    "arith.divsi": _trunc_div,
    "arith.remsi": lambda a, b: a - _trunc_div(a, b) * b,
    "arith.divui": lambda a, b: _unsigned_op(np.floor_divide, a, b),
    "arith.remui": lambda a, b: _unsigned_op(np.remainder, a, b),
    "arith.floordivsi": lambda a, b: a // np.where(b == 0, 1, b),
    "arith.ceildivsi": lambda a, b: -((-a) // np.where(b == 0, 1, b)),
    "arith.maximumf": np.maximum,
    "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax,
    "arith.minnumf": np.fmin,
    "arith.maxsi": np.maximum,
    "arith.minsi": np.minimum,
    "arith.maxui": lambda a, b: np.where(_unsigned(a) >= _unsigned(b), a, b),
    "arith.minui": lambda a, b: np.where(_unsigned(a) <= _unsigned(b), a, b),
    "arith.andi": np.bitwise_and,
    "arith.ori": np.bitwise_or,
    "arith.xori": np.bitwise_xor,
    "arith.shli": np.left_shift,
    "arith.shrsi": np.right_shift,
    "arith.shrui": lambda a, b: (_unsigned(a) >> b.astype(_unsigned(a).dtype)).astype(a.dtype),
    "math.powf": lambda a, b: np.power(a.astype(np.float64), b.astype(np.float64)),
    "math.atan2": lambda a, b: np.arctan2(a.astype(np.float64), b.astype(np.float64)),
}

UNARY: dict[str, Callable[[Array], Array]] = {
    "arith.negf": np.negative,
    "math.absf": np.abs,
    "math.absi": np.abs,
    "math.floor": np.floor,
    "math.ceil": np.ceil,
    "math.trunc": np.trunc,
    "math.roundeven": np.rint,
    "math.round": lambda a: np.trunc(a + np.copysign(np.asarray(0.5, a.dtype), a)),
    "math.sqrt": np.sqrt,
    "math.rsqrt": _transcendental(lambda a: 1.0 / np.sqrt(a)),
    "math.exp": _transcendental(np.exp),
    "math.exp2": _transcendental(np.exp2),
    "math.expm1": _transcendental(np.expm1),
    "math.log": _transcendental(np.log),
    "math.log2": _transcendental(np.log2),
    "math.log10": _transcendental(np.log10),
    "math.log1p": _transcendental(np.log1p),
    "math.sin": _transcendental(np.sin),
    "math.cos": _transcendental(np.cos),
    "math.tan": _transcendental(np.tan),
    "math.tanh": _transcendental(np.tanh),
    "math.atan": _transcendental(np.arctan),
    "math.erf": _transcendental(_erf),
}

_ORDERED: dict[str, Callable[[Array, Array], Array]] = {
    "oeq": np.equal,
    "ogt": np.greater,
    "oge": np.greater_equal,
    "olt": np.less,
    "ole": np.less_equal,
    "one": lambda a, b: (a != b) & ~np.isnan(a) & ~np.isnan(b),
}
_UNORDERED = {"ueq": "one", "ugt": "ole", "uge": "olt", "ult": "oge", "ule": "ogt", "une": "oeq"}
# arith.cmpf's predicate numbers (ArithBase.td) and arith.cmpi's.
_CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord"]
_CMPF += ["ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]
_CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def compare_floats(predicate: int, a: Array, b: Array) -> Array:
    name = _CMPF[predicate]
    nan = np.isnan(a) | np.isnan(b)
    if name in ("false", "true"):
        return np.full(np.broadcast(a, b).shape, name == "true")
    if name in ("ord", "uno"):
        return ~nan if name == "ord" else nan
    if name in _ORDERED:
        return np.asarray(_ORDERED[name](a, b)) & ~nan
    return ~np.asarray(_ORDERED[_UNORDERED[name]](a, b)) | nan


def compare_integers(predicate: int, a: Array, b: Array) -> Array:
    name = _CMPI[predicate]
    if name.startswith("u"):
        a, b, name = _unsigned(a), _unsigned(b), "s" + name[1:]
    table = {"eq": np.equal, "ne": np.not_equal, "slt": np.less, "sle": np.less_equal}
    table |= {"sgt": np.greater, "sge": np.greater_equal}
    return np.asarray(table[name](a, b))


def cast(name: str, a: Array, out: ir.Type) -> Array:
    """arith's conversions (extf, truncf, sitofp, fptosi, index_cast, ...)."""
    if name in ("arith.fptosi", "arith.fptoui"):
        if not np.all(np.isfinite(a)):
            raise Unsupported("a non-finite float converted to an integer")
        a = np.trunc(a)
    if name in ("arith.uitofp", "arith.extui", "arith.index_castui"):
        a = _unsigned(a)
    if name == "arith.trunci" and isinstance(out, ir.IntegerType) and out.width == 1:
        return (a & 1).astype(np.bool_)
    if name == "arith.extsi" and a.dtype == np.bool_:
        a = -a.astype(np.int64)  # i1 true is -1 signed
    return rounded(a, out)


CASTS = frozenset(
    {
        "arith.extf",
        "arith.truncf",
        "arith.sitofp",
        "arith.uitofp",
        "arith.fptosi",
        "arith.fptoui",
        "arith.index_cast",
        "arith.index_castui",
        "arith.extsi",
        "arith.extui",
        "arith.trunci",
    }
)

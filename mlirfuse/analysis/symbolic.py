"""Dynamic sizes as symbolic products (docs/dynamic-shapes.md).

torch-mlir exports a model with a dynamic batch as size arithmetic on the
batch: `affine.apply s0 * 32`, `arith.divsi %n, %c32`, i64 round trips
through `index_cast`, `select(x < 0, inferred, x)` for `view(-1, ...)`. Every
`?` in such a function is a constant times a product of the function's
dynamic extents (`tensor.dim %arg0, 0`), and that is what `Size` holds: a
rational coefficient and a product of symbols, one per dynamic dim of a
function argument (or index argument). Two `?` are equal when their `Size`s
are; a reshape's `?` splits into a `?` and its static factors.

Only what always holds is derived: a symbol is an extent, so never negative,
so `x < 0` is false for a product of symbols with a non-negative coefficient;
division is taken only when it is exact on the products (`B*32 / 32 = B`; a
division by a size that is 0 is the exported function's own undefined case).
Anything else (a `?` from data, a `max`, a sum of different products) is
`None`: unknown, and nothing is proven from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

Powers = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Size:
    """`coef` times the product of `symbol ** power` over `powers` (sorted)."""

    coef: Fraction
    powers: Powers = ()

    def __post_init__(self) -> None:
        if self.coef == 0 and self.powers:  # one zero: 0 * B is 0
            object.__setattr__(self, "powers", ())

    @staticmethod
    def const(value: int | Fraction) -> Size:
        return Size(Fraction(value))

    @staticmethod
    def symbol(name: str) -> Size:
        return Size(Fraction(1), ((name, 1),))

    @property
    def is_const(self) -> bool:
        return not self.powers

    def __mul__(self, other: Size | int) -> Size:
        if isinstance(other, int):
            other = Size.const(other)
        return Size(self.coef * other.coef, _combine(self.powers, other.powers, 1))

    __rmul__ = __mul__

    def __eq__(self, other: object) -> bool:
        # An int is the constant Size: `extent != 1` reads the same on both.
        if isinstance(other, int):
            return not self.powers and self.coef == other
        if isinstance(other, Size):
            return self.coef == other.coef and self.powers == other.powers
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.coef, self.powers))

    def exact_div(self, other: Size) -> Size | None:
        """self / other when it is again a product with an integer coefficient."""
        if other.coef == 0:
            return None
        powers = _combine(self.powers, other.powers, -1)
        coef = self.coef / other.coef
        if any(p < 0 for _, p in powers) or coef.denominator != 1:
            return None
        return Size(coef, powers)

    def plus(self, other: Size, sign: int = 1) -> Size | None:
        if self.coef == 0:
            return Size(sign * other.coef, other.powers)
        if other.coef == 0:
            return self
        if self.powers != other.powers:
            return None
        return Size(self.coef + sign * other.coef, self.powers)

    def non_negative(self) -> bool:
        return self.coef >= 0

    def __str__(self) -> str:
        terms = [f"{name}^{p}" if p != 1 else name for name, p in self.powers]
        if self.coef != 1 or not terms:
            terms.insert(0, str(self.coef))
        return "*".join(terms)


def _combine(a: Powers, b: Powers, sign: int) -> Powers:
    out = dict(a)
    for name, p in b:
        out[name] = out.get(name, 0) + sign * p
    return tuple(sorted((n, p) for n, p in out.items() if p != 0))


def product(sizes: list[Size | None]) -> Size | None:
    total = Size.const(1)
    for s in sizes:
        if s is None:
            return None
        total = total * s
    return total

"""Dims as runs of factors ("atoms"), and copies carried through them.

`einsum_chains.py` re-expresses a contraction read and written through
reshapes and transposes on its tensors' own dims. Every dim of every tensor
of a chain is a run of atoms: factors of a dim, most significant first, unit
dims having none. A transpose permutes the runs, a collapse concatenates
them, an expand cuts them at its sizes (splitting an atom where a cut falls
inside it, everywhere that atom occurs).
"""

from __future__ import annotations

import itertools
import math

from mlir import ir

from mlirfuse.transforms.ir_access import reassociation_groups, static_shape

Run = list[int]  # a dim's atoms, most significant first


def suffix_products(sizes: list[int]) -> set[int]:
    """Where a dim of `sizes` (most significant first) may be cut: the products of its tails."""
    cuts, product = set(), 1
    for size in reversed(sizes):
        product *= size
        cuts.add(product)
    return cuts


class Atoms:
    """Factors of dims. An atom cut later is replaced by its parts wherever it occurs."""

    def __init__(self) -> None:
        self.sizes: list[int] = []
        self.parts: dict[int, Run] = {}

    def fresh(self, size: int) -> Run:
        if size == 1:
            return []
        self.sizes.append(size)
        return [len(self.sizes) - 1]

    def resolve(self, run: Run) -> Run:
        out: Run = []
        for atom in run:
            out.extend(self.resolve(self.parts[atom]) if atom in self.parts else [atom])
        return out

    def run_sizes(self, run: Run) -> list[int]:
        return [self.sizes[a] for a in self.resolve(run)]

    def cut(self, run: Run, cuts: set[int]) -> bool:
        """Split `run`'s atoms so that no tail product in `cuts` falls inside
        one; False when one cannot (a cut that does not divide the atom)."""
        low = 1
        for atom in reversed(self.resolve(run)):
            high = low * self.sizes[atom]
            bounds = [low, *sorted(c for c in cuts if low < c < high), high]
            if any(b % a for a, b in itertools.pairwise(bounds)):
                return False
            if len(bounds) > 2:
                factors = [b // a for a, b in itertools.pairwise(bounds)]
                self.parts[atom] = [a for f in reversed(factors) for a in self.fresh(f)]
            low = high
        return True

    def split_into(self, run: Run, sizes: list[int]) -> list[Run] | None:
        """`run` cut into consecutive runs of `sizes` (most significant first)."""
        if not self.cut(run, suffix_products(sizes)):
            return None
        atoms, runs = self.resolve(run), []
        for size in sizes:
            part: Run = []
            while math.prod(self.sizes[a] for a in part) < size:
                part.append(atoms.pop(0))
            runs.append(part)
        return runs

    def align(self, runs: list[Run]) -> list[int] | None:
        """Cut `runs` (one loop as each operand sees it) to the same factors; those factors."""
        cuts = set().union(*(suffix_products(self.run_sizes(r)) for r in runs))
        if not all(self.cut(r, cuts) for r in runs):
            return None
        sizes = [self.run_sizes(r) for r in runs]
        return sizes[0] if all(s == sizes[0] for s in sizes) else None


def walk(atoms: Atoms, runs: list[Run], chain: list[ir.Operation]) -> list[Run] | None:
    """`runs` carried through `chain`'s copies (None: an expand cuts inside an atom)."""
    for op in chain:
        if op.name == "linalg.transpose":
            runs = [runs[p] for p in ir.DenseI64ArrayAttr(op.attributes["permutation"])]
        elif op.name == "tensor.collapse_shape":
            runs = [[a for d in group for a in runs[d]] for group in reassociation_groups(op)]
        else:
            shape, cut = static_shape(op.results[0]), []
            for run, group in zip(runs, reassociation_groups(op), strict=True):
                parts = atoms.split_into(run, [shape[d] for d in group])
                if parts is None:
                    return None
                cut.extend(parts)
            runs = cut
    return runs

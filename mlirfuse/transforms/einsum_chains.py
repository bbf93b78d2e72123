"""Copies and reshapes around a contraction become its loops and maps.

torch-mlir lowers `torch.einsum` (XLNet's `'ibnd,jbnd->bnij'`, Perceiver's,
every einsum-written attention that is not a softmax chain) to reshapes and
transposes that bring each operand to `(batch, m, k)` / `(batch, k, n)`, a
`linalg.batch_matmul`, and reshapes and transposes back. A transpose with a
reshape between it and the contraction cannot join the contraction's kernel
(`incompatible-space`: tile and fuse cannot follow the reshape), so each is a
copy kernel of its own: XLNet's layer launched 29 kernels where IREE O3
launches 15.

As IREE's reshape propagation does, the contraction is re-expressed on its
operands' own dims. Every dim of every tensor of a chain (the copied value,
each reshape, each transpose, the contraction's operand) is a run of
"atoms": factors of a dim, most significant first, unit dims having none. A
transpose permutes the runs, a collapse concatenates them, an expand cuts
them at its sizes (splitting an atom where a cut falls inside it, everywhere
that atom occurs). The contraction's loops are cut likewise so that every
operand's atoms line up (`Atoms.align`): each aligned factor becomes one loop
of a `linalg.generic` that reads each chain's source, expanded to its atoms,
through a projected permutation. Its result is reshaped back to the
contraction's type for the readers. Nothing is computed differently but the
order in which the sum over K runs through its factors.

Only f32 named matmuls and batch matmuls (16-bit ones stay named for the
tensor cores), only where a chain has a transpose that a reshape separates
from the contraction (a transpose feeding it directly joins its kernel
anyway), or reshapes alone separate a gather from it (neighborhood
attention's weighted sum reads each query's window of values gathered by
index and collapsed to `(batch, k, n)`: read directly, the gather is the
contraction's prologue instead of 852 KB written and read back). The GPU back end runs it before planning
(`gpu/before_fusion.py`), so the plan sees the kernels that launch. It leaves
the chains that the attention kernels and the head-layout folds
(`head_layout.py`, later in the fusion driver) take with all their copies,
the output's included.

The result's side too, of a contraction so folded: where copies alone read
the result, one after the other, and a reshape separates a transpose among
them from the contraction (a mixture of experts' `td,edh->eth` and its
weight gradient; a projection's head split, whose operands fold nothing,
stays for `head_layout.py` and the attention kernels), the generic
writes the chain's last value itself, so no copy kernel is left for the
transpose (`train_moe_top2`: two, 131 KB). Its loops are then merged where
every tensor it reads or writes holds their factors adjacent, in order: the
tokens an input's reshape split `2 x 12` are one loop when the output writes
them as one dim, so no reshape is left between the contraction and an
epilogue that reads the output (the atoms: `einsum_atoms.py`).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.analysis.attention import find_attention
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.batch_expand import expands
from mlirfuse.transforms.einsum_atoms import Atoms, Run, walk
from mlirfuse.transforms.ir_access import (
    producer_of,
    reshaped,
    static_shape,
)
from mlirfuse.transforms.ir_utils import multiply_accumulate

_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")
_COPIES = (*_RESHAPES, "linalg.transpose")
_NAMED = ("linalg.matmul", "linalg.batch_matmul")


def _chain(value: ir.Value) -> tuple[ir.Value, list[ir.Operation]]:
    """The copied value under `value` and the static reshapes and transposes
    from it up to `value`, in program order."""
    chain: list[ir.Operation] = []
    while (op := producer_of(value)) is not None and op.name in _COPIES:
        if any(d < 0 for d in static_shape(op.results[0]) + static_shape(op.operands[0])):
            break
        chain.insert(0, op)
        value = op.operands[0]
    return value, chain


def _separated_transpose(chain: list[ir.Operation]) -> bool:
    """A transpose with a reshape after it, before the contraction."""
    names = [op.name for op in chain]
    return "linalg.transpose" in names and names[-1] in _RESHAPES


def _reshaped_gather(source: ir.Value, chain: list[ir.Operation]) -> bool:
    """Reshapes alone between a gather (a generic reading by `tensor.extract`)
    and the contraction, which alone reads it: the gather joins the
    contraction's kernel as its prologue only when the contraction reads it
    directly. (A gather two sibling contractions read stays for both: one
    rewritten would no longer share their kernel.)"""
    gather = producer_of(source)
    if not chain or any(op.name not in _RESHAPES for op in chain) or gather is None:
        return False
    values = [source, *(op.results[0] for op in chain)]
    if gather.name != "linalg.generic" or any(len(list(v.uses)) != 1 for v in values):
        return False
    if any("parallel" not in str(it) for it in ir.ArrayAttr(gather.attributes["iterator_types"])):
        return False
    body = gather.regions[0].blocks[0].operations
    return any(inner.operation.name == "tensor.extract" for inner in body)


def _out_chain(value: ir.Value) -> list[ir.Operation]:
    """The static copies that alone read the contraction's result, one after
    the other, in program order, up to the last reshape after a transpose
    that a reshape separates from the contraction (empty when there is none):
    torch's einsum writes `(batch, m, n)` and reshapes and transposes it back
    to the einsum's output layout, a copy kernel of its own."""
    chain: list[ir.Operation] = []
    while len(list(value.uses)) == 1:
        user = next(iter(value.uses)).owner.operation
        if user.name not in _COPIES or user.operands[0] != value:
            break
        if any(d < 0 for d in static_shape(user.results[0])):
            break
        chain.append(user)
        value = user.results[0]
    if not chain or chain[0].name not in _RESHAPES or not any(map(_moves_data, chain)):
        return []
    return chain


def _moves_data(op: ir.Operation) -> bool:
    """A transpose that reorders dims other than unit ones (a depthwise
    convolution's per-channel gradients, `32x1x1x1x1` permuted, move
    nothing: left as they were, the concat that joins them takes them)."""
    if op.name != "linalg.transpose":
        return False
    shape = static_shape(op.operands[0])
    moved = [p for p in ir.DenseI64ArrayAttr(op.attributes["permutation"]) if shape[p] != 1]
    return moved != sorted(moved)


def _through(
    atoms: Atoms, source: ir.Value, chain: list[ir.Operation]
) -> tuple[list[Run], list[Run]] | None:
    """The source's runs and the chain's last value's runs."""
    source_runs = [atoms.fresh(size) for size in static_shape(source)]
    runs = walk(atoms, list(source_runs), chain)
    return None if runs is None else (source_runs, runs)


def _operand_dims(batch: bool) -> tuple[list[int], list[int], list[int]]:
    """Per operand (A, B, C) the loop of each dim: loops are (batch?, m, n, k)."""
    lead = [0] if batch else []
    m, n, k = (1, 2, 3) if batch else (0, 1, 2)
    return [*lead, m, k], [*lead, k, n], [*lead, m, n]


class _Plan:
    """The generic a contraction becomes: its loops, and each operand read through its source."""

    def __init__(self, op: ir.Operation) -> None:
        self.op, self.atoms = op, Atoms()
        self.sources: list[tuple[ir.Value, list[Run]]] = []
        self.copies: list[ir.Operation] = []  # the chains' ops, to go when nothing else reads them
        self.operand_runs: list[list[Run]] = []
        self.loop_factors: list[list[int]] = []
        self.loop_atoms: dict[int, int] = {}  # atom -> the generic loop it is
        self.out_chain: list[ir.Operation] = []  # the result's copies, written directly
        self.out_runs: list[Run] = []  # the out chain's last value's runs
        self.group_of: list[int] = []  # loop position -> the generic loop it merges into
        self.group_loop: list[int] = []  # generic loop -> the contraction's loop (batch, m, n, k)
        self.group_sizes: list[int] = []

    def build(self) -> bool:
        for value in list(self.op.operands)[:2]:
            source, chain = _chain(value)
            self.copies.extend(reversed(chain))
            found = _through(self.atoms, source, chain)
            if found is None:
                return False
            self.sources.append((source, found[0]))
            self.operand_runs.append(found[1])
        result = [self.atoms.fresh(s) for s in static_shape(self.op.results[0])]
        self.operand_runs.append(result)
        chain = _out_chain(self.op.results[0])
        trial = copy.deepcopy(self.atoms)  # an expand it cannot follow cuts nothing
        runs = walk(trial, list(result), chain) if chain else None
        if runs is not None:
            self.atoms, self.out_chain, self.out_runs = trial, chain, runs
        return self._align_loops()

    def write_map(self) -> tuple[list[int], ir.AffineMap]:
        """The generic's result: the out chain's last value in its atoms
        (unit dims dropped), else the loops' order; its shape and map."""
        if self.out_chain:
            entries = self._entries(self.out_runs)
            return self._tensor_map([a for a in entries if a is not None])
        reduced = self.reduced()
        loops = [i for i, r in enumerate(reduced) if not r]
        exprs = [ir.AffineDimExpr.get(i) for i in loops]
        shape = [self.group_sizes[i] for i in loops]
        return shape, ir.AffineMap.get(self._loops(), 0, exprs)

    def _entries(self, runs: list[Run]) -> list[int | None]:
        """A tensor's atoms in order, None for a unit dim."""
        out: list[int | None] = []
        for run in runs:
            atoms = self.atoms.resolve(run)
            out.extend(atoms if atoms else [None])
        return out

    def _tensor_map(self, entries: Sequence[int | None]) -> tuple[list[int], ir.AffineMap]:
        """Shape and map of a tensor of these atoms, one dim per run of them in one loop."""
        shape: list[int] = []
        exprs: list[ir.AffineExpr] = []
        last = None
        for atom in entries:
            if atom is None:
                shape.append(1)
                exprs.append(ir.AffineConstantExpr.get(0))
                last = None
                continue
            group = self.group_of[self.loop_atoms[atom]]
            if group == last:
                shape[-1] *= self.atoms.sizes[atom]
            else:
                shape.append(self.atoms.sizes[atom])
                exprs.append(ir.AffineDimExpr.get(group))
            last = group
        return shape, ir.AffineMap.get(self._loops(), 0, exprs)

    def _merge_loops(self) -> None:
        """Adjacent factors of one loop that every tensor the generic reads
        or writes holds adjacent, in order, become one loop: a tensor's
        dims split only where another tensor needs it (`2x12x32` read as
        `24x32` where the output writes the 24 rows as one dim)."""
        tensors = [self._entries(runs) for _, runs in self.sources]
        tensors.append(self._entries(self.out_runs))
        # Without an out chain the result goes back to the contraction's
        # type through a reshape anyway: the loops stay as the atoms cut them.
        merge = bool(self.out_chain)
        seqs = [[None if a is None else self.loop_atoms[a] for a in t] for t in tensors]
        loop_of = [i for i, f in enumerate(self.loop_factors) for _ in f]
        sizes = [s for f in self.loop_factors for s in f]
        self.group_of, self.group_loop, self.group_sizes = [], [], []
        for p, size in enumerate(sizes):
            same_loop = p and loop_of[p] == loop_of[p - 1]
            if merge and same_loop and all(_adjacent(q, p - 1) for q in seqs):
                self.group_sizes[-1] *= size
            else:
                self.group_loop.append(loop_of[p])
                self.group_sizes.append(size)
            self.group_of.append(len(self.group_sizes) - 1)

    def _align_loops(self) -> bool:
        dims = _operand_dims(self.op.name == "linalg.batch_matmul")
        loops = max(max(d) for d in dims) + 1
        position = 0
        for loop in range(loops):
            runs = [self.operand_runs[i][dims[i].index(loop)] for i in range(3) if loop in dims[i]]
            factors = self.atoms.align(runs)
            if factors is None:
                return False
            for run in runs:
                for offset, atom in enumerate(self.atoms.resolve(run)):
                    self.loop_atoms[atom] = position + offset
            self.loop_factors.append(factors)
            position += len(factors)
        self._merge_loops()
        return True

    def read_map(self, runs: list[Run]) -> tuple[list[int], ir.AffineMap]:
        """A source reshaped to its atoms (a unit dim kept as 1): its shape and map."""
        return self._tensor_map(self._entries(runs))

    def _loops(self) -> int:
        return len(self.group_sizes)

    def reduced(self) -> list[bool]:
        return [loop == len(self.loop_factors) - 1 for loop in self.group_loop]


def _adjacent(seq: list[int | None], p: int) -> bool:
    """Loop p + 1 follows loop p wherever either occurs in `seq` (or neither does)."""
    for i, q in enumerate(seq):
        if q == p and (i + 1 == len(seq) or seq[i + 1] != p + 1):
            return False
        if q == p + 1 and (i == 0 or seq[i - 1] != p):
            return False
    return True


def _f32(op: ir.Operation) -> bool:
    return all(isinstance(ir.ShapedType(v.type).element_type, ir.F32Type) for v in op.operands)


def _init_fill(op: ir.Operation) -> ir.Value | None:
    """The scalar the contraction's init is filled with (None: not a fill of an empty)."""
    fill = producer_of(op.operands[2])
    if fill is None or fill.name != "linalg.fill":
        return None
    empty = producer_of(fill.operands[1])
    return fill.operands[0] if empty is not None and empty.name == "tensor.empty" else None


def _emit(plan: _Plan, scalar: ir.Value) -> ir.Value:
    """The generic (at the contraction) and its result reshaped to the contraction's type."""
    op, f32 = plan.op, ir.F32Type.get()
    inputs, maps = [], []
    for source, runs in plan.sources:
        shape, amap = plan.read_map(runs)
        inputs.append(reshaped(source, shape))
        maps.append(amap)
    out_shape, out_map = plan.write_map()
    init = linalg.fill(scalar, outs=[tensor.EmptyOp(out_shape, f32).result])
    maps.append(out_map)
    new = multiply_accumulate(inputs, init, maps, plan.reduced())
    if plan.out_chain:
        return reshaped(new.results[0], static_shape(plan.out_chain[-1].results[0]))
    result_shape = static_shape(op.results[0])
    merged = [math.prod(plan.atoms.run_sizes(r)) for r in plan.operand_runs[2] if r]
    return reshaped(reshaped(new.results[0], merged or [1]), result_shape)


def _rewrite(op: ir.Operation) -> bool:
    if op.name not in _NAMED or len(op.operands) != 3 or not _f32(op) or "cast" in op.attributes:
        return False
    if any(d < 0 for v in op.operands for d in static_shape(v)):
        return False
    chains = [_chain(v) for v in list(op.operands)[:2]]
    if not any(_separated_transpose(c) or _reshaped_gather(s, c) for s, c in chains):
        return False
    scalar, plan = _init_fill(op), _Plan(op)
    if scalar is None or not plan.build() or not any(plan.loop_factors[:-1]):
        return False
    with ir.InsertionPoint(op), op.location:
        value = _emit(plan, scalar)
    init = producer_of(op.operands[2])
    with Rewrite("an einsum's copies as a contraction's loops", op) as rw:
        if plan.out_chain:  # its last copy is what the readers read; the rest goes
            rw.replace_op(plan.out_chain[-1], [value])
            for copied in [op, *plan.out_chain[:-1]]:
                rw.erase(copied)
        else:
            rw.replace_op(op, [value])
        for dead in [*plan.copies, init]:
            if dead is not None:
                rw.erase_if_unused(dead)
    return True


def fold_einsum_chains(func: ir.Operation) -> int:
    """Every foldable contraction of `func`'s body re-expressed on its
    operands' sources; returns how many. Left alone: the two contractions of
    an attention chain (the attention kernel reads its operands through its
    own views) and head-split batch matmuls (`batch_expand.expands`: the
    head-layout folds take them with their output's copies too)."""
    block = func.regions[0].blocks[0]
    with func.context:
        attention = [
            op
            for candidate in find_attention(block)
            if candidate.match is not None
            for op in (candidate.match.scores.op, candidate.match.output.op)
        ]
        ops = [op_view.operation for op_view in block.operations]
        named = [op for op in ops if op.name in _NAMED and not any(op == a for a in attention)]
        return sum(_rewrite(op) for op in named if not expands(op))

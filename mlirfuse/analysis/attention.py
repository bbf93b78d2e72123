"""Attention chains, recognised by what they compute (read-only).

A chain is: a contraction `S = Q·K` (batch dims, then query rows `m`, keys
`n`, reduced `k`; K read as `(…, k, n)` or transposed `(…, n, k)`), an
optional `tensor.expand_shape` of its batch dim (heads), elementwise ops on
the scores that read nothing else of the chain (scale, additive or boolean
masks, `linalg.index` causal masks), maybe the inverse reshape already
(XGLM's `view(b·h, m, n)` after its masks: the softmax then runs in the
contraction's space), then a region whose value reaching a second
contraction `O = P·V` evaluates (`attention_exprs`) to the softmax of the
scores over the keys, and finally the inverse reshape. Nothing is named:
contractions are read from their indexing maps and bodies, the softmax from
its expressions. Every intermediate must stay inside the chain.

Mixed precision, as torch-mlir exports a 16-bit model: Q, K and V may be f16
or bf16 (the contractions widen them in their bodies and accumulate in f32);
score ops may narrow and widen again (`truncf` of the scores, a 16-bit scale
and mask, `extf`), and those that read nothing but the scores may come before
the heads' reshape; the softmax itself must run in f32; and `P·V` may be
narrowed by one conversion generic (`output_cast`), which the kernel then
applies to its output.

Sizes: the depths must be static (the kernel's tiles hold whole rows of Q,
K and V); batch dims (heads included), query rows and keys may be dynamic,
as a model exported with a dynamic batch or sequence length has them (the
kernel's key loop then ends in a short block, its rows in a short block).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, replace

from mlir import ir

from mlirfuse.analysis.attention_exprs import (
    ROWMAX,
    SOFTMAX,
    SOFTMAX_ZERO_ROWS,
    Expr,
    X,
    body_exprs,
    constant_expr,
    reduction_expr,
)
from mlirfuse.analysis.attention_narrowing import is_narrowing
from mlirfuse.analysis.structured import (
    PARALLEL,
    REDUCTION,
    dim_position,
    element_name,
    shape_of,
    structured_view,
)

RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")
# Element types Q, K and V may have: the kernel widens 16-bit ones to f32.
OPERAND_ELEMENTS = ("f32", "f16", "bf16")
_CONTRACTION_BODY = ["arith.addf", "arith.mulf", "linalg.yield"]
# The code of a Q·K contraction whose scores reach a softmax but that is no
# attention kernel (`AttentionCandidate.reason` says why).
NOT_ATTENTION = "not-attention"


@dataclass(frozen=True)
class Contraction:
    """A batched matmul spelled any way: `lhs (…, m, k) · rhs (…, k, n)`."""

    op: ir.Operation
    lhs: ir.Value
    rhs: ir.Value
    rhs_transposed: bool  # rhs read as (…, n, k)


@dataclass(frozen=True)
class AttentionMatch:
    scores: Contraction  # Q·Kᵀ
    output: Contraction  # P·V
    reassociation: tuple[tuple[int, ...], ...] | None  # contraction space -> score space
    # (batch…, M, N) where the softmax runs; any may be dynamic (None)
    score_shape: tuple[int | None, ...]
    chain: tuple[ir.Operation, ...]  # elementwise score ops (scale, masks), in order
    softmax: tuple[ir.Operation, ...]  # every op from the scores to P (reshapes included)
    zero_rows: bool  # fully masked rows give 0 (scaled_dot_product_attention)
    # The first `pre_reshape` chain ops come before the heads' reshape: they
    # read only the scores, in the contraction's space.
    pre_reshape: int = 0
    output_cast: ir.Operation | None = None  # P·V's narrowing generic, if any

    @property
    def rows(self) -> int | None:
        """Query rows per batch element (None: counted at run time)."""
        return self.score_shape[-2]

    @property
    def keys(self) -> int | None:
        """Keys per query row (None: counted at run time)."""
        return self.score_shape[-1]

    @property
    def result(self) -> ir.Value:
        """The value the kernel stands for: P·V's, or its narrowing's."""
        return (self.output_cast or self.output.op).results[0]

    @property
    def ops(self) -> tuple[ir.Operation, ...]:
        """Every op the kernel replaces, the score contraction first."""
        tail = (self.output_cast,) if self.output_cast is not None else ()
        return (self.scores.op, *self.chain, *self.softmax, self.output.op, *tail)


@dataclass(frozen=True)
class AttentionCandidate:
    """A contraction whose scores reach a row reduction: matched, or why not."""

    anchor: ir.Operation
    match: AttentionMatch | None
    reason: str = ""


def find_attention(block: ir.Block) -> list[AttentionCandidate]:
    """Every candidate chain of `block`, in program order."""
    found = []
    ops = [op_view.operation for op_view in block.operations]
    for position, op in enumerate(ops):
        c1 = contraction(op)
        if c1 is not None:
            candidate = match_from(c1, itertools.islice(ops, position + 1, None))
            if candidate is not None:
                found.append(candidate)
    return found


def contraction(op: ir.Operation) -> Contraction | None:
    view = structured_view(op)
    if view is None or view.num_inputs != 2 or len(op.results) != 1:
        return None
    loops = len(view.iterators)
    if loops < 3 or view.iterators != (PARALLEL,) * (loops - 1) + (REDUCTION,):
        return None
    if not _multiply_accumulate(op, view.num_inputs):
        return None
    lhs, rhs, out = ([dim_position(e) for e in m.results] for m in view.maps)
    batch = list(range(loops - 3))
    m, n, k = loops - 3, loops - 2, loops - 1
    if (
        out != [*batch, m, n]
        or lhs != [*batch, m, k]
        or rhs not in ([*batch, k, n], [*batch, n, k])
    ):
        return None
    if not is_zero(op.operands[2]):
        return None
    return Contraction(op, op.operands[0], op.operands[1], rhs == [*batch, n, k])


def _multiply_accumulate(op: ir.Operation, num_inputs: int) -> bool:
    """The body is `acc + a·b`, each input maybe widened first (`extf`: a
    16-bit operand accumulated in f32)."""
    body = op.regions[0].blocks[0]
    names = [o.operation.name for o in body.operations]
    if sorted(n for n in names if n != "arith.extf") != _CONTRACTION_BODY:
        return False
    inputs = list(body.arguments)[:num_inputs]
    widened = [o.operation for o in body.operations if o.operation.name == "arith.extf"]
    return len(widened) <= num_inputs and all(w.operands[0] in inputs for w in widened)


def is_zero(value: ir.Value) -> bool:
    """`value` is a zero fill (or a zero splat)."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return False
    if owner.operation.name == "linalg.fill":
        return constant_expr(owner.operation.operands[0]) == ("const", 0.0)
    return constant_expr(value) == ("const", 0.0)


def sole_user(value: ir.Value) -> ir.Operation | None:
    users = {use.owner.operation for use in value.uses}
    return users.pop() if len(users) == 1 else None


def reassociation(op: ir.Operation) -> tuple[tuple[int, ...], ...]:
    groups = ir.ArrayAttr(op.attributes["reassociation"])
    return tuple(tuple(int(ir.IntegerAttr(i).value) for i in ir.ArrayAttr(g)) for g in groups)


def match_from(
    c1: Contraction, following: Iterable[ir.Operation] | None = None
) -> AttentionCandidate | None:
    """The candidate chain whose score contraction is `c1`, or None when its
    scores reach no row reduction. `following`: the block's ops after `c1`
    (found by a scan of the block when not given)."""
    chain: list[ir.Operation] = []
    value = _score_ops(c1.op.results[0], chain)
    pre_reshape = len(chain)
    user = sole_user(value)
    reassoc, expand = None, None
    if user is not None and user.name == "tensor.expand_shape":
        if not all(_scores_only(op) for op in chain):
            return None  # the kernel cannot index the contraction's space
        reassoc, expand = reassociation(user), user
        value = user.results[0]
    shape = shape_of(value)
    if reassoc is not None and not _keeps_rows(reassoc, len(shape)):
        return None  # the kernel's rows and keys are dims of their own
    reshapes: list[ir.Operation] = [] if expand is None else [expand]
    if expand is None:
        pre_reshape = 0  # every score op is in the score space
    else:
        value = _score_ops(value, chain)
        back = _collapse_back(value, reassoc)
        if back is not None:  # the softmax runs in the contraction's space again
            reshapes.append(back)
            value = back.results[0]
    if not any(_row_reduction(u.owner.operation, value) for u in value.uses):
        return None  # the scores reach no softmax: a plain contraction
    candidate = _match_softmax(c1, (reassoc, reshapes), shape, chain, value, following)
    if candidate is None or candidate.match is None:
        return candidate
    if not _is_f32(value):
        return AttentionCandidate(
            c1.op, None, "the softmax runs in 16 bits: the online softmax keeps f32 statistics"
        )
    return AttentionCandidate(c1.op, replace(candidate.match, pre_reshape=pre_reshape))


def _collapse_back(
    value: ir.Value, reassoc: tuple[tuple[int, ...], ...] | None
) -> ir.Operation | None:
    """The scores' sole user when it merges the heads back into the
    contraction's batch (`view(b·h, m, n)` after the masks): the inverse of
    the heads' reshape, so the kernel's space is still the heads'."""
    user = sole_user(value)
    if user is None or user.name != "tensor.collapse_shape" or reassoc is None:
        return None
    return user if reassociation(user) == reassoc else None


def _scores_only(op: ir.Operation) -> bool:
    """A score op reading nothing but the scores, and no loop index: the same
    in the contraction's space and in the heads' (the kernel's)."""
    view = structured_view(op)
    return view is not None and view.num_inputs == 1 and "linalg.index" not in view.body_ops


def _score_ops(value: ir.Value, chain: list[ir.Operation]) -> ir.Value:
    """Follow the score ops from `value` (appended to `chain`); the last value."""
    shape = shape_of(value)
    user = sole_user(value)
    while user is not None and _is_score_op(user, value, shape):
        chain.append(user)
        value = user.results[0]
        user = sole_user(value)
    return value


def _keeps_rows(reassoc: tuple[tuple[int, ...], ...], rank: int) -> bool:
    """Only batch dims are split: query rows and keys stay dims of their own."""
    return reassoc[-2:] == ((rank - 2,), (rank - 1,))


def _identity(amap: ir.AffineMap, rank: int) -> bool:
    return [dim_position(e) for e in amap.results] == list(range(rank))


def _is_score_op(op: ir.Operation, value: ir.Value, shape: tuple[int | None, ...]) -> bool:
    """An elementwise op of the score space reading the scores once, through an
    identity map, beside operands from outside the chain; its init is not read."""
    view = structured_view(op)
    if view is None or op.name != "linalg.generic" or len(op.results) != 1:
        return False
    rank = len(shape)
    if view.iterators != (PARALLEL,) * rank or shape_of(op.results[0]) != shape:
        return False
    inputs = list(op.operands)[: view.num_inputs]
    if inputs.count(value) != 1 or not _identity(view.maps[inputs.index(value)], rank):
        return False
    if not _identity(view.maps[-1], rank) or not _is_float(op.results[0]):
        return False
    body = op.regions[0].blocks[0]
    return len(list(body.arguments[-1].uses)) == 0 and all(
        _slicable(m, rank) for m in view.maps[: view.num_inputs]
    )


def _slicable(amap: ir.AffineMap, rank: int) -> bool:
    """Each result is a loop dim or the constant 0 (a broadcast)."""
    return all(not (dim_position(expr) is None and str(expr) != "0") for expr in amap.results)


def _is_f32(value: ir.Value) -> bool:
    return element_name(value) == "f32"


def _is_float(value: ir.Value) -> bool:
    return element_name(value) in OPERAND_ELEMENTS


def _row_reduction(op: ir.Operation, value: ir.Value) -> bool:
    view = structured_view(op)
    return view is not None and REDUCTION in view.iterators and value in list(op.operands)


def _match_softmax(
    c1: Contraction,
    reshape: tuple[tuple[tuple[int, ...], ...] | None, list[ir.Operation]],
    shape: tuple[int | None, ...],
    chain: list[ir.Operation],
    scores: ir.Value,
    following: Iterable[ir.Operation] | None,
) -> AttentionCandidate | None:
    """`reshape`: the heads' reassociation and the reshapes of the scores
    before the softmax (the heads' expand, maybe the collapse back)."""
    from mlirfuse.analysis.attention_softmax import SoftmaxWalk

    reassoc, reshapes = reshape
    # Collapsed back: the probabilities are in the contraction's space already.
    prob_reassoc = reassoc if len(reshapes) == 1 else None
    walk = SoftmaxWalk(scores, shape_of(scores), following)
    reason = walk.run()
    if reason:
        if ROWMAX not in walk.exprs.values():
            return None  # no softmax at all (a layer norm after a matmul)
        return AttentionCandidate(c1.op, None, reason)
    assert walk.consumer is not None and walk.probabilities is not None
    c2, reason = _output_contraction(walk.consumer, walk.probabilities, prob_reassoc)
    if c2 is None:
        return AttentionCandidate(c1.op, None, reason)
    cast = _output_cast(c2.op)
    match = AttentionMatch(
        scores=c1,
        output=c2,
        reassociation=reassoc,
        score_shape=shape,
        chain=tuple(chain),
        softmax=tuple(reshapes + walk.ops + ([walk.consumer] if walk.consumer != c2.op else [])),
        zero_rows=walk.expr == SOFTMAX_ZERO_ROWS,
        output_cast=cast,
    )
    operands = (c1.lhs, c1.rhs, c2.rhs)
    if _dynamic_depth(c1, c2):
        return AttentionCandidate(
            c1.op,
            None,
            "Q, K or V has a dynamic depth count: only batch dims, query rows and keys may"
            " be dynamic",
        )
    if not _is_f32(c1.op.results[0]) or not _is_f32(c2.op.results[0]):
        return AttentionCandidate(
            c1.op, None, "the contractions do not accumulate in f32, as the online softmax does"
        )
    if not all(_is_float(x) for x in operands):
        return AttentionCandidate(c1.op, None, "Q, K or V is not f32, f16 or bf16")
    return AttentionCandidate(c1.op, match)


def _dynamic_depth(c1: Contraction, c2: Contraction) -> bool:
    """Q's, K's or V's depth (D or Dv) is dynamic: the kernel keeps a row of
    Q and the accumulators in registers, so their counts must be static."""
    k_depth = -1 if c1.rhs_transposed else -2
    v_depth = -2 if c2.rhs_transposed else -1
    depths = (shape_of(c1.lhs)[-1], shape_of(c1.rhs)[k_depth], shape_of(c2.rhs)[v_depth])
    return None in depths


def _output_cast(op: ir.Operation) -> ir.Operation | None:
    """P·V's sole user when it only narrows it (`is_narrowing`): the kernel
    writes the narrowed output itself."""
    user = sole_user(op.results[0])
    return user if user is not None and is_narrowing(user) else None


def _output_contraction(
    consumer: ir.Operation, probabilities: ir.Value, reassoc: tuple[tuple[int, ...], ...] | None
) -> tuple[Contraction | None, str]:
    lhs = probabilities
    op = consumer
    if consumer.name == "tensor.collapse_shape":
        if reassoc is None or reassociation(consumer) != reassoc:
            return None, "the probabilities are reshaped other than back to the scores' batch"
        lhs = consumer.results[0]
        user = sole_user(lhs)
        if user is None:
            return None, "the reshaped probabilities have several users"
        op = user
    elif reassoc is not None:
        return None, "the probabilities reach a contraction in the score space"
    c2 = contraction(op)
    if c2 is None or c2.lhs != lhs or c2.rhs == lhs:
        return None, f"the probabilities reach {op.name}, not the LHS of a P·V contraction"
    return c2, ""


__all__ = [
    "SOFTMAX",
    "AttentionCandidate",
    "AttentionMatch",
    "Contraction",
    "Expr",
    "X",
    "body_exprs",
    "find_attention",
    "match_from",
    "reduction_expr",
]

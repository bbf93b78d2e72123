"""Can the GPU back end build an attention chain as its `attention` kernel?

`attention_refusal(ops)` gets the ops an attention kernel would replace (the
score contraction first, `P·V` last; `policy/attention.py` asks through
`analysis.lowerability.check_pattern_lowerable`) and answers None when
`attention_kernel.py` builds it, else a refusal (docs/gpu-lowering.md).

The kernel's one limit of its own is registers: one thread per query row
keeps Q's row and the output accumulators. Its other requirements (f32, f16
or bf16 operands, static depths, score ops that do not read
their init) are the attention analysis's contract (`analysis/attention.py`),
which forms no candidate without them; the predicate re-checks that contract so a caller
of the API handing it other ops gets the analysis's own `not-attention`
code, never a kernel built on a broken assumption.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from mlirfuse.analysis.attention import NOT_ATTENTION, AttentionMatch, contraction, match_from
from mlirfuse.analysis.structured import element_name, shape_of, structured_view
from mlirfuse.analysis.types import Decision
from mlirfuse.gpu.attention_kernel import MAX_REGISTER_FLOATS
from mlirfuse.gpu.attention_text import ELEMENTS

ATTENTION_REGISTERS = "gpu-attention-registers"  # D + Dv floats per thread do not fit

CODES = (ATTENTION_REGISTERS,)


def _match(anchor: ir.Operation) -> AttentionMatch | None:
    """The chain from `anchor` (the chain `find_attention` reports there),
    matched from it alone: a block's every candidate asks this."""
    scores = contraction(anchor)
    candidate = match_from(scores) if scores is not None else None
    return candidate.match if candidate is not None else None


def _float_rows(value: ir.Value) -> bool:
    """f32, f16 or bf16 of rank 2 or more (rows, keys and batch dims may be
    dynamic: the grid and the key loop count them at run time; the depths'
    staticness is the analysis's own condition)."""
    return element_name(value) in ELEMENTS and len(shape_of(value)) >= 2


def _reads_output(op: ir.Operation) -> bool:
    view = structured_view(op)
    if view is None:
        return True
    return bool(list(op.regions[0].blocks[0].arguments[view.num_inputs].uses))


def _contract_broken(match: AttentionMatch | None) -> str:
    """Why `match` is not what the analysis promises the kernel ('' if it is)."""
    if match is None:
        return "not an attention chain the analysis forms"
    values = (match.scores.lhs, match.scores.rhs, match.output.rhs, match.result)
    if not all(_float_rows(x) for x in values):
        return "Q, K, V and the output must be f32, f16 or bf16"
    if any(_reads_output(op) for op in match.chain):
        return "a score op reads its init"
    return ""


def attention_refusal(ops: Sequence[ir.Operation]) -> Decision | None:
    """None when the GPU attention kernel can be built for these ops."""
    match = _match(ops[0]) if ops else None
    broken = _contract_broken(match)
    if broken or match is None:
        return Decision.refuse(NOT_ATTENTION, broken)
    depth = int(shape_of(match.scores.lhs)[-1] or 0)
    v_shape = shape_of(match.output.rhs)
    value_depth = int((v_shape[-2] if match.output.rhs_transposed else v_shape[-1]) or 0)
    if depth + value_depth > MAX_REGISTER_FLOATS:
        return Decision.refuse(
            ATTENTION_REGISTERS,
            f"D + Dv = {depth + value_depth} floats per thread (Q's row and the accumulators)"
            f" exceed the {MAX_REGISTER_FLOATS} the one-thread-per-row kernel keeps in registers",
        )
    return None

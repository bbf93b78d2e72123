"""The GPU attention schedule (gpu/attention_kernel.py) run on the CPU vs numpy.

The schedule is the GPU one up to the mapping: blocks of query rows, one
thread per row, the key loop inside the thread with the running max, sum
and accumulators as scalars; `run_schedule_on_cpu` turns its `scf.forall`
loops into sequential loops. Causal (linalg.index + select) and additive
(mask broadcast over heads) masks, an all-masked row (SDPA's zero rows are
in the zoo), and the schedule's shape: one kernel, kind `attention`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import attention_text
from mlirfuse.gpu.cpu_check import run_schedule_on_cpu
from mlirfuse.gpu.prepare import prepare_module
from mlirfuse.gpu.schedule import make_schedule
from mlirfuse.pipeline import run_pipeline
from tests.test_attention import ADDITIVE, CAUSAL, _fused, _rel, _run, _softmax

FUSE = "builtin.module(mlirfuse-fuse{attention=true})"


def _gpu_schedule(text: str, *arrays: np.ndarray) -> tuple[np.ndarray, int]:
    results, kernels = run_schedule_on_cpu(text, list(arrays), "attention", pipeline=FUSE)
    return results[0], kernels


def test_causal_gpu_schedule_matches_numpy() -> None:
    rng = np.random.default_rng(0)
    q, kt, v = (
        rng.standard_normal(s).astype(np.float32) for s in ((2, 8, 4), (2, 4, 32), (2, 32, 4))
    )
    got, kernels = _gpu_schedule(CAUSAL.read_text(), q, kt, v)
    scores = 0.5 * (q @ kt)
    rows, cols = np.triu_indices(8, 1, 32)
    scores[:, rows, cols] = -np.inf
    assert kernels == 1
    assert _rel(got, _softmax(scores) @ v) <= 1e-5


@pytest.mark.parametrize("masked_row", [False, True])
def test_additive_mask_gpu_schedule_matches_numpy(masked_row: bool) -> None:
    rng = np.random.default_rng(1)
    q = rng.standard_normal((4, 8, 4)).astype(np.float32)
    kt = rng.standard_normal((4, 4, 48)).astype(np.float32)
    v = rng.standard_normal((4, 48, 4)).astype(np.float32)
    mask = np.where(rng.random((2, 1, 1, 48)) < 0.3, -1e9, 0.0).astype(np.float32)
    if masked_row:  # a batch whose keys are all but one masked: one key carries the row
        mask[1, 0, 0, :] = -1e9
        mask[1, 0, 0, 17] = 0.0
    got, kernels = _gpu_schedule(ADDITIVE, q, kt, v, mask)
    scores = (q @ kt).reshape(2, 2, 8, 48) + mask
    expected = (_softmax(scores).reshape(4, 8, 48) @ v).astype(np.float32)
    assert kernels == 1
    assert _rel(got, expected) <= 1e-5


def test_schedule_is_one_thread_per_query_row() -> None:
    ctx = make_context()
    with ctx:
        module = parse_module(ADDITIVE, ctx, "attention")
        run_pipeline(module, FUSE)
        kernels, _ = prepare_module(module)
        (kernel,) = kernels
        schedule = make_schedule(kernel)
        text = str(module)
    assert schedule.kind == "attention"
    assert schedule.block_dims == (32, 1, 1)  # 2 x 2 heads x 8 rows, one block
    assert "#gpu.thread<x>" in text and "#gpu.block<x>" in text
    assert attention_text.CHAIN_FUNC not in text  # the mask add was copied in
    assert "tensor<2x2x8x48xf32>" not in text and "linalg.generic" not in text


WIDE = (  # D = Dv = 96: Q's row and the accumulators do not fit one thread's registers
    ADDITIVE.replace("4x8x4xf32", "4x8x96xf32")
    .replace("4x4x48xf32", "4x96x48xf32")
    .replace("4x48x4xf32", "4x48x96xf32")
)


def test_backend_refuses_what_it_cannot_build() -> None:
    from mlirfuse.analysis.lowerability import check_pattern_lowerable
    from mlirfuse.gpu import lowerability as gpu_lowerability
    from mlirfuse.policy.attention import plan_attention
    from mlirfuse.vocab.options import FusionOptions

    gpu_lowerability.register()  # conftest restores the registry after the test
    ctx = make_context()
    with ctx:
        for text, code in ((ADDITIVE, None), (WIDE, "gpu-attention-registers")):
            module = parse_module(text, ctx, "attention")
            block = module.body.operations[0].regions[0].blocks[0]
            plan = plan_attention(block, FusionOptions(attention=True))
            if code is None:
                assert len(plan.groups) == 1 and not plan.refusals
                match = plan.groups[0].match
                ops = (match.scores.op, *match.chain, *match.softmax, match.output.op)
                assert check_pattern_lowerable("attention", ops) is None
            else:
                assert not plan.groups
                ((_, reason),) = plan.refusals
                assert reason.startswith(code)
            run_pipeline(module, FUSE)
            assert ('"attention"' in str(module)) == (code is None)


def test_backend_answers_the_analysis_code_for_other_ops() -> None:
    """The API may hand the predicate ops the analysis would not form: the
    softmax alone, or the chain without its score contraction."""
    from mlirfuse.analysis.lowerability import check_pattern_lowerable
    from mlirfuse.gpu import lowerability as gpu_lowerability
    from mlirfuse.policy.attention import plan_attention
    from mlirfuse.vocab.options import FusionOptions

    gpu_lowerability.register()
    with make_context() as ctx:
        module = parse_module(ADDITIVE, ctx, "attention")
        block = module.body.operations[0].regions[0].blocks[0]
        match = plan_attention(block, FusionOptions(attention=True)).groups[0].match
        for ops in ((*match.softmax, match.output.op), (match.output.op,), ()):
            refusal = check_pattern_lowerable("attention", ops)
            assert refusal is not None and refusal.code == "not-attention"


HEADS = Path(__file__).resolve().parent.parent / "test_lit" / "gpu" / "attention-kernel.mlir"


@pytest.mark.parametrize("schedule", ["cpu", "gpu"])
def test_heads_transpose_written_by_the_group(schedule: str) -> None:
    """P·V's heads transposed back ([b, h, m, dv] -> [b, m, h, dv]) by the
    group's output map: one kernel, numerics as numpy's."""
    rng = np.random.default_rng(2)
    q = rng.standard_normal((4, 8, 4)).astype(np.float32)
    kt = rng.standard_normal((4, 4, 48)).astype(np.float32)
    v = rng.standard_normal((4, 48, 4)).astype(np.float32)
    mask = np.where(rng.random((2, 1, 1, 48)) < 0.3, -1e9, 0.0).astype(np.float32)
    scores = (q @ kt).reshape(2, 2, 8, 48) + mask
    heads = (_softmax(scores).reshape(4, 8, 48) @ v).reshape(2, 2, 8, 4)
    expected = heads.transpose(0, 2, 1, 3)
    if schedule == "gpu":
        got, kernels = _gpu_schedule(HEADS.read_text(), q, kt, v, mask)
    else:
        text, kernels = _fused(HEADS.read_text(), on=True)
        assert "linalg.transpose" not in text
        got = _run(text, q, kt, v, mask)
    assert kernels == 1
    assert got.shape == (2, 8, 2, 4)
    assert _rel(got, expected) <= 1e-5

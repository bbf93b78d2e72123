"""Einsum chains re-expressed as one contraction (`transforms/einsum_chains.py`).

Each case is a batch matmul reading transposes through reshapes, as torch-mlir
lowers `torch.einsum`; the rewrite must fold exactly the foldable ones and
never change a number: original and rewritten functions run on the CPU
against numpy.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.runner.run import run
from mlirfuse.transforms.einsum_chains import fold_einsum_chains

LIT = Path(__file__).resolve().parent.parent / "test_lit" / "gpu" / "einsum-chain.mlir"


def _t(shape: tuple[int, ...]) -> str:
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def _groups(groups: list[list[int]]) -> str:
    return "[" + ", ".join("[" + ", ".join(map(str, g)) + "]" for g in groups) + "]"


def _operand(
    name: str, shape: tuple[int, ...], perm: list[int], groups: list[list[int]]
) -> tuple[str, tuple[int, ...]]:
    """IR transposing `%name` by `perm`, then collapsing by `groups`: (text, the 3-D shape)."""
    moved = tuple(shape[p] for p in perm)
    flat = tuple(int(np.prod([moved[d] for d in g])) for g in groups)
    text = (
        f"  %e_{name} = tensor.empty() : {_t(moved)}\n"
        f"  %t_{name} = linalg.transpose ins(%{name} : {_t(shape)}) outs(%e_{name} : {_t(moved)}) "
        f"permutation = [{', '.join(map(str, perm))}]\n"
        f"  %c_{name} = tensor.collapse_shape %t_{name} {_groups(groups)} : {_t(moved)} into {_t(flat)}\n"
    )
    return text, flat


def _case(
    a: tuple, pa: list[int], ga: list[list[int]], b: tuple, pb: list[int], gb: list[list[int]]
) -> str:
    text_a, (batch, m, k) = _operand("a", a, pa, ga)
    text_b, (_, k2, n) = _operand("b", b, pb, gb)
    assert k == k2
    out = (batch, m, n)
    return (
        f"func.func @f(%a: {_t(a)}, %b: {_t(b)}) -> {_t(out)} {{\n"
        "  %zero = arith.constant 0.0 : f32\n"
        f"{text_a}{text_b}"
        f"  %e = tensor.empty() : {_t(out)}\n"
        f"  %z = linalg.fill ins(%zero : f32) outs(%e : {_t(out)}) -> {_t(out)}\n"
        f"  %r = linalg.batch_matmul ins(%c_a, %c_b : {_t((batch, m, k))}, {_t((batch, k, n))}) "
        f"outs(%z : {_t(out)}) -> {_t(out)}\n"
        f"  return %r : {_t(out)}\n}}\n"
    )


def _numpy(x: np.ndarray, perm: list[int], groups: list[list[int]]) -> np.ndarray:
    moved = x.transpose(perm)
    return moved.reshape([int(np.prod([moved.shape[d] for d in g])) for g in groups])


# (A shape, A perm, A groups, B shape, B perm, B groups, folds)
CASES = {
    # m over two dims of A, k one dim: one loop each.
    "rows-merged": (
        (2, 3, 4, 5),
        [0, 2, 1, 3],
        [[0], [1, 2], [3]],
        (5, 2, 6),
        [1, 0, 2],
        [[0], [1], [2]],
        1,
    ),
    # K over two dims of both (4 x 8): two reduction loops.
    "k-split": (
        (3, 4, 2, 8),
        [2, 0, 1, 3],
        [[0], [1], [2, 3]],
        (4, 2, 8, 7),
        [1, 0, 2, 3],
        [[0], [1, 2], [3]],
        1,
    ),
    # K as 2 x 3 in A but 3 x 2 in B: no common factors, left as it is.
    "k-interleaved": (
        (2, 4, 2, 3),
        [0, 1, 2, 3],
        [[0], [1], [2, 3]],
        (2, 2, 3, 5),
        [0, 2, 1, 3],
        [[0], [1, 2], [3]],
        0,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_fold_keeps_the_numbers(name: str) -> None:
    a_shape, pa, ga, b_shape, pb, gb, folds = CASES[name]
    text = _case(a_shape, pa, ga, b_shape, pb, gb)
    module = parse_module(text, make_context())
    (func,) = function_ops(module.operation)
    assert fold_einsum_chains(func) == folds
    assert module.operation.verify()
    assert fold_einsum_chains(func) == 0  # a fixed point
    rewritten = str(module)
    if folds:
        assert "linalg.transpose" not in rewritten and "linalg.batch_matmul" not in rewritten
    rng = np.random.default_rng(0)
    a = rng.standard_normal(a_shape).astype(np.float32)
    b = rng.standard_normal(b_shape).astype(np.float32)
    want = _numpy(a, pa, ga) @ _numpy(b, pb, gb)
    for source in (text, rewritten):
        (got,) = run(source, "f", a, b, isolated=True)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_the_lit_case_reads_both_arguments_directly() -> None:
    module = parse_module(LIT.read_text(), make_context())
    (func,) = function_ops(module.operation)
    assert fold_einsum_chains(func) == 1
    rewritten = str(module)
    assert "linalg.transpose" not in rewritten
    assert "ins(%arg0, %arg1 : tensor<12x1x64xf32>, tensor<64x4x16xf32>)" in rewritten
    rng = np.random.default_rng(2)
    x = rng.standard_normal((12, 1, 64)).astype(np.float32)
    w = rng.standard_normal((64, 4, 16)).astype(np.float32)
    (got,) = run(rewritten, "einsum", x, w, isolated=True)
    np.testing.assert_allclose(got, np.einsum("ibh,hnd->ibnd", x, w), rtol=1e-5, atol=1e-5)

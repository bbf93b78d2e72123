"""Operand prologues of attention (transforms/attention_views.py).

An elementwise generic of one floating input, read through a permutation,
whose body is scalar arithmetic on that input, is applied by the attention
kernel to each element it reads; anything else stays a kernel of its own.
The whole path (the CPU form, the GPU kernel run on the CPU, PTX) is in
test_lit/fusion/attention-operand-prologue.mlir; numerics against numpy here.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.metrics import count_kernels
from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.transforms.attention_views import is_operand_prologue

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "test_lit" / "fusion" / "attention-operand-prologue.mlir"

_GENERIC = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @f(%x: tensor<4x8x{inp}>, %w: tensor<8x4xf16>, %t: tensor<4xf32>) -> tensor<4x8x{out}> {{
  %c = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<4x8x{out}>
  %r = linalg.generic {{indexing_maps = [{maps}], iterator_types = ["parallel", "parallel"]}}
       ins({ins}) outs(%e : tensor<4x8x{out}>) {{
  ^bb0({args}, %o: {out}):
{body}
  }} -> tensor<4x8x{out}>
  return %r : tensor<4x8x{out}>
}}
"""

_F32 = ("f32", "#id, #id", "%x : tensor<4x8xf32>", "%a: f32")
_CASES: dict[str, tuple[tuple[str, str, str, str], str, bool]] = {
    "scale": (_F32, "%y = arith.mulf %a, %c : f32", True),
    "widen through a transpose": (
        ("f16", "#tr, #id", "%w : tensor<8x4xf16>", "%a: f16"),
        "%y = arith.extf %a : f16 to f32",
        True,
    ),
    "integer input": (
        ("i8", "#id, #id", "%x : tensor<4x8xi8>", "%a: i8"),
        "%y = arith.sitofp %a : i8 to f32",
        False,
    ),
    "reads its index": (
        _F32,
        "%i = linalg.index 1 : index ; %j = arith.index_cast %i : index to i32 ;"
        " %z = arith.sitofp %j : i32 to f32 ; %y = arith.mulf %a, %z : f32",
        False,
    ),
    "reads a captured tensor": (
        _F32,
        "%i = linalg.index 0 : index ; %s = tensor.extract %t[%i] : tensor<4xf32> ;"
        " %y = arith.mulf %a, %s : f32",
        False,
    ),
    "reads its init": (_F32, "%y = arith.addf %a, %o : f32", False),
}


@pytest.mark.parametrize("case", sorted(_CASES))
def test_is_operand_prologue(case: str) -> None:
    (inp, maps, ins, args), ops, expected = _CASES[case]
    body = "".join(f"    {op.strip()}\n" for op in ops.split(";")) + "    linalg.yield %y : f32"
    text = _GENERIC.format(inp=inp, out="f32", maps=maps, ins=ins, args=args, body=body)
    module = parse_module(text, make_context(), case)
    found: list[bool] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "linalg.generic":
            found.append(is_operand_prologue(op))
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    assert found == [expected]


def _reference(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    """@scaled: heads of 16 from (10, 8, 16) / (24, 8, 16), q and k halved."""
    qh = q.transpose(1, 0, 2) * 0.5  # 8 x 10 x 16
    kh = k.transpose(1, 0, 2) * 0.5  # 8 x 24 x 16
    vh = v.transpose(1, 0, 2)
    s = qh @ kh.transpose(0, 2, 1)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    return p @ vh


def test_scaled_operands_read_in_the_kernel_match_numpy() -> None:
    text = SOURCE.read_text()
    module = parse_module(text, make_context(), "attention-operand-prologue")
    run_pipeline(module, "builtin.module(mlirfuse-fuse{attention=true})")
    fused = module.operation.get_asm()
    assert count_kernels(module) == 3  # one attention kernel per function
    rng = np.random.default_rng(0)
    q = rng.standard_normal((10, 8, 16), dtype=np.float32)
    k = rng.standard_normal((24, 8, 16), dtype=np.float32)
    v = rng.standard_normal((24, 8, 16), dtype=np.float32)
    with CompiledFunction(fused, "scaled", source_name="attention-operand-prologue") as compiled:
        got = compiled(q, k, v)[0]
    np.testing.assert_allclose(got, _reference(q, k, v), rtol=1e-5, atol=1e-5)

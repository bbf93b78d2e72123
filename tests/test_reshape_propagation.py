"""Reshapes moved through elementwise generics (before planning).

`transforms/reshape_propagation.py` changes the iteration space of the
elementwise ops next to a reshape, never what they compute: the rewritten
functions of the lit test are run on the CPU and compared with numpy.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.runner.run import run
from mlirfuse.transforms.reshape_propagation import propagate_reshapes

CASES = Path(__file__).resolve().parent.parent / "test_lit" / "fusion" / "reshape-propagation.mlir"


def _propagated() -> tuple[str, str, int]:
    text = CASES.read_text()
    module = parse_module(text, make_context())
    done = sum(propagate_reshapes(f) for f in function_ops(module.operation))
    assert module.operation.verify()
    again = sum(propagate_reshapes(f) for f in function_ops(module.operation))
    assert again == 0  # a fixed point
    return text, str(module), done


def test_through_expand_same_numbers() -> None:
    text, rewritten, done = _propagated()
    assert done == 2
    rng = np.random.default_rng(0)
    a, w, b, w2 = (
        rng.standard_normal(s).astype(np.float32) * 0.5 for s in ((8, 8), (8, 16), (16,), (16, 4))
    )
    want = np.exp(a @ w + b) @ w2
    for source in (text, rewritten):
        (got,) = run(source, "through_expand", a, w, b, w2, isolated=True)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_through_collapse_same_numbers() -> None:
    text, rewritten, _ = _propagated()
    rng = np.random.default_rng(1)
    a, w, s, t = (
        rng.standard_normal(shape).astype(np.float32)
        for shape in ((2, 4, 3), (2, 3, 8), (8,), (64,))
    )
    want = (a @ w).reshape(8, 8) * s[:, None] + np.exp(t).reshape(8, 8)
    for source in (text, rewritten):
        (got,) = run(source, "through_collapse", a, w, s, t, isolated=True)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)

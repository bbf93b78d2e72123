"""models/baseline.py without IREE: the static wrapper that measures a dynamic
model at its example inputs is IR that parses and verifies, calls the model
with exactly the example shapes, and leaves the model itself unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mlir import ir

from mlirfuse.context import make_context, parse_module
from tests.conftest import MODELS_DIR, models_script

MODEL = MODELS_DIR / "bert_layer_dynamic_batch.mlir"


def test_the_wrapper_calls_the_dynamic_model_at_the_example_shapes(tmp_path: Path) -> None:
    script = models_script("baseline.py")
    args, refs = script.example_shapes(MODEL)
    assert args[0] == (2, 32, 128) and refs == [(2, 32, 128)]
    text = script.at_inputs(MODEL.read_text(), args, refs)
    ctx = make_context()
    module = parse_module(text, ctx)
    module.operation.verify()
    funcs = {str(op.attributes["sym_name"]).strip('"'): op for op in module.body.operations}
    wrapper = funcs["bert_layer_dynamic_batch_at_inputs"]
    signature = ir.FunctionType(ir.TypeAttr(wrapper.attributes["function_type"]).value)
    assert [ir.RankedTensorType(t).shape for t in signature.inputs] == [list(s) for s in args]
    assert [ir.RankedTensorType(t).shape for t in signature.results] == [list(s) for s in refs]
    model = funcs["bert_layer_dynamic_batch"]
    assert str(model.attributes["sym_visibility"]) == '"private"'
    # Every line of the model is kept but its header's visibility.
    original = MODEL.read_text().splitlines()
    kept = [ln.replace("func.func private @", "func.func @") for ln in text.splitlines()]
    assert kept[: len(original) - 2] == original[:-2]
    # The compulsory bytes read from the wrapper's header: 2 x (2x32x128) + 2x1x1x32 + weights.
    static = tmp_path / MODEL.name
    static.write_text(text)
    assert script.compulsory_bytes(static) == 858880


def test_a_shape_that_does_not_fit_the_type_is_refused() -> None:
    script = models_script("baseline.py")
    args, refs = script.example_shapes(MODEL)
    with pytest.raises(
        ValueError, match=re.escape("does not match the example shape (3, 33, 128)")
    ):
        script.at_inputs(MODEL.read_text(), [(3, 33, 128), *args[1:]], refs)

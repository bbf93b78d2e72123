"""The embedding API: docs/api.md's example runs; plan/fuse in a caller's context."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mlir import ir

import mlirfuse

DOCS = Path(__file__).resolve().parent.parent / "docs" / "api.md"
SEED = Path(__file__).resolve().parent / "data" / "seed_chain.mlir"


def test_docs_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), re.S)
    assert blocks, "docs/api.md has no python example"
    exec(compile(blocks[0], str(DOCS), "exec"), {"__name__": "docs_api_example"})


def test_plan_leaves_module_unchanged_and_fuse_applies_it() -> None:
    ctx = ir.Context()
    module = ir.Module.parse(SEED.read_text(), ctx)
    before = str(module)
    plan = mlirfuse.plan(module, search="auto")
    assert str(module) == before
    (group,) = plan.functions["seed_chain"].groups
    assert group.pattern == "reduction-epilogue"
    mlirfuse.fuse(module, plan)
    assert str(module).count('"fusion.group"') == 1


def test_fuse_disabled_leaves_ir_and_unknown_switch_is_an_error() -> None:
    ctx = ir.Context()
    module = ir.Module.parse(SEED.read_text(), ctx)
    before = str(module)
    mlirfuse.fuse(module, enabled=False)
    assert str(module) == before
    with pytest.raises(TypeError, match="unknown fusion option"):
        mlirfuse.plan(module, sibling=False)


def test_plan_for_other_ir_is_refused() -> None:
    ctx = ir.Context()
    seed = ir.Module.parse(SEED.read_text(), ctx)
    plan = mlirfuse.plan(seed)
    plan.functions["seed_chain"].fingerprint = "0" * 16
    with pytest.raises(Exception, match="fingerprint"):
        mlirfuse.fuse(seed, plan)

"""The planner on real IR: the seed example, the workloads, plan == IR groups."""

from __future__ import annotations

from pathlib import Path

import pytest
from mlir import ir

import mlirfuse
from mlirfuse.context import GROUP_OP, PATTERN_ATTR

SEED = Path(__file__).resolve().parent / "data" / "seed_chain.mlir"
IREE_O3_KERNELS = {
    "mlp_gelu": 3,
    "softmax_lastdim": 1,
    "layernorm_residual": 1,
    "resnet_basic_block": 3,
}


def ir_groups(module: ir.Module) -> list[tuple[int, str]]:
    found = []
    for fn in module.body.operations:
        for op in fn.operation.regions[0].blocks[0].operations:
            if op.operation.name == GROUP_OP:
                attrs = op.operation.attributes
                found.append(
                    (
                        ir.IntegerAttr(attrs["fusion.id"]).value,
                        ir.StringAttr(attrs[PATTERN_ATTR]).value,
                    )
                )
    return found


def test_seed_example_one_kernel_and_bytes() -> None:
    module = ir.Module.parse(SEED.read_text(), ir.Context())
    plan = mlirfuse.plan(module, target="h200", search="dp")
    first, last = plan.summaries[0], plan.summaries[-1]
    assert (first.kernels, first.bytes) == (4, 27_648)
    assert (last.kernels, last.bytes) == (1, 9_216)
    assert last.relative == pytest.approx(0.25, abs=1e-3)
    (group,) = plan.functions["seed_chain"].groups
    assert group.pattern == "reduction-epilogue" and group.root is not None
    assert plan.functions["seed_chain"].refusals == []


@pytest.mark.parametrize("name", sorted(IREE_O3_KERNELS))
def test_ir_groups_equal_plan_groups(workloads_dir: Path, name: str) -> None:
    module = ir.Module.parse((workloads_dir / f"{name}.mlir").read_text(), ir.Context())
    plan = mlirfuse.plan(module, search="auto")
    (fplan,) = plan.functions.values()
    kernels = plan.summaries[-1].kernels
    assert kernels == len(fplan.groups) <= IREE_O3_KERNELS[name]
    assert plan.summaries[-1].bytes < plan.summaries[0].bytes
    mlirfuse.fuse(module, plan)
    multi = [(g.id, g.pattern) for g in fplan.groups if g.pattern != "single"]
    assert ir_groups(module) == multi

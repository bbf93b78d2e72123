"""Execute one function's plan (the rewrite half of the fusion driver,
`mlirfuse.passes.fusion_driver`).

    apply_groups(func, plan)                              (group formation)
    merge_block(group body)                               (op-level merge)
    inline groups left with one kernel                    (elementwise chains)

`mode` says how far to go: "groups" stops after group formation, "fuse" also
merges inside groups, "elementwise" merges and then inlines every group.
"""

from __future__ import annotations

import sys
from typing import Any, Literal

from mlir import ir

from mlirfuse.analysis.types import is_kernel_name
from mlirfuse.context import group_accepts_result_types
from mlirfuse.transforms.groups import apply_groups, inline_group
from mlirfuse.transforms.merge import merge_block
from mlirfuse.vocab.model import FunctionPlan

Mode = Literal["groups", "fuse", "elementwise"]


def execute(func_op: ir.Operation, fplan: FunctionPlan, graph: Any, mode: Mode) -> None:
    """Rewrite `func_op` as `fplan` says (`graph` must describe it as planned)."""
    groups = apply_groups(func_op, fplan, graph)
    for group_op in groups:
        if mode != "groups":
            merge_block(group_op.regions[0].blocks[0])
        if mode == "elementwise" or (mode == "fuse" and _kernels_in(group_op) <= 1):
            inline_group(group_op)
        elif _mixed_result_types(group_op):
            _warn_mixed(group_op)
            inline_group(group_op)


def _mixed_result_types(group_op: ir.Operation) -> bool:
    """Results a fusion.group cannot yield (past 7 results they share one type)."""
    return not group_accepts_result_types([r.type for r in group_op.results])


def _warn_mixed(group_op: ir.Operation) -> None:
    types = " ".join(sorted({str(r.type) for r in group_op.results}))
    print(
        f"{group_op.location}: warning: a planned kernel yields values of several types "
        f"({types}); a fusion.group cannot, so its ops stay ungrouped (merged where possible)",
        file=sys.stderr,
    )


def _kernels_in(group_op: ir.Operation) -> int:
    body = group_op.regions[0].blocks[0]
    return sum(1 for o in body.operations if is_kernel_name(o.operation.name))

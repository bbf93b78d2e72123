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
from dataclasses import replace
from typing import Any, Literal

from mlir import ir

from mlirfuse.analysis.types import is_kernel_name
from mlirfuse.context import group_accepts_result_types
from mlirfuse.transforms.groups import apply_groups, as_execute_regions, inline_group
from mlirfuse.transforms.merge import merge_block
from mlirfuse.vocab.model import FunctionPlan, Group

Mode = Literal["groups", "fuse", "elementwise"]


def execute(func_op: ir.Operation, fplan: FunctionPlan, graph: Any, mode: Mode) -> None:
    """Rewrite `func_op` as `fplan` says (`graph` must describe it as planned)."""
    if mode != "groups":
        fplan = replace(fplan, groups=[g for g in fplan.groups if _forms_kernel(g, graph)])
    groups = apply_groups(func_op, fplan, graph)
    mixed = [_mixed_result_types(g) for g in groups]
    # A fusion.group cannot yield mixed types: until such a group is inlined
    # below, its ops live in an scf.execute_region, so the IR stays valid.
    kernels = as_execute_regions(groups, mixed)
    for kernel, is_mixed in zip(kernels, mixed, strict=True):
        if mode != "groups":
            merge_block(kernel.regions[0].blocks[0])
        alone = _kernels_in(kernel) <= 1 and not _holds_pad(kernel)
        if mode == "elementwise" or (mode == "fuse" and alone):
            inline_group(kernel)
        elif is_mixed:
            _warn_mixed(kernel)
            inline_group(kernel)


def _forms_kernel(group: Group, graph: Any) -> bool:
    """A group to form: one kernel op with views (a reshape its kernel reads
    through) would be inlined again below, but forming it first moves the
    views next to the kernel op, so fusing the output again would move them
    (idempotence: DBRX's expert weights, a view of an argument read by
    `tensor.extract`)."""
    if group.recomputed:
        return True
    names = [graph.ops[i].name for i in group.ops]
    return sum(map(is_kernel_name, names)) > 1 or "tensor.pad" in names


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


def _holds_pad(group_op: ir.Operation) -> bool:
    """A pad joined its convolution's kernel: the group says so, one op or not."""
    body = group_op.regions[0].blocks[0]
    return any(o.operation.name == "tensor.pad" for o in body.operations)


def _kernels_in(group_op: ir.Operation) -> int:
    body = group_op.regions[0].blocks[0]
    return sum(1 for o in body.operations if is_kernel_name(o.operation.name))

"""`mlirfuse-inline-groups`: dissolve every `fusion.group` into its parent block.

Each group's body ops move, in order, to just before the group; the group's
results are replaced by the operands of its `gpu.yield`, and the group is
erased. The IR then computes the same values without kernel boundaries, which
is what one-shot bufferization (which does not know `fusion.group`) and the
CPU runner need. Because groups capture values from above instead of taking
operands, moving the ops out needs no rewiring.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.context import GROUP_OP
from mlirfuse.mutation import Rewrite
from mlirfuse.passes.base import ModulePass, PassFailure

TERMINATOR = "gpu.yield"


def collect_groups(root: ir.Operation) -> list[ir.Operation]:
    """Every fusion.group under `root`, outermost first."""
    groups: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == GROUP_OP:
            groups.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    return groups


def inline_group(group: ir.Operation) -> None:
    """Move `group`'s body before it and forward its results."""
    if len(group.regions) != 1 or len(group.regions[0].blocks) != 1:
        raise PassFailure("expected a fusion.group with one single-block region", group.location)
    body = group.regions[0].blocks[0]
    ops = list(body.operations)
    if not ops or ops[-1].operation.name != TERMINATOR:
        raise PassFailure(f"fusion.group body must end with {TERMINATOR}", group.location)
    terminator = ops[-1].operation
    if len(terminator.operands) != len(group.results):
        raise PassFailure(
            f"{TERMINATOR} yields {len(terminator.operands)} values for "
            f"{len(group.results)} group results",
            terminator.location,
        )
    with Rewrite("inline a fusion.group", group) as rw:
        for op in ops[:-1]:
            op.operation.move_before(group)
        rw.replace_op(group, list(terminator.operands))


class InlineGroups(ModulePass):
    NAME = "mlirfuse-inline-groups"
    SUMMARY = "Dissolve every fusion.group into its parent block (before bufferizing or running on the CPU)"

    def run(self, module: ir.Operation) -> None:
        for group in collect_groups(module):
            inline_group(group)

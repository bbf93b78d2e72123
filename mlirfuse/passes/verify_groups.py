"""`mlirfuse-verify-groups`: check what IRDL cannot about every fusion.group.

IRDL checks a group's operand, result and region counts. It cannot check that
the body is one block ending in `gpu.yield` whose values match the group's
results in number and type, nor that the group sits inside a function. A
rewrite that breaks these would otherwise only fail much later, in lowering.
Put this pass after a fusion pass while developing one:
`builtin.module(mlirfuse-fuse,mlirfuse-verify-groups)`.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.context import GROUP_OP
from mlirfuse.passes.base import ModulePass, PassFailure
from mlirfuse.passes.inline_groups import TERMINATOR, collect_groups


def group_problem(group: ir.Operation) -> tuple[str, ir.Location] | None:
    """The first broken rule of `group` and where, or None when it is sound."""
    region = group.regions[0]
    if len(region.blocks) != 1:
        return f"body must be one block, found {len(region.blocks)}", group.location
    block = region.blocks[0]
    if len(block.arguments) != 0:
        return "body block must have no arguments", group.location
    ops = list(block.operations)
    if not ops or ops[-1].operation.name != TERMINATOR:
        return f"body must end with {TERMINATOR}", group.location
    terminator = ops[-1].operation
    yielded = [v.type for v in terminator.operands]
    results = [r.type for r in group.results]
    if len(yielded) != len(results):
        return (
            f"{TERMINATOR} yields {len(yielded)} values for {len(results)} results",
            terminator.location,
        )
    for index, (got, want) in enumerate(zip(yielded, results, strict=True)):
        if got != want:
            return (
                f"{TERMINATOR} value #{index} has type {got}, group result has {want}",
                terminator.location,
            )
    parent = group.parent
    while parent is not None and parent.name not in ("func.func", GROUP_OP):
        parent = parent.parent
    if parent is None:
        return "fusion.group must be inside a function", group.location
    return None


class VerifyGroups(ModulePass):
    NAME = "mlirfuse-verify-groups"
    SUMMARY = "Check every fusion.group's body, terminator and result types (what IRDL cannot)"

    def run(self, module: ir.Operation) -> None:
        for group in collect_groups(module):
            problem = group_problem(group)
            if problem is not None:
                message, location = problem
                raise PassFailure(message, location)

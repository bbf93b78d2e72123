"""Plan and apply sibling fusion on every function of a module.

The standalone sibling passes start from one group per kernel op, let the
sibling rule (mlirfuse.policy.sibling_rules) merge them, and apply each merged
group with the rewrite of its pattern. `apply_merged_group` is also what an
umbrella pass calls for groups of the sibling patterns.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import replace

from mlir import ir

from mlirfuse.analysis.block_graph import GraphLike, build_graph
from mlirfuse.analysis.contractions import contractions_in
from mlirfuse.analysis.op_facts import is_structured, location_text, op_name
from mlirfuse.analysis.sibling_spaces import same_space
from mlirfuse.context import GROUP_ID_ATTR, GROUP_OP, PATTERN_ATTR
from mlirfuse.policy.sibling_rules import SiblingLimits, plan_siblings, prologue_recomputations
from mlirfuse.transforms.horizontal_contraction import concat_contractions
from mlirfuse.transforms.sibling_group import wrap_in_group
from mlirfuse.transforms.sibling_prologue import recompute_into
from mlirfuse.transforms.siblings import merge_sibling_generics
from mlirfuse.vocab.model import Group, Refusal
from mlirfuse.vocab.options import FusionOptions


def functions(module: ir.Operation) -> list[ir.Operation]:
    return [
        op.operation
        for op in module.regions[0].blocks[0].operations
        if op.operation.name == "func.func"
    ]


def next_group_id(module: ir.Operation) -> int:
    """One more than the largest fusion.id in the module (0 when none)."""
    largest = -1

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal largest
        if op.name == GROUP_OP and GROUP_ID_ATTR in op.attributes:
            largest = max(largest, ir.IntegerAttr(op.attributes[GROUP_ID_ATTR]).value)
        return ir.WalkResult.ADVANCE

    module.walk(visit)
    return largest + 1


def singleton_groups(graph: GraphLike) -> list[Group]:
    """One group per kernel op: structured linalg ops other than fills."""
    groups: list[Group] = []
    for n, op in enumerate(graph.ops):
        if is_structured(op) and op_name(op) != "linalg.fill":
            groups.append(Group(id=len(groups), ops=(n,), pattern="single", root=n))
    return groups


def apply_merged_group(
    block: ir.Block,
    ops: Sequence[ir.Operation],
    pattern: str,
    group_id: int,
    *,
    generics: bool = True,
) -> ir.Operation:
    """Rewrite the ops of one merged group according to its pattern."""
    if pattern == "horizontal-contraction":
        roots = contractions_in(ops)
        rest = [op for op in ops if op not in roots]  # before the roots are erased
        merged = concat_contractions(roots)
        if not rest:
            return merged
        return wrap_in_group(block, [*rest, *_contraction_kernel(merged)], pattern, group_id)
    if pattern == "sibling" and generics and same_space(ops):
        return merge_sibling_generics(ops)
    return wrap_in_group(block, ops, pattern, group_id)


def _contraction_kernel(matmul: ir.Operation) -> list[ir.Operation]:
    """The ops `concat_contractions` made: weight concat, init, matmul, slices."""
    made = [matmul]
    for operand in list(matmul.operands)[1:]:
        owner = operand.owner
        if not isinstance(owner, ir.Block) and op_name(owner) in ("tensor.concat", "linalg.fill"):
            made.append(owner.operation)
            if op_name(owner) == "linalg.fill":
                empty = owner.operands[1].owner
                if not isinstance(empty, ir.Block) and op_name(empty) == "tensor.empty":
                    made.append(empty.operation)
    made += [use.owner.operation for use in matmul.results[0].uses]
    return made


def fuse_siblings_in_module(
    module: ir.Operation,
    options: FusionOptions,
    limits: SiblingLimits | None = None,
    *,
    generics: bool = True,
    report: bool = False,
    through_elementwise: bool = False,
) -> list[Refusal]:
    """Plan and apply sibling fusion in every function; returns the refusals.

    Blocks nested in loops and branches are processed too (op-level merges
    only). The bodies of the `fusion.group`s an umbrella pass formed are
    rewritten too (op-level merges only: no nested groups), so
    `mlirfuse-fuse,mlirfuse-horizontal-contraction` ends with one matmul in a
    "horizontal-contraction" group and `mlirfuse-fuse,mlirfuse-fuse-siblings`
    with one multi-result generic for the same-space siblings of any group
    (LayerNorm's two row sums inside its reduction-epilogue group).
    """
    limits = limits or SiblingLimits()
    all_refusals: list[Refusal] = []
    group_id = next_group_id(module)
    for func in functions(module):
        if not func.regions[0].blocks:
            continue
        block = func.regions[0].blocks[0]
        targets = [(block, options), *_group_bodies(block, options, generics)]
        targets += [(inner, options) for inner in _loop_and_branch_bodies(block)]
        for target, target_options in targets:
            if through_elementwise and target_options.siblings:
                _recompute_prologues(target, target_options)
            graph = build_graph(target)
            groups, refusals = plan_siblings(graph, singleton_groups(graph), target_options, limits)
            if report:
                _report(graph, refusals)
            all_refusals += refusals
            nested = target != block
            for group in groups:
                ops = [graph.ops[n] for n in group.ops]
                if len(ops) < 2 or (nested and not _op_level(group.pattern, ops, generics)):
                    continue
                apply_merged_group(target, ops, group.pattern, group_id, generics=generics)
                group_id += 1
    return all_refusals


def _loop_and_branch_bodies(block: ir.Block) -> list[ir.Block]:
    """Blocks of structured control flow (scf.for, scf.if, ...) under `block`,
    outermost first; linalg bodies and fusion.groups are not entered."""
    found: list[ir.Block] = []
    for op in block.operations:
        name = op.operation.name
        if name.startswith("linalg.") or name == GROUP_OP:
            continue
        for region in op.operation.regions:
            for inner in region.blocks:
                found.append(inner)
                found += _loop_and_branch_bodies(inner)
    return found


def _group_bodies(
    block: ir.Block, options: FusionOptions, generics: bool
) -> list[tuple[ir.Block, FusionOptions]]:
    """Bodies of existing groups, with the op-level merges allowed inside: one
    contraction in "horizontal-contraction" groups, one generic for same-space
    siblings in any other group."""
    contractions = replace(options, siblings=False, independent=False)
    siblings = replace(options, horizontal_contraction=False, independent=False)
    bodies = []
    for op in block.operations:
        attrs = op.operation.attributes
        if op.operation.name != GROUP_OP:
            continue
        pattern = ir.StringAttr(attrs[PATTERN_ATTR]).value if PATTERN_ATTR in attrs else ""
        body = op.operation.regions[0].blocks[0]
        if pattern == "horizontal-contraction" and options.horizontal_contraction:
            bodies.append((body, contractions))
        elif pattern != "horizontal-contraction" and options.siblings and generics:
            bodies.append((body, siblings))
    return bodies


def _op_level(pattern: str, ops: Sequence[ir.Operation], generics: bool) -> bool:
    """Merges that make one op (allowed inside an existing group or a loop)."""
    if pattern == "horizontal-contraction":
        return True
    return pattern == "sibling" and generics and same_space(ops)


def _recompute_prologues(block: ir.Block, options: FusionOptions) -> None:
    graph = build_graph(block)
    pairs = [(graph.ops[e], graph.ops[r]) for e, r in prologue_recomputations(graph, options)]
    for prologue, reduction in pairs:
        recompute_into(prologue, reduction)


def _report(graph: GraphLike, refusals: Sequence[Refusal]) -> None:
    for refusal in refusals:
        where = location_text(graph.ops[refusal.ops[0]]) if refusal.ops else "<unknown>"
        ops = ", ".join(str(n) for n in refusal.ops)
        print(
            f"{where}: remark: sibling fusion refused [{refusal.code}]: {refusal.message} (ops {ops})",
            file=sys.stderr,
        )

"""Debug mode `keep-intermediates`: chosen intermediates stay observable.

A selection is "all" (every kernel op of every fused group), or a comma list of
SSA names as `mlirfuse-opt` prints the input (`%5`, `%transposed`) or source
locations `FILE:LINE` (file compared by base name). The chosen ops are added to
their groups' `kept` field, and their results are appended to the function's
results (so `mlirfuse run` and `mlirfuse verify` print them): a kept value then
has a use outside its group, so group formation exports it and the op-level
merge keeps it as an extra result of the fused generic.
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
from typing import Any

from mlir import ir

from mlirfuse.analysis.escaping import escaping_results
from mlirfuse.analysis.types import is_kernel_name
from mlirfuse.context import group_accepts_result_types
from mlirfuse.mutation import Rewrite
from mlirfuse.vocab.errors import OptionError, PassFailure
from mlirfuse.vocab.model import FunctionPlan

_LOC = re.compile(r'loc\("([^"]*)":(\d+):\d+')


def parse_selection(text: str) -> list[str]:
    items = [s.strip() for s in text.split(",") if s.strip()]
    for item in items:
        if item != "all" and not item.startswith("%") and not re.fullmatch(r".+:\d+", item):
            raise OptionError(
                f"keep-intermediates: '{item}' is neither 'all', an SSA name (%5) nor FILE:LINE"
            )
    return items


def select_ops(plan: FunctionPlan, graph: Any, selection: list[str]) -> list[int]:
    """Op ids the selection names (kernel ops only)."""
    fused = [i for g in plan.groups if len(g.ops) >= 2 for i in g.ops]
    chosen: list[int] = []
    for n, op in enumerate(graph.ops):
        if not is_kernel_name(op.name):
            continue
        if ("all" in selection and n in fused) or _named(op, selection):
            chosen.append(n)
    return chosen


def unmatched(selection: list[str], ops: list[ir.Operation]) -> list[str]:
    """The names and places of `selection` that match no kernel op of `ops`."""
    kernels = [op for op in ops if is_kernel_name(op.name)]
    return [s for s in selection if s != "all" and not any(_named(op, [s]) for op in kernels)]


def _named(op: ir.Operation, selection: list[str]) -> bool:
    names = {r.get_name() for r in op.results}
    if names & set(selection):
        return True
    match = _LOC.search(str(op.location))
    if not match:
        return False
    here = (os.path.basename(match.group(1)), match.group(2))
    places = [s.rsplit(":", 1) for s in selection if not s.startswith("%") and ":" in s]
    return any((os.path.basename(f), line) == here for f, line in places)


def drop_mixed_types(plan: FunctionPlan, graph: Any, chosen: list[int]) -> list[int]:
    """Chosen ops whose results can leave their group (one result type per group).

    A fusion.group yields up to 7 results of different types, later ones share
    one type; an intermediate that does not fit is skipped with a warning.
    """
    kept = []
    for n in chosen:
        group = plan.group_of(n)
        types = {str(r.type) for r in graph.ops[n].results}
        if group is not None and len(group.ops) >= 2:
            natural = [v.type for v in escaping_results(graph, set(group.ops))]
            if not group_accepts_result_types(natural + [r.type for r in graph.ops[n].results]):
                print(
                    f"{graph.ops[n].location}: warning: keep-intermediates: "
                    f"{' '.join(sorted(types))} cannot leave a fusion.group whose results "
                    f"are {' '.join(sorted({str(t) for t in natural}))} (past 7 results, one type); not kept",
                    file=sys.stderr,
                )
                continue
        kept.append(n)
    return kept


def mark_kept(plan: FunctionPlan, chosen: list[int]) -> FunctionPlan:
    groups = []
    for g in plan.groups:
        kept = tuple(sorted(set(g.kept) | {i for i in chosen if i in g.ops}))
        groups.append(dataclasses.replace(g, kept=kept))
    return dataclasses.replace(plan, groups=groups)


def return_values(func_op: ir.Operation, values: list[ir.Value]) -> None:
    """Append `values` to `func_op`'s results (and its return)."""
    if not values:
        return
    _refuse_if_called(func_op)
    block = func_op.regions[0].blocks[0]
    ret = [o.operation for o in block.operations][-1]
    ftype = ir.TypeAttr(func_op.attributes["function_type"]).value
    inputs, results = list(ftype.inputs), list(ftype.results)
    with Rewrite("return kept intermediates", func_op) as rw:
        ir.Operation.create(
            ret.name,
            operands=list(ret.operands) + values,
            loc=ret.location,
            ip=ir.InsertionPoint(ret),
        )
        rw.erase(ret)
        new_type = ir.FunctionType.get(inputs, results + [v.type for v in values])
        func_op.attributes["function_type"] = ir.TypeAttr.get(new_type)
        if "res_attrs" in func_op.attributes:
            old = list(ir.ArrayAttr(func_op.attributes["res_attrs"]))
            empty = [ir.DictAttr.get({}) for _ in values]
            func_op.attributes["res_attrs"] = ir.ArrayAttr.get(old + empty)


def _refuse_if_called(func_op: ir.Operation) -> None:
    name = ir.StringAttr(func_op.attributes["sym_name"]).value
    module = func_op.parent
    if module is None:
        return
    found = False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal found
        if op.name == "func.call" and str(op.attributes["callee"]) == f"@{name}":
            found = True
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    if found:
        raise PassFailure(
            f"keep-intermediates adds results to @{name}, which is called in this module",
            func_op.location,
        )

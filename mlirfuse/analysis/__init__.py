"""Fusion analyses: op registry, dataflow graph, dominance, legality, explain.

Analyses only read IR. Everything a planner or a rewrite needs is here:

    from mlirfuse.analysis import DataflowGraph, check_producer_consumer
    graph = DataflowGraph.build(func_op)
    decision = check_producer_consumer(graph, producer, consumer, level="kernel")
"""

from __future__ import annotations

from mlirfuse.analysis.dominance import dominates, properly_dominates
from mlirfuse.analysis.explain import explain
from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.groups import (
    InsertionPlan,
    check_group,
    check_siblings,
    insertion_plan,
    kernel_operands,
)
from mlirfuse.analysis.legality import check_pair, check_producer_consumer
from mlirfuse.analysis.registry import classify_op, register_op_kind
from mlirfuse.analysis.types import Decision, MapKind, OperandInfo, OpInfo, OpKind
from mlirfuse.vocab import codes

__all__ = [
    "DataflowGraph",
    "Decision",
    "InsertionPlan",
    "MapKind",
    "OpInfo",
    "OpKind",
    "OperandInfo",
    "check_group",
    "check_pair",
    "check_producer_consumer",
    "check_siblings",
    "classify_op",
    "codes",
    "dominates",
    "explain",
    "insertion_plan",
    "kernel_operands",
    "properly_dominates",
    "register_op_kind",
]

"""Synthetic dataflow graphs with DataflowGraph's interface, without MLIR.

Tests and benchmarks of the search build graphs here: `SyntheticGraph` has the
`ops`, `infos`, `preds`, `succs`, `consumers`, `topo_order`, `reachable`
surface of `mlirfuse.analysis.DataflowGraph`, and its ops have `operands` and
`results` (hashable value handles) like MLIR operations, so the same adapter
(`mlirfuse.cost.adapter.problem_from_graph`) turns either into a Problem.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from mlirfuse.analysis.types import MapKind, OperandInfo, OpInfo, OpKind

KIND_NAMES = {
    OpKind.ELEMENTWISE: "linalg.generic",
    OpKind.BROADCAST: "linalg.generic",
    OpKind.INJECTIVE: "linalg.transpose",
    OpKind.REDUCTION: "linalg.generic",
    OpKind.CONTRACTION: "linalg.matmul",
    OpKind.FILL: "tensor.empty",
}


@dataclass(frozen=True)
class SyntheticValue:
    id: int
    bytes: int


@dataclass
class SyntheticOp:
    name: str
    operands: list[SyntheticValue]
    results: list[SyntheticValue]

    @property
    def operation(self) -> SyntheticOp:
        return self


@dataclass
class SyntheticGraph:
    """Ops in program order; `returned` holds the function's results."""

    ops: list[SyntheticOp] = field(default_factory=list)
    infos: list[OpInfo] = field(default_factory=list)
    returned: set[SyntheticValue] = field(default_factory=set)
    func: str = "synthetic"
    _next_value: int = 0

    def argument(self, size: int) -> SyntheticValue:
        self._next_value += 1
        return SyntheticValue(-self._next_value, size * 4)

    def add(
        self,
        kind: OpKind,
        inputs: list[SyntheticValue],
        out_elements: int,
        *,
        iterations: int | None = None,
        flops_per_iteration: float = 1.0,
        body_values: int | None = None,
    ) -> SyntheticValue:
        """Append an op reading `inputs` and writing one f32 tensor."""
        op_id = len(self.ops)
        self._next_value += 1
        result = SyntheticValue(self._next_value, out_elements * 4)
        points = iterations or max([out_elements, *(v.bytes // 4 for v in inputs)])
        reduction = kind in (OpKind.REDUCTION, OpKind.CONTRACTION)
        operands = tuple(
            OperandInfo(i, "f32", (v.bytes // 4,), v.bytes, MapKind.IDENTITY, False)
            for i, v in enumerate(inputs)
        )
        ranges = (out_elements, points // out_elements) if reduction else (points,)
        info = OpInfo(
            id=op_id,
            name=KIND_NAMES.get(kind, "linalg.generic"),
            kind=kind,
            loc=f"synthetic:{op_id + 1}:1",
            loop_ranges=ranges,
            parallel_dims=(0,),
            reduction_dims=(1,) if reduction else (),
            operands=operands,
            result_bytes=(result.bytes,),
            flops_per_iteration=float(body_values or flops_per_iteration),
            flops=flops_per_iteration * points,
            in_place=not reduction,
            side_effects=False,
        )
        self.ops.append(SyntheticOp(info.name, list(inputs), [result]))
        self.infos.append(info)
        return result

    # -- DataflowGraph's query surface ---------------------------------------

    def consumers(self, node: int) -> list[int]:
        produced = set(self.ops[node].results)
        return [i for i, op in enumerate(self.ops) if produced & set(op.operands)]

    def succs(self, node: int) -> list[int]:
        return self.consumers(node)

    def preds(self, node: int) -> list[int]:
        wanted = set(self.ops[node].operands)
        return [i for i, op in enumerate(self.ops) if wanted & set(op.results)]

    def external_uses(self, node: int) -> int:
        return sum(1 for r in self.ops[node].results if r in self.returned)

    def topo_order(self) -> list[int]:
        return list(range(len(self.ops)))

    def reachable(self, a: int, b: int) -> bool:
        stack, seen = [a], {a}
        while stack:
            for succ in self.succs(stack.pop()):
                if succ == b:
                    return True
                if succ not in seen:
                    seen.add(succ)
                    stack.append(succ)
        return False


def chain(length: int, size: int = 1024, kind: OpKind = OpKind.ELEMENTWISE) -> SyntheticGraph:
    """`length` unary elementwise ops in a row over `size` f32 elements."""
    graph = SyntheticGraph(func="chain")
    value = graph.argument(size)
    for _ in range(length):
        value = graph.add(kind, [value], size)
    graph.returned.add(value)
    return graph


def random_graph(seed: int, ops: int, *, width: int = 3) -> SyntheticGraph:
    """A random DAG of mixed kinds whose shapes let most edges fuse.

    Sizes come in rows x columns: elementwise ops run over R*C or R points,
    reductions take R*C to R, a contraction makes R points; operands are
    drawn among the last `width` values, so the graph has chains, diamonds,
    shared inputs and multi-consumer producers.
    """
    rng = random.Random(seed)
    rows, cols = 64 * rng.randint(1, 4), 32 * rng.randint(1, 4)
    graph = SyntheticGraph(func=f"random{seed}")
    full = [graph.argument(rows * cols) for _ in range(2)]
    narrow = [graph.argument(rows)]
    for _ in range(ops):
        kind = rng.choices(
            [OpKind.ELEMENTWISE, OpKind.BROADCAST, OpKind.REDUCTION, OpKind.CONTRACTION],
            weights=[6, 2, 2, 1],
        )[0]
        if kind == OpKind.REDUCTION:
            source = rng.choice(full[-width:])
            narrow.append(graph.add(kind, [source], rows, iterations=rows * cols))
        elif kind == OpKind.CONTRACTION:
            source = rng.choice(full[-width:])
            narrow.append(
                graph.add(
                    kind, [source, full[0]], rows, iterations=rows * cols, flops_per_iteration=2
                )
            )
        elif kind == OpKind.BROADCAST:
            inputs = [rng.choice(full[-width:]), rng.choice(narrow[-width:])]
            full.append(graph.add(kind, inputs, rows * cols))
        elif rng.random() < 0.3:
            inputs = rng.sample(narrow[-width:], min(2, len(narrow[-width:])))
            narrow.append(graph.add(kind, inputs, rows, flops_per_iteration=rng.choice([1, 4, 56])))
        else:
            inputs = rng.sample(full[-width:], min(rng.randint(1, 2), len(full[-width:])))
            full.append(
                graph.add(kind, inputs, rows * cols, flops_per_iteration=rng.choice([1, 4, 56]))
            )
    graph.returned.update(op.results[0] for op in graph.ops[-2:])
    return graph

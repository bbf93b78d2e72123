"""Local repair of a plan: an op moves to the kernel that reads it.

Windows (search/windowed.py) cut the program order blindly: a cast that
widens a residual for the LayerNorm after it (f16 -> f32 -> f64, as
torch-mlir decomposes an f16 LayerNorm) can land in the window of the
matmul epilogue that computes the residual, and merging (`merge_pass`) only
joins whole kernels, so the epilogue kept writing the f32 and f64 copies for
the LayerNorm to read back, when the LayerNorm could read the f16 residual
and widen it itself. `shift_pass` moves one op at a time out of its kernel
into the single kernel that reads all of its results, when both kernels stay
legal (`Evaluator.admits`), the kernel graph stays acyclic and J drops,
until no move improves. Moving the last widening first (its only reader is
the other kernel), then the one before it, walks such a chain across.
"""

from __future__ import annotations

from mlirfuse.search.cpsat import kernel_order
from mlirfuse.search.exact import Partition
from mlirfuse.search.groups import Evaluator

GAIN_EPSILON = 1e-9


def shift_pass(evaluator: Evaluator, partition: Partition, max_moves: int = 1000) -> Partition:
    """`partition` with ops moved to their reading kernel while J drops (at
    most `max_moves` moves: each strictly lowers J, this only bounds time)."""
    groups = list(partition)
    for _ in range(max_moves):
        move = _best_move(evaluator, groups)
        if move is None:
            break
        groups = move
    order = evaluator.problem.index
    return sorted(groups, key=lambda g: min(order[n] for n in g))


def _best_move(evaluator: Evaluator, groups: Partition) -> Partition | None:
    """The first improving move found (kernels in order, ops last first)."""
    owner = {n: i for i, g in enumerate(groups) for n in g}
    index = evaluator.problem.index
    for source, group in enumerate(groups):
        if len(group) < 2:
            continue
        for node in sorted(group, key=index.__getitem__, reverse=True):
            target = _reading_kernel(evaluator, node, owner, source)
            if target is None:
                continue
            moved = _moved(evaluator, groups, source, target, node)
            if moved is not None:
                return moved
    return None


def _reading_kernel(
    evaluator: Evaluator, node: int, owner: dict[int, int], source: int
) -> int | None:
    """The one other kernel reading `node`, when nothing else does (no
    reader in its own kernel, no result leaving the function)."""
    problem = evaluator.problem
    outputs = problem.by_id[node].outputs
    if any(problem.values[v].escapes for v in outputs):
        return None
    readers = {owner.get(s) for s in problem.succs[node]}
    if len(readers) != 1:
        return None
    (target,) = readers
    return None if target is None or target == source else target


def _moved(
    evaluator: Evaluator, groups: Partition, source: int, target: int, node: int
) -> Partition | None:
    """`groups` with `node` moved from `source` to `target`, if that is legal
    and cheaper."""
    left, right = groups[source] - {node}, groups[target] | {node}
    if not (evaluator.admits(left) and evaluator.admits(right)):
        return None
    before = evaluator.cost(groups[source]) + evaluator.cost(groups[target])
    if before - evaluator.cost(left) - evaluator.cost(right) <= GAIN_EPSILON:
        return None
    moved = list(groups)
    moved[source], moved[target] = left, right
    return moved if kernel_order(evaluator.problem, moved) is not None else None

"""Operand prologues of a staged contraction: a cast into a matmul operand.

A mixed-precision model feeds `linalg.matmul` through elementwise casts
(`extf` of an f16 activation or weight). Planned into the matmul's kernel
(`FusionPolicy.free_prologues`), such a producer is tiled with the operand it
makes: in each K step of the staged schedule (`script_matmul`) its slice of
the operand is fused into the K loop, and then into the threads' copy of
that slice to shared memory, so each thread reads its f16 elements, casts
them and stores the f32 values straight into the staged tile. The operand
never exists in global memory, and the kernel boundary reads f16.

`operand_prologues` picks those producers when a kernel is scheduled;
`fuse_into_k_loop` and `fuse_into_copies` emit the two fusions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mlir import ir

from mlirfuse.gpu.irutil import defining_op

if TYPE_CHECKING:
    from mlirfuse.gpu.kernels import Kernel
    from mlirfuse.gpu.schedule import Schedule
    from mlirfuse.gpu.script import ScriptBuilder

ANY = "!transform.any_op"


def _index_of(kernel: Kernel, op: ir.Operation | None) -> int | None:
    if op is None:
        return None
    return next((i for i, k in enumerate(kernel.ops) if k == op), None)


def _elementwise(op: ir.Operation) -> bool:
    """A generic with parallel loops only and identity-permutation reads: its
    tile is the operand's tile (a cast, a copy, a scale)."""
    if op.name != "linalg.generic":
        return False
    iterators = ir.ArrayAttr(op.attributes["iterator_types"])
    return all("parallel" in str(it) for it in iterators)


def operand_prologues(kernel: Kernel, contraction: int) -> list[tuple[int, int]]:
    """(operand, op) for each op of `kernel` that computes the contraction's
    A (0) or B (1) operand, elementwise producers of those included,
    consumer-first within each operand."""
    matmul = kernel.ops[contraction]
    found: list[tuple[int, int]] = []
    for operand, value in enumerate(list(matmul.operands)[:2]):
        todo = [value]
        while todo:
            index = _index_of(kernel, defining_op(todo.pop(0)))
            if index is None or any(index == i for _, i in found):
                continue
            if not _elementwise(kernel.ops[index]):
                continue
            found.append((operand, index))
            todo.extend(list(kernel.ops[index].operands)[:-1])
    return found


def fuse_into_k_loop(script: ScriptBuilder, s: Schedule, k_loop: str) -> dict[int, str]:
    """Each prologue computes its operand's K slice inside the K loop;
    returns the handles of the fused (tiled) ops."""
    fused: dict[int, str] = {}
    for _, index in s.prologues:
        op, loop = script.fresh(), script.fresh()
        script.emit(
            f"{op}, {loop} = transform.structured.fuse_into_containing_op "
            f"{script.match_op(s.kernel_id, index)} into {k_loop} : ({ANY}, {ANY}) -> ({ANY}, {ANY})"
        )
        fused[index] = op
    return fused


def fuse_into_copies(
    script: ScriptBuilder, s: Schedule, fused: dict[int, str], copy_loops: str
) -> None:
    """... and each thread its own elements of that slice, inside the copy to
    shared memory (`copy_loops`: one thread loop per staged operand, A then B)."""
    if not s.prologues:
        return
    loops = [script.fresh(), script.fresh()]
    script.emit(
        f"{loops[0]}, {loops[1]} = transform.split_handle {copy_loops} : ({ANY}) -> ({ANY}, {ANY})"
    )
    for operand, index in s.prologues:
        op, loop = script.fresh(), script.fresh()
        script.emit(
            f"{op}, {loop} = transform.structured.fuse_into_containing_op "
            f"{fused[index]} into {loops[operand]} : ({ANY}, {ANY}) -> ({ANY}, {ANY})"
        )
        loops[operand] = loop

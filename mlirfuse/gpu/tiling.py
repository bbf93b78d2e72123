"""Stage 1, kernel by kernel, with the fallback schedule as the safety net.

Each kernel's stage-1 script runs on its own. When upstream tiling or fusion
refuses a specialised schedule (a silenceable failure: the interpreter
raises), the module is restored to its state before that kernel and the
kernel is tiled again with the plain fallback schedule (one thread per output
element). Only if the fallback fails too is the kernel refused, with its
number and its first op's location. Inputs that would make upstream passes
abort instead of fail are refused before any script runs (`schedule.py`).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.gpu import script
from mlirfuse.gpu.irutil import walk
from mlirfuse.gpu.kernels import LOOP_ATTR, Kernel
from mlirfuse.gpu.opshape import ScheduleError
from mlirfuse.gpu.schedule import Schedule, fallback_schedule
from mlirfuse.gpu.schedule_parts import fallback_of
from mlirfuse.mutation import Rewrite


def _fallback_or_none(kernel: Kernel, schedule: Schedule) -> Schedule | None:
    if schedule.kind == "attention":
        return None
    # Partitioned: its all-fallback form; else dynamic siblings split into
    # parts (`dynamic_parts.py`), where the one-loop fallback would not merge.
    retry = fallback_of(kernel, schedule)
    if retry is not None or schedule.kind in ("fallback", "partitioned"):
        return retry
    try:
        return fallback_schedule(kernel, schedule.op_shapes)
    except ScheduleError:
        return None


def _snapshot(module: ir.Module) -> ir.Module:
    """A copy of the module's top-level ops, to restore after a failed script."""
    with module.context, ir.Location.unknown():
        copy = ir.Module.create()
    for op in module.body.operations:
        op.operation.clone(ip=ir.InsertionPoint(copy.body))
    return copy


def _restore(module: ir.Module, snapshot: ir.Module) -> None:
    """Replace the module's ops by the snapshot's (handles into the old ops
    dangle afterwards: nothing here keeps any)."""
    with Rewrite("restore the module from its snapshot", module.operation) as rw:
        for op in list(module.body.operations):
            rw.erase(op)
    end = ir.InsertionPoint(module.body)
    for op in list(snapshot.body.operations):
        end.insert(op.operation.detach_from_parent())


def tile_each(
    module: ir.Module, kernels: list[Kernel], schedules: list[Schedule]
) -> list[Schedule]:
    """Apply stage 1 per kernel; returns the schedule each kernel got."""
    fallbacks = [_fallback_or_none(k, s) for k, s in zip(kernels, schedules, strict=True)]
    where = [k.ops[0].location for k in kernels]
    done: list[Schedule] = []
    for schedule, fallback, location in zip(schedules, fallbacks, where, strict=True):
        if schedule.kind == "attention":  # already mapped loops (attention_kernel.py)
            done.append(schedule)
            continue
        snapshot = _snapshot(module) if fallback is not None else None
        try:
            _stage1(module, schedule)
            check_foralls(module, schedule.kernel_id)
            done.append(schedule)
            continue
        except ValueError as error:
            if fallback is None or snapshot is None:
                raise _refusal(schedule, str(error), location) from error
        _restore(module, snapshot)
        try:
            _stage1(module, fallback)
            check_foralls(module, fallback.kernel_id)
        except ValueError as error:
            raise _refusal(fallback, str(error), location) from error
        done.append(fallback)
    return done


def _stage1(module: ir.Module, schedule: Schedule) -> None:
    script.apply_script(module, script.stage1_block_script(schedule))
    script.apply_script(module, script.stage1_thread_script(schedule))


def check_foralls(module: ir.Module, kernel_id: int) -> None:
    """Each mapped `scf.forall` of the kernel has one mapping entry per loop.
    Sibling-loop fusion can leave a merged loop with a wrong mapping; caught
    here it is a failed schedule (retried with the fallback), not a verifier
    error later. Only the kernel's block loop is walked (big models have
    hundreds of kernels)."""
    for func in module.body.operations:
        for top in func.operation.regions[0].blocks[0].operations if func.operation.regions else []:
            top = top.operation
            if top.name != "scf.forall" or LOOP_ATTR not in top.attributes:
                continue
            if ir.IntegerAttr(top.attributes[LOOP_ATTR]).value != kernel_id:
                continue
            for op in walk(top):
                if op.name == "scf.forall" and "mapping" in op.attributes:
                    rank = len(op.regions[0].blocks[0].arguments) - len(op.results)
                    if len(ir.ArrayAttr(op.attributes["mapping"])) != rank:
                        raise ValueError(
                            f"{op.location}: scf.forall of rank {rank}, mapping of another size"
                        )


def _refusal(schedule: Schedule, message: str, location: ir.Location) -> ScheduleError:
    text = " ".join(message.replace("Failed to apply named transform sequence.", "").split())
    return ScheduleError(
        f"kernel k{schedule.kernel_id} ({schedule.kind} schedule): {text[:400]}", location
    )

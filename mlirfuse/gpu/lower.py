"""Fused Linalg-on-tensors -> one `gpu.launch` per kernel -> NVVM -> PTX.

Stages (each one a named step, so a failure says where it happened):
`prepare` (folds, groups inlined into marked kernels), `tile` (stage-1
transform script), `bufferize`, `memory` (tile buffers become private or
shared memory), `map` (stage-2 script: blocks and threads), `outline` and
`nvvm` (the pipeline file `pipelines/gpu-nvvm-<chip>.pipeline`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from mlir import ir
from mlir.passmanager import PassManager

from mlirfuse.gpu import dynamic_grid, memory, mma_rewrite, partition_merge, script, warp_reduce
from mlirfuse.gpu.irutil import walk
from mlirfuse.gpu.kernels import Kernel, KernelFormationError
from mlirfuse.gpu.prepare import prepare_module
from mlirfuse.gpu.race_check import check_block_races
from mlirfuse.gpu.schedule import Schedule, ScheduleError
from mlirfuse.gpu.schedule_parts import choose_schedule
from mlirfuse.gpu.tiling import tile_each
from mlirfuse.mutation import Rewrite
from mlirfuse.passes.dynamic_expands import DynamicExpands
from mlirfuse.passes.widen_i1_memrefs import WidenI1Memrefs

BUFFERIZE = (
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map}"
)
DEFAULT_CHIP = "sm_90"
CHIP_FEATURES = {"sm_80": "+ptx80", "sm_90": "+ptx80", "sm_90a": "+ptx80"}


class LoweringError(Exception):
    """A stage failed; `stage` names it and `location` points at the culprit."""

    def __init__(self, stage: str, message: str, location: ir.Location | None = None) -> None:
        super().__init__(f"{stage}: {message}")
        self.stage = stage
        self.location = location


@dataclass
class Lowered:
    kernels: list[Kernel] = field(default_factory=list)
    schedules: list[Schedule] = field(default_factory=list)
    dropped_asserts: int = 0


def run_passes(module: ir.Module, pipeline: str) -> None:
    pm = PassManager.parse(f"builtin.module({pipeline})", context=module.context)
    pm.run(module.operation)


def nvvm_pipeline(chip: str = DEFAULT_CHIP) -> str:
    """The NVVM lowering for `chip`: pipelines/gpu-nvvm-<chip>.pipeline when
    that file exists, else the same pipeline built here."""
    from mlirfuse.pipeline import PipelineError, load_named_pipeline

    try:
        text = load_named_pipeline(f"gpu-nvvm-{chip}").strip()
        return text.removeprefix("builtin.module(").removesuffix(")").strip()
    except PipelineError:
        pass
    features = CHIP_FEATURES.get(chip, "+ptx80")
    return (
        "math-expand-ops{ops=fpowi},gpu-lower-to-nvvm-pipeline{"
        f"cubin-chip={chip} cubin-features={features} cubin-format=isa opt-level=3}}"
    )


def _stage(name: str, step: Callable[[], object]) -> None:
    try:
        step()
    except LoweringError:
        raise
    except (ScheduleError, KernelFormationError) as error:
        raise LoweringError(name, str(error), error.location) from error
    except ValueError as error:  # transform interpreter failures
        raise LoweringError(name, _one_line(str(error)), _payload_location(str(error))) from error
    except ir.MLIRError as error:
        diags = error.error_diagnostics
        location = diags[0].location if diags else None
        message = "; ".join(d.message for d in diags) or str(error)
        raise LoweringError(name, message, location) from error


_LOC = re.compile(r'loc\("([^"]+)":(\d+):(\d+)\)')


def _payload_location(message: str) -> ir.Location | None:
    """The first location in an interpreter message that is in the input (not
    in the generated transform script, whose file name is "-")."""
    for file, line, col in _LOC.findall(message):
        if file != "-":
            return ir.Location.file(file, int(line), int(col))
    return None


def _one_line(message: str) -> str:
    text = _LOC.sub("", message.replace("Failed to apply named transform sequence.", ""))
    return " ".join(text.replace("Diagnostic message at", "").split())


def tile_kernels(module: ir.Module) -> Lowered:
    """Prepare and tile (stage 1): the schedule as scf.forall on tensors."""
    lowered = Lowered()

    def prepare() -> None:
        lowered.kernels, lowered.dropped_asserts = prepare_module(module)
        lowered.schedules = [choose_schedule(k) for k in lowered.kernels]

    def tile() -> None:
        lowered.schedules = tile_each(module, lowered.kernels, lowered.schedules)

    _stage("prepare", prepare)
    _stage("tile", tile)
    return lowered


def drop_identity_pads(module: ir.Module) -> None:
    """`tensor.pad` with no padding (left by shared-memory staging, where the
    thread's copy is the parallel_insert_slice): use its source."""
    pads = [op for op in walk(module.operation) if op.name == "tensor.pad" and _pads_nothing(op)]
    with Rewrite("drop zero tensor.pads", module.operation) as rw:
        for op in pads:
            rw.replace_op(op, [op.operands[0]])


def _pads_nothing(pad: ir.Operation) -> bool:
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    high = list(ir.DenseI64ArrayAttr(pad.attributes["static_high"]))
    return not any(low) and not any(high) and len(pad.operands) == 1


def bufferize(module: ir.Module) -> None:
    _stage("bufferize", lambda: drop_identity_pads(module))
    _stage("bufferize", lambda: script.apply_script(module, script.bufferize_script()))
    _stage("bufferize", lambda: run_passes(module, "canonicalize,cse"))
    _stage("bufferize", lambda: partition_merge.merge_part_loops(module))


def map_to_gpu(module: ir.Module, lowered: Lowered) -> None:
    """Buffers to memory spaces, then forall loops to a gpu.launch each."""
    _stage("memory", lambda: memory.place_buffers(module))
    threads = {
        s.kernel_id: s.block_dims[0]
        for s in lowered.schedules
        if s.kind in ("row", "reduce", "partitioned")
    }
    _stage("map", lambda: warp_reduce.shuffle_combines(module, threads))
    if lowered.schedules:
        frozen: list[dynamic_grid.FrozenGrid] = []
        _stage("map", lambda: frozen.extend(dynamic_grid.freeze(module)))
        _stage("map", lambda: script.apply_script(module, script.stage2_script(lowered.schedules)))
        _stage("map", lambda: dynamic_grid.thaw(module, frozen))
        # Tensor-core kernels: each lane's matmul -> nvvm.mma.sync (GPU only).
        _stage("mma", lambda: mma_rewrite.rewrite_mma(module, lowered.schedules))
    _stage(
        "outline",
        lambda: run_passes(module, "func.func(convert-linalg-to-loops),canonicalize,cse"),
    )
    # Booleans as bytes: the NVVM lowering aborts on memref loads/stores of
    # i1, as the CPU one does (the runner's pass; host and kernels at once).
    _stage("outline", lambda: WidenI1Memrefs()(module))
    _stage(
        "outline",
        lambda: run_passes(
            module, "gpu-launch-sink-index-computations,gpu-kernel-outlining,symbol-dce"
        ),
    )


def merge_gpu_modules(module: ir.Module) -> None:
    """One gpu.module holding every kernel (named `<func>_k<N>` in launch
    order), so the PTX is one file with one `.entry` per kernel."""
    gpu_modules = [op for op in module.body.operations if op.operation.name == "gpu.module"]
    if not gpu_modules:
        return
    target = gpu_modules[0].operation
    target_name = ir.StringAttr(target.attributes["sym_name"]).value
    renames: dict[str, str] = {}
    for number, gm in enumerate(gpu_modules):
        gm = gm.operation
        old_module = ir.StringAttr(gm.attributes["sym_name"]).value
        for op in list(gm.regions[0].blocks[0].operations):
            op = op.operation
            if op.name == "gpu.func":
                old = ir.StringAttr(op.attributes["sym_name"]).value
                new = f"{old.removesuffix('_kernel')}_k{number}"
                op.attributes["sym_name"] = ir.StringAttr.get(new)
                renames[f"@{old_module}::@{old}"] = new
            if gm != target:
                op.move_before(_last_op(target))
    for op in walk(module.operation):
        if op.name == "gpu.launch_func":
            new = renames[str(op.attributes["kernel"])]
            op.attributes["kernel"] = ir.SymbolRefAttr.get([target_name, new])
    with Rewrite("drop the emptied gpu.modules", module.operation) as rw:
        for gm in gpu_modules[1:]:
            rw.erase(gm)


def _last_op(gpu_module: ir.Operation) -> ir.Operation:
    ops = list(gpu_module.regions[0].blocks[0].operations)
    return ops[-1].operation


def lower_to_gpu_dialect(module: ir.Module) -> Lowered:
    """Everything before NVVM: the module then holds gpu.module/gpu.func."""
    lowered = tile_kernels(module)
    bufferize(module)
    map_to_gpu(module, lowered)
    _stage("outline", lambda: merge_gpu_modules(module))
    _stage("memory", lambda: memory.align_vector_accesses(module))
    _stage("races", lambda: check_block_races(module))
    return lowered


def lower_outlined_to_ptx(module: ir.Module, chip: str = DEFAULT_CHIP) -> None:
    # [B, S] split from B*S rows: the NVVM pipeline's expand-strided-metadata
    # asserts on two dynamic sizes in one group. Only now: the host's views
    # were traced into the launch manifest as expands (`launch_info`).
    _stage("nvvm", lambda: DynamicExpands()(module))
    _stage("nvvm", lambda: run_passes(module, nvvm_pipeline(chip)))


def lower_to_ptx(module: ir.Module, chip: str = DEFAULT_CHIP) -> Lowered:
    lowered = lower_to_gpu_dialect(module)
    lower_outlined_to_ptx(module, chip)
    return lowered

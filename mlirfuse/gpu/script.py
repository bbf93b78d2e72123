"""Transform-dialect scripts built from schedules.

Stage 1 (tensors): tile each kernel's root to an `scf.forall` on blocks, fuse
the kernel's other ops in consumer-first, then tile to threads. Stage 2
(buffers): map each kernel's block loop to a `gpu.launch` and its thread loops
to thread ids. The scripts are generated as text (one named sequence), parsed
and run with `transform.interpreter.apply_named_sequence`.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects.transform import interpreter

from mlirfuse.gpu import script_matmul, script_reduce, script_row, script_thread_tiles
from mlirfuse.gpu.kernels import LOOP_ATTR, PART_ATTR
from mlirfuse.gpu.opshape import DYNAMIC, OpShape
from mlirfuse.gpu.schedule import Schedule
from mlirfuse.gpu.tiles import block_extents, sizes_within

ANY = "!transform.any_op"

AXES = ("x", "y", "z")
PARTIALS_ATTR = "mlirfuse.partials"  # prefix of a split reduction's partials-fill mark


class ScriptBuilder:
    """Accumulates transform ops with fresh SSA names."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.count = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%h{self.count}"

    def emit(self, line: str) -> None:
        self.lines.append("    " + line)

    def match_op(self, kernel: int, index: int) -> str:
        name = self.fresh()
        attrs = f"mlirfuse.kernel = {kernel} : i64, mlirfuse.op = {index} : i64"
        self.emit(
            f"{name} = transform.structured.match attributes {{{attrs}}} in %arg0 : ({ANY}) -> {ANY}"
        )
        return name

    def match_root(self, kernel: int) -> str:
        name = self.fresh()
        attrs = f"mlirfuse.kernel = {kernel} : i64, mlirfuse.root"
        self.emit(
            f"{name} = transform.structured.match attributes {{{attrs}}} in %arg0 : ({ANY}) -> {ANY}"
        )
        return name

    def tile_forall(
        self,
        target: str,
        sizes: list[int],
        level: str,
        by: str = "tile_sizes",
        counts: list[int] | None = None,
        linear: bool = False,
    ) -> tuple[str, str]:
        """Tile onto `level` ids. Without `counts` the innermost tiled loop
        gets x (coalescing for threads); with `counts` (iterations per tiled
        loop) the loop with most iterations gets x (grids allow 2^31-1 blocks
        in x but 65535 in y and z). `linear`: any number of loops, mapped to
        one linearised id (innermost fastest), delinearised in the kernel."""
        tiled, loop = self.fresh(), self.fresh()
        mapped = sum(1 for s in sizes if s)
        if mapped > 3 and not linear:  # make_schedule falls back first
            raise ValueError(f"more than 3 {level} dimensions to map")
        axes = [AXES[i] for i in reversed(range(mapped))] if not linear else []
        if linear:
            axes = [f"linear_dim_{i}" for i in reversed(range(mapped))]
        elif counts is not None:
            by_size = sorted(range(mapped), key=lambda i: (-counts[i], -i))
            for axis, position in enumerate(by_size):
                axes[position] = AXES[axis]
        mapping = ", ".join(f"#gpu.{level}<{axis}>" for axis in axes)
        self.emit(
            f"{tiled}, {loop} = transform.structured.tile_using_forall {target} {by} {sizes} "
            f"(mapping = [{mapping}]) : ({ANY}) -> ({ANY}, {ANY})"
        )
        return tiled, loop

    def fuse(self, producer: str, loop: str) -> str:
        fused, new_loop = self.fresh(), self.fresh()
        self.emit(
            f"{fused}, {new_loop} = transform.structured.fuse_into_containing_op {producer} into {loop} "
            f": ({ANY}, {ANY}) -> ({ANY}, {ANY})"
        )
        # A producer is tiled once per slice of it the loop reads: CSE the
        # loop now, or a value read along k paths (a running mean updated
        # from itself and a count, step by step) is cloned k times, and its
        # own producers k times per clone (exponential in the chain's depth).
        self.emit(f"transform.apply_cse to {new_loop} : {ANY}")
        return new_loop

    def keep_apart(self, fill: str, key: str) -> None:
        """Mark a split reduction's partials fill with an attribute of its
        own. Two reductions' partials fills are otherwise identical, and the
        cleanup's CSE merges them into one buffer both reductions write in
        place: bufferization then copies it for the first, a loop every
        thread of the block runs over the whole buffer, racing with the
        threads that already accumulate into their slots of the copy."""
        self.emit(f'transform.annotate {fill} "{PARTIALS_ATTR}_{key}" : {ANY}')

    def match_func(self) -> str:
        func = self.fresh()
        self.emit(
            f'{func} = transform.structured.match ops{{["func.func"]}} in %arg0 : ({ANY}) -> {ANY}'
        )
        return func

    def cleanup(self, extra: list[str] | None = None) -> None:
        func = self.match_func()
        self.emit(f"transform.apply_patterns to {func} {{")
        self.emit("  transform.apply_patterns.canonicalization")
        self.emit("  transform.apply_patterns.tensor.fold_tensor_empty")
        for pattern in extra or []:
            self.emit(f"  {pattern}")
        self.emit(f"}} : {ANY}")
        self.emit(f"transform.apply_cse to {func} : {ANY}")

    def text(self) -> str:
        body = "\n".join(self.lines)
        return (
            "module attributes {transform.with_named_sequence} {\n"
            f"  transform.named_sequence @__transform_main(%arg0: {ANY} {{transform.readonly}}) {{\n"
            f"{body}\n    transform.yield\n  }}\n}}\n"
        )


def _tile_roots(script: ScriptBuilder, s: Schedule, sizes: list[int], level: str) -> str:
    """Tile the root and every sibling root alike; fuse their loops into one."""
    counts = None
    if level == "block":
        extents = _root_extents(s)
        # A dynamic loop gets x (up to 2^31-1 blocks; y and z allow 65535).
        counts = [
            2**31 if e == DYNAMIC else -(-e // t) for t, e in zip(sizes, extents, strict=True) if t
        ]
    # Linear ids only for threads: mapping blocks linearly aborts upstream
    # (buildLinearId expects 3 grid sizes); the fallback splits <= 3 loops.
    linear = s.linear and level == "thread"
    root = script.match_op(s.kernel_id, s.root_index)
    if not any(sizes):  # every parallel loop dynamic: one block / one thread
        if s.sibling_roots:
            raise ValueError("sibling roots with only dynamic parallel loops")
        one = [0] * len(sizes)
        one[s.op_shapes[s.root_index].parallel_dims[0]] = 1
        _, loop = script.tile_forall(root, one, level, by="num_threads", linear=linear)
        return loop
    _, loop = script.tile_forall(root, sizes, level, counts=counts, linear=linear)
    for index in s.sibling_roots:
        root_shape = s.op_shapes[s.root_index]
        sibling_shape = s.op_shapes[index]
        sibling_sizes = _sibling_sizes(sizes, root_shape, sibling_shape)
        sibling = script.match_op(s.kernel_id, index)
        _, other = script.tile_forall(sibling, sibling_sizes, level, counts=counts, linear=linear)
        if DYNAMIC in root_shape.extents:
            # Each tiled loop reads its dynamic bound by a `tensor.dim` of
            # its own: one value for both first, or fuse_sibling refuses.
            func = script.match_func()
            script.emit(f"transform.apply_patterns to {func} {{")
            script.emit("  transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims")
            script.emit(f"}} : {ANY}")
            script.emit(f"transform.apply_cse to {func} : {ANY}")
        fused = script.fresh()
        script.emit(
            f"{fused} = transform.loop.fuse_sibling {other} into {loop} : ({ANY}, {ANY}) -> {ANY}"
        )
        loop = fused
    return loop


def _sibling_sizes(sizes: list[int], root: OpShape, sibling: OpShape) -> list[int]:
    """The root's tile sizes on the sibling's loops: parallel loops of more
    than one iteration are paired in order (roots may differ by unit dims)."""
    wide = iter(
        t
        for t, e, red in zip(sizes, root.extents, root.reduction, strict=True)
        if not red and (e > 1 or e == DYNAMIC)
    )
    paired = [
        0 if red or e == 1 else next(wide, 0)
        for e, red in zip(sibling.extents, sibling.reduction, strict=True)
    ]
    if any(sizes) and not any(paired) and sibling.parallel_dims:
        # The root's one loop of one iteration sits on a unit loop (every
        # parallel extent 1): the sibling needs one too, or there is no loop
        # to fuse (upstream's fuse_sibling asserts on an empty handle).
        last = sibling.parallel_dims[-1]
        paired[last] = sibling.extents[last]
    return paired


def _block_level(
    script: ScriptBuilder, s: Schedule, root_extents: list[int], attr: str = LOOP_ATTR
) -> None:
    loop = _tile_roots(script, s, sizes_within(s.block_tiles, root_extents), "block")
    for index in s.block_ops:
        loop = script.fuse(script.match_op(s.kernel_id, index), loop)
    # Name the block loop: stage 2 maps it to this kernel's gpu.launch.
    kernel_id = script.fresh()
    script.emit(
        f"{kernel_id} = transform.param.constant {s.kernel_id} : i64 -> !transform.param<i64>"
    )
    script.emit(f'transform.annotate {loop} "{attr}" = {kernel_id} : {ANY}, !transform.param<i64>')


def _thread_level_fused(script: ScriptBuilder, s: Schedule) -> None:
    in_block = block_extents(s.block_tiles, _root_extents(s))
    loop = _tile_roots(script, s, sizes_within(s.thread_tiles, in_block), "thread")
    for index in s.fused_ops:
        loop = script.fuse(script.match_op(s.kernel_id, index), loop)
    if s.kind in ("contraction", "conv") and s.contraction is None and s.mma is None:
        script_thread_tiles.reductions_outermost(script, s)


def _root_extents(s: Schedule) -> list[int]:
    return s.op_shapes[s.root_index].extents


def _staged_threads(script: ScriptBuilder, s: Schedule, index: int, threads: list[int]) -> None:
    """Give one staged op its own thread loop (num_threads per innermost dims)."""
    shape = s.op_shapes[index]
    rank = len(shape.extents)
    counts = [0] * rank
    for axis, dim in enumerate(reversed(range(rank))):
        if axis >= len(threads):
            break
        counts[dim] = min(threads[axis], shape.extents[dim]) if not shape.reduction[dim] else 0
    counts = [c if c > 0 else 0 for c in counts]
    if not any(counts):
        counts[shape.parallel_dims[-1]] = 1
    script.tile_forall(script.match_op(s.kernel_id, index), counts, "thread", by="num_threads")


def _vectorize_kernel(script: ScriptBuilder, s: Schedule, part: bool = False) -> None:
    """Every op of the kernel (all inside the thread loop now) to vector ops;
    intermediates are forwarded in registers, unit dims dropped (1-D vectors
    only: the NVVM lowering takes no n-D vector math). A part of a
    partitioned kernel: only its own ops."""
    if part:
        handles = [script.match_op(s.kernel_id, i) for i in sorted({s.root_index, *s.block_ops})]
    else:
        handles = [script.fresh()]
        attrs = f"mlirfuse.kernel = {s.kernel_id} : i64"
        script.emit(
            f"{handles[0]} = transform.structured.match attributes {{{attrs}}} in %arg0 : ({ANY}) -> {ANY}"
        )
    for ops in handles:
        script.emit(f"transform.structured.vectorize {ops} : {ANY}")
    script.cleanup(["transform.apply_patterns.vector.cast_away_vector_leading_one_dim"])


def stage1_block_script(s: Schedule) -> str:
    """Stage 1's first half for one kernel: its block loop(s), then a cleanup."""
    script = ScriptBuilder()
    # Partitioned (schedule_parts.py): each part its own block loop, marked
    # as a part; partition_merge.py merges them after bufferizing. Every
    # part's block loop first: a cleanup in between would CSE the identical
    # fills of sibling roots still to be tiled alike.
    attr = PART_ATTR if s.parts else LOOP_ATTR
    for part in s.parts or [s]:
        _block_level(script, part, _root_extents(part), attr)
    script.cleanup()
    return script.text()


def stage1_thread_script(s: Schedule) -> str:
    """Stage 1's second half for one kernel: thread loops inside its block loop(s)."""
    script = ScriptBuilder()
    attr = PART_ATTR if s.parts else LOOP_ATTR
    for part in s.parts or [s]:
        _stage1_threads(script, part, attr)
    return script.text()


def _stage1_threads(script: ScriptBuilder, s: Schedule, attr: str) -> None:
    if s.kind == "row":
        script_row.row_threads(script, s)
    elif s.kind == "reduce":
        script_reduce.reduce_threads(script, s)
    elif script_matmul.stageable(s):
        script_matmul.staged_thread_level(script, s)
    else:
        _thread_level_fused(script, s)
        for index in s.staged_ops:
            _staged_threads(script, s, index, list(s.block_dims))
    script.cleanup()
    if s.vectorize:
        _vectorize_kernel(script, s, part=attr == PART_ATTR)
    if s.contraction is not None:
        script_thread_tiles.register_accumulator(script, s)


def stage2_script(schedules: list[Schedule]) -> str:
    script = ScriptBuilder()
    # Vector transfers on buffers -> vector.load/store (1-D, in bounds). A
    # transfer with a broadcast or transposed map (a per-row value read along
    # a thread tile of several rows) leaves an n-D vector.broadcast and
    # vector.transpose, which the NVVM translation refuses: lowered here to
    # extracts and from_elements.
    script.cleanup(
        [
            "transform.apply_patterns.vector.transfer_permutation_patterns",
            "transform.apply_patterns.vector.transfer_to_scf max_transfer_rank = 1 full_unroll = true",
            "transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1",
            "transform.apply_patterns.vector.lower_broadcast",
            "transform.apply_patterns.vector.lower_transpose",
        ]
    )
    for s in schedules:
        loop, launch = script.fresh(), script.fresh()
        attrs = f"{LOOP_ATTR} = {s.kernel_id} : i64"
        script.emit(
            f'{loop} = transform.structured.match ops{{["scf.forall"]}} attributes {{{attrs}}} in %arg0 '
            f": ({ANY}) -> {ANY}"
        )
        script.emit(
            f"{launch} = transform.gpu.map_forall_to_blocks {loop} generate_gpu_launch : ({ANY}) -> {ANY}"
        )
        dims = ", ".join(str(d) for d in s.block_dims)
        script.emit(
            f"transform.gpu.map_nested_forall_to_threads {launch} block_dims = [{dims}] : ({ANY}) -> {ANY}"
        )
    script.cleanup()
    return script.text()


def bufferize_script() -> str:
    """One-shot bufferization with linalg.copy for copies (they lower to loops
    inside kernels, where memref.copy would call a host runtime function)."""
    script = ScriptBuilder()
    script.emit(
        "transform.bufferization.one_shot_bufferize %arg0 {bufferize_function_boundaries = true, "
        'function_boundary_type_conversion = 1 : i32, memcpy_op = "linalg.copy"} '
        f": ({ANY}) -> {ANY}"
    )
    return script.text().replace("transform.readonly", "transform.consumed")


def apply_script(module: ir.Module, text: str) -> None:
    """Parse `text` in the module's context and run it on the module."""
    apply_script_to(module.operation, text)


def apply_script_to(payload: ir.Operation, text: str) -> None:
    """Parse `text` in the payload's context and run it on `payload`."""
    script = ir.Module.parse(text, context=payload.context)
    sequence = script.body.operations[0]
    interpreter.apply_named_sequence(payload, sequence, script)


def generalize_script(op_names: list[str]) -> str:
    """`transform.structured.generalize` on every op named in `op_names`."""
    script = ScriptBuilder()
    names = ", ".join(f'"{n}"' for n in op_names)
    ops = script.fresh()
    script.emit(f"{ops} = transform.structured.match ops{{[{names}]}} in %arg0 : ({ANY}) -> {ANY}")
    script.emit(f"transform.structured.generalize {ops} : ({ANY}) -> {ANY}")
    return script.text()


def generalize_marked_script(attr: str) -> str:
    """`transform.structured.generalize` on every op carrying the unit `attr`."""
    script = ScriptBuilder()
    ops = script.fresh()
    script.emit(
        f"{ops} = transform.structured.match attributes {{{attr}}} in %arg0 : ({ANY}) -> {ANY}"
    )
    script.emit(f"transform.structured.generalize {ops} : ({ANY}) -> {ANY}")
    return script.text()

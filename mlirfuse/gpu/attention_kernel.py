"""The `attention` schedule: an attention group becomes one pre-mapped kernel.

The transform-script schedules tile one root; an attention group holds a
loop carrying the online-softmax state, so it is scheduled here instead,
before kernel formation (`prepare_module`): the group's CPU form (read by
`attention_group.read_group`) is replaced, inside the group, by the kernel
of `attention_text.kernel_text` — an `scf.forall` on blocks of T query rows
holding one on threads, one query row per thread, the key loop sequential
in the thread with the running max, sum and the Dv accumulators as scalars
(registers). The score ops' bodies are copied in as scalar code, their side
inputs (masks, biases) read with `tensor.extract` at the row's and key's
indices. Stage 1 leaves the kernel alone (`tiling.tile_each`); bufferization,
memory placement and stage 2 (`map_forall_to_blocks`,
`map_nested_forall_to_threads`) treat it as any other kernel's loops.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.analysis.structured import element_name
from mlirfuse.context import GROUP_OP, PATTERN_ATTR
from mlirfuse.gpu import attention_text
from mlirfuse.gpu.attention_group import AttentionForm, AttentionFormError, ChainStep, read_group
from mlirfuse.gpu.irutil import walk
from mlirfuse.gpu.kernels import Kernel, KernelFormationError
from mlirfuse.gpu.schedule import Schedule
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_utils import remap_operands, sizes_of

PATTERN = "attention"
KIND = "attention"
MAX_THREADS = 128  # query rows per block
MAX_REGISTER_FLOATS = 160  # q (D) and acc (Dv) live in registers: D + Dv at most this


def threads_for(rows: int) -> int:
    """Rows per block: up to MAX_THREADS, whole warps where the rows allow."""
    return min(rows, MAX_THREADS)


def refusal(form: AttentionForm) -> str | None:
    """Why the GPU kernel cannot be built for `form` (None: it can)."""
    if form.depth + form.value_depth > MAX_REGISTER_FLOATS:
        return (
            f"D + Dv = {form.depth + form.value_depth} floats per thread: more than"
            f" {MAX_REGISTER_FLOATS} held in registers"
        )
    for name, operand in (("Q", form.q), ("K", form.k), ("V", form.v)):
        if element_name(operand.value) not in attention_text.ELEMENTS:
            return f"{name} is not f32, f16 or bf16"
    return None


def _is_attention_group(op: ir.Operation) -> bool:
    return (
        op.name == GROUP_OP
        and PATTERN_ATTR in op.attributes
        and ir.StringAttr(op.attributes[PATTERN_ATTR]).value == PATTERN
    )


def schedule_attention_groups(func: ir.Operation) -> None:
    """Replace the body of every attention group of `func` by its GPU kernel."""
    groups = [op for op in walk(func) if _is_attention_group(op)]
    for group in groups:
        try:
            form = read_group(group)
        except AttentionFormError as error:
            raise KernelFormationError(f"attention group: {error}", group.location) from error
        why = refusal(form)
        if why is not None:
            raise KernelFormationError(f"attention group: {why}", group.location)
        _build(form)


def _sides(form: AttentionForm) -> list[ir.Value]:
    found: list[ir.Value] = []
    for step in form.chain:
        for inp in step.inputs:
            if inp.operand is not None and inp.operand.value not in found:
                found.append(inp.operand.value)
    return found


def _spec(form: AttentionForm, sides: list[ir.Value]) -> attention_text.GpuSpec:
    values = [form.q.value, form.k.value, form.v.value, *sides]
    dims = tuple(zip(form.out_order[:-1], form.out_shape[:-1], strict=True))
    return attention_text.GpuSpec(
        types=tuple(str(v.type) for v in values),
        q_index=form.q.index,
        k_index=form.k.index,
        v_index=form.v.index,
        dims=dims,
        keys=form.keys,
        depth=form.depth,
        value_depth=form.value_depth,
        # A dynamic query-row count has no lower bound for T to stay under:
        # full blocks of MAX_THREADS rows, the last one short.
        threads=MAX_THREADS if form.rows is None else threads_for(form.static_row_count),
        short_last_block=form.rows is None,
        chain=bool(form.chain),
        batch_rank=len(form.batch),
        zero_rows=form.zero_rows,
        elements=(
            element_name(form.q.value),
            element_name(form.k.value),
            element_name(form.v.value),
        ),
        out_element=element_name(form.final.results[0]),
        prologues=(
            form.prologues[0] is not None,
            form.prologues[1] is not None,
            form.prologues[2] is not None,
        ),
    )


def _build(form: AttentionForm) -> None:
    sides = _sides(form)
    spec = _spec(form, sides)
    scratch = ir.Module.parse(attention_text.kernel_text(spec), form.group.context)
    func = next(
        o.operation
        for o in scratch.body.operations
        if ir.StringAttr(o.operation.attributes["sym_name"]).value == "attention"
    )
    body = func.regions[0].blocks[0]
    values = [form.q.value, form.k.value, form.v.value, *sides]
    mapping: dict[ir.Value, ir.Value] = dict(zip(body.arguments, values, strict=True))
    point = ir.InsertionPoint(form.loop)
    result: ir.Value | None = None
    for op_view in body.operations:
        op = op_view.operation
        if op.name == "func.return":
            result = mapping[op.operands[0]]
            break
        new = op.clone(point)
        remap_operands(new, mapping)
        for old, fresh in zip(op.results, new.results, strict=True):
            mapping[old] = fresh
    assert result is not None
    loop = result.owner.operation
    _fill_chain(loop, form)
    _fill_prologues(loop, form)
    _replace_cpu_form(form, result)


def _fill_chain(kernel: ir.Operation, form: AttentionForm) -> None:
    calls = [
        op
        for op in walk(kernel)
        if op.name == "func.call"
        and ir.FlatSymbolRefAttr(op.attributes["callee"]).value == attention_text.CHAIN_FUNC
    ]
    for call in calls:
        operands = list(call.operands)
        names = [f"b{i}" for i in range(len(form.batch))] + ["m", "n"]
        index = dict(zip(names, operands[1:], strict=True))
        point = ir.InsertionPoint(call)
        with point, call.location:
            zero = arith.ConstantOp(ir.IndexType.get(), 0).result
        current = operands[0]
        iv = form.loop.regions[0].blocks[0].arguments[0]
        for step in form.chain:
            current = _scalar_step(step, current, index, names, {iv: zero}, point, zero)
        with Rewrite("attention: the score ops replace their placeholder", call) as rw:
            rw.replace_op(call, [current])


def _fill_prologues(kernel: ir.Operation, form: AttentionForm) -> None:
    """Each prologue call becomes the prologue's ops on the loaded element."""
    for func, prologue in zip(attention_text.PROLOGUE_FUNCS, form.prologues, strict=True):
        if prologue is None:
            continue
        calls = [
            op
            for op in walk(kernel)
            if op.name == "func.call"
            and ir.FlatSymbolRefAttr(op.attributes["callee"]).value == func
        ]
        for call in calls:
            mapping: dict[ir.Value, ir.Value] = {prologue.arg: call.operands[0]}
            point = ir.InsertionPoint(call)
            for op in prologue.ops:
                new = op.clone(point)
                remap_operands(new, mapping)
                for old, fresh in zip(op.results, new.results, strict=True):
                    mapping[old] = fresh
            with Rewrite("attention: an operand prologue replaces its call", call) as rw:
                rw.replace_op(call, [mapping[prologue.result]])


def _scalar_step(
    step: ChainStep,
    score: ir.Value,
    index: dict[str, ir.Value],
    names: list[str],
    mapping: dict[ir.Value, ir.Value],
    point: ir.InsertionPoint,
    zero: ir.Value,
) -> ir.Value:
    """One score op's body on scalars at the insertion point; its result."""
    args: list[ir.Value] = []
    with point, step.op.location:
        for inp in step.inputs:
            if inp.operand is None:
                args.append(score)
                continue
            at = [zero if n == "0" else index[n] for n in inp.operand.index]
            args.append(tensor.ExtractOp(inp.operand.value, at).result)
    block = step.op.regions[0].blocks[0]
    local = dict(mapping)
    local.update(zip(list(block.arguments)[: len(args)], args, strict=True))
    for op_view in block.operations:
        op = op_view.operation
        if op.name == "linalg.yield":
            return local.get(op.operands[0], op.operands[0])
        if op.name == "linalg.index":
            dim = int(ir.IntegerAttr(op.attributes["dim"]).value)
            local[op.results[0]] = index[names[dim]]
            continue
        new = op.clone(point)
        remap_operands(new, local)
        for old, fresh in zip(op.results, new.results, strict=True):
            local[old] = fresh
    raise KernelFormationError("attention group: a score op without a yield", step.op.location)


def _replace_cpu_form(form: AttentionForm, result: ir.Value) -> None:
    """The kernel's rows (R x Dv) reshaped to the final generic's result,
    which it replaces; the key loop and what only it used go."""
    shape = form.out_shape
    out_type = ir.RankedTensorType(form.final.results[0].type)
    init = form.final.operands[len(form.final.operands) - 1]
    with ir.InsertionPoint(form.final), form.final.location:
        if len(shape) == 2:
            value = result
        else:
            reassoc = [list(range(len(shape) - 1)), [len(shape) - 1]]
            sizes = sizes_of(init, out_type)
            dynamic = [d for d in sizes if isinstance(d, ir.Value)]
            static = [d if isinstance(d, int) else ir.ShapedType.get_dynamic_size() for d in sizes]
            value = tensor.ExpandShapeOp(out_type, result, reassoc, dynamic, static).result
    with Rewrite("attention: the GPU kernel replaces the CPU form", form.group) as rw:
        rw.replace_uses(form.final.results[0], value)
        for op in (form.final, form.loop):
            for operand in op.operands:
                rw.erase_if_dead(operand)
            rw.erase(op)


def attention_schedule(kernel: Kernel) -> Schedule:
    """The schedule record of a pre-mapped attention kernel (nothing to tile)."""
    assert kernel.root is not None
    threads = int(ir.IntegerAttr(kernel.root.attributes[attention_text.THREADS_ATTR]).value)
    return Schedule(kernel.kernel_id, KIND, 0, [], [], [], block_dims=(threads, 1, 1))

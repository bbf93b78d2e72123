"""Prepare a module for kernel formation: folds, then groups -> marked kernels."""

from __future__ import annotations

from mlir import ir

from mlirfuse.context import GROUP_OP
from mlirfuse.gpu import (
    destinations,
    folds,
    folds_scalar,
    padding,
    reshaped_pads,
    split_results,
    unit_dim_reads,
)
from mlirfuse.gpu.cheap_powers import expand_cheap_powers
from mlirfuse.gpu.contraction_copies import (
    fold_copies_into_contraction,
    fold_copies_into_generic,
    fold_epilogue_transpose,
)
from mlirfuse.gpu.copy_roots import identity_copy_to_named, simplify_bodies
from mlirfuse.gpu.inner_reshapes import sink_group_reshapes
from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.gpu.kernels import PAD_ATTR, Kernel, form_kernels, kept_named_ops
from mlirfuse.gpu.opshape import is_windowed


def apply_folds(func: ir.Operation) -> int:
    """Run the rewrites of `folds` over every op of `func` (groups included);
    returns the number of `cf.assert` dropped from kernel bodies."""
    dropped = 0
    sink_group_reshapes(func)  # the reshapes the predicate let inside a group
    for op in walk(func):
        if op.name == "tensor.expand_shape":
            new = reshaped_pads.expand_of_pad_to_generic(op)
        elif op.name == "tensor.collapse_shape":
            new = reshaped_pads.collapse_of_pad_to_generic(op)
        else:
            continue
        if new is not None:
            new.attributes[PAD_ATTR] = ir.UnitAttr.get()
    for op in walk(func):
        if op.name == "tensor.pad":
            with op.location:
                padding.pad_to_generic(op).attributes[PAD_ATTR] = ir.UnitAttr.get()
    for op in walk(func):
        if op.name == "linalg.generic":
            with op.location:
                split_results.split_mixed_results(op)
    for op in walk(func):
        if op.name == "linalg.generic":
            dropped += folds.drop_asserts(op)
            expand_cheap_powers(op)  # x ** 2, x ** -0.5: as PyTorch's CUDA pow
            with op.location:
                generic = folds.drop_constant_output_dims(folds.drop_dead_results(op))
                folds.expand_scalar_result(generic)
    for op in walk(func):
        if op.name == "linalg.generic":
            folds.fold_expand_shapes(op)
            if folds_scalar.read_through_unit_collapse(op):
                # A collapse of an expand (a reduction's dropped unit output
                # dim, read back squeezed): the expand it now reads goes too.
                folds.fold_expand_shapes(op)
            unit_dim_reads.collapse_unit_dim_reads(op)
    simplify_bodies(func)  # a root that folds to a copy is seen as one
    for op in walk(func):
        identity_copy_to_named(op)
    for op in walk(func):
        if op.name == "linalg.matmul" and _transpose_in_same_group(op):
            with op.location:
                folds.fold_transpose_into_matmul(op)
    for op in walk(func):
        if op.name in ("linalg.matmul", "linalg.batch_matmul"):
            with op.location:
                fold_copies_into_contraction(op)
        elif op.name == "linalg.generic":
            fold_copies_into_generic(op)
    for op in [op for op in walk(func) if op.name == "linalg.transpose"]:
        with op.location:
            fold_epilogue_transpose(op)
    generalize_named_ops(func)
    generalize_kept_named_ops(func)
    for op in walk(func):
        if _gather_into_convolution(op):
            op.attributes[PAD_ATTR] = ir.UnitAttr.get()
    destinations.copy_argument_inits(func)
    return dropped


# Named ops the schedules know by name; every other named linalg op
# (linalg.add, linalg.reduce, pooling, ...) is generalized first.
KNOWN_NAMED = {
    "linalg.generic",
    "linalg.fill",
    "linalg.matmul",
    "linalg.batch_matmul",
    "linalg.conv_2d_nchw_fchw",
    "linalg.transpose",
    "linalg.copy",
    "linalg.yield",
    "linalg.index",
}


def generalize_named_ops(func: ir.Operation) -> None:
    names = sorted({op.name for op in walk(func) if op.name.startswith("linalg.")} - KNOWN_NAMED)
    if not names:
        return
    from mlirfuse.gpu.script import apply_script_to, generalize_script

    apply_script_to(func, generalize_script(names))


GENERALIZE_ATTR = "mlirfuse.generalize"  # marks the ops generalize_kept_named_ops rewrites


def generalize_kept_named_ops(func: ir.Operation) -> None:
    """Kept intermediates computed by named ops (`kernels.kept_named_ops`:
    vit_layer_sdpa's attention scores, yielded and read by their epilogue)
    become `linalg.generic`s, so fusing them into the kernel's loops also
    yields their results from the loops."""
    kept = [op for group in walk(func) if group.name == GROUP_OP for op in kept_named_ops(group)]
    if not kept:
        return
    from mlirfuse.gpu.script import apply_script_to, generalize_marked_script

    for op in kept:
        op.attributes[GENERALIZE_ATTR] = ir.UnitAttr.get()
    apply_script_to(func, generalize_marked_script(GENERALIZE_ATTR))
    for op in walk(func):
        if GENERALIZE_ATTR in op.attributes:
            del op.attributes[GENERALIZE_ATTR]


def _gather_into_convolution(op: ir.Operation) -> bool:
    """A gather (a generic with no inputs reading by `tensor.extract`: a
    reflection pad) that only convolutions of its own kernel read: staged
    with their input window as a zero pad is (`FusionPolicy._staged_gathers`)."""
    if op.name != "linalg.generic" or len(op.results) != 1 or len(op.operands) != 1:
        return False
    parent = op.parent
    if parent is None or parent.name != GROUP_OP:
        return False
    if not any(inner.name == "tensor.extract" for inner in walk(op)):
        return False
    users = [use.owner.operation for use in op.results[0].uses]
    return bool(users) and all(_stages_window(u) and u.parent == parent for u in users)


def _stages_window(op: ir.Operation) -> bool:
    """A convolution whose kernel stages its padded input window
    (gpu/conv_window.py): the named NCHW one, or a windowed generic."""
    return op.name == "linalg.conv_2d_nchw_fchw" or is_windowed(op)


def _transpose_in_same_group(matmul: ir.Operation) -> bool:
    producer = defining_op(matmul.operands[1])
    if producer is None or producer.name != "linalg.transpose":
        return False
    parent = matmul.parent
    return bool(producer.parent == parent and parent is not None and parent.name == GROUP_OP)


def functions(module: ir.Module) -> list[ir.Operation]:
    """The functions of `module` that have a body (declarations skipped)."""
    return [
        op.operation
        for op in module.body.operations
        if op.operation.name == "func.func" and len(op.operation.regions[0].blocks) > 0
    ]


def prepare_module(module: ir.Module) -> tuple[list[Kernel], int]:
    """Fold and form kernels in every function; kernel ids are module-unique.
    Returns the kernels and the number of asserts dropped."""
    kernels: list[Kernel] = []
    dropped = 0
    from mlirfuse.gpu.attention_kernel import schedule_attention_groups

    for func in functions(module):
        schedule_attention_groups(func)  # before the folds: they rewrite generics
        dropped += apply_folds(func)
        kernels.extend(form_kernels(func, first_id=len(kernels)))
    return kernels, dropped

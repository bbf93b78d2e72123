"""Kernel roots that are copies: kept as `linalg.copy`, which tiling keeps.

Canonicalization erases an identity `linalg.generic` once it is tiled (the
block-level cleanup runs it inside the block loop), leaving a kernel root
with no thread loop (each thread copying the whole block tile, or no root
at all for the thread-level tiling: "requires exactly one containing_op
handle (got 0)") or a sibling root that fuse_sibling no longer finds. A
root can be a copy only once its body is folded (a masked fill whose mask
compares two equal constants, its index arithmetic left dead by the
fusion: kimi_linear_text), so the bodies are simplified first, as the
cleanup would: then every root the cleanup would erase is seen here.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg

from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.kernels import INIT_COPY_ATTR
from mlirfuse.mutation import replace_op

ANY = "!transform.any_op"


def simplify_bodies(func: ir.Operation) -> None:
    """Canonicalize the ops inside every `linalg.generic` of `func` (not the
    generics themselves: `transform.apply_patterns` on an op that is not
    isolated from above rewrites only its nested ops), so folds and dead
    body ops are gone before the kernels' ops are classified."""
    from mlirfuse.gpu.script import ScriptBuilder, apply_script_to

    script = ScriptBuilder()
    generics = script.fresh()
    script.emit(
        f'{generics} = transform.structured.match ops{{["linalg.generic"]}} in %arg0 '
        f": ({ANY}) -> {ANY}"
    )
    script.emit(f"transform.apply_patterns to {generics} {{")
    script.emit("  transform.apply_patterns.canonicalization")
    script.emit(f"}} : {ANY}")
    apply_script_to(func, script.text())


def identity_copy_to_named(generic: ir.Operation) -> bool:
    """A copy `linalg.generic` (its body yields one input read through the
    identity map, of the result's type, into an identity-mapped init; any
    other input unread) becomes `linalg.copy` of that input. Only a copy
    whose result leaves its kernel (a root): one its group's ops read is a
    producer their tiles read through (a staged operand prologue of a matmul
    is a generic), and a destination's copy (`INIT_COPY_ATTR`) is read as
    an init."""
    if generic.name != "linalg.generic" or INIT_COPY_ATTR in generic.attributes:
        return False
    if len(generic.results) != 1 or not _leaves_kernel(generic):
        return False
    source = _copied_input(generic)
    if source is None:
        return False
    init = generic.operands[len(generic.operands) - 1]
    with ir.InsertionPoint(generic), generic.location:
        copy = linalg.copy(source, outs=[init])
    replace_op(generic, [copy], "a copy generic becomes linalg.copy")
    return True


def _copied_input(generic: ir.Operation) -> ir.Value | None:
    """The input a single-result generic's body only yields, when it is read
    and written through identity maps with the result's type; else None."""
    block = generic.regions[0].blocks[0]
    body = list(block.operations)
    if len(body) != 1:
        return None
    yielded = body[0].operation.operands[0]
    args = list(block.arguments)
    inputs = len(generic.operands) - 1
    if yielded not in args[:inputs]:
        return None
    index = args.index(yielded)
    source = generic.operands[index]
    if source.type != generic.results[0].type or not isinstance(source.type, ir.RankedTensorType):
        return None
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(generic.attributes["indexing_maps"])]
    identity = ir.AffineMap.get_identity(maps[-1].n_dims)
    return source if maps[index] == identity and maps[-1] == identity else None


def _leaves_kernel(op: ir.Operation) -> bool:
    """A top-level op (its own kernel), or one whose result its group yields."""
    parent = op.parent
    if parent is None or parent.name != GROUP_OP:
        return True
    users = [use.owner.operation for use in op.results[0].uses]
    return any(user.parent != parent or user.name == "gpu.yield" for user in users)

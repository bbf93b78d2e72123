"""A bias broadcast into a convolution's init becomes its epilogue (before planning).

PyTorch's exported convolutions with a bias accumulate into
`linalg.broadcast %bias` (the init, `outs`). Only a fill or an empty tensor
may be fused into an init (legality `init-operand`), so the broadcast was a
kernel of its own (an SE block's two 1x1 convolutions: two launches for 16
and 64 values). Rewritten as `conv(outs = fill 0) + bias` (the add reads the
bias through a broadcast map), the bias add is an ordinary epilogue of the
convolution's kernel and the broadcast is gone. Linalg from TOSA broadcasts
with a generic that only copies the bias (`head_layout.copy_source`), and
gives a convolution without a bias a zero one, which adds nothing and goes.
Only floating-point
convolutions whose init is such a broadcast, read by nothing else, change;
the sum's order changes (bias last), as in any epilogue bias. A dynamic
batch is kept: the new tensors take the broadcast init's sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.head_layout import copy_source
from mlirfuse.transforms.ir_access import splat_element
from mlirfuse.transforms.ir_utils import sizes_of


def _is_conv(op: ir.Operation) -> bool:
    return op.name.startswith("linalg.conv_") or op.name.startswith("linalg.depthwise_conv_")


@dataclass(frozen=True)
class BiasInit:
    """A convolution's init that only broadcasts a bias: the op doing it,
    the bias, and the map reading the bias at each point of the result."""

    broadcast: ir.Operation
    bias: ir.Value
    bias_map: ir.AffineMap


def _broadcast_init(op: ir.Operation) -> BiasInit | None:
    """The broadcast producing `op`'s only init, used only there: a
    `linalg.broadcast` (torch-mlir's linalg) or a generic that only copies
    its input through a projected map (linalg from TOSA)."""
    if len(op.results) != 1:
        return None
    init = op.operands[len(op.operands) - 1]
    if not isinstance(init, ir.OpResult) or len(list(init.uses)) != 1:
        return None
    element = ir.RankedTensorType(init.type).element_type
    if not isinstance(element, ir.FloatType):
        return None
    producer = init.owner.operation
    rank = ir.RankedTensorType(init.type).rank
    if producer.name == "linalg.broadcast":
        return BiasInit(producer, producer.operands[0], _bias_map(producer, rank))
    copy = copy_source(producer)
    if copy is None or copy[0].type == init.type:
        return None  # not a copy, or one that broadcasts nothing
    return BiasInit(producer, copy[0], copy[1])


def _sizes_of(value: ir.Value) -> list[int | ir.Value]:
    """`value`'s sizes (at the insertion point): a `tensor.empty`'s own
    operands for its dynamic dims, else `tensor.dim`s."""
    owner = value.owner.operation if isinstance(value, ir.OpResult) else None
    if owner is None or owner.name != "tensor.empty":
        return sizes_of(value)
    dynamic = iter(owner.operands)
    shaped = ir.RankedTensorType(value.type)
    return [next(dynamic) if shaped.is_dynamic_dim(d) else n for d, n in enumerate(shaped.shape)]


def _bias_map(broadcast: ir.Operation, rank: int) -> ir.AffineMap:
    """The map reading the bias at each point of the result: the broadcast's
    kept (non-`dimensions`) loops, in order."""
    added = {int(d) for d in ir.DenseI64ArrayAttr(broadcast.attributes["dimensions"])}
    kept = [ir.AffineDimExpr.get(d) for d in range(rank) if d not in added]
    return ir.AffineMap.get(rank, 0, kept)


def _add_bias(
    conv: ir.Operation, bias: ir.Value, bias_map: ir.AffineMap, sizes: list[int | ir.Value]
) -> ir.Operation:
    result = conv.results[0]
    rank = ir.RankedTensorType(result.type).rank
    identity = ir.AffineMap.get_identity(rank)
    element = ir.RankedTensorType(result.type).element_type
    bias_element = ir.RankedTensorType(bias.type).element_type
    maps = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in (identity, bias_map, identity)])
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    with ir.InsertionPoint.after(conv), conv.location:
        empty = tensor.EmptyOp(sizes, element)
        add = linalg.GenericOp(
            [result.type], [result, bias], [empty.result], maps, ir.ArrayAttr.get([parallel] * rank)
        )
    loc = conv.location
    block = add.regions[0].blocks.append(element, bias_element, element, arg_locs=[loc] * 3)
    with ir.InsertionPoint(block), conv.location:
        linalg.YieldOp([arith.AddFOp(block.arguments[0], block.arguments[1]).result])
    return add.operation


def _is_zero(value: ir.Value) -> bool:
    element = splat_element(value)
    return isinstance(element, ir.FloatAttr) and element.value == 0.0


def _rewrite(conv: ir.Operation, found: BiasInit) -> None:
    broadcast = found.broadcast
    init_type = ir.RankedTensorType(broadcast.results[0].type)
    with ir.InsertionPoint(conv), conv.location:
        sizes = _sizes_of(broadcast.operands[1])  # the broadcast's own init
        zero = arith.ConstantOp(init_type.element_type, 0.0)
        empty = tensor.EmptyOp(sizes, init_type.element_type)
        filled = linalg.fill(zero.result, outs=[empty.result])
    # TOSA gives every convolution a bias, zeros where the model has none:
    # adding them is no epilogue at all.
    add = None if _is_zero(found.bias) else _add_bias(conv, found.bias, found.bias_map, sizes)
    conv.operands[len(conv.operands) - 1] = filled
    with Rewrite("bias broadcast into a convolution's init -> epilogue add", conv) as rw:
        if add is not None:
            rw.replace_uses(conv.results[0], add.results[0])
            add.operands[0] = conv.results[0]  # the add itself reads the convolution
        rw.erase(broadcast)
        rw.erase_if_dead(broadcast.operands[1])
        if isinstance(found.bias, ir.OpResult):
            rw.erase_if_unused(found.bias.owner)


def split_bias_inits(func_op: ir.Operation) -> int:
    """Rewrite every convolution in `func_op` whose init is a bias broadcast;
    returns how many."""
    found: list[tuple[ir.Operation, BiasInit]] = []

    def collect(op: ir.Operation) -> ir.WalkResult:
        if _is_conv(op):
            bias_init = _broadcast_init(op)
            if bias_init is not None:
                found.append((op, bias_init))
        return ir.WalkResult.ADVANCE

    # Types, maps and attributes below are built in the function's context:
    # passes run with no default context entered.
    with func_op.context:
        func_op.operation.walk(collect)
        for conv, bias_init in found:
            _rewrite(conv, bias_init)
    return len(found)

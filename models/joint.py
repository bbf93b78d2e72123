"""Training steps: the joint forward + backward graph a training compiler sees.

A `ZooModel` with `joint=True` has a forward that returns a scalar loss (the
model computes it from its inputs, targets included). The exported function
is then the training step

    step(inputs..., parameters..., buffers...) -> (loss, d loss / d parameter...)

one gradient per floating-point parameter, in argument order; buffers (and
integer parameters) get none. The module runs in train mode (BatchNorm uses
batch statistics; the blocks are dropout-free and build BatchNorm without
running statistics, so no buffer is written). The step is traced by
`make_fx` through `torch.func.grad_and_value` and functionalized, with
torch-mlir's decomposition table (the one `export_and_import` applies), and
imported by `torch_mlir.fx.stateless_fx_import`: one func of tensors, as the
zoo's. The `.npz` holds `ref` (the loss), `ref1`, ... (the gradients) and,
for a 16-bit model, `exact`, `exact1`, ... (the same step in f32).
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Iterator

import torch
from torch import nn

Step = Callable[..., tuple[torch.Tensor, ...]]


@contextlib.contextmanager
def composite() -> Iterator[None]:
    """PyTorch's composite kernels, for the trace and the reference alike: SDPA
    on its math backend and RNNs without oneDNN, so their backward is made of
    aten ops (matmul, softmax, sigmoid, ...), not a fused CPU kernel
    (`_scaled_dot_product_flash_attention_for_cpu_backward`, `mkldnn_rnn_layer`)
    torch-mlir cannot lower."""
    from torch.nn.attention import SDPBackend, sdpa_kernel

    with sdpa_kernel(SDPBackend.MATH), torch.backends.mkldnn.flags(enabled=False):
        yield


def trainable(wrapped: nn.Module, args: tuple[torch.Tensor, ...]) -> list[int]:
    """Indices into `args` of the parameters that get a gradient: every
    floating-point parameter (the arguments after the inputs, before the buffers)."""
    first = wrapped.input_count  # type: ignore[attr-defined]
    count = len(list(wrapped.inner.named_parameters(remove_duplicate=False)))  # type: ignore[union-attr]
    return [i for i in range(first, first + count) if args[i].is_floating_point()]


def joint_step(wrapped: nn.Module, args: tuple[torch.Tensor, ...]) -> Step:
    """The training step of `wrapped` (export.WeightsAsArguments) over `args`."""
    chosen = trainable(wrapped, args)

    def step(*values: torch.Tensor) -> tuple[torch.Tensor, ...]:
        def loss_of(params: tuple[torch.Tensor, ...]) -> torch.Tensor:
            full = list(values)
            for index, param in zip(chosen, params, strict=True):
                full[index] = param
            loss = wrapped(*full)
            if not isinstance(loss, torch.Tensor) or loss.dim() != 0:
                raise SystemExit("joint.py: a joint model's forward must return a scalar loss")
            return loss

        grads, loss = torch.func.grad_and_value(loss_of)(tuple(values[i] for i in chosen))
        return (loss, *grads)

    return step


def reference(
    wrapped: nn.Module, args: tuple[torch.Tensor, ...]
) -> tuple[tuple[torch.Tensor, ...], tuple[torch.Tensor, ...] | None]:
    """The step's outputs, and for a 16-bit model the same step in f32 (None otherwise)."""
    with composite():
        outputs = tuple(t.detach() for t in joint_step(wrapped, args)(*args))
    if not any(t.dtype in (torch.float16, torch.bfloat16) for t in outputs):
        return outputs, None
    wide = copy.deepcopy(wrapped).float()
    wide_args = tuple(a.float() if a.is_floating_point() else a for a in args)
    try:
        with composite():
            exact = joint_step(wide, wide_args)(*wide_args)
    except (RuntimeError, TypeError, ValueError):
        return outputs, None
    return outputs, tuple(t.detach().float() for t in exact)


def grouped_conv_backward(
    grad: torch.Tensor,
    x: torch.Tensor,
    weight: torch.Tensor,
    bias_sizes: list[int] | None,
    stride: list[int],
    padding: list[int],
    dilation: list[int],
    transposed: bool,
    output_padding: list[int],
    groups: int,
    mask: list[bool],
) -> tuple[torch.Tensor | None, ...] | object:
    """aten.convolution_backward of a grouped 2-D conv (depthwise included),
    stride and dilation 1, in forward ops: torch-mlir's own lowering of it is
    wrong for groups > 1 ("'tensor.expand_shape' op expected dimension 1 of
    collapsed type to be static value of 0"). The input's gradient is the
    grouped conv of `grad` with the flipped, per-group transposed weight; the
    weight's, one einsum per kernel offset. NotImplemented elsewhere (make_fx
    then keeps the op)."""
    plain = stride == [1, 1] and dilation == [1, 1] and not transposed
    if groups == 1 or not plain or x.dim() != 4:
        return NotImplemented
    if padding[0] > weight.shape[2] - 1 or padding[1] > weight.shape[3] - 1:
        return NotImplemented
    out_c, in_per, kh, kw = weight.shape
    rows, cols = grad.shape[2:]
    grad_input = grad_weight = grad_bias = None
    if mask[0]:
        flipped = weight.reshape(groups, out_c // groups, in_per, kh, kw).transpose(1, 2)
        flipped = flipped.reshape(groups * in_per, out_c // groups, kh, kw).flip(2, 3)
        pad = [kh - 1 - padding[0], kw - 1 - padding[1]]
        grad_input = torch.nn.functional.conv2d(grad, flipped, padding=pad, groups=groups)
    if mask[1]:
        padded = torch.nn.functional.pad(x, (padding[1], padding[1], padding[0], padding[0]))
        per_group = grad.reshape(grad.shape[0], groups, out_c // groups, rows * cols)
        taps = []
        for a in range(kh):
            for b in range(kw):
                tap = padded[:, :, a : a + rows, b : b + cols]
                tap = tap.reshape(x.shape[0], groups, in_per, rows * cols)
                taps.append(torch.einsum("ngop,ngip->goi", per_group, tap).reshape(out_c, in_per))
        grad_weight = torch.stack(taps, -1).reshape(out_c, in_per, kh, kw)
    if mask[2]:
        grad_bias = grad.sum((0, 2, 3))
    return grad_input, grad_weight, grad_bias


def joint_mlir(name: str, wrapped: nn.Module, args: tuple[torch.Tensor, ...]) -> str:
    """The step as linalg-on-tensors MLIR, one func `name`."""
    from torch.fx.experimental.proxy_tensor import make_fx
    from torch_mlir import fx

    step = torch.func.functionalize(joint_step(wrapped, args), remove="mutations")
    with composite():
        table = {torch.ops.aten.convolution_backward.default: grouped_conv_backward}
        graph = make_fx(step, decomposition_table=table)(*args)
    graph.graph.eliminate_dead_code(is_impure_node=lambda n: n.op in ("placeholder", "output"))
    graph.recompile()
    module = fx.export_and_import(graph, *args, output_type="linalg-on-tensors", func_name=name)
    return str(module)

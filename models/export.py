"""Regenerate the model zoo: every models/NAME.mlir, NAME.npz and models/README.md.

    .zoo-venv/bin/python models/export.py [--models A,B] [--check]

Each model is exported by torch-mlir's FX importer
(`export_and_import(..., output_type="linalg-on-tensors")`) with every weight
and buffer passed as a function argument after the model inputs; random
weights from `torch.manual_seed(0)`, eval mode. A model marked `joint` is
exported as its training step instead (models/joint.py: the loss and its
gradients, in train mode). `NAME.npz` holds `arg0…` in
argument order and `ref` (PyTorch's output); a model whose output is f16 or
bf16 also `exact`, its output computed in f32 from the same weights and
inputs (where the model runs in f32), which `mlirfuse verify` and the zoo
judge rounding against: in 16 bits a top-k router may flip on rounding
alone, so a fused kernel that rounds less can differ from `ref` by more than
the tolerance while nearer the f32 answer. Files are written
byte-identically from the pinned versions in models/requirements.txt (the
zip entries carry a fixed timestamp). `--check` regenerates in memory and
fails if any committed file differs.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import joint  # noqa: E402
from npz_io import npz_bytes  # noqa: E402
from zoo_spec import ZooModel  # noqa: E402

MAX_NPZ_BYTES = 2 * 1024 * 1024


def all_models() -> list[ZooModel]:
    import zoo_text
    import zoo_text_more
    import zoo_vision
    import zoo_vision_modern

    models = [
        *zoo_text.MODELS,
        *zoo_text_more.MODELS,
        *zoo_vision.MODELS,
        *zoo_vision_modern.MODELS,
    ]
    names = [m.name for m in models]
    duplicated = {n for n in names if names.count(n) > 1}
    if duplicated:
        raise SystemExit(f"export.py: duplicate model names {sorted(duplicated)}")
    return sorted(models, key=lambda m: m.name)


class WeightsAsArguments(nn.Module):
    """Calls `inner` with its parameters and buffers taken from trailing arguments."""

    def __init__(self, inner: nn.Module, input_count: int) -> None:
        super().__init__()
        self.inner = inner
        self.input_count = input_count
        self.state_names = [name for name, _ in _state(inner)]

    def forward(self, *args: torch.Tensor) -> torch.Tensor:
        inputs, weights = args[: self.input_count], args[self.input_count :]
        state = dict(zip(self.state_names, weights, strict=True))
        return torch.func.functional_call(self.inner, state, inputs)


# Buffers that eval-mode forward never reads (BatchNorm's step counter): left
# out, or they become unused scalar i64 arguments.
UNUSED_BUFFERS = ("num_batches_tracked",)


def _state(module: nn.Module) -> list[tuple[str, torch.Tensor]]:
    """Parameters then buffers, in registration order (the function's argument order)."""
    params = list(module.named_parameters(remove_duplicate=False))
    buffers = [
        (name, b)
        for name, b in module.named_buffers(remove_duplicate=False)
        if not name.endswith(UNUSED_BUFFERS)
    ]
    return [*params, *buffers]


def make_buffers_persistent(module: nn.Module) -> None:
    """torch.export lifts every buffer of the module, but torch-mlir's importer looks
    lifted buffers up in the state dict only, so a non-persistent one (Swin's
    relative_position_index, a rotary inv_freq) would fail the import."""
    for sub in module.modules():
        sub._non_persistent_buffers_set.clear()


def build(spec: ZooModel) -> tuple[WeightsAsArguments, tuple[torch.Tensor, ...], torch.Tensor]:
    torch.manual_seed(0)
    module, inputs = spec.build()
    module.train(spec.joint)  # eval mode, but a training step's in train mode
    make_buffers_persistent(module)
    weights = tuple(t.detach().clone() for _, t in _state(module))
    wrapped = WeightsAsArguments(module, len(inputs)).train(spec.joint)
    args = (*inputs, *weights)
    with torch.no_grad():
        ref = wrapped(*args)
    if not isinstance(ref, torch.Tensor):
        raise SystemExit(f"export.py: {spec.name}: forward must return one tensor")
    return wrapped, args, ref


def exact_reference(
    wrapped: WeightsAsArguments, args: tuple[torch.Tensor, ...], ref: torch.Tensor
) -> torch.Tensor | None:
    """A 16-bit model's output computed in f32 (module docstring); None for
    another output type or where the model does not run in f32."""
    if ref.dtype not in (torch.float16, torch.bfloat16):
        return None
    wide = copy.deepcopy(wrapped).float()
    wide_args = tuple(a.float() if a.is_floating_point() else a for a in args)
    try:
        with torch.no_grad():
            exact = wide(*wide_args)
    except (RuntimeError, TypeError, ValueError):
        return None
    if not isinstance(exact, torch.Tensor) or exact.shape != ref.shape:
        return None
    return exact.float()


def export_mlir(spec: ZooModel, wrapped: WeightsAsArguments, args: tuple[torch.Tensor, ...]) -> str:
    from torch_mlir import fx

    # One entry for forward's *args, holding one spec per flattened argument.
    dynamic = (spec.dynamic(len(args)),) if spec.dynamic else None
    with torch.no_grad():
        module = fx.export_and_import(
            wrapped,
            *args,
            output_type="linalg-on-tensors",
            func_name=spec.name,
            dynamic_shapes=dynamic,
        )
    shapes = [tuple(a.shape) for a in args[: wrapped.input_count]]
    header = (
        f"// {spec.name}: exported by models/export.py with torch {torch.__version__}, "
        "torch-mlir fx.export_and_import(output_type='linalg-on-tensors')\n"
        f"// inputs: {shapes}; {len(args) - len(shapes)} weight/buffer args follow\n"
    )
    return header + str(module)


def to_numpy(tensor: torch.Tensor) -> np.ndarray:
    """bf16 has no numpy dtype: stored as its raw uint16 bits (the runner knows)."""
    tensor = tensor.detach().contiguous()
    if tensor.dtype == torch.bfloat16:
        return tensor.view(torch.int16).numpy().view(np.uint16)
    return tensor.numpy()


def export_one(spec: ZooModel) -> dict[str, bytes]:
    wrapped, args, ref = build(spec)
    arrays = {f"arg{i}": to_numpy(a) for i, a in enumerate(args)}
    if spec.joint:
        text = joint_header(spec, wrapped, args) + joint.joint_mlir(spec.name, wrapped, args)
        refs, exacts = joint.reference(wrapped, args)
        arrays |= _results("ref", refs) | _results("exact", exacts or ())
    else:
        text = export_mlir(spec, wrapped, args)
        arrays["ref"] = to_numpy(ref)
        exact = exact_reference(wrapped, args, ref)
        if exact is not None:
            arrays["exact"] = to_numpy(exact)
    npz = npz_bytes(arrays)
    if len(npz) > MAX_NPZ_BYTES:
        raise SystemExit(f"export.py: {spec.name}.npz is {len(npz):,} B (limit {MAX_NPZ_BYTES:,})")
    return {f"{spec.name}.mlir": text.encode(), f"{spec.name}.npz": npz}


def joint_header(
    spec: ZooModel, wrapped: WeightsAsArguments, args: tuple[torch.Tensor, ...]
) -> str:
    shapes = [tuple(a.shape) for a in args[: wrapped.input_count]]
    return (
        f"// {spec.name}: training step exported by models/export.py (models/joint.py) "
        f"with torch {torch.__version__}, make_fx + torch-mlir fx.stateless_fx_import\n"
        f"// inputs: {shapes}; {len(args) - len(shapes)} weight/buffer args follow; "
        "results: the loss, then one gradient per parameter\n"
    )


def _results(prefix: str, tensors: tuple[torch.Tensor, ...]) -> dict[str, np.ndarray]:
    """`prefix` for result 0, `prefix1`, ... for the others (the runner's `refK`)."""
    return {prefix + (str(i) if i else ""): to_numpy(t) for i, t in enumerate(tensors)}


def readme(models: list[ZooModel]) -> bytes:
    lines = [(HERE / "README.head.md").read_text().rstrip("\n"), ""]
    lines.append("| model | source | config | dtype | exercises |")
    lines.append("|---|---|---|---|---|")
    for m in models:
        lines.append(f"| `{m.name}` | {m.source} | {m.config} | {m.dtype} | {m.exercises} |")
    return ("\n".join(lines) + "\n").encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="comma-separated names (default: all)")
    parser.add_argument("--check", action="store_true", help="compare with the committed files")
    args = parser.parse_args()
    models = all_models()
    chosen = models
    if args.models:
        wanted = args.models.split(",")
        unknown = sorted(set(wanted) - {m.name for m in models})
        if unknown:
            print(f"export.py: no model named {', '.join(unknown)}", file=sys.stderr)
            return 2
        chosen = [m for m in models if m.name in wanted]
    files: dict[str, bytes] = {"README.md": readme(models)}
    for spec in chosen:
        start = time.perf_counter()
        files.update(export_one(spec))
        print(f"{spec.name}: {time.perf_counter() - start:.1f} s", flush=True)
    return compare(files) if args.check else write(files)


def write(files: dict[str, bytes]) -> int:
    for name, data in files.items():
        (HERE / name).write_bytes(data)
    return 0


def compare(files: dict[str, bytes]) -> int:
    differ = [
        n for n, d in files.items() if not (HERE / n).is_file() or (HERE / n).read_bytes() != d
    ]
    for name in differ:
        print(f"export.py --check: models/{name} differs from a fresh export", file=sys.stderr)
    if not differ:
        print(f"export.py --check: {len(files)} files identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

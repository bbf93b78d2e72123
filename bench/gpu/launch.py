#!/usr/bin/env python3
"""Run mlirfuse's PTX on an NVIDIA GPU per its launch manifest, beside PyTorch.

    python3 launch.py FOLDER [--models NAME ...] [--repeats 50] [--warmup 5]
                     [--backend cupy|fake] [--out TABLE.md] [--no-torch]

FOLDER holds, per model NAME (bench/gpu/prepare.sh builds it):
`NAME.fused.ptx`/`.json` and `NAME.unfused.ptx`/`.json` (PTX and launch
manifest of `mlirfuse compile`, with and without fusion), `NAME.npz` (`arg<i>`
and PyTorch's `ref`) and, where it could be exported, `NAME.torch.py` (the
model's aten graph, `model(*args)`). Needs only the standard library, numpy
and CuPy (`--backend cupy`, the default); nothing of mlirfuse.

Per model and variant: allocate every argument and buffer of the manifest,
upload the arguments, launch the kernels in order with their parameters
packed per the manifest's ABI (a memref is allocated pointer, aligned pointer,
offset, sizes, strides), download the result, compare with `ref`; time one
call (all its launches) with CUDA events: `--warmup` calls, then the median
of `--repeats`. The same for torch eager and `torch.compile` on the model's
aten graph. Each model runs in its own child process with a time limit, so a
failure costs one row; models left when `--budget` is spent are not run, and
the table is rewritten after every model (a kill keeps the rows so far). `--backend fake` walks the same allocations and
launches without a GPU (launches are no-ops that check their arguments
against the PTX and the allocations), which is how the tests run this file.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from launch_backends import CupyBackend, FakeBackend, event_median

VARIANTS = ("fused", "unfused")
CHILD_TIMEOUT_S = 150
DTYPES: dict[str, Any] = {
    "f32": np.float32,
    "f64": np.float64,
    "f16": np.float16,
    "bf16": np.uint16,  # raw bits, as the npz stores them
    "i64": np.int64,
    "i32": np.int32,
    "i16": np.int16,
    "i8": np.int8,
    "index": np.int64,
}
SCALARS: dict[str, Any] = {"f32": np.float32, "f64": np.float64, "index": np.int64, "i64": np.int64}
SCALARS.update({"i32": np.int32, "i16": np.int16, "i8": np.int8, "i1": np.int8})


SIZE_OPS: dict[str, Any] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "floordiv": lambda a, b: a // b,
    "ceildiv": lambda a, b: -(-a // b),
    "mod": lambda a, b: a % b,
    "min": min,
    "max": max,
}


def size(expr: Any, shapes: list[tuple[int, ...]]) -> int:
    """A size expression of the manifest for arguments of these shapes:
    an int, {"arg": i, "dim": d}, or {"add"|"sub"|"mul"|"floordiv"|"ceildiv"|
    "mod"|"min"|"max": [a, b, ...]} (docs/gpu-lowering.md)."""
    if isinstance(expr, int):
        return expr
    if "arg" in expr:
        return int(shapes[expr["arg"]][expr["dim"]])
    ((op, operands),) = expr.items()
    values = [size(x, shapes) for x in operands]
    result = values[0]
    for value in values[1:]:
        result = SIZE_OPS[op](result, value)
    return int(result)


def _is_size(value: Any) -> bool:
    return isinstance(value, dict) and (
        ("arg" in value and set(value) <= {"arg", "dim"})
        or (len(value) == 1 and next(iter(value)) in SIZE_OPS)
    )


def concrete(function: dict[str, Any], shapes: list[tuple[int, ...]]) -> dict[str, Any]:
    """The function of a manifest with every size expression evaluated for
    these argument shapes (static manifests come back unchanged); the
    arguments' static dims and the function's checks must hold."""

    def value(v: Any) -> Any:
        if _is_size(v):
            return size(v, shapes)
        if isinstance(v, dict):
            return {k: value(x) for k, x in v.items()}
        if isinstance(v, list):
            return [value(x) for x in v]
        return v

    for argument, shape in zip(function["arguments"], shapes, strict=True):
        declared = value(argument["shape"])
        if list(declared) != list(shape):
            raise ValueError(
                f"{argument['name']}: shape {list(shape)}, the manifest says {declared}"
            )
    for check in function.get("checks", []):
        a, b = (size(e, shapes) for e in check["equal"])
        if a != b:
            raise ValueError(f"check failed ({a} != {b}): {check.get('message', '')}")
    result: dict[str, Any] = value(function)
    return result


def pack(param: dict[str, Any], addresses: dict[str, int]) -> list[Any]:
    """One manifest parameter as kernel arguments, per the memref-descriptor ABI."""
    if param["kind"] == "memref":
        base = np.uint64(addresses[param["buffer"]])
        fields = [param["offset"], *param["sizes"], *param["strides"]]
        return [base, base, *[np.int64(f) for f in fields]]
    return [SCALARS[param["dtype"]](param["value"])]


def within_address(buffer: dict[str, Any], addresses: dict[str, int]) -> int:
    """A kernel result stored in an in-place concat: the concat's address
    plus the result's element offset there (the slices are contiguous)."""
    within = buffer["within"]
    itemsize = np.dtype(DTYPES[buffer["dtype"]]).itemsize
    return int(addresses[within["buffer"]]) + int(within["offset"]) * itemsize


def nbytes(buffer: dict[str, Any]) -> int:
    return int(np.prod(buffer["shape"])) * np.dtype(DTYPES[buffer["dtype"]]).itemsize


def constant(buffer: dict[str, Any]) -> np.ndarray:
    """A tensor constant of the manifest: its splat value or its values."""
    dtype = DTYPES[buffer["dtype"]]
    values = buffer["values"] if "splat" not in buffer else [buffer["splat"]]
    if buffer["dtype"] == "bf16":  # values in the manifest (exact in f32), bits here
        array = (np.asarray(values, np.float32).view(np.uint32) >> 16).astype(np.uint16)
    else:
        array = np.asarray(values, dtype)
    if "splat" in buffer:
        return np.full(buffer["shape"], array[0], dtype)
    return array.reshape(buffer["shape"])


def as_input(array: np.ndarray, buffer: dict[str, Any]) -> np.ndarray:
    """An npz argument in the buffer's element type (booleans as bytes)."""
    return np.ascontiguousarray(array.astype(DTYPES[buffer["dtype"]], copy=False))


class Program:
    """One function of a manifest, allocated and ready to launch."""

    def __init__(
        self, backend: Any, folder: Path, manifest: dict[str, Any], inputs: list[np.ndarray]
    ) -> None:
        self.backend = backend
        backend.load(folder / manifest["ptx"])
        (function,) = manifest["functions"]
        if len(function["arguments"]) != len(inputs):
            raise ValueError(
                f"manifest takes {len(function['arguments'])} arguments, the npz has {len(inputs)}"
            )
        # Dynamic shapes: sizes, views and grids from the inputs' shapes.
        self.function = concrete(function, [a.shape for a in inputs])
        arguments = self.function["arguments"]
        self.addresses = {}
        for buffer, array in zip(arguments, inputs, strict=True):
            self.addresses[buffer["name"]] = backend.alloc(nbytes(buffer))
            backend.upload(self.addresses[buffer["name"]], as_input(array, buffer))
        for buffer in self.function["buffers"]:
            if "within" in buffer:  # stored in an in-place concat: no buffer of its own
                continue
            self.addresses[buffer["name"]] = backend.alloc(nbytes(buffer))
            if buffer["role"] == "constant":
                backend.upload(self.addresses[buffer["name"]], constant(buffer))
        for buffer in self.function["buffers"]:
            if "within" in buffer:
                self.addresses[buffer["name"]] = within_address(buffer, self.addresses)
        self.launches = [
            (
                launch["kernel"],
                launch["grid"],
                launch["block"],
                launch["dynamic_shared_bytes"],
                [a for p in launch["params"] for a in pack(p, self.addresses)],
            )
            for launch in self.function["launches"]
        ]

    def call(self) -> None:
        for kernel, grid, block, smem, args in self.launches:
            self.backend.launch(kernel, grid, block, smem, args)

    def result(self) -> np.ndarray:
        (result,) = self.function["results"]
        address = self.addresses[result["buffer"]]
        return self.backend.download(address, result["shape"], DTYPES[result["dtype"]])


def load_npz(path: Path) -> tuple[list[np.ndarray], np.ndarray]:
    data = np.load(path)
    count = len([k for k in data.files if k.startswith("arg")])
    return [data[f"arg{i}"] for i in range(count)], data["ref"]


def max_error(got: np.ndarray, ref: np.ndarray) -> float:
    if ref.dtype == np.uint16:  # bf16 bits -> f32
        ref = (ref.astype(np.uint32) << 16).view(np.float32)
        got = (got.astype(np.uint32) << 16).view(np.float32)
    return (
        float(np.max(np.abs(got.astype(np.float64) - ref.astype(np.float64)))) if ref.size else 0.0
    )


def run_variant(
    backend: Any, folder: Path, name: str, variant: str, args: argparse.Namespace
) -> dict[str, Any]:
    manifest = json.loads((folder / f"{name}.{variant}.json").read_text())
    inputs, ref = load_npz(folder / f"{name}.npz")
    program = Program(backend, folder, manifest, inputs)
    program.call()
    backend.synchronize()
    error = max_error(program.result(), ref) if backend.name != "fake" else None
    ms = backend.time_ms(program.call, args.warmup, args.repeats)
    return {"launches": len(program.launches), "ms": ms, "max_abs_error": error}


def run_torch(folder: Path, name: str, args: argparse.Namespace) -> dict[str, Any]:
    """torch eager and torch.compile on the model's aten graph (`NAME.torch.py`)."""
    source = folder / f"{name}.torch.py"
    if not source.is_file():
        return {"eager": "no torch graph", "compile": "no torch graph"}
    import torch

    namespace: dict[str, Any] = {}
    exec(compile(source.read_text(), str(source), "exec"), namespace)  # our own file
    # The graph was traced on the CPU: tensors it creates go to the GPU instead.
    namespace["device"] = lambda type=None, index=None: torch.device("cuda")
    inputs, ref = load_npz(folder / f"{name}.npz")
    tensors = [_to_torch(torch, a) for a in inputs]
    rows: dict[str, Any] = {}
    for label, fn in (
        ("eager", namespace["model"]),
        ("compile", torch.compile(namespace["model"])),
    ):
        with torch.no_grad():
            began = time.perf_counter()
            out = fn(*tensors)  # the first call of torch.compile compiles
            torch.cuda.synchronize()
            first = time.perf_counter() - began

            def call(fn: Any = fn) -> None:
                fn(*tensors)

            ms = event_median(
                lambda: torch.cuda.Event(enable_timing=True),
                lambda s, e: s.elapsed_time(e),
                call,
                args.warmup,
                args.repeats,
            )
        got = out.float().cpu().numpy() if out.dtype == torch.bfloat16 else out.cpu().numpy()
        ref_f = (ref.astype(np.uint32) << 16).view(np.float32) if ref.dtype == np.uint16 else ref
        rows[label] = {"ms": ms, "first_call_s": first, "max_abs_error": max_error(got, ref_f)}
    return rows


def _to_torch(torch: Any, array: np.ndarray) -> Any:
    if array.dtype == np.uint16:  # bf16 bits
        return torch.from_numpy(array.view(np.int16)).view(torch.bfloat16).cuda()
    return torch.from_numpy(np.ascontiguousarray(array)).cuda()


def one_model(folder: Path, name: str, args: argparse.Namespace) -> dict[str, Any]:
    backend = FakeBackend() if args.backend == "fake" else CupyBackend()
    row: dict[str, Any] = {"model": name}
    for variant in VARIANTS:
        try:
            row[variant] = run_variant(backend, folder, name, variant, args)
        except Exception as error:  # a row says what failed, the others still run
            row[variant] = {"error": f"{type(error).__name__}: {error}"[:200]}
    if args.backend == "fake" or args.no_torch:
        row["torch"] = {}
    else:
        try:
            row["torch"] = run_torch(folder, name, args)
        except Exception as error:
            row["torch"] = {"error": f"{type(error).__name__}: {error}"[:200]}
    return row


def _cell_ms(entry: Any) -> str:
    if isinstance(entry, str):
        return entry
    if "ms" not in entry:
        return f"failed: {entry.get('error', '?')}"[:60]
    error = entry.get("max_abs_error")
    return f"{entry['ms'] * 1000:.1f}" + (f" (err {error:.1e})" if error is not None else "")


def table(rows: list[dict[str, Any]], backend: str) -> str:
    lines = [
        f"| model | kernels fused / unfused | mlirfuse fused µs | mlirfuse unfused µs | torch eager µs | torch.compile µs | "
        f"check ({backend}) |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        fused, unfused, torch_row = (
            row.get("fused", {}),
            row.get("unfused", {}),
            row.get("torch", {}),
        )
        counts = f"{fused.get('launches', '?')} / {unfused.get('launches', '?')}"
        if "error" in torch_row:
            torch_row = {"eager": torch_row, "compile": torch_row}
        cells = [_cell_ms(fused), _cell_ms(unfused), _cell_ms(torch_row.get("eager", "n/a"))]
        cells.append(_cell_ms(torch_row.get("compile", "n/a")))
        lines.append(f"| {row['model']} | {counts} | {' | '.join(cells)} | {verdict(row)} |")
    return "\n".join(lines)


def verdict(row: dict[str, Any]) -> str:
    """ok when every variant ran and (on a GPU) matches ref within tolerance."""
    if "error" in row:
        return f"FAILED: {row['error']}"[:80]
    for variant in VARIANTS:
        entry = row.get(variant, {})
        if "error" in entry:
            return f"{variant} FAILED"
        error = entry.get("max_abs_error")
        if error is not None and error > row.get("tolerance", 1e-3):
            return f"{variant} MISMATCH ({error:.1e})"
    return "ok"


def write_table(rows: list[dict[str, Any]], args: argparse.Namespace, seconds: float) -> str:
    text = table(rows, args.backend)
    text += f"\n\n{len(rows)} models in {seconds:.0f} s; µs per call (median of "
    text += f"{args.repeats} after {args.warmup} warm-up calls, CUDA events); err: max abs error against ref."
    if args.out:
        args.out.write_text(text + "\n")
        args.out.with_suffix(".json").write_text(json.dumps(rows, indent=1) + "\n")
    return text


def spawn(folder: Path, name: str, args: argparse.Namespace, limit: float) -> dict[str, Any]:
    command = [sys.executable, __file__, str(folder), "--one", name, "--backend", args.backend]
    command += ["--repeats", str(args.repeats), "--warmup", str(args.warmup)]
    command += ["--no-torch"] if args.no_torch else []
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return {"model": name, "error": f"timeout after {limit:.0f} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = " | ".join(done.stderr.strip().splitlines()[-2:])
        return {"model": name, "error": f"exit {done.returncode}: {tail}"}
    row: dict[str, Any] = json.loads(lines[-1])
    return row


def tolerance(folder: Path, name: str) -> float:
    _, ref = load_npz(folder / f"{name}.npz")
    scale = 1.0 if ref.dtype == np.uint16 or ref.size == 0 else max(1.0, float(np.max(np.abs(ref))))
    return (2e-2 if ref.dtype in (np.uint16, np.float16) else 1e-3) * scale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--models", nargs="*", help="default: every NAME.fused.json in FOLDER")
    parser.add_argument("--backend", choices=("cupy", "fake"), default="cupy")
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--no-torch", action="store_true")
    parser.add_argument("--out", type=Path, help="also write the table here (and .json)")
    parser.add_argument("--budget", type=float, default=440.0, help="seconds for all models")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(one_model(args.folder, args.one, args)), flush=True)
        return 0
    names = args.models or sorted(
        p.name.removesuffix(".fused.json") for p in args.folder.glob("*.fused.json")
    )
    began = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for name in names:
        left = args.budget - (time.perf_counter() - began)
        if left < 20:
            row: dict[str, Any] = {
                "model": name,
                "error": f"not run: {args.budget:.0f} s budget spent",
            }
        else:
            row = spawn(args.folder, name, args, min(CHILD_TIMEOUT_S, left))
        row["tolerance"] = tolerance(args.folder, name)
        rows.append(row)
        print(f"{name}: {verdict(row)}", file=sys.stderr, flush=True)
        write_table(rows, args, time.perf_counter() - began)  # a kill still leaves the rows so far
    print(write_table(rows, args, time.perf_counter() - began))
    return 0 if all(verdict(r) == "ok" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

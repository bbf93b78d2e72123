"""Interpret a launch manifest without a GPU and say what is wrong with it.

Walks every function's launches in order, as a host would: a buffer must be
defined (a function argument, or written by an earlier launch) before a
launch reads it, an intermediate is written once, every view a parameter
describes fits in its buffer with the buffer's element type, a buffer stored
`within` an in-place concat lies inside it (the concat's parts tile it
exactly) and the concat counts as computed once every part is, each launch
names an `.entry` of the PTX whose parameter list matches the ABI expansion
of its parameters, grid and block are within the hardware limits, and every
result is defined at the end with the element count of its buffer. Pure
Python (no MLIR), so the same checks hold wherever the manifest travels.

A manifest of dynamic shapes holds size expressions (`sizes.py`) of the
arguments' dims: it is checked for concrete argument shapes (`--inputs
X.npz`: its `arg<i>`; by default every dynamic dim 1, then every one 3),
each expression evaluated first (`instantiate`): the arguments' static dims
and the function's `checks` must hold for those shapes.

    python -m mlirfuse.gpu.manifest_check OUT.json [--inputs X.npz]
        (reads OUT.json's "ptx" beside it)
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any

from mlirfuse.gpu.sizes import OPS, UnknownSize, evaluate

MAX_THREADS = 1024
MAX_BLOCK = (1024, 1024, 64)  # threads along x, y, z
MAX_GRID = (2**31 - 1, 65535, 65535)
_ENTRY = re.compile(r"\.entry\s+([\w$]+)\s*\(([^)]*)\)", re.S)
_PARAM = re.compile(r"\.param\s+\.(\w+)(\s+\.ptr)?")
# PTX parameter types of scalar kernel arguments, by element type.
SCALAR_PTX = {
    "f32": "f32",
    "f64": "f64",
    "f16": "b16",
    "bf16": "b16",
    "index": "u64",
    "i64": "u64",
    "i32": "u32",
    "i16": "u16",
    "i8": "u8",
    "i1": "u8",
}


def ptx_entries(ptx: str) -> dict[str, list[tuple[str, bool]]]:
    """Per `.entry`: its parameters as (type, is pointer)."""
    return {
        name: [(m.group(1), bool(m.group(2))) for m in _PARAM.finditer(params)]
        for name, params in _ENTRY.findall(ptx)
    }


def abi_params(param: dict[str, Any]) -> list[tuple[str, bool]]:
    """What one manifest parameter becomes in the `.entry` parameter list."""
    if param["kind"] == "memref":
        rank = len(param["sizes"])
        return [("u64", True), ("u64", True)] + [("u64", False)] * (1 + 2 * rank)
    return [(SCALAR_PTX.get(param["dtype"], "?"), False)]


def elements(shape: list[int]) -> int:
    return math.prod(shape)


def _view_fits(param: dict[str, Any], buffer: dict[str, Any]) -> bool:
    sizes, strides = param["sizes"], param["strides"]
    if any(s == 0 for s in sizes):
        return True
    last = param["offset"] + sum((s - 1) * st for s, st in zip(sizes, strides, strict=True))
    return bool(param["offset"] >= 0 and last < elements(buffer["shape"]))


class _Walk:
    """One function's launches, in order, with what is defined so far."""

    def __init__(
        self, function: dict[str, Any], entries: dict[str, list[tuple[str, bool]]]
    ) -> None:
        self.name = function["name"]
        self.entries = entries
        self.errors: list[str] = []
        self.buffers: dict[str, dict[str, Any]] = {}
        for b in [*function["arguments"], *function["buffers"]]:
            if b["name"] in self.buffers:
                self.error(f"buffer {b['name']} declared twice")
            self.buffers[b["name"]] = b
        self.defined = {a["name"] for a in function["arguments"]}
        for b in function["buffers"]:
            if b["role"] == "constant":
                self._constant(b)
        self.written: set[str] = set()
        self.parts: dict[str, list[str]] = {}  # an in-place concat's parts
        for b in function["buffers"]:
            if "within" in b:
                self._within(b)
        for name, parts in self.parts.items():
            self._tiles(name, parts)

    def _within(self, buffer: dict[str, Any]) -> None:
        outer = self.buffers.get(buffer["within"]["buffer"])
        where = f"buffer {buffer['name']} within {buffer['within']['buffer']}"
        if outer is None or outer.get("role") != "concat":
            self.error(f"{where}: no concat buffer of that name")
            return
        offset = buffer["within"]["offset"]
        if buffer["dtype"] != outer["dtype"]:
            self.error(f"{where}: {buffer['dtype']} in a {outer['dtype']} buffer")
        if offset < 0 or offset + elements(buffer["shape"]) > elements(outer["shape"]):
            self.error(f"{where}: elements {offset}.. overrun {outer['shape']}")
        self.parts.setdefault(outer["name"], []).append(buffer["name"])

    def _tiles(self, name: str, parts: list[str]) -> None:
        """The parts of concat `name` cover it exactly, without overlap."""
        spans = sorted(
            (self.buffers[p]["within"]["offset"], elements(self.buffers[p]["shape"])) for p in parts
        )
        end = 0
        for start, count in spans:
            if start != end:
                self.error(f"concat {name}: its parts leave a gap or overlap at element {end}")
                return
            end = start + count
        if end != elements(self.buffers[name]["shape"]):
            self.error(f"concat {name}: its parts cover {end} of its elements")

    def _constant(self, buffer: dict[str, Any]) -> None:
        values = buffer.get("values")
        if "splat" not in buffer and (values is None or len(values) != elements(buffer["shape"])):
            self.error(
                f"constant {buffer['name']} has no splat and not {elements(buffer['shape'])} values"
            )
        self.defined.add(buffer["name"])

    def error(self, message: str) -> None:
        self.errors.append(f"{self.name}: {message}")

    def launch(self, number: int, launch: dict[str, Any]) -> None:
        where = f"launch {number} ({launch['kernel']})"
        self._shape(where, launch)
        expected = [p for param in launch["params"] for p in abi_params(param)]
        found = self.entries.get(launch["kernel"])
        if found is None:
            self.error(f"{where}: no .entry {launch['kernel']} in the PTX")
        elif found != expected:
            self.error(
                f"{where}: PTX takes {len(found)} parameters, the manifest gives {len(expected)} (or their types differ)"
            )
        writes = []
        for index, param in enumerate(launch["params"]):
            if param["kind"] == "memref":
                writes += self._memref(f"{where} param {index}", param)
        for name in writes:
            if name in self.written:
                self.error(f"{where}: writes {name} a second time")
            self.written.add(name)
            self.defined.add(name)
        for concat, parts in self.parts.items():
            if all(p in self.written for p in parts):
                self.defined.add(concat)

    def _shape(self, where: str, launch: dict[str, Any]) -> None:
        grid, block = launch["grid"], launch["block"]
        if len(grid) != 3 or any(not 1 <= g <= m for g, m in zip(grid, MAX_GRID, strict=True)):
            self.error(f"{where}: grid {grid} outside 1..{list(MAX_GRID)}")
        if len(block) != 3 or min(block) < 1 or elements(block) > MAX_THREADS:
            self.error(f"{where}: block {block} not 1..{MAX_THREADS} threads")
        elif any(b > m for b, m in zip(block, MAX_BLOCK, strict=True)):
            self.error(f"{where}: block {block} outside 1..{list(MAX_BLOCK)}")
        if launch["dynamic_shared_bytes"] < 0:
            self.error(f"{where}: negative dynamic shared memory")

    def _memref(self, where: str, param: dict[str, Any]) -> list[str]:
        """Check one buffer parameter; returns the buffer when it is written."""
        name = param["buffer"]
        buffer = self.buffers.get(name)
        if buffer is None:
            self.error(f"{where}: unknown buffer {name}")
            return []
        if param["dtype"] != buffer["dtype"]:
            self.error(f"{where}: {param['dtype']} view of {buffer['dtype']} buffer {name}")
        if not _view_fits(param, buffer):
            self.error(
                f"{where}: view {param['sizes']} at offset {param['offset']} overruns {name} {buffer['shape']}"
            )
        access = param["access"]
        if access == "write" and buffer.get("role") == "concat":
            self.error(f"{where}: writes concat {name} itself, not one of its parts")
        if access == "read" and name not in self.defined:
            self.error(f"{where}: reads {name} before any launch writes it")
        if access == "scratch" and buffer.get("role") != "scratch":
            self.error(f"{where}: uses {name} as scratch")
        return [name] if access == "write" else []

    def finish(self, function: dict[str, Any]) -> None:
        for result in function["results"]:
            name = result["buffer"]
            buffer = self.buffers.get(name)
            if buffer is None or name not in self.defined:
                self.error(f"result {name} is never computed")
            elif (
                elements(result["shape"]) != elements(buffer["shape"])
                or result["dtype"] != buffer["dtype"]
            ):
                self.error(
                    f"result {name} {result['shape']} does not match its buffer {buffer['shape']}"
                )
        for b in function["buffers"]:
            if b["role"] == "intermediate" and b["name"] not in self.written:
                self.error(f"buffer {b['name']} is allocated but no launch writes it")


DEFAULT_DIMS = (1, 3)  # dynamic dims' values when no shapes are given


def _is_expr(value: Any) -> bool:
    return isinstance(value, dict) and (
        ("arg" in value and set(value) <= {"arg", "dim"})
        or (len(value) == 1 and next(iter(value)) in OPS)
    )


def is_dynamic(function: dict[str, Any]) -> bool:
    """Does the function hold size expressions (a dynamic shape)?"""

    def walk(value: Any) -> bool:
        if _is_expr(value):
            return True
        if isinstance(value, dict):
            return any(walk(v) for v in value.values())
        if isinstance(value, list):
            return any(walk(v) for v in value)
        return False

    return walk({k: v for k, v in function.items() if k != "name"})


def default_shapes(function: dict[str, Any], n: int) -> list[list[int]]:
    """The arguments' shapes with every dynamic dim `n`."""
    return [[d if isinstance(d, int) else n for d in a["shape"]] for a in function["arguments"]]


def instantiate(function: dict[str, Any], shapes: list[list[int]]) -> dict[str, Any]:
    """`function` with every size expression evaluated for arguments of these
    shapes; UnknownSize when the shapes do not fit (rank, static dims,
    checks)."""
    arguments = function["arguments"]
    if len(shapes) != len(arguments):
        raise UnknownSize(f"{len(shapes)} argument shapes for {len(arguments)} arguments")

    def value(v: Any) -> Any:
        if _is_expr(v):
            return evaluate(v, shapes)
        if isinstance(v, dict):
            return {k: value(x) for k, x in v.items()}
        if isinstance(v, list):
            return [value(x) for x in v]
        return v

    for a, shape in zip(arguments, shapes, strict=True):
        declared = a["shape"]
        if len(declared) != len(shape) or any(
            isinstance(d, int) and d != s for d, s in zip(declared, shape, strict=True)
        ):
            raise UnknownSize(
                f"argument {a['name']} of shape {list(shape)}, the manifest says {declared}"
            )
    for check in function.get("checks", []):
        a, b = (evaluate(e, shapes) for e in check["equal"])
        if a != b:
            raise UnknownSize(f"check failed ({a} != {b}): {check.get('message', '')}")
    return {k: value(v) if k != "name" else v for k, v in function.items()}


def check_manifest(
    manifest: dict[str, Any], ptx: str, shapes: list[list[int]] | None = None
) -> list[str]:
    """Every problem found, as one line each; empty when the manifest holds.
    A function with dynamic shapes is checked for argument `shapes` (by
    default: every dynamic dim 1, then 3)."""
    if manifest.get("format") != "mlirfuse-gpu-manifest" or manifest.get("version") != 1:
        return ["not an mlirfuse-gpu-manifest, version 1"]
    entries = ptx_entries(ptx)
    errors: list[str] = []
    launched: list[str] = []
    for function in manifest["functions"]:
        if not is_dynamic(function):
            errors += _check_function(function, entries, launched)
            continue
        cases = (
            [shapes] if shapes is not None else [default_shapes(function, n) for n in DEFAULT_DIMS]
        )
        for number, case in enumerate(cases):
            try:
                concrete = instantiate(function, case)
            except (UnknownSize, IndexError, KeyError) as error:
                errors.append(f"{function['name']}: shapes {case}: {error}")
                continue
            found = _check_function(concrete, entries, launched if number == 0 else [])
            errors += [f"{line} (argument shapes {case})" for line in found]
    if sorted(launched) != sorted(entries):
        errors.append(f"{len(entries)} .entry in the PTX, {len(launched)} launches")
    return errors


def _check_function(
    function: dict[str, Any], entries: dict[str, list[tuple[str, bool]]], launched: list[str]
) -> list[str]:
    walk = _Walk(function, entries)
    for number, launch in enumerate(function["launches"]):
        walk.launch(number, launch)
        launched.append(launch["kernel"])
    walk.finish(function)
    return walk.errors


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    shapes = None
    if len(args) == 3 and args[1] == "--inputs":
        shapes = npz_shapes(Path(args[2]))
        args = args[:1]
    if len(args) != 1:
        print(
            "usage: python -m mlirfuse.gpu.manifest_check OUT.json [--inputs X.npz]",
            file=sys.stderr,
        )
        return 2
    path = Path(args[0])
    manifest = json.loads(path.read_text())
    errors = check_manifest(manifest, (path.parent / manifest["ptx"]).read_text(), shapes)
    for line in errors:
        print(f"{path}: error: {line}", file=sys.stderr)
    if not errors:
        launches = sum(len(f["launches"]) for f in manifest["functions"])
        print(f"{path}: ok ({launches} launches)")
    return 1 if errors else 0


def npz_shapes(path: Path) -> list[list[int]]:
    """The shapes of an npz's `arg0`, `arg1`, ... (the zoo's inputs)."""
    import numpy as np

    data = np.load(path)
    count = sum(1 for k in data.files if k.startswith("arg"))
    return [list(data[f"arg{i}"].shape) for i in range(count)]


if __name__ == "__main__":
    sys.exit(main())

"""Interpret a launch manifest without a GPU and say what is wrong with it.

Walks every function's launches in order, as a host would: a buffer must be
defined (a function argument, or written by an earlier launch) before a
launch reads it, an intermediate is written once, every view a parameter
describes fits in its buffer with the buffer's element type, each launch
names an `.entry` of the PTX whose parameter list matches the ABI expansion
of its parameters, grid and block are within the hardware limits, and every
result is defined at the end with the element count of its buffer. Pure
Python (no MLIR), so the same checks hold wherever the manifest travels.

    python -m mlirfuse.gpu.manifest_check OUT.json   (reads OUT.json's "ptx" beside it)
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any

MAX_THREADS = 1024
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

    def _shape(self, where: str, launch: dict[str, Any]) -> None:
        grid, block = launch["grid"], launch["block"]
        if len(grid) != 3 or any(not 1 <= g <= m for g, m in zip(grid, MAX_GRID, strict=True)):
            self.error(f"{where}: grid {grid} outside 1..{list(MAX_GRID)}")
        if len(block) != 3 or min(block) < 1 or elements(block) > MAX_THREADS:
            self.error(f"{where}: block {block} not 1..{MAX_THREADS} threads")
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


def check_manifest(manifest: dict[str, Any], ptx: str) -> list[str]:
    """Every problem found, as one line each; empty when the manifest holds."""
    if manifest.get("format") != "mlirfuse-gpu-manifest" or manifest.get("version") != 1:
        return ["not an mlirfuse-gpu-manifest, version 1"]
    entries = ptx_entries(ptx)
    errors: list[str] = []
    launched: list[str] = []
    for function in manifest["functions"]:
        walk = _Walk(function, entries)
        for number, launch in enumerate(function["launches"]):
            walk.launch(number, launch)
            launched.append(launch["kernel"])
        walk.finish(function)
        errors += walk.errors
    if sorted(launched) != sorted(entries):
        errors.append(f"{len(entries)} .entry in the PTX, {len(launched)} launches")
    return errors


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m mlirfuse.gpu.manifest_check OUT.json", file=sys.stderr)
        return 2
    path = Path(args[0])
    manifest = json.loads(path.read_text())
    errors = check_manifest(manifest, (path.parent / manifest["ptx"]).read_text())
    for line in errors:
        print(f"{path}: error: {line}", file=sys.stderr)
    if not errors:
        launches = sum(len(f["launches"]) for f in manifest["functions"])
        print(f"{path}: ok ({launches} launches)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

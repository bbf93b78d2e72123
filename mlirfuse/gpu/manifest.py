"""The launch manifest written next to the PTX (`OUT.json`, docs/gpu-lowering.md).

Built from the split functions (`isolate.py`) and each unit's lowered launch
(`launch_info.py`): per function its arguments, the buffers the host
allocates (kernel results and per-launch scratch), the launches in order
with their parameters in ABI order, and its results. Buffers are named
`arg<i>` (function arguments, the npz's `arg<i>`), `k<N>_out<r>` (result r of
kernel N), `k<N>_scratch<s>` and `k<N>_const<c>` (a tensor constant of the
input: its `splat` value or its `values`, row-major).
"""

from __future__ import annotations

from typing import Any

from mlirfuse.gpu.isolate import Source, SplitFunction, Unit

FORMAT = "mlirfuse-gpu-manifest"
VERSION = 1
ABI = (
    "memref descriptor: a memref parameter is (allocated pointer, aligned pointer, offset, "
    "sizes[rank], strides[rank]), the offset, sizes and strides as 64-bit integers in elements; "
    "a scalar parameter is its own type"
)


def buffer_name(source: Source) -> str:
    return f"arg{source.index}" if source.unit is None else f"k{source.unit}_out{source.index}"


def entry_name(unit: Unit) -> str:
    return f"{unit.func}_k{unit.number}"


def _param(param: dict[str, Any], unit: Unit) -> dict[str, Any]:
    """A unit-local parameter in the function's buffer names."""
    if param["kind"] != "memref":
        return dict(param)
    local = param["buffer"]
    if local.startswith("arg"):
        buffer, access = buffer_name(unit.inputs[int(local[3:])]), "read"
    elif local.startswith("result"):
        buffer, access = f"k{unit.number}_out{local[6:]}", "write"
    elif local.startswith("const"):
        buffer, access = f"k{unit.number}_{local}", "read"
    else:
        buffer, access = f"k{unit.number}_{local}", "scratch"
    return {**param, "buffer": buffer, "access": access}


def _launch(unit: Unit, summary: dict[str, Any]) -> dict[str, Any]:
    launch = summary["launch"]
    return {
        "kernel": entry_name(unit),
        "schedule": summary["kind"],
        "pattern": unit.pattern,
        "group": unit.group,
        "grid": launch["grid"],
        "block": launch["block"],
        "dynamic_shared_bytes": launch["dynamic_shared_bytes"],
        "params": [_param(p, unit) for p in launch["params"]],
    }


def _buffers(unit: Unit, summary: dict[str, Any]) -> list[dict[str, Any]]:
    launch = summary["launch"]
    outs = [
        {"name": f"k{unit.number}_out{r}", "role": "intermediate", **t}
        for r, t in enumerate(launch["results"])
    ]
    scratch = [
        {"name": f"k{unit.number}_scratch{s}", "role": "scratch", **t}
        for s, t in enumerate(launch["scratch"])
    ]
    constants = [
        {"name": f"k{unit.number}_const{c}", "role": "constant", **t}
        for c, t in enumerate(launch["constants"])
    ]
    return outs + scratch + constants


def function_manifest(split: SplitFunction, summaries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    buffers: list[dict[str, Any]] = []
    launches = []
    for unit in split.units:
        buffers += _buffers(unit, summaries[unit.key])
        launches.append(_launch(unit, summaries[unit.key]))
    types = {b["name"]: b["dtype"] for b in buffers}
    arguments = [
        {"name": f"arg{i}", "shape": s, "dtype": d} for i, (s, d) in enumerate(split.arguments)
    ]
    types.update({a["name"]: a["dtype"] for a in arguments})
    results = [
        {"buffer": buffer_name(source), "shape": shape, "dtype": types[buffer_name(source)]}
        for source, shape in split.results
    ]
    return {
        "name": split.name,
        "arguments": arguments,
        "buffers": buffers,
        "launches": launches,
        "results": results,
    }


def build_manifest(
    splits: list[SplitFunction], summaries: dict[str, dict[str, Any]], ptx_file: str, chip: str
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "ptx": ptx_file,
        "chip": chip,
        "abi": ABI,
        "functions": [function_manifest(s, summaries) for s in splits],
    }

"""The launch manifest written next to the PTX (`OUT.json`, docs/gpu-lowering.md).

Built from the split functions (`isolate.py`) and each unit's lowered launch
(`launch_info.py`): per function its arguments, the buffers the host
allocates (kernel results and per-launch scratch), the launches in order
with their parameters in ABI order, and its results. Buffers are named
`arg<i>` (function arguments, the npz's `arg<i>`), `k<N>_out<r>` (result r of
kernel N), `k<N>_scratch<s>`, `k<N>_const<c>` (a tensor constant of the
input: its `splat` value or its `values`, row-major) and `cat<n>` (an
in-place concat, role "concat": a kernel result stored in it has `within`:
{"buffer": "cat<n>", "offset": elements}, its address the concat's plus that
offset, and is not allocated itself). Where a shape is
dynamic, every size (buffer shapes, views, grids, index scalars) is a size
expression of the function's argument dims (`sizes.py`): each unit's launch
speaks of its own arguments, rewritten here through the buffers they are.
"""

from __future__ import annotations

from typing import Any

from mlirfuse.gpu.isolate import Concat, Source, SplitFunction, Unit
from mlirfuse.gpu.sizes import Expr, substitute

FORMAT = "mlirfuse-gpu-manifest"
VERSION = 1
ABI = (
    "memref descriptor: a memref parameter is (allocated pointer, aligned pointer, offset, "
    "sizes[rank], strides[rank]), the offset, sizes and strides as 64-bit integers in elements; "
    "a scalar parameter is its own type"
)


def buffer_name(source: Source) -> str:
    if source.concat is not None:
        return f"cat{source.concat}"
    return f"arg{source.index}" if source.unit is None else f"k{source.unit}_out{source.index}"


def entry_name(unit: Unit) -> str:
    return f"{unit.func}_k{unit.number}"


class _Sizes:
    """Unit-local size expressions in the function's argument dims: a unit's
    argument i is the buffer `unit.inputs[i]` names (whose shape is known by
    then) or a size the host computes (`Source.size`)."""

    def __init__(self, split: SplitFunction) -> None:
        self.shapes: dict[str, list[Expr]] = {
            f"arg{i}": shape for i, (shape, _) in enumerate(split.arguments)
        }
        self.unit: Unit | None = None

    def __call__(self, e: Expr) -> Expr:
        return substitute(e, self._lookup)

    def _lookup(self, arg: int, dim: int | None) -> Expr:
        assert self.unit is not None
        source = self.unit.inputs[arg]
        if dim is None:
            return source.size
        return self.shapes[buffer_name(source)][dim]

    def all(self, values: list[Expr]) -> list[Expr]:
        return [self(v) for v in values]


def _param(param: dict[str, Any], unit: Unit, sizes: _Sizes) -> dict[str, Any]:
    """A unit-local parameter in the function's buffer names and sizes."""
    if param["kind"] != "memref":
        computed = isinstance(param["value"], dict)  # an index the host computes
        return {**param, "value": sizes(param["value"])} if computed else dict(param)
    local = param["buffer"]
    if local.startswith("arg"):
        buffer, access = buffer_name(unit.inputs[int(local[3:])]), "read"
    elif local.startswith("result"):
        buffer, access = f"k{unit.number}_out{local[6:]}", "write"
    elif local.startswith("const"):
        buffer, access = f"k{unit.number}_{local}", "read"
    else:
        buffer, access = f"k{unit.number}_{local}", "scratch"
    view = {
        "offset": sizes(param["offset"]),
        "sizes": sizes.all(param["sizes"]),
        "strides": sizes.all(param["strides"]),
    }
    return {**param, "buffer": buffer, "access": access, **view}


def _launch(unit: Unit, summary: dict[str, Any], sizes: _Sizes) -> dict[str, Any]:
    launch = summary["launch"]
    return {
        "kernel": entry_name(unit),
        "schedule": summary["kind"],
        "pattern": unit.pattern,
        "group": unit.group,
        "grid": sizes.all(launch["grid"]),
        "block": sizes.all(launch["block"]),
        "dynamic_shared_bytes": sizes(launch["dynamic_shared_bytes"]),
        "params": [_param(p, unit, sizes) for p in launch["params"]],
    }


def _buffers(
    unit: Unit, summary: dict[str, Any], sizes: _Sizes, placed: dict[str, dict[str, Any]]
) -> list[dict[str, Any]]:
    launch = summary["launch"]
    outs = [
        {
            "name": f"k{unit.number}_out{r}",
            "role": "intermediate",
            **t,
            "shape": sizes.all(t["shape"]),
            **placed.get(f"k{unit.number}_out{r}", {}),
        }
        for r, t in enumerate(launch["results"])
    ]
    scratch = [
        {
            "name": f"k{unit.number}_scratch{s}",
            "role": "scratch",
            **t,
            "shape": sizes.all(t["shape"]),
        }
        for s, t in enumerate(launch["scratch"])
    ]
    constants = [
        {"name": f"k{unit.number}_const{c}", "role": "constant", **t}
        for c, t in enumerate(launch["constants"])
    ]
    return outs + scratch + constants


def _concat_buffers(
    concats: list[Concat],
) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """Each in-place concat's buffer, and the `within` of each result stored in one."""
    buffers = [
        {"name": f"cat{c.number}", "role": "concat", "shape": c.shape, "dtype": c.dtype}
        for c in concats
    ]
    placed = {
        buffer_name(source): {"within": {"buffer": f"cat{c.number}", "offset": offset}}
        for c in concats
        for source, offset in c.parts
    }
    return buffers, placed


def function_manifest(split: SplitFunction, summaries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    buffers, placed = _concat_buffers(split.concats)
    launches = []
    sizes = _Sizes(split)
    sizes.shapes.update({b["name"]: b["shape"] for b in buffers})
    for unit in split.units:
        sizes.unit = unit
        # The launch's views are of its inputs (earlier buffers) and outputs.
        own = _buffers(unit, summaries[unit.key], sizes, placed)
        sizes.shapes.update({b["name"]: b["shape"] for b in own})
        buffers += own
        launches.append(_launch(unit, summaries[unit.key], sizes))
    types = {b["name"]: b["dtype"] for b in buffers}
    arguments = [
        {"name": f"arg{i}", "shape": s, "dtype": d} for i, (s, d) in enumerate(split.arguments)
    ]
    types.update({a["name"]: a["dtype"] for a in arguments})
    results = [
        {"buffer": buffer_name(source), "shape": shape, "dtype": types[buffer_name(source)]}
        for source, shape in split.results
    ]
    function = {
        "name": split.name,
        "arguments": arguments,
        "buffers": buffers,
        "launches": launches,
        "results": results,
    }
    if split.checks:  # what the host checks of the arguments' dims first
        function["checks"] = split.checks
    return function


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

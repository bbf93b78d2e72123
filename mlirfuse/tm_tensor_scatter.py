"""Read torch-mlir's `tm_tensor.scatter` (F.fold, index_put, scatter_add, index_add) as linalg.

Like `tm_tensor.scan` (`tm_tensor_scan.py`), the op is rewritten in the
source text before parsing, into a generic the rest of mlirfuse fuses and
lowers. The op's update slices line up with the trailing dims of the
original; each index row gives the position, in the dims its
`dimension_map` names, of one slice. Taken here: slices that are single
elements in every indexed dim and whole in every other dim, which covers
element scatters (torch's `F.fold` of MobileViT-v2, `index_put`,
`scatter_add` on a flattened view) and row scatters (`index_add` of whole
rows, a graph network's message sums). Then

    out[p] = combine over i of (update[i, p's unindexed dims] where index[i] == p's indexed dims)

is a reduction over a new innermost loop i: each output element tests every
index row, `select(match, update, identity)` folded with the combiner (an
arith add or mul), or `select(match, update, acc)` when the region just
yields the update (an overwrite: the last matching row wins, as in a
sequential loop; PyTorch leaves duplicate indices unspecified there).

This is O(outputs x updates) work instead of O(updates), so only scatters
with at most MAX_WORK = 2^26 pairs are taken; any other form or size is
left alone and the parser reports the op with its location. The replacement
is written on the scatter's first line and the lines it spanned are kept as
blank lines, so every later diagnostic keeps its line number.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from mlirfuse.tm_tensor_scan import element_type, replace_matches

MAX_WORK = 1 << 26

_NAME = r"%[\w$.-]+"
_USE = r"%[\w$.-]+(?:#\d+)?"
_TENSOR = r"tensor<[^<>]*>"
_SCATTER = re.compile(
    rf"(?P<result>{_NAME})\s*=\s*tm_tensor\.scatter\s*"
    rf"\{{\s*dimension_map\s*=\s*array<i64:\s*(?P<dmap>[\d,\s]*)>\s*\}}\s*"
    rf"unique_indices\((?:true|false)\)\s*"
    rf"ins\((?P<upd>{_USE})\s*,\s*(?P<idx>{_USE})\s*:\s*(?P<upd_type>{_TENSOR})\s*,\s*"
    rf"(?P<idx_type>{_TENSOR})\)\s*outs\((?P<orig>{_USE})\s*:\s*(?P<out_type>{_TENSOR})\)\s*"
    rf"\{{\s*\^bb0\((?P<u>{_NAME})\s*:\s*(?P<elem>\w+)\s*,\s*(?P<o>{_NAME})\s*:\s*\w+\)\s*:\s*"
    rf"(?:(?P<value>{_NAME})\s*=\s*arith\.(?P<combiner>addi|addf|muli|mulf)\s+"
    rf"(?P<x>{_NAME})\s*,\s*(?P<y>{_NAME})(?P<flags>\s+fastmath<[\w,]*>)?\s*:\s*\w+\s+)?"
    rf"tm_tensor\.yield\s+(?P<yielded>{_NAME})\s*:\s*\w+\s*\}}\s*->\s*{_TENSOR}"
)


def _shape(tensor_type: str) -> list[int] | None:
    """The static shape of `tensor<2x24xi64>`; None when a dim is dynamic."""
    dims = re.match(r"tensor<((?:(?:\d+|\?)x)*)", tensor_type)
    if dims is None or "?" in dims.group(1):
        return None
    return [int(d) for d in dims.group(1).split("x") if d]


@dataclass(frozen=True)
class _Scatter:
    match: re.Match[str]
    prefix: str  # fresh SSA names of the replacement start with it

    def group(self, name: str) -> str:
        return self.match.group(name)

    @property
    def rank(self) -> int:
        return len(_shape(self.group("out_type")) or [])

    @property
    def dimension_map(self) -> list[int]:
        return [int(d) for d in self.group("dmap").replace(",", " ").split()]

    def is_taken(self) -> bool:
        """Index rows naming distinct dims, slices of one element in each
        indexed dim and whole in every other, a combiner of the two block
        arguments (or none), static shapes, bounded work."""
        out, upd, idx = (_shape(self.group(t)) for t in ("out_type", "upd_type", "idx_type"))
        if out is None or upd is None or idx is None or len(idx) != 2:
            return False
        rows, depth = idx
        dims = self.dimension_map
        if len(dims) != depth or len(set(dims)) != depth or not set(dims) <= set(range(len(out))):
            return False
        if upd[:1] != [rows] or not self._slices_are_taken(out, upd[1:]):
            return False
        if rows * math.prod(out) > MAX_WORK:
            return False
        return self._body_is_simple()

    def _slices_are_taken(self, out: list[int], slice_shape: list[int]) -> bool:
        """The slice covers the trailing dims of `out`: extent 1 where a dim is
        indexed, the whole dim where not; a dim the slice leaves out is indexed."""
        offset = len(out) - len(slice_shape)
        if offset < 0:
            return False
        indexed = set(self.dimension_map)
        if not set(range(offset)) <= indexed:
            return False
        return all(
            extent == (1 if dim in indexed else out[dim])
            for dim, extent in enumerate(slice_shape, start=offset)
        )

    def _body_is_simple(self) -> bool:
        if self.group("combiner") is None:
            return self.group("yielded") == self.group("u")
        arguments = {self.group("u"), self.group("o")}
        return {self.group("x"), self.group("y")} == arguments and self.group(
            "yielded"
        ) == self.group("value")


def import_tm_tensor_scatters(text: str) -> str:
    """`text` with each supported `tm_tensor.scatter` rewritten as linalg;
    text without one comes back unchanged."""
    if "tm_tensor.scatter" not in text:
        return text

    def rewrite(match: re.Match[str], number: int) -> str | None:
        scatter = _Scatter(match, f"%tm_scatter{number}_")
        return _generic(scatter) if scatter.is_taken() else None

    return replace_matches(text, _SCATTER, rewrite)


def _generic(s: _Scatter) -> str:
    """The reduction over index rows (module docstring)."""
    rank, p, elem = s.rank, s.prefix, s.group("elem")
    loops = ", ".join(f"d{i}" for i in range(rank + 1))
    row = f"d{rank}"
    upd_map = f"affine_map<({loops}) -> ({', '.join([row, *_slice_coordinates(s)])})>"
    depth = len(s.dimension_map)
    idx_maps = [f"affine_map<({loops}) -> ({row}, {k})>" for k in range(depth)]
    out_map = f"affine_map<({loops}) -> ({', '.join(f'd{i}' for i in range(rank))})>"
    maps = ", ".join([upd_map, *idx_maps, out_map])
    iterators = ", ".join(['"parallel"'] * rank + ['"reduction"'])
    idx_type, idx_elem = s.group("idx_type"), element_type(s.group("idx_type"))
    ins = ", ".join([s.group("upd"), *([s.group("idx")] * depth)])
    types = ", ".join([s.group("upd_type"), *([idx_type] * depth)])
    args = ", ".join([f"{p}u: {elem}", *(f"{p}c{k}: {idx_elem}" for k in range(depth))])
    body = [f"^bb0({args}, {p}acc: {elem}):"]
    matches = []
    for k, dim in enumerate(s.dimension_map):
        body.append(f"{p}i{k} = linalg.index {dim} : index")
        body.append(f"{p}v{k} = arith.index_cast {p}i{k} : index to {idx_elem}")
        body.append(f"{p}m{k} = arith.cmpi eq, {p}c{k}, {p}v{k} : {idx_elem}")
        matches.append(f"{p}m{k}")
    hit = matches[0]
    for k in range(1, depth):
        body.append(f"{p}all{k} = arith.andi {hit}, {matches[k]} : i1")
        hit = f"{p}all{k}"
    body.extend(_combine(s, hit))
    return (
        f"{s.group('result')} = linalg.generic {{indexing_maps = [{maps}], "
        f"iterator_types = [{iterators}]}} ins({ins} : {types}) "
        f"outs({s.group('orig')} : {s.group('out_type')}) {{ {' '.join(body)} }} "
        f"-> {s.group('out_type')}"
    )


def _slice_coordinates(s: _Scatter) -> list[str]:
    """Where output point (d0, ...) reads the update slice: 0 in an indexed
    dim (the slice is one element there), the output's own loop elsewhere."""
    rank, indexed = s.rank, set(s.dimension_map)
    offset = rank - (len(_shape(s.group("upd_type")) or [0]) - 1)
    return ["0" if dim in indexed else f"d{dim}" for dim in range(offset, rank)]


def _combine(s: _Scatter, hit: str) -> list[str]:
    """The body's tail: the row's update folded into the accumulator."""
    p, elem, combiner = s.prefix, s.group("elem"), s.group("combiner")
    if combiner is None:  # an overwrite
        return [
            f"{p}new = arith.select {hit}, {p}u, {p}acc : {elem}",
            f"linalg.yield {p}new : {elem}",
        ]
    identity = 0 if combiner.startswith("add") else 1
    literal = f"{float(identity):e}" if combiner.endswith("f") else str(identity)
    flags = s.group("flags") or ""
    return [
        f"{p}neutral = arith.constant {literal} : {elem}",
        f"{p}term = arith.select {hit}, {p}u, {p}neutral : {elem}",
        f"{p}new = arith.{combiner} {p}acc, {p}term{flags} : {elem}",
        f"linalg.yield {p}new : {elem}",
    ]

"""Read torch-mlir's `tm_tensor.sort` (torch.sort, torch.topk: a MoE router's
top-k experts) as linalg.

Like `tm_tensor.scan` (`tm_tensor_scan.py`), the op is rewritten in the
source text before parsing. The op sorts its outputs in place along one dim
by a comparator `c(a, b)` of the first output's elements ("a may stay before
b"); the other output (torch's indices) follows the same permutation. As
linalg, each element's place in the sorted order is counted, then each output
position picks the element counted there:

    place[.., j] = sum over k of (c(x_k, x_j) and not c(x_j, x_k))      k strictly before j
                              or (c(x_k, x_j) == c(x_j, x_k) and k < j)  tied, k earlier
    out[.., i]   = the x[.., j] with place[.., j] == i

two reductions of O(n^2) work along the sorted dim (experts or a top-k's
candidates: tens to hundreds). The places are i32 (below the dim's size),
half the bytes where the back end writes them between its two kernels. Ties keep their input order, as
`torch.sort(stable=True)`; PyTorch leaves their order unspecified otherwise,
so the values agree and tied indices may differ. NaNs break the comparator's
ordering: elements tied with a NaN may collide.

Taken: one or two outputs of static shape and a comparator that is one
`arith.cmpf` or `arith.cmpi` of the first output's two block arguments.
Any other form is left alone and the parser reports the op with its
location. The replacement is written on the sort's first line and the lines
it spanned are kept as blank lines, so later diagnostics keep their lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mlirfuse.tm_tensor_scan import (
    element_type,
    rename_marked_results,
    replace_matches,
    tensor_rank,
    used_after,
)

_NAME = r"%[\w$.-]+"
_USE = r"%[\w$.-]+(?:#\d+)?"
_TENSOR = r"tensor<[^<>]*>"
_SORT = re.compile(
    rf"(?P<results>{_NAME}:2|{_NAME}\s*,\s*{_NAME}|{_NAME})\s*=\s*tm_tensor\.sort\s+"
    rf"dimension\((?P<dim>\d+)\)\s+outs\((?P<outs>{_USE}(?:\s*,\s*{_USE})?)\s*:\s*"
    rf"(?P<types>{_TENSOR}(?:\s*,\s*{_TENSOR})?)\)\s*\{{\s*"
    rf"\^bb0\((?P<args>[^)]*)\)\s*:\s*"
    rf"(?P<value>{_NAME})\s*=\s*arith\.(?P<cmp>cmpf|cmpi)\s+(?P<pred>\w+)\s*,\s*"
    rf"(?P<x>{_NAME})\s*,\s*(?P<y>{_NAME})(?P<flags>\s+fastmath<[\w,]*>)?\s*:\s*\w+\s+"
    rf"tm_tensor\.yield\s+(?P<yielded>{_NAME})\s*:\s*i1\s*\}}\s*->\s*"
    rf"{_TENSOR}(?:\s*,\s*{_TENSOR})?"
)


def _split(listed: str) -> list[str]:
    return [part.strip() for part in listed.split(",")]


@dataclass(frozen=True)
class _Sort:
    match: re.Match[str]
    prefix: str  # fresh SSA names of the replacement start with it

    def group(self, name: str) -> str:
        return self.match.group(name)

    @property
    def outs(self) -> list[str]:
        return _split(self.group("outs"))

    @property
    def types(self) -> list[str]:
        return _split(self.group("types"))

    @property
    def arguments(self) -> list[str]:
        return [argument.split(":")[0].strip() for argument in _split(self.group("args"))]

    @property
    def rank(self) -> int:
        return tensor_rank(self.types[0])

    @property
    def dim(self) -> int:
        return int(self.group("dim"))

    @property
    def place_element(self) -> str:
        """A place is below the sorted dim's size: i32 holds it (half the
        bytes of i64 where the places are a kernel's result), but for a dim
        of 2^31 or more."""
        value_type = self.types[0]
        sizes = value_type[len("tensor<") : value_type.rindex("x")].split("x")
        return "i32" if int(sizes[self.dim]) < 2**31 else "i64"

    @property
    def place_type(self) -> str:
        """The places' tensor type: the outputs' shape, of `place_element`."""
        value_type = self.types[0]
        return f"{value_type[: value_type.rindex('x')]}x{self.place_element}>"

    @property
    def result_names(self) -> list[str]:
        results = self.group("results")
        if results.endswith(":2"):
            return [f"{results[:-2]}#0", f"{results[:-2]}#1"]
        return _split(results)

    def is_taken(self) -> bool:
        """The comparator compares the first output's two block arguments;
        one output per type, static shapes that agree."""
        outs, types, arguments = self.outs, self.types, self.arguments
        if len(outs) != len(types) or len(arguments) != 2 * len(outs):
            return False
        if len(self.result_names) != len(outs) or "?" in self.group("types"):
            return False
        shapes = {t[: t.rindex("x")] for t in types}
        compared = {self.group("x"), self.group("y")}
        return (
            len(shapes) == 1
            and self.dim < self.rank
            and compared == set(arguments[:2])
            and len(compared) == 2
            and self.group("yielded") == self.group("value")
        )

    def compare(self, first: str, second: str) -> str:
        """The comparator with its first block argument bound to `first`."""
        bound = dict(zip(self.arguments[:2], (first, second), strict=True))
        flags = self.group("flags") or ""
        return (
            f"arith.{self.group('cmp')} {self.group('pred')}, {bound[self.group('x')]}, "
            f"{bound[self.group('y')]}{flags} : {element_type(self.types[0])}"
        )


def import_tm_tensor_sorts(text: str) -> str:
    """`text` with each supported `tm_tensor.sort` rewritten as linalg; text
    without one comes back unchanged."""
    if "tm_tensor.sort" not in text:
        return text

    def rewrite(match: re.Match[str], number: int) -> str | None:
        sort = _Sort(match, f"%tm_sort{number}_")
        return _replacement(sort, text) if sort.is_taken() else None

    return rename_marked_results(replace_matches(text, _SORT, rewrite))


def _replacement(sort: _Sort, text: str) -> str:
    """The places, then each used output; `%r:2` results are marked for renaming."""
    named = not sort.group("results").endswith(":2")
    results = sort.result_names
    outputs = [name if named else f"{sort.prefix}out{m}" for m, name in enumerate(results)]
    used = [m for m, name in enumerate(results) if used_after(name, text, sort.match.end())]
    ops = ([_places(sort)] if used else []) + [_picked(sort, m, outputs[m]) for m in used]
    mark = (
        ""
        if named
        else f" // tm_tensor.sort: {results[0]} -> {outputs[0]}, {results[1]} -> {outputs[1]}"
    )
    return " ".join(ops) + mark


def _maps(rank: int, dim: int) -> tuple[str, str, str]:
    """(d.., k) -> (d..); the same with the sorted dim read at k; (d..)."""
    loops = ", ".join(f"d{i}" for i in range(rank + 1))
    own = ", ".join(f"d{i}" for i in range(rank))
    moved = ", ".join(f"d{rank}" if i == dim else f"d{i}" for i in range(rank))
    return (
        f"affine_map<({loops}) -> ({own})>",
        f"affine_map<({loops}) -> ({moved})>",
        ", ".join(['"parallel"'] * rank + ['"reduction"']),
    )


def _places(sort: _Sort) -> str:
    """place[.., j]: how many elements go before element j (module docstring)."""
    p, rank, dim = sort.prefix, sort.rank, sort.dim
    value_type, place_type, place = sort.types[0], sort.place_type, sort.place_element
    own, moved, iterators = _maps(rank, dim)
    elem = element_type(value_type)
    body = " ".join(
        [
            f"^bb0({p}xj: {elem}, {p}xk: {elem}, {p}acc: {place}):",
            f"{p}kj = {sort.compare(f'{p}xk', f'{p}xj')}",
            f"{p}jk = {sort.compare(f'{p}xj', f'{p}xk')}",
            f"{p}true = arith.constant true",
            f"{p}not_jk = arith.xori {p}jk, {p}true : i1",
            f"{p}strict = arith.andi {p}kj, {p}not_jk : i1",
            f"{p}tied = arith.cmpi eq, {p}kj, {p}jk : i1",
            f"{p}j = linalg.index {dim} : index",
            f"{p}k = linalg.index {rank} : index",
            f"{p}earlier = arith.cmpi ult, {p}k, {p}j : index",
            f"{p}tie = arith.andi {p}tied, {p}earlier : i1",
            f"{p}before = arith.ori {p}strict, {p}tie : i1",
            f"{p}one = arith.constant 1 : {place}",
            f"{p}none = arith.constant 0 : {place}",
            f"{p}count = arith.select {p}before, {p}one, {p}none : {place}",
            f"{p}sum = arith.addi {p}acc, {p}count : {place}",
            f"linalg.yield {p}sum : {place}",
        ]
    )
    return (
        f"{p}zero = arith.constant 0 : {place} {p}empty = tensor.empty() : {place_type} "
        f"{p}init = linalg.fill ins({p}zero : {place}) outs({p}empty : {place_type}) -> {place_type} "
        f"{p}place = linalg.generic {{indexing_maps = [{own}, {moved}, {own}], "
        f"iterator_types = [{iterators}]}} ins({sort.outs[0]}, {sort.outs[0]} : {value_type}, "
        f"{value_type}) outs({p}init : {place_type}) {{ {body} }} -> {place_type}"
    )


def _picked(sort: _Sort, m: int, result: str) -> str:
    """out_m[.., i] = the element of output m whose place is i."""
    p, rank, dim = f"{sort.prefix}m{m}_", sort.rank, sort.dim
    out, out_type, place_type = sort.outs[m], sort.types[m], sort.place_type
    place = sort.place_element
    own, moved, iterators = _maps(rank, dim)
    elem = element_type(out_type)
    body = " ".join(
        [
            f"^bb0({p}place: {place}, {p}x: {elem}, {p}acc: {elem}):",
            f"{p}i = linalg.index {dim} : index",
            f"{p}position = arith.index_cast {p}i : index to {place}",
            f"{p}hit = arith.cmpi eq, {p}place, {p}position : {place}",
            f"{p}pick = arith.select {p}hit, {p}x, {p}acc : {elem}",
            f"linalg.yield {p}pick : {elem}",
        ]
    )
    return (
        f"{result} = linalg.generic {{indexing_maps = [{moved}, {moved}, {own}], "
        f"iterator_types = [{iterators}]}} ins({sort.prefix}place, {out} : {place_type}, "
        f"{out_type}) outs({out} : {out_type}) {{ {body} }} -> {out_type}"
    )

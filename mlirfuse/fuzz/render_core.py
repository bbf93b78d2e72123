"""The printer's core: SSA names, scalar bodies, inits, and the basic ops
(elementwise, named, transpose, reductions, matmuls, pad, reshapes).
mlirfuse.fuzz.render adds the model-shaped ops and prints whole modules."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from mlirfuse.fuzz.program import BITS, Op, Program, Value

_FLOAT_BINARY = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf"}
_FLOAT_BINARY.update({"max": "arith.maximumf", "min": "arith.minimumf", "div": "arith.divf"})
_INT_BINARY = {"add": "arith.addi", "sub": "arith.subi", "mul": "arith.muli"}
_INT_BINARY.update({"max": "arith.maxsi", "min": "arith.minsi"})
_NAMED = {"add": "linalg.add", "sub": "linalg.sub", "mul": "linalg.mul", "max": "linalg.max"}
_NEG_INF = {"f32": "0xFF800000", "f64": "0xFFF0000000000000", "i32": "-2147483648"}
_NEG_INF.update({"f16": "0xFC00", "bf16": "0xFF80"})


class _Names:
    """Fresh SSA names, unique in the whole function (regions do not shadow)."""

    def __init__(self) -> None:
        self._counter: Iterator[int] = itertools.count()

    def __call__(self) -> str:
        return f"%t{next(self._counter)}"


def affine_map(rank: int, dims: Iterable[int]) -> str:
    domain = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({domain}) -> ({', '.join(f'd{d}' for d in dims)})>"


def convert(value: str, src: str, dst: str, fresh: _Names, lines: list[str]) -> str:
    """`value` of type `src` as `dst` (sitofp, extf or truncf; f16 <-> bf16 via f32)."""
    if src == dst:
        return value
    if src == "i32":
        name = fresh()
        lines.append(f"    {name} = arith.sitofp {value} : i32 to {dst}")
        return name
    if BITS[src] == BITS[dst]:
        return convert(convert(value, src, "f32", fresh, lines), "f32", dst, fresh, lines)
    name = fresh()
    op = "arith.extf" if BITS[src] < BITS[dst] else "arith.truncf"
    lines.append(f"    {name} = {op} {value} : {src} to {dst}")
    return name


def float_literal(value: float) -> str:
    return f"{value:.9e}"


def unary(fn: str, x: str, elem: str, fresh: _Names, lines: list[str]) -> str:
    """One unary epilogue step; returns the new SSA name."""
    out = fresh()
    if fn in ("neg", "relu", "square", "scale") and elem == "i32":
        return _int_unary(fn, x, out, fresh, lines)
    simple = {"neg": "arith.negf", "tanh": "math.tanh", "exp": "math.exp", "abs": "math.absf"}
    simple["rsqrt"] = "math.rsqrt"
    if ":" in fn:  # "mulc:V" / "addc:V": a constant operand
        name, value = fn.split(":")
        const = fresh()
        lines.append(f"    {const} = arith.constant {float_literal(float(value))} : {elem}")
        opname = "arith.mulf" if name == "mulc" else "arith.addf"
        lines.append(f"    {out} = {opname} {x}, {const} : {elem}")
    elif fn in simple:
        lines.append(f"    {out} = {simple[fn]} {x} : {elem}")
    elif fn == "square":
        lines.append(f"    {out} = arith.mulf {x}, {x} : {elem}")
    elif fn in ("relu", "scale"):
        const = fresh()
        value = "0.000000e+00" if fn == "relu" else "5.000000e-01"
        lines.append(f"    {const} = arith.constant {value} : {elem}")
        opname = "arith.maximumf" if fn == "relu" else "arith.mulf"
        lines.append(f"    {out} = {opname} {x}, {const} : {elem}")
    elif fn == "assert":
        # A side effect that never fires (x is never NaN here), as torch-mlir's
        # BatchNorm path has: fusion must neither duplicate nor drop it.
        lines.append(f"    {out} = arith.cmpf ord, {x}, {x} : {elem}")
        lines.append(f'    cf.assert {out}, "mlirfuse fuzz: NaN"')
        return x
    elif fn == "sqrtabs":
        absolute = fresh()
        lines.append(f"    {absolute} = math.absf {x} : {elem}")
        lines.append(f"    {out} = math.sqrt {absolute} : {elem}")
    else:
        raise ValueError(f"unknown unary fn {fn}")
    return out


def _int_unary(fn: str, x: str, out: str, fresh: _Names, lines: list[str]) -> str:
    if fn == "square":
        lines.append(f"    {out} = arith.muli {x}, {x} : i32")
        return out
    const = fresh()
    value = {"neg": 0, "relu": 0, "scale": 3}[fn]
    lines.append(f"    {const} = arith.constant {value} : i32")
    opname = {"neg": "arith.subi", "relu": "arith.maxsi", "scale": "arith.muli"}[fn]
    operands = f"{const}, {x}" if fn == "neg" else f"{x}, {const}"
    lines.append(f"    {out} = {opname} {operands} : i32")
    return out


class FunctionPrinter:
    def __init__(self, program: Program) -> None:
        self.program = program
        self.values = program.values()
        self.fresh = _Names()
        self.lines: list[str] = []
        self.index_consts: dict[int, str] = {}
        self.shared: dict[str, str] = {}  # type (and fill value) -> shared init

    def t(self, name: str) -> str:
        return self.values[name].mlir_type()

    def index(self, i: int) -> str:
        if i not in self.index_consts:
            name = f"%c{i}"
            self.lines.append(f"  {name} = arith.constant {i} : index")
            self.index_consts[i] = name
        return self.index_consts[i]

    def empty(self, result: Value, sources: list[tuple[str, int]]) -> str:
        """tensor.empty for `result`; `sources[d]` = (value, dim) giving dim d."""
        shared = self.program.shared_inits and not any(result.dyn)
        if shared and result.mlir_type() in self.shared:
            return self.shared[result.mlir_type()]
        dyn_sizes = []
        for d, is_dyn in enumerate(result.dyn):
            if is_dyn:
                src, src_dim = sources[d]
                size = self.fresh()
                self.lines.append(
                    f"  {size} = tensor.dim %{src}, {self.index(src_dim)} : {self.t(src)}"
                )
                dyn_sizes.append(size)
        name = self.fresh()
        self.lines.append(f"  {name} = tensor.empty({', '.join(dyn_sizes)}) : {result.mlir_type()}")
        if shared:
            self.shared[result.mlir_type()] = name
        return name

    def filled(self, result: Value, sources: list[tuple[str, int]], value: str) -> str:
        key = f"{result.mlir_type()}={value}"
        if self.program.shared_inits and key in self.shared:
            return self.shared[key]
        init = self.empty(result, sources)
        const, name = self.fresh(), self.fresh()
        self.lines.append(f"  {const} = arith.constant {value} : {result.elem}")
        ty = result.mlir_type()
        self.lines.append(
            f"  {name} = linalg.fill ins({const} : {result.elem}) outs({init} : {ty}) -> {ty}"
        )
        if self.program.shared_inits and not any(result.dyn):
            self.shared[key] = name
        return name

    def sources_for_ew(self, op: Op) -> list[tuple[str, int]]:
        sources: list[tuple[str, int]] = [("", 0)] * op.result.rank
        for name, dims in zip(op.inputs, op.maps, strict=True):
            value = self.values[name]
            for j, d in enumerate(dims):
                if value.dyn[j] and not sources[d][0]:
                    sources[d] = (name, j)
        return sources

    def render(self) -> str:
        p = self.program
        args = ", ".join(f"%{a.name}: {a.mlir_type()}" for a in p.args)
        types = [self.values[r].mlir_type() for r in p.results]
        header = f"func.func @{p.name}({args}) -> ({', '.join(types)}) {{"
        for op in p.ops:
            getattr(self, f"op_{op.kind}")(op)
        results = ", ".join(f"%{r}" for r in p.results)
        self.lines.append(f"  return {results} : {', '.join(types)}")
        return "\n".join([header, *self.lines, "}"])

    def open_parallel(self, op: Op, outs: list[Value]) -> list[str]:
        """Print the head of an all-parallel generic over `op.result`'s space
        reading `op.inputs` through `op.maps` into `outs` (none: result-less);
        returns the block arguments of the inputs."""
        space = op.result if outs else self.values[op.inputs[0]]
        sources = self.sources_for_ew(op) if outs else []
        inits = [self.empty(out, sources) for out in outs]
        maps = [affine_map(space.rank, m) for m in op.maps]
        maps += [affine_map(space.rank, range(space.rank))] * len(outs)
        iters = ", ".join(['"parallel"'] * space.rank)
        ins = ", ".join(f"%{n}" for n in op.inputs)
        in_types = ", ".join(self.t(n) for n in op.inputs)
        names = ", ".join(f"%{out.name}" for out in outs)
        head = f"  {names} = " if outs else "  "
        outs_text = (
            f" outs({', '.join(inits)} : {', '.join(o.mlir_type() for o in outs)})" if outs else ""
        )
        self.lines.append(
            f"{head}linalg.generic {{indexing_maps = [{', '.join(maps)}], "
            f"iterator_types = [{iters}]}} ins({ins} : {in_types}){outs_text} {{"
        )
        block_args = [self.fresh() for _ in op.inputs]
        sig = [f"{a}: {self.values[n].elem}" for a, n in zip(block_args, op.inputs, strict=True)]
        sig += [f"{self.fresh()}: {out.elem}" for out in outs]
        self.lines.append(f"  ^bb0({', '.join(sig)}):")
        return block_args

    def combine(self, op: Op, args: list[str], elem: str, body: list[str]) -> str:
        """The inputs converted to `elem`, folded with op.fns' binary combiners,
        then op.fns' unary epilogue."""
        elems = [self.values[n].elem for n in op.inputs]
        converted = [
            convert(a, e, elem, self.fresh, body) for a, e in zip(args, elems, strict=True)
        ]
        acc = converted[0]
        binary = _FLOAT_BINARY if elem != "i32" else _INT_BINARY
        fns = list(op.fns)
        for other in converted[1:]:
            name = self.fresh()
            body.append(f"    {name} = {binary[fns.pop(0)]} {acc}, {other} : {elem}")
            acc = name
        for fn in fns:
            acc = unary(fn, acc, elem, self.fresh, body)
        return acc

    def close(self, body: list[str], yielded: list[tuple[str, str]], outs: list[Value]) -> None:
        self.lines.extend(body)
        values = ", ".join(v for v, _ in yielded)
        types = ", ".join(t for _, t in yielded)
        self.lines.append(f"    linalg.yield {values} : {types}" if yielded else "    linalg.yield")
        if len(outs) == 1:
            self.lines.append(f"  }} -> {outs[0].mlir_type()}")
        elif outs:
            self.lines.append(f"  }} -> ({', '.join(o.mlir_type() for o in outs)})")
        else:
            self.lines.append("  }")

    def op_ew(self, op: Op) -> None:
        out = op.result
        args = self.open_parallel(op, [out])
        body: list[str] = []
        acc = self.combine(op, args, out.elem, body)
        self.close(body, [(acc, out.elem)], [out])

    def op_named(self, op: Op) -> None:
        out = op.result
        init = self.empty(out, [(op.inputs[0], d) for d in range(out.rank)])
        ty = out.mlir_type()
        ins = ", ".join(f"%{n}" for n in op.inputs)
        self.lines.append(
            f"  %{out.name} = {_NAMED[op.fns[0]]} ins({ins} : {ty}, {ty}) "
            f"outs({init} : {ty}) -> {ty}"
        )

    def op_transpose(self, op: Op) -> None:
        out, src = op.result, op.inputs[0]
        init = self.empty(out, [(src, p) for p in op.perm])
        perm = ", ".join(str(p) for p in op.perm)
        self.lines.append(
            f"  %{out.name} = linalg.transpose ins(%{src} : {self.t(src)}) "
            f"outs({init} : {out.mlir_type()}) permutation = [{perm}]"
        )

    def op_reduce(self, op: Op) -> None:
        out, src = op.result, op.inputs[0]
        value = self.values[src]
        reduced = op.params.get("dims", (op.dim,))
        kept = [d for d in range(value.rank) if d not in reduced]
        zero = "0" if out.elem == "i32" else "0.000000e+00"
        init = self.filled(
            out, [(src, d) for d in kept], zero if op.fns[0] == "add" else _NEG_INF[out.elem]
        )
        maps = [affine_map(value.rank, range(value.rank)), affine_map(value.rank, kept)]
        iters = ", ".join(
            '"reduction"' if d in reduced else '"parallel"' for d in range(value.rank)
        )
        ty = out.mlir_type()
        self.lines.append(
            f"  %{out.name} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
            f"iterator_types = [{iters}]}} ins(%{src} : {self.t(src)}) outs({init} : {ty}) {{"
        )
        x, acc = self.fresh(), self.fresh()
        self.lines.append(f"  ^bb0({x}: {value.elem}, {acc}: {out.elem}):")
        body: list[str] = []
        x = convert(x, value.elem, out.elem, self.fresh, body)
        for fn in op.fns[1:]:
            x = unary(fn, x, out.elem, self.fresh, body)
        combined = self.fresh()
        table = _FLOAT_BINARY if out.is_float else _INT_BINARY
        body.append(f"    {combined} = {table[op.fns[0]]} {x}, {acc} : {out.elem}")
        self.lines.extend(body)
        self.lines.append(f"    linalg.yield {combined} : {out.elem}")
        self.lines.append(f"  }} -> {ty}")

    def op_argmax(self, op: Op) -> None:
        """max and first index of the max along `dim`, in one two-result generic."""
        out, src = op.result, op.inputs[0]
        assert op.second is not None
        value = self.values[src]
        kept = [d for d in range(value.rank) if d != op.dim]
        sources = [(src, d) for d in kept]
        init_max = self.filled(out, sources, _NEG_INF[out.elem])
        init_index = self.filled(op.second, sources, "0")
        id_map = affine_map(value.rank, range(value.rank))
        out_map = affine_map(value.rank, kept)
        iters = ", ".join('"reduction"' if d == op.dim else '"parallel"' for d in range(value.rank))
        types = f"{out.mlir_type()}, {op.second.mlir_type()}"
        self.lines.append(
            f"  %{out.name}, %{op.second.name} = linalg.generic {{indexing_maps = [{id_map}, {out_map}, "
            f"{out_map}], iterator_types = [{iters}]}} ins(%{src} : {self.t(src)}) "
            f"outs({init_max}, {init_index} : {types}) {{"
        )
        x, best, at = self.fresh(), self.fresh(), self.fresh()
        self.lines.append(f"  ^bb0({x}: {value.elem}, {best}: {out.elem}, {at}: i32):")
        index, cast, greater, new_best, new_at = (self.fresh() for _ in range(5))
        compare = "arith.cmpi sgt" if out.elem == "i32" else "arith.cmpf ogt"
        self.lines += [
            f"    {index} = linalg.index {op.dim} : index",
            f"    {cast} = arith.index_cast {index} : index to i32",
            f"    {greater} = {compare}, {x}, {best} : {out.elem}",
            f"    {new_best} = arith.select {greater}, {x}, {best} : {out.elem}",
            f"    {new_at} = arith.select {greater}, {cast}, {at} : i32",
            f"    linalg.yield {new_best}, {new_at} : {out.elem}, i32",
            f"  }} -> ({types})",
        ]

    def op_matmul(self, op: Op) -> None:
        out = op.result
        lhs, rhs = op.inputs
        zero = "0" if out.elem == "i32" else "0.000000e+00"
        init = self.filled(out, [(lhs, 0), (rhs, 1)], zero)
        ty = out.mlir_type()
        self.lines.append(
            f"  %{out.name} = linalg.matmul ins(%{lhs}, %{rhs} : {self.t(lhs)}, {self.t(rhs)}) "
            f"outs({init} : {ty}) -> {ty}"
        )

    def op_batch_matmul(self, op: Op) -> None:
        out = op.result
        lhs, rhs = op.inputs
        zero = "0" if out.elem == "i32" else "0.000000e+00"
        init = self.filled(out, [], zero)
        ty = out.mlir_type()
        self.lines.append(
            f"  %{out.name} = linalg.batch_matmul ins(%{lhs}, %{rhs} : {self.t(lhs)}, {self.t(rhs)}) "
            f"outs({init} : {ty}) -> {ty}"
        )

    def op_pad(self, op: Op) -> None:
        """tensor.pad with a constant (`perm` holds the low then the high pads)."""
        out, src = op.result, op.inputs[0]
        rank = out.rank
        low, high = op.perm[:rank], op.perm[rank:]
        pad = op.params.get("value", 7 if out.elem == "i32" else 0.25)
        value = str(int(pad)) if out.elem == "i32" else float_literal(pad)
        const = self.fresh()
        self.lines.append(f"  {const} = arith.constant {value} : {out.elem}")
        indices = ", ".join(f"{self.fresh()}: index" for _ in range(rank))
        self.lines.append(
            f"  %{out.name} = tensor.pad %{src} low[{', '.join(map(str, low))}] "
            f"high[{', '.join(map(str, high))}] {{"
        )
        self.lines.append(f"  ^bb0({indices}):")
        self.lines.append(f"    tensor.yield {const} : {out.elem}")
        self.lines.append(f"  }} : {self.t(src)} to {out.mlir_type()}")

    def op_expand(self, op: Op) -> None:
        out, src = op.result, op.inputs[0]
        shape = ", ".join(str(s) for s in out.shape)
        self.lines.append(
            f"  %{out.name} = tensor.expand_shape %{src} {op.groups} output_shape [{shape}] "
            f": {self.t(src)} into {out.mlir_type()}"
        )

    def op_collapse(self, op: Op) -> None:
        out, src = op.result, op.inputs[0]
        self.lines.append(
            f"  %{out.name} = tensor.collapse_shape %{src} {op.groups} "
            f": {self.t(src)} into {out.mlir_type()}"
        )

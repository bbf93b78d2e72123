"""Print a fuzz `Program` as MLIR text (Linalg on tensors, func dialect).

The basic ops print in mlirfuse.fuzz.render_core; this module adds the
model-shaped ones, in the forms torch-mlir emits them (models/*.mlir):
convolutions (grouped ones through expand_shape + conv_2d_ngchw_gfchw),
i1 masks and arith.select, slices, concats, tensor.extract gathers, dense
constants, two-result generics and result-less generics holding a cf.assert.
"""

from __future__ import annotations

import numpy as np

from mlirfuse.fuzz.program import Op, Program, Value
from mlirfuse.fuzz.render_core import (
    FunctionPrinter,
    affine_map,
    convert,
    float_literal,
    unary,
)


class _Printer(FunctionPrinter):
    def op_conv(self, op: Op) -> None:
        out, (x, w) = op.result, op.inputs
        stride, variant = op.params["stride"], op.params["variant"]
        attrs = (
            f"{{dilations = dense<1> : vector<2xi64>, strides = dense<{stride}> : vector<2xi64>}}"
        )
        zero = float_literal(0.0)
        if variant != "grouped":
            init = self.filled(out, [], zero)
            name = (
                "linalg.conv_2d_nchw_fchw"
                if variant == "plain"
                else "linalg.depthwise_conv_2d_nchw_chw"
            )
            self.lines.append(
                f"  %{out.name} = {name} {attrs} ins(%{x}, %{w} : {self.t(x)}, {self.t(w)}) "
                f"outs({init} : {out.mlir_type()}) -> {out.mlir_type()}"
            )
            return
        g = op.params["groups"]
        (n, c, h, wd), (f, cg, kh, kw) = self.values[x].shape, self.values[w].shape
        xs, ws = self.fresh(), self.fresh()
        x5 = Value("", (n, g, c // g, h, wd), out.elem)
        w5 = Value("", (g, f // g, cg, kh, kw), out.elem)
        o5 = Value("", (out.shape[0], g, f // g, *out.shape[2:]), out.elem)
        self.lines.append(
            f"  {xs} = tensor.expand_shape %{x} [[0], [1, 2], [3], [4]] output_shape "
            f"[{', '.join(map(str, x5.shape))}] : {self.t(x)} into {x5.mlir_type()}"
        )
        self.lines.append(
            f"  {ws} = tensor.expand_shape %{w} [[0, 1], [2], [3], [4]] output_shape "
            f"[{', '.join(map(str, w5.shape))}] : {self.t(w)} into {w5.mlir_type()}"
        )
        init, conv = self.filled(o5, [], zero), self.fresh()
        self.lines.append(
            f"  {conv} = linalg.conv_2d_ngchw_gfchw {attrs} ins({xs}, {ws} : {x5.mlir_type()}, "
            f"{w5.mlir_type()}) outs({init} : {o5.mlir_type()}) -> {o5.mlir_type()}"
        )
        self.lines.append(
            f"  %{out.name} = tensor.collapse_shape {conv} [[0], [1, 2], [3], [4]] "
            f": {o5.mlir_type()} into {out.mlir_type()}"
        )

    def op_mask(self, op: Op) -> None:
        """An i1 tensor: x > 0 (a padding mask) or, with no input, i >= j of
        two loop indices (a causal mask)."""
        out = op.result
        if op.params["kind"] == "causal":
            i, j = op.params["dims"]
            init = self.empty(out, [])
            iters = ", ".join(['"parallel"'] * out.rank)
            self.lines.append(
                f"  %{out.name} = linalg.generic {{indexing_maps = [{affine_map(out.rank, range(out.rank))}], "
                f"iterator_types = [{iters}]}} outs({init} : {out.mlir_type()}) {{"
            )
            arg, a, b, cmp = (self.fresh() for _ in range(4))
            self.lines += [
                f"  ^bb0({arg}: i1):",
                f"    {a} = linalg.index {i} : index",
                f"    {b} = linalg.index {j} : index",
                f"    {cmp} = arith.cmpi uge, {a}, {b} : index",
            ]
            self.close([], [(cmp, "i1")], [out])
            return
        args = self.open_parallel(op, [out])
        elem = self.values[op.inputs[0]].elem
        zero, cmp = self.fresh(), self.fresh()
        body = [
            f"    {zero} = arith.constant {float_literal(0.0)} : {elem}",
            f"    {cmp} = arith.cmpf ogt, {args[0]}, {zero} : {elem}",
        ]
        self.close(body, [(cmp, "i1")], [out])

    def op_where(self, op: Op) -> None:
        """select(mask, x, y or a constant), y defaulting to `params["other"]`."""
        out = op.result
        args = self.open_parallel(op, [out])
        body: list[str] = []
        picked = [
            convert(a, self.values[n].elem, out.elem, self.fresh, body)
            for a, n in zip(args[1:], op.inputs[1:], strict=True)
        ]
        if len(picked) == 1:
            const = self.fresh()
            body.append(
                f"    {const} = arith.constant {float_literal(op.params['other'])} : {out.elem}"
            )
            picked.append(const)
        chosen = self.fresh()
        body.append(f"    {chosen} = arith.select {args[0]}, {picked[0]}, {picked[1]} : {out.elem}")
        self.close(body, [(chosen, out.elem)], [out])

    def op_ew2(self, op: Op) -> None:
        """Two results from one body: op.fns' chain and params["fns2"] on input 0."""
        out, second = op.result, op.second
        assert second is not None
        args = self.open_parallel(op, [out, second])
        body: list[str] = []
        first = self.combine(op, args, out.elem, body)
        x = convert(args[0], self.values[op.inputs[0]].elem, second.elem, self.fresh, body)
        for fn in op.params["fns2"]:
            x = unary(fn, x, second.elem, self.fresh, body)
        self.close(body, [(first, out.elem), (x, second.elem)], [out, second])

    def op_check(self, op: Op) -> None:
        """A result-less generic whose body asserts its input is not NaN."""
        args = self.open_parallel(op, [])
        elem = self.values[op.inputs[0]].elem
        ok = self.fresh()
        body = [
            f"    {ok} = arith.cmpf ord, {args[0]}, {args[0]} : {elem}",
            f'    cf.assert {ok}, "mlirfuse fuzz: NaN input"',
        ]
        self.close(body, [], [])

    def op_gather(self, op: Op) -> None:
        """out[i, j] = table[clamp(idx[i]), j] through tensor.extract in the body."""
        out, (idx, table) = op.result, op.inputs
        rows = self.values[table].shape[0]
        init = self.empty(out, [])
        self.lines.append(
            f"  %{out.name} = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0)>, "
            f'{affine_map(2, range(2))}], iterator_types = ["parallel", "parallel"]}} '
            f"ins(%{idx} : {self.t(idx)}) outs({init} : {out.mlir_type()}) {{"
        )
        i, acc = self.fresh(), self.fresh()
        lo, hi, a, b, row, col, got = (self.fresh() for _ in range(7))
        self.lines += [
            f"  ^bb0({i}: i32, {acc}: {out.elem}):",
            f"    {lo} = arith.constant 0 : i32",
            f"    {hi} = arith.constant {rows - 1} : i32",
            f"    {a} = arith.maxsi {i}, {lo} : i32",
            f"    {b} = arith.minsi {a}, {hi} : i32",
            f"    {row} = arith.index_cast {b} : i32 to index",
            f"    {col} = linalg.index 1 : index",
            f"    {got} = tensor.extract %{table}[{row}, {col}] : {self.t(table)}",
        ]
        self.close([], [(got, out.elem)], [out])

    def op_const(self, op: Op) -> None:
        out = op.result
        values = np.array(op.params["values"]).reshape(out.shape).tolist()
        text = repr(values).replace(" ", "")
        self.lines.append(f"  %{out.name} = arith.constant dense<{text}> : {out.mlir_type()}")

    def op_slice(self, op: Op) -> None:
        out, src = op.result, op.inputs[0]
        offsets, sizes, strides = (op.params[k] for k in ("offsets", "sizes", "strides"))
        self.lines.append(
            f"  %{out.name} = tensor.extract_slice %{src}{list(offsets)} {list(sizes)} "
            f"{list(strides)} : {self.t(src)} to {out.mlir_type()}"
        )

    def op_concat(self, op: Op) -> None:
        out = op.result
        ins = ", ".join(f"%{n}" for n in op.inputs)
        types = ", ".join(self.t(n) for n in op.inputs)
        self.lines.append(
            f"  %{out.name} = tensor.concat dim({op.params['dim']}) {ins} : ({types}) -> "
            f"{out.mlir_type()}"
        )


def render_function(program: Program) -> str:
    return _Printer(program).render()


def render_module(programs: list[Program]) -> str:
    body = "\n\n".join(render_function(p) for p in programs)
    return f"module {{\n{body}\n}}\n"

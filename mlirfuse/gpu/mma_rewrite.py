"""Each lane's matmul of a tensor-core kernel becomes `nvvm.mma.sync` (after GPU mapping).

The lane's `linalg.matmul` / `linalg.batch_matmul` (its 2 x W output tile,
on memrefs: its A rows, its B columns, its accumulator) is replaced by: the
accumulator's elements loaded once, a loop over K in steps of 16 carrying
them, per step the lane's A fragment (from its own rows, two elements per
register), its B fragments (from the block's B: `mma.fragment_b_col`), one
`nvvm.mma.sync` m16n8k16 per 16 x 8 tile, and the accumulator stored back.
The fused epilogue that follows reads that accumulator (a private buffer, in
registers once LLVM promotes it). Fragment layouts: `mma.py`. Transposed
operands (a named matmul's maps reading A as K x M or B as N x K, the
transpose fold's `x . W^T`) only change the indices of the same elements:
a register's two K-consecutive B elements are then adjacent in memory.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, gpu, memref, scf, vector

from mlirfuse.gpu import mma
from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.gpu.schedule import Schedule
from mlirfuse.mutation import Rewrite

RESULT = "!llvm.struct<(f32, f32, f32, f32)>"


def rewrite_mma(module: ir.Module, schedules: list[Schedule]) -> int:
    """Rewrite the lane matmuls of every tensor-core kernel; returns how many."""
    wanted = {s.kernel_id: s.mma for s in schedules if s.mma}
    found = [
        op
        for op in walk(module.operation)
        if op.name in ("linalg.matmul", "linalg.batch_matmul")
        and "mlirfuse.kernel" in op.attributes
        and ir.IntegerAttr(op.attributes["mlirfuse.kernel"]).value in wanted
    ]
    for op in found:
        element = wanted[ir.IntegerAttr(op.attributes["mlirfuse.kernel"]).value]
        assert element is not None
        _LaneMma(op, element).build()
        with Rewrite("lane matmul -> mma.sync", op.parent) as rw:
            rw.erase(op)
    return len(found)


def _index(value: int) -> ir.Value:
    return arith.constant(ir.IndexType.get(), value)


def _root_and_offsets(value: ir.Value) -> tuple[ir.Value, list[ir.Value]]:
    """The memref a chain of unit-stride subviews starts from, and the
    position of `value`'s origin in it."""
    op = defining_op(value)
    rank = ir.MemRefType(value.type).rank
    if op is None or op.name != "memref.subview":
        return value, [_index(0) for _ in range(rank)]
    strides = list(ir.DenseI64ArrayAttr(op.attributes["static_strides"]))
    sizes = list(ir.DenseI64ArrayAttr(op.attributes["static_sizes"]))
    if any(s != 1 for s in strides) or len(sizes) != ir.MemRefType(op.operands[0].type).rank:
        raise ValueError(f"{op.location}: mma operand: not a unit-stride subview")
    base, outer = _root_and_offsets(op.operands[0])
    static = list(ir.DenseI64ArrayAttr(op.attributes["static_offsets"]))
    dynamic = iter(list(op.operands)[1 : 1 + sum(1 for s in static if s < -(2**62))])
    offsets = []
    for o, s in zip(outer, static, strict=True):
        here = next(dynamic) if s < -(2**62) else _index(s)
        offsets.append(arith.addi(o, here))
    return base, offsets


class _LaneMma:
    def __init__(self, op: ir.Operation, element: str) -> None:
        self.op = op
        self.element = element
        self.a, self.b, self.c = list(op.operands)
        c_shape = ir.MemRefType(self.c.type).shape
        self.batch = len(c_shape) == 3
        self.rows, self.cols = c_shape[-2], c_shape[-1]
        layout = mma.operand_layout(op)
        assert layout is not None
        self.a_transposed, self.b_transposed = layout
        self.k = ir.MemRefType(self.a.type).shape[-2 if self.a_transposed else -1]
        self.f32 = ir.F32Type.get()
        self.narrow = ir.MemRefType(self.a.type).element_type

    def at(self, *indices: ir.Value) -> list[ir.Value]:
        return [_index(0), *indices] if self.batch else list(indices)

    def build(self) -> None:
        with self.op.location, ir.InsertionPoint(self.op):
            lane = gpu.lane_id()
            self.g = arith.divui(lane, _index(4))
            self.t = arith.remui(lane, _index(4))
            self.b_root, b_offsets = _root_and_offsets(self.b)
            self.b_batch = b_offsets[:-2]
            self.b_row0, self.b_col0 = b_offsets[-2], b_offsets[-1]  # (k, n) origin
            if self.b_transposed:  # B stored N x K
                self.b_row0, self.b_col0 = self.b_col0, self.b_row0
            self.b_cols = [self._b_column(j) for j in range(self.cols // 2)]
            tiles = [(i, j) for i in range(self.rows // 2) for j in range(self.cols // 2)]
            init = [self._load_c(pos) for tile in tiles for pos in mma.fragment_c(*tile)]
            loop = scf.ForOp(_index(0), _index(self.k), _index(mma.MMA_K), init)
            with ir.InsertionPoint(loop.body):
                kk = loop.induction_variable
                accs = list(loop.inner_iter_args)
                out: list[ir.Value] = []
                a_frags = {i: self._a_fragment(i, kk) for i in range(self.rows // 2)}
                b_frags = {j: self._b_fragment(j, kk) for j in range(self.cols // 2)}
                for n, (i, j) in enumerate(tiles):
                    out += self._mma(a_frags[i], b_frags[j], accs[4 * n : 4 * n + 4])
                scf.YieldOp(out)
            results = list(loop.results)
            for n, tile in enumerate(tiles):
                for q, pos in enumerate(mma.fragment_c(*tile)):
                    memref.store(results[4 * n + q], self.c, self.at(*map(_index, pos)))

    def _load_c(self, pos: tuple[int, int]) -> ir.Value:
        return memref.load(self.c, self.at(*map(_index, pos)))

    def _b_column(self, j: int) -> ir.Value:
        """Column of the B root this lane reads for mma tile j (mma.fragment_b_col)."""
        w = self.cols
        half = arith.divui(self.g, _index(2))
        odd = arith.remui(self.g, _index(2))
        col = arith.addi(arith.muli(half, _index(w)), arith.addi(odd, _index(2 * j)))
        return arith.subi(arith.addi(self.b_col0, col), arith.muli(self.t, _index(w)))

    def _pair(self, first: ir.Value, second: ir.Value) -> ir.Value:
        """Two narrow elements as one mma operand register."""
        pair = vector.from_elements(ir.VectorType.get([2], self.narrow), [first, second])
        if self.element == "f16":
            return pair
        i32 = ir.IntegerType.get_signless(32)
        word = vector.bitcast(ir.VectorType.get([1], i32), pair)
        return vector.extract(word, [], [0])

    def _a_at(self, row: ir.Value, k: ir.Value) -> list[ir.Value]:
        """Indices of the lane's A element (row, k); A^T is stored K x rows."""
        return self.at(*mma.stored(row, k, self.a_transposed))

    def _b_at(self, k: ir.Value, col: ir.Value) -> list[ir.Value]:
        """Indices of B's element (k, col) in the B root; B^T is stored N x K
        (then a register's two K-consecutive elements are adjacent)."""
        return [*self.b_batch, *mma.stored(k, col, self.b_transposed)]

    def _a_fragment(self, i: int, kk: ir.Value) -> list[ir.Value]:
        regs = []
        for (r0, c0), (r1, c1) in mma.fragment_a(0, i, 0):
            # fragment_a(t=0, kk=0) gives the lane-independent part; add 2t and kk.
            base = arith.addi(kk, arith.muli(self.t, _index(2)))
            first = memref.load(self.a, self._a_at(_index(r0), arith.addi(base, _index(c0))))
            second = memref.load(self.a, self._a_at(_index(r1), arith.addi(base, _index(c1))))
            regs.append(self._pair(first, second))
        return regs

    def _b_fragment(self, j: int, kk: ir.Value) -> list[ir.Value]:
        regs = []
        base = arith.addi(arith.addi(self.b_row0, kk), arith.muli(self.t, _index(2)))
        for k0, k1 in mma.fragment_b_rows(0, 0):
            loads = [
                memref.load(self.b_root, self._b_at(arith.addi(base, _index(k)), self.b_cols[j]))
                for k in (k0, k1)
            ]
            regs.append(self._pair(*loads))
        return regs

    def _mma(self, a: list[ir.Value], b: list[ir.Value], c: list[ir.Value]) -> list[ir.Value]:
        ptx = "f16" if self.element == "f16" else "bf16"
        attrs = {
            "layoutA": ir.Attribute.parse("#nvvm.mma_layout<row>"),
            "layoutB": ir.Attribute.parse("#nvvm.mma_layout<col>"),
            "shape": ir.Attribute.parse("#nvvm.shape<m = 16, n = 8, k = 16>"),
            "multiplicandAPtxType": ir.Attribute.parse(f"#nvvm.mma_type<{ptx}>"),
            "multiplicandBPtxType": ir.Attribute.parse(f"#nvvm.mma_type<{ptx}>"),
            "operandSegmentSizes": ir.DenseI32ArrayAttr.get([4, 2, 4]),
        }
        op = ir.Operation.create(
            "nvvm.mma.sync",
            results=[ir.Type.parse(RESULT)],
            operands=[*a, *b, *c],
            attributes=attrs,
        )
        return [
            ir.Operation.create(
                "llvm.extractvalue",
                results=[self.f32],
                operands=[op.result],
                attributes={"position": ir.DenseI64ArrayAttr.get([q])},
            ).result
            for q in range(4)
        ]

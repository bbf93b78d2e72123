"""The walk from the scores to the probabilities (read-only).

Starting from the score tensor `x`, every later op of the block that reads a
value of the walk is evaluated (`attention_exprs`): elementwise generics of
the score space (full tensors through identity maps, row statistics through
`(…, m)` or `(…, m, 0)` maps, splat constants), elementwise generics over the
rows that read row statistics only (TOSA's `reciprocal` of the `(…, m, 1)`
row sums), row reductions over the key dim (generics or `linalg.reduce`),
and reshapes that only add or drop a row statistic's trailing unit dim.
The walk ends at the first op that reads a full tensor otherwise (the
reshape towards `P·V`, or the contraction itself); the value it reads must be
the softmax. Every value of the walk must be used inside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from mlir import ir

from mlirfuse.analysis.attention_exprs import (
    SOFTMAX,
    SOFTMAX_ZERO_ROWS,
    Expr,
    X,
    body_exprs,
    constant_expr,
    reduction_expr,
)
from mlirfuse.analysis.structured import (
    PARALLEL,
    REDUCTION,
    dim_position,
    shape_of,
    structured_view,
)

_PROBABILITIES = (SOFTMAX, SOFTMAX_ZERO_ROWS)
# Ops the walk evaluates: generics, and named reductions (TOSA's `reduce_max`
# and `reduce_sum` lower to `linalg.reduce`), read by their maps and bodies.
_EVALUATED = ("linalg.generic", "linalg.reduce")


class SoftmaxWalk:
    def __init__(
        self,
        scores: ir.Value,
        shape: tuple[int | None, ...],
        following: Iterable[ir.Operation] | None = None,
    ) -> None:
        # `following`: the block's ops after the score contraction, when the
        # caller has them (else found by a scan of the block).
        self.following = following
        self.scores = scores
        self.shape = shape
        self.rank = len(shape)
        self.row_shapes = (shape[:-1], (*shape[:-1], 1))
        self.exprs: dict[ir.Value, Expr] = {scores: X}
        self.ops: list[ir.Operation] = []
        self.consumer: ir.Operation | None = None
        self.probabilities: ir.Value | None = None
        self.expr: Expr | None = None

    def run(self) -> str:
        """'' when the walk reached the probabilities, else why not."""
        following = self.following if self.following is not None else _ops_after(self.scores)
        for op in following:
            if self.consumer is not None:
                break
            if any(v in self.exprs for v in op.operands):
                reason = self._visit(op)
                if reason:
                    return reason
        if self.consumer is None:
            return "the scores reach no second contraction"
        return self._check_uses()

    def _visit(self, op: ir.Operation) -> str:
        results = self._evaluate(op)
        if results is None:
            return self._end(op)
        self.ops.append(op)
        for value, expr in zip(op.results, results, strict=True):
            if expr is not None:
                self.exprs[value] = expr
            elif len(list(value.uses)):
                return f"{op.name} at {op.location}: a result the softmax does not define is used"
        return ""

    def _end(self, op: ir.Operation) -> str:
        read = [v for v in op.operands if v in self.exprs]
        full = [v for v in read if shape_of(v) == self.shape]
        if len(read) != 1 or len(full) != 1:
            return f"{op.name} at {op.location} reads the softmax's intermediates"
        expr = self.exprs[full[0]]
        if expr not in _PROBABILITIES:
            return f"the value reaching {op.name} at {op.location} is not softmax(scores)"
        self.consumer, self.probabilities, self.expr = op, full[0], expr
        return ""

    def _check_uses(self) -> str:
        inside = set(self.ops) | {self.consumer}
        for op in self.ops:
            for value in op.results:
                for use in value.uses:
                    if use.owner.operation not in inside:
                        return (
                            f"{op.name} at {op.location}: a softmax intermediate leaves the chain"
                        )
        if any(use.owner.operation not in inside for use in self.scores.uses):
            return "the scores are used outside the softmax"
        return ""

    # -- evaluation ------------------------------------------------------------

    def _evaluate(self, op: ir.Operation) -> list[Expr | None] | None:
        if op.name in ("tensor.expand_shape", "tensor.collapse_shape"):
            source = op.operands[0]
            if shape_of(source) in self.row_shapes and shape_of(op.results[0]) in self.row_shapes:
                return [self.exprs[source]]
            return None
        view = structured_view(op)
        if view is None or op.name not in _EVALUATED or not op.results:
            return None  # a result-less generic (a `cf.assert` check) ends the walk
        maps = view.maps[: view.num_inputs]
        loops = len(view.iterators)
        outputs = list(zip(view.maps[view.num_inputs :], op.results, strict=True))
        if view.iterators == (PARALLEL,) * loops and op.name == "linalg.generic":
            if loops == self.rank and all(self._map_fits(m, shape_of(r)) for m, r in outputs):
                fits = self._map_fits  # the score space
            elif self._row_space(loops, outputs):
                fits = self._row_map_fits  # row statistics only: 1 / rowsum
            else:
                return None
            inputs = self._inputs(op, maps, fits)
            if inputs is None:
                return None
            body = op.regions[0].blocks[0]
            return body_exprs(body, [*inputs, *([None] * len(op.results))])
        if view.iterators == (PARALLEL,) * (self.rank - 1) + (REDUCTION,):
            inputs = self._inputs(op, maps, self._map_fits)
            if inputs is None:
                return None
            return self._reduction(op, view.num_inputs, inputs, view.maps)
        return None

    def _inputs(
        self,
        op: ir.Operation,
        maps: tuple[ir.AffineMap, ...],
        fits: Callable[[ir.AffineMap, tuple[int | None, ...]], bool],
    ) -> list[Expr | None] | None:
        exprs: list[Expr | None] = []
        for value, amap in zip(op.operands, maps, strict=False):
            expr = self.exprs.get(value)
            if expr is None:
                expr = constant_expr(value)
                if expr is None:
                    return None  # another tensor: not part of a softmax
            elif not fits(amap, shape_of(value)):
                return None
            exprs.append(expr)
        return exprs

    def _row_space(self, loops: int, outputs: list[tuple[ir.AffineMap, ir.Value]]) -> bool:
        """An elementwise generic over the rows (TOSA's `reciprocal` of the row
        sums, kept as `(…, m, 1)`): every result a row statistic written
        through the identity."""
        for amap, result in outputs:
            shape = shape_of(result)
            if shape == self.shape or shape not in self.row_shapes:
                return False
            if loops != len(shape) or [dim_position(e) for e in amap.results] != list(range(loops)):
                return False
        return True

    def _row_map_fits(self, amap: ir.AffineMap, shape: tuple[int | None, ...]) -> bool:
        """A row statistic read by an op over the rows: its row dims through
        the row loops; a trailing unit dim at 0 or through the (unit) last loop."""
        dims = [dim_position(e) for e in amap.results]
        rows = list(range(self.rank - 1))
        if shape == self.row_shapes[0]:
            return dims == rows
        if shape == self.row_shapes[1]:
            return dims[:-1] == rows and (dims[-1] == self.rank - 1 or str(amap.results[-1]) == "0")
        return False

    def _map_fits(self, amap: ir.AffineMap, shape: tuple[int | None, ...]) -> bool:
        """A full tensor through the identity, or a row statistic through a row map."""
        dims = [dim_position(e) for e in amap.results]
        if shape == self.shape:
            return dims == list(range(self.rank))
        rows = list(range(self.rank - 1))
        if shape == self.row_shapes[0]:
            return dims == rows
        if shape == self.row_shapes[1]:
            return dims[:-1] == rows and str(amap.results[-1]) == "0"
        return False

    def _reduction(
        self,
        op: ir.Operation,
        num_inputs: int,
        inputs: list[Expr | None],
        maps: tuple[ir.AffineMap, ...],
    ) -> list[Expr | None] | None:
        if num_inputs != 1 or shape_of(op.operands[0]) != self.shape:
            return None
        out = op.results[0]
        if shape_of(out) not in self.row_shapes or not self._map_fits(maps[1], shape_of(out)):
            return None
        init = op.operands[1].owner
        init_expr = None
        if not isinstance(init, ir.Block) and init.operation.name == "linalg.fill":
            init_expr = constant_expr(init.operation.operands[0])
        assert inputs[0] is not None
        stat = reduction_expr(op.regions[0].blocks[0], inputs[0], init_expr)
        if stat is None:
            return None
        return [stat, *([None] * (len(op.results) - 1))]


def _ops_after(value: ir.Value) -> Iterator[ir.Operation]:
    """The ops of the block after `value`'s definition, lazily: the walk
    stops at the P·V contraction, and a large block has many candidates."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        yield from (o.operation for o in owner.operations)
        return
    op = owner.operation
    after = False
    for other in op.block.operations:
        if after:
            yield other.operation
        elif other.operation == op:
            after = True

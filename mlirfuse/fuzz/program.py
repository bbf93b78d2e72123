"""The fuzzer's model of a random Linalg-on-tensors function.

A `Program` is a list of `Op`s over named `Value`s with concrete shapes. It is
plain data, independent of MLIR, so the generator can build it, the reducer can
shrink it, and `render` (mlirfuse.fuzz.render) prints it as MLIR text. Every
value has a concrete shape (used to make inputs); `dyn` marks the dimensions
printed as `?`, which gives dynamic-shape functions without a second model.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

FLOAT_TYPES = ("f32", "f64", "f16", "bf16")
# Half precision lives only inside functions (ctypes has no 16-bit floats, so
# no argument or result has it); the oracle keeps such values as float32
# rounded to the type after every op, as the CPU lowering computes them.
LOW_PRECISION = ("f16", "bf16")
INT_TYPES = ("i32",)
NUMPY_DTYPES = {
    "f32": "float32",
    "f64": "float64",
    "i32": "int32",
    "f16": "float32",
    "bf16": "float32",
    "i1": "bool",
}
# "none" marks the missing result of an op that has only a side effect.
BITS = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64}


@dataclass
class Value:
    name: str  # SSA name without '%'
    shape: tuple[int, ...]
    elem: str  # "f32" | "f64" | "i32" | "f16" | "bf16" | "i1" | "none"
    dyn: tuple[bool, ...] = ()  # per dim: printed as '?'
    bound: float = 1.0  # an upper bound of |x|, to keep math finite

    def __post_init__(self) -> None:
        if not self.dyn:
            self.dyn = (False,) * len(self.shape)

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def is_float(self) -> bool:
        return self.elem in FLOAT_TYPES

    @property
    def callable(self) -> bool:
        """May be a function argument or result (the JIT passes it)."""
        return self.elem in ("f32", "f64", "i32")

    def mlir_type(self) -> str:
        dims = "".join(
            ("?" if d else str(s)) + "x" for s, d in zip(self.shape, self.dyn, strict=True)
        )
        return f"tensor<{dims}{self.elem}>"


@dataclass
class Op:
    """One op of the program. `kind` selects the renderer:

    - "ew": a linalg.generic, all parallel; `maps[i]` lists, for each dim of
      input i, the output dim it reads (identity, permutation or broadcast);
      `fns` is the body: binary combiners between inputs then unary epilogues.
    - "named": linalg.add/sub/mul/max on same-typed, same-shaped operands.
    - "transpose": linalg.transpose with `perm`.
    - "reduce": linalg.generic reducing dim `dim` of input 0 with `fns[0]`
      ("add" or "max"), accumulating in the result's type.
    - "matmul" / "batch_matmul": linalg.fill + linalg.matmul / batch_matmul.
    - "pad": tensor.pad with a constant; `perm` holds the low then high pads.
    - "argmax": a two-result reduction of dim `dim` (max and its first index,
      as torch-mlir's softmax has); `second` is the i32 index result.
    - "expand"/"collapse": tensor.expand_shape/collapse_shape with `groups`.

    Model-shaped kinds (mlirfuse.fuzz.features builds them, `params` holds
    their attributes): "conv" (2-D NCHW convolution, plain, depthwise or
    grouped, strided), "where" (arith.select on an i1 mask), "mask" (an i1
    comparison or a causal mask from linalg.index), "slice", "concat",
    "gather" (tensor.extract inside a generic), "const" (a dense constant),
    "ew2" (a two-result generic, maybe with a dead result), "check" (a
    result-less generic holding a cf.assert). "reduce" may reduce several
    dims (`params["dims"]`); `params["dead"]` marks an unused second result.
    """

    kind: str
    inputs: list[str]
    result: Value
    maps: list[tuple[int, ...]] = field(default_factory=list)
    fns: list[str] = field(default_factory=list)
    perm: tuple[int, ...] = ()
    dim: int = 0
    groups: list[list[int]] = field(default_factory=list)
    second: Value | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def outputs(self) -> list[Value]:
        return [self.result] if self.second is None else [self.result, self.second]


@dataclass
class Program:
    name: str
    args: list[Value]
    ops: list[Op]
    results: list[str]
    # One tensor.empty (and fill) per type, shared by every op that needs
    # one, as torch-mlir prints them: the rewrites must not erase a shared init.
    shared_inits: bool = False

    def values(self) -> dict[str, Value]:
        table = {v.name: v for v in self.args}
        table.update({out.name: out for op in self.ops for out in op.outputs()})
        return table

    def clone(self) -> Program:
        return copy.deepcopy(self)

    @property
    def is_dynamic(self) -> bool:
        return any(any(v.dyn) for v in self.args)

    def used_names(self) -> set[str]:
        used = set(self.results)
        for op in self.ops:
            used.update(op.inputs)
        return used

    def prune(self) -> Program:
        """Drop ops no result depends on, and unused arguments."""
        live = set(self.results)
        kept: list[Op] = []
        for op in reversed(self.ops):
            if op.kind == "check" or any(out.name in live for out in op.outputs()):
                kept.append(op)
                live.update(op.inputs)
        kept.reverse()
        args = [a for a in self.args if a.name in live]
        return Program(self.name, args, kept, list(self.results), self.shared_inits)

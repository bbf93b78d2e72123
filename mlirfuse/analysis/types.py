"""The data that analyses hand to planners, rewrites and reports.

Analyses only read IR and return these frozen values; nothing here holds an
MLIR handle, so a plan can be printed, compared, serialised and tested without
a context. Ops are named by `id`: their position in their block (the function
body), which stays valid until the IR is rewritten.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mlirfuse.analysis.symbolic import Size


class OpKind(str, Enum):
    """What an op is, for fusion: derived from linalg structure, not names."""

    ELEMENTWISE = "elementwise"  # all-parallel, every operand map identity
    BROADCAST = "broadcast"  # all-parallel, some input map a projected permutation
    INJECTIVE = "injective"  # transpose, reshape, slice, pad, concat
    REDUCTION = "reduction"  # has reduction iterators, not a contraction
    CONTRACTION = "contraction"  # matmul, batch_matmul, generic mul-add over a reduction
    CONVOLUTION = "convolution"  # convolutions and pooling
    FILL = "fill"  # linalg.fill, tensor.empty, constants
    OPAQUE = "opaque"  # calls, unknown ops, side-effecting bodies


class MapKind(str, Enum):
    """How an operand's indexing map reads the iteration space."""

    IDENTITY = "identity"
    PERMUTATION = "permutation"
    BROADCAST = "broadcast"  # projected permutation dropping loop dims
    OTHER = "other"  # anything else (strided, windowed as in convolutions)
    NONE = "none"  # not a linalg operand (scalar, non-structured op)


@dataclass(frozen=True)
class OperandInfo:
    index: int
    element_type: str  # "f32", "i64", ...
    shape: tuple[int | None, ...]  # None for a dynamic dim; () for scalars
    bytes: int | None  # None when a dim is dynamic
    map_kind: MapKind
    is_init: bool  # a linalg `outs` operand


# Views the planners look through: free, they move into the kernel around them.
RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")

# Linalg ops that are no kernel of their own: fills fold into their consumer's
# init; yield and index live inside bodies.
NOT_KERNELS = frozenset({"linalg.fill", "linalg.yield", "linalg.index"})


def is_kernel_name(name: str) -> bool:
    """Whether an op of this name is a kernel of its own: a linalg op that is
    not a fill (the team's convention, issue 4). The one definition of
    "kernel"; `OpInfo.is_kernel` is the same question on a classified op."""
    return name.startswith("linalg.") and name not in NOT_KERNELS


@dataclass(frozen=True)
class OpInfo:
    id: int
    name: str  # "linalg.generic", "linalg.matmul", ...
    kind: OpKind
    loc: str  # "file.mlir:12:5" when known
    loop_ranges: tuple[int | None, ...]  # () for non-structured ops
    parallel_dims: tuple[int, ...]
    reduction_dims: tuple[int, ...]
    operands: tuple[OperandInfo, ...]
    result_bytes: tuple[int | None, ...]
    flops_per_iteration: float  # body ops, transcendentals weighted (docs/registry.md)
    flops: float | None  # flops_per_iteration * iterations, None if dynamic
    in_place: bool  # an output may reuse an input's buffer
    side_effects: bool  # e.g. cf.assert in the body: never duplicate
    # Each loop's extent as a symbolic product (analysis/symbolic.py), only
    # where some loop is dynamic; () otherwise. None: not proven.
    sizes: tuple[Size | None, ...] = ()
    # The body's temporaries alive at once (registers); 0: no body seen.
    body_live_values: int = 0

    @property
    def is_kernel(self) -> bool:
        """A future kernel (a registered fill-kind linalg op is none)."""
        return is_kernel_name(self.name) and self.kind is not OpKind.FILL


@dataclass(frozen=True)
class Decision:
    """A legality answer: stable `code`, human `message`."""

    ok: bool
    code: str  # "ok" or a refusal code listed in docs/legality.md
    message: str

    @staticmethod
    def accept(message: str = "legal") -> Decision:
        return Decision(True, "ok", message)

    @staticmethod
    def refuse(code: str, message: str) -> Decision:
        return Decision(False, code, message)

"""`--backend NAME` for the planning commands: a back end's lowerability joins legality.

The back end registers its predicate with `mlirfuse.analysis.lowerability`
(analysis never imports a back end); then every group check of `explain` and
`plan` also asks whether that back end can build the group as one kernel.
`mlirfuse compile` and `verify --schedule gpu` plan this way always. The back
end may also rewrite the module before it is planned (`BEFORE_FUSION`: the
GPU's `before_fusion`), so that `plan --backend gpu` plans what `compile`
plans and its kernels are the kernels that launch.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from mlir import ir

from mlirfuse.gpu import lowerability as gpu_lowerability
from mlirfuse.gpu.before_fusion import before_fusion as gpu_before_fusion

BACKENDS: dict[str, Callable[[], None]] = {"gpu": gpu_lowerability.register}
BEFORE_FUSION: dict[str, Callable[[ir.Module], None]] = {"gpu": gpu_before_fusion}


def add_backend_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--backend",
        choices=sorted(BACKENDS),
        help="also refuse groups this back end cannot lower as one kernel",
    )


def load_backend(args: argparse.Namespace) -> None:
    if getattr(args, "backend", None):
        BACKENDS[args.backend]()


def prepare_for_backend(args: argparse.Namespace, module: ir.Module) -> None:
    """The back end's rewrites before planning, as its compile does them."""
    if getattr(args, "backend", None) in BEFORE_FUSION:
        BEFORE_FUSION[args.backend](module)

"""`--backend NAME` for the planning commands: a back end's lowerability joins legality.

The back end registers its predicate with `mlirfuse.analysis.lowerability`
(analysis never imports a back end); then every group check of `explain` and
`plan` also asks whether that back end can build the group as one kernel.
`mlirfuse compile` and `verify --schedule gpu` plan this way always.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from mlirfuse.gpu import lowerability as gpu_lowerability

BACKENDS: dict[str, Callable[[], None]] = {"gpu": gpu_lowerability.register}


def add_backend_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--backend",
        choices=sorted(BACKENDS),
        help="also refuse groups this back end cannot lower as one kernel",
    )


def load_backend(args: argparse.Namespace) -> None:
    if getattr(args, "backend", None):
        BACKENDS[args.backend]()

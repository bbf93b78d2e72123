"""`mlirfuse SUBCOMMAND ...`: the user-facing tool.

Each subcommand lives in `mlirfuse/commands/<name>.py` with two functions,
`add_arguments(parser)` and `main(args) -> int`, and is listed in SUBCOMMANDS;
it is imported only when used.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from mlirfuse.tools.console import guarded

# name -> (module, one-line help). Keep sorted.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "compile": ("mlirfuse.commands.compile", "fuse, lower every kernel to NVVM and write PTX"),
    "demo": ("mlirfuse.commands.demo", "explain, plan, fuse and CPU-check the bundled examples"),
    "explain": (
        "mlirfuse.commands.explain",
        "each op's fusion kind and every fusion decision with its code",
    ),
    "plan": (
        "mlirfuse.commands.plan",
        "cost-model search over fusion groupings: plans P0..Pk, kernels, refusals",
    ),
    "run": ("mlirfuse.commands.run", "run a function on the CPU, print checksums"),
    "verify": ("mlirfuse.commands.verify", "compare a function before/after a pipeline on the CPU"),
    "zoo": (
        "mlirfuse.commands.zoo",
        "the model zoo end to end: kernels, HBM bytes, IREE, CPU numerics, PTX",
    ),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mlirfuse", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        sp = sub.add_parser(name, help=help_text, description=help_text)
        sp.set_defaults(_module=module)
        importlib.import_module(module).add_arguments(sp)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    command = importlib.import_module(args._module)
    return guarded(f"mlirfuse {args.command}", lambda: int(command.main(args)))


if __name__ == "__main__":
    sys.exit(main())

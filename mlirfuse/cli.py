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


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """Every subcommand with its arguments, or only `chosen`'s arguments (the
    others by name and help): a command's module imports the compiler (a
    second of CPU), and `mlirfuse compile` runs three processes that would
    each pay for every other command's imports."""
    parser = argparse.ArgumentParser(prog="mlirfuse", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        sp = sub.add_parser(name, help=help_text, description=help_text)
        sp.set_defaults(_module=module)
        if chosen is None or name == chosen:
            importlib.import_module(module).add_arguments(sp)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv[0] if argv else "")
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    command = importlib.import_module(args._module)
    return guarded(f"mlirfuse {args.command}", lambda: int(command.main(args)))


if __name__ == "__main__":
    sys.exit(main())

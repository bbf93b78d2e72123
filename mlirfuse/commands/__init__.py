"""Subcommands of the `mlirfuse` tool, one module each (see mlirfuse/cli.py)."""

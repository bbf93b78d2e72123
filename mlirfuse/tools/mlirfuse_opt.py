"""Console script `mlirfuse-opt`; the logic is in mlirfuse.driver.main."""

from __future__ import annotations

import sys

from mlirfuse.tools.console import guarded


def main() -> None:
    from mlirfuse.driver.main import main as driver_main

    sys.exit(guarded("mlirfuse-opt", driver_main))


if __name__ == "__main__":
    main()

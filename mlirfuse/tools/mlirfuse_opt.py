"""Console script `mlirfuse-opt`; the logic is in mlirfuse.driver.main."""

from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130  # the shell's code for SIGINT


def main() -> None:
    from mlirfuse.driver.main import main as driver_main

    try:
        sys.exit(driver_main())
    except KeyboardInterrupt:
        sys.stderr.write("mlirfuse-opt: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    main()

"""Console script `mlirfuse-opt`; the logic is in mlirfuse.driver.main."""

from __future__ import annotations

import os
import sys

EXIT_INTERRUPTED = 130  # the shell's code for SIGINT
EXIT_BROKEN_PIPE = 141  # the shell's code for SIGPIPE


def main() -> None:
    from mlirfuse.driver.main import main as driver_main

    try:
        sys.exit(driver_main())
    except KeyboardInterrupt:
        sys.stderr.write("mlirfuse-opt: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        # The reader went away (`mlirfuse-opt big.mlir | head`): stop quietly,
        # and keep Python from complaining again when it flushes at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_BROKEN_PIPE)


if __name__ == "__main__":
    main()

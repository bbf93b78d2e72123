"""What both console scripts do when their output or their user goes away."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

EXIT_INTERRUPTED = 130  # the shell's code for SIGINT
EXIT_BROKEN_PIPE = 141  # the shell's code for SIGPIPE


def guarded(program: str, body: Callable[[], int]) -> int:
    """`body()`'s exit code; Ctrl-C is one line and 130, and a reader that
    went away (`mlirfuse compile big.mlir | head`) is a quiet 141."""
    try:
        return body()
    except KeyboardInterrupt:
        sys.stderr.write(f"{program}: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Keep Python from complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE

"""The project's own child processes die with their parent.

`mlirfuse compile` runs `compile_job`, which runs `kernel_job`s; a zoo stage
runs `mlirfuse compile`; `verify` and `run` compile in a runner child. A
parent killed on a timeout (`subprocess.run(..., timeout=)` kills the
direct child with SIGKILL, which no handler sees) left those below it
lowering kernels at full CPU, for an hour once on this 2-core machine (the
ninth unseen set's CRF under the zoo's stage limit, and compiles stopped by
hand). Each internal child therefore asks the kernel for SIGKILL when its
parent dies (`PR_SET_PDEATHSIG`), which holds level by level down the tree.

Only internal children ask: `mlirfuse` itself, started by a user's shell or
under `nohup`, must outlive that shell.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def die_with_parent() -> None:
    """SIGKILL this process when its parent dies (Linux; elsewhere, nothing).
    A parent already gone (this process adopted by init) ends it now."""
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        requested = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return
    if requested and (parent == 1 or os.getppid() != parent):
        os._exit(1)  # orphaned before the request took: nobody reads our results

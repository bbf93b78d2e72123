"""The child process of `mlirfuse-opt` (see isolation.py).

Runs the driver in-process and, once it has returned normally, records its
exit code in the file named by MLIRFUSE_OPT_RESULT_FILE. `os._exit` skips
interpreter teardown, where the bindings may still crash after the work is
done.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mlirfuse.child_process import die_with_parent
from mlirfuse.driver.isolation import RESULT_FILE_ENV
from mlirfuse.driver.main import main


def run() -> None:
    code = main([*sys.argv[1:], "--no-isolation"])
    sys.stdout.flush()
    sys.stderr.flush()
    result_file = os.environ.get(RESULT_FILE_ENV)
    if result_file:
        Path(result_file).write_text(str(code))
    os._exit(code)


if __name__ == "__main__":
    die_with_parent()
    run()

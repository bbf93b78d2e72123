"""The child side of `call_isolated`: `python -m mlirfuse.runner.child REQUEST RESPONSE`.

Reads a pickled `(fn, args, kwargs)`, calls it and writes a pickled
`(status, payload)`: ("ok", result), ("error", RunnerError) or ("crash",
traceback text). If the process dies (LLVM ERROR) no response is written.
"""

from __future__ import annotations

import pickle
import sys
import traceback
from pathlib import Path
from typing import Any

from mlirfuse.child_process import die_with_parent
from mlirfuse.runner.errors import RunnerError


def _serve(request: Path, response: Path) -> int:
    fn, args, kwargs = pickle.loads(request.read_bytes())
    try:
        outcome: tuple[str, Any] = ("ok", fn(*args, **kwargs))
    except RunnerError as error:
        outcome = ("error", error)
    except Exception:
        outcome = ("crash", traceback.format_exc())
    response.write_bytes(pickle.dumps(outcome))
    return 0


if __name__ == "__main__":
    die_with_parent()
    sys.exit(_serve(Path(sys.argv[1]), Path(sys.argv[2])))

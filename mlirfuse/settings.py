"""Process-wide debug switches, read from the environment in one place.

`MLIRFUSE_CHECK_IR=1`: verify the IR after every rewrite step (each
`mlirfuse.mutation.Rewrite`), so a broken step is named where it happens
instead of surfacing later as a verifier error, a crash or wrong numbers.
The test suite turns it on (tests/conftest.py, test_lit/lit.cfg.py).
"""

from __future__ import annotations

import os

CHECK_IR_ENV = "MLIRFUSE_CHECK_IR"


def check_ir() -> bool:
    """Whether every rewrite step verifies the IR it leaves (read each time,
    so a test can switch it with monkeypatch)."""
    return os.environ.get(CHECK_IR_ENV, "").strip().lower() in {"1", "true", "on", "yes"}

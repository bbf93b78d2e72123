"""Batch numeric checks of the fusion passes, for tests and benches.

`verify_all` runs `mlirfuse.verify.verify` on many small cases in the calling
process; callers wrap it in `call_isolated` so one compiler abort cannot end
them, while paying for one child process instead of one per case.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlirfuse.verify import VerifyReport, verify


def verify_all(cases: Sequence[tuple[str, str]], seed: int = 0) -> list[VerifyReport]:
    """`verify(text, pipeline, seed=seed)` for each (text, pipeline)."""
    return [verify(text, pipeline, seed=seed) for text, pipeline in cases]

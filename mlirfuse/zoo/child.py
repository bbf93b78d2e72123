"""`python -m mlirfuse.zoo.child MODEL.mlir RESULTS.json STAGE...`: a model's stages.

Runs the stages in order and rewrites RESULTS.json after each one, naming the
stage it is about to start (`"running"`): when the bindings abort the process
(LLVM ERROR), the parent knows which stage crashed and keeps the others.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from mlirfuse.child_process import die_with_parent
from mlirfuse.zoo.stages import STAGES, run_stage


def _write(path: Path, state: dict[str, object]) -> None:
    partial = path.with_suffix(".tmp")
    partial.write_text(json.dumps(state, sort_keys=True))
    os.replace(partial, path)  # the parent never reads half a file


def main(argv: list[str]) -> int:
    source, output, *stages = argv
    unknown = [s for s in stages if s not in STAGES]
    if unknown:
        print(f"mlirfuse.zoo.child: unknown stage {unknown[0]}", file=sys.stderr)
        return 2
    state: dict[str, object] = {"results": {}}
    results: dict[str, object] = {}
    for stage in stages:
        state = {"results": results, "running": stage}
        _write(Path(output), state)
        results[stage] = run_stage(stage, Path(source))
    _write(Path(output), {"results": results})
    return 0


if __name__ == "__main__":
    die_with_parent()
    sys.exit(main(sys.argv[1:]))

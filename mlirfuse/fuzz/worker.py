"""`python -m mlirfuse.fuzz.worker`: check one batch in a child process.

Reads a JSON request on stdin, writes a JSON reply on stdout. A request is
either a batch to check:
    {"seed": S, "indices": [...], "configs": [...], "generator": {...}}
or one failure to reduce and save:
    {"seed": S, "indices": [I], "configs": [C], "reduce": STATUS, "out": DIR}
MLIRFUSE_FUZZ_PLUGINS (comma-separated module names) is imported first: a
plugin may register extra passes in PASS_REGISTRY, so a campaign can fuzz a
pass that lives outside mlirfuse (the harness's own self-test does this).
The parent treats a worker that dies (an LLVM abort, a segfault) as a crash of
the functions in its batch and bisects to find which.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from mlirfuse.child_process import die_with_parent
from mlirfuse.fuzz.check import Outcome, check_batch
from mlirfuse.fuzz.generator import GeneratorConfig, generate
from mlirfuse.fuzz.reducer import reduce_program, reproducer_text, still_crashes, still_fails

CRASH_CHECKS = 60  # each check of a crash starts a compiler process


def handle(request: dict[str, Any]) -> dict[str, Any]:
    seed = int(request["seed"])
    config = GeneratorConfig(**request.get("generator", {}))
    programs = [generate(seed, i, config) for i in request["indices"]]
    if "reduce" in request:
        return {"paths": save_reduced(request, seed, programs[0])}
    idempotence = request.get("idempotence", False)  # a bool, or a list of configurations
    outcomes = check_batch(programs, request["configs"], idempotence)
    return {"outcomes": [o.to_json() for o in outcomes]}


def save_reduced(request: dict[str, Any], seed: int, program: Any) -> list[str]:
    """Reduce the failing program and write the original and the reduced
    reproducer under request["out"]; returns the paths written."""
    index = int(request["indices"][0])
    pipeline = request["configs"][0]
    status = request["reduce"]
    detail = request.get("detail", "")
    out = Path(request["out"])
    out.mkdir(parents=True, exist_ok=True)
    slug = f"seed{seed}_fn{index}_c{request.get('config_index', 0)}_{status}"
    outcome = Outcome(program.name, pipeline, status, detail)
    original = out / f"{slug}.orig.mlir"
    original.write_text(reproducer_text(program, outcome, seed, index))
    paths = [str(original)]
    if status == "crash":  # reduced while mlirfuse-opt still crashes on it
        crashes = still_crashes(pipeline)
        if not crashes(program):
            return paths  # a crash of the harness's own lowering: kept unreduced
        reduced = reduce_program(program, crashes, max_checks=CRASH_CHECKS)
    else:
        reduced = reduce_program(program, still_fails(pipeline, status))
        after = check_batch([reduced], [pipeline], idempotence=status == "not-idempotent")
        outcome = next((o for o in after if o.status == status), outcome)
    path = out / f"{slug}.mlir"
    path.write_text(reproducer_text(reduced, outcome, seed, index))
    paths.append(str(path))
    return paths


def load_plugins() -> None:
    for name in filter(None, os.environ.get("MLIRFUSE_FUZZ_PLUGINS", "").split(",")):
        importlib.import_module(name.strip())


def main() -> int:
    load_plugins()
    request = json.loads(sys.stdin.read())
    reply = handle(request)
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    die_with_parent()
    sys.exit(main())

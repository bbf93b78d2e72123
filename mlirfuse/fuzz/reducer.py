"""Shrink a failing program while it keeps failing the same way.

Steps, tried until none helps: drop a returned value; cut an op (its result
becomes a function argument, so everything feeding only it dies); bypass an op
(its users read one of its same-typed inputs instead); return an op's input
instead of its result; drop unary steps from an elementwise body; print
separate inits instead of shared ones. Each candidate is re-checked from scratch with
`check_batch`, so the reducer needs no knowledge of what the bug is.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator

from mlirfuse.fuzz.check import Outcome, check_batch
from mlirfuse.fuzz.program import Program, Value

Predicate = Callable[[Program], bool]


def still_fails(config: str, status: str) -> Predicate:
    """True when `program` fails `config` with `status` again."""

    def predicate(program: Program) -> bool:
        outcomes = check_batch([program], [config], idempotence=status == "not-idempotent")
        return any(o.status == status for o in outcomes)

    return predicate


CRASH_CHECK_TIMEOUT_S = 120


def still_crashes(config: str) -> Predicate:
    """True when fusing `program` under `config` still kills the compiler:
    mlirfuse-opt, in its own process, reports an internal error (exit 2)."""
    from mlirfuse.fuzz.render import render_module

    command = [
        sys.executable,
        "-m",
        "mlirfuse.tools.mlirfuse_opt",
        "-",
        f"--pass-pipeline={config}",
    ]

    def predicate(program: Program) -> bool:
        try:
            proc = subprocess.run(
                command,
                input=render_module([program]),
                capture_output=True,
                text=True,
                timeout=CRASH_CHECK_TIMEOUT_S,
            )
        except subprocess.TimeoutExpired:
            return False
        return proc.returncode == 2

    return predicate


def _rename_uses(program: Program, old: str, new: str) -> None:
    for op in program.ops:
        op.inputs = [new if name == old else name for name in op.inputs]
    program.results = [new if name == old else name for name in program.results]
    program.results = list(dict.fromkeys(program.results))


def _drop_result(program: Program, i: int) -> Program | None:
    if len(program.results) < 2:
        return None
    candidate = program.clone()
    del candidate.results[i]
    return candidate.prune()


def _cut(program: Program, i: int) -> Program | None:
    """Drop op `i`; its results become arguments (a check just goes)."""
    outputs = program.ops[i].outputs()
    if program.ops[i].kind != "check" and not all(out.callable for out in outputs):
        return None  # half precision and masks cannot be passed in
    candidate = program.clone()
    for result in candidate.ops[i].outputs() if candidate.ops[i].kind != "check" else []:
        bound = 8.0 if result.elem == "i32" else 1.0
        candidate.args.append(Value(result.name, result.shape, result.elem, result.dyn, bound))
    del candidate.ops[i]
    return candidate.prune()


def _bypass(program: Program, i: int) -> Program | None:
    op = program.ops[i]
    if op.second is not None:
        return None
    values = program.values()
    for name in op.inputs:
        source = values[name]
        if (source.shape, source.elem, source.dyn) == (
            op.result.shape,
            op.result.elem,
            op.result.dyn,
        ):
            candidate = program.clone()
            del candidate.ops[i]
            _rename_uses(candidate, op.result.name, name)
            return candidate.prune()
    return None


def _return_input(program: Program, i: int) -> Program | None:
    """Return one input of a returned op instead of the op's result."""
    op = program.ops[i]
    if op.result.name not in program.results:
        return None
    values = program.values()
    producers = {o.result.name for o in program.ops}
    for name in (n for n in op.inputs if values[n].callable):
        if name in producers:
            candidate = program.clone()
            candidate.results = [name if r == op.result.name else r for r in candidate.results]
            candidate.results = list(dict.fromkeys(candidate.results))
            return candidate.prune()
    return None


def _simplify_body(program: Program, i: int) -> Program | None:
    op = program.ops[i]
    if op.kind not in ("ew", "ew2") or len(op.fns) <= len(op.inputs) - 1:
        return None
    candidate = program.clone()
    candidate.ops[i].fns.pop()
    return candidate


def _candidates(program: Program) -> Iterator[Program]:
    if program.shared_inits:  # does the failure need one tensor.empty shared by several ops?
        unshared = program.clone()
        unshared.shared_inits = False
        yield unshared
    for i in range(len(program.results)):
        if (c := _drop_result(program, i)) is not None:
            yield c
    for step in (_cut, _bypass, _return_input, _simplify_body):
        for i in reversed(range(len(program.ops))):
            if (c := step(program, i)) is not None:
                yield c


def reduce_program(program: Program, fails: Predicate, max_checks: int = 400) -> Program:
    """A smaller program for which `fails` still holds (greedy, first win)."""
    current = program
    checks = 0
    progress = True
    while progress and checks < max_checks:
        progress = False
        for candidate in _candidates(current):
            checks += 1
            if candidate.ops and fails(candidate):
                current = candidate
                progress = True
                break
            if checks >= max_checks:
                break
    return current


def reproducer_text(program: Program, outcome: Outcome, seed: int, index: int) -> str:
    """A self-describing reproducer: comments say how it was found and how to
    run it again, then the module."""
    from mlirfuse.fuzz.render import render_module

    pipeline = outcome.config.replace("'", "")
    detail = " | ".join(line.strip() for line in outcome.detail.splitlines() if line.strip())
    header = [
        f"// mlirfuse fuzz reproducer: seed {seed}, function {index}, status {outcome.status}",
        f"// pipeline: {pipeline}",
        f"// detail: {detail[:600]}",
        f"// rerun the case:  bench/fuzz --seed {seed} --start {index} --count 1 --config '{pipeline}'",
        f"// check this file: mlirfuse verify FILE --pass-pipeline='{pipeline}'",
    ]
    return "\n".join(header) + "\n" + render_module([program])

"""A fuzz campaign: batches of generated functions checked by worker
processes, crashes bisected, failures reduced and saved.

Entry point of `bench/fuzz`; `run_campaign` is also what the pytest slice calls.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mlirfuse.fuzz.check import (
    DEFAULT_CONFIGS,
    EXTENDED_CONFIGS,
    FAILURES,
    QUICK_CONFIGS,
    Idempotence,
    Outcome,
)

WORKER_TIMEOUT_S = 900
REPRODUCERS_PER_KIND = 3  # reduced and saved per (status, configuration)


@dataclass
class CampaignResult:
    functions: int = 0
    outcomes: list[Outcome] = field(default_factory=list)
    unavailable: dict[str, str] = field(default_factory=dict)
    reproducers: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, *statuses: str) -> int:
        return sum(1 for o in self.outcomes if o.status in statuses)

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status in FAILURES]

    def summary_line(self) -> str:
        errors = self.count(*[s for s in FAILURES if s not in ("mismatch", "crash")])
        return (
            f"fuzz: {self.functions} functions, {self.count('mismatch')} mismatches, "
            f"{self.count('crash')} crashes ({errors} other errors, {self.count('ok')} "
            f"fused variants matched, {self.count('rejected')} clean rejections of dynamic "
            f"shapes, {self.seconds:.1f} s, {self.functions / max(self.seconds, 1e-9):.1f} functions/s)"
        )


def _worker_command() -> list[str]:
    return [sys.executable, "-m", "mlirfuse.fuzz.worker"]


def call_worker(request: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
    """Run one worker; (reply, stderr tail). reply is None when it died."""
    env = dict(os.environ, PYTHONFAULTHANDLER="1")
    try:
        proc = subprocess.run(
            _worker_command(),
            input=json.dumps(request),
            capture_output=True,
            text=True,
            timeout=WORKER_TIMEOUT_S,
            env=env,
        )
    except subprocess.TimeoutExpired:
        return None, f"worker timed out after {WORKER_TIMEOUT_S} s"
    if proc.returncode != 0:
        return None, f"exit {proc.returncode}: {proc.stderr[-1500:]}"
    return json.loads(proc.stdout.strip().splitlines()[-1]), ""


def check_indices(
    seed: int,
    indices: list[int],
    configs: Sequence[str],
    generator: dict[str, Any],
    idempotence: Idempotence = False,
) -> list[Outcome]:
    """Outcomes for these functions; a dying worker is bisected down to the
    function and configuration that crash."""
    request = {
        "seed": seed,
        "indices": indices,
        "configs": list(configs),
        "generator": generator,
        "idempotence": idempotence,  # JSON writes a tuple of configurations as a list
    }
    reply, error = call_worker(request)
    if reply is not None:
        return [Outcome(**o) for o in reply["outcomes"]]
    if len(indices) > 1:
        half = len(indices) // 2
        return check_indices(seed, indices[:half], configs, generator, idempotence) + check_indices(
            seed, indices[half:], configs, generator, idempotence
        )
    if len(configs) > 1:
        outcomes: list[Outcome] = []
        for config in configs:
            outcomes += check_indices(seed, indices, [config], generator, idempotence)
        return outcomes
    return [Outcome(f"fuzz_{seed}_{indices[0]}", configs[0], "crash", error)]


def save_failure(
    seed: int, outcome: Outcome, configs: Sequence[str], out: Path, generator: dict[str, Any]
) -> list[str]:
    index = int(outcome.program.rsplit("_", 1)[1])
    request = {
        "seed": seed,
        "indices": [index],
        "configs": [outcome.config],
        "config_index": list(configs).index(outcome.config) if outcome.config in configs else 0,
        "reduce": outcome.status,
        "detail": outcome.detail,
        "out": str(out),
        "generator": generator,
    }
    reply, _ = call_worker(request)
    if reply is None:  # the reducer itself crashed: keep at least the original
        request["reduce"] = "crash"
        reply, _ = call_worker(request)
    return list(reply["paths"]) if reply else []


def run_campaign(
    count: int,
    seed: int = 0,
    start: int = 0,
    jobs: int = 1,
    batch: int = 50,
    configs: Sequence[str] = DEFAULT_CONFIGS,
    out: Path = Path("fuzz-failures"),
    generator: dict[str, Any] | None = None,
    progress: Callable[[str], None] | None = None,
    reduce: bool = True,
    max_reproducers: int = 20,
    max_seconds: float | None = None,
    idempotence: Idempotence = False,
) -> CampaignResult:
    """Check `count` functions from `start`; with `max_seconds`, no batch starts
    after that time and `result.functions` says how many were checked."""
    generator = generator or {}
    result = CampaignResult(functions=0)
    began = time.monotonic()
    lock = threading.Lock()
    batches = [
        list(range(i, min(i + batch, start + count))) for i in range(start, start + count, batch)
    ]
    done = [0]

    def one(indices: list[int]) -> None:
        if max_seconds is not None and time.monotonic() - began > max_seconds:
            return
        outcomes = check_indices(seed, indices, configs, generator, idempotence)
        with lock:
            _record(result, outcomes)
            done[0] += len(indices)
            result.functions = done[0]
            if progress:
                rate = done[0] / max(time.monotonic() - began, 1e-9)
                progress(
                    f"[{done[0]}/{count}] {rate:.1f} functions/s, {result.count('mismatch')} "
                    f"mismatches, {result.count('crash')} crashes, {len(result.failures)} failures"
                )

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        list(pool.map(one, batches))
    if reduce:
        chosen = _failures_to_save(result.failures, max_reproducers)
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            saved = pool.map(lambda o: save_failure(seed, o, configs, out, generator), chosen)
            for paths in saved:
                result.reproducers += paths
    result.seconds = time.monotonic() - began
    return result


def _failures_to_save(failures: list[Outcome], limit: int) -> list[Outcome]:
    """The first few failures of each (status, configuration), at most `limit`."""
    per_kind: Counter[tuple[str, str]] = Counter()
    chosen: list[Outcome] = []
    for outcome in failures:
        kind = (outcome.status, outcome.config)
        if per_kind[kind] < REPRODUCERS_PER_KIND and len(chosen) < limit:
            per_kind[kind] += 1
            chosen.append(outcome)
    return chosen


def _record(result: CampaignResult, outcomes: list[Outcome]) -> None:
    for outcome in outcomes:
        if outcome.status == "unavailable":
            result.unavailable.setdefault(outcome.config, outcome.detail)
        else:
            result.outcomes.append(outcome)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bench/fuzz",
        description="Differential fuzzing of mlirfuse fusion: random Linalg functions, "
        "fused under every search and pattern switch, run against the unfused original.",
    )
    parser.add_argument("--count", type=int, default=1000, help="functions to generate")
    parser.add_argument("--seed", type=int, default=0, help="campaign seed")
    parser.add_argument(
        "--seeds",
        type=_seed_range,
        default=None,
        help="several seeds, A-B or A,B,C: --count functions of each (overrides --seed)",
    )
    parser.add_argument("--start", type=int, default=0, help="index of the first function")
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default: one per CPU)",
    )
    parser.add_argument(
        "--batch", type=int, default=50, help="functions per worker (one JIT compile)"
    )
    parser.add_argument(
        "--out", type=Path, default=Path("fuzz-failures"), help="where reproducers go"
    )
    parser.add_argument(
        "--quick", action="store_true", help="only the three searches, default switches"
    )
    parser.add_argument(
        "--extended", action="store_true", help="also the finer passes alone, and fuse twice"
    )
    parser.add_argument(
        "--config", action="append", default=None, help="a pipeline to check (repeatable)"
    )
    parser.add_argument("--max-ops", type=int, default=8, help="ops per function, at most")
    parser.add_argument(
        "--dynamic",
        type=_probability,
        default=None,
        metavar="P",
        help="share of functions with dynamic dims, 0..1 (default: the generator's 0.08)",
    )
    parser.add_argument("--no-reduce", action="store_true", help="save no reproducers")
    parser.add_argument(
        "--idempotence",
        action="store_true",
        help="also fuse each fused function again and require no change",
    )
    parser.add_argument(
        "--max-seconds", type=float, default=None, help="start no batch after this many seconds"
    )
    parser.add_argument(
        "--max-reproducers", type=int, default=20, help="failures reduced and saved, at most"
    )
    return parser


def _seed_range(text: str) -> list[int]:
    if "-" in text:
        first, last = (int(x) for x in text.split("-", 1))
        return list(range(first, last + 1))
    return [int(x) for x in text.split(",")]


def _combine(total: CampaignResult, part: CampaignResult) -> None:
    total.functions += part.functions
    total.outcomes += part.outcomes
    total.reproducers += part.reproducers
    total.seconds += part.seconds
    for config, why in part.unavailable.items():
        total.unavailable.setdefault(config, why)


def _probability(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text} is not a probability in [0, 1]")
    return value


def _generator_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {"max_ops": args.max_ops}
    if args.dynamic is not None:
        options["dynamic_probability"] = args.dynamic
    return options


def main(argv: list[str] | None = None) -> int:
    code, _ = run_cli(argv)
    return code


def run_cli(argv: list[str] | None = None) -> tuple[int, CampaignResult]:
    """Parse `argv`, run the campaign, print the report; (exit code, result)."""
    args = build_parser().parse_args(argv)
    configs = args.config or (
        QUICK_CONFIGS if args.quick else EXTENDED_CONFIGS if args.extended else DEFAULT_CONFIGS
    )
    seeds = args.seeds or [args.seed]
    result = CampaignResult()
    for seed in seeds:
        print(
            f"fuzz: seed {seed}, {args.count} functions from {args.start}, {len(configs)} "
            f"configurations, {args.jobs} jobs, batches of {args.batch}",
            flush=True,
        )
        part = run_campaign(
            args.count,
            seed,
            args.start,
            args.jobs,
            args.batch,
            configs,
            args.out,
            _generator_options(args),
            progress=lambda line: print(line, flush=True),
            reduce=not args.no_reduce,
            max_reproducers=args.max_reproducers,
            max_seconds=args.max_seconds,
            idempotence=args.idempotence,
        )
        if len(seeds) > 1:
            print(f"fuzz: seed {seed}: {part.summary_line()}", flush=True)
        _combine(result, part)
    if len(seeds) > 1:
        print(f"fuzz: seeds {', '.join(map(str, seeds))}", flush=True)
    expected = args.count * len(seeds)
    if result.functions < expected:
        print(
            f"fuzz: time budget of {args.max_seconds:g} s spent: {result.functions} of {expected} checked"
        )
    for config, why in result.unavailable.items():
        print(f"fuzz: configuration unavailable in this build: {config}: {why}")
    by_kind = Counter((o.status, o.config) for o in result.failures)
    for (status, config), n in sorted(by_kind.items()):
        print(f"fuzz: {n} x {status} under {config}")
    for failure in result.failures[:20]:
        print(f"  {failure.program} [{failure.status}] {failure.config}: {failure.detail[:300]}")
    for path in result.reproducers:
        print(f"fuzz: reproducer {path}")
    print(result.summary_line(), flush=True)
    checked = len(configs) - len(result.unavailable)
    if checked == 0:
        print("fuzz: error: no configuration could run (is mlirfuse-fuse registered?)")
        return 2, result
    return (1 if result.failures else 0), result


if __name__ == "__main__":
    sys.exit(main())

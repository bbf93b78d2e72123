"""`mlirfuse demo` walks the seed example end to end and checks it on the CPU."""

from __future__ import annotations

import subprocess
import sys


def test_demo_on_the_seed_chain() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mlirfuse.cli", "demo", "seed_chain", "--no-ir"],
        capture_output=True,
        text=True,
    )
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    for step in (
        "1. what the ops are",
        "2. fusion plans",
        "3. fused IR",
        "4. kernels",
        "5. CPU check",
    ):
        assert f"== {step}" in out
    assert "not available yet" not in out and "(failed" not in out
    assert "linalg ops by kind: elementwise 3, fill 1, reduction 1" in out
    assert "P0 " in out  # the unfused plan row
    assert "kernels: 4 -> " in out
    assert "vs reference 0.00e+00 (ok" in out


def test_demo_rejects_an_unknown_example() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mlirfuse.cli", "demo", "no_such_example"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "no example 'no_such_example'" in result.stderr

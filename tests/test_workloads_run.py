"""The four shared workloads, run on the CPU, reproduce PyTorch's `ref`.

Each workload is compiled once per session; `NAME.npz` holds its inputs
(`arg0`, ...) and PyTorch's output (`ref`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from mlirfuse.runner import CompiledFunction
from mlirfuse.runner.compare import error_stats
from mlirfuse.runner.inputs import load_npz

WORKLOADS = ["layernorm_residual", "mlp_gelu", "resnet_basic_block", "softmax_lastdim"]


@pytest.fixture(scope="session", params=WORKLOADS)
def workload(
    request: pytest.FixtureRequest, workloads_dir: Path
) -> Iterator[tuple[str, CompiledFunction, Path]]:
    name = request.param
    path = workloads_dir / f"{name}.mlir"
    with CompiledFunction(path.read_text(), name, source_name=str(path)) as compiled:
        yield name, compiled, workloads_dir / f"{name}.npz"


def test_reproduces_reference(workload: tuple[str, CompiledFunction, Path]) -> None:
    name, compiled, npz_path = workload
    data = load_npz(str(npz_path))
    (result,) = compiled(*data.args)
    stats = error_stats(result, data.refs[0])
    assert stats.max_rel < 1e-4, f"{name}: {stats}"
    # A wrong lowering that returned zeros would pass a loose check on a
    # near-zero ref; the refs here are not near zero.
    assert np.abs(data.refs[0]).max() > 0.1


def test_repeated_calls_are_identical_and_inputs_kept(
    workload: tuple[str, CompiledFunction, Path],
) -> None:
    _, compiled, npz_path = workload
    data = load_npz(str(npz_path))
    copies = [a.copy() for a in data.args]
    (first,) = compiled(*data.args)
    (second,) = compiled(*data.args)
    np.testing.assert_array_equal(first, second)
    for before, after in zip(copies, data.args, strict=True):
        np.testing.assert_array_equal(before, after)

"""Inputs and numpy references of tm-tensor-scan.mlir's functions (argv: out dir)."""

import sys
from pathlib import Path

import numpy as np

out = Path(sys.argv[1])
rng = np.random.default_rng(0)
mask = rng.integers(0, 2, size=(2, 24)).astype(np.int64)
np.savez(out / "cumsum_i64.npz", arg0=mask, ref=np.cumsum(mask, axis=1))
x = rng.standard_normal((5, 3)).astype(np.float32)
np.savez(out / "cumsum_f32.npz", arg0=x, ref0=np.cumsum(x, axis=0), ref1=x.sum(axis=0))
y = rng.uniform(0.5, 1.5, size=(3, 7)).astype(np.float32)
acc = rng.uniform(0.5, 1.5, size=(3,)).astype(np.float32)
exclusive = acc[:, None] * np.concatenate(
    [np.ones((3, 1), np.float32), np.cumprod(y, axis=1)[:, :-1]], axis=1
)
np.savez(out / "cumprod_exclusive.npz", arg0=y, arg1=acc, ref0=exclusive, ref1=acc * y.prod(axis=1))
grid = rng.standard_normal((8, 8)).astype(np.float32)
np.savez(out / "cumsum_of_ones.npz", arg0=grid, ref=np.cumsum(np.ones((8, 8), np.float32), axis=0) * grid)

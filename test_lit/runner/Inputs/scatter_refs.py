"""Inputs and numpy references of tm-tensor-scatter.mlir's functions (argv: out dir)."""

import sys
from pathlib import Path

import numpy as np

out = Path(sys.argv[1])
rng = np.random.default_rng(0)
# F.fold-like: 12 updates into a 2x3x4 zero map, indices with repeats.
updates = rng.standard_normal((12, 1, 1, 1)).astype(np.float32)
index = np.stack([rng.integers(0, n, size=12) for n in (2, 3, 4)], axis=1).astype(np.int64)
added = np.zeros((2, 3, 4), np.float32)
np.add.at(added, tuple(index.T), updates[:, 0, 0, 0])
np.savez(out / "fold_add.npz", arg0=updates, arg1=index, ref=added)
# index_put without accumulate, unique rows, the dims indexed in swapped order.
base = rng.standard_normal((3, 5)).astype(np.float32)
values = rng.standard_normal((4, 1, 1)).astype(np.float32)
rows = np.array([[1, 0], [4, 2], [0, 1], [3, 2]], np.int64)  # (column, row)
put = base.copy()
put[rows[:, 1], rows[:, 0]] = values[:, 0, 0]
np.savez(out / "put.npz", arg0=base, arg1=values, arg2=rows, ref=put)

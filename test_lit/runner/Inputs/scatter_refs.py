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
# index_add of whole rows (a graph network's message sum): 6 rows of 4 into 5
# nodes, repeated destinations, the slice 1 wide in the indexed dim.
messages = rng.standard_normal((6, 1, 4)).astype(np.float32)
destinations = np.array([[2], [0], [2], [4], [0], [2]], np.int64)
summed = np.zeros((5, 4), np.float32)
np.add.at(summed, destinations[:, 0], messages[:, 0, :])
np.savez(out / "rows_add.npz", arg0=messages, arg1=destinations, ref=summed)
# index_put of whole rows whose slice leaves the indexed dim out (rank 1 of 2).
table = rng.standard_normal((3, 5)).astype(np.float32)
new_rows = rng.standard_normal((2, 5)).astype(np.float32)
which = np.array([[2], [0]], np.int64)
replaced = table.copy()
replaced[which[:, 0]] = new_rows
np.savez(out / "rows_put.npz", arg0=table, arg1=new_rows, arg2=which, ref=replaced)

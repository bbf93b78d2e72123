"""Inputs and numpy references of tm-tensor-sort.mlir's functions (argv: out dir)."""

import sys
from pathlib import Path

import numpy as np

out = Path(sys.argv[1])
rng = np.random.default_rng(0)
# torch.topk(x, 2) as torch-mlir exports it: sort (values, iota) descending by
# `oge`, keep the first two. Ties (rounded values) keep their input order.
scores = np.round(rng.standard_normal((6, 5)), 1).astype(np.float32)
scores[0, 1] = scores[0, 3] = scores[0].max() + 1  # a tie at the top
order = np.argsort(-scores, axis=1, kind="stable")[:, :2]
np.savez(
    out / "topk.npz",
    arg0=scores,
    ref0=np.take_along_axis(scores, order, axis=1),
    ref1=order.astype(np.int64),
)
# torch.sort(x, dim=0) ascending (`olt`), values only.
columns = rng.standard_normal((7, 3)).astype(np.float32)
np.savez(out / "ascending.npz", arg0=columns, ref=np.sort(columns, axis=0))
# An i64 sort with named results, descending by `sgt`, both returned.
keys = rng.integers(-4, 4, size=8).astype(np.int64)
payload = np.arange(8, dtype=np.int64) * 10
by_key = np.argsort(-keys, kind="stable")
np.savez(out / "named.npz", arg0=keys, arg1=payload, ref0=keys[by_key], ref1=payload[by_key])

#!/usr/bin/env bash
# GPU benchmark: builds every workload and memory-bound chains (2, 4, 8 ops
# over 16M floats), runs them fused and unfused through the MLIR CUDA runtime,
# checks against numpy/PyTorch references, prints time and GB/s per case.
# Needs an NVIDIA GPU + driver (libcuda.so.1); about 2-4 minutes end to end.
# Usage: bench/gpu/run.sh [--chip sm_90|sm_80] [--cases NAME ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="${PYTHON:-.venv/bin/python}"
if ! "$PY" -c 'import ctypes; ctypes.CDLL("libcuda.so.1")' 2>/dev/null; then
  echo "libcuda.so.1 not loadable: run this on a machine with an NVIDIA GPU" >&2
  exit 2
fi
exec timeout 470 "$PY" bench/gpu/bench_gpu.py "$@"

"""The static race check of lowered kernels (`gpu/race_check.py`) on
hand-written GPU-dialect IR: the two patterns it refuses, and the guarded,
per-thread and one-thread forms it lets pass."""

from __future__ import annotations

import pytest
from mlir import ir

from mlirfuse.context import make_context
from mlirfuse.gpu.opshape import ScheduleError
from mlirfuse.gpu.race_check import check_block_races

_HEAD = """
module attributes {gpu.container_module} {
  gpu.module @m {
    memref.global "private" @buf : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.func @k(%out: memref<1xf32>, %in: memref<64xf32>) kernel
        attributes {known_block_size = array<i32: BLOCK, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %g = memref.get_global @buf : memref<64xf32, #gpu.address_space<workgroup>>
      %shared = memref.memory_space_cast %g : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32>
"""
_TAIL = """
      gpu.return
    }
  }
}
"""

# Every thread sums the whole row into one global address (the fallback
# schedule's kept reduction).
ACCUMULATE = """
      memref.store %zero, %out[%c0] : memref<1xf32>
      scf.for %i = %c0 to %c64 step %c1 {
        %v = memref.load %in[%i] : memref<64xf32>
        %a = memref.load %out[%c0] : memref<1xf32>
        %s = arith.addf %v, %a : f32
        memref.store %s, %out[%c0] : memref<1xf32>
      }
"""
# Every thread copies the whole buffer while threads write their own slots
# (a bufferization copy of a CSE-merged init).
WHOLE_COPY = """
      scf.for %i = %c0 to %c64 step %c1 {
        %v = memref.load %in[%i] : memref<64xf32>
        memref.store %v, %shared[%i] : memref<64xf32>
      }
      %v = memref.load %in[%tid] : memref<64xf32>
      memref.store %v, %shared[%tid] : memref<64xf32>
"""
# The same sum by thread 0 only, after each thread wrote its slot and a barrier.
GUARDED = """
      %v = memref.load %in[%tid] : memref<64xf32>
      memref.store %v, %shared[%tid] : memref<64xf32>
      gpu.barrier
      %first = arith.cmpi ult, %tid, %c1 : index
      scf.if %first {
        memref.store %zero, %out[%c0] : memref<1xf32>
        scf.for %i = %c0 to %c64 step %c1 {
          %w = memref.load %shared[%i] : memref<64xf32>
          %a = memref.load %out[%c0] : memref<1xf32>
          %s = arith.addf %w, %a : f32
          memref.store %s, %out[%c0] : memref<1xf32>
        }
      }
"""
# The whole-buffer copy, then a barrier, then the per-thread writes.
COPY_THEN_BARRIER = WHOLE_COPY.replace(
    "      %v = memref.load %in[%tid]", "      gpu.barrier\n      %v = memref.load %in[%tid]"
)


def _check(body: str, block: int = 64) -> None:
    with make_context():
        module = ir.Module.parse(_HEAD.replace("BLOCK", str(block)) + body + _TAIL)
        check_block_races(module)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (ACCUMULATE, "accumulates into one address with every thread"),
        (WHOLE_COPY, "writes the whole buffer while threads write their slots"),
    ],
)
def test_refuses_racing_stores(body: str, message: str) -> None:
    with pytest.raises(ScheduleError, match=message) as caught:
        _check(body)
    assert "k: a store" in str(caught.value)


@pytest.mark.parametrize("body", [GUARDED, COPY_THEN_BARRIER])
def test_accepts_guarded_and_separated_stores(body: str) -> None:
    _check(body)


def test_one_thread_blocks_race_with_nobody() -> None:
    _check(ACCUMULATE, block=1)

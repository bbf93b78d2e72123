"""Device backends of launch.py: CuPy on the GPU, and a fake one without.

Both take the same calls: `load` (the PTX), `alloc` (bytes -> address),
`upload`, `download`, `launch` (kernel, grid, block, dynamic shared bytes,
packed arguments), `synchronize`, `time_ms` (median of a call's time). Only
the standard library, numpy and CuPy: this travels to the GPU machine.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

_ENTRY = re.compile(r"\.entry\s+([\w$]+)\s*\(([^)]*)\)", re.S)


class FakeBackend:
    """No GPU: addresses are numbers, launches check what they are given."""

    name = "fake"

    def __init__(self) -> None:
        self.next_address = 1 << 20
        self.allocations: dict[int, int] = {}  # address -> bytes
        self.entries: dict[str, list[bool]] = {}  # kernel -> is-pointer per parameter
        self.launches = 0

    def load(self, ptx: Path) -> None:
        self.entries = {
            name: [".ptr" in p for p in params.split(",") if ".param" in p]
            for name, params in _ENTRY.findall(ptx.read_text())
        }

    def alloc(self, nbytes: int) -> int:
        address = self.next_address
        self.allocations[address] = nbytes
        self.next_address += max(256, -(-nbytes // 256) * 256)
        return address

    def upload(self, address: int, array: np.ndarray) -> None:
        if array.nbytes != self.allocations[address]:
            raise ValueError(f"upload of {array.nbytes} B into {self.allocations[address]} B")

    def download(self, address: int, shape: list[int], dtype: Any) -> np.ndarray:
        return np.zeros(shape, dtype)

    def launch(
        self, kernel: str, grid: list[int], block: list[int], smem: int, args: list[Any]
    ) -> None:
        pointers = self.entries.get(kernel)
        if pointers is None:
            raise ValueError(f"no .entry {kernel} in the PTX")
        if len(pointers) != len(args):
            raise ValueError(f"{kernel}: PTX takes {len(pointers)} parameters, given {len(args)}")
        for is_pointer, value in zip(pointers, args, strict=True):
            if is_pointer and not self._inside(int(value)):
                raise ValueError(f"{kernel}: pointer {int(value):#x} is in no allocation")
        self.launches += 1

    def _inside(self, pointer: int) -> bool:
        """An allocation's start, or inside it (a result stored in a concat)."""
        return any(a <= pointer < a + max(n, 1) for a, n in self.allocations.items())

    def synchronize(self) -> None:
        pass

    def time_ms(self, call: Callable[[], None], warmup: int, repeats: int) -> float:
        for _ in range(warmup + repeats):
            call()
        return 0.0


class CupyBackend:
    """The GPU through CuPy: RawModule loads the PTX (the driver JIT-compiles it)."""

    name = "cupy"

    def __init__(self) -> None:
        import cupy

        self.cp = cupy
        self.buffers: dict[int, Any] = {}
        self.functions: dict[str, Any] = {}

    def load(self, ptx: Path) -> None:
        module = self.cp.RawModule(path=str(ptx))
        names = [name for name, _ in _ENTRY.findall(ptx.read_text())]
        self.functions = {name: module.get_function(name) for name in names}

    def alloc(self, nbytes: int) -> int:
        buffer = self.cp.empty(max(nbytes, 1), dtype=self.cp.uint8)
        self.buffers[buffer.data.ptr] = buffer
        return int(buffer.data.ptr)

    def upload(self, address: int, array: np.ndarray) -> None:
        flat = np.ascontiguousarray(array).view(np.uint8).reshape(-1)
        self.buffers[address][: flat.size].set(flat)

    def download(self, address: int, shape: list[int], dtype: Any) -> np.ndarray:
        count = int(np.prod(shape)) * np.dtype(dtype).itemsize
        raw = self.buffers[address][:count].get()
        return raw.view(dtype).reshape(shape)

    def launch(
        self, kernel: str, grid: list[int], block: list[int], smem: int, args: list[Any]
    ) -> None:
        self.functions[kernel](tuple(grid), tuple(block), tuple(args), shared_mem=smem)

    def synchronize(self) -> None:
        self.cp.cuda.runtime.deviceSynchronize()

    def time_ms(self, call: Callable[[], None], warmup: int, repeats: int) -> float:
        return event_median(
            self.cp.cuda.Event, self.cp.cuda.get_elapsed_time, call, warmup, repeats
        )


def event_median(
    event: Callable[[], Any],
    elapsed: Callable[[Any, Any], float],
    call: Callable[[], None],
    warmup: int,
    repeats: int,
) -> float:
    """Median over `repeats` of one call's time between two CUDA events."""
    for _ in range(warmup):
        call()
    times = []
    for _ in range(repeats):
        start, end = event(), event()
        start.record()
        call()
        end.record()
        end.synchronize()
        times.append(elapsed(start, end))
    return float(statistics.median(times))

"""The weights of J = w_bytes*bytes + w_launch*launches + w_flops*flops.

Defaults come from the target so that J reads as microseconds: a byte costs
1/bandwidth, a launch costs the launch overhead, a FLOP costs 1/FP32 peak.
J adds the three (an upper bound of the time: no overlap of memory and
compute); `roofline_us` is the overlapped estimate, max(memory, compute) plus
the launch.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlirfuse.targets import Target


@dataclass(frozen=True)
class CostWeights:
    bytes: float  # J per byte moved to or from HBM
    launch: float  # J per kernel launch
    flops: float  # J per floating-point operation

    @staticmethod
    def for_target(target: Target) -> CostWeights:
        return CostWeights(
            bytes=1.0 / target.bytes_per_us,
            launch=target.launch_overhead_us,
            flops=1.0 / target.fp32_flops_per_us,
        )

    def with_overrides(self, spec: str) -> CostWeights:
        """Apply `bytes=...,launch=...,flops=...` (any subset) from a string."""
        values = {"bytes": self.bytes, "launch": self.launch, "flops": self.flops}
        for item in filter(None, (part.strip() for part in spec.split(","))):
            key, _, text = item.partition("=")
            if key.strip() not in values:
                raise ValueError(f"unknown cost weight '{key}' (known: bytes, launch, flops)")
            values[key.strip()] = float(text)
        return CostWeights(**values)

    def cost(self, moved_bytes: float, launches: int, flops: float) -> float:
        return self.bytes * moved_bytes + self.launch * launches + self.flops * flops


def roofline_us(target: Target, moved_bytes: float, flops: float, launches: int = 1) -> float:
    """Time of a kernel at the roofline, plus its launch overhead."""
    memory = moved_bytes / target.bytes_per_us
    compute = flops / target.fp32_flops_per_us
    return max(memory, compute) + launches * target.launch_overhead_us

"""The generator's state: the function being built, its values, and the
random draws shared by the basic ops (mlirfuse.fuzz.generator) and the
model-shaped features (mlirfuse.fuzz.features)."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from mlirfuse.fuzz.program import Op, Program, Value

DIMS = (1, 2, 3, 4, 5, 8)


@dataclass(frozen=True)
class GeneratorConfig:
    min_ops: int = 1
    max_ops: int = 8
    max_rank: int = 3
    dynamic_probability: float = 0.08  # share of functions with dynamic dims
    int_probability: float = 0.15  # share of i32 arguments
    f64_probability: float = 0.15  # share of f64 arguments
    shared_init_probability: float = 0.35  # one tensor.empty per type, as torch-mlir prints
    model_weight: int = 6  # draws of model-shaped features among 8 of basic ops


class BuilderCore:
    """The values and ops of the function being built, and how to draw them."""

    def __init__(self, rng: random.Random, name: str, config: GeneratorConfig) -> None:
        self.rng = rng
        self.config = config
        self.dynamic = rng.random() < config.dynamic_probability
        self.program = Program(name, [], [], [])
        self.counter = itertools.count()
        self.uses: dict[str, int] = {}

    # -- values ------------------------------------------------------------

    def fresh_name(self, prefix: str) -> str:
        return f"{prefix}{next(self.counter)}"

    def random_elem(self) -> str:
        r = self.rng.random()
        if r < self.config.int_probability:
            return "i32"
        if r < self.config.int_probability + self.config.f64_probability:
            return "f64"
        return "f32"

    def new_arg(self, shape: tuple[int, ...], elem: str, dyn: tuple[bool, ...] = ()) -> Value:
        bound = 8.0 if elem == "i32" else 1.0
        value = Value(self.fresh_name("arg"), shape, elem, dyn or (False,) * len(shape), bound)
        self.program.args.append(value)
        return value

    def random_shape(self, rank: int) -> tuple[int, ...]:
        return tuple(self.rng.choice(DIMS) for _ in range(rank))

    def random_dyn(self, rank: int) -> tuple[bool, ...]:
        if not self.dynamic:
            return (False,) * rank
        return tuple(self.rng.random() < 0.5 for _ in range(rank))

    def every_value(self) -> list[Value]:
        return self.program.args + [out for op in self.program.ops for out in op.outputs()]

    def all_values(self) -> list[Value]:
        """Values any op may read: not half-precision, masks or dead results
        (only the features that made them read those)."""
        dead = {op.second.name for op in self.program.ops if op.second and op.params.get("dead")}
        return [v for v in self.every_value() if v.callable and v.name not in dead]

    def pick(self, candidates: list[Value]) -> Value:
        """Prefer recent values (chains), sometimes used ones (multi-consumer)."""
        used = [v for v in candidates if self.uses.get(v.name, 0) > 0]
        if used and self.rng.random() < 0.3:
            return self.rng.choice(used)
        if self.rng.random() < 0.6:
            return candidates[-1]
        return self.rng.choice(candidates)

    def emit(self, op: Op) -> Value:
        for name in op.inputs:
            self.uses[name] = self.uses.get(name, 0) + 1
        self.program.ops.append(op)
        return op.result

    def result(
        self, shape: tuple[int, ...], elem: str, dyn: tuple[bool, ...], bound: float
    ) -> Value:
        return Value(self.fresh_name("v"), shape, elem, dyn, bound)

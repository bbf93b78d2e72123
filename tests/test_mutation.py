"""The mutation discipline (mlirfuse/mutation.py): one module erases ops, in
an order that never touches an erased op, and refuses instead of aborting."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from mlir import ir

from mlirfuse.mutation import MutationError, Rewrite
from mlirfuse.passes.base import ModulePass, PassFailure
from mlirfuse.transforms.merge import merge_block

PACKAGE = Path(__file__).resolve().parent.parent / "mlirfuse"
MUTATION_MODULE = PACKAGE / "mutation.py"

# Producer and consumer share one tensor.empty; the consumer's output takes the
# matmul result as init, so the shared empty dies with the merge (the GPT-2
# block's pattern that made the old `erase_if_dead` read an erased op).
SHARED_INIT = """
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>)
                     outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.tanh %x : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
"""


def _erase_calls_outside_mutation() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == MUTATION_MODULE:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"\.erase\(\)|\.replace_all_uses_with\(", line):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}")
    return found


def test_only_the_mutation_module_erases_or_replaces() -> None:
    assert _erase_calls_outside_mutation() == []


def _ops(block: ir.Block) -> list[ir.Operation]:
    return [op.operation for op in block.operations]


def _body(module: ir.Module) -> ir.Block:
    return module.body.operations[0].regions[0].blocks[0]


def test_merge_with_a_shared_dead_init_erases_it_once(ctx: ir.Context) -> None:
    module = ir.Module.parse(SHARED_INIT, ctx)
    with ctx, ir.Location.unknown(ctx):
        assert merge_block(_body(module)) == 1
    module.operation.verify()
    names = [op.name for op in _ops(_body(module))]
    assert names.count("linalg.generic") == 1
    # The shared empty is dead (the fused op writes into the matmul result).
    assert names.count("tensor.empty") == 1


def test_duplicate_and_nested_erasures_happen_once(ctx: ir.Context) -> None:
    module = ir.Module.parse(SHARED_INIT, ctx)
    block = _body(module)
    generics = [op for op in _ops(block) if op.name == "linalg.generic"]
    consumer = generics[1]
    nested = _ops(consumer.regions[0].blocks[0])[0]
    ret = _ops(block)[-1]
    with ctx, ir.Location.unknown(ctx), Rewrite("test", consumer) as rw:
        ret.operands[0] = generics[0].results[0]
        rw.erase(consumer)
        rw.erase(nested)  # inside `consumer`: goes with it, never touched
        rw.erase(consumer)  # a second handle on the same op
    module.operation.verify()
    assert [op.name for op in _ops(block)].count("linalg.generic") == 1


def test_producers_are_erased_after_their_users(ctx: ir.Context) -> None:
    module = ir.Module.parse(SHARED_INIT, ctx)
    block = _body(module)
    generics = [op for op in _ops(block) if op.name == "linalg.generic"]
    ret = _ops(block)[-1]
    with ctx, ir.Location.unknown(ctx), Rewrite("test", ret) as rw:
        ret.operands[0] = generics[0].operands[0]
        rw.erase(generics[0])  # producer first: still used by the consumer
        rw.erase(generics[1])
        rw.erase_if_dead(generics[0].operands[1])
    module.operation.verify()
    assert [op.name for op in _ops(block)] == [
        "arith.constant",
        "tensor.empty",
        "linalg.fill",
        "linalg.matmul",
        "func.return",
    ]


def test_erasing_an_op_still_in_use_refuses_naming_the_step(ctx: ir.Context) -> None:
    module = ir.Module.parse(SHARED_INIT, ctx)
    producer = next(op for op in _ops(_body(module)) if op.name == "linalg.generic")
    expected = pytest.raises(MutationError, match=r"rewrite step 'drop it'.*still used by")
    with expected, Rewrite("drop it", producer) as rw:
        rw.erase(producer)
    module.operation.verify()


def test_check_ir_names_the_step_that_broke_the_ir(
    ctx: ir.Context, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MLIRFUSE_CHECK_IR", "1")
    module = ir.Module.parse(SHARED_INIT, ctx)
    block = _body(module)
    consumer = [op for op in _ops(block) if op.name == "linalg.generic"][1]
    expected = pytest.raises(MutationError, match="rewrite step 'bad step': left invalid IR")
    with expected, Rewrite("bad step", consumer):
        consumer.move_after(_ops(block)[-1])  # after the terminator


def test_replacing_by_a_value_of_another_type_refuses(ctx: ir.Context) -> None:
    module = ir.Module.parse(SHARED_INIT, ctx)
    block = _body(module)
    matmul = next(op for op in _ops(block) if op.name == "linalg.matmul")
    expected = pytest.raises(MutationError, match="replacing a tensor<4x8xf32> value")
    with expected, Rewrite("retype", matmul) as rw:
        rw.replace_op(matmul, [block.arguments[0]])


@dataclass(frozen=True)
class _BreaksIR(ModulePass):
    """Moves the first generic after the return, then fails or not."""

    NAME: ClassVar[str] = "test-breaks-ir"
    refuse: bool = False

    def run(self, module: ir.Operation) -> None:
        block = module.regions[0].blocks[0].operations[0].regions[0].blocks[0]
        generic = next(op for op in _ops(block) if op.name == "linalg.generic")
        generic.move_after(_ops(block)[-1])
        if self.refuse:
            raise PassFailure("refused after mutating", generic.location)


@pytest.mark.parametrize("refuse", [False, True])
def test_a_pass_that_breaks_the_ir_leaves_its_input_unchanged(
    ctx: ir.Context, refuse: bool
) -> None:
    module = ir.Module.parse(SHARED_INIT, ctx)
    before = str(module)
    expected = "refused after mutating" if refuse else "produced IR that does not verify"
    with pytest.raises(ir.MLIRError) as error:
        _BreaksIR(refuse=refuse)(module)
    assert expected in str(error.value)
    assert "test-breaks-ir" in str(error.value)
    assert str(module) == before

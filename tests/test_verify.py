"""`mlirfuse.verify` and `count_kernels`: numbers before/after a pipeline,
kernel counts, tolerances, and the errors a user can make."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.metrics import count_kernels, kernels_by_function
from mlirfuse.passes import PASS_REGISTRY, ModulePass
from mlirfuse.runner import RunnerError
from mlirfuse.runner.inputs import load_npz
from mlirfuse.verify import NO_FUSION, SCHEDULE_PLANS, SCHEDULES, run_on_cpu, verify

ID = "affine_map<(d0, d1) -> (d0, d1)>"
PAR = '["parallel", "parallel"]'


def ew(result: str, operands: str, body: str, ty: str = "f32") -> str:
    """One elementwise generic over tensor<32x64x{ty}> named %{result}."""
    t = f"tensor<32x64x{ty}>"
    names = [o.strip() for o in operands.split(",")]
    maps = ", ".join([ID] * (len(names) + 1))
    args = ", ".join(f"%v{i}: {ty}" for i in range(len(names)))
    return f"""
  %{result} = linalg.generic {{indexing_maps = [{maps}], iterator_types = {PAR}}}
      ins({operands} : {", ".join([t] * len(names))}) outs(%e : {t}) {{
  ^bb0({args}, %o: {ty}):
    {body}
    linalg.yield %y : {ty}
  }} -> {t}"""


def chain(ty: str = "f32", mul: str = "arith.mulf", add: str = "arith.addf") -> str:
    t = f"tensor<32x64x{ty}>"
    return (
        f"func.func @chain(%a: {t}, %b: {t}) -> {t} {{\n  %e = tensor.empty() : {t}"
        + ew("m", "%a, %b", f"%y = {mul} %v0, %v1 : {ty}", ty)
        + ew("s", "%m, %a", f"%y = {add} %v0, %v1 : {ty}", ty)
        + ew("r", "%s", f"%y = {mul} %v0, %v0 : {ty}", ty)
        + f"\n  return %r : {t}\n}}"
    )


FUSE_UPSTREAM = "builtin.module(linalg-fuse-elementwise-ops)"


def test_count_kernels_skips_fills_and_counts_groups(ctx: ir.Context) -> None:
    text = """module {
func.func @k(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.add ins(%a, %f : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %g = "fusion.group"() ({
    %m = linalg.mul ins(%s, %s : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %n = linalg.exp ins(%m : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    "gpu.yield"(%n) : (tensor<8xf32>) -> ()
  }) {fusion.pattern = "elementwise", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<8xf32>
  return %s, %g : tensor<8xf32>, tensor<8xf32>
}
func.func private @decl(tensor<8xf32>) -> tensor<8xf32>
}"""
    module = parse_module(text, ctx, "k.mlir")
    assert kernels_by_function(module) == {"k": 2}  # add + group; fill and group body not
    assert count_kernels(module, "k") == count_kernels(module) == 2
    with pytest.raises(KeyError, match="no function @nope"):
        count_kernels(module, "nope")


def test_verify_upstream_fusion_on_a_chain() -> None:
    report = verify(chain(), FUSE_UPSTREAM, seed=1)
    assert report.ok
    assert (report.kernels_before, report.kernels_after) == (3, 1)
    (result,) = report.results
    assert result.tolerance == 1e-5 and result.max_rel_error <= 1e-5
    lines = report.lines()
    assert lines[1] == "kernels: 3 before, 1 after" and lines[-1] == "verify: ok"


def test_verify_tolerances_by_type() -> None:
    f64 = verify(chain("f64"), "builtin.module(canonicalize)")
    assert f64.results[0].tolerance == 1e-12 and f64.ok
    i64 = verify(chain("i64", "arith.muli", "arith.addi"), FUSE_UPSTREAM, rtol=0.5)
    assert i64.results[0].tolerance == 0.0 and i64.ok  # rtol applies to floats only


def test_verify_reports_changed_numerics() -> None:
    tanh = chain().replace("%y = arith.mulf %v0, %v0 : f32", "%y = math.tanh %v0 : f32")
    strict = verify(tanh, "builtin.module(func.func(math-expand-ops))", rtol=0.0)
    assert not strict.ok
    assert 0 < strict.results[0].max_abs_error < 1e-5
    assert "FAIL" in strict.results[0].line() and strict.lines()[-1].startswith("verify: FAILED")
    assert verify(tanh, "builtin.module(func.func(math-expand-ops))").ok


@dataclass(frozen=True)
class SquareSecondOperand(ModulePass):
    """Test-only miscompile: every arith.mulf x*y becomes x*x."""

    NAME = "mlirfuse-test-miscompile"
    SUMMARY = "test only"

    def run(self, module: ir.Operation) -> None:
        def visit(op: ir.Operation) -> ir.WalkResult:
            if op.name == "arith.mulf":
                op.operands[1] = op.operands[0]
            return ir.WalkResult.ADVANCE

        module.walk(visit)


def test_verify_catches_a_miscompile(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PASS_REGISTRY, SquareSecondOperand.NAME, f"{__name__}:SquareSecondOperand")
    report = verify(chain(), f"builtin.module({SquareSecondOperand.NAME})")
    assert not report.ok and report.results[0].max_rel_error > 0.1


def doubled_on_cpu(
    text: str, func_name: str, arrays: Sequence[np.ndarray], source_name: str
) -> list[np.ndarray]:
    """A test schedule that runs on the CPU but doubles every result."""
    return [2 * r for r in run_on_cpu(text, func_name, arrays, source_name)]


def test_schedules_are_pluggable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SCHEDULES, "doubled", f"{__name__}:doubled_on_cpu")
    report = verify(chain(), FUSE_UPSTREAM, schedule="doubled")
    assert not report.ok and report.schedule == "doubled"
    assert report.lines()[0].startswith(
        f"verify @chain: pipeline {FUSE_UPSTREAM}, schedule doubled,"
    )
    assert verify(chain(), FUSE_UPSTREAM, schedule="cpu").ok
    with pytest.raises(RunnerError, match=r"unknown schedule 'nope' \(known: "):
        verify(chain(), FUSE_UPSTREAM, schedule="nope")


def canonicalized(module: ir.Module, fuse: bool) -> str:
    """A test schedule plan: canonicalize, or nothing without fusion."""
    from mlirfuse.pipeline import run_pipeline

    if fuse:
        run_pipeline(module, FUSE_UPSTREAM)
    return "test plan" if fuse else "test plan, no fusion"


def test_schedule_plans_replace_the_default_pipeline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SCHEDULES, "planned", f"{__name__}:doubled_on_cpu")
    monkeypatch.setitem(SCHEDULE_PLANS, "planned", f"{__name__}:canonicalized")
    planned = verify(chain(), schedule="planned")
    assert (planned.pipeline, planned.kernels_after) == ("test plan", 1)
    given = verify(chain(), "builtin.module(canonicalize)", schedule="planned")
    assert (given.pipeline, given.kernels_after) == ("builtin.module(canonicalize)", 3)
    unfused = verify(chain(), schedule="planned", fuse=False)
    assert (unfused.pipeline, unfused.kernels_after) == ("test plan, no fusion", 3)
    cpu = verify(chain(), schedule="cpu", fuse=False)
    assert (cpu.pipeline, cpu.kernels_after) == (NO_FUSION, 3) and cpu.ok
    with pytest.raises(RunnerError, match="exclude each other"):
        verify(chain(), FUSE_UPSTREAM, fuse=False)


def test_gpu_schedule_checks_compiles_plan_and_no_fuse() -> None:
    fused = verify(chain(), schedule="gpu", isolated=True)
    assert fused.ok and fused.kernels_after == 1
    assert "search=auto" in fused.pipeline and "mlirfuse compile" in fused.pipeline
    unfused = verify(chain(), schedule="gpu", fuse=False, isolated=True)
    assert unfused.ok and unfused.kernels_after == unfused.kernels_before == 3


def test_verify_given_inputs_and_original_untouched() -> None:
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal((32, 64)).astype(np.float32) for _ in range(2))
    text = chain()
    report = verify(text, FUSE_UPSTREAM, inputs=[a, b])
    assert report.inputs == "given" and report.ok
    with pytest.raises(RunnerError, match=r"argument #1 of @chain is tensor<32x64xf32>"):
        verify(text, FUSE_UPSTREAM, inputs=[a, b[:3]])


def test_verify_errors() -> None:
    with pytest.raises(RunnerError, match=r"unknown pass 'canonicalise'.*canonicalize"):
        verify(chain(), "builtin.module(canonicalise)")
    with pytest.raises(RunnerError, match=r"changed the signature of @chain"):
        verify(chain(), "builtin.module(one-shot-bufferize{bufferize-function-boundaries})")


def test_verify_isolated_runs_in_a_child() -> None:
    report = verify(chain(), FUSE_UPSTREAM, isolated=True)
    assert report.ok and report.kernels_after == 1


@pytest.mark.parametrize(
    "name", ["layernorm_residual", "mlp_gelu", "resnet_basic_block", "softmax_lastdim"]
)
def test_default_fusion_keeps_workload_numerics(workloads_dir: Path, name: str) -> None:
    path = workloads_dir / f"{name}.mlir"
    inputs = load_npz(str(workloads_dir / f"{name}.npz")).args
    report = verify(path.read_text(), inputs=inputs, source_name=str(path))
    assert report.ok, "\n".join(report.lines())
    assert report.kernels_after < report.kernels_before


def test_count_kernels_on_workloads(workloads_dir: Path) -> None:
    # The README's linalg op counts minus fills.
    expected = {
        "layernorm_residual": 17,
        "mlp_gelu": 11,
        "resnet_basic_block": 19,
        "softmax_lastdim": 5,
    }
    ctx = make_context()
    for name, kernels in expected.items():
        module = parse_module((workloads_dir / f"{name}.mlir").read_text(), ctx, name)
        assert count_kernels(module) == kernels, name

"""The explain report on the shared workloads, from Python and from the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mlirfuse.analysis import OpKind, explain
from mlirfuse.context import make_context, parse_module

REPO = Path(__file__).resolve().parent.parent
WORKLOADS = REPO / "models"
NAMES = ["layernorm_residual", "mlp_gelu", "resnet_basic_block", "softmax_lastdim"]


def report_of(name: str) -> dict:
    ctx = make_context()
    path = WORKLOADS / f"{name}.mlir"
    module = parse_module(path.read_text(), ctx, path.name)
    return explain(module.operation)


@pytest.mark.parametrize("name", NAMES)
def test_every_workload_op_gets_a_real_kind(name):
    report = report_of(name)
    kinds = {op["kind"] for op in report["ops"]}
    assert OpKind.OPAQUE.value not in kinds
    assert kinds <= {k.value for k in OpKind}
    linalg = [op for op in report["ops"] if op["op"].startswith("linalg.")]
    assert all(op["loop_ranges"] and None not in op["loop_ranges"] for op in linalg)


@pytest.mark.parametrize("name", NAMES)
def test_ids_match_across_lists(name):
    report = report_of(name)
    ids = [op["id"] for op in report["ops"]]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(f"{name}:") for i in ids)
    for e in report["edges"]:
        assert e["producer"] in ids and e["consumer"] in ids
        assert set(e) >= {"producer", "consumer", "ok", "code", "message"}
    for s in report["siblings"]:
        assert s["a"] in ids and s["b"] in ids


def test_only_the_batchnorm_asserts_have_side_effects():
    effects = {
        name: [o["id"] for o in report_of(name)["ops"] if o["side_effects"]] for name in NAMES
    }
    assert effects["resnet_basic_block"] == ["resnet_basic_block:10", "resnet_basic_block:24"]
    assert all(not effects[n] for n in NAMES if n != "resnet_basic_block")


def test_kind_counts_match_the_workloads_readme():
    ops = report_of("mlp_gelu")["ops"]
    by_name = [o["op"] for o in ops]
    assert by_name.count("linalg.matmul") == 3 and by_name.count("linalg.transpose") == 3
    assert sum(o["kind"] == "contraction" for o in ops) == 3
    conv = [o for o in report_of("resnet_basic_block")["ops"] if o["kind"] == "convolution"]
    assert len(conv) == 2


def test_softmax_is_one_legal_kernel_and_its_triangle_is_a_pairwise_cycle():
    report = report_of("softmax_lastdim")
    decisions = {(e["producer"], e["consumer"]): e for e in report["edges"]}
    exp_to_div = decisions[("softmax_lastdim:11", "softmax_lastdim:15")]
    assert exp_to_div["code"] == "cycle"  # exp -> sum -> div and exp -> div
    sum_to_div = decisions[("softmax_lastdim:14", "softmax_lastdim:15")]
    assert sum_to_div["ok"] and sum_to_div["op_level"]["code"] == "kind-mismatch"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mlirfuse.cli", "explain", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_cli_json_and_func_filter():
    result = run_cli(
        str(WORKLOADS / "softmax_lastdim.mlir"), "--format", "json", "--func", "softmax_lastdim"
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert len(report["ops"]) == 16 and report["functions"][0]["name"] == "softmax_lastdim"


def test_cli_parse_error_is_located_and_exits_1(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() {\n  %0 = arith.addf %a, %a : f32\n  return\n}\n")
    result = run_cli(str(bad))
    assert result.returncode == 1
    assert result.stdout == ""
    assert f"{bad}:2:" in result.stderr and "error:" in result.stderr

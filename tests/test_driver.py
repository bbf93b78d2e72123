"""mlirfuse-opt: options, splitting, diagnostics, output safety, crash reports,
and byte-identical output with the bindings on every shared workload."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import workload_files
from mlir import ir
from mlir.passmanager import PassManager

from mlirfuse.context import make_context
from mlirfuse.driver.diagnostics import Diag
from mlirfuse.driver.main import main
from mlirfuse.driver.options import UsageError, parse_args
from mlirfuse.driver.split import join_outputs, split_input
from mlirfuse.driver.verify_diagnostics import check, parse_expectations
from mlirfuse.passes import PASS_REGISTRY, ModulePass
from mlirfuse.upstream_passes import find_mlir_opt

OPT = [sys.executable, "-m", "mlirfuse.tools.mlirfuse_opt"]
GOOD = "func.func @f(%a: f32) -> f32 {\n  %x = arith.addf %a, %a : f32\n  return %x : f32\n}\n"
BAD = "func.func @f(%a: f32) -> f32 {\n  return %nope : f32\n}\n"


def run_opt(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*OPT, *args], input=stdin, capture_output=True, text=True)


# -- pieces ----------------------------------------------------------------------


def test_split_keeps_original_line_numbers() -> None:
    chunks = split_input("a\n// -----\nb\nc\n// -----\nd", enabled=True)
    assert [c.first_line for c in chunks] == [1, 3, 6]
    assert chunks[1].text.splitlines()[2] == "b"  # line 3 of the file is line 3 of the chunk
    assert len(split_input("a\n// -----\nb", enabled=False)) == 1
    assert join_outputs(["x\n", "y"]) == "x\n// -----\ny\n"


def test_expectation_targets() -> None:
    text = "l1\n// expected-error @+1 {{one}}\nl3\n// expected-note @above {{two}} expected-remark @-2 {{three}}\n// expected-warning@below {{four}}\nl6 // expected-error {{five}}\n"
    got = [(e.severity, e.line, e.text) for e in parse_expectations(text)]
    assert got == [
        ("error", 3, "one"),
        ("note", 3, "two"),
        ("remark", 2, "three"),
        ("warning", 6, "four"),
        ("error", 6, "five"),
    ]


def test_check_reports_unexpected_and_missing() -> None:
    expectations = parse_expectations(
        "x\n// expected-error @-1 {{boom}}\n// expected-error {{never}}\n"
    )
    diags = [Diag("error", "a boom here", "f.mlir", 1, 3), Diag("warning", "stray", "f.mlir", 2, 1)]
    failures = [d.format() for d in check(expectations, diags, "f.mlir")]
    assert failures == [
        "f.mlir:2:1: error: unexpected warning: stray",
        'f.mlir:3:4: error: expected error "never" was not produced',
    ]


def test_diag_format_with_notes() -> None:
    note = Diag("note", "prior use here", "f.mlir", 1, 9)
    diag = Diag("error", "bad", "f.mlir", 4, 2, (note,))
    assert diag.format() == "f.mlir:4:2: error: bad\nf.mlir:1:9: note: prior use here"
    source = ["func.func @f(%a: f32) {", "", "", "\tx = y"]
    assert diag.format("f.mlir", source).splitlines() == [
        "f.mlir:4:2: error: bad",
        "\tx = y",
        "\t^",
        "f.mlir:1:9: note: prior use here",
        "func.func @f(%a: f32) {",
        "        ^",
    ]
    assert Diag("error", "no place").format("in.mlir") == "in.mlir: error: no place"


def test_pass_flags_compose_a_pipeline_in_order() -> None:
    opts = parse_args(
        ["in.mlir", "-cse", "--mlirfuse-inline-groups", "--canonicalize=max-iterations=2"]
    )
    assert (
        opts.pipeline == "builtin.module(cse,mlirfuse-inline-groups,canonicalize{max-iterations=2})"
    )
    assert parse_args(["-split-input-file", "-verify-diagnostics"]).split_input_file


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--cse", "--pass-pipeline=cse"], "use only one of"),
        (["--canonicalise"], "did you mean --canonicalize"),
        (["--pipeline-file=/nonexistent.pipeline"], "cannot read pipeline file"),
        (["-o"], "expected one argument"),
    ],
)
def test_bad_command_lines(argv: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_args(argv)


# -- in-process runs (--no-isolation) -------------------------------------------


def test_in_process_success_writes_output_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(GOOD)
    out = tmp_path / "out.mlir"
    assert main([str(source), "-o", str(out), "--cse", "--no-isolation"]) == 0
    assert "arith.addf" in out.read_text()
    assert capsys.readouterr().out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.mlir", "out.mlir"]


def test_in_process_failure_leaves_no_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.mlir"
    source.write_text(BAD)
    out = tmp_path / "out.mlir"
    assert main([str(source), "-o", str(out), "--no-isolation"]) == 1
    err = capsys.readouterr().err
    assert f"{source}:2:10: error: use of undeclared SSA value name" in err
    assert "Traceback" not in err
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.mlir"]
    assert source.read_text() == BAD


def test_output_cannot_be_the_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(GOOD)
    assert main([str(source), "-o", str(source), "--no-isolation"]) == 1
    assert "refusing to overwrite the input file" in capsys.readouterr().err
    assert source.read_text() == GOOD


def test_missing_input_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["/nonexistent/in.mlir", "--no-isolation"]) == 1
    assert (
        "cannot open input file '/nonexistent/in.mlir': No such file or directory"
        in capsys.readouterr().err
    )


def test_split_verify_diagnostics_in_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "s.mlir"
    source.write_text(
        GOOD
        + "// -----\n"
        + BAD.replace("  return", "  // expected-error @+1 {{undeclared SSA value}}\n  return")
    )
    assert main([str(source), "--split-input-file", "--verify-diagnostics", "--no-isolation"]) == 0
    captured = capsys.readouterr()
    assert captured.out.count("func.func @f") == 1 and captured.err == ""


def test_multiple_top_level_ops_get_an_implicit_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "two.mlir"
    source.write_text(GOOD + GOOD.replace("@f", "@g").replace("return %x", "return %y"))
    assert main([str(source), "--no-isolation"]) == 1
    assert f"{source}:7:10: error: use of undeclared SSA value name" in capsys.readouterr().err
    source.write_text(GOOD + GOOD.replace("@f", "@g"))
    assert main([str(source), "--no-isolation", "--mlir-print-debuginfo"]) == 0
    out = capsys.readouterr().out
    assert "func.func @g" in out and f'loc("{source}":5:1)' in out


# -- the isolated driver, as users run it ----------------------------------------


def test_crash_is_reported_with_a_reproducer(tmp_path: Path) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(GOOD)
    out = tmp_path / "out.mlir"
    result = run_opt(str(source), "--crash-for-testing", "--cse", "-o", str(out))
    assert result.returncode == 2
    assert "internal error: the compiler crashed (signal 6)" in result.stderr
    saved = result.stderr.split("the input was saved to ")[1].split(";")[0]
    assert Path(saved).read_text() == GOOD
    assert (
        f"mlirfuse-opt {saved} '--pass-pipeline=builtin.module(cse)' --crash-for-testing=abort"
        in result.stderr
    )
    assert not out.exists() and source.read_text() == GOOD
    Path(saved).unlink()


def test_fatal_error_exit_without_result_is_a_crash(tmp_path: Path) -> None:
    """`LLVM ERROR` exits with code 1, like a user error: the missing result
    file is what tells the driver the compiler died."""
    source = tmp_path / "in.mlir"
    source.write_text(GOOD)
    result = run_opt(str(source), "--crash-for-testing=exit", "--cse")
    assert result.returncode == 2
    assert "internal error: the compiler crashed (exit code 1, no result)" in result.stderr
    assert "LLVM ERROR: simulated fatal error" in result.stderr
    saved = result.stderr.split("the input was saved to ")[1].split(";")[0]
    Path(saved).unlink()


def test_stdin_input_and_diagnostics_name() -> None:
    ok = run_opt("-", "--cse", stdin=GOOD)
    assert ok.returncode == 0 and "arith.addf" in ok.stdout
    bad = run_opt("-", stdin=BAD)
    assert bad.returncode == 1
    # Like mlir-opt: the location, then the source line and a caret.
    assert bad.stderr == (
        "<stdin>:2:10: error: use of undeclared SSA value name\n  return %nope : f32\n         ^\n"
    )
    assert bad.stdout == ""


@pytest.mark.parametrize("workload", workload_files(), ids=lambda p: p.name)
def test_canonicalize_output_is_byte_identical_to_the_bindings(workload: Path) -> None:
    ctx = make_context()
    with ctx:
        module = ir.Module.parse(workload.read_text())
        PassManager.parse("builtin.module(canonicalize)").run(module.operation)
        expected = str(module)
    result = run_opt(str(workload), "--pass-pipeline=builtin.module(canonicalize)")
    assert result.returncode == 0, result.stderr
    # Like mlir-opt (and print(module)): str(module), then one newline.
    assert result.stdout == expected + "\n"
    mlir_opt = find_mlir_opt()
    if mlir_opt.is_file():
        upstream = subprocess.run(
            [str(mlir_opt), str(workload), "--pass-pipeline=builtin.module(canonicalize)"],
            capture_output=True,
            text=True,
        )
        assert result.stdout == upstream.stdout


class RaisingPass(ModulePass):
    """A pass with a bug: it raises a Python exception."""

    NAME = "mlirfuse-test-raise"
    SUMMARY = "raise ZeroDivisionError (tests only)"

    def run(self, module: ir.Operation) -> None:
        raise ZeroDivisionError("a bug in a pass")


def test_exception_in_a_pass_is_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PASS_REGISTRY, RaisingPass.NAME, "test_driver:RaisingPass")
    source = tmp_path / "in.mlir"
    source.write_text(GOOD)
    assert (
        main([str(source), "--mlirfuse-test-raise", "--no-isolation", "-o", str(tmp_path / "o")])
        == 2
    )
    err = capsys.readouterr().err
    assert "internal error: ZeroDivisionError: a bug in a pass (at test_driver.py:" in err
    assert "Traceback" not in err
    saved = Path(err.split("traceback was saved to ")[1].split()[0])
    assert "raise ZeroDivisionError" in saved.read_text()
    saved.unlink()
    assert not (tmp_path / "o").exists()


def test_regex_expectations() -> None:
    (expectation,) = parse_expectations("// expected-error-re @+1 {{has {{[0-9]+}} operands (x}}\n")
    assert expectation.text == "has {{[0-9]+}} operands (x"
    assert expectation.matches(Diag("error", "op has 12 operands (x)", "f", 2, 1))
    assert not expectation.matches(Diag("error", "op has many operands (x)", "f", 2, 1))


def test_roundtrip_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mlirfuse.context import parse_module
    from mlirfuse.driver.roundtrip import roundtrip_problems

    group = '%r = "fusion.group"() ({\n gpu.yield %a : f32\n }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32\n return %r : f32'
    text = GOOD.replace("return %x : f32", group)
    module = parse_module(text, make_context(), "g.mlir")
    assert roundtrip_problems(module, module.context, "g.mlir") == []
    # Reparsing where the dialect is unknown fails: both forms are reported.
    problems = roundtrip_problems(module, ir.Context(), "g.mlir")
    assert [p.message.split(":")[1].strip() for p in problems] == [
        "the generic form does not parse back",
        "the pretty form does not parse back",
    ]
    source = tmp_path / "g.mlir"
    source.write_text(text)
    assert main([str(source), "--verify-roundtrip", "--no-isolation"]) == 0
    assert '"fusion.group"' in capsys.readouterr().out

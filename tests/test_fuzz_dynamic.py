"""`bench/fuzz --dynamic P`: the share of functions with dynamic dims, for
campaigns on the dynamic-shape paths (docs/dynamic-shapes.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlirfuse.fuzz.builder_core import GeneratorConfig
from mlirfuse.fuzz.campaign import _generator_options, build_parser, run_cli
from mlirfuse.fuzz.generator import generate


def test_dynamic_option_reaches_the_generator() -> None:
    def dynamic_share(argv: list[str]) -> int:
        options = _generator_options(build_parser().parse_args(argv))
        return sum(generate(35, i, GeneratorConfig(**options)).is_dynamic for i in range(40))

    # Every function may draw dynamic dims; about half end with a dynamic
    # argument (the others' dims are kept static where an op needs them).
    assert dynamic_share(["--dynamic", "1"]) >= 15
    assert dynamic_share([]) <= 5
    assert dynamic_share(["--dynamic", "0"]) == 0


def test_dynamic_option_out_of_range_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["--dynamic", "1.5"])
    assert exit_info.value.code == 2


def test_a_dynamic_campaign_fuses_and_matches(tmp_path: Path) -> None:
    argv = ["--dynamic", "1", "--seed", "35", "--count", "6", "--quick", "--jobs", "1"]
    code, result = run_cli([*argv, "--out", str(tmp_path), "--no-reduce"])
    assert code == 0 and result.functions == 6
    assert result.count("ok") > 0 and not result.failures

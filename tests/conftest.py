"""Shared pytest fixtures.

`workloads_dir`: the model zoo folder `<repo>/models`, which holds the four
original workloads beside the rest of the zoo; `workload_files()` lists those
four, `zoo_files()` every model.
`ctx`: a fresh MLIR context with the fusion dialect loaded.
The suite runs with MLIRFUSE_CHECK_IR=1: every rewrite step verifies the IR
it leaves (mlirfuse/settings.py), in this process and in the tools it spawns.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from mlir import ir

from mlirfuse.context import make_context
from mlirfuse.settings import CHECK_IR_ENV

os.environ.setdefault(CHECK_IR_ENV, "1")

REPO_ROOT = Path(__file__).resolve().parent.parent


MODELS_DIR = REPO_ROOT / "models"
# The four workloads the project was first built against; many tests pin their figures.
WORKLOAD_NAMES = ("layernorm_residual", "mlp_gelu", "resnet_basic_block", "softmax_lastdim")


def models_script(file_name: str) -> ModuleType:
    """A script of models/ (run by the zoo's tools, not a package) loaded as a module."""
    spec = importlib.util.spec_from_file_location(
        f"zoo_{Path(file_name).stem}", MODELS_DIR / file_name
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def workload_files() -> list[Path]:
    return [MODELS_DIR / f"{name}.mlir" for name in WORKLOAD_NAMES]


def zoo_files() -> list[Path]:
    """Every model of the zoo (`models/*.mlir`), the four workloads included."""
    return sorted(MODELS_DIR.glob("*.mlir"))


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """`--dist loadgroup` (the Makefile's): each zoo model's checks on one
    worker (tests/xdist_groups.py says why xdist's own grouping is not enough)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from tests.xdist_groups import ZooModelScheduling

    return ZooModelScheduling(config, log)


@pytest.fixture(scope="session")
def workloads_dir() -> Path:
    return MODELS_DIR


@pytest.fixture
def ctx() -> Iterator[ir.Context]:
    context = make_context()
    yield context


@pytest.fixture(autouse=True)
def _gpu_lowerability_only_in_gpu_tests(request: pytest.FixtureRequest) -> Iterator[None]:
    """Importing `mlirfuse.gpu` registers its lowerability predicate for the
    whole process; outside tests/test_gpu_* planning runs without it, as a
    CPU-only user's does, whatever the test order."""
    from mlirfuse.analysis import lowerability

    saved = dict(lowerability._PREDICATES)
    saved_patterns = dict(lowerability._PATTERN_PREDICATES)
    if not request.module.__name__.startswith("test_gpu"):
        lowerability.unregister_lowerability("gpu")
    yield
    lowerability._PREDICATES.clear()
    lowerability._PREDICATES.update(saved)
    lowerability._PATTERN_PREDICATES.clear()
    lowerability._PATTERN_PREDICATES.update(saved_patterns)

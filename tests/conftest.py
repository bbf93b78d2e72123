"""Shared pytest fixtures.

`workloads_dir`: the shared real workloads (`MLIRFUSE_WORKLOADS`, else
`<repo>/../shared/workloads`); tests using it skip when it is absent.
`ctx`: a fresh MLIR context with the fusion dialect loaded.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from mlir import ir

from mlirfuse.context import make_context

REPO_ROOT = Path(__file__).resolve().parent.parent


def find_workloads_dir() -> Path:
    env = os.environ.get("MLIRFUSE_WORKLOADS")
    return Path(env) if env else (REPO_ROOT.parent / "shared" / "workloads").resolve()


def workload_files() -> list[Path]:
    folder = find_workloads_dir()
    return sorted(folder.glob("*.mlir")) if folder.is_dir() else []


@pytest.fixture(scope="session")
def workloads_dir() -> Path:
    folder = find_workloads_dir()
    if not folder.is_dir():
        pytest.skip(f"shared workloads not found at {folder} (set MLIRFUSE_WORKLOADS)")
    return folder


@pytest.fixture
def ctx() -> Iterator[ir.Context]:
    context = make_context()
    yield context

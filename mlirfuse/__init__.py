"""mlirfuse: an operator-fusion compiler for MLIR Linalg-on-tensors.

The flow is one way: parse -> analyse -> plan -> rewrite -> lower -> run/verify.
Public entry points are imported lazily so `import mlirfuse` stays cheap.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

# name -> module that defines it
_LAZY = {
    "make_context": "mlirfuse.context",
    "load_fusion_dialect": "mlirfuse.context",
    "parse_module": "mlirfuse.context",
    "run": "mlirfuse.runner",
    "plan": "mlirfuse.api",
    "fuse": "mlirfuse.api",
    "make_plan": "mlirfuse.policy.planner",
    "get_target": "mlirfuse.targets",
    "explain": "mlirfuse.analysis.explain",
    "run_pipeline": "mlirfuse.pipeline",
    "build_pass_manager": "mlirfuse.pipeline",
    "PipelineError": "mlirfuse.pipeline",
    "merge_siblings": "mlirfuse.policy.sibling_rules",
    "FusionPolicy": "mlirfuse.policy.policy",
    "merge_sibling_generics": "mlirfuse.transforms.siblings",
    "concat_contractions": "mlirfuse.transforms.horizontal_contraction",
    "lower_to_ptx": "mlirfuse.gpu.lower",
    "extract_ptx": "mlirfuse.gpu.ptx",
    "cpu_check": "mlirfuse.gpu.cpu_check",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mlirfuse' has no attribute '{name}'")
    import importlib

    return getattr(importlib.import_module(module), name)

"""The registry of mlirfuse passes.

Each entry maps a pass flag to `module:Class`; the module is imported only
when the pass is asked for, so listing or running one pass never imports the
rest. To add a pass: write `mlirfuse/passes/<name>.py` declaring a
`ModulePass` subclass and add one line here.
"""

from __future__ import annotations

import difflib
import importlib

from mlirfuse.passes.base import ModulePass, OptionError, PassFailure, option

__all__ = [
    "PASS_REGISTRY",
    "ModulePass",
    "OptionError",
    "PassFailure",
    "UnknownPassError",
    "get_pass_class",
    "option",
    "pass_names",
]

PASS_REGISTRY: dict[str, str] = {
    # name -> "module:Class"; keep sorted.
    "mlirfuse-dynamic-expands": "mlirfuse.passes.dynamic_expands:DynamicExpands",
    "mlirfuse-dynamic-sizes": "mlirfuse.passes.dynamic_sizes:DynamicSizes",
    "mlirfuse-fold-head-layouts": "mlirfuse.passes.fold_head_layouts:FoldHeadLayouts",
    "mlirfuse-form-groups": "mlirfuse.passes.form_groups:FormGroupsPass",
    "mlirfuse-fuse": "mlirfuse.passes.fuse:FusePass",
    "mlirfuse-fuse-elementwise": "mlirfuse.passes.fuse_elementwise:FuseElementwisePass",
    "mlirfuse-fuse-siblings": "mlirfuse.passes.fuse_siblings:FuseSiblings",
    "mlirfuse-group-independent": "mlirfuse.passes.group_independent:GroupIndependent",
    "mlirfuse-horizontal-contraction": "mlirfuse.passes.horizontal_contraction:HorizontalContraction",
    "mlirfuse-inline-generators": "mlirfuse.passes.inline_generators:InlineGenerators",
    "mlirfuse-inline-groups": "mlirfuse.passes.inline_groups:InlineGroups",
    "mlirfuse-propagate-reshapes": "mlirfuse.passes.propagate_reshapes:PropagateReshapes",
    "mlirfuse-round-16bit-floats": "mlirfuse.passes.round_16bit_floats:Round16BitFloats",
    "mlirfuse-verify-groups": "mlirfuse.passes.verify_groups:VerifyGroups",
    "mlirfuse-widen-i1-memrefs": "mlirfuse.passes.widen_i1_memrefs:WidenI1Memrefs",
}


class UnknownPassError(ValueError):
    """A pass name that is neither an mlirfuse pass nor (for the driver) upstream."""


def pass_names() -> list[str]:
    return sorted(PASS_REGISTRY)


def nearest_pass_names(name: str, extra: list[str] | None = None) -> list[str]:
    return difflib.get_close_matches(name, pass_names() + (extra or []), n=3, cutoff=0.5)


def get_pass_class(name: str) -> type[ModulePass]:
    target = PASS_REGISTRY.get(name)
    if target is None:
        near = nearest_pass_names(name)
        hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
        raise UnknownPassError(f"unknown mlirfuse pass '{name}'{hint}")
    module_name, _, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    assert issubclass(cls, ModulePass)
    return cls

"""The switches the fusion passes share, as pass options -> FusionOptions."""

from __future__ import annotations

from typing import Any

from mlirfuse.passes.base import OptionError, option
from mlirfuse.passes.fusion_driver import check_switches
from mlirfuse.search import METHODS
from mlirfuse.targets import known_targets
from mlirfuse.transforms.keep import parse_selection
from mlirfuse.vocab.options import FusionOptions, attention_mode

RECOMPUTE_POLICIES = ("never", "auto", "always")

# One help line per fusion switch, shared by every pass that declares it.
SWITCH_HELP = {
    "enabled": "global switch: false leaves the IR unchanged",
    "elementwise": "fuse elementwise/broadcast/transpose chains",
    "reduction_prologue": "fuse elementwise producers into reductions",
    "reduction_epilogue": "reduction + elementwise consumers in one kernel",
    "contraction_epilogue": "matmul/conv + elementwise epilogue in one kernel",
    "siblings": "merge ops sharing an input (horizontal fusion)",
    "horizontal_contraction": "merge matmuls sharing an LHS",
    "independent": "group unrelated small kernels to save launches",
    "recompute": "multi-consumer producers: never | auto | always",
    "keep_intermediates": "'all' or comma list of %names / FILE:LINE to keep",
    "max_operands": "operands (external tensors) per kernel",
    "attention": "Q·K -> softmax -> ·V chains as one online-softmax kernel: auto (where J is"
    " lower; search=greedy: off) | on | off (true/false: on/off)",
    "target": "GPU target of the cost model",
    "search": "planner: greedy (rule heuristic) | dp | auto | exact",
}


def switch(name: str, default: Any) -> Any:
    """Declare the fusion switch `name` as a pass option (its help is shared)."""
    return option(default, SWITCH_HELP[name])


MAX_OPERANDS_LIMIT = 1024


def fusion_options(p: Any, **overrides: Any) -> FusionOptions:
    """FusionOptions from a pass's option fields (those it declares)."""
    fields = {
        name: getattr(p, name) for name in FusionOptions.__dataclass_fields__ if hasattr(p, name)
    }
    fields.setdefault("attention", "off")  # only the passes declaring it form attention kernels
    fields.update(overrides)
    return FusionOptions(**fields)


def validate_common(p: Any) -> None:
    """Range checks shared by the fusion passes (raise OptionError)."""
    name = type(p).NAME
    recompute = getattr(p, "recompute", "auto")
    if recompute not in RECOMPUTE_POLICIES:
        raise OptionError(
            f"{name}: recompute='{recompute}' is not one of {', '.join(RECOMPUTE_POLICIES)}"
        )
    search = getattr(p, "search", "greedy")
    if search not in METHODS:
        raise OptionError(f"{name}: search='{search}' is not one of {', '.join(METHODS)}")
    max_operands = getattr(p, "max_operands", 32)
    if not 1 <= max_operands <= MAX_OPERANDS_LIMIT:
        raise OptionError(f"{name}: max-operands={max_operands} is outside 1..{MAX_OPERANDS_LIMIT}")
    parse_selection(getattr(p, "keep_intermediates", ""))
    try:
        attention_mode(getattr(p, "attention", "off"))
    except ValueError as error:
        raise OptionError(f"{name}: {error}") from None
    try:
        check_switches(search, fusion_options(p))
    except OptionError as error:
        raise OptionError(f"{name}: {error}") from None
    target = getattr(p, "target", None)
    if target is not None:
        _check_target(name, target)


def _check_target(name: str, target: str) -> None:
    known = known_targets()
    if target not in known and not target.endswith((".toml", ".json")):
        raise OptionError(f"{name}: unknown target '{target}' (known: {', '.join(known)})")

"""The switches the fusion passes share, as pass options -> FusionOptions."""

from __future__ import annotations

from typing import Any

from mlirfuse.passes.base import OptionError
from mlirfuse.targets import known_targets
from mlirfuse.transforms.keep import parse_selection
from mlirfuse.vocab.options import FusionOptions

RECOMPUTE_POLICIES = ("never", "auto", "always")
SEARCHES = ("greedy", "dp", "auto")
MAX_OPERANDS_LIMIT = 1024


def fusion_options(p: Any, **overrides: Any) -> FusionOptions:
    """FusionOptions from a pass's option fields (those it declares)."""
    fields = {
        name: getattr(p, name) for name in FusionOptions.__dataclass_fields__ if hasattr(p, name)
    }
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
    if search not in SEARCHES:
        raise OptionError(f"{name}: search='{search}' is not one of {', '.join(SEARCHES)}")
    max_operands = getattr(p, "max_operands", 32)
    if not 1 <= max_operands <= MAX_OPERANDS_LIMIT:
        raise OptionError(f"{name}: max-operands={max_operands} is outside 1..{MAX_OPERANDS_LIMIT}")
    parse_selection(getattr(p, "keep_intermediates", ""))
    target = getattr(p, "target", None)
    if target is not None:
        _check_target(name, target)


def _check_target(name: str, target: str) -> None:
    known = known_targets()
    if target not in known and not target.endswith((".toml", ".json")):
        raise OptionError(f"{name}: unknown target '{target}' (known: {', '.join(known)})")

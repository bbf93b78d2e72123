"""Back-end lowerability as part of legality: can a back end build one kernel of these ops?

A plan is only worth what the back end can build, so "may these ops form one
kernel" includes the back end's answer. Analysis must not import a back end
(`mlirfuse/gpu/` sits layers above it), so a back end registers its predicate
here and every group check (explain, every search, the heuristic, the sibling
rules) asks `check_lowerable`. With nothing registered every group is
lowerable, which is what a pure CPU user gets.

A predicate takes the candidate group's ops (in program order) and returns
None when it can build them, or a refusal `Decision` whose code is one of the
back end's codes (listed in docs/gpu-lowering.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mlir import ir

from mlirfuse.analysis.types import Decision

GroupPredicate = Callable[[Sequence[ir.Operation]], "Decision | None"]

_PREDICATES: dict[str, GroupPredicate] = {}
# Kernels a planner forms by pattern rather than by growing groups (the
# attention kernel): (backend, pattern) -> predicate on the pattern's ops.
_PATTERN_PREDICATES: dict[tuple[str, str], GroupPredicate] = {}


def register_lowerability(backend: str, predicate: GroupPredicate) -> None:
    """Install (or replace) `backend`'s predicate; idempotent for one backend name."""
    _PREDICATES[backend] = predicate


def register_pattern_lowerability(backend: str, pattern: str, predicate: GroupPredicate) -> None:
    """Install `backend`'s predicate for kernels of `pattern` (e.g. "attention"):
    it gets the ops such a kernel replaces, in program order."""
    _PATTERN_PREDICATES[(backend, pattern)] = predicate


def unregister_lowerability(backend: str) -> None:
    _PREDICATES.pop(backend, None)
    for key in [k for k in _PATTERN_PREDICATES if k[0] == backend]:
        del _PATTERN_PREDICATES[key]


def registered_backends() -> tuple[str, ...]:
    return tuple(sorted(_PREDICATES))


def check_pattern_lowerable(pattern: str, ops: Sequence[ir.Operation]) -> Decision | None:
    """The first refusal of a registered back end for a `pattern` kernel of
    `ops`; None when every back end with a predicate for it can build it (a
    back end registered without one is not asked)."""
    for key in sorted(_PATTERN_PREDICATES):
        if key[1] != pattern:
            continue
        refusal = _PATTERN_PREDICATES[key](ops)
        if refusal is not None and not refusal.ok:
            return refusal
    return None


def check_lowerable(ops: Sequence[ir.Operation]) -> Decision | None:
    """The first refusal of any registered back end, or None when all can build the group."""
    for backend in sorted(_PREDICATES):
        refusal = _PREDICATES[backend](ops)
        if refusal is not None and not refusal.ok:
            return refusal
    return None

"""Plans: the one object handed from deciding (planners) to rewriting."""

import sys as _sys
import types as _types
from typing import Any as _Any

from mlirfuse.plan.model import FunctionPlan, Group, Plan, PlanSummary, Refusal

__all__ = ["FunctionPlan", "Group", "Plan", "PlanSummary", "Refusal"]


class _CallablePackage(_types.ModuleType):
    """`mlirfuse.plan` is both this package and the embedding API's `plan()`:
    once the package is imported it shadows the lazy function, so calling the
    package forwards to `mlirfuse.api.plan`."""

    def __call__(self, *args: _Any, **kwargs: _Any) -> Plan:
        from mlirfuse.api import plan

        return plan(*args, **kwargs)


_sys.modules[__name__].__class__ = _CallablePackage

"""Plans: the one object handed from deciding (planners) to rewriting."""

from mlirfuse.plan.model import FunctionPlan, Group, Plan, PlanSummary, Refusal

__all__ = ["FunctionPlan", "Group", "Plan", "PlanSummary", "Refusal"]

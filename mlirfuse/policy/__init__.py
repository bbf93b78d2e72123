"""Fusion policy ("should these ops fuse"): the rule heuristic, the sibling
rules and the planner that combines them with the searches.

The plan they produce is `mlirfuse.vocab.model.Plan`.
"""

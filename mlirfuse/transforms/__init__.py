"""Rewrites that execute a fusion plan; they decide nothing.

Vertical fusion: `groups` (fusion.group per planned kernel), `merge` and
`merge_pairs` (op-level merge), `generalize` (one named op to a generic),
`keep` (keep-intermediates), `pipeline` (`execute`: one function's plan, the
rewrite half of `mlirfuse.passes.fusion_driver`), `shape_queries` (shape-only
uses re-pointed before planning). Sibling fusion: the `sibling_*`, `siblings`
and `horizontal_contraction` modules. The read-only queries they make live in
`mlirfuse.analysis` (`escaping`, `op_facts`, `block_graph`, `sibling_spaces`,
`contractions`).
"""

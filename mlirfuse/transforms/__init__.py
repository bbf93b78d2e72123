"""Rewrites that execute a fusion plan; they decide nothing.

Vertical fusion: `groups` (fusion.group per planned kernel), `merge` and
`merge_pairs` (op-level merge), `generalize` (one named op to a generic),
`keep` (keep-intermediates), `pipeline` (plan -> rewrite driver of the
passes), `graph` (the analysis queries they make). Sibling fusion: the
`sibling_*`, `siblings` and `horizontal_contraction` modules.
"""

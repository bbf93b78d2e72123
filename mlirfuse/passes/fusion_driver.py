"""The fusion driver: plan -> rewrite -> verify, one function, one set of defaults.

    plan = plan_module(module_op, options)             # decides (module unchanged
                                                        # but for `prepare`: shape queries,
                                                        # bias inits and the attention
                                                        # kernels options.attention takes)
    plan = fuse_module(module_op, options, mode="fuse") # plans, rewrites, verifies

Every entry point that fuses goes through here: the fusion passes, the API
(`mlirfuse.plan`, `mlirfuse.fuse`), `mlirfuse plan` and the measurer. `mode`
says how far the rewrite goes: "groups" stops after group formation, "fuse"
also merges inside groups, "elementwise" merges and then inlines every group.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mlir import ir

from mlirfuse.analysis.escaping import build_graph
from mlirfuse.cost.weights import CostWeights
from mlirfuse.functions import function_name, function_ops
from mlirfuse.policy.attention import AttentionGroup, choose_attention, plan_attention
from mlirfuse.policy.heuristic import plan_function_greedy
from mlirfuse.policy.planner import make_plan
from mlirfuse.policy.policy import FusionPolicy
from mlirfuse.search import DEFAULT_TIME_LIMIT, ComponentMemo
from mlirfuse.targets import Target
from mlirfuse.transforms.attention import rewrite_attention
from mlirfuse.transforms.bias_init import split_bias_inits
from mlirfuse.transforms.const_eval import fold_constant_tables
from mlirfuse.transforms.dynamic_sizes import canonicalize_dynamic_sizes, drop_unused_sizes
from mlirfuse.transforms.gather_inline import inline_index_computations
from mlirfuse.transforms.generalize import generalize_reductions
from mlirfuse.transforms.generators import inline_generators
from mlirfuse.transforms.head_layout import fold_head_layouts, narrow_before_heads
from mlirfuse.transforms.inserted_concats import inserted_concats
from mlirfuse.transforms.keep import (
    drop_mixed_types,
    mark_kept,
    parse_selection,
    return_values,
    select_ops,
    unmatched,
)
from mlirfuse.transforms.pad_transpose import pads_before_transposes
from mlirfuse.transforms.pipeline import Mode, execute
from mlirfuse.transforms.reshape_propagation import propagate_reshapes
from mlirfuse.transforms.shape_queries import resolve_result_dims
from mlirfuse.transforms.splat_inputs import splat_inputs_as_scalars
from mlirfuse.transforms.unit_batch import unit_batch_matmuls
from mlirfuse.vocab.errors import OptionError, PassFailure
from mlirfuse.vocab.model import Plan
from mlirfuse.vocab.options import FusionOptions

DEFAULT_TARGET = "h200"
DEFAULT_SEARCH = "greedy"  # the rule heuristic; "dp" / "auto" never price worse than it
_ROUNDS = 4  # of reshape propagation and copy folding, each uncovering the other's work


def prepare(
    module_op: ir.Operation,
    options: FusionOptions | None = None,
    *,
    target: str | Target = DEFAULT_TARGET,
    search: str = DEFAULT_SEARCH,
    weights: CostWeights | None = None,
    policy: FusionPolicy | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    taken: dict[str, list[int]] | None = None,
    priced: dict[str, Plan] | None = None,
) -> list[dict[str, Any]]:
    """What every planner must see first: each dynamic size said once
    (`dynamic_sizes.py`), shape-only uses no longer tie kernels, a named
    `linalg.reduce` is its generic (`generalize.generalize_reductions`), a batch
    matmul of batch 1 is a matmul (`unit_batch.py`), insert_slices tiling an
    empty tensor are a concat (`inserted_concats.py`), a convolution's pad of
    a transpose pads its source (`pad_transpose.py`), a bias broadcast into
    a convolution's init is its epilogue, a splat constant a generic reads
    is a scalar in its body (`splat_inputs.py`); the attention
    chains `options.attention` takes ("on": every one the back end can build;
    "auto": those whose kernel lowers J, priced by `choose_attention` with the
    planner that follows; "off", or "auto" under search=greedy: none) already
    one kernel each (its `fusion.group` is an opaque op to the planners that
    follow); head-split transposes and copies folded into indexing maps
    (`head_layout.py`); reshapes moved through elementwise generics
    (`reshape_propagation.py`). `taken` (a plan's `extra["attention_taken"]`) replays
    earlier "auto" decisions instead of pricing again. Every plan "auto" priced
    goes to `priced`, keyed by `module_key` of the module it planned (the
    caller reuses the one that matches the prepared module instead of planning
    it again). Returns the "auto" decisions (function, chains, J without and
    with, taken)."""
    functions = function_ops(module_op)
    for func_op in functions:
        canonicalize_dynamic_sizes(func_op)
        resolve_result_dims(func_op)
        generalize_reductions(func_op)  # linalg from TOSA: the rewrites below read generics
        unit_batch_matmuls(func_op)
        inserted_concats(func_op)
        pads_before_transposes(func_op)
        split_bias_inits(func_op)  # first: TOSA's zero bias is a splat it drops
        splat_inputs_as_scalars(func_op)
        narrow_before_heads(func_op)
        # Before the attention chains are matched: a causal mask computed from
        # loop indices becomes a score op, which the kernel computes per key
        # block instead of reading an S x S tensor some kernel wrote.
        inline_generators(func_op)
    pricing = Pricing(target, search, weights, policy, time_limit, taken, priced)
    decisions: list[dict[str, Any]] = []
    chosen = [
        _attention_groups(module_op, i, options, pricing, decisions) for i in range(len(functions))
    ]
    for func_op, groups in zip(functions, chosen, strict=True):
        rewrite_attention(groups)
        _after_attention(func_op)
    return decisions


def _after_attention(func_op: ir.Operation) -> None:
    """What follows the attention kernels in `prepare` (and in its pricing)."""
    # After the attention kernels, which read their chains' transposes themselves.
    fold_head_layouts(func_op)
    # Reshapes between a compute op and its elementwise readers move to
    # kernel boundaries (`reshape_propagation.py`). A reshape moved down can
    # leave a transpose right before a generic, to be folded in its turn
    # (SAM's window partition in bf16: the second fuse folded it); a few
    # rounds reach the fixed point a second fuse would find (idempotence).
    _reshape_rounds(func_op)
    # Index-only generators (position ids, masks) computed by their readers
    # (`generators.py`): after the reshapes moved, so more readers are generics.
    # An elementwise producer only a gather reads is computed at its reads
    # (`gather_inline.py`: the rotary angles a concat repeats).
    inline_index_computations(func_op)
    # What is computed from constants alone and still a kernel of its own (a
    # gather's coordinate table) is computed now (`const_eval.py`); the
    # constants it leaves are boundary values the reshapes move past.
    if fold_constant_tables(func_op):
        _reshape_rounds(func_op)
        inline_index_computations(func_op)
    # A dynamic batch's B*H the expanded batch matmuls no longer read: fusing
    # the output again would drop it, so it goes now (idempotence).
    drop_unused_sizes(func_op)


def _reshape_rounds(func_op: ir.Operation) -> None:
    for _ in range(_ROUNDS):
        if not propagate_reshapes(func_op) or not fold_head_layouts(func_op):
            break


def module_key(module_op: ir.Operation) -> str:
    """The module's full text, locations included: equal keys, equal plans."""
    return module_op.get_asm(enable_debug_info=True, large_elements_limit=None)


@dataclass(frozen=True)
class Pricing:
    """How "auto" prices a choice of attention chains: the plan's planner."""

    target: str | Target
    search: str
    weights: CostWeights | None
    policy: FusionPolicy | None
    time_limit: float
    taken: dict[str, list[int]] | None = None  # replayed decisions, per function
    priced: dict[str, Plan] | None = None  # the plans priced, by module_key
    # The priced plans differ only around the chains priced: each other
    # component is searched once (search/memo.py).
    memo: ComponentMemo = field(default_factory=ComponentMemo)


def _attention_groups(
    module_op: ir.Operation,
    index: int,
    options: FusionOptions | None,
    pricing: Pricing,
    decisions: list[dict[str, Any]],
) -> tuple[AttentionGroup, ...]:
    """The attention groups function `index` is rewritten with."""
    if options is None or options.attention == "off":
        return ()
    func_op = function_ops(module_op)[index]
    groups = plan_attention(func_op.regions[0].blocks[0], options).groups
    name = function_name(func_op)
    if options.attention == "on":
        return groups
    if pricing.taken is not None:
        return tuple(groups[i] for i in pricing.taken.get(name, []) if i < len(groups))
    if pricing.search == "greedy" or not groups:
        return ()

    def price(chains: tuple[int, ...]) -> float:
        return _price(module_op, index, options, chains, pricing)

    taken, choices = choose_attention(len(groups), price)
    for choice in choices:
        decisions.append(
            {
                "func": name,
                "chains": list(choice.chains),
                "without": choice.without,
                "with": choice.with_,
                "taken": choice.taken,
            }
        )
    return tuple(groups[i] for i in taken)


def _price(
    module_op: ir.Operation,
    index: int,
    options: FusionOptions,
    chains: tuple[int, ...],
    pricing: Pricing,
) -> float:
    """J of the plan of a copy of the module whose function `index` has
    `chains` as attention kernels (every function prepared as `prepare` does)."""
    copy = module_op.clone()  # detached: freed with its Python object
    functions = function_ops(copy.operation)
    groups = plan_attention(functions[index].regions[0].blocks[0], options).groups
    rewrite_attention(tuple(groups[i] for i in chains))
    for func_op in functions:
        _after_attention(func_op)
    plan = make_plan(
        copy.operation,
        target=pricing.target,
        search=pricing.search,
        options=options,
        weights=pricing.weights,
        policy=pricing.policy,
        time_limit=pricing.time_limit,
        memo=pricing.memo,
    )
    if pricing.priced is not None:
        pricing.priced[module_key(copy.operation)] = plan
    return plan.summaries[-1].cost


def plan_module(
    module_op: ir.Operation,
    options: FusionOptions | None = None,
    *,
    target: str | Target = DEFAULT_TARGET,
    search: str = DEFAULT_SEARCH,
    weights: CostWeights | None = None,
    measure: Any = None,
    policy: FusionPolicy | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Plan:
    """The costed plan of every function (P0..Pk rows, refusals, report data)."""
    chosen = options or FusionOptions()
    check_switches(search, chosen)
    priced: dict[str, Plan] = {}
    decisions = prepare(
        module_op,
        chosen,
        target=target,
        search=search,
        weights=weights,
        policy=policy,
        time_limit=time_limit,
        priced=priced,
    )
    plan = None if measure is not None else _priced_plan(module_op, priced)
    if plan is None:
        plan = make_plan(
            module_op,
            target=target,
            search=search,
            options=chosen,
            weights=weights,
            measure=measure,
            policy=policy,
            time_limit=time_limit,
        )
    _record(plan, decisions)
    return plan


def _priced_plan(module_op: ir.Operation, priced: dict[str, Plan]) -> Plan | None:
    """The plan "auto" priced on a copy identical to the prepared module."""
    return priced.get(module_key(module_op)) if priced else None


def _record(plan: Plan, decisions: list[dict[str, Any]]) -> None:
    """The "auto" decisions, and the chains taken per function (replayed by
    `fuse_module(plan=...)`)."""
    plan.extra["attention"] = decisions
    taken: dict[str, list[int]] = {}
    for decision in decisions:
        if decision["taken"]:
            taken.setdefault(decision["func"], []).extend(decision["chains"])
    plan.extra["attention_taken"] = taken


def fuse_module(
    module_op: ir.Operation,
    options: FusionOptions | None = None,
    *,
    mode: Mode = "fuse",
    target: str | Target = DEFAULT_TARGET,
    search: str = DEFAULT_SEARCH,
    plan: Plan | None = None,
    policy: FusionPolicy | None = None,
) -> Plan:
    """Plan `module_op` (unless `plan` is given), execute the plan, verify; returns the plan."""
    options = options or FusionOptions()
    check_switches(search, options)
    selection = parse_selection(options.keep_intermediates)
    _check_selection(module_op, selection)
    replay = plan.extra.get("attention_taken") if plan is not None else None
    priced: dict[str, Plan] = {}
    decisions = prepare(
        module_op,
        options,
        target=target,
        search=search,
        policy=policy,
        taken=replay,
        priced=priced,
    )
    if plan is None:
        plan = _priced_plan(module_op, priced) or _plan_for_rewrite(
            module_op, options, target, search, policy
        )
        _record(plan, decisions)
    for func_op in function_ops(module_op):
        name = function_name(func_op)
        fplan = plan.functions.get(name)
        if fplan is None or not options.enabled:
            continue
        graph = build_graph(func_op)
        kept = select_ops(fplan, graph, selection) if selection else []
        kept = drop_mixed_types(fplan, graph, kept)
        fplan = mark_kept(fplan, kept)
        plan.functions[name] = fplan
        return_values(func_op, [r for i in kept for r in graph.ops[i].results])
        execute(func_op, fplan, graph, mode)
        del graph  # its handles dangle once the sizes the rewrite left unread go
        if mode != "groups":
            # A generator copied only into a single reader (`generators.py`)
            # may have one now that its readers were merged (BEiT's resize
            # indices): merged here, so that fusing the output again does
            # not (idempotence; a no-op where the plan left none).
            inline_index_computations(func_op)
        # Sizes only the erased ops read (a copy's `tensor.dim` index): fusing
        # the output again would drop them (idempotence).
        drop_unused_sizes(func_op)
    _verify(module_op)
    return plan


def check_switches(search: str, options: FusionOptions) -> None:
    """Refuse a switch the chosen search cannot honour (OptionError)."""
    if search == "greedy":
        return
    if options.independent:
        raise OptionError(f"independent=true is planned by search=greedy only, not search={search}")
    if options.recompute == "always":
        raise OptionError(f"recompute=always is planned by search=greedy only, not search={search}")


def _check_selection(module_op: ir.Operation, selection: list[str]) -> None:
    """Every name or place of keep-intermediates must match a kernel op."""
    functions = function_ops(module_op)
    ops = [op.operation for fn in functions for op in fn.regions[0].blocks[0].operations]
    missing = unmatched(selection, ops)
    if missing:
        where = functions[0].location if functions else module_op.location
        raise PassFailure(
            f"keep-intermediates: {', '.join(repr(m) for m in missing)} names no kernel op",
            where,
        )


def _verify(module_op: ir.Operation) -> None:
    try:
        module_op.verify()
    except ir.MLIRError as error:
        raise PassFailure(f"the fused IR does not verify: {error}", module_op.location) from None


def _plan_for_rewrite(
    module_op: ir.Operation,
    options: FusionOptions,
    target: str | Target,
    search: str,
    policy: FusionPolicy | None,
) -> Plan:
    # "greedy" is the rule heuristic itself: make_plan would only add costs,
    # which rewriting does not need.
    if search != "greedy":
        return make_plan(module_op, target=target, search=search, options=options, policy=policy)
    name = target if isinstance(target, str) else target.name
    plan = Plan(target=name, search="greedy")
    for func_op in function_ops(module_op):
        plan.functions[function_name(func_op)] = plan_function_greedy(
            build_graph(func_op), options, policy
        )
    return plan

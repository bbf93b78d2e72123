// The `fusion` dialect: the ops that mlirfuse's rewrites produce and its
// lowering consumes. Defined in IRDL so it loads into any MLIR context at run
// time from Python (the pinned bindings cannot define ops natively).
//
// fusion.group: the ops of one future GPU kernel.
//   - no operands: the body captures the values it reads from above (the region
//     is not isolated), so moving ops into a group never rewires their operands;
//   - results: the values that leave the kernel (used after the group, or kept
//     for debugging with keep-intermediates);
//   - one region with one block, terminated by `gpu.yield` whose operands are
//     the group's results. IRDL cannot declare a terminator of its own, and
//     gpu.yield is the one upstream terminator without a parent restriction.
//   - attributes (optional, by convention): `fusion.pattern` (string: the
//     pattern that formed the group) and `fusion.id` (i64: the plan's group id).
irdl.dialect @fusion {
  irdl.operation @group {
    %any = irdl.any
    irdl.results(results: variadic %any)
    %body = irdl.region
    irdl.regions(body: %body)
  }
}

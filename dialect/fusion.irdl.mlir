// The `fusion` dialect: the ops that mlirfuse's rewrites produce and its
// lowering consumes. Defined in IRDL so it loads into any MLIR context at run
// time from Python (the pinned bindings cannot define ops natively).
//
// fusion.group: the ops of one future GPU kernel.
//   - no operands: the body captures the values it reads from above (the region
//     is not isolated), so moving ops into a group never rewires their operands;
//   - results: the values that leave the kernel (used after the group, or kept
//     for debugging with keep-intermediates), in 8 result slots: r0..r6 hold
//     at most one result each, `rest` any number. IRDL binds one constraint
//     variable per slot, so a single variadic slot would force every result to
//     the same type; separate slots let up to 7 results differ in type (the
//     8th and later ones share one type). Because several slots are optional,
//     IRDL requires the attribute `resultSegmentSizes` (array<i32>, 8 entries,
//     e.g. array<i32: 1, 1, 0, 0, 0, 0, 0, 0> for two results);
//     `mlirfuse.context.group_attributes` computes it;
//   - one region with one block, terminated by `gpu.yield` whose operands are
//     the group's results. IRDL cannot declare a terminator of its own, and
//     gpu.yield is the one upstream terminator without a parent restriction.
//   - attributes (optional, by convention): `fusion.pattern` (string: the
//     pattern that formed the group) and `fusion.id` (i64: the plan's group id).
irdl.dialect @fusion {
  irdl.operation @group {
    %t0 = irdl.any
    %t1 = irdl.any
    %t2 = irdl.any
    %t3 = irdl.any
    %t4 = irdl.any
    %t5 = irdl.any
    %t6 = irdl.any
    %rest = irdl.any
    irdl.results(r0: optional %t0, r1: optional %t1, r2: optional %t2, r3: optional %t3, r4: optional %t4, r5: optional %t5, r6: optional %t6, rest: variadic %rest)
    %body = irdl.region
    irdl.regions(body: %body)
  }
}

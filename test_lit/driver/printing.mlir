// Printing flags: generic form, debug locations, IR after each pass (on
// stderr, like mlir-opt), timing report.
// RUN: %mlirfuse-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %mlirfuse-opt %s --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// RUN: %mlirfuse-opt %s --mlir-print-ir-after-all --pass-pipeline='builtin.module(mlirfuse-inline-groups,canonicalize)' 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: %mlirfuse-opt %s --mlir-timing --pass-pipeline='builtin.module(mlirfuse-inline-groups,cse)' 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING

// GENERIC: "func.func"() <{function_type = (f32) -> f32, sym_name = "f"}> ({
// GENERIC:   "arith.addf"
// GENERIC:   "func.return"

// DEBUG: return %{{.*}} : f32 loc(#[[RET:loc[0-9]*]])
// DEBUG: #[[RET]] = loc("{{.*}}printing.mlir":[[# @LINE + 19]]:3)

// AFTER: // -----// IR Dump After mlirfuse-inline-groups (mlirfuse-inline-groups) //----- //
// AFTER-NEXT: module {
// AFTER-NOT: fusion.group
// AFTER: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: module {
// AFTER-NEXT:   func.func @f(%{{.*}}: f32) -> f32 {

// TIMING: Execution time report
// TIMING-DAG: mlirfuse-inline-groups
// TIMING-DAG: CSE
// TIMING: Total

func.func @f(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    %x = arith.addf %a, %a : f32
    gpu.yield %x : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

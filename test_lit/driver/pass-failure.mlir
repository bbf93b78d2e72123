// A pass that fails: located error, exit 1, no output; with
// --mlir-print-ir-after-failure the IR at the failure goes to stderr.
// RUN: not %mlirfuse-opt %s --pass-pipeline='builtin.module(canonicalize,mlirfuse-verify-groups,cse)' 2>&1 >%t.out | FileCheck %s
// RUN: count 0 < %t.out
// RUN: not %mlirfuse-opt %s --mlir-print-ir-after-failure --mlirfuse-verify-groups 2>&1 | FileCheck %s --check-prefix=DUMP

// CHECK: pass-failure.mlir:[[# @LINE + 9]]:5: error: mlirfuse-verify-groups: gpu.yield value #0 has type i32, group result has f32
// CHECK-NOT: Traceback

// DUMP: // -----// IR Dump After mlirfuse-verify-groups Failed (mlirfuse-verify-groups) //----- //
// DUMP: "fusion.group"
// DUMP: error: mlirfuse-verify-groups: gpu.yield value #0

func.func @f(%a: f32, %b: i32) -> f32 {
  %r = "fusion.group"() ({
    gpu.yield %b : i32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

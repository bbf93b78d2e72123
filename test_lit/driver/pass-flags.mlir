// Every pass is also a flag, as in mlir-opt: mlirfuse passes and upstream ones,
// single or double dash, options after `=`. Flags run in command-line order.
// RUN: %mlirfuse-opt %s --canonicalize='max-iterations=4' --mlirfuse-inline-groups -cse | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=4},mlirfuse-inline-groups,cse)' | FileCheck %s
// Mixing flags with --pass-pipeline is refused.
// RUN: not %mlirfuse-opt %s --cse --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=MIXED

// CHECK-LABEL: func.func @f(
// CHECK-NOT:     fusion.group
// CHECK:         %[[X:.+]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:    %[[Y:.+]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:    return %[[Y]] : f32

// MIXED: mlirfuse-opt: error: use only one of --pass-pipeline, --pipeline-file and pass flags (got pass flags: --cse)

func.func @f(%a: f32) -> f32 {
  %g = "fusion.group"() ({
    %x = arith.addf %a, %a : f32
    %x2 = arith.addf %a, %a : f32
    gpu.yield %x2 : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  %x = arith.addf %a, %a : f32
  %y = arith.mulf %g, %x : f32
  return %y : f32
}

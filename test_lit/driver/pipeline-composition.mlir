// Upstream and mlirfuse passes interleave in one pipeline, in the order given.
// CSE cannot merge the two identical additions while each sits in its own
// group region; after mlirfuse-inline-groups it can.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(canonicalize,mlirfuse-inline-groups,func.func(cse))' | FileCheck %s --check-prefix=INLINE-FIRST
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(func.func(cse),mlirfuse-inline-groups,canonicalize)' | FileCheck %s --check-prefix=CSE-FIRST
// A bare comma list (no builtin.module) means the same.
// RUN: %mlirfuse-opt %s --pass-pipeline='canonicalize, mlirfuse-inline-groups, func.func(cse)' | FileCheck %s --check-prefix=INLINE-FIRST

// INLINE-FIRST-LABEL: func.func @two_groups(
// INLINE-FIRST-SAME:    %[[A:.+]]: tensor<8xf32>, %[[B:.+]]: tensor<8xf32>)
// INLINE-FIRST-NOT:     fusion.group
// INLINE-FIRST:         %[[E:.+]] = tensor.empty() : tensor<8xf32>
// INLINE-FIRST:         %[[S:.+]] = linalg.add ins(%[[A]], %[[B]] : {{.*}}) outs(%[[E]] : {{.*}})
// INLINE-FIRST-NOT:     linalg.add
// INLINE-FIRST:         %[[M:.+]] = linalg.mul ins(%[[S]], %[[S]] : {{.*}})
// INLINE-FIRST:         return %[[M]]

// CSE-FIRST-LABEL: func.func @two_groups(
// CSE-FIRST-NOT:     fusion.group
// CSE-FIRST:         %[[S1:.+]] = linalg.add
// CSE-FIRST:         %[[S2:.+]] = linalg.add
// CSE-FIRST:         linalg.mul ins(%[[S1]], %[[S2]] :

func.func @two_groups(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "fusion.group"() ({
    %e = tensor.empty() : tensor<8xf32>
    %s = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    gpu.yield %s : tensor<8xf32>
  }) {fusion.id = 0 : i64, fusion.pattern = "elementwise-chain", resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<8xf32>
  %1 = "fusion.group"() ({
    %e = tensor.empty() : tensor<8xf32>
    %s = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    gpu.yield %s : tensor<8xf32>
  }) {fusion.id = 1 : i64, fusion.pattern = "elementwise-chain", resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %m = linalg.mul ins(%0, %1 : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}

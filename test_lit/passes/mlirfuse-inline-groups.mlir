// RUN: %mlirfuse-opt %s --split-input-file --verify-diagnostics --mlirfuse-inline-groups | FileCheck %s

// Body ops move before the group in order; results are replaced by what
// gpu.yield yields; nested groups dissolve too.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME:      %[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK-NOT:     fusion.group
// CHECK-NOT:     gpu.yield
// CHECK:         %[[E:.+]] = tensor.empty()
// CHECK-NEXT:    %[[S:.+]] = linalg.add ins(%[[A]], %[[B]] : {{.*}}) outs(%[[E]] : {{.*}})
// CHECK-NEXT:    %[[M:.+]] = linalg.mul ins(%[[S]], %[[S]] : {{.*}}) outs(%[[E]] : {{.*}})
// CHECK-NEXT:    %[[R:.+]] = linalg.sub ins(%[[S]], %[[M]] : {{.*}}) outs(%[[S]] : {{.*}})
// CHECK-NEXT:    return %[[R]]
func.func @nested(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r:2 = "fusion.group"() ({
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %t = "fusion.group"() ({
      %m = linalg.mul ins(%s, %s : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      gpu.yield %m : tensor<4xf32>
    }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<4xf32>
    gpu.yield %s, %t : tensor<4xf32>, tensor<4xf32>
  }) {fusion.pattern = "elementwise-chain", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<4xf32>, tensor<4xf32>)
  %x = linalg.sub ins(%r#0, %r#1 : tensor<4xf32>, tensor<4xf32>) outs(%r#0 : tensor<4xf32>) -> tensor<4xf32>
  return %x : tensor<4xf32>
}

// -----

// A group may yield a value defined above it; a result-less group just
// dissolves.
// CHECK-LABEL: func.func @passthrough(
// CHECK-SAME:      %[[A:.+]]: f32)
// CHECK-NEXT:    %[[X:.+]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT:    return %[[A]], %[[X]]
func.func @passthrough(%a: f32) -> (f32, f32) {
  "fusion.group"() ({
    "gpu.yield"() : () -> ()
  }) {resultSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  %r:2 = "fusion.group"() ({
    %x = arith.addf %a, %a : f32
    gpu.yield %a, %x : f32, f32
  }) {resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (f32, f32)
  return %r#0, %r#1 : f32, f32
}

// -----

// IRDL does not check that gpu.yield matches the results; the pass does.
func.func @mismatch(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    // expected-error @+1 {{mlirfuse-inline-groups: gpu.yield yields 2 values for 1 group results}}
    gpu.yield %a, %a : f32, f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

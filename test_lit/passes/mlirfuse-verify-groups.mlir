// RUN: %mlirfuse-opt %s --split-input-file --verify-diagnostics --mlirfuse-verify-groups | FileCheck %s

// A sound group passes unchanged.
// CHECK-LABEL: func.func @sound
// CHECK:         "fusion.group"
func.func @sound(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    %x = arith.addf %a, %a : f32
    gpu.yield %x : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

func.func @too_many(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    // expected-error @+1 {{mlirfuse-verify-groups: gpu.yield yields 2 values for 1 results}}
    gpu.yield %a, %a : f32, f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

func.func @wrong_type(%a: f32, %b: tensor<4xf32>) -> f32 {
  %r = "fusion.group"() ({
    // expected-error @+1 {{gpu.yield value #0 has type tensor<4xf32>, group result has f32}}
    gpu.yield %b : tensor<4xf32>
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

func.func @block_argument(%a: f32) -> f32 {
  // expected-error @+1 {{body block must have no arguments}}
  %r = "fusion.group"() ({
  ^bb0(%x: f32):
    gpu.yield %x : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

// expected-error @+1 {{fusion.group must be inside a function}}
"fusion.group"() ({
  "gpu.yield"() : () -> ()
}) {resultSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()

// A fusion.group that breaks the dialect's rules fails verification with an
// error located at the group (or the offending op).
// RUN: %mlirfuse-opt %s --split-input-file --verify-diagnostics
// RUN: not %mlirfuse-opt %s --split-input-file 2>&1 | FileCheck %s

// CHECK: dialect-invalid.mlir:[[# @LINE + 3]]:8: error: 'fusion.group' op unexpected number of regions: expected 1 but got 0
func.func @no_region() -> f32 {
  // expected-error @+1 {{'fusion.group' op unexpected number of regions: expected 1 but got 0}}
  %r = "fusion.group"() {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

func.func @two_regions(%a: f32) -> f32 {
  // expected-error @+1 {{'fusion.group' op unexpected number of regions: expected 1 but got 2}}
  %r = "fusion.group"() ({
    gpu.yield %a : f32
  }, {
    gpu.yield %a : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

// Groups take no operands: the body captures what it reads from above.
func.func @operands(%a: f32) -> f32 {
  // expected-error @+1 {{op expects exactly 0 operands, but got 1}}
  %r = "fusion.group"(%a) ({
    gpu.yield %a : f32
  }) : (f32) -> f32
  return %r : f32
}

// -----

// The body must end in a terminator; gpu.yield is the one that is accepted.
func.func @no_terminator(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    // expected-error @+1 {{block with no terminator}}
    %x = arith.addf %a, %a : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

// CHECK: dialect-invalid.mlir:[[# @LINE + 5]]:5: error: 'scf.yield' op expects parent op to be one of
func.func @wrong_terminator(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    %x = arith.addf %a, %a : f32
    // expected-error @+1 {{'scf.yield' op expects parent op to be one of}}
    scf.yield %x : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

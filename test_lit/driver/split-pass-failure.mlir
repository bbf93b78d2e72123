// --split-input-file with a pass that fails on one chunk: that chunk reports
// its located error and prints nothing; the chunks before and after it are
// transformed and printed, separated by `// -----`; the exit code is 1.
// RUN: not %mlirfuse-opt %s --split-input-file --mlirfuse-verify-groups --mlirfuse-inline-groups 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// CHECK-LABEL: func.func @before
// CHECK-NOT: fusion.group
// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @after
// CHECK-NOT: fusion.group
// CHECK-NOT: @bad

// ERR: split-pass-failure.mlir:[[# @LINE + 15]]:5: error: mlirfuse-verify-groups: gpu.yield value #0 has type i32, group result has f32
// ERR-NOT: error
// ERR-NOT: Traceback

func.func @before(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    gpu.yield %a : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

func.func @bad(%a: f32, %b: i32) -> f32 {
  %r = "fusion.group"() ({
    gpu.yield %b : i32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

func.func @after(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    gpu.yield %a : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// Each `// -----` chunk is parsed and transformed on its own; outputs are
// joined by `// -----`. Without the flag the markers are plain comments.
// RUN: %mlirfuse-opt %s --split-input-file --mlirfuse-inline-groups | FileCheck %s
// RUN: %mlirfuse-opt %s --mlirfuse-inline-groups | FileCheck %s --check-prefix=WHOLE

// CHECK-LABEL: func.func @first
// CHECK-NOT:   func.func @second
// CHECK:       // -----
// CHECK-NEXT:  module {
// CHECK-NEXT:    func.func @second
// CHECK:       // -----
// CHECK-NEXT:  module {
// CHECK-NEXT:    func.func @third

// WHOLE:       module {
// WHOLE-NEXT:    func.func @first
// WHOLE-NOT:   // -----
// WHOLE:         func.func @second
// WHOLE-NOT:   // -----
// WHOLE:         func.func @third

func.func @first() {
  return
}

// -----

func.func @second(%a: f32) -> f32 {
  %r = "fusion.group"() ({
    gpu.yield %a : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  return %r : f32
}

// -----

func.func @third() {
  return
}

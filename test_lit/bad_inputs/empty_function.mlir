// Nothing to fuse: an empty module chunk, an empty function, a declaration
// without a body, and a function returning its argument. Clean pass-through.
// RUN: cp %s %t.orig && rm -f %t.out
// RUN: %python %S/Inputs/expect_exit.py 0 %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.out
// RUN: cmp %s %t.orig
// RUN: printf '' > %t.empty.mlir
// RUN: %python %S/Inputs/expect_exit.py 0 %mlirfuse-opt %t.empty.mlir --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s --check-prefix=EMPTYFILE

// DIAG-NOT: Traceback
// DIAG-NOT: error
// EMPTYFILE: module {
// EMPTYFILE-NEXT: }

// CHECK: module {
// CHECK-NEXT: }

// -----

// CHECK-LABEL: func.func @empty()
// CHECK-NEXT: return
func.func @empty() {
  return
}

// -----

// CHECK-LABEL: func.func private @declared(tensor<4xf32>) -> tensor<4xf32>
func.func private @declared(tensor<4xf32>) -> tensor<4xf32>

// -----

// CHECK-LABEL: func.func @identity
// CHECK-NEXT: return %{{.*}} : tensor<4xf32>
func.func @identity(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

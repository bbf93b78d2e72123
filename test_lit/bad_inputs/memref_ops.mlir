// Linalg on memrefs (already bufferized) instead of tensors: fusion works on
// tensors only, so the input passes through unchanged (exit 0), with no
// traceback.
// RUN: cp %s %t.orig && rm -f %t.out
// RUN: %python %S/Inputs/expect_exit.py 0 %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.out
// RUN: cmp %s %t.orig

// DIAG-NOT: Traceback
// DIAG-NOT: error

// CHECK-LABEL: func.func @on_memrefs
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: return
func.func @on_memrefs(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %tmp: memref<4x8xf32>, %out: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%tmp : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%tmp : memref<4x8xf32>) outs(%out : memref<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

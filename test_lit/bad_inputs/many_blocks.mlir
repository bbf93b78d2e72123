// A function with several blocks (cf.cond_br / cf.br) and linalg ops in each:
// fusion stays inside a block (or refuses with a located diagnostic); here the
// documented behaviour is a clean run with every block kept. Exit 0.
// RUN: cp %s %t.orig && rm -f %t.out
// RUN: %python %S/Inputs/expect_exit.py 0 %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.out
// RUN: cmp %s %t.orig

// DIAG-NOT: Traceback
// DIAG-NOT: error

// CHECK-LABEL: func.func @branches
// CHECK: cf.cond_br
// CHECK: ^bb1:
// CHECK: math.exp
// CHECK: cf.br ^bb3
// CHECK: ^bb2:
// CHECK: arith.negf
// CHECK: cf.br ^bb3
// CHECK: ^bb3(
// CHECK: return

#id = affine_map<(d0) -> (d0)>
func.func @branches(%a: tensor<8xf32>, %p: i1) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.exp %x : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%1 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  cf.br ^bb3(%2 : tensor<8xf32>)
^bb2:
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  cf.br ^bb3(%3 : tensor<8xf32>)
^bb3(%r: tensor<8xf32>):
  return %r : tensor<8xf32>
}

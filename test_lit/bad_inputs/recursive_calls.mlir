// Direct and mutual recursion with linalg ops around the calls: calls are
// opaque to fusion, nothing loops forever, exit 0, no traceback.
// RUN: cp %s %t.orig && rm -f %t.out
// RUN: %python %S/Inputs/expect_exit.py 0 %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.out
// RUN: cmp %s %t.orig

// DIAG-NOT: Traceback
// DIAG-NOT: error

// CHECK-LABEL: func.func @self
// CHECK: call @self
// CHECK: return
// CHECK-LABEL: func.func @ping
// CHECK: call @pong
// CHECK-LABEL: func.func @pong
// CHECK: call @ping

#id = affine_map<(d0) -> (d0)>
func.func @self(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  %1 = func.call @self(%0) : (tensor<8xf32>) -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%1, %0 : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

func.func @ping(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = func.call @pong(%a) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @pong(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  %1 = func.call @ping(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

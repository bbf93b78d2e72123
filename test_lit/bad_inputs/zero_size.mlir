// Zero-size tensors (a 0x8 chain and a reduction over a 0-long dim): legal
// IR, fused or left alone, exit 0, no traceback.
// RUN: cp %s %t.orig && rm -f %t.out
// RUN: %python %S/Inputs/expect_exit.py 0 %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.out
// RUN: cmp %s %t.orig

// DIAG-NOT: Traceback
// DIAG-NOT: error

// CHECK-LABEL: func.func @empty_chain
// CHECK-SAME: tensor<0x8xf32>
// CHECK: return
// CHECK-LABEL: func.func @reduce_nothing
// CHECK: return

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @empty_chain(%a: tensor<0x8xf32>) -> tensor<0x8xf32> {
  %e = tensor.empty() : tensor<0x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<0x8xf32>) outs(%e : tensor<0x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<0x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<0x8xf32>) outs(%e : tensor<0x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  } -> tensor<0x8xf32>
  return %1 : tensor<0x8xf32>
}

func.func @reduce_nothing(%a: tensor<8x0xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x0xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%r : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.exp %x : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

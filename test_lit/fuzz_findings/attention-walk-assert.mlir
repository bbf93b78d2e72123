// Fuzzer finding (2026-12-01 at 9917779, seed 4 function 2548 and
// seed 9 function 2545, reduced; every search): `mlirfuse-fuse` ended in a
// ValueError (an abort in the isolated worker) in the attention matcher. A
// contraction's result read by a result-less generic (a `cf.assert` check)
// and by a second contraction looks like a scores tensor reaching P·V; the
// softmax walk evaluated the result-less generic and zipped its (no) results
// with one expression. Fixed in analysis/attention_softmax.py: a result-less
// generic ends the walk (no attention chain), and fusion goes on.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | FileCheck %s --check-prefix=NUM
// CHECK-LABEL: func.func @fuzz_4_2548
// CHECK: %[[G:.*]] = "fusion.group"()
// CHECK: linalg.batch_matmul
// CHECK: cf.assert
// CHECK: %[[OUT:.*]] = linalg.batch_matmul ins(%[[G]],
// CHECK: return %[[OUT]]
// NUM: verify: ok
module {
func.func @fuzz_4_2548(%arg3: tensor<2x1x4xf32>, %arg6: tensor<2x4x2xf32>, %v1: tensor<2x2x1xf32>) -> (tensor<2x2x2xf32>) {
  %t0 = tensor.empty() : tensor<2x2x4xf32>
  %t1 = arith.constant 0.000000e+00 : f32
  %t2 = linalg.fill ins(%t1 : f32) outs(%t0 : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
  %v4 = linalg.batch_matmul ins(%v1, %arg3 : tensor<2x2x1xf32>, tensor<2x1x4xf32>) outs(%t2 : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v4 : tensor<2x2x4xf32>) {
  ^bb0(%t3: f32):
    %t4 = arith.cmpf ord, %t3, %t3 : f32
    cf.assert %t4, "mlirfuse fuzz: NaN input"
    linalg.yield
  }
  %t5 = tensor.empty() : tensor<2x2x2xf32>
  %t6 = arith.constant 0.000000e+00 : f32
  %t7 = linalg.fill ins(%t6 : f32) outs(%t5 : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %v7 = linalg.batch_matmul ins(%v4, %arg6 : tensor<2x2x4xf32>, tensor<2x4x2xf32>) outs(%t7 : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  return %v7 : tensor<2x2x2xf32>
}
}

// A generic of several 0-d results (a training step's loss divided by its
// label count, the count kept too) is expanded to write tensor<1xT> each,
// like a single 0-d result (gpu/folds.py expand_scalar_result); it was
// refused: "prepare: full reductions (to a 0-d result) are not lowered to
// one kernel". The count is clamped to >= 1: verify's random integers
// include 0.
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 --emit-gpu %t.gpu.mlir -o %t.ptx 2>&1 | %FileCheck %s --check-prefix=COMPILED
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED-NOT: error
// COMPILED: kernels: 1
// GPU: gpu.func @loss_mean_k0(%{{.*}}: memref<1xf32>, %{{.*}}: memref<1xf32>
// VERIFIED: result0: tensor<f32> {{.*}} ok
// VERIFIED: result1: tensor<f32> {{.*}} ok
// VERIFIED: verify: ok

#s = affine_map<() -> ()>
module {
  func.func @loss_mean(%sum: tensor<f32>, %count: tensor<i64>) -> (tensor<f32>, tensor<f32>) {
    %e = tensor.empty() : tensor<f32>
    %r:2 = linalg.generic {indexing_maps = [#s, #s, #s, #s], iterator_types = []} ins(%sum, %count : tensor<f32>, tensor<i64>) outs(%e, %e : tensor<f32>, tensor<f32>) {
    ^bb0(%x: f32, %n: i64, %o: f32, %p: f32):
      %c1 = arith.constant 1 : i64
      %m = arith.maxsi %n, %c1 : i64
      %c = arith.sitofp %m : i64 to f32
      %q = arith.divf %x, %c : f32
      linalg.yield %q, %c : f32, f32
    } -> (tensor<f32>, tensor<f32>)
    return %r#0, %r#1 : tensor<f32>, tensor<f32>
  }
}

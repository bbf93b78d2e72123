// torch-mlir exports F.fold, index_put and scatter_add as `tm_tensor.scatter`.
// mlirfuse reads the element-wise form (every dim indexed, 1x..x1 updates) as
// linalg: a reduction over the index rows per output element
// (mlirfuse/tm_tensor_scatter.py). Checked against numpy: an add combiner
// with repeated indices (F.fold of MobileViT-v2), and an overwrite whose
// dimension_map swaps the two dims (index_put). Fused, the same numbers; both
// lower to PTX.
// RUN: %mlirfuse-opt %s | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/scatter_refs.py %t
// RUN: %mlirfuse run %s --func fold_add --inputs %t/fold_add.npz --rtol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse run %s --func put --inputs %t/put.npz --rtol 0 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse-opt %s --mlirfuse-fuse='search=auto' --mlirfuse-inline-groups | %mlirfuse run - --func fold_add --inputs %t/fold_add.npz --rtol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse verify %s --func fold_add --schedule gpu | FileCheck %s --check-prefix=GPU
// RUN: %mlirfuse compile %s | FileCheck %s --check-prefix=PTX

// IR-NOT: tm_tensor
// IR-LABEL: func.func @fold_add
// IR: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// IR: arith.cmpi eq
// IR: arith.addf
// IR-LABEL: func.func @put
// IR: linalg.index 1
// IR: linalg.index 0
// IR: arith.select
// NUM-NOT: error
// NUM: result0 vs ref: max_abs_err={{.*}} ok
// GPU: verify: ok
// The zeros a scatter adds into are a fill in the kernel (gpu/destinations.py),
// not a constant copied on the host.
// PTX-NOT: error
// PTX: kernels: 2
// PTX: fold_add_k0
// PTX: put_k1

func.func @fold_add(%upd: tensor<12x1x1x1xf32>, %idx: tensor<12x3xi64>) -> tensor<2x3x4xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<2x3x4xf32>
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0, 1, 2>} unique_indices(false) ins(%upd, %idx : tensor<12x1x1x1xf32>, tensor<12x3xi64>) outs(%zero : tensor<2x3x4xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %o, %u : f32
    tm_tensor.yield %s : f32
  } -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

func.func @put(%base: tensor<3x5xf32>, %values: tensor<4x1x1xf32>, %rows: tensor<4x2xi64>) -> tensor<3x5xf32> {
  %0 = tm_tensor.scatter {dimension_map = array<i64: 1, 0>} unique_indices(true) ins(%values, %rows : tensor<4x1x1xf32>, tensor<4x2xi64>) outs(%base : tensor<3x5xf32>) {
  ^bb0(%u: f32, %o: f32):
    tm_tensor.yield %u : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

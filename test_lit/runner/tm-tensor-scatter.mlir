// torch-mlir exports F.fold, index_put, scatter_add and index_add as
// `tm_tensor.scatter`. mlirfuse reads the element form (every dim indexed,
// 1x..x1 updates) and the row form (slices whole in the unindexed dims) as
// linalg: a reduction over the index rows per output element
// (mlirfuse/tm_tensor_scatter.py). Checked against numpy: an add combiner
// with repeated indices (F.fold of MobileViT-v2), an overwrite whose
// dimension_map swaps the two dims (index_put), an index_add of whole rows
// with repeated destinations (a GCN's message sum), and an index_put of rows
// whose slice leaves the indexed dim out. Fused, the same numbers; all lower
// to PTX.
// RUN: %mlirfuse-opt %s | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/scatter_refs.py %t
// RUN: %mlirfuse run %s --func fold_add --inputs %t/fold_add.npz --rtol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse run %s --func put --inputs %t/put.npz --rtol 0 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse run %s --func rows_add --inputs %t/rows_add.npz --rtol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse run %s --func rows_put --inputs %t/rows_put.npz --rtol 0 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse-opt %s --mlirfuse-fuse='search=auto' --mlirfuse-inline-groups | %mlirfuse run - --func rows_add --inputs %t/rows_add.npz --rtol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse-opt %s --mlirfuse-fuse='search=auto' --mlirfuse-inline-groups | %mlirfuse run - --func fold_add --inputs %t/fold_add.npz --rtol 1e-6 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse verify %s --func fold_add --schedule gpu | FileCheck %s --check-prefix=GPU
// RUN: %mlirfuse compile %s | FileCheck %s --check-prefix=PTX

// IR-NOT: tm_tensor
// A row's update is read at (row, 0, column): one element in the indexed dim;
// a slice that leaves the indexed dim out at (row, column).
// IR-DAG: #[[$ROW_UPDATE:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2, 0, d1)>
// IR-DAG: #[[$ROW_SLICE:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// IR-LABEL: func.func @fold_add
// IR: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// IR: arith.cmpi eq
// IR: arith.addf
// IR-LABEL: func.func @put
// IR: linalg.index 1
// IR: linalg.index 0
// IR: arith.select
// IR-LABEL: func.func @rows_add
// IR: linalg.generic {indexing_maps = [#[[$ROW_UPDATE]], {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// IR: linalg.index 0
// IR: arith.addf
// IR-LABEL: func.func @rows_put
// IR: linalg.generic {indexing_maps = [#[[$ROW_SLICE]], 
// IR: arith.select
// NUM-NOT: error
// NUM: result0 vs ref: max_abs_err={{.*}} ok
// GPU: verify: ok
// The zeros a scatter adds into are a fill in the kernel (gpu/destinations.py),
// not a constant copied on the host.
// PTX-NOT: error
// PTX: kernels: 4
// PTX: fold_add_k0
// PTX: put_k1
// PTX: rows_add_k2
// PTX: rows_put_k3

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

func.func @rows_add(%messages: tensor<6x1x4xf32>, %destinations: tensor<6x1xi64>) -> tensor<5x4xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<5x4xf32>
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(false) ins(%messages, %destinations : tensor<6x1x4xf32>, tensor<6x1xi64>) outs(%zero : tensor<5x4xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %o, %u : f32
    tm_tensor.yield %s : f32
  } -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

func.func @rows_put(%table: tensor<3x5xf32>, %rows: tensor<2x5xf32>, %which: tensor<2x1xi64>) -> tensor<3x5xf32> {
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(true) ins(%rows, %which : tensor<2x5xf32>, tensor<2x1xi64>) outs(%table : tensor<3x5xf32>) {
  ^bb0(%u: f32, %o: f32):
    tm_tensor.yield %u : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

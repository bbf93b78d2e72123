// torch-mlir writes `expand` of a dynamic shape as a gather: a generic with
// no inputs that reads its source by `tensor.extract` at its loop indices, a
// unit dim at the constant 0 (transforms/extract_copies.py, run by
// `mlirfuse-dynamic-sizes`). @repeat_kv is Llama's grouped-query repeat of
// 2 key heads to 4 over a dynamic sequence: the gather becomes the copy
// generic the static export has: read past the expand that inserts the unit
// repeat dim, the unit batch dim at its unit loop, `(d0, d1, d3, d4)` of the
// 4-D keys, which the head-layout folds and the attention kernel read
// through (grouped-query K/V read at h floordiv rep, no repeat kernel). @same is a gather
// at the identity: its source. @sliced reads 4 of 8 rows (a slice, which no
// copy map says) and @diagonal reads one loop twice: both stay gathers.
// RUN: split-file %s %t
// RUN: %mlirfuse-opt %t/f.mlir --pass-pipeline='builtin.module(mlirfuse-dynamic-sizes)' | FileCheck %s
// RUN: %mlirfuse-opt %t/f.mlir --pass-pipeline='builtin.module(mlirfuse-dynamic-sizes,mlirfuse-dynamic-sizes)' | FileCheck %s
// RUN: %python -c "import numpy as n; n.savez('%t/k.npz', arg0=n.random.default_rng(0).standard_normal((1, 2, 7, 16)).astype(n.float32))"
// RUN: %mlirfuse verify %t/f.mlir --func repeat_kv --pass-pipeline='builtin.module(mlirfuse-dynamic-sizes)' --inputs %t/k.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/f.mlir --func repeat_kv --schedule gpu --inputs %t/k.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse plan %t/f.mlir --backend gpu | FileCheck %s --check-prefix=PLAN
// OK: verify: ok
// PLAN-LABEL: @repeat_kv: 1 kernels

// CHECK-DAG: #[[$REPEAT:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
// CHECK-LABEL: func.func @repeat_kv(
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[COPY:.+]] = linalg.generic {indexing_maps = [#[[$REPEAT]], #{{.+}}], {{.*}} ins(%arg0 : tensor<1x2x?x16xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: tensor.collapse_shape %[[COPY]]
// CHECK-NOT: tensor.extract

// CHECK-LABEL: func.func @same(
// CHECK-NOT: linalg.generic
// CHECK: return %arg0

// CHECK-LABEL: func.func @sliced(
// CHECK: tensor.extract %arg0
// CHECK-LABEL: func.func @diagonal(
// CHECK: tensor.extract %arg0

//--- f.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @repeat_kv(%k: tensor<1x2x?x16xf32>) -> tensor<1x4x?x16xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %s = tensor.dim %k, %c2 : tensor<1x2x?x16xf32>
  %x = tensor.expand_shape %k [[0], [1], [2, 3], [4]] output_shape [1, 2, 1, %s, 16] : tensor<1x2x?x16xf32> into tensor<1x2x1x?x16xf32>
  %e = tensor.empty(%s) : tensor<1x2x2x?x16xf32>
  %r = linalg.generic {indexing_maps = [#id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<1x2x2x?x16xf32>) {
  ^bb0(%out: f32):
    %i1 = linalg.index 1 : index
    %i3 = linalg.index 3 : index
    %i4 = linalg.index 4 : index
    %v = tensor.extract %x[%c0, %i1, %c0, %i3, %i4] : tensor<1x2x1x?x16xf32>
    linalg.yield %v : f32
  } -> tensor<1x2x2x?x16xf32>
  %c = tensor.collapse_shape %r [[0], [1, 2], [3], [4]] : tensor<1x2x2x?x16xf32> into tensor<1x4x?x16xf32>
  return %c : tensor<1x4x?x16xf32>
}

func.func @same(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x8xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = tensor.extract %a[%i, %j] : tensor<?x8xf32>
    linalg.yield %v : f32
  } -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

func.func @sliced(%a: tensor<?x8xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = tensor.extract %a[%i, %j] : tensor<?x8xf32>
    linalg.yield %v : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func @diagonal(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%n, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %v = tensor.extract %a[%i, %i] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

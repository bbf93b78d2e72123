// Index-only generators over a dynamic sequence length (transforms/generators.py):
// Llama's position ids, an arange of S, read through expand_shapes that add
// unit dims (1 x S x 1 for the rotary angles, 1 x S and S x 1 for the causal
// mask), are rebuilt in each reshape's space and computed by their readers,
// as with a static S: the dynamic dim leads its group, so its index needs no
// dynamic stride. @collapsed: a 1 x S x 1 generator collapsed to S (its size
// read off the generator's init, not the generator). @strided: an expand of
// S into S/4 x 4 puts the dynamic dim first in its group too: rebuilt, the
// index is i * 4 + j. Checked on the CPU against the unrewritten function.
// RUN: split-file %s %t
// RUN: %mlirfuse-opt %t/f.mlir --pass-pipeline='builtin.module(mlirfuse-inline-generators)' | FileCheck %s
// RUN: %mlirfuse-opt %t/f.mlir --pass-pipeline='builtin.module(mlirfuse-inline-generators,mlirfuse-inline-generators)' | FileCheck %s
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); n.savez('%t/p.npz', arg0=r.standard_normal(8).astype(n.float32), arg1=r.standard_normal((1, 7, 8)).astype(n.float32)); n.savez('%t/c.npz', arg0=r.standard_normal((1, 9, 1)).astype(n.float32)); n.savez('%t/s.npz', arg0=r.standard_normal((3, 4)).astype(n.float32))"
// RUN: %mlirfuse verify %t/f.mlir --func positions --pass-pipeline='builtin.module(mlirfuse-inline-generators)' --inputs %t/p.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/f.mlir --func positions --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' --inputs %t/p.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/f.mlir --func collapsed --pass-pipeline='builtin.module(mlirfuse-inline-generators)' --inputs %t/c.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/f.mlir --func strided --pass-pipeline='builtin.module(mlirfuse-inline-generators)' --inputs %t/s.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse plan %t/f.mlir --backend gpu | FileCheck %s --check-prefix=PLAN
// OK: verify: ok
// PLAN-LABEL: @positions: 2 kernels
// PLAN-LABEL: @collapsed: 1 kernels
// PLAN-LABEL: @strided: 1 kernels

// CHECK-LABEL: func.func @positions(
// CHECK-NOT: tensor<?xi64>
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[ANGLES:.+]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<8xf32>, tensor<1x?x8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[POS:.+]] = linalg.index 1 : index
// CHECK-NEXT: %[[POS64:.+]] = arith.index_cast %[[POS]] : index to i64
// CHECK-NEXT: arith.sitofp %[[POS64]]
// CHECK: %[[MASK:.+]] = linalg.generic {indexing_maps = [#{{[a-z0-9]+}}], iterator_types = ["parallel", "parallel"]} outs(%{{.+}} : tensor<?x?xf32>)
// CHECK-DAG: linalg.index 0
// CHECK-DAG: linalg.index 1
// CHECK: arith.cmpi sgt
// CHECK: return %[[ANGLES]], %[[MASK]]

// CHECK-LABEL: func.func @collapsed(
// CHECK-NOT: outs(%{{.+}} : tensor<1x?x1xf32>)
// CHECK: %[[XS:.+]] = tensor.collapse_shape %arg0
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic {{.*}} ins(%[[XS]] : tensor<?xf32>)
// CHECK: %[[I:.+]] = linalg.index 0 : index
// CHECK: arith.index_cast %[[I]]

// CHECK-LABEL: func.func @strided(
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<?x4xf32>)
// CHECK-DAG: linalg.index 0
// CHECK-DAG: linalg.index 1
// CHECK: arith.muli

//--- f.mlir
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1) -> (0, d1)>
#col = affine_map<(d0, d1) -> (d0, 0)>
#unit = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#last = affine_map<(d0, d1, d2) -> (d2)>
func.func @positions(%inv_freq: tensor<8xf32>, %x: tensor<1x?x8xf32>) -> (tensor<1x?x8xf32>, tensor<?x?xf32>) {
  %c1 = arith.constant 1 : index
  %neg = arith.constant -3.0e+38 : f32
  %zero = arith.constant 0.0 : f32
  %s = tensor.dim %x, %c1 : tensor<1x?x8xf32>
  %e = tensor.empty(%s) : tensor<?xi64>
  %pos = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<?xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<?xi64>
  %p3 = tensor.expand_shape %pos [[0, 1, 2]] output_shape [1, %s, 1] : tensor<?xi64> into tensor<1x?x1xi64>
  %ef = tensor.empty(%s) : tensor<1x?x1xf32>
  %pf = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p3 : tensor<1x?x1xi64>) outs(%ef : tensor<1x?x1xf32>) {
  ^bb0(%in: i64, %out: f32):
    %f = arith.sitofp %in : i64 to f32
    linalg.yield %f : f32
  } -> tensor<1x?x1xf32>
  %ea = tensor.empty(%s) : tensor<1x?x8xf32>
  %angles = linalg.generic {indexing_maps = [#unit, #last, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%pf, %inv_freq, %x : tensor<1x?x1xf32>, tensor<8xf32>, tensor<1x?x8xf32>) outs(%ea : tensor<1x?x8xf32>) {
  ^bb0(%p: f32, %w: f32, %v: f32, %out: f32):
    %m = arith.mulf %p, %w : f32
    %a = arith.addf %m, %v : f32
    linalg.yield %a : f32
  } -> tensor<1x?x8xf32>
  %rows = tensor.expand_shape %pos [[0, 1]] output_shape [1, %s] : tensor<?xi64> into tensor<1x?xi64>
  %cols = tensor.expand_shape %pos [[0, 1]] output_shape [%s, 1] : tensor<?xi64> into tensor<?x1xi64>
  %eb = tensor.empty(%s, %s) : tensor<?x?xi1>
  %later = linalg.generic {indexing_maps = [#row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%rows, %cols : tensor<1x?xi64>, tensor<?x1xi64>) outs(%eb : tensor<?x?xi1>) {
  ^bb0(%r: i64, %c: i64, %out: i1):
    %gt = arith.cmpi sgt, %r, %c : i64
    linalg.yield %gt : i1
  } -> tensor<?x?xi1>
  %em = tensor.empty(%s, %s) : tensor<?x?xf32>
  %mask = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%later : tensor<?x?xi1>) outs(%em : tensor<?x?xf32>) {
  ^bb0(%l: i1, %out: f32):
    %sel = arith.select %l, %neg, %zero : f32
    linalg.yield %sel : f32
  } -> tensor<?x?xf32>
  return %angles, %mask : tensor<1x?x8xf32>, tensor<?x?xf32>
}

func.func @collapsed(%x: tensor<1x?x1xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %s = tensor.dim %x, %c1 : tensor<1x?x1xf32>
  %e = tensor.empty(%s) : tensor<1x?x1xf32>
  %g = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<1x?x1xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    linalg.yield %f : f32
  } -> tensor<1x?x1xf32>
  %flat = tensor.collapse_shape %g [[0, 1, 2]] : tensor<1x?x1xf32> into tensor<?xf32>
  %xs = tensor.collapse_shape %x [[0, 1, 2]] : tensor<1x?x1xf32> into tensor<?xf32>
  %eo = tensor.empty(%s) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%flat, %xs : tensor<?xf32>, tensor<?xf32>) outs(%eo : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @strided(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %all = arith.muli %n, %c4 : index
  %e = tensor.empty(%all) : tensor<?xf32>
  %g = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    linalg.yield %f : f32
  } -> tensor<?xf32>
  %v = tensor.expand_shape %g [[0, 1]] output_shape [%n, 4] : tensor<?xf32> into tensor<?x4xf32>
  %eo = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%v, %x : tensor<?x4xf32>, tensor<?x4xf32>) outs(%eo : tensor<?x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.addf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

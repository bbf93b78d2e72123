// Groups over a dynamic batch that the GPU back end builds as static ones
// (docs/dynamic-shapes.md), checked under their GPU schedules on the CPU
// against the unfused function for two batch sizes.
// RUN: split-file %s %t
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); n.savez('%t/qkv3.npz', arg0=f(3,32), arg1=f(32,32), arg2=f(32,32), arg3=f(32,32)); n.savez('%t/qkv1.npz', arg0=f(1,32), arg1=f(32,32), arg2=f(32,32), arg3=f(32,32)); n.savez('%t/norm2.npz', arg0=f(2,4,16), arg1=f(16,16)); n.savez('%t/norm5.npz', arg0=f(5,4,16), arg1=f(16,16)); n.savez('%t/sunk3.npz', arg0=f(3,16))"
//
// Q/K/V projections sharing a dynamic LHS: one kernel with three results,
// tiled alike (the one dynamic loop mapped to blocks once for all three).
// RUN: %mlirfuse plan %t/qkv.mlir --backend gpu | %FileCheck %s --check-prefix=QKV
// RUN: %mlirfuse compile %t/qkv.mlir -o %t/qkv.ptx | %FileCheck %s --check-prefix=QKVK
// RUN: %mlirfuse verify %t/qkv.mlir --schedule gpu --inputs %t/qkv3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/qkv.mlir --schedule gpu --inputs %t/qkv1.npz | %FileCheck %s --check-prefix=OK
// QKV: @qkv: 1 kernels
// QKV-NEXT: group 0: horizontal-contraction ops [4,5,6,7]
// QKVK: kernels: 1
//
// A norm's widening computed in the matmul's 2-D space (B*4 rows) and read
// as B x 4 rows by the reduction: the widening joins the reduction's kernel,
// moved past the dynamic expand (gpu/inner_reshapes.py), so the matmul's
// kernel writes f32, not an f64 copy for the other kernel to read.
// RUN: %mlirfuse plan %t/norm.mlir --backend gpu | %FileCheck %s --check-prefix=NORM
// RUN: %mlirfuse compile %t/norm.mlir -o %t/norm.ptx | %FileCheck %s --check-prefix=NORMK
// RUN: %FileCheck %s --check-prefix=NORMJSON < %t/norm.json
// RUN: %mlirfuse verify %t/norm.mlir --schedule gpu --inputs %t/norm2.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/norm.mlir --schedule gpu --inputs %t/norm5.npz | %FileCheck %s --check-prefix=OK
// NORM: @norm: 2 kernels
// NORM-NEXT: group 0: single ops [5,8] root 8
// NORM: group 1: reduction-prologue ops [10,13,14] root 14
// NORMK: kernels: 2
// NORMJSON: "buffers": [
// NORMJSON: "name": "k0_out0",
// NORMJSON: "dtype": "f32"
// NORMJSON-NOT: "name": "k0_out1"
// NORMJSON: "name": "k1_out0",
// NORMJSON-NOT: "name": "k0_out1"
// NORMJSON: "launches": [
// OK: verify: ok
//
// An elementwise op over (n, 16) read through its collapse (16 n) by one that
// reads its position: one kernel (the planner counts a dynamic loop at its
// proven size, so 16 n and n x 16 iterate alike; it counted each `?` as 1),
// the exp moved past the collapse.
// RUN: %mlirfuse plan %t/sunk.mlir --backend gpu | %FileCheck %s --check-prefix=SUNK
// RUN: %mlirfuse compile %t/sunk.mlir -o %t/sunk.ptx | %FileCheck %s --check-prefix=SUNKK
// RUN: %mlirfuse verify %t/sunk.mlir --schedule gpu --inputs %t/sunk3.npz | %FileCheck %s --check-prefix=OK
// SUNK: @sunk: 1 kernels
// SUNK-NEXT: group 0: elementwise-chain ops [4,5,7]
// SUNKK: kernels: 1

//--- qkv.mlir
func.func @qkv(%x: tensor<?x32xf32>, %wq: tensor<32x32xf32>, %wk: tensor<32x32xf32>, %wv: tensor<32x32xf32>) -> (tensor<?x32xf32>, tensor<?x32xf32>, tensor<?x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32xf32>
  %e = tensor.empty(%n) : tensor<?x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<?x32xf32>, tensor<32x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<?x32xf32>, tensor<32x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<?x32xf32>, tensor<32x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %q, %k, %v : tensor<?x32xf32>, tensor<?x32xf32>, tensor<?x32xf32>
}

//--- norm.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @norm(%a: tensor<?x4x16xf32>, %w: tensor<16x16xf32>) -> tensor<?x4xf64> {
  %zero = arith.constant 0.0 : f32
  %zero64 = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %b = tensor.dim %a, %c0 : tensor<?x4x16xf32>
  %rows = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%b]
  %flat = tensor.collapse_shape %a [[0, 1], [2]] : tensor<?x4x16xf32> into tensor<?x16xf32>
  %e = tensor.empty(%rows) : tensor<?x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  %m = linalg.matmul ins(%flat, %w : tensor<?x16xf32>, tensor<16x16xf32>) outs(%f : tensor<?x16xf32>) -> tensor<?x16xf32>
  %e64 = tensor.empty(%rows) : tensor<?x16xf64>
  %wide = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<?x16xf32>) outs(%e64 : tensor<?x16xf64>) {
  ^bb0(%x: f32, %o: f64):
    %s = arith.extf %x : f32 to f64
    linalg.yield %s : f64
  } -> tensor<?x16xf64>
  %x = tensor.expand_shape %wide [[0, 1], [2]] output_shape [%b, 4, 16] : tensor<?x16xf64> into tensor<?x4x16xf64>
  %er = tensor.empty(%b) : tensor<?x4xf64>
  %fr = linalg.fill ins(%zero64 : f64) outs(%er : tensor<?x4xf64>) -> tensor<?x4xf64>
  %sum = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<?x4x16xf64>) outs(%fr : tensor<?x4xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %s = arith.addf %v, %acc : f64
    linalg.yield %s : f64
  } -> tensor<?x4xf64>
  return %sum : tensor<?x4xf64>
}

//--- sunk.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @sunk(%a: tensor<?x16xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %m = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%n]
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<?x16xf32>
  %c = tensor.collapse_shape %0 [[0, 1]] : tensor<?x16xf32> into tensor<?xf32>
  %e2 = tensor.empty(%m) : tensor<?xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%c : tensor<?xf32>) outs(%e2 : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %k = arith.index_cast %i : index to i32
    %f = arith.sitofp %k : i32 to f32
    %s = arith.subf %f, %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

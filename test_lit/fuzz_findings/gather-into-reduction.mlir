// Fuzzer finding (seed 3, function 178, reduced; every configuration): an
// embedding-style gather (tensor.extract in the body; its column loop is
// bounded only by its own output) fused as a reduction prologue. The merged
// generic keeps no operand that bounds loop d1, so it fails to verify:
//   error: 'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0, d0))
// The merge (transforms/) must keep the producer's output or refuse the merge.
// XFAIL: *
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s

// CHECK-LABEL: func.func @gather_sum
// CHECK: tensor.extract %arg0
// CHECK: arith.addf
// CHECK: return
func.func @gather_sum(%table: tensor<2x3xf32>, %idx: tensor<1xi32>) -> tensor<1xf32> {
  %e0 = tensor.empty() : tensor<1x3xf32>
  %rows = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%idx : tensor<1xi32>) outs(%e0 : tensor<1x3xf32>) {
  ^bb0(%i: i32, %out: f32):
    %lo = arith.constant 0 : i32
    %hi = arith.constant 1 : i32
    %a = arith.maxsi %i, %lo : i32
    %b = arith.minsi %a, %hi : i32
    %row = arith.index_cast %b : i32 to index
    %col = linalg.index 1 : index
    %x = tensor.extract %table[%row, %col] : tensor<2x3xf32>
    linalg.yield %x : f32
  } -> tensor<1x3xf32>
  %e1 = tensor.empty() : tensor<1xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%rows : tensor<1x3xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1xf32>
  return %sum : tensor<1xf32>
}

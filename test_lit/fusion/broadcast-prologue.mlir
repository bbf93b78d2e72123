// A weights-only prologue (BatchNorm's gamma * rsqrt(var + eps) over the
// channels) read through a broadcast map is recomputed inside its reader's
// kernel: no launch of its own, the channel vectors are read in place.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @channel_scale
// CHECK: %[[R:.+]] = linalg.generic
// CHECK-SAME: ins(%arg0, %arg1, %arg2 : tensor<8x64xf32>, tensor<64xf32>, tensor<64xf32>)
// CHECK: arith.addf
// CHECK-NEXT: math.rsqrt
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @channel_scale(%x: tensor<8x64xf32>, %var: tensor<64xf32>, %gamma: tensor<64xf32>) -> tensor<8x64xf32> {
  %eps = arith.constant 1.0e-5 : f32
  %ec = tensor.empty() : tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%var, %gamma : tensor<64xf32>, tensor<64xf32>) outs(%ec : tensor<64xf32>) {
  ^bb0(%v: f32, %g: f32, %o: f32):
    %0 = arith.addf %v, %eps : f32
    %1 = math.rsqrt %0 : f32
    %2 = arith.mulf %1, %g : f32
    linalg.yield %2 : f32
  } -> tensor<64xf32>
  %e = tensor.empty() : tensor<8x64xf32>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<8x64xf32>, tensor<64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.mulf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

// -----

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// The scale is also a function result: it keeps a kernel of its own.
// CHECK-LABEL: func.func @scale_returned
// CHECK: %[[S:.+]] = linalg.generic
// CHECK-SAME: ins(%arg1 : tensor<64xf32>)
// CHECK: %[[Y:.+]] = linalg.generic
// CHECK-SAME: ins(%arg0, %[[S]] : tensor<8x64xf32>, tensor<64xf32>)
// CHECK: return %[[Y]], %[[S]]
func.func @scale_returned(%x: tensor<8x64xf32>, %var: tensor<64xf32>) -> (tensor<8x64xf32>, tensor<64xf32>) {
  %ec = tensor.empty() : tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%var : tensor<64xf32>) outs(%ec : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %1 = math.rsqrt %v : f32
    linalg.yield %1 : f32
  } -> tensor<64xf32>
  %e = tensor.empty() : tensor<8x64xf32>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<8x64xf32>, tensor<64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.mulf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<8x64xf32>
  return %y, %s : tensor<8x64xf32>, tensor<64xf32>
}

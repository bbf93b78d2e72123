// A kernel yielding a value and a view of it (DeepSeek-V3.2's rotary sin/cos,
// read by the rope kernel through an expand_shape and sliced outside it):
// bufferized, the two results were one buffer, and the launch could not
// return them ("host: a kernel result is not a fresh buffer"). The fusion
// rewrite yields the value once and rebuilds the view after the group
// (transforms/yielded_views.py); a group written so by hand (@written) is
// rewritten the same way before the split into kernel units (gpu/isolate.py).
// RUN: %mlirfuse compile %s --chip sm_90 -o %t.ptx --jobs 1 | %FileCheck %s
// RUN: %mlirfuse verify %s --func written --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func fused --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK: kernels: 2
// CHECK: written_k0
// CHECK: fused_k1
// OK: verify: ok

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @written(%x: tensor<16x8xf32>, %y: tensor<16x1x8xf32>) -> (tensor<16x8xf32>, tensor<16x1x8xf32>, tensor<16x1x8xf32>) {
  %e = tensor.empty() : tensor<16x8xf32>
  %e3 = tensor.empty() : tensor<16x1x8xf32>
  %g:3 = "fusion.group"() ({
    %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i64
      %f = arith.sitofp %ii : i64 to f32
      %0 = arith.mulf %f, %in : f32
      %1 = math.sin %0 : f32
      linalg.yield %1 : f32
    } -> tensor<16x8xf32>
    %v = tensor.expand_shape %a [[0], [1, 2]] output_shape [16, 1, 8] : tensor<16x8xf32> into tensor<16x1x8xf32>
    %b = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v, %y : tensor<16x1x8xf32>, tensor<16x1x8xf32>) outs(%e3 : tensor<16x1x8xf32>) {
    ^bb0(%in: f32, %in2: f32, %out: f32):
      %k = linalg.index 2 : index
      %kk = arith.index_cast %k : index to i64
      %h = arith.sitofp %kk : i64 to f32
      %0 = arith.mulf %in, %in2 : f32
      %1 = arith.addf %0, %h : f32
      linalg.yield %1 : f32
    } -> tensor<16x1x8xf32>
    gpu.yield %a, %v, %b : tensor<16x8xf32>, tensor<16x1x8xf32>, tensor<16x1x8xf32>
  }) {fusion.id = 0 : i64, fusion.pattern = "elementwise-chain", resultSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0>} : () -> (tensor<16x8xf32>, tensor<16x1x8xf32>, tensor<16x1x8xf32>)
  return %g#0, %g#1, %g#2 : tensor<16x8xf32>, tensor<16x1x8xf32>, tensor<16x1x8xf32>
}

// The same ops unfused: the compile's fusion forms the group.
func.func @fused(%x: tensor<16x8xf32>, %y: tensor<16x1x8xf32>) -> (tensor<16x8xf32>, tensor<16x1x8xf32>, tensor<16x1x8xf32>) {
  %e = tensor.empty() : tensor<16x8xf32>
  %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %0 = arith.mulf %f, %in : f32
    %1 = math.sin %0 : f32
    linalg.yield %1 : f32
  } -> tensor<16x8xf32>
  %v = tensor.expand_shape %a [[0], [1, 2]] output_shape [16, 1, 8] : tensor<16x8xf32> into tensor<16x1x8xf32>
  %e3 = tensor.empty() : tensor<16x1x8xf32>
  %b = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v, %y : tensor<16x1x8xf32>, tensor<16x1x8xf32>) outs(%e3 : tensor<16x1x8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %k = linalg.index 2 : index
    %kk = arith.index_cast %k : index to i64
    %h = arith.sitofp %kk : i64 to f32
    %0 = arith.mulf %in, %in2 : f32
    %1 = arith.addf %0, %h : f32
    linalg.yield %1 : f32
  } -> tensor<16x1x8xf32>
  return %a, %v, %b : tensor<16x8xf32>, tensor<16x1x8xf32>, tensor<16x1x8xf32>
}

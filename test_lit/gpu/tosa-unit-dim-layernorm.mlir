// ConvNeXt's LayerNorm as torch-mlir exports it through TOSA and upstream
// lowers it to linalg (bench/tosa_probe.py), at 1x4x4x32: the depthwise
// convolution writes NHWC with a unit channel-multiplier dim (1x4x4x32x1),
// collapsed for the norm; each `tosa.reduce_sum` is a named `linalg.reduce`
// to 1x4x4, expanded back to the keepdim 1x4x4x1 its readers broadcast; the
// variance is summed in f64. Reshape propagation moves the collapse down
// through the norm's elementwise ops to the reductions, where it stood
// between the squared deviations and their sum: the reduction was named, so
// `reshape_reductions.py` (generics only) did not run it on the collapse's
// source, and the planner split the norm at the collapse
// (`gpu-reshape-inside`): the bias add and deviation in one kernel, the
// variance and normalisation in another. TOSA's reductions are generalized
// before planning (`transforms/generalize.generalize_reductions`): each
// reduction runs on 1x4x4x32x1, the unit-dim expands of its results are map
// changes the back end folds, and the norm is one kernel beside the
// convolution's.
//
// RUN: %mlirfuse plan --backend gpu %s | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s --chip sm_90 -o %t.ptx | %FileCheck %s --check-prefix=PTX
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK

// PLAN: @convnext_norm: 2 kernels
// PLAN: group 0: contraction-epilogue
// PLAN: group 1: reduction-epilogue
// PLAN-NOT: gpu-reshape-inside

// PTX: kernels: 2

// OK: verify: ok

#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @convnext_norm(%x: tensor<1x32x6x6xf32>, %w: tensor<32x1x3x3xf32>, %b: tensor<32xf32>, %gamma: tensor<32xf32>, %beta: tensor<32xf32>) -> tensor<1x4x4x32xf32> {
  %zero64 = arith.constant 0.000000e+00 : f64
  %zero = arith.constant 0.000000e+00 : f32
  %inv64 = arith.constant dense<3.125000e-02> : tensor<1x1x1x1xf64>
  %inv = arith.constant dense<3.125000e-02> : tensor<1x1x1x1xf32>
  %eps = arith.constant dense<9.99999997E-7> : tensor<1x1x1x1xf32>
  %e0 = tensor.empty() : tensor<1x6x6x32xf32>
  %xt = linalg.transpose ins(%x : tensor<1x32x6x6xf32>) outs(%e0 : tensor<1x6x6x32xf32>) permutation = [0, 2, 3, 1]
  %e1 = tensor.empty() : tensor<3x3x32x1xf32>
  %wt = linalg.transpose ins(%w : tensor<32x1x3x3xf32>) outs(%e1 : tensor<3x3x32x1xf32>) permutation = [2, 3, 0, 1]
  %e2 = tensor.empty() : tensor<1x4x4x32x1xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4x4x32x1xf32>) -> tensor<1x4x4x32x1xf32>
  %conv = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%xt, %wt : tensor<1x6x6x32xf32>, tensor<3x3x32x1xf32>) outs(%f2 : tensor<1x4x4x32x1xf32>) -> tensor<1x4x4x32x1xf32>
  %c4 = tensor.collapse_shape %conv [[0], [1], [2], [3, 4]] : tensor<1x4x4x32x1xf32> into tensor<1x4x4x32xf32>
  %e3 = tensor.empty() : tensor<1x4x4x32xf32>
  %y = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b, %c4 : tensor<32xf32>, tensor<1x4x4x32xf32>) outs(%e3 : tensor<1x4x4x32xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %r = arith.addf %in, %in_1 : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x32xf32>
  %e4 = tensor.empty() : tensor<1x4x4x32xf64>
  %y64 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y : tensor<1x4x4x32xf32>) outs(%e4 : tensor<1x4x4x32xf64>) {
  ^bb0(%in: f32, %out: f64):
    %r = arith.extf %in : f32 to f64
    linalg.yield %r : f64
  } -> tensor<1x4x4x32xf64>
  %e5 = tensor.empty() : tensor<1x4x4xf64>
  %f5 = linalg.fill ins(%zero64 : f64) outs(%e5 : tensor<1x4x4xf64>) -> tensor<1x4x4xf64>
  %sum64 = linalg.reduce ins(%y64 : tensor<1x4x4x32xf64>) outs(%f5 : tensor<1x4x4xf64>) dimensions = [3]
    (%in: f64, %init: f64) {
      %r = arith.addf %in, %init : f64
      linalg.yield %r : f64
    }
  %sum64k = tensor.expand_shape %sum64 [[0], [1], [2, 3]] output_shape [1, 4, 4, 1] : tensor<1x4x4xf64> into tensor<1x4x4x1xf64>
  %e6 = tensor.empty() : tensor<1x4x4x1xf64>
  %mean64 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum64k, %inv64 : tensor<1x4x4x1xf64>, tensor<1x1x1x1xf64>) outs(%e6 : tensor<1x4x4x1xf64>) {
  ^bb0(%in: f64, %in_1: f64, %out: f64):
    %r = arith.mulf %in, %in_1 : f64
    linalg.yield %r : f64
  } -> tensor<1x4x4x1xf64>
  %e7 = tensor.empty() : tensor<1x4x4x32xf64>
  %dev = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y64, %mean64 : tensor<1x4x4x32xf64>, tensor<1x4x4x1xf64>) outs(%e7 : tensor<1x4x4x32xf64>) {
  ^bb0(%in: f64, %in_1: f64, %out: f64):
    %r = arith.subf %in, %in_1 : f64
    linalg.yield %r : f64
  } -> tensor<1x4x4x32xf64>
  %sq = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%dev, %dev : tensor<1x4x4x32xf64>, tensor<1x4x4x32xf64>) outs(%e7 : tensor<1x4x4x32xf64>) {
  ^bb0(%in: f64, %in_1: f64, %out: f64):
    %r = arith.mulf %in, %in_1 : f64
    linalg.yield %r : f64
  } -> tensor<1x4x4x32xf64>
  %var64 = linalg.reduce ins(%sq : tensor<1x4x4x32xf64>) outs(%f5 : tensor<1x4x4xf64>) dimensions = [3]
    (%in: f64, %init: f64) {
      %r = arith.addf %in, %init : f64
      linalg.yield %r : f64
    }
  %var64k = tensor.expand_shape %var64 [[0], [1], [2, 3]] output_shape [1, 4, 4, 1] : tensor<1x4x4xf64> into tensor<1x4x4x1xf64>
  %var = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%var64k, %inv64 : tensor<1x4x4x1xf64>, tensor<1x1x1x1xf64>) outs(%e6 : tensor<1x4x4x1xf64>) {
  ^bb0(%in: f64, %in_1: f64, %out: f64):
    %r = arith.mulf %in, %in_1 : f64
    linalg.yield %r : f64
  } -> tensor<1x4x4x1xf64>
  %e8 = tensor.empty() : tensor<1x4x4x1xf32>
  %var32 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%var : tensor<1x4x4x1xf64>) outs(%e8 : tensor<1x4x4x1xf32>) {
  ^bb0(%in: f64, %out: f32):
    %r = arith.truncf %in : f64 to f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x1xf32>
  %e9 = tensor.empty() : tensor<1x4x4xf32>
  %f9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  %sum = linalg.reduce ins(%y : tensor<1x4x4x32xf32>) outs(%f9 : tensor<1x4x4xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %sumk = tensor.expand_shape %sum [[0], [1], [2, 3]] output_shape [1, 4, 4, 1] : tensor<1x4x4xf32> into tensor<1x4x4x1xf32>
  %mean = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sumk, %inv : tensor<1x4x4x1xf32>, tensor<1x1x1x1xf32>) outs(%e8 : tensor<1x4x4x1xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %r = arith.mulf %in, %in_1 : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x1xf32>
  %rstd = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%var32, %eps : tensor<1x4x4x1xf32>, tensor<1x1x1x1xf32>) outs(%e8 : tensor<1x4x4x1xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %a = arith.addf %in, %in_1 : f32
    %r = math.rsqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x1xf32>
  %gk = tensor.expand_shape %gamma [[0, 1, 2, 3]] output_shape [1, 1, 1, 32] : tensor<32xf32> into tensor<1x1x1x32xf32>
  %bk = tensor.expand_shape %beta [[0, 1, 2, 3]] output_shape [1, 1, 1, 32] : tensor<32xf32> into tensor<1x1x1x32xf32>
  %out = linalg.generic {indexing_maps = [#map1, #map3, #map3, #map2, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y, %mean, %rstd, %gk, %bk : tensor<1x4x4x32xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x1x1x32xf32>, tensor<1x1x1x32xf32>) outs(%e3 : tensor<1x4x4x32xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %g: f32, %bb: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %n = arith.mulf %d, %s : f32
    %sc = arith.mulf %n, %g : f32
    %r = arith.addf %sc, %bb : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x32xf32>
  return %out : tensor<1x4x4x32xf32>
}

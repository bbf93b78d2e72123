// A convolution whose init is a bias broadcast (PyTorch's conv with bias):
// before planning the bias becomes an epilogue add (transforms/bias_init.py),
// so the broadcast is no kernel of its own. An SE head's two 1x1
// convolutions (FC 64 -> 16, ReLU, FC 16 -> 64) each form one kernel with
// their bias; the sigmoid scale of the feature map is the third.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// CHECK-LABEL: func.func @se_head
// CHECK-NOT: linalg.broadcast
// CHECK: %[[FC1:.+]] = "fusion.group"() ({
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.conv_2d_nchw_fchw
// CHECK-NEXT: linalg.generic
// CHECK-SAME: ins({{.*}}, %arg2 : tensor<1x16x1x1xf32>, tensor<16xf32>)
// CHECK: arith.addf
// CHECK: arith.cmpf
// CHECK: fusion.pattern = "contraction-epilogue"
// CHECK-NOT: linalg.broadcast
// CHECK: %[[FC2:.+]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[FC1]], %arg3
// CHECK: %[[S:.+]] = linalg.generic
// CHECK-SAME: ins(%[[FC2]], %arg4, %arg0
// CHECK: arith.addf
// CHECK: math.exp
// CHECK: linalg.yield
// CHECK-NEXT: } ->
// CHECK-NEXT: return %[[S]]
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
func.func @se_head(%x: tensor<1x64x28x28xf32>, %w1: tensor<16x64x1x1xf32>, %b1: tensor<16xf32>, %w2: tensor<64x16x1x1xf32>, %b2: tensor<64xf32>, %pooled: tensor<1x64x1x1xf32>) -> tensor<1x64x28x28xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e16 = tensor.empty() : tensor<1x16x1x1xf32>
  %bb1 = linalg.broadcast ins(%b1 : tensor<16xf32>) outs(%e16 : tensor<1x16x1x1xf32>) dimensions = [0, 2, 3]
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%pooled, %w1 : tensor<1x64x1x1xf32>, tensor<16x64x1x1xf32>) outs(%bb1 : tensor<1x16x1x1xf32>) -> tensor<1x16x1x1xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1 : tensor<1x16x1x1xf32>) outs(%e16 : tensor<1x16x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ugt, %in, %zero : f32
    %s = arith.select %p, %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<1x16x1x1xf32>
  %e64 = tensor.empty() : tensor<1x64x1x1xf32>
  %bb2 = linalg.broadcast ins(%b2 : tensor<64xf32>) outs(%e64 : tensor<1x64x1x1xf32>) dimensions = [0, 2, 3]
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%r, %w2 : tensor<1x16x1x1xf32>, tensor<64x16x1x1xf32>) outs(%bb2 : tensor<1x64x1x1xf32>) -> tensor<1x64x1x1xf32>
  %e = tensor.empty() : tensor<1x64x28x28xf32>
  %y = linalg.generic {indexing_maps = [#ch, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c2, %x : tensor<1x64x1x1xf32>, tensor<1x64x28x28xf32>) outs(%e : tensor<1x64x28x28xf32>) {
  ^bb0(%g: f32, %v: f32, %out: f32):
    %n = arith.negf %g : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %sg = arith.divf %one, %d : f32
    %m = arith.mulf %sg, %v : f32
    linalg.yield %m : f32
  } -> tensor<1x64x28x28xf32>
  return %y : tensor<1x64x28x28xf32>
}

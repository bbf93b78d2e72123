// Fusing already-fused IR changes nothing: the gate of a squeeze-and-excitation
// block (PP-OCRv5's text detector): a 1x1 conv with a bias init, its
// hardsigmoid, the gate multiplied into the feature map, a 1x1 conv.
// The exact search kept conv, hardsigmoid+multiply and the last conv apart;
// its repair then moved the multiply into the last conv's kernel
// (`shift_pass`), which left the conv and its hardsigmoid linked but unmerged
// (the merge had run before the move). A second run joined them.
// The repair now merges and shifts again while J drops (search.merged_further).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.twice
// RUN: diff %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @se_gate
// CHECK: fusion.group
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-SAME: tensor<64x16x1x1xf32>
// CHECK: arith.divf
// CHECK: gpu.yield
// CHECK: fusion.group
// CHECK: arith.mulf
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-SAME: tensor<128x64x1x1xf32>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
func.func @se_gate(%x: tensor<1x64x3x5xf32>, %s: tensor<1x16x1x1xf32>, %w: tensor<64x16x1x1xf32>, %b: tensor<64xf32>, %w2: tensor<128x64x1x1xf32>) -> tensor<1x128x3x5xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %three = arith.constant 3.000000e+00 : f32
  %six = arith.constant 6.000000e+00 : f32
  %ex = tensor.empty() : tensor<1x64x3x5xf32>
  %eg = tensor.empty() : tensor<1x64x1x1xf32>
  %bias = linalg.broadcast ins(%b : tensor<64xf32>) outs(%eg : tensor<1x64x1x1xf32>) dimensions = [0, 2, 3]
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%s, %w : tensor<1x16x1x1xf32>, tensor<64x16x1x1xf32>) outs(%bias : tensor<1x64x1x1xf32>) -> tensor<1x64x1x1xf32>
  %h = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x64x1x1xf32>) outs(%eg : tensor<1x64x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %three : f32
    %1 = arith.maximumf %0, %zero : f32
    %2 = arith.minimumf %1, %six : f32
    %3 = arith.divf %2, %six : f32
    linalg.yield %3 : f32
  } -> tensor<1x64x1x1xf32>
  %g = linalg.generic {indexing_maps = [#map1, #map4, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %h : tensor<1x64x3x5xf32>, tensor<1x64x1x1xf32>) outs(%ex : tensor<1x64x3x5xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %0 = arith.mulf %in, %in_1 : f32
    linalg.yield %0 : f32
  } -> tensor<1x64x3x5xf32>
  %ey = tensor.empty() : tensor<1x128x3x5xf32>
  %fy = linalg.fill ins(%zero : f32) outs(%ey : tensor<1x128x3x5xf32>) -> tensor<1x128x3x5xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%g, %w2 : tensor<1x64x3x5xf32>, tensor<128x64x1x1xf32>) outs(%fy : tensor<1x128x3x5xf32>) -> tensor<1x128x3x5xf32>
  return %y : tensor<1x128x3x5xf32>
}

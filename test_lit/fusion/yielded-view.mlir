// A reshape between two members of a kernel moves into its group; when it is
// read outside as well as its source (DeepSeek-V3.2's rotary sin/cos, read
// by the rope kernel through an expand_shape and sliced outside), the group
// yielded both the value and its view. That spent a result slot: the model's
// kernel then yielded 9 values of mixed types, which a fusion.group cannot
// (past 7 results they share one type), so its ops stayed ungrouped and
// fusing the output again planned other kernels (not idempotent). Now the
// group yields the value once and the view is rebuilt after the group
// (transforms/yielded_views.py).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.once
// RUN: FileCheck %s < %t.once
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.twice
// RUN: diff %t.once %t.twice

// CHECK-LABEL: func.func @value_and_view
// CHECK: %[[G:.+]]:2 = "fusion.group"()
// CHECK: %[[A:.+]] = linalg.generic
// CHECK: %[[V:.+]] = tensor.expand_shape %[[A]]
// CHECK: %[[B:.+]] = linalg.generic {{.*}} ins(%[[V]], %arg1
// CHECK: gpu.yield %[[A]], %[[B]] : tensor<16x8xf32>, tensor<16x1x8xf32>
// CHECK-NEXT: })
// CHECK-NEXT: %[[OUT:.+]] = tensor.expand_shape %[[G]]#0 {{\[}}[0], [1, 2]] output_shape [16, 1, 8]
// CHECK-NEXT: return %[[G]]#0, %[[OUT]], %[[G]]#1
// OK: verify: ok

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// Both bodies index their loops: reshape propagation moves the view nowhere.
func.func @value_and_view(%x: tensor<16x8xf32>, %y: tensor<16x1x8xf32>) -> (tensor<16x8xf32>, tensor<16x1x8xf32>, tensor<16x1x8xf32>) {
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
    %g = arith.sitofp %kk : i64 to f32
    %0 = arith.mulf %in, %in2 : f32
    %1 = arith.addf %0, %g : f32
    linalg.yield %1 : f32
  } -> tensor<16x1x8xf32>
  return %a, %v, %b : tensor<16x8xf32>, tensor<16x1x8xf32>, tensor<16x1x8xf32>
}

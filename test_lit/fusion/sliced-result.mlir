// A kernel whose result is reshaped and sliced outside it (a fused QKV
// projection split into Q, K, V) keeps its trailing cast: the views that lead
// only out of the kernel are not its members (policy/planner._kernel_ops),
// so their loops are no grid the kernel must share. The f16 model moves f16
// bytes at the kernel boundary: the matmul's f32 accumulator never leaves it.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s
// RUN: %mlirfuse plan %s --search auto | FileCheck %s --check-prefix=PLAN

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// PLAN: @qkv_split: 2 kernels
// CHECK-LABEL: func.func @qkv_split
// CHECK: %[[G:.+]] = "fusion.group"()
// CHECK: linalg.matmul
// CHECK: arith.truncf
// CHECK: gpu.yield %{{.+}} : tensor<32x192xf16>
// CHECK-NEXT: }) {{.*}} : () -> tensor<32x192xf16>
// CHECK-NOT: arith.truncf
// CHECK: tensor.expand_shape %[[G]]
func.func @qkv_split(%x: tensor<32x64xf16>, %w: tensor<64x192xf16>, %b: tensor<192xf16>) -> (tensor<1x4x32x16xf16>, tensor<1x4x32x16xf16>) {
  %zero = arith.constant 0.0 : f32
  %ex = tensor.empty() : tensor<32x64xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<32x64xf16>) outs(%ex : tensor<32x64xf32>) {
  ^bb0(%a: f16, %o: f32):
    %0 = arith.extf %a : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<32x64xf32>
  %ew = tensor.empty() : tensor<64x192xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<64x192xf16>) outs(%ew : tensor<64x192xf32>) {
  ^bb0(%a: f16, %o: f32):
    %0 = arith.extf %a : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<64x192xf32>
  %e = tensor.empty() : tensor<32x192xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32x192xf32>) -> tensor<32x192xf32>
  %mm = linalg.matmul ins(%xf, %wf : tensor<32x64xf32>, tensor<64x192xf32>) outs(%init : tensor<32x192xf32>) -> tensor<32x192xf32>
  %biased = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<32x192xf32>, tensor<192xf16>) outs(%e : tensor<32x192xf32>) {
  ^bb0(%a: f32, %c: f16, %o: f32):
    %0 = arith.extf %c : f16 to f32
    %1 = arith.addf %a, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<32x192xf32>
  %eh = tensor.empty() : tensor<32x192xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<32x192xf32>) outs(%eh : tensor<32x192xf16>) {
  ^bb0(%a: f32, %o: f16):
    %0 = arith.truncf %a : f32 to f16
    linalg.yield %0 : f16
  } -> tensor<32x192xf16>
  %r = tensor.expand_shape %h [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf16> into tensor<1x32x192xf16>
  %q = tensor.extract_slice %r[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf16> to tensor<1x32x64xf16>
  %k = tensor.extract_slice %r[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf16> to tensor<1x32x64xf16>
  %qh = tensor.expand_shape %q [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf16> into tensor<1x32x4x16xf16>
  %kh = tensor.expand_shape %k [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf16> into tensor<1x32x4x16xf16>
  %et = tensor.empty() : tensor<1x4x32x16xf16>
  %qt = linalg.transpose ins(%qh : tensor<1x32x4x16xf16>) outs(%et : tensor<1x4x32x16xf16>) permutation = [0, 2, 1, 3]
  %kt = linalg.transpose ins(%kh : tensor<1x32x4x16xf16>) outs(%et : tensor<1x4x32x16xf16>) permutation = [0, 2, 1, 3]
  return %qt, %kt : tensor<1x4x32x16xf16>, tensor<1x4x32x16xf16>
}

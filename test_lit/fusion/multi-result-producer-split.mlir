// A multi-result producer that one consumer reads whole: StyleGAN2's leaky
// ReLU exported as max(x, 0) + 0.2 * min(x, 0), whose two halves a sibling
// merge makes one two-result generic of x. No single pair merged into the
// add, so the kernel kept two loop nests and, on the GPU, a per-thread
// buffer between them in local memory (8 bytes of stack in the conv kernel).
// The producer is split per result (transforms/merge_split.py), each part
// merges into the add, and the shared bias add is kept once.
// RUN: %mlirfuse-opt %s --mlirfuse-fuse | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse verify %s | FileCheck %s --check-prefix=VERIFY
// CHECK-LABEL: func.func @matmul_leaky_relu
// CHECK: linalg.matmul
// CHECK-NEXT: linalg.generic
// CHECK-SAME: outs(%{{[0-9]+}} : tensor<32x16xf32>) {
// CHECK: arith.addf
// CHECK-NOT: arith.addf %in
// CHECK: arith.minimumf
// CHECK: arith.maximumf
// CHECK: linalg.yield %{{[0-9]+}} : f32
// CHECK-NOT: linalg.generic
// CHECK: return
// VERIFY: verify: ok

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @matmul_leaky_relu(%a: tensor<32x64xf32>, %w: tensor<64x16xf32>, %b: tensor<16xf32>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %slope = arith.constant 0.2 : f32
  %scale = arith.constant 1.41421354 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %mm = linalg.matmul ins(%a, %w : tensor<32x64xf32>, tensor<64x16xf32>) outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
  %x = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<32x16xf32>, tensor<16xf32>) outs(%e : tensor<32x16xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<32x16xf32>
  %pos = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x16xf32>) outs(%e : tensor<32x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<32x16xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x16xf32>) outs(%e : tensor<32x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.minimumf %in, %zero : f32
    %s = arith.mulf %m, %slope : f32
    linalg.yield %s : f32
  } -> tensor<32x16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%pos, %neg : tensor<32x16xf32>, tensor<32x16xf32>) outs(%e : tensor<32x16xf32>) {
  ^bb0(%p: f32, %n: f32, %out: f32):
    %s = arith.addf %p, %n : f32
    %t = arith.mulf %s, %scale : f32
    linalg.yield %t : f32
  } -> tensor<32x16xf32>
  return %sum : tensor<32x16xf32>
}

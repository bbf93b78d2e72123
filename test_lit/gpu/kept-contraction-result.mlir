// A kept intermediate computed by a named contraction: the group yields the
// attention scores (through an expand_shape) and their epilogue's mask
// (vit_layer_sdpa's scores == -inf test, reduced). Tile-and-fuse yields a
// fused producer's result from the kernel's loop only for a linalg.generic
// used after the loop: the batch_matmul is generalized and the expand_shape
// placed after the kernel's ops. It used to fail with "could not find next
// producer to fuse" (the named op stayed outside the loop, computed twice).
// It compiles as one kernel, ptxas assembles it, and the GPU schedule run on
// the CPU matches the original for both results.
// REQUIRES: ptxas
// RUN: %mlirfuse compile %s --no-fuse --chip sm_90 -o %t.ptx | %FileCheck %s --check-prefix=KERNEL
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %mlirfuse verify %s --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// KERNEL: kernels: 1
// KERNEL-NEXT: k0: contraction schedule
// OK: result0: tensor<1x4x65x65xf32> {{.*}} ok
// OK: result1: tensor<1x4x65x65xi1> {{.*}} ok
// OK: verify: ok
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @scores(%q: tensor<4x65x16xf32>, %k: tensor<4x16x65xf32>) -> (tensor<1x4x65x65xf32>, tensor<1x4x65x65xi1>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %e = tensor.empty() : tensor<4x65x65xf32>
  %b = tensor.empty() : tensor<1x4x65x65xi1>
  %r:2 = "fusion.group"() ({
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x65x65xf32>) -> tensor<4x65x65xf32>
    %s = linalg.batch_matmul ins(%q, %k : tensor<4x65x16xf32>, tensor<4x16x65xf32>) outs(%f : tensor<4x65x65xf32>) -> tensor<4x65x65xf32>
    %x = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [1, 4, 65, 65] : tensor<4x65x65xf32> into tensor<1x4x65x65xf32>
    %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x4x65x65xf32>) outs(%b : tensor<1x4x65x65xi1>) {
    ^bb0(%in: f32, %out: i1):
      %w = arith.extf %in : f32 to f64
      %c = arith.cmpf oeq, %w, %ninf : f64
      linalg.yield %c : i1
    } -> tensor<1x4x65x65xi1>
    gpu.yield %x, %m : tensor<1x4x65x65xf32>, tensor<1x4x65x65xi1>
  }) {fusion.id = 0 : i64, fusion.pattern = "contraction-epilogue", resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<1x4x65x65xf32>, tensor<1x4x65x65xi1>)
  return %r#0, %r#1 : tensor<1x4x65x65xf32>, tensor<1x4x65x65xi1>
}

// matmul + bias + GELU(erf) in one contraction-epilogue group: one kernel,
// 64x64 block tiles, 4x4 outputs per thread, the epilogue before the store.
// A and B are staged in shared memory per 32-wide K step (two buffers plus
// the 64x64 accumulator); within a step the 4x4 accumulator is in registers
// (outer-product FMAs on vector<4xf32>).
// RUN: %mlirfuse compile %s --no-fuse --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// REPORT: kernels: 1
// REPORT-NEXT: k0: contraction schedule, block (16, 16, 1)
// GPU-COUNT-1: gpu.func @
// GPU-NOT: gpu.func @
// GPU: scf.for {{.*}} step %c32
// GPU: gpu.barrier
// GPU: vector.fma
// GPU-DAG: memref.global "private" @{{.*}} : memref<64x64xf32, #gpu.address_space<workgroup>>
// GPU-DAG: memref.global "private" @{{.*}} : memref<64x32xf32, #gpu.address_space<workgroup>>
// GPU-DAG: memref.global "private" @{{.*}} : memref<32x64xf32, #gpu.address_space<workgroup>>
// PTX-COUNT-1: .entry
// PTX-NOT: .entry
// PTX: .shared
// PTX: bar.sync
// PTX: fma.rn.f32
#mk = affine_map<(d0, d1) -> (d0, d1)>
#n = affine_map<(d0, d1) -> (d1)>
func.func @mlp(%x: tensor<128x256xf32>, %w: tensor<256x512xf32>, %bias: tensor<512xf32>) -> tensor<128x512xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.707106769 : f32
  %r = "fusion.group"() ({
    %e = tensor.empty() : tensor<128x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x512xf32>) -> tensor<128x512xf32>
    %m = linalg.matmul ins(%x, %w : tensor<128x256xf32>, tensor<256x512xf32>) outs(%f : tensor<128x512xf32>) -> tensor<128x512xf32>
    %g = linalg.generic {indexing_maps = [#mk, #n, #mk], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<128x512xf32>, tensor<512xf32>) outs(%e : tensor<128x512xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %s = arith.addf %v, %b : f32
      %t = arith.mulf %s, %rsqrt2 : f32
      %u = math.erf %t : f32
      %p = arith.addf %u, %one : f32
      %q = arith.mulf %p, %half : f32
      %y = arith.mulf %s, %q : f32
      linalg.yield %y : f32
    } -> tensor<128x512xf32>
    "gpu.yield"(%g) : (tensor<128x512xf32>) -> ()
  }) {fusion.pattern = "contraction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}

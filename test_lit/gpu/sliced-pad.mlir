// A pad read through extract_slices (a training step's depthwise-conv
// weight gradient reads the padded input at each kernel offset) becomes the
// gather a pad lowers to for those reads (gpu/padding.py
// sliced_pads_to_gathers); cloned into each reading unit it stayed a loop
// outside every kernel: "host: 'scf.for' runs on the host, outside the kernel".
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 -o %t.ptx 2>&1 | %FileCheck %s --check-prefix=COMPILED
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED-NOT: error
// COMPILED: kernels: 2
// VERIFIED: result0: {{.*}} ok
// VERIFIED: result1: {{.*}} ok
// VERIFIED: verify: ok

#m = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @taps(%x: tensor<2x8x6x6xf32>, %g: tensor<2x8x6x6xf32>) -> (tensor<2x8x6x6xf32>, tensor<2x8x6x6xf32>) {
    %zero = arith.constant 0.0 : f32
    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%a: index, %b: index, %c: index, %d: index):
      tensor.yield %zero : f32
    } : tensor<2x8x6x6xf32> to tensor<2x8x8x8xf32>
    %s0 = tensor.extract_slice %p[0, 0, 0, 0] [2, 8, 6, 6] [1, 1, 1, 1] : tensor<2x8x8x8xf32> to tensor<2x8x6x6xf32>
    %s1 = tensor.extract_slice %p[0, 0, 2, 1] [2, 8, 6, 6] [1, 1, 1, 1] : tensor<2x8x8x8xf32> to tensor<2x8x6x6xf32>
    %e = tensor.empty() : tensor<2x8x6x6xf32>
    %r0 = linalg.generic {indexing_maps = [#m, #m, #m], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s0, %g : tensor<2x8x6x6xf32>, tensor<2x8x6x6xf32>) outs(%e : tensor<2x8x6x6xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %v = arith.mulf %a, %b : f32
      linalg.yield %v : f32
    } -> tensor<2x8x6x6xf32>
    %r1 = linalg.generic {indexing_maps = [#m, #m, #m], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s1, %r0 : tensor<2x8x6x6xf32>, tensor<2x8x6x6xf32>) outs(%e : tensor<2x8x6x6xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %v = math.exp %a : f32
      %w = arith.addf %v, %b : f32
      linalg.yield %w : f32
    } -> tensor<2x8x6x6xf32>
    return %r0, %r1 : tensor<2x8x6x6xf32>, tensor<2x8x6x6xf32>
  }
}

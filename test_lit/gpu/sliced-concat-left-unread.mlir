// ERNIE-4.5's rotary tables: cos and sin of `cat((freqs, freqs))`, read
// only through their first half. The sliced-producer rewrite
// (gpu/sliced_producers.py) computes the cosine on that half alone, reading
// that half of the concat (by then the generic the back end launches for
// it, gpu/concat_kernel.py, which reads its operands by tensor.extract).
// `slice_reads.as_fill` evaluated the sliced concat to see whether it holds
// one value, and read the operand it gathers from as the concat's own init,
// zeros, because the two have the same type: the concat became a fill of 0
// (cos 0 = 1 everywhere), the generic it replaced went unread, and the host
// lowering failed on it ("host: 0 launches in one kernel unit"). Only the
// init is read as zeros now; a generator reading another tensor is no fill.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK-NEXT: k0: elementwise schedule
// OK: verify: ok

#m2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#m3 = affine_map<(d0, d1, d2) -> (d2)>
#m1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @rotary_half(%pos: tensor<1x16x1xf32>, %freq: tensor<8xf32>) -> tensor<1x1x16x8xf32> {
  %e8 = tensor.empty() : tensor<1x16x8xf32>
  %angles = linalg.generic {indexing_maps = [#m2, #m3, #m1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%pos, %freq : tensor<1x16x1xf32>, tensor<8xf32>) outs(%e8 : tensor<1x16x8xf32>) {
  ^bb0(%p: f32, %f: f32, %o: f32):
    %m = arith.mulf %p, %f : f32
    linalg.yield %m : f32
  } -> tensor<1x16x8xf32>
  %both = tensor.concat dim(2) %angles, %angles : (tensor<1x16x8xf32>, tensor<1x16x8xf32>) -> tensor<1x16x16xf32>
  %e16 = tensor.empty() : tensor<1x16x16xf32>
  %cos = linalg.generic {indexing_maps = [#m1, #m1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%both : tensor<1x16x16xf32>) outs(%e16 : tensor<1x16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = math.cos %a : f32
    linalg.yield %c : f32
  } -> tensor<1x16x16xf32>
  %heads = tensor.expand_shape %cos [[0], [1, 2], [3]] output_shape [1, 1, 16, 16] : tensor<1x16x16xf32> into tensor<1x1x16x16xf32>
  %lo = tensor.extract_slice %heads[0, 0, 0, 0] [1, 1, 16, 8] [1, 1, 1, 1] : tensor<1x1x16x16xf32> to tensor<1x1x16x8xf32>
  return %lo : tensor<1x1x16x8xf32>
}

// torch.stack along a new last dim, flattened: an interleaving concat.
// @unpack_int4 unpacks two 4-bit weights per byte (lo = b & 15, hi = b >> 4,
// stack, reshape to the weight, regroup for the per-group scales);
// @interleaved_rope rotates pairs (GPT-J, CodeGen: stack(-x[..., 1::2],
// x[..., ::2]).flatten(-2)). The concat became a gather over its own
// [.., n, 2] shape, read through a collapse_shape (and an expand_shape) by
// its consumer: a reshape between two ops of a kernel, so the gather was a
// kernel of its own, and so were the nibbles and the negation it read
// through the stack's unit expands. Now the gather is rebuilt over the last
// reshape's shape (gpu/gather_compose.cut_gathers) and the producers it reads
// through reshapes are computed at its reads (transforms/gather_inline.py):
// the unpack and dequantization are one kernel before the matmul (was 3),
// and the rotary one kernel after the projection (was 3).
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 -o %t.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %mlirfuse verify %s --func unpack_int4 --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse verify %s --func interleaved_rope --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED: kernels: 4 (4 distinct)
// COMPILED-NEXT: k0: elementwise schedule
// COMPILED-NEXT: k1: contraction schedule
// COMPILED-NEXT: k2: contraction schedule
// COMPILED-NEXT: k3: elementwise schedule
// VERIFIED: verify: ok

#m2 = affine_map<(d0, d1) -> (d0, d1)>
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#g3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @unpack_int4(%x: tensor<4x16xf16>, %packed: tensor<32x8xi8>, %scale: tensor<32x2x1xf16>) -> tensor<4x32xf32> {
  %c15 = arith.constant 15 : i8
  %c4 = arith.constant 4 : i8
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x8xi8>
  %lo = linalg.generic {indexing_maps = [#m2, #m2], iterator_types = ["parallel", "parallel"]} ins(%packed : tensor<32x8xi8>) outs(%e : tensor<32x8xi8>) {
  ^bb0(%in: i8, %out: i8):
    %a = arith.andi %in, %c15 : i8
    linalg.yield %a : i8
  } -> tensor<32x8xi8>
  %hi = linalg.generic {indexing_maps = [#m2, #m2], iterator_types = ["parallel", "parallel"]} ins(%packed : tensor<32x8xi8>) outs(%e : tensor<32x8xi8>) {
  ^bb0(%in: i8, %out: i8):
    %s = arith.shrui %in, %c4 : i8
    %a = arith.andi %s, %c15 : i8
    linalg.yield %a : i8
  } -> tensor<32x8xi8>
  %lo3 = tensor.expand_shape %lo [[0], [1, 2]] output_shape [32, 8, 1] : tensor<32x8xi8> into tensor<32x8x1xi8>
  %hi3 = tensor.expand_shape %hi [[0], [1, 2]] output_shape [32, 8, 1] : tensor<32x8xi8> into tensor<32x8x1xi8>
  %both = tensor.concat dim(2) %lo3, %hi3 : (tensor<32x8x1xi8>, tensor<32x8x1xi8>) -> tensor<32x8x2xi8>
  %flat = tensor.collapse_shape %both [[0], [1, 2]] : tensor<32x8x2xi8> into tensor<32x16xi8>
  %grouped = tensor.expand_shape %flat [[0], [1, 2]] output_shape [32, 2, 8] : tensor<32x16xi8> into tensor<32x2x8xi8>
  %ef = tensor.empty() : tensor<32x2x8xf16>
  %deq = linalg.generic {indexing_maps = [#m3, #g3, #m3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%grouped, %scale : tensor<32x2x8xi8>, tensor<32x2x1xf16>) outs(%ef : tensor<32x2x8xf16>) {
  ^bb0(%q: i8, %s: f16, %out: f16):
    %f = arith.uitofp %q : i8 to f16
    %y = arith.mulf %f, %s : f16
    linalg.yield %y : f16
  } -> tensor<32x2x8xf16>
  %w = tensor.collapse_shape %deq [[0], [1, 2]] : tensor<32x2x8xf16> into tensor<32x16xf16>
  %et = tensor.empty() : tensor<16x32xf16>
  %wt = linalg.transpose ins(%w : tensor<32x16xf16>) outs(%et : tensor<16x32xf16>) permutation = [1, 0]
  %eo = tensor.empty() : tensor<4x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x32xf32>) -> tensor<4x32xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<4x16xf16>, tensor<16x32xf16>) outs(%z : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %y : tensor<4x32xf32>
}

#x3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#cs = affine_map<(d0, d1, d2) -> (d1, d2)>
func.func @interleaved_rope(%h: tensor<16x32xf32>, %w: tensor<32x16xf32>, %cos: tensor<8x16xf32>, %sin: tensor<8x16xf32>) -> tensor<2x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %q2 = linalg.matmul ins(%h, %w : tensor<16x32xf32>, tensor<32x16xf32>) outs(%z : tensor<16x16xf32>) -> tensor<16x16xf32>
  %q = tensor.expand_shape %q2 [[0, 1], [2]] output_shape [2, 8, 16] : tensor<16x16xf32> into tensor<2x8x16xf32>
  %x1 = tensor.extract_slice %q[0, 0, 0] [2, 8, 8] [1, 1, 2] : tensor<2x8x16xf32> to tensor<2x8x8xf32>
  %x2 = tensor.extract_slice %q[0, 0, 1] [2, 8, 8] [1, 1, 2] : tensor<2x8x16xf32> to tensor<2x8x8xf32>
  %e1 = tensor.empty() : tensor<2x8x8xf32>
  %neg = linalg.generic {indexing_maps = [#x3, #x3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x2 : tensor<2x8x8xf32>) outs(%e1 : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x8x8xf32>
  %n4 = tensor.expand_shape %neg [[0], [1], [2, 3]] output_shape [2, 8, 8, 1] : tensor<2x8x8xf32> into tensor<2x8x8x1xf32>
  %x14 = tensor.expand_shape %x1 [[0], [1], [2, 3]] output_shape [2, 8, 8, 1] : tensor<2x8x8xf32> into tensor<2x8x8x1xf32>
  %st = tensor.concat dim(3) %n4, %x14 : (tensor<2x8x8x1xf32>, tensor<2x8x8x1xf32>) -> tensor<2x8x8x2xf32>
  %rot = tensor.collapse_shape %st [[0], [1], [2, 3]] : tensor<2x8x8x2xf32> into tensor<2x8x16xf32>
  %e3 = tensor.empty() : tensor<2x8x16xf32>
  %out = linalg.generic {indexing_maps = [#x3, #x3, #cs, #cs, #x3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%q, %rot, %cos, %sin : tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) outs(%e3 : tensor<2x8x16xf32>) {
  ^bb0(%a: f32, %r: f32, %c: f32, %s: f32, %o: f32):
    %ac = arith.mulf %a, %c : f32
    %rs = arith.mulf %r, %s : f32
    %y = arith.addf %ac, %rs : f32
    linalg.yield %y : f32
  } -> tensor<2x8x16xf32>
  return %out : tensor<2x8x16xf32>
}

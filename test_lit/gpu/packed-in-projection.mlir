// PyTorch's packed in-projection (`nn.MultiheadAttention` whose key is its
// value: SigLIP's pooling head; with q = k = v every nn.TransformerEncoderLayer):
// one linear to P·E features, its bias, `unflatten(-1, (P, E))`, and a
// transpose bringing P to the front, as torch-mlir writes it (a batch_matmul
// against the weight broadcast by a copy generic). The expand_shape sat
// between the bias and the transpose, in the kernel, where tile-and-fuse
// cannot go through it (`gpu-reshape-inside`): the transpose and the bias
// were a copy kernel of their own, moving the projection twice more.
// `inner_expand_chains` moves the expand above the chain (the bias, the
// contraction, the copies feeding it, on split loops), the copies fold into
// the contraction's maps and the transpose into its output map: one kernel
// writes the 2 x 49 x 2 x 1 x 64 layout, reading x and the weight as they are.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --func packed_kv --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 5
// CHECK-NEXT: k0: contraction schedule
// CHECK-NEXT: k1: contraction schedule
// CHECK-NEXT: k2: elementwise schedule
// CHECK-NEXT: k3: contraction schedule
// CHECK-NEXT: k4: partitioned(elementwise+elementwise) schedule
// OK: verify: ok
// GPU-LABEL: gpu.func @packed_kv_k0(
// GPU-SAME: %arg0: memref<2x49x64xf32>
// GPU-SAME: memref<2x49x2x1x64xf32>
// No thread copies a tile of x or of the weight (the K extent, 64): only the
// four accumulators are private.
// GPU-NOT: memref.alloca() : memref<{{[0-9x]*}}64
// GPU: gpu.return

#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#w = affine_map<(d0, d1, d2) -> (d2, d1)>
#b = affine_map<(d0, d1, d2) -> (d2)>
func.func @packed_kv(%x: tensor<2x49x64xf32>, %weight: tensor<192x64xf32>,
                     %bias: tensor<192xf32>) -> tensor<2x49x2x64xf32> {
  %zero = arith.constant 0.0 : f32
  %wkv = tensor.extract_slice %weight[64, 0] [128, 64] [1, 1] : tensor<192x64xf32> to tensor<128x64xf32>
  %bkv = tensor.extract_slice %bias[64] [128] [1] : tensor<192xf32> to tensor<128xf32>
  %et = tensor.empty() : tensor<49x2x64xf32>
  %xt = linalg.transpose ins(%x : tensor<2x49x64xf32>) outs(%et : tensor<49x2x64xf32>) permutation = [1, 0, 2]
  %ew = tensor.empty() : tensor<49x64x128xf32>
  %wb = linalg.generic {indexing_maps = [#w, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%wkv : tensor<128x64xf32>) outs(%ew : tensor<49x64x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<49x64x128xf32>
  %ep = tensor.empty() : tensor<49x2x128xf32>
  %fp = linalg.fill ins(%zero : f32) outs(%ep : tensor<49x2x128xf32>) -> tensor<49x2x128xf32>
  %p = linalg.batch_matmul ins(%xt, %wb : tensor<49x2x64xf32>, tensor<49x64x128xf32>)
       outs(%fp : tensor<49x2x128xf32>) -> tensor<49x2x128xf32>
  %pb = linalg.generic {indexing_maps = [#m3, #b, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%p, %bkv : tensor<49x2x128xf32>, tensor<128xf32>) outs(%ep : tensor<49x2x128xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<49x2x128xf32>
  %u = tensor.expand_shape %pb [[0, 1], [2], [3, 4]] output_shape [1, 49, 2, 2, 64]
       : tensor<49x2x128xf32> into tensor<1x49x2x2x64xf32>
  %e5 = tensor.empty() : tensor<2x49x2x1x64xf32>
  %t = linalg.transpose ins(%u : tensor<1x49x2x2x64xf32>) outs(%e5 : tensor<2x49x2x1x64xf32>) permutation = [3, 1, 2, 0, 4]
  %r = tensor.collapse_shape %t [[0], [1], [2, 3], [4]] : tensor<2x49x2x1x64xf32> into tensor<2x49x2x64xf32>
  return %r : tensor<2x49x2x64xf32>
}

// The same with the unflattened projection also a result (read after the
// kernel, as PatchTSMixer reads its transposed, unflattened features): the
// expand_shape is a result of the kernel, so the chain is not moved (the
// group would have to keep the ops it replaces), and the plan does not
// count on it: it builds.
// RUN: %mlirfuse verify %s --func packed_kv_kept --schedule gpu | FileCheck %s --check-prefix=OK
// (k1 and k2 above: the projection, then the transpose as a copy.)
// GPU-LABEL: gpu.func @packed_kv_kept_k1(
// GPU-SAME: memref<49x2x128xf32>
// GPU-LABEL: gpu.func @packed_kv_kept_k2(
func.func @packed_kv_kept(%x: tensor<2x49x64xf32>, %weight: tensor<128x64xf32>,
                          %bias: tensor<128xf32>) -> (tensor<2x49x2x64xf32>, tensor<1x49x2x2x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<49x2x64xf32>
  %xt = linalg.transpose ins(%x : tensor<2x49x64xf32>) outs(%et : tensor<49x2x64xf32>) permutation = [1, 0, 2]
  %ew = tensor.empty() : tensor<49x64x128xf32>
  %wb = linalg.generic {indexing_maps = [#w, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%weight : tensor<128x64xf32>) outs(%ew : tensor<49x64x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<49x64x128xf32>
  %ep = tensor.empty() : tensor<49x2x128xf32>
  %fp = linalg.fill ins(%zero : f32) outs(%ep : tensor<49x2x128xf32>) -> tensor<49x2x128xf32>
  %p = linalg.batch_matmul ins(%xt, %wb : tensor<49x2x64xf32>, tensor<49x64x128xf32>)
       outs(%fp : tensor<49x2x128xf32>) -> tensor<49x2x128xf32>
  %pb = linalg.generic {indexing_maps = [#m3, #b, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%p, %bias : tensor<49x2x128xf32>, tensor<128xf32>) outs(%ep : tensor<49x2x128xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<49x2x128xf32>
  %u = tensor.expand_shape %pb [[0, 1], [2], [3, 4]] output_shape [1, 49, 2, 2, 64]
       : tensor<49x2x128xf32> into tensor<1x49x2x2x64xf32>
  %e5 = tensor.empty() : tensor<2x49x2x1x64xf32>
  %t = linalg.transpose ins(%u : tensor<1x49x2x2x64xf32>) outs(%e5 : tensor<2x49x2x1x64xf32>) permutation = [3, 1, 2, 0, 4]
  %r = tensor.collapse_shape %t [[0], [1], [2, 3], [4]] : tensor<2x49x2x1x64xf32> into tensor<2x49x2x64xf32>
  return %r, %u : tensor<2x49x2x64xf32>, tensor<1x49x2x2x64xf32>
}


// A transpose read by a generic of the kernel (HunYuan's query: the
// projection split into heads, transposed, then rotary's multiply, the
// transposed heads also sliced for rotate_half): the fusion rewrite merges
// the transpose into the generic, a permuted read of the expand, which no
// move takes out of the kernel. Planned as one kernel anyway, its tiling
// failed ("could not find next producer to fuse"); now the expand is not
// counted as moved and the projection is a kernel of its own (k3); the
// rotary product (16 columns) and the rotate_half slice (8), which no edge
// joins, are two parts of one launch (k4, the partitioned schedule).
// RUN: %mlirfuse verify %s --func q_rotary --schedule gpu | FileCheck %s --check-prefix=OK
#unit_head = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#ident4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @q_rotary(%x: tensor<16x64xf32>, %w: tensor<64x64xf32>, %cos: tensor<1x1x16x16xf32>) -> (tensor<1x4x16x16xf32>, tensor<1x4x16x8xf32>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %o = tensor.empty() : tensor<16x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%o : tensor<16x64xf32>) -> tensor<16x64xf32>
  %r = tensor.empty() : tensor<1x4x16x16xf32>
  %t = linalg.transpose ins(%w : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) permutation = [1, 0]
  %m = linalg.matmul ins(%x, %t : tensor<16x64xf32>, tensor<64x64xf32>) outs(%f : tensor<16x64xf32>) -> tensor<16x64xf32>
  %ex = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 16, 4, 16] : tensor<16x64xf32> into tensor<1x16x4x16xf32>
  %q = linalg.transpose ins(%ex : tensor<1x16x4x16xf32>) outs(%r : tensor<1x4x16x16xf32>) permutation = [0, 2, 1, 3]
  %g = linalg.generic {indexing_maps = [#ident4, #unit_head, #ident4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q, %cos : tensor<1x4x16x16xf32>, tensor<1x1x16x16xf32>) outs(%r : tensor<1x4x16x16xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %p = arith.mulf %in, %c : f32
    linalg.yield %p : f32
  } -> tensor<1x4x16x16xf32>
  %half = tensor.extract_slice %q[0, 0, 0, 8] [1, 4, 16, 8] [1, 1, 1, 1] : tensor<1x4x16x16xf32> to tensor<1x4x16x8xf32>
  return %g, %half : tensor<1x4x16x16xf32>, tensor<1x4x16x8xf32>
}

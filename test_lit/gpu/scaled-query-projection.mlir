// A query projection scaled after its bias (ProphetNet: `q = proj(x) / √d`,
// then the heads' unflatten and transpose), as torch-mlir writes it: the
// matmul, the bias, a unit expand, the division, the heads' expand_shape and
// a transpose. The plan counts the expand as moved above its chain
// (`inner_expand_chains`: the bias, the matmul, on split loops). But the
// op-level merge makes the bias and the division one generic whose init is
// the matmul's result (a buffer reused, `transforms/merge.py`), so the matmul
// had two uses, the chain was not moved, and tile-and-fuse stopped at the
// expand ("could not find next producer to fuse"). The init the merged body
// does not read is no second reader: the chain moves, the transpose folds
// into the contraction's output map, and one kernel writes the heads' layout.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK-NEXT: k0: contraction schedule
// OK: verify: ok
// GPU-LABEL: gpu.func @q_scaled_k0(
// GPU-SAME: memref<1x4x36x16xf32>
// GPU-SAME: memref<36x64xf32>
// GPU: gpu.return

#m2 = affine_map<(d0, d1) -> (d0, d1)>
#b2 = affine_map<(d0, d1) -> (d1)>
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @q_scaled(%x: tensor<36x64xf32>, %w: tensor<64x64xf32>, %bias: tensor<64xf32>) -> tensor<1x4x36x16xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 4.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %wt = linalg.transpose ins(%w : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<36x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<36x64xf32>) -> tensor<36x64xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<36x64xf32>, tensor<64x64xf32>) outs(%f : tensor<36x64xf32>) -> tensor<36x64xf32>
  %mb = linalg.generic {indexing_maps = [#m2, #b2, #m2], iterator_types = ["parallel", "parallel"]}
       ins(%m, %bias : tensor<36x64xf32>, tensor<64xf32>) outs(%o : tensor<36x64xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<36x64xf32>
  %u = tensor.expand_shape %mb [[0, 1], [2]] output_shape [1, 36, 64] : tensor<36x64xf32> into tensor<1x36x64xf32>
  %e3 = tensor.empty() : tensor<1x36x64xf32>
  %d = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%u : tensor<1x36x64xf32>) outs(%e3 : tensor<1x36x64xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.divf %a, %scale : f32
    linalg.yield %s : f32
  } -> tensor<1x36x64xf32>
  %h = tensor.expand_shape %d [[0], [1], [2, 3]] output_shape [1, 36, 4, 16] : tensor<1x36x64xf32> into tensor<1x36x4x16xf32>
  %e4 = tensor.empty() : tensor<1x4x36x16xf32>
  %t = linalg.transpose ins(%h : tensor<1x36x4x16xf32>) outs(%e4 : tensor<1x4x36x16xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<1x4x36x16xf32>
}

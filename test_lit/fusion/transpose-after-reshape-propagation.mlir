// SAM's window partition in bf16: a transpose of windows, collapsed to rows,
// widened to f32 by a generic, read by a matmul. Reshape propagation moves
// the collapse below the widening, which leaves the transpose right before
// that generic; the copy fold had already run, so the first fuse kept the
// transpose as a kernel and a second fuse folded it: the fused IR was not a
// fixed point. The driver now repeats both until neither changes anything
// (passes/fusion_driver._after_attention): fusing twice prints the same IR,
// and the transpose is an indexing map of the widening generic.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' -o %t.once.mlir
// RUN: %mlirfuse-opt %t.once.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: FileCheck %s < %t.once.mlir
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s --check-prefix=VERIFY
// CHECK-LABEL: func.func @windows
// CHECK-NOT: linalg.transpose
// CHECK: return
// VERIFY: verify: ok

#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @windows(%x: tensor<2x4x2x4x8xbf16>, %w: tensor<8x16xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x4x4x8xbf16>
  %t = linalg.transpose ins(%x : tensor<2x4x2x4x8xbf16>) outs(%e : tensor<2x2x4x4x8xbf16>) permutation = [0, 2, 1, 3, 4]
  %rows = tensor.collapse_shape %t [[0, 1, 2, 3], [4]] : tensor<2x2x4x4x8xbf16> into tensor<64x8xbf16>
  %e32 = tensor.empty() : tensor<64x8xf32>
  %wide = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%rows : tensor<64x8xbf16>) outs(%e32 : tensor<64x8xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %f = arith.extf %a : bf16 to f32
    linalg.yield %f : f32
  } -> tensor<64x8xf32>
  %acc = tensor.empty() : tensor<64x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%acc : tensor<64x16xf32>) -> tensor<64x16xf32>
  %y = linalg.matmul ins(%wide, %w : tensor<64x8xf32>, tensor<8x16xf32>) outs(%z : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

// SAM's window partition: a 6x6 token grid padded to 8x8 (a multiple of the
// 4x4 window), split into 2x2 windows of 4x4 by an expand_shape, transposed
// to window-major order. The expand splits the padded dims, so the pad could
// not be moved past it and was left on the host ("'scf.for' runs on the
// host, outside the kernel"). An expand of a pad that splits a padded dim
// becomes one gather over the expanded shape that reads the source at the
// position its indices linearise to (gpu/padding.expand_of_pad_to_generic),
// and the kernel reads through it.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK: windows_k0
// OK: verify: ok

func.func @windows(%x: tensor<1x6x6x8xf32>) -> tensor<4x4x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 0, 0] high[0, 2, 2, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x6x6x8xf32> to tensor<1x8x8x8xf32>
  %split = tensor.expand_shape %padded [[0], [1, 2], [3, 4], [5]] output_shape [1, 2, 4, 2, 4, 8] : tensor<1x8x8x8xf32> into tensor<1x2x4x2x4x8xf32>
  %e = tensor.empty() : tensor<1x2x2x4x4x8xf32>
  %t = linalg.transpose ins(%split : tensor<1x2x4x2x4x8xf32>) outs(%e : tensor<1x2x2x4x4x8xf32>) permutation = [0, 1, 3, 2, 4, 5]
  %w = tensor.collapse_shape %t [[0, 1, 2], [3], [4], [5]] : tensor<1x2x2x4x4x8xf32> into tensor<4x4x4x8xf32>
  return %w : tensor<4x4x4x8xf32>
}

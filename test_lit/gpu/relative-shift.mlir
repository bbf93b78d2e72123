// Transformer-XL's relative shift (wav2vec2-conformer's relative position
// scores): the [20 x 39] scores of each head are padded by one column, the
// rows viewed as one, viewed again as 40 x 20, the first row dropped, viewed
// back and cut to 20 x 20, then scaled. The pad joined the scale's kernel,
// where tile and fuse could not reach it through the reshapes: the compile
// failed ("'scf.for' runs on the host, outside the kernel"). A pad a
// collapse_shape reads becomes the gather it lowers to before planning
// (gpu/padding.collapsed_pads_to_gathers); read only through views that cut
// it, it becomes a gather of the cut (gpu/gather_compose.cut_gathers), of the
// scale's size, and is planned into the scale's kernel: 2 kernels (3 before).
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 2
// OK: verify: ok

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @rel_shift(%q: tensor<4x20x16xf32>, %p: tensor<4x16x39xf32>) -> tensor<1x4x20x20xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<4x20x39xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x20x39xf32>) -> tensor<4x20x39xf32>
  %s = linalg.batch_matmul ins(%q, %p : tensor<4x20x16xf32>, tensor<4x16x39xf32>) outs(%init : tensor<4x20x39xf32>) -> tensor<4x20x39xf32>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [1, 4, 20, 39] : tensor<4x20x39xf32> into tensor<1x4x20x39xf32>
  %padded = tensor.pad %s4 low[0, 0, 0, 1] high[0, 0, 0, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x4x20x39xf32> to tensor<1x4x20x40xf32>
  %flat = tensor.collapse_shape %padded [[0], [1], [2, 3]] : tensor<1x4x20x40xf32> into tensor<1x4x800xf32>
  %rows = tensor.expand_shape %flat [[0], [1], [2, 3]] output_shape [1, 4, 40, 20] : tensor<1x4x800xf32> into tensor<1x4x40x20xf32>
  %shifted = tensor.extract_slice %rows[0, 0, 1, 0] [1, 4, 39, 20] [1, 1, 1, 1] : tensor<1x4x40x20xf32> to tensor<1x4x39x20xf32>
  %flat2 = tensor.collapse_shape %shifted [[0], [1], [2, 3]] : tensor<1x4x39x20xf32> into tensor<1x4x780xf32>
  %back = tensor.expand_shape %flat2 [[0], [1], [2, 3]] output_shape [1, 4, 20, 39] : tensor<1x4x780xf32> into tensor<1x4x20x39xf32>
  %cut = tensor.extract_slice %back[0, 0, 0, 0] [1, 4, 20, 20] [1, 1, 1, 1] : tensor<1x4x20x39xf32> to tensor<1x4x20x20xf32>
  %eo = tensor.empty() : tensor<1x4x20x20xf32>
  %out = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cut : tensor<1x4x20x20xf32>) outs(%eo : tensor<1x4x20x20xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.mulf %in, %scale : f32
    linalg.yield %m : f32
  } -> tensor<1x4x20x20xf32>
  return %out : tensor<1x4x20x20xf32>
}

// VITS's windowed relative attention (also Music Transformer's, Glow-TTS's):
// relative logits [4 x 20 x 39] are turned into absolute positions by
// padding a column, viewing the rows as one, padding that by 19, viewing it
// as 21 rows of 39 and keeping 20 rows of columns 19..38; the weights go
// back the other way (pad 19 columns, flatten, pad 20 in front, view as rows
// of 40, drop the first column) before the matmul with the relative values.
// The second pad of each chain is read by an expand_shape that splits the
// padded dim: it joined its reader's kernel, where tile and fuse could not
// reach it through the reshape, and the compile failed ("'scf.for' runs on
// the host, outside the kernel"). Such a pad becomes the gather over the
// expanded shape before planning (gpu/padding.collapsed_pads_to_gathers),
// the chain's gathers compose into one, and a gather read only through
// slices becomes a gather of the slice (gpu/gather_compose.cut_gathers), of
// its reader's size: planned into the add's kernel.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 4
// PLAN: @skew: 4 kernels
// PLAN: elementwise-chain ops
// OK: verify: ok

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @skew(%q: tensor<4x20x32xf32>, %k: tensor<4x32x39xf32>, %bias: tensor<4x20x20xf32>, %v: tensor<4x39x32xf32>) -> tensor<4x20x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x20x39xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x20x39xf32>) -> tensor<4x20x39xf32>
  %s = linalg.batch_matmul ins(%q, %k : tensor<4x20x32xf32>, tensor<4x32x39xf32>) outs(%init : tensor<4x20x39xf32>) -> tensor<4x20x39xf32>
  %p1 = tensor.pad %s low[0, 0, 0] high[0, 0, 1] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %zero : f32
  } : tensor<4x20x39xf32> to tensor<4x20x40xf32>
  %flat = tensor.collapse_shape %p1 [[0], [1, 2]] : tensor<4x20x40xf32> into tensor<4x800xf32>
  %p2 = tensor.pad %flat low[0, 0] high[0, 19] {
  ^bb0(%a: index, %b: index):
    tensor.yield %zero : f32
  } : tensor<4x800xf32> to tensor<4x819xf32>
  %rows = tensor.expand_shape %p2 [[0], [1, 2]] output_shape [4, 21, 39] : tensor<4x819xf32> into tensor<4x21x39xf32>
  %sl = tensor.extract_slice %rows[0, 0, 0] [4, 20, 39] [1, 1, 1] : tensor<4x21x39xf32> to tensor<4x20x39xf32>
  %cut = tensor.extract_slice %sl[0, 0, 19] [4, 20, 20] [1, 1, 1] : tensor<4x20x39xf32> to tensor<4x20x20xf32>
  %eo = tensor.empty() : tensor<4x20x20xf32>
  %w = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bias, %cut : tensor<4x20x20xf32>, tensor<4x20x20xf32>) outs(%eo : tensor<4x20x20xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %sum = arith.addf %a, %b : f32
    %x = math.exp %sum : f32
    linalg.yield %x : f32
  } -> tensor<4x20x20xf32>
  %u1 = tensor.pad %w low[0, 0, 0] high[0, 0, 19] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %zero : f32
  } : tensor<4x20x20xf32> to tensor<4x20x39xf32>
  %uflat = tensor.collapse_shape %u1 [[0], [1, 2]] : tensor<4x20x39xf32> into tensor<4x780xf32>
  %u2 = tensor.pad %uflat low[0, 20] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %zero : f32
  } : tensor<4x780xf32> to tensor<4x800xf32>
  %urows = tensor.expand_shape %u2 [[0], [1, 2]] output_shape [4, 20, 40] : tensor<4x800xf32> into tensor<4x20x40xf32>
  %rel = tensor.extract_slice %urows[0, 0, 1] [4, 20, 39] [1, 1, 1] : tensor<4x20x40xf32> to tensor<4x20x39xf32>
  %e2 = tensor.empty() : tensor<4x20x32xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x20x32xf32>) -> tensor<4x20x32xf32>
  %r = linalg.batch_matmul ins(%rel, %v : tensor<4x20x39xf32>, tensor<4x39x32xf32>) outs(%init2 : tensor<4x20x32xf32>) -> tensor<4x20x32xf32>
  return %r : tensor<4x20x32xf32>
}

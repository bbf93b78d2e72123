// Attention read through its head split (docs/attention.md, "The heads'
// transposes"): Q, K, V are projections (64 x 8: batch 2, 32 tokens, 2 heads
// of 4) expanded to B x S x H x D, transposed to B x H x S x D (K to
// B x H x D x S) and collapsed for the batch matmuls. The attention group
// reads the expanded tensors themselves: its key blocks are slices along S of
// the B x S x H x D tensors, its contractions index them through the
// transposes' permutations, so no transpose kernel remains, and the output is
// written back as B x S x H x D (the heads' transpose of P·V). attention=auto
// (search=auto, as `mlirfuse compile` plans) takes the kernel: J is lower.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s

// Q (b, s, h, d) at (b, h, m, -, d); K at (b, h, -, n, d); V (b, s, h, j) at (b, h, m, j, n).
// CHECK-DAG: #[[$QMAP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d4)>
// CHECK-DAG: #[[$KMAP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d1, d4)>
// CHECK-DAG: #[[$VMAP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d3)>
// CHECK-LABEL: func.func @attn
// CHECK-NOT: linalg.transpose
// CHECK-DAG: %[[Q:.*]] = tensor.expand_shape %arg0 {{\[}}[0, 1], [2, 3]] output_shape [2, 32, 2, 4]
// CHECK-DAG: %[[K:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2, 3]] output_shape [2, 32, 2, 4]
// CHECK-DAG: %[[V:.*]] = tensor.expand_shape %arg2 {{\[}}[0, 1], [2, 3]] output_shape [2, 32, 2, 4]
// CHECK: "fusion.group"() ({
// CHECK: %[[QS:.*]] = tensor.cast %[[Q]] : tensor<2x32x2x4xf32> to tensor<2x32x2x4xf32>
// CHECK: %[[KS:.*]] = tensor.cast %[[K]] : tensor<2x32x2x4xf32> to tensor<2x32x2x4xf32>
// CHECK: %[[VS:.*]] = tensor.cast %[[V]] : tensor<2x32x2x4xf32> to tensor<2x32x2x4xf32>
// CHECK: scf.for %[[N0:.*]] = %{{.*}} to %c32 step %c16
// CHECK: %[[KB:.*]] = tensor.extract_slice %[[KS]][0, %[[N0]], 0, 0] [2, 16, 2, 4] [1, 1, 1, 1] : tensor<2x32x2x4xf32> to tensor<2x16x2x4xf32>
// CHECK: %[[VB:.*]] = tensor.extract_slice %[[VS]][0, %[[N0]], 0, 0] [2, 16, 2, 4] [1, 1, 1, 1] : tensor<2x32x2x4xf32> to tensor<2x16x2x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$QMAP]], #[[$KMAP]], #{{.*}}], {{.*}} ins(%[[QS]], %[[KB]] : tensor<2x32x2x4xf32>, tensor<2x16x2x4xf32>) outs(%{{.*}} : tensor<2x2x32x16xf32>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[$VMAP]], #{{.*}}], {{.*}} ins(%{{.*}}, %[[VB]] : tensor<2x2x32x16xf32>, tensor<2x16x2x4xf32>) outs(%{{.*}} : tensor<2x2x32x4xf32>)
// CHECK: gpu.yield %{{.*}} : tensor<2x32x2x4xf32>
// CHECK-NOT: linalg.transpose
// CHECK: return

#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @attn(%q2: tensor<64x8xf32>, %k2: tensor<64x8xf32>, %v2: tensor<64x8xf32>,
                %mask: tensor<2x1x1x32xf32>) -> tensor<64x8xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %qe = tensor.expand_shape %q2 [[0, 1], [2, 3]] output_shape [2, 32, 2, 4] : tensor<64x8xf32> into tensor<2x32x2x4xf32>
  %ke = tensor.expand_shape %k2 [[0, 1], [2, 3]] output_shape [2, 32, 2, 4] : tensor<64x8xf32> into tensor<2x32x2x4xf32>
  %ve = tensor.expand_shape %v2 [[0, 1], [2, 3]] output_shape [2, 32, 2, 4] : tensor<64x8xf32> into tensor<2x32x2x4xf32>
  %t = tensor.empty() : tensor<2x2x32x4xf32>
  %qt = linalg.transpose ins(%qe : tensor<2x32x2x4xf32>) outs(%t : tensor<2x2x32x4xf32>) permutation = [0, 2, 1, 3]
  %tk = tensor.empty() : tensor<2x2x4x32xf32>
  %kt = linalg.transpose ins(%ke : tensor<2x32x2x4xf32>) outs(%tk : tensor<2x2x4x32xf32>) permutation = [0, 2, 3, 1]
  %vt = linalg.transpose ins(%ve : tensor<2x32x2x4xf32>) outs(%t : tensor<2x2x32x4xf32>) permutation = [0, 2, 1, 3]
  %qc = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<2x2x32x4xf32> into tensor<4x32x4xf32>
  %kc = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x2x4x32xf32> into tensor<4x4x32xf32>
  %vc = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<2x2x32x4xf32> into tensor<4x32x4xf32>
  %e3 = tensor.empty() : tensor<4x32x32xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
  %s3 = linalg.batch_matmul ins(%qc, %kc : tensor<4x32x4xf32>, tensor<4x4x32xf32>)
        outs(%f3 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 2, 32, 32]
       : tensor<4x32x32xf32> into tensor<2x2x32x32xf32>
  %e = tensor.empty() : tensor<2x2x32x32xf32>
  %x = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%s, %mask : tensor<2x2x32x32xf32>, tensor<2x1x1x32xf32>) outs(%e : tensor<2x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.mulf %a, %half : f32
    %z = arith.addf %y, %b : f32
    linalg.yield %z : f32
  } -> tensor<2x2x32x32xf32>
  %er = tensor.empty() : tensor<2x2x32x1xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x2x32x1xf32>) -> tensor<2x2x32x1xf32>
  %mx = linalg.generic {indexing_maps = [#m4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%x : tensor<2x2x32x32xf32>) outs(%mi : tensor<2x2x32x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x2x32x1xf32>
  %ex = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mx : tensor<2x2x32x32xf32>, tensor<2x2x32x1xf32>) outs(%e : tensor<2x2x32x32xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x2x32x32xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<2x2x32x1xf32>) -> tensor<2x2x32x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
         ins(%ex : tensor<2x2x32x32xf32>) outs(%si : tensor<2x2x32x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x2x32x1xf32>
  %p = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<2x2x32x32xf32>, tensor<2x2x32x1xf32>) outs(%e : tensor<2x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.divf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x2x32x32xf32>
  %pc = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x2x32x32xf32> into tensor<4x32x32xf32>
  %eo = tensor.empty() : tensor<4x32x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
  %o3 = linalg.batch_matmul ins(%pc, %vc : tensor<4x32x32xf32>, tensor<4x32x4xf32>)
        outs(%fo : tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
  %oe = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 2, 32, 4]
        : tensor<4x32x4xf32> into tensor<2x2x32x4xf32>
  %et = tensor.empty() : tensor<2x32x2x4xf32>
  %ot = linalg.transpose ins(%oe : tensor<2x2x32x4xf32>) outs(%et : tensor<2x32x2x4xf32>) permutation = [0, 2, 1, 3]
  %o = tensor.collapse_shape %ot [[0, 1], [2, 3]] : tensor<2x32x2x4xf32> into tensor<64x8xf32>
  return %o : tensor<64x8xf32>
}

// `nn.MultiheadAttention`'s head split: Q, K and V are S x (B·H) x d views
// of the projections, transposed to (B·H) x S x d (K to (B·H) x d x S) for
// the batch matmuls, the heads still merged in the batch dim; only the
// scores are viewed as B x H x M x N, for the key padding mask, and merged
// back before the softmax. The attention kernel runs in the heads' space, so
// it reads each copy's source with the merged dim split as the scores split
// the batch (an expand_shape: a view) through the copy's permutation: no
// transpose stays a kernel of its own.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s --check-prefix=GPU
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// GPU: kernels: 1
// GPU-NEXT: k0: attention schedule
// OK: verify: ok

// CHECK-LABEL: func.func @attn
// CHECK-NOT: linalg.transpose
// CHECK-DAG: %[[Q:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2], [3]] output_shape [10, 2, 4, 16]
// CHECK-DAG: %[[K:.*]] = tensor.expand_shape %arg1 {{\[}}[0], [1, 2], [3]] output_shape [24, 2, 4, 16]
// CHECK-DAG: %[[V:.*]] = tensor.expand_shape %arg2 {{\[}}[0], [1, 2], [3]] output_shape [24, 2, 4, 16]
// CHECK: "fusion.group"() ({
// CHECK: tensor.cast %[[Q]] : tensor<10x2x4x16xf32>
// CHECK: tensor.cast %[[K]] : tensor<24x2x4x16xf32>
// CHECK: tensor.cast %[[V]] : tensor<24x2x4x16xf32>
// CHECK: scf.for
// CHECK: gpu.yield
// CHECK: fusion.pattern = "attention"
// CHECK-NOT: linalg.transpose
// CHECK-NOT: tensor<8x10x24xf32>
// CHECK: return

#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
func.func @attn(%q: tensor<10x8x16xf32>, %k: tensor<24x8x16xf32>, %v: tensor<24x8x16xf32>,
                %mask: tensor<2x1x1x24xf32>) -> tensor<8x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %eq = tensor.empty() : tensor<8x10x16xf32>
  %qt = linalg.transpose ins(%q : tensor<10x8x16xf32>) outs(%eq : tensor<8x10x16xf32>) permutation = [1, 0, 2]
  %ek = tensor.empty() : tensor<8x16x24xf32>
  %kt = linalg.transpose ins(%k : tensor<24x8x16xf32>) outs(%ek : tensor<8x16x24xf32>) permutation = [1, 2, 0]
  %ev = tensor.empty() : tensor<8x24x16xf32>
  %vt = linalg.transpose ins(%v : tensor<24x8x16xf32>) outs(%ev : tensor<8x24x16xf32>) permutation = [1, 0, 2]
  %e3 = tensor.empty() : tensor<8x10x24xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x10x24xf32>) -> tensor<8x10x24xf32>
  %s3 = linalg.batch_matmul ins(%qt, %kt : tensor<8x10x16xf32>, tensor<8x16x24xf32>)
        outs(%f3 : tensor<8x10x24xf32>) -> tensor<8x10x24xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 4, 10, 24]
       : tensor<8x10x24xf32> into tensor<2x4x10x24xf32>
  %e4 = tensor.empty() : tensor<2x4x10x24xf32>
  %masked = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%s, %mask : tensor<2x4x10x24xf32>, tensor<2x1x1x24xf32>) outs(%e4 : tensor<2x4x10x24xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.addf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x24xf32>
  %x = tensor.collapse_shape %masked [[0, 1], [2], [3]] : tensor<2x4x10x24xf32> into tensor<8x10x24xf32>
  %em = tensor.empty() : tensor<8x10x1xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<8x10x1xf32>) -> tensor<8x10x1xf32>
  %mx = linalg.generic {indexing_maps = [#m3, #col3], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x : tensor<8x10x24xf32>) outs(%fm : tensor<8x10x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<8x10x1xf32>
  %ex = linalg.generic {indexing_maps = [#m3, #col3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x, %mx : tensor<8x10x24xf32>, tensor<8x10x1xf32>) outs(%e3 : tensor<8x10x24xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<8x10x24xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%em : tensor<8x10x1xf32>) -> tensor<8x10x1xf32>
  %sum = linalg.generic {indexing_maps = [#m3, #col3], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%ex : tensor<8x10x24xf32>) outs(%fs : tensor<8x10x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<8x10x1xf32>
  %p = linalg.generic {indexing_maps = [#m3, #col3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%ex, %sum : tensor<8x10x24xf32>, tensor<8x10x1xf32>) outs(%e3 : tensor<8x10x24xf32>) {
  ^bb0(%a: f32, %t: f32, %o: f32):
    %y = arith.divf %a, %t : f32
    linalg.yield %y : f32
  } -> tensor<8x10x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eq : tensor<8x10x16xf32>) -> tensor<8x10x16xf32>
  %o = linalg.batch_matmul ins(%p, %vt : tensor<8x10x24xf32>, tensor<8x24x16xf32>)
       outs(%fo : tensor<8x10x16xf32>) -> tensor<8x10x16xf32>
  return %o : tensor<8x10x16xf32>
}

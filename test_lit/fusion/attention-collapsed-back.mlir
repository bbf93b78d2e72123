// Attention whose scores go back to the contraction's batch before the
// softmax, as XGLM's eager attention writes it: S = Q·Kᵀ on (B·H) x M x N,
// `view(B, H, M, N)`, the additive mask and a clamp at the dtype's minimum in
// the heads' space, `view(B·H, M, N)` again, then a softmax whose row max is
// torch's `max(dim)` (values and an index nobody reads) and P·V. The collapse
// is the inverse of the heads' expand: the chain is still one attention
// kernel, in the heads' space, and no batch_matmul, no score-sized tensor
// and no row reduction stays outside it.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @attn
// CHECK-NOT: linalg.batch_matmul
// CHECK: "fusion.group"() ({
// CHECK: scf.for %[[N0:.*]] = %{{.*}} to %c32 step %c16
// The mask, read in the heads' space at the key block's offset.
// CHECK: tensor.extract_slice %arg3[0, 0, 0, %[[N0]]] [2, 1, 16, 16]
// CHECK: arith.addf
// CHECK: arith.cmpf ogt
// CHECK: math.exp
// CHECK: scf.yield
// CHECK: arith.divf
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2], [3]] : tensor<2x2x16x8xf32> into tensor<4x16x8xf32>
// CHECK: gpu.yield
// CHECK: fusion.pattern = "attention"
// CHECK-NOT: tensor<4x16x32xf32>
// CHECK-NOT: tensor<2x2x16x32xf32>
// CHECK: return

// Off (search=greedy's default attention=auto takes none): the scores stay.
// OFF-LABEL: func.func @attn
// OFF: linalg.batch_matmul
// OFF: tensor<4x16x32xf32>

#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#col3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#scalar = affine_map<(d0, d1, d2, d3) -> ()>
func.func @attn(%q: tensor<4x16x8xf32>, %kt: tensor<4x8x32xf32>, %v: tensor<4x32x8xf32>,
                %mask: tensor<2x1x16x32xf32>) -> tensor<4x16x8xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %lowest = arith.constant dense<-3.40282347E+38> : tensor<f32>
  %e3 = tensor.empty() : tensor<4x16x32xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
  %s3 = linalg.batch_matmul ins(%q, %kt : tensor<4x16x8xf32>, tensor<4x8x32xf32>)
        outs(%f3 : tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 2, 16, 32]
       : tensor<4x16x32xf32> into tensor<2x2x16x32xf32>
  %e4 = tensor.empty() : tensor<2x2x16x32xf32>
  %masked = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%s, %mask : tensor<2x2x16x32xf32>, tensor<2x1x16x32xf32>) outs(%e4 : tensor<2x2x16x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.addf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x2x16x32xf32>
  %clamped = linalg.generic {indexing_maps = [#m4, #scalar, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%masked, %lowest : tensor<2x2x16x32xf32>, tensor<f32>) outs(%e4 : tensor<2x2x16x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %y = arith.select %gt, %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x2x16x32xf32>
  %x = tensor.collapse_shape %clamped [[0, 1], [2], [3]] : tensor<2x2x16x32xf32> into tensor<4x16x32xf32>
  %ei = tensor.empty() : tensor<4x16xi64>
  %fi = linalg.fill ins(%c0 : i64) outs(%ei : tensor<4x16xi64>) -> tensor<4x16xi64>
  %em = tensor.empty() : tensor<4x16xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mx:2 = linalg.generic {indexing_maps = [#m3, #row3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x : tensor<4x16x32xf32>) outs(%fm, %fi : tensor<4x16xf32>, tensor<4x16xi64>) {
  ^bb0(%a: f32, %o: f32, %oi: i64):
    %j = linalg.index 2 : index
    %ji = arith.index_cast %j : index to i64
    %y = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %yi = arith.select %gt, %ji, %oi : i64
    linalg.yield %y, %yi : f32, i64
  } -> (tensor<4x16xf32>, tensor<4x16xi64>)
  %mx3 = tensor.expand_shape %mx#0 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32>
  %ex = linalg.generic {indexing_maps = [#m3, #col3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x, %mx3 : tensor<4x16x32xf32>, tensor<4x16x1xf32>) outs(%e3 : tensor<4x16x32xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<4x16x32xf32>
  %es = tensor.empty() : tensor<4x16x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
  %sum = linalg.generic {indexing_maps = [#m3, #col3], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%ex : tensor<4x16x32xf32>) outs(%fs : tensor<4x16x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<4x16x1xf32>
  %p = linalg.generic {indexing_maps = [#m3, #col3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%ex, %sum : tensor<4x16x32xf32>, tensor<4x16x1xf32>) outs(%e3 : tensor<4x16x32xf32>) {
  ^bb0(%a: f32, %t: f32, %o: f32):
    %y = arith.divf %a, %t : f32
    linalg.yield %y : f32
  } -> tensor<4x16x32xf32>
  %eo = tensor.empty() : tensor<4x16x8xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<4x16x32xf32>, tensor<4x32x8xf32>)
       outs(%fo : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  return %o : tensor<4x16x8xf32>
}

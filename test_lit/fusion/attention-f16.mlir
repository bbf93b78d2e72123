// A 16-bit attention chain as torch-mlir exports an f16 model (docs/attention.md):
// Q·Kᵀ on f16 operands accumulated in f32, the scores narrowed (truncf) and
// scaled in f16 before the heads' reshape, an f16 mask added and the sum
// widened (extf), an argmax-carrying row max, the softmax in f32, P narrowed,
// P·V accumulated in f32 and narrowed, the heads transposed back. It becomes one
// online-softmax kernel: the contractions widen their f16 operands in their
// bodies, the score ops keep their types, the output is narrowed by the kernel
// and written transposed; no score, probability or transpose reaches memory.
// A chain whose softmax runs in f16 (no extf before it) is refused, with why.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true})' | FileCheck %s
// RUN: %mlirfuse explain %s --split-input-file --func attn16 | FileCheck %s --check-prefix=EXPLAIN

// CHECK-LABEL: func.func @attn(
// CHECK-NOT: linalg.batch_matmul
// CHECK-NOT: linalg.transpose
// CHECK: "fusion.group"() ({
// CHECK: scf.for
// CHECK: ^bb0(%{{.*}}: f16, %{{.*}}: f16, %{{.*}}: f32):
// CHECK-NEXT: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f16
// CHECK: arith.addf %{{.*}}, %{{.*}} : f16
// CHECK-NEXT: arith.extf %{{.*}} : f16 to f32
// CHECK: math.exp
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f16, %{{.*}}: f32):
// CHECK-NEXT: arith.extf %{{.*}} : f16 to f32
// CHECK: scf.yield
// CHECK: arith.divf
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to f16
// CHECK: fusion.pattern = "attention"
// CHECK-SAME: () -> tensor<2x8x2x4xf16>
// CHECK-NOT: linalg.batch_matmul
// CHECK-NOT: linalg.transpose
// CHECK: return

// CHECK-LABEL: func.func @attn16(
// CHECK-NOT: fusion.pattern = "attention"
// CHECK: return

// EXPLAIN: attention {{.*}} refused [not-attention]: the softmax runs in 16 bits

// CHECK-LABEL: func.func @narrowed_after_heads(
// CHECK-NOT: linalg.batch_matmul
// CHECK-NOT: linalg.transpose
// CHECK: "fusion.group"() ({
// CHECK: scf.for
// CHECK: arith.divf
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to f16
// CHECK: fusion.pattern = "attention"
// CHECK-SAME: () -> tensor<2x8x2x4xf16>
// CHECK-NOT: linalg.generic
// CHECK: return

#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#row1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @attn(%q: tensor<4x8x4xf16>, %kt: tensor<4x4x48xf16>, %v: tensor<4x48x4xf16>,
                %mask: tensor<1x1x8x48xf16>) -> tensor<2x8x2x4xf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %scale = arith.constant 5.000000e-01 : f16
  %e3 = tensor.empty() : tensor<4x8x48xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %s3 = linalg.batch_matmul ins(%q, %kt : tensor<4x8x4xf16>, tensor<4x4x48xf16>)
        outs(%f3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %h3 = tensor.empty() : tensor<4x8x48xf16>
  %t3 = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%s3 : tensor<4x8x48xf32>) outs(%h3 : tensor<4x8x48xf16>) {
  ^bb0(%a: f32, %o: f16):
    %y = arith.truncf %a : f32 to f16
    linalg.yield %y : f16
  } -> tensor<4x8x48xf16>
  %c3 = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%t3 : tensor<4x8x48xf16>) outs(%h3 : tensor<4x8x48xf16>) {
  ^bb0(%a: f16, %o: f16):
    %y = arith.mulf %a, %scale : f16
    linalg.yield %y : f16
  } -> tensor<4x8x48xf16>
  %s = tensor.expand_shape %c3 [[0, 1], [2], [3]] output_shape [2, 2, 8, 48]
       : tensor<4x8x48xf16> into tensor<2x2x8x48xf16>
  %e = tensor.empty() : tensor<2x2x8x48xf32>
  %x = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%s, %mask : tensor<2x2x8x48xf16>, tensor<1x1x8x48xf16>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f16, %b: f16, %o: f32):
    %y = arith.addf %a, %b : f16
    %w = arith.extf %y : f16 to f32
    linalg.yield %w : f32
  } -> tensor<2x2x8x48xf32>
  %er = tensor.empty() : tensor<2x2x8xf32>
  %ei = tensor.empty() : tensor<2x2x8xi64>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %ii = linalg.fill ins(%c0 : i64) outs(%ei : tensor<2x2x8xi64>) -> tensor<2x2x8xi64>
  %mx:2 = linalg.generic {indexing_maps = [#m4, #row, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%x : tensor<2x2x8x48xf32>) outs(%mi, %ii : tensor<2x2x8xf32>, tensor<2x2x8xi64>) {
  ^bb0(%a: f32, %o: f32, %i: i64):
    %n = linalg.index 3 : index
    %ni = arith.index_cast %n : index to i64
    %y = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %at = arith.select %gt, %ni, %i : i64
    linalg.yield %y, %at : f32, i64
  } -> (tensor<2x2x8xf32>, tensor<2x2x8xi64>)
  %ex = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mx#0 : tensor<2x2x8x48xf32>, tensor<2x2x8xf32>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x48xf32>
  %es = tensor.empty() : tensor<2x2x8x1xf32>
  %si = linalg.fill ins(%zero : f32) outs(%es : tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
         ins(%ex : tensor<2x2x8x48xf32>) outs(%si : tensor<2x2x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x1xf32>
  %eh = tensor.empty() : tensor<2x2x8x48xf16>
  %p = linalg.generic {indexing_maps = [#m4, #row1, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<2x2x8x48xf32>, tensor<2x2x8x1xf32>) outs(%eh : tensor<2x2x8x48xf16>) {
  ^bb0(%a: f32, %b: f32, %o: f16):
    %y = arith.divf %a, %b : f32
    %t = arith.truncf %y : f32 to f16
    linalg.yield %t : f16
  } -> tensor<2x2x8x48xf16>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x2x8x48xf16> into tensor<4x8x48xf16>
  %eo = tensor.empty() : tensor<4x8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %o = linalg.batch_matmul ins(%p3, %v : tensor<4x8x48xf16>, tensor<4x48x4xf16>)
       outs(%fo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %eo16 = tensor.empty() : tensor<4x8x4xf16>
  %o16 = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
         ins(%o : tensor<4x8x4xf32>) outs(%eo16 : tensor<4x8x4xf16>) {
  ^bb0(%a: f32, %b: f16):
    %y = arith.truncf %a : f32 to f16
    linalg.yield %y : f16
  } -> tensor<4x8x4xf16>
  %oe = tensor.expand_shape %o16 [[0, 1], [2], [3]] output_shape [2, 2, 8, 4]
        : tensor<4x8x4xf16> into tensor<2x2x8x4xf16>
  %et = tensor.empty() : tensor<2x8x2x4xf16>
  %ot = linalg.transpose ins(%oe : tensor<2x2x8x4xf16>) outs(%et : tensor<2x8x2x4xf16>) permutation = [0, 2, 1, 3]
  return %ot : tensor<2x8x2x4xf16>
}

// -----

// The softmax in f16: the online softmax keeps f32 statistics, so no kernel.
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @attn16(%q: tensor<4x8x4xf16>, %kt: tensor<4x4x48xf16>, %v: tensor<4x48x4xf16>)
    -> tensor<4x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %hzero = arith.constant 0.0 : f16
  %ninf = arith.constant 0xFC00 : f16
  %e3 = tensor.empty() : tensor<4x8x48xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %s3 = linalg.batch_matmul ins(%q, %kt : tensor<4x8x4xf16>, tensor<4x4x48xf16>)
        outs(%f3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %h3 = tensor.empty() : tensor<4x8x48xf16>
  %t3 = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%s3 : tensor<4x8x48xf32>) outs(%h3 : tensor<4x8x48xf16>) {
  ^bb0(%a: f32, %o: f16):
    %y = arith.truncf %a : f32 to f16
    linalg.yield %y : f16
  } -> tensor<4x8x48xf16>
  %er = tensor.empty() : tensor<4x8x1xf16>
  %mi = linalg.fill ins(%ninf : f16) outs(%er : tensor<4x8x1xf16>) -> tensor<4x8x1xf16>
  %mx = linalg.generic {indexing_maps = [#m3, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%t3 : tensor<4x8x48xf16>) outs(%mi : tensor<4x8x1xf16>) {
  ^bb0(%a: f16, %o: f16):
    %y = arith.maximumf %a, %o : f16
    linalg.yield %y : f16
  } -> tensor<4x8x1xf16>
  %ex = linalg.generic {indexing_maps = [#m3, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%t3, %mx : tensor<4x8x48xf16>, tensor<4x8x1xf16>) outs(%h3 : tensor<4x8x48xf16>) {
  ^bb0(%a: f16, %m: f16, %o: f16):
    %d = arith.subf %a, %m : f16
    %y = math.exp %d : f16
    linalg.yield %y : f16
  } -> tensor<4x8x48xf16>
  %si = linalg.fill ins(%hzero : f16) outs(%er : tensor<4x8x1xf16>) -> tensor<4x8x1xf16>
  %sum = linalg.generic {indexing_maps = [#m3, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]}
         ins(%ex : tensor<4x8x48xf16>) outs(%si : tensor<4x8x1xf16>) {
  ^bb0(%a: f16, %o: f16):
    %y = arith.addf %a, %o : f16
    linalg.yield %y : f16
  } -> tensor<4x8x1xf16>
  %p = linalg.generic {indexing_maps = [#m3, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<4x8x48xf16>, tensor<4x8x1xf16>) outs(%h3 : tensor<4x8x48xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %y = arith.divf %a, %b : f16
    linalg.yield %y : f16
  } -> tensor<4x8x48xf16>
  %eo = tensor.empty() : tensor<4x8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<4x8x48xf16>, tensor<4x48x4xf16>)
       outs(%fo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  return %o : tensor<4x8x4xf32>
}

// -----

// P·V reshaped to the heads, then narrowed (nn.TransformerEncoderLayer in
// f16): the narrowing moves before the reshape (`narrow_before_heads`), and
// the kernel writes the narrowed, transposed output as in @attn.
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#row1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @narrowed_after_heads(%q: tensor<4x8x4xf16>, %kt: tensor<4x4x48xf16>, %v: tensor<4x48x4xf16>,
                %mask: tensor<1x1x8x48xf16>) -> tensor<2x8x2x4xf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %scale = arith.constant 5.000000e-01 : f16
  %e3 = tensor.empty() : tensor<4x8x48xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %s3 = linalg.batch_matmul ins(%q, %kt : tensor<4x8x4xf16>, tensor<4x4x48xf16>)
        outs(%f3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %h3 = tensor.empty() : tensor<4x8x48xf16>
  %t3 = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%s3 : tensor<4x8x48xf32>) outs(%h3 : tensor<4x8x48xf16>) {
  ^bb0(%a: f32, %o: f16):
    %y = arith.truncf %a : f32 to f16
    linalg.yield %y : f16
  } -> tensor<4x8x48xf16>
  %c3 = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%t3 : tensor<4x8x48xf16>) outs(%h3 : tensor<4x8x48xf16>) {
  ^bb0(%a: f16, %o: f16):
    %y = arith.mulf %a, %scale : f16
    linalg.yield %y : f16
  } -> tensor<4x8x48xf16>
  %s = tensor.expand_shape %c3 [[0, 1], [2], [3]] output_shape [2, 2, 8, 48]
       : tensor<4x8x48xf16> into tensor<2x2x8x48xf16>
  %e = tensor.empty() : tensor<2x2x8x48xf32>
  %x = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%s, %mask : tensor<2x2x8x48xf16>, tensor<1x1x8x48xf16>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f16, %b: f16, %o: f32):
    %y = arith.addf %a, %b : f16
    %w = arith.extf %y : f16 to f32
    linalg.yield %w : f32
  } -> tensor<2x2x8x48xf32>
  %er = tensor.empty() : tensor<2x2x8xf32>
  %ei = tensor.empty() : tensor<2x2x8xi64>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %ii = linalg.fill ins(%c0 : i64) outs(%ei : tensor<2x2x8xi64>) -> tensor<2x2x8xi64>
  %mx:2 = linalg.generic {indexing_maps = [#m4, #row, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%x : tensor<2x2x8x48xf32>) outs(%mi, %ii : tensor<2x2x8xf32>, tensor<2x2x8xi64>) {
  ^bb0(%a: f32, %o: f32, %i: i64):
    %n = linalg.index 3 : index
    %ni = arith.index_cast %n : index to i64
    %y = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %at = arith.select %gt, %ni, %i : i64
    linalg.yield %y, %at : f32, i64
  } -> (tensor<2x2x8xf32>, tensor<2x2x8xi64>)
  %ex = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mx#0 : tensor<2x2x8x48xf32>, tensor<2x2x8xf32>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x48xf32>
  %es = tensor.empty() : tensor<2x2x8x1xf32>
  %si = linalg.fill ins(%zero : f32) outs(%es : tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
         ins(%ex : tensor<2x2x8x48xf32>) outs(%si : tensor<2x2x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x1xf32>
  %eh = tensor.empty() : tensor<2x2x8x48xf16>
  %p = linalg.generic {indexing_maps = [#m4, #row1, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<2x2x8x48xf32>, tensor<2x2x8x1xf32>) outs(%eh : tensor<2x2x8x48xf16>) {
  ^bb0(%a: f32, %b: f32, %o: f16):
    %y = arith.divf %a, %b : f32
    %t = arith.truncf %y : f32 to f16
    linalg.yield %t : f16
  } -> tensor<2x2x8x48xf16>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x2x8x48xf16> into tensor<4x8x48xf16>
  %eo = tensor.empty() : tensor<4x8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %o = linalg.batch_matmul ins(%p3, %v : tensor<4x8x48xf16>, tensor<4x48x4xf16>)
       outs(%fo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %oe = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [2, 2, 8, 4]
        : tensor<4x8x4xf32> into tensor<2x2x8x4xf32>
  %eo16 = tensor.empty() : tensor<2x2x8x4xf16>
  %o16 = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%oe : tensor<2x2x8x4xf32>) outs(%eo16 : tensor<2x2x8x4xf16>) {
  ^bb0(%a: f32, %b: f16):
    %y = arith.truncf %a : f32 to f16
    linalg.yield %y : f16
  } -> tensor<2x2x8x4xf16>
  %et = tensor.empty() : tensor<2x8x2x4xf16>
  %ot = linalg.transpose ins(%o16 : tensor<2x2x8x4xf16>) outs(%et : tensor<2x8x2x4xf16>) permutation = [0, 2, 1, 3]
  return %ot : tensor<2x8x2x4xf16>
}

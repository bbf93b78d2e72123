// Operand prologues: Q and K scaled elementwise after the head split (SDPA's
// math form scales each by sqrt(scale); `nn.MultiheadAttention` with kdim
// and vdim exports it so), and an f16 model's Q, K and V widened to f32 by
// `extf` generics before an f32 attention. The kernel reads the tensor
// before the prologue and its copies (a view), and applies the prologue's
// body to each element in the contraction's body: no scale, widening or
// transpose stays a kernel of its own.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s --check-prefix=GPU
// RUN: %mlirfuse verify %s --func scaled --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func widened --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func scaled_by_f64 --schedule gpu | FileCheck %s --check-prefix=OK
// GPU: kernels: 3
// GPU-NEXT: k0: attention schedule
// GPU-NEXT: k1: attention schedule
// GPU-NEXT: k2: attention schedule
// OK: verify: ok

// CHECK-LABEL: func.func @scaled
// CHECK-NOT: linalg.transpose
// CHECK-DAG: %[[Q:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2], [3]] output_shape [10, 2, 4, 16]
// CHECK-DAG: %[[K:.*]] = tensor.expand_shape %arg1 {{\[}}[0], [1, 2], [3]] output_shape [24, 2, 4, 16]
// CHECK: "fusion.group"() ({
// CHECK: tensor.cast %[[Q]] : tensor<10x2x4x16xf32>
// CHECK: tensor.cast %[[K]] : tensor<24x2x4x16xf32>
// CHECK: scf.for
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[XS:.*]] = arith.mulf %[[X]], %[[C:.*]] : f32
// CHECK-NEXT: %[[YS:.*]] = arith.mulf %[[Y]], %[[C]] : f32
// CHECK-NEXT: arith.mulf %[[XS]], %[[YS]] : f32
// CHECK: fusion.pattern = "attention"
// CHECK-NOT: linalg.transpose
// CHECK: return

// CHECK-LABEL: func.func @widened
// CHECK-NOT: arith.extf
// CHECK: "fusion.group"() ({
// CHECK: tensor.cast %{{.*}} : tensor<2x4x10x16xf16>
// CHECK: scf.for
// CHECK: ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f16, %{{.*}}: f32):
// CHECK-NEXT: %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: %[[YW:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK-NEXT: arith.mulf %[[XW]], %[[YW]] : f32
// CHECK: ^bb0(%{{.*}}: f32, %[[V:.*]]: f16, %{{.*}}: f32):
// CHECK-NEXT: %[[VW:.*]] = arith.extf %[[V]] : f16 to f32
// CHECK: fusion.pattern = "attention"
// CHECK: return

// The scale as torch-mlir writes `q * d**-0.25`: an f64 constant truncated
// in the body. The GPU kernel clones the truncf with the prologue (it had
// cloned only the mulf, whose operand then died with the key loop:
// "operation destroyed but still has uses").
// CHECK-LABEL: func.func @scaled_by_f64
// CHECK: "fusion.group"() ({
// CHECK: scf.for
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK: fusion.pattern = "attention"
// CHECK: return

#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#row4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @scaled(%q: tensor<10x8x16xf32>, %k: tensor<24x8x16xf32>, %v: tensor<24x8x16xf32>) -> tensor<8x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c = arith.constant 0.5 : f32
  %eq = tensor.empty() : tensor<8x10x16xf32>
  %qt = linalg.transpose ins(%q : tensor<10x8x16xf32>) outs(%eq : tensor<8x10x16xf32>) permutation = [1, 0, 2]
  %q4 = tensor.expand_shape %qt [[0, 1], [2], [3]] output_shape [2, 4, 10, 16] : tensor<8x10x16xf32> into tensor<2x4x10x16xf32>
  %eq4 = tensor.empty() : tensor<2x4x10x16xf32>
  %qs = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%q4 : tensor<2x4x10x16xf32>) outs(%eq4 : tensor<2x4x10x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.mulf %a, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x16xf32>
  %ek = tensor.empty() : tensor<8x24x16xf32>
  %kt = linalg.transpose ins(%k : tensor<24x8x16xf32>) outs(%ek : tensor<8x24x16xf32>) permutation = [1, 0, 2]
  %k4 = tensor.expand_shape %kt [[0, 1], [2], [3]] output_shape [2, 4, 24, 16] : tensor<8x24x16xf32> into tensor<2x4x24x16xf32>
  %ek4 = tensor.empty() : tensor<2x4x16x24xf32>
  %kT = linalg.transpose ins(%k4 : tensor<2x4x24x16xf32>) outs(%ek4 : tensor<2x4x16x24xf32>) permutation = [0, 1, 3, 2]
  %ks = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%kT : tensor<2x4x16x24xf32>) outs(%ek4 : tensor<2x4x16x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.mulf %a, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x4x16x24xf32>
  %qc = tensor.collapse_shape %qs [[0, 1], [2], [3]] : tensor<2x4x10x16xf32> into tensor<8x10x16xf32>
  %kc = tensor.collapse_shape %ks [[0, 1], [2], [3]] : tensor<2x4x16x24xf32> into tensor<8x16x24xf32>
  %ev = tensor.empty() : tensor<8x24x16xf32>
  %vt = linalg.transpose ins(%v : tensor<24x8x16xf32>) outs(%ev : tensor<8x24x16xf32>) permutation = [1, 0, 2]
  %e3 = tensor.empty() : tensor<8x10x24xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x10x24xf32>) -> tensor<8x10x24xf32>
  %s3 = linalg.batch_matmul ins(%qc, %kc : tensor<8x10x16xf32>, tensor<8x16x24xf32>)
        outs(%f3 : tensor<8x10x24xf32>) -> tensor<8x10x24xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 4, 10, 24]
       : tensor<8x10x24xf32> into tensor<2x4x10x24xf32>
  %em = tensor.empty() : tensor<2x4x10x1xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x4x10x1xf32>) -> tensor<2x4x10x1xf32>
  %mx = linalg.generic {indexing_maps = [#m4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%s : tensor<2x4x10x24xf32>) outs(%fm : tensor<2x4x10x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x1xf32>
  %e4 = tensor.empty() : tensor<2x4x10x24xf32>
  %ex = linalg.generic {indexing_maps = [#m4, #row4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%s, %mx : tensor<2x4x10x24xf32>, tensor<2x4x10x1xf32>) outs(%e4 : tensor<2x4x10x24xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x24xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%em : tensor<2x4x10x1xf32>) -> tensor<2x4x10x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%ex : tensor<2x4x10x24xf32>) outs(%fs : tensor<2x4x10x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x1xf32>
  %pr = linalg.generic {indexing_maps = [#m4, #row4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%ex, %sum : tensor<2x4x10x24xf32>, tensor<2x4x10x1xf32>) outs(%e4 : tensor<2x4x10x24xf32>) {
  ^bb0(%a: f32, %t: f32, %o: f32):
    %y = arith.divf %a, %t : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x24xf32>
  %p = tensor.collapse_shape %pr [[0, 1], [2], [3]] : tensor<2x4x10x24xf32> into tensor<8x10x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eq : tensor<8x10x16xf32>) -> tensor<8x10x16xf32>
  %o = linalg.batch_matmul ins(%p, %vt : tensor<8x10x24xf32>, tensor<8x24x16xf32>)
       outs(%fo : tensor<8x10x16xf32>) -> tensor<8x10x16xf32>
  return %o : tensor<8x10x16xf32>
}

func.func @widened(%q16: tensor<8x10x16xf16>, %k16: tensor<8x16x24xf16>, %v16: tensor<8x24x16xf16>) -> tensor<8x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %eq = tensor.empty() : tensor<8x10x16xf32>
  %e_q = tensor.empty() : tensor<8x10x16xf32>
  %qw = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%q16 : tensor<8x10x16xf16>) outs(%e_q : tensor<8x10x16xf32>) {
  ^bb0(%a: f16, %o: f32):
    %y = arith.extf %a : f16 to f32
    linalg.yield %y : f32
  } -> tensor<8x10x16xf32>
  %e_k = tensor.empty() : tensor<8x16x24xf32>
  %kw = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%k16 : tensor<8x16x24xf16>) outs(%e_k : tensor<8x16x24xf32>) {
  ^bb0(%a: f16, %o: f32):
    %y = arith.extf %a : f16 to f32
    linalg.yield %y : f32
  } -> tensor<8x16x24xf32>
  %e_v = tensor.empty() : tensor<8x24x16xf32>
  %vw = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%v16 : tensor<8x24x16xf16>) outs(%e_v : tensor<8x24x16xf32>) {
  ^bb0(%a: f16, %o: f32):
    %y = arith.extf %a : f16 to f32
    linalg.yield %y : f32
  } -> tensor<8x24x16xf32>
  %e3 = tensor.empty() : tensor<8x10x24xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x10x24xf32>) -> tensor<8x10x24xf32>
  %s3 = linalg.batch_matmul ins(%qw, %kw : tensor<8x10x16xf32>, tensor<8x16x24xf32>)
        outs(%f3 : tensor<8x10x24xf32>) -> tensor<8x10x24xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 4, 10, 24]
       : tensor<8x10x24xf32> into tensor<2x4x10x24xf32>
  %em = tensor.empty() : tensor<2x4x10x1xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x4x10x1xf32>) -> tensor<2x4x10x1xf32>
  %mx = linalg.generic {indexing_maps = [#m4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%s : tensor<2x4x10x24xf32>) outs(%fm : tensor<2x4x10x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x1xf32>
  %e4 = tensor.empty() : tensor<2x4x10x24xf32>
  %ex = linalg.generic {indexing_maps = [#m4, #row4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%s, %mx : tensor<2x4x10x24xf32>, tensor<2x4x10x1xf32>) outs(%e4 : tensor<2x4x10x24xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x24xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%em : tensor<2x4x10x1xf32>) -> tensor<2x4x10x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%ex : tensor<2x4x10x24xf32>) outs(%fs : tensor<2x4x10x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x1xf32>
  %pr = linalg.generic {indexing_maps = [#m4, #row4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%ex, %sum : tensor<2x4x10x24xf32>, tensor<2x4x10x1xf32>) outs(%e4 : tensor<2x4x10x24xf32>) {
  ^bb0(%a: f32, %t: f32, %o: f32):
    %y = arith.divf %a, %t : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x24xf32>
  %p = tensor.collapse_shape %pr [[0, 1], [2], [3]] : tensor<2x4x10x24xf32> into tensor<8x10x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eq : tensor<8x10x16xf32>) -> tensor<8x10x16xf32>
  %o = linalg.batch_matmul ins(%p, %vw : tensor<8x10x24xf32>, tensor<8x24x16xf32>)
       outs(%fo : tensor<8x10x16xf32>) -> tensor<8x10x16xf32>
  return %o : tensor<8x10x16xf32>
}

func.func @scaled_by_f64(%q: tensor<10x8x16xf32>, %k: tensor<24x8x16xf32>, %v: tensor<24x8x16xf32>) -> tensor<8x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c = arith.constant 0.5 : f64
  %eq = tensor.empty() : tensor<8x10x16xf32>
  %qt = linalg.transpose ins(%q : tensor<10x8x16xf32>) outs(%eq : tensor<8x10x16xf32>) permutation = [1, 0, 2]
  %q4 = tensor.expand_shape %qt [[0, 1], [2], [3]] output_shape [2, 4, 10, 16] : tensor<8x10x16xf32> into tensor<2x4x10x16xf32>
  %eq4 = tensor.empty() : tensor<2x4x10x16xf32>
  %qs = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%q4 : tensor<2x4x10x16xf32>) outs(%eq4 : tensor<2x4x10x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.truncf %c : f64 to f32
    %y = arith.mulf %a, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x16xf32>
  %ek = tensor.empty() : tensor<8x24x16xf32>
  %kt = linalg.transpose ins(%k : tensor<24x8x16xf32>) outs(%ek : tensor<8x24x16xf32>) permutation = [1, 0, 2]
  %k4 = tensor.expand_shape %kt [[0, 1], [2], [3]] output_shape [2, 4, 24, 16] : tensor<8x24x16xf32> into tensor<2x4x24x16xf32>
  %ek4 = tensor.empty() : tensor<2x4x16x24xf32>
  %kT = linalg.transpose ins(%k4 : tensor<2x4x24x16xf32>) outs(%ek4 : tensor<2x4x16x24xf32>) permutation = [0, 1, 3, 2]
  %ks = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%kT : tensor<2x4x16x24xf32>) outs(%ek4 : tensor<2x4x16x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.truncf %c : f64 to f32
    %y = arith.mulf %a, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x4x16x24xf32>
  %qc = tensor.collapse_shape %qs [[0, 1], [2], [3]] : tensor<2x4x10x16xf32> into tensor<8x10x16xf32>
  %kc = tensor.collapse_shape %ks [[0, 1], [2], [3]] : tensor<2x4x16x24xf32> into tensor<8x16x24xf32>
  %ev = tensor.empty() : tensor<8x24x16xf32>
  %vt = linalg.transpose ins(%v : tensor<24x8x16xf32>) outs(%ev : tensor<8x24x16xf32>) permutation = [1, 0, 2]
  %e3 = tensor.empty() : tensor<8x10x24xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x10x24xf32>) -> tensor<8x10x24xf32>
  %s3 = linalg.batch_matmul ins(%qc, %kc : tensor<8x10x16xf32>, tensor<8x16x24xf32>)
        outs(%f3 : tensor<8x10x24xf32>) -> tensor<8x10x24xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 4, 10, 24]
       : tensor<8x10x24xf32> into tensor<2x4x10x24xf32>
  %em = tensor.empty() : tensor<2x4x10x1xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x4x10x1xf32>) -> tensor<2x4x10x1xf32>
  %mx = linalg.generic {indexing_maps = [#m4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%s : tensor<2x4x10x24xf32>) outs(%fm : tensor<2x4x10x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x1xf32>
  %e4 = tensor.empty() : tensor<2x4x10x24xf32>
  %ex = linalg.generic {indexing_maps = [#m4, #row4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%s, %mx : tensor<2x4x10x24xf32>, tensor<2x4x10x1xf32>) outs(%e4 : tensor<2x4x10x24xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x24xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%em : tensor<2x4x10x1xf32>) -> tensor<2x4x10x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%ex : tensor<2x4x10x24xf32>) outs(%fs : tensor<2x4x10x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x1xf32>
  %pr = linalg.generic {indexing_maps = [#m4, #row4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%ex, %sum : tensor<2x4x10x24xf32>, tensor<2x4x10x1xf32>) outs(%e4 : tensor<2x4x10x24xf32>) {
  ^bb0(%a: f32, %t: f32, %o: f32):
    %y = arith.divf %a, %t : f32
    linalg.yield %y : f32
  } -> tensor<2x4x10x24xf32>
  %p = tensor.collapse_shape %pr [[0, 1], [2], [3]] : tensor<2x4x10x24xf32> into tensor<8x10x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eq : tensor<8x10x16xf32>) -> tensor<8x10x16xf32>
  %o = linalg.batch_matmul ins(%p, %vt : tensor<8x10x24xf32>, tensor<8x24x16xf32>)
       outs(%fo : tensor<8x10x16xf32>) -> tensor<8x10x16xf32>
  return %o : tensor<8x10x16xf32>
}

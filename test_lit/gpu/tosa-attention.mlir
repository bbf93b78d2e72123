// Attention as linalg from TOSA spells it (torch-mlir's output_type="tosa",
// then upstream tosa-to-linalg; hand-reduced from bench/tosa_probe.py's GPT-2
// and BERT): the heads split by linalg.transpose and collapsed for a
// batch_matmul, the scale a splat constant, the row max and sum
// `linalg.reduce`s (the max starting at the lowest f32, -3.40282347E+38,
// not -inf) each expanded back to (..., 1), and the division a reciprocal
// generic over the (..., 1) row sums times exp. The chain computes the
// softmax all the same (analysis/attention_softmax.py evaluates it), so it is
// one attention kernel: before, `explain` found no chain and the scores went
// through memory (3 kernels).
// RUN: split-file %s %t
// RUN: %mlirfuse explain %t/causal.mlir | %FileCheck %s --check-prefix=CAUSAL
// RUN: %mlirfuse-opt %t/causal.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=FUSED
// RUN: %mlirfuse compile %t/causal.mlir -o %t/causal.ptx | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse verify %t/causal.mlir --func causal --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/causal.mlir --func causal --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse explain %t/padded.mlir | %FileCheck %s --check-prefix=PADDED
// RUN: %mlirfuse compile %t/padded.mlir -o %t/padded.ptx | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse verify %t/padded.mlir --func padded --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/padded.mlir --func padded --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse explain %t/refused.mlir | %FileCheck %s --check-prefix=REFUSED
// CAUSAL: attention causal:{{[0-9]+}}: ok [ok]: attention over 1x2x8x8 scores
// PADDED: attention padded:{{[0-9]+}}: ok [ok]: attention over 2x2x8x8 scores
// FUSED-LABEL: func.func @causal
// FUSED-NOT: linalg.batch_matmul
// FUSED-NOT: linalg.reduce
// FUSED: fusion.pattern = "attention"
// FUSED-NOT: linalg.reduce
// FUSED-NOT: linalg.transpose
// FUSED: return
// ONE: kernels: 1
// ONE-NEXT: k0: attention schedule
// OK: verify: ok
// Not a softmax: 2 / rowsum is twice the probabilities; a row max starting
// at 0 is max(0, rowmax), which the softmax's shift is not.
// REFUSED: attention half_reciprocal:{{[0-9]+}}: refused [not-attention]: the value reaching tensor.collapse_shape {{.*}} is not softmax(scores)
// REFUSED-NOT: attention zero_max_init

//--- causal.mlir
// GPT-2: a causal mask built from two index constants, batch 1, 2 heads.
#col = affine_map<(d0, d1) -> (0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#splat2 = affine_map<(d0, d1) -> (0, 0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#splat4 = affine_map<(d0, d1, d2, d3) -> (0, 0, 0, 0)>
#causal = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#padding = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#rowstat = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @causal(%q: tensor<1x8x2x4xf32>, %k: tensor<1x8x2x4xf32>, %v: tensor<1x8x2x4xf32>) -> tensor<1x8x8xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %lowest = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant dense<5.000000e-01> : tensor<1x1x1x1xf32>
  %zeros = arith.constant dense<0.000000e+00> : tensor<8x8xf32>
  %lowest11 = arith.constant dense<-3.40282347E+38> : tensor<1x1xf32>
  %cols = arith.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>
  %rows = arith.constant dense<[[0], [1], [2], [3], [4], [5], [6], [7]]> : tensor<8x1xi64>
  %c0 = tensor.empty() : tensor<8x8xi1>
  %c1 = linalg.generic {indexing_maps = [#col, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%cols, %rows : tensor<1x8xi64>, tensor<8x1xi64>) outs(%c0 : tensor<8x8xi1>) {
  ^bb0(%in: i64, %in_1: i64, %out: i1):
    %c = arith.cmpi sgt, %in, %in_1 : i64
    linalg.yield %c : i1
  } -> tensor<8x8xi1>
  %c2 = tensor.empty() : tensor<8x8xf32>
  %c3 = linalg.generic {indexing_maps = [#id2, #splat2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%c1, %lowest11, %zeros : tensor<8x8xi1>, tensor<1x1xf32>, tensor<8x8xf32>) outs(%c2 : tensor<8x8xf32>) {
  ^bb0(%in: i1, %in_1: f32, %in_2: f32, %out: f32):
    %s = arith.select %in, %in_1, %in_2 : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %mask = tensor.expand_shape %c3 [[0, 1, 2], [3]] output_shape [1, 1, 8, 8] : tensor<8x8xf32> into tensor<1x1x8x8xf32>
  %e0 = tensor.empty() : tensor<1x2x8x4xf32>
  %qt = linalg.transpose ins(%q : tensor<1x8x2x4xf32>) outs(%e0 : tensor<1x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %e1 = tensor.empty() : tensor<1x2x8x4xf32>
  %vt = linalg.transpose ins(%v : tensor<1x8x2x4xf32>) outs(%e1 : tensor<1x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %e2 = tensor.empty() : tensor<1x2x4x8xf32>
  %kt = linalg.transpose ins(%k : tensor<1x8x2x4xf32>) outs(%e2 : tensor<1x2x4x8xf32>) permutation = [0, 2, 3, 1]
  %q3 = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<1x2x8x4xf32> into tensor<2x8x4xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x2x4x8xf32> into tensor<2x4x8xf32>
  %e3 = tensor.empty() : tensor<2x8x8xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s3 = linalg.batch_matmul ins(%q3, %k3 : tensor<2x8x4xf32>, tensor<2x4x8xf32>) outs(%f3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s4 = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [1, 2, 8, 8] : tensor<2x8x8xf32> into tensor<1x2x8x8xf32>
  %e_scaled = tensor.empty() : tensor<1x2x8x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id4, #splat4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4, %scale : tensor<1x2x8x8xf32>, tensor<1x1x1x1xf32>) outs(%e_scaled : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_masked = tensor.empty() : tensor<1x2x8x8xf32>
  %masked = linalg.generic {indexing_maps = [#id4, #causal, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scaled, %mask : tensor<1x2x8x8xf32>, tensor<1x1x8x8xf32>) outs(%e_masked : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_max = tensor.empty() : tensor<1x2x8xf32>
  %f_max = linalg.fill ins(%lowest : f32) outs(%e_max : tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
  %max = linalg.reduce ins(%masked : tensor<1x2x8x8xf32>) outs(%f_max : tensor<1x2x8xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.maximumf %in, %init : f32
      linalg.yield %r : f32
    }
  %max1 = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [1, 2, 8, 1] : tensor<1x2x8xf32> into tensor<1x2x8x1xf32>
  %e_shifted = tensor.empty() : tensor<1x2x8x8xf32>
  %shifted = linalg.generic {indexing_maps = [#id4, #rowstat, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%masked, %max1 : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%e_shifted : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_exp = tensor.empty() : tensor<1x2x8x8xf32>
  %exp = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%shifted : tensor<1x2x8x8xf32>) outs(%e_exp : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_sum = tensor.empty() : tensor<1x2x8xf32>
  %f_sum = linalg.fill ins(%zero : f32) outs(%e_sum : tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
  %sum = linalg.reduce ins(%exp : tensor<1x2x8x8xf32>) outs(%f_sum : tensor<1x2x8xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %sum1 = tensor.expand_shape %sum [[0], [1], [2, 3]] output_shape [1, 2, 8, 1] : tensor<1x2x8xf32> into tensor<1x2x8x1xf32>
  %e_recip = tensor.empty() : tensor<1x2x8x1xf32>
  %recip = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum1 : tensor<1x2x8x1xf32>) outs(%e_recip : tensor<1x2x8x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %one, %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x1xf32>
  %e_p = tensor.empty() : tensor<1x2x8x8xf32>
  %p = linalg.generic {indexing_maps = [#id4, #rowstat, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%exp, %recip : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%e_p : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x2x8x8xf32> into tensor<2x8x8xf32>
  %v3 = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<1x2x8x4xf32> into tensor<2x8x4xf32>
  %e12 = tensor.empty() : tensor<2x8x4xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%f12 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o4 = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [1, 2, 8, 4] : tensor<2x8x4xf32> into tensor<1x2x8x4xf32>
  %e13 = tensor.empty() : tensor<1x8x2x4xf32>
  %ot = linalg.transpose ins(%o4 : tensor<1x2x8x4xf32>) outs(%e13 : tensor<1x8x2x4xf32>) permutation = [0, 2, 1, 3]
  %o = tensor.collapse_shape %ot [[0], [1], [2, 3]] : tensor<1x8x2x4xf32> into tensor<1x8x8xf32>
  return %o : tensor<1x8x8xf32>
}

//--- padded.mlir
// BERT: a padding mask argument added to every head, batch 2, 2 heads.
#col = affine_map<(d0, d1) -> (0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#splat2 = affine_map<(d0, d1) -> (0, 0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#splat4 = affine_map<(d0, d1, d2, d3) -> (0, 0, 0, 0)>
#causal = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#padding = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#rowstat = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @padded(%q: tensor<2x8x2x4xf32>, %k: tensor<2x8x2x4xf32>, %v: tensor<2x8x2x4xf32>, %mask: tensor<2x1x1x8xf32>) -> tensor<2x8x8xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %lowest = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant dense<5.000000e-01> : tensor<1x1x1x1xf32>
  %e0 = tensor.empty() : tensor<2x2x8x4xf32>
  %qt = linalg.transpose ins(%q : tensor<2x8x2x4xf32>) outs(%e0 : tensor<2x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %e1 = tensor.empty() : tensor<2x2x8x4xf32>
  %vt = linalg.transpose ins(%v : tensor<2x8x2x4xf32>) outs(%e1 : tensor<2x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %e2 = tensor.empty() : tensor<2x2x4x8xf32>
  %kt = linalg.transpose ins(%k : tensor<2x8x2x4xf32>) outs(%e2 : tensor<2x2x4x8xf32>) permutation = [0, 2, 3, 1]
  %q3 = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<2x2x8x4xf32> into tensor<4x8x4xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x2x4x8xf32> into tensor<4x4x8xf32>
  %e3 = tensor.empty() : tensor<4x8x8xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s3 = linalg.batch_matmul ins(%q3, %k3 : tensor<4x8x4xf32>, tensor<4x4x8xf32>) outs(%f3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s4 = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 2, 8, 8] : tensor<4x8x8xf32> into tensor<2x2x8x8xf32>
  %e_scaled = tensor.empty() : tensor<2x2x8x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id4, #splat4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4, %scale : tensor<2x2x8x8xf32>, tensor<1x1x1x1xf32>) outs(%e_scaled : tensor<2x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<2x2x8x8xf32>
  %e_masked = tensor.empty() : tensor<2x2x8x8xf32>
  %masked = linalg.generic {indexing_maps = [#id4, #padding, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scaled, %mask : tensor<2x2x8x8xf32>, tensor<2x1x1x8xf32>) outs(%e_masked : tensor<2x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<2x2x8x8xf32>
  %e_max = tensor.empty() : tensor<2x2x8xf32>
  %f_max = linalg.fill ins(%lowest : f32) outs(%e_max : tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %max = linalg.reduce ins(%masked : tensor<2x2x8x8xf32>) outs(%f_max : tensor<2x2x8xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.maximumf %in, %init : f32
      linalg.yield %r : f32
    }
  %max1 = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [2, 2, 8, 1] : tensor<2x2x8xf32> into tensor<2x2x8x1xf32>
  %e_shifted = tensor.empty() : tensor<2x2x8x8xf32>
  %shifted = linalg.generic {indexing_maps = [#id4, #rowstat, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%masked, %max1 : tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>) outs(%e_shifted : tensor<2x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<2x2x8x8xf32>
  %e_exp = tensor.empty() : tensor<2x2x8x8xf32>
  %exp = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%shifted : tensor<2x2x8x8xf32>) outs(%e_exp : tensor<2x2x8x8xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<2x2x8x8xf32>
  %e_sum = tensor.empty() : tensor<2x2x8xf32>
  %f_sum = linalg.fill ins(%zero : f32) outs(%e_sum : tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %sum = linalg.reduce ins(%exp : tensor<2x2x8x8xf32>) outs(%f_sum : tensor<2x2x8xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %sum1 = tensor.expand_shape %sum [[0], [1], [2, 3]] output_shape [2, 2, 8, 1] : tensor<2x2x8xf32> into tensor<2x2x8x1xf32>
  %e_recip = tensor.empty() : tensor<2x2x8x1xf32>
  %recip = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum1 : tensor<2x2x8x1xf32>) outs(%e_recip : tensor<2x2x8x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %one, %in0 : f32
    linalg.yield %r : f32
  } -> tensor<2x2x8x1xf32>
  %e_p = tensor.empty() : tensor<2x2x8x8xf32>
  %p = linalg.generic {indexing_maps = [#id4, #rowstat, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%exp, %recip : tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>) outs(%e_p : tensor<2x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<2x2x8x8xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x2x8x8xf32> into tensor<4x8x8xf32>
  %v3 = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<2x2x8x4xf32> into tensor<4x8x4xf32>
  %e12 = tensor.empty() : tensor<4x8x4xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<4x8x8xf32>, tensor<4x8x4xf32>) outs(%f12 : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %o4 = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 2, 8, 4] : tensor<4x8x4xf32> into tensor<2x2x8x4xf32>
  %e13 = tensor.empty() : tensor<2x8x2x4xf32>
  %ot = linalg.transpose ins(%o4 : tensor<2x2x8x4xf32>) outs(%e13 : tensor<2x8x2x4xf32>) permutation = [0, 2, 1, 3]
  %o = tensor.collapse_shape %ot [[0], [1], [2, 3]] : tensor<2x8x2x4xf32> into tensor<2x8x8xf32>
  return %o : tensor<2x8x8xf32>
}

//--- refused.mlir
#col = affine_map<(d0, d1) -> (0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#splat2 = affine_map<(d0, d1) -> (0, 0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#splat4 = affine_map<(d0, d1, d2, d3) -> (0, 0, 0, 0)>
#causal = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#padding = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#rowstat = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @half_reciprocal(%q: tensor<1x8x2x4xf32>, %k: tensor<1x8x2x4xf32>, %v: tensor<1x8x2x4xf32>, %mask: tensor<1x1x1x8xf32>) -> tensor<1x8x8xf32> {
  %one = arith.constant 2.000000e+00 : f32
  %lowest = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant dense<5.000000e-01> : tensor<1x1x1x1xf32>
  %e0 = tensor.empty() : tensor<1x2x8x4xf32>
  %qt = linalg.transpose ins(%q : tensor<1x8x2x4xf32>) outs(%e0 : tensor<1x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %e1 = tensor.empty() : tensor<1x2x8x4xf32>
  %vt = linalg.transpose ins(%v : tensor<1x8x2x4xf32>) outs(%e1 : tensor<1x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %e2 = tensor.empty() : tensor<1x2x4x8xf32>
  %kt = linalg.transpose ins(%k : tensor<1x8x2x4xf32>) outs(%e2 : tensor<1x2x4x8xf32>) permutation = [0, 2, 3, 1]
  %q3 = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<1x2x8x4xf32> into tensor<2x8x4xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x2x4x8xf32> into tensor<2x4x8xf32>
  %e3 = tensor.empty() : tensor<2x8x8xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s3 = linalg.batch_matmul ins(%q3, %k3 : tensor<2x8x4xf32>, tensor<2x4x8xf32>) outs(%f3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s4 = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [1, 2, 8, 8] : tensor<2x8x8xf32> into tensor<1x2x8x8xf32>
  %e_scaled = tensor.empty() : tensor<1x2x8x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id4, #splat4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4, %scale : tensor<1x2x8x8xf32>, tensor<1x1x1x1xf32>) outs(%e_scaled : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_masked = tensor.empty() : tensor<1x2x8x8xf32>
  %masked = linalg.generic {indexing_maps = [#id4, #padding, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scaled, %mask : tensor<1x2x8x8xf32>, tensor<1x1x1x8xf32>) outs(%e_masked : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_max = tensor.empty() : tensor<1x2x8xf32>
  %f_max = linalg.fill ins(%lowest : f32) outs(%e_max : tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
  %max = linalg.reduce ins(%masked : tensor<1x2x8x8xf32>) outs(%f_max : tensor<1x2x8xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.maximumf %in, %init : f32
      linalg.yield %r : f32
    }
  %max1 = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [1, 2, 8, 1] : tensor<1x2x8xf32> into tensor<1x2x8x1xf32>
  %e_shifted = tensor.empty() : tensor<1x2x8x8xf32>
  %shifted = linalg.generic {indexing_maps = [#id4, #rowstat, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%masked, %max1 : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%e_shifted : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_exp = tensor.empty() : tensor<1x2x8x8xf32>
  %exp = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%shifted : tensor<1x2x8x8xf32>) outs(%e_exp : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_sum = tensor.empty() : tensor<1x2x8xf32>
  %f_sum = linalg.fill ins(%zero : f32) outs(%e_sum : tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
  %sum = linalg.reduce ins(%exp : tensor<1x2x8x8xf32>) outs(%f_sum : tensor<1x2x8xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %sum1 = tensor.expand_shape %sum [[0], [1], [2, 3]] output_shape [1, 2, 8, 1] : tensor<1x2x8xf32> into tensor<1x2x8x1xf32>
  %e_recip = tensor.empty() : tensor<1x2x8x1xf32>
  %recip = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum1 : tensor<1x2x8x1xf32>) outs(%e_recip : tensor<1x2x8x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %one, %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x1xf32>
  %e_p = tensor.empty() : tensor<1x2x8x8xf32>
  %p = linalg.generic {indexing_maps = [#id4, #rowstat, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%exp, %recip : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%e_p : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x2x8x8xf32> into tensor<2x8x8xf32>
  %v3 = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<1x2x8x4xf32> into tensor<2x8x4xf32>
  %e12 = tensor.empty() : tensor<2x8x4xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%f12 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o4 = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [1, 2, 8, 4] : tensor<2x8x4xf32> into tensor<1x2x8x4xf32>
  %e13 = tensor.empty() : tensor<1x8x2x4xf32>
  %ot = linalg.transpose ins(%o4 : tensor<1x2x8x4xf32>) outs(%e13 : tensor<1x8x2x4xf32>) permutation = [0, 2, 1, 3]
  %o = tensor.collapse_shape %ot [[0], [1], [2, 3]] : tensor<1x8x2x4xf32> into tensor<1x8x8xf32>
  return %o : tensor<1x8x8xf32>
}
func.func @zero_max_init(%q: tensor<1x8x2x4xf32>, %k: tensor<1x8x2x4xf32>, %v: tensor<1x8x2x4xf32>, %mask: tensor<1x1x1x8xf32>) -> tensor<1x8x8xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %lowest = arith.constant 0.000000e+00 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant dense<5.000000e-01> : tensor<1x1x1x1xf32>
  %e0 = tensor.empty() : tensor<1x2x8x4xf32>
  %qt = linalg.transpose ins(%q : tensor<1x8x2x4xf32>) outs(%e0 : tensor<1x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %e1 = tensor.empty() : tensor<1x2x8x4xf32>
  %vt = linalg.transpose ins(%v : tensor<1x8x2x4xf32>) outs(%e1 : tensor<1x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %e2 = tensor.empty() : tensor<1x2x4x8xf32>
  %kt = linalg.transpose ins(%k : tensor<1x8x2x4xf32>) outs(%e2 : tensor<1x2x4x8xf32>) permutation = [0, 2, 3, 1]
  %q3 = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<1x2x8x4xf32> into tensor<2x8x4xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x2x4x8xf32> into tensor<2x4x8xf32>
  %e3 = tensor.empty() : tensor<2x8x8xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s3 = linalg.batch_matmul ins(%q3, %k3 : tensor<2x8x4xf32>, tensor<2x4x8xf32>) outs(%f3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s4 = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [1, 2, 8, 8] : tensor<2x8x8xf32> into tensor<1x2x8x8xf32>
  %e_scaled = tensor.empty() : tensor<1x2x8x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id4, #splat4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4, %scale : tensor<1x2x8x8xf32>, tensor<1x1x1x1xf32>) outs(%e_scaled : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_masked = tensor.empty() : tensor<1x2x8x8xf32>
  %masked = linalg.generic {indexing_maps = [#id4, #padding, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scaled, %mask : tensor<1x2x8x8xf32>, tensor<1x1x1x8xf32>) outs(%e_masked : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_max = tensor.empty() : tensor<1x2x8xf32>
  %f_max = linalg.fill ins(%lowest : f32) outs(%e_max : tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
  %max = linalg.reduce ins(%masked : tensor<1x2x8x8xf32>) outs(%f_max : tensor<1x2x8xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.maximumf %in, %init : f32
      linalg.yield %r : f32
    }
  %max1 = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [1, 2, 8, 1] : tensor<1x2x8xf32> into tensor<1x2x8x1xf32>
  %e_shifted = tensor.empty() : tensor<1x2x8x8xf32>
  %shifted = linalg.generic {indexing_maps = [#id4, #rowstat, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%masked, %max1 : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%e_shifted : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_exp = tensor.empty() : tensor<1x2x8x8xf32>
  %exp = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%shifted : tensor<1x2x8x8xf32>) outs(%e_exp : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %e_sum = tensor.empty() : tensor<1x2x8xf32>
  %f_sum = linalg.fill ins(%zero : f32) outs(%e_sum : tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
  %sum = linalg.reduce ins(%exp : tensor<1x2x8x8xf32>) outs(%f_sum : tensor<1x2x8xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %sum1 = tensor.expand_shape %sum [[0], [1], [2, 3]] output_shape [1, 2, 8, 1] : tensor<1x2x8xf32> into tensor<1x2x8x1xf32>
  %e_recip = tensor.empty() : tensor<1x2x8x1xf32>
  %recip = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum1 : tensor<1x2x8x1xf32>) outs(%e_recip : tensor<1x2x8x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %one, %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x1xf32>
  %e_p = tensor.empty() : tensor<1x2x8x8xf32>
  %p = linalg.generic {indexing_maps = [#id4, #rowstat, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%exp, %recip : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%e_p : tensor<1x2x8x8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x8x8xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x2x8x8xf32> into tensor<2x8x8xf32>
  %v3 = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<1x2x8x4xf32> into tensor<2x8x4xf32>
  %e12 = tensor.empty() : tensor<2x8x4xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%f12 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o4 = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [1, 2, 8, 4] : tensor<2x8x4xf32> into tensor<1x2x8x4xf32>
  %e13 = tensor.empty() : tensor<1x8x2x4xf32>
  %ot = linalg.transpose ins(%o4 : tensor<1x2x8x4xf32>) outs(%e13 : tensor<1x8x2x4xf32>) permutation = [0, 2, 1, 3]
  %o = tensor.collapse_shape %ot [[0], [1], [2, 3]] : tensor<1x8x2x4xf32> into tensor<1x8x8xf32>
  return %o : tensor<1x8x8xf32>
}

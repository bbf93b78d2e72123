// A bf16 head split of 17 tokens (a ViT's 16 patches and its class token:
// B=2, S=17, H=4, D=16), as a training step exports it. The batch matmuls
// read bf16 operands into an f32 accumulator; 17 rows are no whole
// tensor-core tile (m16n8k16, `gpu/mma.py`), so keeping them named gains
// nothing, and their head-split transposes were copy kernels (a ViT
// training step: eight). They are expanded as f32 ones are
// (`transforms/batch_expand.py`: the body widens each operand with `extf`,
// as the named op does), and the copies fold into their maps. A backward
// operand that is a batch transpose of a collapse (`P^T . dO`) is read
// uncollapsed through swapped dims. With 32 tokens the tensor cores take
// the batch matmuls, which stay named (@tensor_core_heads).
//
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fold-head-layouts)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fold-head-layouts,mlirfuse-fold-head-layouts)' | %FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --func heads --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func grad_v --schedule gpu | %FileCheck %s --check-prefix=OK

// CHECK-DAG: #[[$QMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d4)>
// CHECK-DAG: #[[$KMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d1, d4)>
// CHECK-DAG: #[[$DOMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d3)>
// CHECK-DAG: #[[$PTMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d2)>
// CHECK-LABEL: func.func @heads
// CHECK-NOT: linalg.transpose
// CHECK-NOT: linalg.batch_matmul
// CHECK: linalg.generic {indexing_maps = [#[[$QMAP]], #[[$KMAP]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<2x17x4x16xbf16>, tensor<2x17x4x16xbf16>)
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK-NOT: linalg.transpose
// CHECK-NOT: linalg.batch_matmul
// CHECK-LABEL: func.func @grad_v
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[$PTMAP]], #[[$DOMAP]], {{.*}}]
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<2x4x17x17xbf16>, tensor<2x17x4x16xbf16>)
// CHECK-NOT: linalg.transpose
// CHECK-LABEL: func.func @tensor_core_heads
// CHECK: linalg.transpose
// CHECK: linalg.batch_matmul

// Before: 6 kernels (4 of them copies) and 3 (2 copies).
// PLAN-LABEL: @heads: 2 kernels
// PLAN-LABEL: @grad_v: 1 kernels
// PLAN-LABEL: @tensor_core_heads: 2 kernels

// OK: verify: ok

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @heads(%q: tensor<34x64xbf16>, %k: tensor<34x64xbf16>, %v: tensor<34x64xbf16>) -> tensor<34x64xf32> {
    %zero = arith.constant 0.0 : f32
    %scale = arith.constant 0.25 : f32
    %qe = tensor.expand_shape %q [[0, 1], [2, 3]] output_shape [2, 17, 4, 16] : tensor<34x64xbf16> into tensor<2x17x4x16xbf16>
    %e0 = tensor.empty() : tensor<2x4x17x16xbf16>
    %qt = linalg.transpose ins(%qe : tensor<2x17x4x16xbf16>) outs(%e0 : tensor<2x4x17x16xbf16>) permutation = [0, 2, 1, 3]
    %qc = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<2x4x17x16xbf16> into tensor<8x17x16xbf16>
    %ke = tensor.expand_shape %k [[0, 1], [2, 3]] output_shape [2, 17, 4, 16] : tensor<34x64xbf16> into tensor<2x17x4x16xbf16>
    %e1 = tensor.empty() : tensor<2x4x16x17xbf16>
    %kt = linalg.transpose ins(%ke : tensor<2x17x4x16xbf16>) outs(%e1 : tensor<2x4x16x17xbf16>) permutation = [0, 2, 3, 1]
    %kc = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x4x16x17xbf16> into tensor<8x16x17xbf16>
    %e2 = tensor.empty() : tensor<8x17x17xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %s = linalg.batch_matmul ins(%qc, %kc : tensor<8x17x16xbf16>, tensor<8x16x17xbf16>) outs(%f2 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %se = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 4, 17, 17] : tensor<8x17x17xf32> into tensor<2x4x17x17xf32>
    %e3 = tensor.empty() : tensor<2x4x17x17xbf16>
    %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%se : tensor<2x4x17x17xf32>) outs(%e3 : tensor<2x4x17x17xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %m = arith.mulf %in, %scale : f32
      %t = math.tanh %m : f32
      %n = arith.truncf %t : f32 to bf16
      linalg.yield %n : bf16
    } -> tensor<2x4x17x17xbf16>
    %pc = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x4x17x17xbf16> into tensor<8x17x17xbf16>
    %ve = tensor.expand_shape %v [[0, 1], [2, 3]] output_shape [2, 17, 4, 16] : tensor<34x64xbf16> into tensor<2x17x4x16xbf16>
    %e4 = tensor.empty() : tensor<2x4x17x16xbf16>
    %vt = linalg.transpose ins(%ve : tensor<2x17x4x16xbf16>) outs(%e4 : tensor<2x4x17x16xbf16>) permutation = [0, 2, 1, 3]
    %vc = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<2x4x17x16xbf16> into tensor<8x17x16xbf16>
    %e5 = tensor.empty() : tensor<8x17x16xf32>
    %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<8x17x16xf32>) -> tensor<8x17x16xf32>
    %o = linalg.batch_matmul ins(%pc, %vc : tensor<8x17x17xbf16>, tensor<8x17x16xbf16>) outs(%f5 : tensor<8x17x16xf32>) -> tensor<8x17x16xf32>
    %oe = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [2, 4, 17, 16] : tensor<8x17x16xf32> into tensor<2x4x17x16xf32>
    %e6 = tensor.empty() : tensor<2x17x4x16xf32>
    %ot = linalg.transpose ins(%oe : tensor<2x4x17x16xf32>) outs(%e6 : tensor<2x17x4x16xf32>) permutation = [0, 2, 1, 3]
    %r = tensor.collapse_shape %ot [[0, 1], [2, 3]] : tensor<2x17x4x16xf32> into tensor<34x64xf32>
    return %r : tensor<34x64xf32>
  }

  // dV = P^T . dO: P's batch transpose of its collapse, dO's head split.
  func.func @grad_v(%p: tensor<2x4x17x17xbf16>, %do: tensor<34x64xbf16>) -> tensor<34x64xf32> {
    %zero = arith.constant 0.0 : f32
    %pc = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x4x17x17xbf16> into tensor<8x17x17xbf16>
    %e0 = tensor.empty() : tensor<8x17x17xbf16>
    %pt = linalg.transpose ins(%pc : tensor<8x17x17xbf16>) outs(%e0 : tensor<8x17x17xbf16>) permutation = [0, 2, 1]
    %de = tensor.expand_shape %do [[0, 1], [2, 3]] output_shape [2, 17, 4, 16] : tensor<34x64xbf16> into tensor<2x17x4x16xbf16>
    %e1 = tensor.empty() : tensor<2x4x17x16xbf16>
    %dt = linalg.transpose ins(%de : tensor<2x17x4x16xbf16>) outs(%e1 : tensor<2x4x17x16xbf16>) permutation = [0, 2, 1, 3]
    %dc = tensor.collapse_shape %dt [[0, 1], [2], [3]] : tensor<2x4x17x16xbf16> into tensor<8x17x16xbf16>
    %e2 = tensor.empty() : tensor<8x17x16xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x17x16xf32>) -> tensor<8x17x16xf32>
    %g = linalg.batch_matmul ins(%pt, %dc : tensor<8x17x17xbf16>, tensor<8x17x16xbf16>) outs(%f2 : tensor<8x17x16xf32>) -> tensor<8x17x16xf32>
    %ge = tensor.expand_shape %g [[0, 1], [2], [3]] output_shape [2, 4, 17, 16] : tensor<8x17x16xf32> into tensor<2x4x17x16xf32>
    %e3 = tensor.empty() : tensor<2x17x4x16xf32>
    %gt = linalg.transpose ins(%ge : tensor<2x4x17x16xf32>) outs(%e3 : tensor<2x17x4x16xf32>) permutation = [0, 2, 1, 3]
    %r = tensor.collapse_shape %gt [[0, 1], [2, 3]] : tensor<2x17x4x16xf32> into tensor<34x64xf32>
    return %r : tensor<34x64xf32>
  }

  // 32 tokens: whole tensor-core tiles, the batch matmul stays named.
  func.func @tensor_core_heads(%q: tensor<64x64xbf16>, %k: tensor<8x16x32xbf16>) -> tensor<8x32x32xf32> {
    %zero = arith.constant 0.0 : f32
    %qe = tensor.expand_shape %q [[0, 1], [2, 3]] output_shape [2, 32, 4, 16] : tensor<64x64xbf16> into tensor<2x32x4x16xbf16>
    %e0 = tensor.empty() : tensor<2x4x32x16xbf16>
    %qt = linalg.transpose ins(%qe : tensor<2x32x4x16xbf16>) outs(%e0 : tensor<2x4x32x16xbf16>) permutation = [0, 2, 1, 3]
    %qc = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<2x4x32x16xbf16> into tensor<8x32x16xbf16>
    %e2 = tensor.empty() : tensor<8x32x32xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
    %s = linalg.batch_matmul ins(%qc, %k : tensor<8x32x16xbf16>, tensor<8x16x32xbf16>) outs(%f2 : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
    return %s : tensor<8x32x32xf32>
  }
}

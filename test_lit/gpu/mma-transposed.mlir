// Tensor cores on transposed operands and on several contractions per kernel
// (llama's projections): x . W^T (the transpose fold keeps a named matmul
// reading W as N x K: mma.sync's `col` operand as stored), a matmul whose
// maps read A as K x M, SwiGLU's gate and up projections in one nest, and
// sibling K/V projections. Each kernel's lanes issue mma.sync; 0 spills.
// REQUIRES: ptxas
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %mlirfuse compile %s --chip sm_80 -o %t80.ptx | %FileCheck %s --check-prefix=REPORT80
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// REPORT: k0: contraction schedule, block (4, 32, 1)
// REPORT: k1: contraction schedule, block (4, 16, 1)
// REPORT: k2: contraction schedule, block (4, 16, 1)
// REPORT: k3: contraction schedule, block (4, 16, 1)
// REPORT: mm_wt_k0{{ +[0-9]+ +0 +0 }}
// REPORT: mm_at_k1{{ +[0-9]+ +0 +0 }}
// REPORT: swiglu_k2{{ +[0-9]+ +0 +0 }}
// REPORT: kv_k3{{ +[0-9]+ +0 +0 }}
// REPORT80: mm_wt_k0{{ +[0-9]+ +0 +0 }}
// REPORT80: mm_at_k1{{ +[0-9]+ +0 +0 }}
// REPORT80: swiglu_k2{{ +[0-9]+ +0 +0 }}
// REPORT80: kv_k3{{ +[0-9]+ +0 +0 }}
// W^T: B's two K-consecutive elements of a register sit side by side in W's row.
// GPU-LABEL: gpu.func @mm_wt_k0
// GPU: %[[K1:[0-9]+]] = arith.addi %[[K:[0-9]+]], %c1 : index
// GPU: memref.load %arg{{[0-9]+}}[%[[N:[0-9]+]], %[[K]]] : memref<64x128xbf16>
// GPU-NEXT: memref.load %arg{{[0-9]+}}[%[[N]], %[[K1]]] : memref<64x128xbf16>
// GPU: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>
// GPU-LABEL: gpu.func @mm_at_k1
// GPU: nvvm.mma.sync {{.*}} : (vector<2xf16>, vector<2xf16>, f32)
// GPU-LABEL: gpu.func @swiglu_k2
// GPU-COUNT-6: nvvm.mma.sync
// GPU: math.exp
// GPU-LABEL: gpu.func @kv_k3
// GPU-COUNT-8: nvvm.mma.sync
// PTX-LABEL: .entry mm_wt_k0
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-LABEL: .entry mm_at_k1
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-LABEL: .entry swiglu_k2
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-LABEL: .entry kv_k3
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
#map = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
#am = affine_map<(d0, d1, d2) -> (d2, d0)>
#bm = affine_map<(d0, d1, d2) -> (d2, d1)>
#cm = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @mm_wt(%x: tensor<64x128xbf16>, %w: tensor<64x128xbf16>, %bias: tensor<64xf32>) -> tensor<64x64xbf16> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<128x64xbf16>
  %wt = linalg.transpose ins(%w : tensor<64x128xbf16>) outs(%et : tensor<128x64xbf16>) permutation = [1, 0]
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<64x128xbf16>, tensor<128x64xbf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xbf16>
  %r = linalg.generic {indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<64x64xf32>, tensor<64xf32>) outs(%e2 : tensor<64x64xbf16>) {
  ^bb0(%a: f32, %b: f32, %o: bf16):
    %s = arith.addf %a, %b : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<64x64xbf16>
  return %r : tensor<64x64xbf16>
}
func.func @mm_at(%xt: tensor<64x32xf16>, %w: tensor<64x16xf16>) -> tensor<32x16xf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %m = linalg.matmul indexing_maps = [#am, #bm, #cm] ins(%xt, %w : tensor<64x32xf16>, tensor<64x16xf16>) outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
  %e2 = tensor.empty() : tensor<32x16xf16>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<32x16xf32>) outs(%e2 : tensor<32x16xf16>) {
  ^bb0(%a: f32, %o: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<32x16xf16>
  return %r : tensor<32x16xf16>
}
func.func @swiglu(%x: tensor<32x64xbf16>, %wg: tensor<48x64xbf16>, %wu: tensor<48x64xbf16>) -> tensor<32x48xbf16> {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %et = tensor.empty() : tensor<64x48xbf16>
  %gt = linalg.transpose ins(%wg : tensor<48x64xbf16>) outs(%et : tensor<64x48xbf16>) permutation = [1, 0]
  %ut = linalg.transpose ins(%wu : tensor<48x64xbf16>) outs(%et : tensor<64x48xbf16>) permutation = [1, 0]
  %e = tensor.empty() : tensor<32x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  %g = linalg.matmul ins(%x, %gt : tensor<32x64xbf16>, tensor<64x48xbf16>) outs(%f : tensor<32x48xf32>) -> tensor<32x48xf32>
  %u = linalg.matmul ins(%x, %ut : tensor<32x64xbf16>, tensor<64x48xbf16>) outs(%f : tensor<32x48xf32>) -> tensor<32x48xf32>
  %e2 = tensor.empty() : tensor<32x48xbf16>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%g, %u : tensor<32x48xf32>, tensor<32x48xf32>) outs(%e2 : tensor<32x48xbf16>) {
  ^bb0(%a: f32, %b: f32, %o: bf16):
    %n = arith.negf %a : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %a, %d : f32
    %p = arith.mulf %s, %b : f32
    %t = arith.truncf %p : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<32x48xbf16>
  return %r : tensor<32x48xbf16>
}
func.func @kv(%x: tensor<32x64xbf16>, %wk: tensor<32x64xbf16>, %wv: tensor<32x64xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<64x32xbf16>
  %kt = linalg.transpose ins(%wk : tensor<32x64xbf16>) outs(%et : tensor<64x32xbf16>) permutation = [1, 0]
  %vt = linalg.transpose ins(%wv : tensor<32x64xbf16>) outs(%et : tensor<64x32xbf16>) permutation = [1, 0]
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %k = linalg.matmul ins(%x, %kt : tensor<32x64xbf16>, tensor<64x32xbf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %v = linalg.matmul ins(%x, %vt : tensor<32x64xbf16>, tensor<64x32xbf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %e2 = tensor.empty() : tensor<32x32xbf16>
  %kb = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%k : tensor<32x32xf32>) outs(%e2 : tensor<32x32xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %t = arith.truncf %a : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<32x32xbf16>
  %vb = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<32x32xf32>) outs(%e2 : tensor<32x32xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %t = arith.truncf %a : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<32x32xbf16>
  return %kb, %vb : tensor<32x32xbf16>, tensor<32x32xbf16>
}

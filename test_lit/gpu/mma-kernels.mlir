// Tensor cores: an f16 matmul (bias + ReLU + f16 cast epilogue) and a bf16
// batched matmul (scale + bf16 cast epilogue) each become one kernel whose
// lanes own 2 x (N_b/4) output tiles laid out as mma.sync fragments: one
// m16n8k16 mma per 16x8 tile and K step, the epilogue in registers, one store.
// REQUIRES: ptxas
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %mlirfuse compile %s --chip sm_80 -o %t80.ptx | %FileCheck %s --check-prefix=REPORT80
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// REPORT: k0: contraction schedule, block (4, 32, 1)
// REPORT: k1: contraction schedule, block (4, 16, 1)
// REPORT: mm_f16_k0{{ +[0-9]+ +0 +0 }}
// REPORT: bmm_bf16_k1{{ +[0-9]+ +0 +0 }}
// REPORT80: mm_f16_k0{{ +[0-9]+ +0 +0 }}
// REPORT80: bmm_bf16_k1{{ +[0-9]+ +0 +0 }}
// GPU: gpu.lane_id
// GPU: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>{{.*}} : (vector<2xf16>, vector<2xf16>, f32)
// GPU: arith.maximumf
// GPU: arith.truncf {{.*}} f32 to f16
// GPU: gpu.lane_id
// GPU: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>{{.*}} : (i32, i32, f32)
// GPU: arith.truncf {{.*}} f32 to bf16
// PTX: .entry mm_f16_k0
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: max.{{(NaN.)?}}f32
// PTX: cvt.rn.f16.f32
// PTX: st.global
// PTX: .entry bmm_bf16_k1
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX: cvt.rn.bf16.f32
#map = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @mm_f16(%a: tensor<64x128xf16>, %b: tensor<128x64xf16>, %bias: tensor<64xf32>) -> tensor<64x64xf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x128xf16>, tensor<128x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf16>
  %r = linalg.generic {indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<64x64xf32>, tensor<64xf32>) outs(%e2 : tensor<64x64xf16>) {
  ^bb0(%x: f32, %y: f32, %o: f16):
    %s = arith.addf %x, %y : f32
    %mx = arith.maximumf %s, %z : f32
    %t = arith.truncf %mx : f32 to f16
    linalg.yield %t : f16
  } -> tensor<64x64xf16>
  return %r : tensor<64x64xf16>
}
func.func @bmm_bf16(%a: tensor<4x32x48xbf16>, %b: tensor<4x48x16xbf16>) -> tensor<4x32x16xbf16> {
  %z = arith.constant 0.0 : f32
  %scale = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<4x32x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
  %m = linalg.batch_matmul ins(%a, %b : tensor<4x32x48xbf16>, tensor<4x48x16xbf16>) outs(%f : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
  %e2 = tensor.empty() : tensor<4x32x16xbf16>
  %r = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m : tensor<4x32x16xf32>) outs(%e2 : tensor<4x32x16xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %s = arith.mulf %x, %scale : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4x32x16xbf16>
  return %r : tensor<4x32x16xbf16>
}

// Kernels whose destination is a read-only buffer, and inputs that used to
// leave host code, compile to one launch each with nothing on the host:
// - dwconv: a depthwise conv accumulating into a broadcast bias (another
//   kernel's result, so a read-only argument of the conv's unit) copies its
//   init inside the kernel (destinations.py): no `memref.copy` on the host;
// - grouped: a grouped conv reading `expand_shape(pad(x))` pads the expanded
//   source itself (padding.py), instead of a pad loop left on the host;
// - bf16mm: a group transposing a bf16 weight into a bf16 x bf16 -> f32
//   matmul (the fold into a transposed-operand generic casts the inputs to
//   the accumulator type; K outermost so the scalar thread tile does not spill).
// Each compiles for both chips with 0 spills, its manifest holds, and the
// schedules match the original on the CPU.
// REQUIRES: ptxas
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/dwconv.mlir --no-fuse --chip sm_90 -o %t/dwconv.sm_90.ptx --emit-gpu %t/dwconv.gpu.mlir | %FileCheck %s --check-prefixes=DW,NOSPILL
// RUN: %FileCheck %s --check-prefix=DWGPU < %t/dwconv.gpu.mlir
// RUN: ptxas -arch=sm_90 %t/dwconv.sm_90.ptx -o %t/dwconv.cubin
// RUN: %python -m mlirfuse.gpu.manifest_check %t/dwconv.sm_90.json | %FileCheck %s --check-prefix=MANIFEST2
// RUN: %mlirfuse compile %t/dwconv.mlir --no-fuse --chip sm_80 -o %t/dwconv.sm_80.ptx | %FileCheck %s --check-prefixes=DW,NOSPILL
// RUN: ptxas -arch=sm_80 %t/dwconv.sm_80.ptx -o %t/dwconv.cubin
// RUN: %mlirfuse compile %t/dwconv.mlir --chip sm_90 -o %t/dwconv.fused.ptx | %FileCheck %s --check-prefix=NOSPILL
// RUN: %mlirfuse verify %t/dwconv.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/grouped.mlir --no-fuse --chip sm_90 -o %t/grouped.sm_90.ptx --emit-gpu %t/grouped.gpu.mlir | %FileCheck %s --check-prefixes=GROUPED,NOSPILL
// RUN: %FileCheck %s --check-prefix=GROUPEDGPU < %t/grouped.gpu.mlir
// RUN: ptxas -arch=sm_90 %t/grouped.sm_90.ptx -o %t/grouped.cubin
// RUN: %python -m mlirfuse.gpu.manifest_check %t/grouped.sm_90.json | %FileCheck %s --check-prefix=MANIFEST1
// RUN: %mlirfuse compile %t/grouped.mlir --no-fuse --chip sm_80 -o %t/grouped.sm_80.ptx | %FileCheck %s --check-prefixes=GROUPED,NOSPILL
// RUN: ptxas -arch=sm_80 %t/grouped.sm_80.ptx -o %t/grouped.cubin
// RUN: %mlirfuse verify %t/grouped.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/bf16mm.mlir --no-fuse --chip sm_90 -o %t/bf16mm.sm_90.ptx | %FileCheck %s --check-prefixes=BF16,NOSPILL
// RUN: ptxas -arch=sm_90 %t/bf16mm.sm_90.ptx -o %t/bf16mm.cubin
// RUN: %python -m mlirfuse.gpu.manifest_check %t/bf16mm.sm_90.json | %FileCheck %s --check-prefix=MANIFEST1
// RUN: %mlirfuse compile %t/bf16mm.mlir --no-fuse --chip sm_80 -o %t/bf16mm.sm_80.ptx | %FileCheck %s --check-prefixes=BF16,NOSPILL
// RUN: ptxas -arch=sm_80 %t/bf16mm.sm_80.ptx -o %t/bf16mm.cubin
// RUN: %mlirfuse verify %t/bf16mm.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// DW: kernels: 2
// DW: k1: conv schedule
// The conv kernel's host side: one launch, no copy of the bias.
// DWGPU: // kernel dwconv_k1
// DWGPU-NOT: memref.copy
// DWGPU: gpu.launch_func
// DWGPU-NOT: memref.copy
// DWGPU: gpu.func @dwconv_k1
// Each thread copies its own tile of the bias and accumulates onto it: the
// kernel's copy of the init is a linalg.copy, which tiling keeps (an
// identity generic was erased, and bufferization copied the whole bias into
// shared memory with every thread, racing with the threads' accumulation).
// DWGPU-NOT: memref.get_global
// DWGPU: scf.for
// DWGPU-NEXT: memref.load
// DWGPU-NEXT: memref.store
// DWGPU-NEXT: }
// DWGPU-NOT: memref.get_global
// DWGPU: gpu.return
// GROUPED: kernels: 1
// GROUPEDGPU-NOT: scf.for
// GROUPEDGPU: gpu.launch_func
// GROUPEDGPU: gpu.func @grouped_k0
// BF16: kernels: 1
// BF16-NEXT: k0: contraction schedule
// NOSPILL-NOT: {{_k[0-9]+ +[0-9]+ +[1-9]}}
// NOSPILL: {{_k0 +[0-9]+ +0 +0 }}
// NOSPILL-NOT: {{_k[0-9]+ +[0-9]+ +[1-9]}}
// MANIFEST1: ok (1 launches)
// MANIFEST2: ok (2 launches)
// OK: verify: ok

//--- dwconv.mlir
func.func @dwconv(%x: tensor<1x8x10x10xf32>, %w: tensor<8x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %bias = linalg.broadcast ins(%b : tensor<8xf32>) outs(%e : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3]
  %0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x8x10x10xf32>, tensor<8x3x3xf32>) outs(%bias : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}
//--- grouped.mlir
func.func @grouped(%x: tensor<1x8x6x6xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x2x4x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x6x6xf32> to tensor<1x8x8x8xf32>
  %xg = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 8, 8] : tensor<1x8x8x8xf32> into tensor<1x2x4x8x8xf32>
  %wg = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 4, 4, 3, 3] : tensor<8x4x3x3xf32> into tensor<2x4x4x3x3xf32>
  %e = tensor.empty() : tensor<1x2x4x6x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>
  %0 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xg, %wg : tensor<1x2x4x8x8xf32>, tensor<2x4x4x3x3xf32>) outs(%f : tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>
  return %0 : tensor<1x2x4x6x6xf32>
}
//--- bf16mm.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @bf16mm(%x: tensor<32x64xbf16>, %w: tensor<48x64xbf16>) -> tensor<32x48xbf16> {
  %zero = arith.constant 0.0 : f32
  %r = "fusion.group"() ({
    %et = tensor.empty() : tensor<64x48xbf16>
    %wt = linalg.transpose ins(%w : tensor<48x64xbf16>) outs(%et : tensor<64x48xbf16>) permutation = [1, 0]
    %e = tensor.empty() : tensor<32x48xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
    %m = linalg.matmul ins(%x, %wt : tensor<32x64xbf16>, tensor<64x48xbf16>) outs(%f : tensor<32x48xf32>) -> tensor<32x48xf32>
    %eb = tensor.empty() : tensor<32x48xbf16>
    %t = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<32x48xf32>) outs(%eb : tensor<32x48xbf16>) {
    ^bb0(%v: f32, %o: bf16):
      %c = arith.truncf %v : f32 to bf16
      linalg.yield %c : bf16
    } -> tensor<32x48xbf16>
    "gpu.yield"(%t) : (tensor<32x48xbf16>) -> ()
  }) {fusion.pattern = "contraction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<32x48xbf16>
  return %r : tensor<32x48xbf16>
}

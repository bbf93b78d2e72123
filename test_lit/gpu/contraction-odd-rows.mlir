// f32 matmuls whose row count is no power of two (CLIP's 50, 7, ViT's prime
// 197, and a batch matmul of 57 rows): the thread tile divides the block
// tile, so the launch has exactly the threads the kernel's thread loop
// needs. A thread tile fixed before the block's rows shrank (50 -> 25 rows,
// 2 per thread) made the loop need 13 x 16 = 208 threads where the launch
// had 12 x 16 = 192: "number of required parallel resources 208 overflows
// 192". The GPU checks state the invariant with the captured sizes: grid x
// block tile = M, threads x thread tile = block tile, both exactly.
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %mlirfuse verify %s --func mm50 --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse verify %s --func mm50_epilogue --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// VERIFIED: result0: tensor<50x64xf32> {{.*}} ok
// VERIFIED-NEXT: verify: ok
// REPORT: kernels: 5
// REPORT-NEXT: k0: contraction schedule, block (16, 5, 1)
// REPORT-NEXT: k1: contraction schedule, block (16, 7, 1)
// REPORT-NEXT: k2: contraction schedule, block (16, 1, 1)
// REPORT-NEXT: k3: contraction schedule, block (16, 1, 1)
// REPORT-NEXT: k4: contraction schedule, block (16, 5, 1)

// M = 50: 5 blocks of 10 rows, 5 x 16 threads of 2 x 4 outputs. The 2 x 4
// accumulator stays in registers (vector FMAs over K): as a scalar tile in
// private memory it spilled 136 B at 255 registers once fused with CLIP's
// bias and residual epilogue (`mm50_epilogue` below).
// GPU-LABEL: // kernel mm50_k0
// GPU: gpu.launch_func {{.*}}@mm50_k0 blocks in (%c[[#GX:]], %c1, %c1) threads in (%c[[#TX:]], %c[[#TY:]], %c1)
// GPU: known_block_size = array<i32: [[#TX]], [[#TY]], 1>, known_grid_size = array<i32: [[#GX]], 1, 1>
// GPU: memref.subview %arg{{[0-9]}}[{{.*}}] {{\[}}[[#BM:]], 64] [1, 1]
// GPU-SAME: : memref<[[#mul(GX,BM)]]x64xf32>
// GPU: memref.subview %arg{{[0-9]}}[{{.*}}] {{\[}}[[#BM]], 64] [1, 1]
// GPU: memref.subview %{{.*}} {{\[}}[[#TM:]], [[#TN:]]] [1, 1]
// GPU-SAME: : memref<[[#mul(TY,TM)]]x[[#mul(TX,TN)]]xf32,
// GPU-NOT: memref.alloca
// GPU: scf.for {{.*}} iter_args({{.*}}) -> (vector<[[#TM]]x[[#TN]]xf32>)
// GPU: vector.fma
// GPU-NOT: scf.if
// GPU: gpu.return
func.func @mm50(%x: tensor<50x64xf32>, %w: tensor<64x64xf32>) -> tensor<50x64xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<50x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<50x64xf32>) -> tensor<50x64xf32>
  %r = linalg.matmul ins(%x, %w : tensor<50x64xf32>, tensor<64x64xf32>) outs(%f : tensor<50x64xf32>) -> tensor<50x64xf32>
  return %r : tensor<50x64xf32>
}

// M = 7: one block, 7 x 16 threads of 1 x 4 outputs.
// GPU-LABEL: // kernel mm7_k1
// GPU: gpu.launch_func {{.*}}@mm7_k1 blocks in (%c[[#GX:]], %c1, %c1) threads in (%c[[#TX:]], %c[[#TY:]], %c1)
// GPU: known_block_size = array<i32: [[#TX]], [[#TY]], 1>, known_grid_size = array<i32: [[#GX]], 1, 1>
// GPU: memref.subview %arg{{[0-9]}}[{{.*}}] {{\[}}[[#TM:]], 64] [1, 1]
// GPU-SAME: : memref<[[#mul(GX,mul(TY,TM))]]x64xf32>
// GPU: memref.subview %{{.*}} {{\[}}64, [[#TN:]]] [1, 1]
// GPU-SAME: : memref<64x[[#mul(TX,TN)]]xf32>
// GPU-NOT: scf.if
// GPU: gpu.return
func.func @mm7(%x: tensor<7x64xf32>, %w: tensor<64x64xf32>) -> tensor<7x64xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<7x64xf32>) -> tensor<7x64xf32>
  %r = linalg.matmul ins(%x, %w : tensor<7x64xf32>, tensor<64x64xf32>) outs(%f : tensor<7x64xf32>) -> tensor<7x64xf32>
  return %r : tensor<7x64xf32>
}

// M = 197 (prime): 197 blocks of one row, 16 threads of 1 x 4 outputs.
// GPU-LABEL: // kernel mm197_k2
// GPU: gpu.launch_func {{.*}}@mm197_k2 blocks in (%c[[#GX:]], %c1, %c1) threads in (%c[[#TX:]], %c1, %c1)
// GPU: known_block_size = array<i32: [[#TX]], 1, 1>, known_grid_size = array<i32: [[#GX]], 1, 1>
// GPU: memref.subview %arg{{[0-9]}}[{{.*}}] {{\[}}[[#BM:]], 64] [1, 1]
// GPU-SAME: : memref<[[#mul(GX,BM)]]x64xf32>
// GPU: memref.subview %{{.*}} {{\[}}64, [[#TN:]]] [1, 1]
// GPU-SAME: : memref<64x[[#mul(TX,TN)]]xf32>
// GPU-NOT: scf.if
// GPU: gpu.return
func.func @mm197(%x: tensor<197x64xf32>, %w: tensor<64x64xf32>) -> tensor<197x64xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<197x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<197x64xf32>) -> tensor<197x64xf32>
  %r = linalg.matmul ins(%x, %w : tensor<197x64xf32>, tensor<64x64xf32>) outs(%f : tensor<197x64xf32>) -> tensor<197x64xf32>
  return %r : tensor<197x64xf32>
}

// Batch 2 x M = 57: 19 x 2 blocks of 3 rows, 16 threads of 3 x 4 outputs
// (before the fix: 57 rows -> 19 with 3 per thread, 7 x 16 threads needed).
// GPU-LABEL: // kernel bmm57_k3
// GPU: gpu.launch_func {{.*}}@bmm57_k3 blocks in (%c[[#GX:]], %c2, %c1) threads in (%c[[#TX:]], %c1, %c1)
// GPU: known_block_size = array<i32: [[#TX]], 1, 1>, known_grid_size = array<i32: [[#GX]], 2, 1>
// GPU: memref.subview %arg{{[0-9]}}[{{.*}}] [1, [[#BM:]], 64] [1, 1, 1]
// GPU-SAME: : memref<2x[[#mul(GX,BM)]]x64xf32>
// GPU: memref.subview %arg{{[0-9]}}[{{.*}}] [1, 64, 64] [1, 1, 1]
// GPU: memref.subview %{{.*}} [1, 64, [[#TN:]]] [1, 1, 1]
// GPU-SAME: : memref<1x64x[[#mul(TX,TN)]]xf32,
// GPU: memref.subview %{{.*}} [1, [[#BM]], [[#TN]]] [1, 1, 1]
// GPU-NOT: scf.if
// GPU: gpu.return
func.func @bmm57(%x: tensor<2x57x64xf32>, %w: tensor<2x64x64xf32>) -> tensor<2x57x64xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x57x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2x57x64xf32>) -> tensor<2x57x64xf32>
  %r = linalg.batch_matmul ins(%x, %w : tensor<2x57x64xf32>, tensor<2x64x64xf32>) outs(%f : tensor<2x57x64xf32>) -> tensor<2x57x64xf32>
  return %r : tensor<2x57x64xf32>
}

// M = 50 with CLIP's epilogue (bias, then the residual): one kernel, the
// 2 x 4 accumulator in registers, no local memory (PTX below).
// GPU-LABEL: // kernel mm50_epilogue_k4
// GPU-NOT: memref.alloca
// GPU: vector.fma
// GPU: gpu.return
#row = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
func.func @mm50_epilogue(%x: tensor<50x64xf32>, %w: tensor<64x64xf32>, %b: tensor<64xf32>, %res: tensor<50x64xf32>) -> tensor<50x64xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<50x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<50x64xf32>) -> tensor<50x64xf32>
  %m = linalg.matmul ins(%x, %w : tensor<50x64xf32>, tensor<64x64xf32>) outs(%f : tensor<50x64xf32>) -> tensor<50x64xf32>
  %r = linalg.generic {indexing_maps = [#row, #bias, #row, #row], iterator_types = ["parallel", "parallel"]} ins(%m, %b, %res : tensor<50x64xf32>, tensor<64xf32>, tensor<50x64xf32>) outs(%e : tensor<50x64xf32>) {
  ^bb0(%a: f32, %bb: f32, %c: f32, %out: f32):
    %s = arith.addf %a, %bb : f32
    %t = arith.addf %c, %s : f32
    linalg.yield %t : f32
  } -> tensor<50x64xf32>
  return %r : tensor<50x64xf32>
}

// PTX: .entry mm50_k0
// PTX: .maxntid 16, 5, 1
// PTX: .entry mm7_k1
// PTX: .maxntid 16, 7, 1
// PTX: .entry mm197_k2
// PTX: .maxntid 16, 1, 1
// PTX: .entry bmm57_k3
// PTX: .maxntid 16, 1, 1
// PTX: .entry mm50_epilogue_k4
// PTX: .maxntid 16, 5, 1
// PTX-NOT: .local

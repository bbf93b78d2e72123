// The attention kernel on the GPU (docs/attention.md, docs/gpu-lowering.md):
// Q·Kᵀ, an additive mask broadcast over the heads, softmax, ·V and the
// heads' transpose back ([b, h, m, dv] -> [b, m, h, dv]) become one
// attention group that writes the transposed layout itself (no
// linalg.transpose left), then one kernel: one thread per query row
// (2 x 2 heads x 8 rows = 32 threads, one block), the 48 keys walked in the
// thread with the running max, sum and the 4 accumulators in registers,
// one exponential per key, the row stored with one 128-bit store.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true})' | %FileCheck %s --check-prefix=FUSED
// RUN: %mlirfuse compile %s --attention --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// FUSED: #[[$HEADS:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
// FUSED-LABEL: func.func @attn
// FUSED-NOT: linalg.batch_matmul
// FUSED: linalg.generic {indexing_maps = [{{.*}}, #[[$HEADS]]]
// FUSED-SAME: outs(%{{.*}} : tensor<2x8x2x4xf32>)
// FUSED: fusion.pattern = "attention"
// FUSED-SAME: () -> tensor<2x8x2x4xf32>
// FUSED-NOT: linalg.transpose
// FUSED: return
// REPORT: kernels: 1
// REPORT-NEXT: k0: attention schedule, block (32, 1, 1)
// GPU-COUNT-1: gpu.func @
// GPU-NOT: gpu.func @
// GPU: gpu.thread_id  x
// GPU: scf.for %{{.*}} = %c0 to %c48 step %c1 iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32)
// GPU-COUNT-1: math.exp
// GPU: scf.yield
// GPU: vector.store %{{.*}} {alignment = 16 : i64} : memref<4xf32, {{.*}}>, vector<4xf32>
// GPU-NOT: memref.alloca
// PTX-COUNT-1: .entry
// PTX-NOT: .entry
// PTX: ex2.approx
// PTX: st.global.v4.b32
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @attn(%q: tensor<4x8x4xf32>, %kt: tensor<4x4x48xf32>, %v: tensor<4x48x4xf32>,
                %mask: tensor<2x1x1x48xf32>) -> tensor<2x8x2x4xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e3 = tensor.empty() : tensor<4x8x48xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %s3 = linalg.batch_matmul ins(%q, %kt : tensor<4x8x4xf32>, tensor<4x4x48xf32>)
        outs(%f3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 2, 8, 48]
       : tensor<4x8x48xf32> into tensor<2x2x8x48xf32>
  %e = tensor.empty() : tensor<2x2x8x48xf32>
  %x = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%s, %mask : tensor<2x2x8x48xf32>, tensor<2x1x1x48xf32>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.addf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x48xf32>
  %er = tensor.empty() : tensor<2x2x8x1xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %mx = linalg.generic {indexing_maps = [#m4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%x : tensor<2x2x8x48xf32>) outs(%mi : tensor<2x2x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x1xf32>
  %ex = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mx : tensor<2x2x8x48xf32>, tensor<2x2x8x1xf32>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x48xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
         ins(%ex : tensor<2x2x8x48xf32>) outs(%si : tensor<2x2x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x1xf32>
  %p = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<2x2x8x48xf32>, tensor<2x2x8x1xf32>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.divf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x48xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x2x8x48xf32> into tensor<4x8x48xf32>
  %eo = tensor.empty() : tensor<4x8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %o = linalg.batch_matmul ins(%p3, %v : tensor<4x8x48xf32>, tensor<4x48x4xf32>)
       outs(%fo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %oh = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [2, 2, 8, 4]
        : tensor<4x8x4xf32> into tensor<2x2x8x4xf32>
  %et = tensor.empty() : tensor<2x8x2x4xf32>
  %t = linalg.transpose ins(%oh : tensor<2x2x8x4xf32>) outs(%et : tensor<2x8x2x4xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<2x8x2x4xf32>
}

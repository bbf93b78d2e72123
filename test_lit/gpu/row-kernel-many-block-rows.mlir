// A kernel whose root is per-row (a variance: sum, mean, sum of squares,
// sqrt, returned alone) took the row schedule, which tiles the root's
// innermost loop into one block: here every row. 64 rows gave one block of
// 16 threads (64 rows of 1,024: one block for 256 KB), and each thread's
// reduction tile held 64 rows x 4 (vectorized: 255 registers, 2688 B
// spilled; `schedule.row_vector_ops` now caps that at MAX_VECTOR_ROWS).
// Such a kernel now takes the `reduce` schedule (`schedule.per_row_root`):
// a block per row, its threads over the row's elements.
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED: kernels: 1 (1 distinct)
// COMPILED-NEXT: k0: reduce schedule, block (64, 1, 1)
// GPU: gpu.launch_func @{{.*}}::@var_k0 blocks in (%c64, %c1, %c1) threads in (%c64, %c1, %c1)
// GPU: gpu.func @var_k0
// GPU-NOT: vector<64x4xf32>
// GPU: gpu.return
// VERIFIED: verify: ok
#x = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#v = affine_map<(d0) -> (d0)>
func.func @var(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 64.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#x, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x64xf32>) outs(%z : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<64xf32>
  %mean = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%sum : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.divf %in, %n : f32
    linalg.yield %a : f32
  } -> tensor<64xf32>
  %sq = linalg.generic {indexing_maps = [#x, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %mean : tensor<64x64xf32>, tensor<64xf32>) outs(%z : tensor<64xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %s = arith.mulf %d, %d : f32
    %a = arith.addf %s, %out : f32
    linalg.yield %a : f32
  } -> tensor<64xf32>
  %var = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%sq : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.divf %in, %n : f32
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %var : tensor<64xf32>
}

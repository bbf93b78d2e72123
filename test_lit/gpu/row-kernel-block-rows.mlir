// A row kernel holding two rows per block vectorizes its reductions with a
// thread tile of 2x4, and a per-row value read back along the row (map
// (d0, d1) -> (d0)) became a 1-D vector.load, an n-D vector.broadcast and a
// vector.transpose. Nothing lowered those two, and the NVVM translation
// refused the kernel ("missing LLVMTranslationDialectInterface registration
// ... vector.broadcast"). The stage-2 cleanup now lowers n-D broadcasts and
// transposes to extracts and from_elements.
// TimesFM's masked variance (@var: sum, mean, sum of squares, sqrt over 2
// rows of 8, a per-row root) met it first; such a kernel now takes the
// reduce schedule (a block per row: row-kernel-many-block-rows.mlir). A
// LayerNorm whose result is transposed (@norm_t: its root's innermost loop
// is a column of the norm, so each block holds 2 rows) still does.
// RUN: %mlirfuse compile %s --chip sm_90 --target h200 --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu --func var | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse verify %s --schedule gpu --func norm_t | %FileCheck %s --check-prefix=VERIFIED
// COMPILED: kernels: 3 (3 distinct)
// COMPILED-NEXT: k0: reduce schedule, block (8, 1, 1)
// COMPILED-NEXT: k1: row schedule, block (8, 1, 1)
// COMPILED-NEXT: k2: row schedule, block (2, 1, 1)
// GPU: gpu.func @norm_t_k2
// GPU: vector<2x4xf32>
// GPU-NOT: vector.broadcast
// GPU-NOT: vector.transpose
// GPU: gpu.return
// VERIFIED: verify: ok
#x = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#v = affine_map<(d0) -> (d0)>
func.func @var(%x: tensor<2x8xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 8.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [#x, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x8xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<2xf32>
  %mean = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%sum : tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.divf %in, %n : f32
    linalg.yield %a : f32
  } -> tensor<2xf32>
  %sq = linalg.generic {indexing_maps = [#x, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %mean : tensor<2x8xf32>, tensor<2xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %s = arith.mulf %d, %d : f32
    %a = arith.addf %s, %out : f32
    linalg.yield %a : f32
  } -> tensor<2xf32>
  %var = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%sq : tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.divf %in, %n : f32
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  return %var : tensor<2xf32>
}

func.func @norm_t(%x: tensor<2x8xf32>) -> tensor<8x2xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 8.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %e2 = tensor.empty() : tensor<2x8xf32>
  %et = tensor.empty() : tensor<8x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [#x, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x8xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<2xf32>
  %sq = linalg.generic {indexing_maps = [#x, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %sum : tensor<2x8xf32>, tensor<2xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %m = arith.divf %s, %n : f32
    %d = arith.subf %in, %m : f32
    %q = arith.mulf %d, %d : f32
    %a = arith.addf %q, %out : f32
    linalg.yield %a : f32
  } -> tensor<2xf32>
  %c = linalg.generic {indexing_maps = [#x, #row, #row, #x], iterator_types = ["parallel", "parallel"]} ins(%x, %sum, %sq : tensor<2x8xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e2 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %s: f32, %v: f32, %out: f32):
    %m = arith.divf %s, %n : f32
    %d = arith.subf %in, %m : f32
    %w = arith.divf %v, %n : f32
    %r = math.rsqrt %w : f32
    %y = arith.mulf %d, %r : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  %tr = linalg.transpose ins(%c : tensor<2x8xf32>) outs(%et : tensor<8x2xf32>) permutation = [1, 0]
  return %tr : tensor<8x2xf32>
}

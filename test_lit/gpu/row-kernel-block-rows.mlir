// A row kernel whose root is per-row (TimesFM's masked variance: sum, mean,
// sum of squares, sqrt over 2 rows of 8) tiles both rows into one block;
// its 2x8 reductions are vectorized with a thread tile of 2x4, and the mean
// read back along the row (map (d0, d1) -> (d0)) became a 1-D vector.load,
// an n-D vector.broadcast and a vector.transpose. Nothing lowered those
// two, and the NVVM translation refused the kernel ("missing
// LLVMTranslationDialectInterface registration ... vector.broadcast"). The
// stage-2 cleanup now lowers n-D broadcasts and transposes to extracts and
// from_elements.
// RUN: %mlirfuse compile %s --chip sm_90 --target h200 --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED: kernels: 1 (1 distinct)
// COMPILED-NEXT: k0: row schedule, block (2, 1, 1)
// GPU: gpu.func @var_k0
// GPU: vector.reduction <add>
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

// NeRF's MLP head (bench/unseen_models_sixth.py's nerf_mlp), three ways it
// broke the GPU path:
// - @skip_concat: a concat of a concat (the skip input holds the positional
//   encoding). Both concats became gathers, the outer one from a `Value`
//   taken from the inner concat before the inner one was replaced; the
//   handle dangled and read back as the outer gather itself ("operand #0
//   does not dominate this use"). Sources are now read just before each
//   rewrite (gpu/concat_kernel.concats_to_generics).
// - @odd_k: K = 91 has no step 2..4 dividing it; the register accumulator's
//   K step of 1 vectorized to an n-D transpose NVVM cannot translate
//   ("unrealized_conversion_cast"). Such a contraction takes scalar thread
//   tiles (gpu/schedule._find_contraction).
// - @narrow_n: N = 3, a 4 x 3 scalar tile over K = 64 with K innermost:
//   LLVM unrolled K and kept the reused row of A live, 255 registers and
//   196 bytes spilled. Scalar tiles now loop over K outside the tile
//   (gpu/script_thread_tiles.reductions_outermost); ptxas-scalar-tiles.test checks the
//   spills.
// RUN: %mlirfuse verify %s --func skip_concat --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse verify %s --func odd_k --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse verify %s --func narrow_n --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// VERIFIED: {{.*}} ok
// VERIFIED-NEXT: verify: ok
// REPORT: kernels: 4
// REPORT-NEXT: k0: elementwise schedule
// REPORT-NEXT: k1: contraction schedule, block (16, 1, 1)
// REPORT-NEXT: k2: contraction schedule, block (16, 16, 1)
// REPORT-NEXT: k3: contraction schedule, block (16, 1, 1)

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @skip_concat(%p: tensor<64x9xf32>, %h: tensor<64x64xf32>, %w: tensor<91x3xf32>, %b: tensor<3xf32>) -> tensor<64x3xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e9 = tensor.empty() : tensor<64x9xf32>
  %sin = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<64x9xf32>) outs(%e9 : tensor<64x9xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = math.sin %x : f32
    linalg.yield %s : f32
  } -> tensor<64x9xf32>
  %cos = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<64x9xf32>) outs(%e9 : tensor<64x9xf32>) {
  ^bb0(%x: f32, %out: f32):
    %c = math.cos %x : f32
    linalg.yield %c : f32
  } -> tensor<64x9xf32>
  %enc = tensor.concat dim(1) %p, %sin, %cos : (tensor<64x9xf32>, tensor<64x9xf32>, tensor<64x9xf32>) -> tensor<64x27xf32>
  %e64 = tensor.empty() : tensor<64x64xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<64x64xf32>) outs(%e64 : tensor<64x64xf32>) {
  ^bb0(%x: f32, %out: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  %skip = tensor.concat dim(1) %relu, %enc : (tensor<64x64xf32>, tensor<64x27xf32>) -> tensor<64x91xf32>
  %e3 = tensor.empty() : tensor<64x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e3 : tensor<64x3xf32>) -> tensor<64x3xf32>
  %mm = linalg.matmul ins(%skip, %w : tensor<64x91xf32>, tensor<91x3xf32>) outs(%f : tensor<64x3xf32>) -> tensor<64x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<64x3xf32>, tensor<3xf32>) outs(%e3 : tensor<64x3xf32>) {
  ^bb0(%x: f32, %c: f32, %out: f32):
    %0 = arith.addf %x, %c : f32
    %1 = arith.negf %0 : f32
    %2 = math.exp %1 : f32
    %3 = arith.addf %2, %one : f32
    %4 = arith.divf %one, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<64x3xf32>
  return %y : tensor<64x3xf32>
}

func.func @odd_k(%x: tensor<64x91xf32>, %w: tensor<91x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<64x91xf32>, tensor<91x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

func.func @narrow_n(%x: tensor<64x64xf32>, %wt: tensor<3x64xf32>) -> tensor<64x3xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<64x3xf32>
  %w = linalg.transpose ins(%wt : tensor<3x64xf32>) outs(%e : tensor<64x3xf32>) permutation = [1, 0]
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x3xf32>) -> tensor<64x3xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x3xf32>) outs(%f : tensor<64x3xf32>) -> tensor<64x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<64x3xf32>) outs(%e : tensor<64x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.negf %in : f32
    %2 = math.exp %1 : f32
    %3 = arith.addf %2, %one : f32
    %4 = arith.divf %one, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<64x3xf32>
  return %y : tensor<64x3xf32>
}

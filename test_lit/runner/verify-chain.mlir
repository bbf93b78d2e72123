// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(linalg-fuse-elementwise-ops)' | FileCheck %s --check-prefix=UPSTREAM
// RUN: %mlirfuse verify %s --seed 3 | FileCheck %s --check-prefix=FUSE
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{keep-intermediates=all})' | FileCheck %s --check-prefix=KEEP
// RUN: not %mlirfuse verify %s --pass-pipeline='builtin.module(func.func(math-expand-ops))' --rtol 0 | FileCheck %s --check-prefix=STRICT
// RUN: not %mlirfuse verify %s --pass-pipeline='builtin.module(canonicalise)' 2>&1 | FileCheck %s --check-prefix=BADPASS
// RUN: not %mlirfuse verify %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries})' 2>&1 | FileCheck %s --check-prefix=SIG

// UPSTREAM: verify @chain: pipeline builtin.module(linalg-fuse-elementwise-ops), inputs seed 0
// UPSTREAM-NEXT: kernels: 3 before, 1 after
// UPSTREAM-NEXT: result0: tensor<32x64xf32> max_abs_err={{[0-9.e+-]+}} max_rel_err={{[0-9.e+-]+}} tolerance=1e-05 ok
// UPSTREAM-NEXT: verify: ok

// FUSE: verify @chain: pipeline builtin.module(mlirfuse-fuse), inputs seed 3
// FUSE-NEXT: kernels: 3 before, 1 after
// FUSE: verify: ok

// Kept intermediates are extra results: printed with checksums, not compared.
// KEEP: kernels: 3 before, 1 after
// KEEP-NEXT: result0: tensor<32x64xf32> {{.*}} ok
// KEEP-NEXT: extra result1: tensor<32x64xf32> sum=
// KEEP: verify: ok

// math-expand-ops rewrites tanh through exp: a few ulp apart, beyond rtol 0.
// STRICT: result0: tensor<32x64xf32> max_abs_err={{[1-9][0-9.]*e-0[6-8]}} max_rel_err={{.*}} tolerance=0e+00 FAIL
// STRICT-NEXT: verify: FAILED (beyond tolerance)

// BADPASS: error: bad pass pipeline: unknown pass 'canonicalise'; did you mean 'canonicalize'
// SIG: verify-chain.mlir:[[@LINE+4]]:1: error: the pipeline changed the signature of @chain, cannot compare

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @chain(%a: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<32x64xf32> {
  %e = tensor.empty() : tensor<32x64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<32x64xf32>, tensor<64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  } -> tensor<32x64xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%1, %a : tensor<32x64xf32>, tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<32x64xf32>
  return %2 : tensor<32x64xf32>
}

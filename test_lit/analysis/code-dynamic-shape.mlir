// RUN: %mlirfuse explain %s | FileCheck %s
// RUN: %mlirfuse explain %s  | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [dynamic-shape]
// CODES-NOT: refused
// A ?x4 producer transposed into a 4x? consumer: with static sizes the two
// spaces hold the same number of iterations; with a dynamic dim that cannot
// be proven, so the kernel check says dynamic-shape (not incompatible-space).

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @dyn(%x: tensor<?x4xf32>, %n: index) -> tensor<4x?xf32> {
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  %e2 = tensor.empty(%n) : tensor<4x?xf32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<?x4xf32>) outs(%e2 : tensor<4x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x?xf32>
  return %t : tensor<4x?xf32>
}

// CHECK-LABEL: func @dyn
// CHECK: op dyn:1 linalg.generic kind=elementwise side-effects=no loops=[?, 4]
// CHECK: op dyn:3 linalg.generic kind=injective side-effects=no loops=[4, ?]
// CHECK: edge dyn:1 -> dyn:3: refused [dynamic-shape] op-level ok [ok]: op 1 (linalg.generic) loops (?, 4) and op 3 (linalg.generic) loops (4, ?) cannot be proven compatible

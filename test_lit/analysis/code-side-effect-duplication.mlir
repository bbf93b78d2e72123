// RUN: %mlirfuse explain %s --recompute | FileCheck %s
// RUN: %mlirfuse explain %s --keep-result | FileCheck %s --check-prefix=KEEP
// RUN: %mlirfuse explain %s --recompute | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [side-effect-duplication]
// CODES-NOT: refused
// A producer with cf.assert in its body and two consumers: recomputing it in
// each consumer would duplicate the assertion (upstream fusion does exactly
// that). Keeping it as an extra result of one fused op is legal.

#id = affine_map<(d0) -> (d0)>
func.func @dup(%var: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %inv = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%var : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %pos = arith.cmpf ogt, %v, %zero : f32
    cf.assert %pos, "variance must be positive"
    %r = math.rsqrt %v : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%inv : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%inv : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}

// CHECK-LABEL: func @dup
// CHECK: op dup:2 linalg.generic kind=elementwise side-effects=yes cf.assert
// CHECK: edge dup:2 -> dup:3: refused [side-effect-duplication] op-level refused [side-effect-duplication]: op 2 (linalg.generic, elementwise) has a side-effecting body and is also used by op 4: recomputing would duplicate it; keep it as an extra result instead
// CHECK: edge dup:2 -> dup:4: refused [side-effect-duplication]
// CHECK: summary: {{.*}} side-effecting: dup:2
// KEEP: edge dup:2 -> dup:3: ok [ok] op-level ok [ok]
// KEEP: edge dup:2 -> dup:4: ok [ok] op-level ok [ok]

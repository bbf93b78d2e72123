// RUN: %mlirfuse explain %s --level op | FileCheck %s
// RUN: %mlirfuse explain %s --level op | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [non-invertible-map]
// CODES-NOT: refused
// The producer writes out[i, 0] for every j (a non-permutation result map):
// the consumer's index (i, 0) cannot be mapped back to one producer iteration,
// so the two cannot become one linalg op. In one kernel they can (kernel level).

#id = affine_map<(d0, d1) -> (d0, d1)>
#first = affine_map<(d0, d1) -> (d0, 0)>
#id1 = affine_map<(d0, d1) -> (d0, d1)>
func.func @nim(%x: tensor<8x4xf32>) -> tensor<8x1xf32> {
  %e = tensor.empty() : tensor<8x1xf32>
  %p = linalg.generic {indexing_maps = [#id, #first], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x4xf32>) outs(%e : tensor<8x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<8x1xf32>
  %c = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<8x1xf32>) outs(%e : tensor<8x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<8x1xf32>
  return %c : tensor<8x1xf32>
}

// CHECK-LABEL: func @nim
// CHECK: op nim:1 linalg.generic kind=injective
// CHECK: edge nim:1 -> nim:2: refused [non-invertible-map] op-level refused [non-invertible-map]: result map (d0, d1) -> (d0, 0) of op 1 (linalg.generic, injective) is not a permutation

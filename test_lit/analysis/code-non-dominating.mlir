// RUN: %mlirfuse explain %s | FileCheck %s
// RUN: %mlirfuse explain %s  | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [non-dominating]
// CODES-NOT: refused
// Siblings a and b share %x. Merged at b, a's user u would come first; merged
// at a, b's operand y would not exist yet. u and y assert (side effects), so
// neither may be moved: there is no legal insertion point.

#id = affine_map<(d0) -> (d0)>
func.func @dom(%x: tensor<64xf32>, %z: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %pos = arith.cmpf ogt, %v, %zero : f32
    cf.assert %pos, "positive"
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%z : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %pos = arith.cmpf ogt, %v, %zero : f32
    cf.assert %pos, "positive"
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %u, %b : tensor<64xf32>, tensor<64xf32>
}

// CHECK-LABEL: func @dom
// CHECK: sibling dom:2 + dom:5: refused [non-dominating]: no insertion point for ops 2 and 5

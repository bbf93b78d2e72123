// RUN: %mlirfuse explain %s | FileCheck %s
// RUN: %mlirfuse explain %s  | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [reduction-into-reduction]
// CODES-NOT: refused
// Row sums, then the sum of the row sums: the second reduction needs every
// result of the first, so they cannot share one pass (at either level).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
func.func @rr(%x: tensor<8x4xf32>, %rows: tensor<8xf32>, %total: tensor<f32>) -> tensor<f32> {
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4xf32>) outs(%rows : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.addf %v, %o : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %t = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%s : tensor<8xf32>) outs(%total : tensor<f32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.addf %v, %o : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  return %t : tensor<f32>
}

// CHECK-LABEL: func @rr
// CHECK: op rr:0 linalg.generic kind=reduction
// CHECK: op rr:1 linalg.generic kind=reduction
// CHECK: edge rr:0 -> rr:1: refused [reduction-into-reduction] op-level refused [reduction-into-reduction]: reduction op 0 feeds reduction op 1

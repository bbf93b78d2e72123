// RUN: %mlirfuse explain %s | FileCheck %s
// RUN: %mlirfuse explain %s  | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [incompatible-space]
// CODES-NEXT: refused [multi-consumer]
// CODES-NOT: refused
// A 56-element producer read by a 64x56 consumer along its inner dim and also
// returned: no kernel grid covers both, and the returned value must be
// written, so it cannot just be recomputed inside its reader (a producer read
// only through the broadcast would be: analysis/broadcast_reads.py). The op-level
// merge is refused too, since the returned value has a second consumer.

#id1 = affine_map<(d0) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @sp(%v: tensor<56xf32>, %x: tensor<64x56xf32>) -> (tensor<64x56xf32>, tensor<56xf32>) {
  %e1 = tensor.empty() : tensor<56xf32>
  %p = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%v : tensor<56xf32>) outs(%e1 : tensor<56xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<56xf32>
  %e = tensor.empty() : tensor<64x56xf32>
  %c = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %p : tensor<64x56xf32>, tensor<56xf32>) outs(%e : tensor<64x56xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<64x56xf32>
  return %c, %p : tensor<64x56xf32>, tensor<56xf32>
}

// CHECK-LABEL: func @sp
// CHECK: edge sp:1 -> sp:3: refused [incompatible-space] op-level refused [multi-consumer]: op 1 (linalg.generic) loops (56) and op 3 (linalg.generic) loops (64, 56) have no common kernel grid

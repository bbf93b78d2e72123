// RUN: %mlirfuse explain %s --keep-result | FileCheck %s
// RUN: %mlirfuse explain %s --keep-result | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [cycle]
// CODES-NOT: refused
// a -> u -> c and a -> c: fusing a into c directly would make the fused op
// both feed u and consume it. Even with a kept as an extra result (so that
// multi-consumer does not apply), the pair is refused; the group {a, u, c} is fine.

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @cyc(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %x : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %u = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %a : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %u : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// CHECK-LABEL: func @cyc
// CHECK: edge cyc:1 -> cyc:2: ok [ok] op-level ok [ok]
// CHECK: edge cyc:1 -> cyc:3: refused [cycle] op-level refused [cycle]: path 1 -> 2 -> ... -> 3: the fused op would both feed and consume op 2 (linalg.generic, elementwise)
// CHECK: edge cyc:2 -> cyc:3: ok [ok]

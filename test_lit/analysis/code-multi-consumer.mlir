// RUN: %mlirfuse explain %s | FileCheck %s
// RUN: %mlirfuse explain %s --keep-result | FileCheck %s --check-prefix=KEEP
// RUN: %mlirfuse explain %s --recompute | FileCheck %s --check-prefix=RECOMPUTE
// RUN: %mlirfuse explain %s  | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [multi-consumer]
// CODES-NOT: refused
// a feeds b and c: fusing a into one of them alone would leave the other
// without its input. Legal with a kept as an extra result, or recomputed.

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @multi(%x: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %x : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %x : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %a : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  return %b, %c : tensor<8x4xf32>, tensor<8x4xf32>
}

// CHECK-LABEL: func @multi
// CHECK: edge multi:1 -> multi:2: refused [multi-consumer] op-level refused [multi-consumer]: op 1 (linalg.generic, elementwise) is also used by op 3: fuse with keep_result (extra result) or recompute
// CHECK: edge multi:1 -> multi:3: refused [multi-consumer] op-level refused [multi-consumer]: op 1 (linalg.generic, elementwise) is also used by op 2
// b and c share a and x: siblings.
// CHECK: sibling multi:2 + multi:3: ok [ok]
// KEEP: edge multi:1 -> multi:2: ok [ok] op-level ok [ok]
// KEEP: edge multi:1 -> multi:3: ok [ok] op-level ok [ok]
// RECOMPUTE: edge multi:1 -> multi:2: ok [ok] op-level ok [ok]

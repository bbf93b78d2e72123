// RUN: %mlirfuse explain %s | FileCheck %s
// RUN: %mlirfuse explain %s  | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [init-operand]
// CODES-NOT: refused
// p only feeds c's init (outs): c reads and overwrites p's buffer in place,
// so p cannot be folded into c's body. Fills and empty tensors feeding an
// init are the documented exception (they are rematerialised).

#id = affine_map<(d0) -> (d0)>
func.func @init(%x: tensor<64xf32>, %y: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<64xf32>) outs(%p : tensor<64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %c : tensor<64xf32>
}

// CHECK-LABEL: func @init
// CHECK: edge init:0 -> init:1: ok [ok] op-level ok [ok]: op 0 (tensor.empty, fill) is rematerialised in the consumer
// CHECK: edge init:1 -> init:2: refused [init-operand] op-level refused [init-operand]: op 1 (linalg.generic, elementwise) feeds only the init (outs) of op 2 (linalg.generic, elementwise)

// RUN: %mlirfuse explain %s | FileCheck %s
// RUN: %mlirfuse explain %s --level op | FileCheck %s --check-prefix=OP
// RUN: %mlirfuse explain %s  | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [kind-mismatch]
// CODES-NOT: refused
// A matmul whose result is the LHS of the next matmul: contractions are group
// roots, one per kernel. Its bias epilogue is legal at kernel level only.

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @km(%x: tensor<8x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  %e2 = tensor.empty() : tensor<8x4xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %o = linalg.matmul ins(%h, %w2 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%acc2 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %o, %h : tensor<8x4xf32>, tensor<8x16xf32>
}

// CHECK-LABEL: func @km
// CHECK: edge km:3 -> km:6: refused [kind-mismatch] op-level refused [kind-mismatch]: contraction op 3 into contraction op 6: a kernel has one contraction/reduction root
// OP: edge km:3 -> km:6: refused [kind-mismatch]

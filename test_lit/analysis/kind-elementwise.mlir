// RUN: %mlirfuse explain %s --format text | FileCheck %s
// An all-parallel generic whose every operand map is the identity.

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @ew(%x: tensor<8x4xf32>, %y: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %n = linalg.add ins(%r, %y : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %n : tensor<8x4xf32>
}

// CHECK-LABEL: func @ew
// CHECK: op ew:0 tensor.empty kind=fill
// CHECK: op ew:1 linalg.generic kind=elementwise side-effects=no loops=[8, 4] parallel=[0, 1] reduction=[] flops/iter=1 in-place=yes uses=[1] loc={{.*}}kind-elementwise.mlir:7:8
// CHECK: op ew:2 linalg.add kind=elementwise
// CHECK: edge ew:1 -> ew:2: ok [ok] op-level ok [ok]
// A producer and its consumer are an edge, not siblings.
// CHECK-NOT: {{^}}sibling
// CHECK: summary: 3 ops, 3 edges (3 legal), 0 sibling pairs

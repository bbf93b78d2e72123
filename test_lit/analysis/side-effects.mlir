// RUN: %mlirfuse explain %s | FileCheck %s
// torch-mlir's BatchNorm path: a cf.assert inside a linalg.generic body. The
// kind stays structural (elementwise); the op is flagged as side-effecting and
// the report names the impure body op.

#id = affine_map<(d0) -> (d0)>
func.func @bn(%var: tensor<64xf32>) -> tensor<64xf32> {
  %eps = arith.constant 1.0e-05 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %inv = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%var : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %eps : f32
    %pos = arith.cmpf ogt, %s, %zero : f32
    cf.assert %pos, "unimplemented: only support cases where variance + eps > 0"
    %r = math.sqrt %s : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %inv : tensor<64xf32>
}

// CHECK-LABEL: func @bn
// CHECK: op bn:3 linalg.generic kind=elementwise side-effects=yes cf.assert loops=[64] parallel=[0] reduction=[] flops/iter=6
// CHECK: summary: 4 ops, {{.*}} side-effecting: bn:3

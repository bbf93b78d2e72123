// Bad input: a located error, non-zero exit, no output file.
// RUN: not %mlirfuse compile %s -o %t.ptx 2>&1 | %FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: bad-input.mlir:7:{{[0-9]+}}: error:
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// RUN: %mlirfuse explain %s --group 1,2 --max-operands 6 | FileCheck %s
// RUN: %mlirfuse explain %s --group 1,2 --max-operands 7 | FileCheck %s --check-prefix=FITS
// RUN: %mlirfuse explain %s --group 1,2 --max-operands 6 | grep -o "refused \[[a-z-]*\]" | sort -u | FileCheck %s --check-prefix=CODES
// CODES-NOT: refused
// CODES: refused [operand-limit]
// CODES-NOT: refused
// A two-op kernel reading six distinct tensors and writing one: seven buffers.
// (Scalars and fill-kind values are not counted: passed by value or made in-kernel.)

#id = affine_map<(d0) -> (d0)>
func.func @ops(%a: tensor<64xf32>, %b: tensor<64xf32>, %c: tensor<64xf32>, %d: tensor<64xf32>, %f: tensor<64xf32>, %g: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %c : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v0: f32, %v1: f32, %v2: f32, %o: f32):
    %t0 = arith.addf %v0, %v1 : f32
    %t1 = arith.addf %t0, %v2 : f32
    linalg.yield %t1 : f32
  } -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%s, %d, %f, %g : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v0: f32, %v1: f32, %v2: f32, %v3: f32, %o: f32):
    %t0 = arith.mulf %v0, %v1 : f32
    %t1 = arith.mulf %t0, %v2 : f32
    %t2 = arith.mulf %t1, %v3 : f32
    linalg.yield %t2 : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// CHECK-LABEL: func @ops
// CHECK: group ops:1,ops:2: refused [operand-limit]: the kernel would take 7 buffers, more than the limit of 6
// FITS: group ops:1,ops:2: ok [ok]: 2 ops form one kernel with 7 buffers

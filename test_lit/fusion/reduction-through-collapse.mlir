// A reduction that reads a collapse of parallel dims runs on the collapse's
// source (transforms/reshape_reductions.py). YOSO normalises each query row
// on batch and heads merged (`q.reshape(B * H, S, D)`: 2x4x24x16 collapsed
// to 8x24x16), and its division reads the norm back as 2x4x24 through a
// collapse to 192 and an expand: the reshapes stood between the reduction
// and the division, three kernels. On the source's space the reduction
// writes 2x4x24x1, its elementwise reader (sqrt, clamp) follows it
// (reshape_propagation.py), and the reshapes after it combine into one
// unit-dim collapse (a reshape of a reshape of a moved result is one): the
// prologue, the reduction, the norm and the division are one kernel.
// @merged_reduced_dims: the collapse merges dims the reduction reduces
// (neighborhood attention's softmax over a 5x5 window flattened to 25): the
// reduction reduces both dims of the source, in the same order, and its
// square prologue joins its kernel. @merged_argmax: an argmax's position
// (`linalg.index` of the merged loop) is the row-major index of its loops;
// its square prologue joins it too (a reduction by position with an
// elementwise producer: gpu/lowerability_position.py).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes,mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s --check-prefix=COMPILE
// RUN: %mlirfuse verify %s --func query_norm --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func merged_reduced_dims --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func merged_argmax --schedule gpu | %FileCheck %s --check-prefix=OK

// CHECK-LABEL: func.func @query_norm(
// CHECK-NOT: tensor<8x24x16xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<2x4x24x16xf32>) outs(%{{.*}} : tensor<2x4x24x1xf32>)
// CHECK: math.sqrt
// CHECK: } -> tensor<2x4x24x1xf32>
// CHECK-NEXT: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x4x24x1xf32> into tensor<2x4x24xf32>
// CHECK-NOT: tensor.expand_shape
// CHECK: arith.divf
// CHECK-LABEL: func.func @merged_reduced_dims(
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "reduction", "reduction"]} ins(%{{.*}} : tensor<8x4x6xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK-LABEL: func.func @merged_argmax(
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "reduction", "reduction"]} ins(%{{.*}} : tensor<8x4x6xf32>) outs(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xi64>)
// CHECK-DAG: %[[COL:.*]] = linalg.index 2 : index
// CHECK-DAG: %[[ROW:.*]] = linalg.index 1 : index
// CHECK-DAG: %[[SIX:.*]] = arith.constant 6 : index
// CHECK: %[[SKIP:.*]] = arith.muli %[[ROW]], %[[SIX]] : index
// CHECK: %[[AT:.*]] = arith.addi %[[COL]], %[[SKIP]] : index
// CHECK: arith.index_cast %[[AT]] : index to i64

// COMPILE: kernels: 3
// COMPILE-NEXT: k0: row schedule
// COMPILE-NEXT: k1: reduce schedule
// COMPILE-NEXT: k2: fallback schedule
// OK: verify: ok

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#row4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#sum2 = affine_map<(d0, d1) -> (d0)>
#in2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @query_norm(%x: tensor<2x4x24x16xf32>) -> tensor<2x4x24x16xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-12 : f32
  %e4 = tensor.empty() : tensor<2x4x24x16xf32>
  %q = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<2x4x24x16xf32>) outs(%e4 : tensor<2x4x24x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %a : f32
    %s = arith.addf %t, %a : f32
    linalg.yield %s : f32
  } -> tensor<2x4x24x16xf32>
  %heads = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x4x24x16xf32> into tensor<8x24x16xf32>
  %e1 = tensor.empty() : tensor<8x24x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x24x1xf32>) -> tensor<8x24x1xf32>
  %squares = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%heads : tensor<8x24x16xf32>) outs(%z : tensor<8x24x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %p = arith.mulf %a, %a : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8x24x1xf32>
  %norm = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%squares : tensor<8x24x1xf32>) outs(%e1 : tensor<8x24x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.sqrt %a : f32
    %c = arith.maximumf %r, %eps : f32
    linalg.yield %c : f32
  } -> tensor<8x24x1xf32>
  %flat = tensor.collapse_shape %norm [[0, 1, 2]] : tensor<8x24x1xf32> into tensor<192xf32>
  %back = tensor.expand_shape %flat [[0, 1, 2]] output_shape [2, 4, 24] : tensor<192xf32> into tensor<2x4x24xf32>
  %out = linalg.generic {indexing_maps = [#id4, #row4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q, %back : tensor<2x4x24x16xf32>, tensor<2x4x24xf32>) outs(%e4 : tensor<2x4x24x16xf32>) {
  ^bb0(%a: f32, %n: f32, %o: f32):
    %d = arith.divf %a, %n : f32
    linalg.yield %d : f32
  } -> tensor<2x4x24x16xf32>
  return %out : tensor<2x4x24x16xf32>
}

func.func @merged_reduced_dims(%x: tensor<8x4x6xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<8x4x6xf32>
  %q = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<8x4x6xf32>) outs(%e3 : tensor<8x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<8x4x6xf32>
  %rows = tensor.collapse_shape %q [[0], [1, 2]] : tensor<8x4x6xf32> into tensor<8x24xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#in2, #sum2], iterator_types = ["parallel", "reduction"]} ins(%rows : tensor<8x24xf32>) outs(%z : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum : tensor<8xf32>
}

#in3 = affine_map<(d0, d1) -> (d0, d1)>
func.func @merged_argmax(%x: tensor<8x4x6xf32>) -> (tensor<8xf32>, tensor<8xi64>) {
  %low = arith.constant -3.40282347E+38 : f32
  %c0 = arith.constant 0 : i64
  %e3 = tensor.empty() : tensor<8x4x6xf32>
  %q = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<8x4x6xf32>) outs(%e3 : tensor<8x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<8x4x6xf32>
  %rows = tensor.collapse_shape %q [[0], [1, 2]] : tensor<8x4x6xf32> into tensor<8x24xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %m0 = linalg.fill ins(%low : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi64>
  %i0 = linalg.fill ins(%c0 : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
  %max:2 = linalg.generic {indexing_maps = [#in3, #sum2, #sum2], iterator_types = ["parallel", "reduction"]} ins(%rows : tensor<8x24xf32>) outs(%m0, %i0 : tensor<8xf32>, tensor<8xi64>) {
  ^bb0(%a: f32, %m: f32, %i: i64):
    %at = linalg.index 1 : index
    %ati = arith.index_cast %at : index to i64
    %bigger = arith.cmpf ogt, %a, %m : f32
    %nm = arith.maximumf %a, %m : f32
    %ni = arith.select %bigger, %ati, %i : i64
    linalg.yield %nm, %ni : f32, i64
  } -> (tensor<8xf32>, tensor<8xi64>)
  return %max#0, %max#1 : tensor<8xf32>, tensor<8xi64>
}

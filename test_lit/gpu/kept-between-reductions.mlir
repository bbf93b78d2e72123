// BitNet's activation quantiser after an RMSNorm: the normalised row is
// returned (kept) and its absolute maximum taken in the same kernel. The
// fusion rewrite merged the kept product and the abs into one two-result
// generic; the GPU preparation split it into two generics that each
// recomputed from the row's sum, so the kernel had two roots of different
// shapes sharing the sum, and the compile failed ("sibling roots of
// different shapes share an op"). The split now keeps the chain: the abs
// reads the kept product, one root, the row schedule.
// RUN: %mlirfuse plan %s --backend gpu | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s | %FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK
// PLAN: @quantise_input: 1 kernels
// PLAN: kept [
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK-NEXT: k0: row schedule
// OK: verify: ok
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#red = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @quantise_input(%x: tensor<2x12x64xf32>) -> (tensor<2x12x64xf32>, tensor<2x12xf32>) {
  %zero = arith.constant 0.0 : f32
  %low = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x12x64xf32>
  %sq = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<2x12x64xf32>) outs(%e : tensor<2x12x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<2x12x64xf32>
  %e1 = tensor.empty() : tensor<2x12x1xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x12x1xf32>) -> tensor<2x12x1xf32>
  %sum = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%sq : tensor<2x12x64xf32>) outs(%z1 : tensor<2x12x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<2x12x1xf32>
  %norm = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %sum : tensor<2x12x64xf32>, tensor<2x12x1xf32>) outs(%e : tensor<2x12x64xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = math.rsqrt %s : f32
    %n = arith.mulf %a, %r : f32
    linalg.yield %n : f32
  } -> tensor<2x12x64xf32>
  %abs = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%norm : tensor<2x12x64xf32>) outs(%e : tensor<2x12x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %b = math.absf %a : f32
    linalg.yield %b : f32
  } -> tensor<2x12x64xf32>
  %e2 = tensor.empty() : tensor<2x12xf32>
  %z2 = linalg.fill ins(%low : f32) outs(%e2 : tensor<2x12xf32>) -> tensor<2x12xf32>
  %max = linalg.generic {indexing_maps = [#map, #red], iterator_types = ["parallel", "parallel", "reduction"]} ins(%abs : tensor<2x12x64xf32>) outs(%z2 : tensor<2x12xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<2x12xf32>
  return %norm, %max : tensor<2x12x64xf32>, tensor<2x12xf32>
}

// Two functions: each is planned on its own graph; the plans table walks
// their roads one after the other.
// RUN: %mlirfuse plan %s | %FileCheck %s
// RUN: %mlirfuse plan %s --format json | %FileCheck %s --check-prefix=JSON

// CHECK: P0 8 33,582,080 100.0%
// CHECK: P3 5 {{.*}} @seed_chain best, @chain4 unfused
// CHECK: P6 2 8,397,824 25.0% {{.*}} best
// CHECK: @seed_chain: 1 kernels
// CHECK-NEXT: group 0: reduction-epilogue ops [3,4,6,7,8] root 7
// CHECK: @chain4: 1 kernels
// CHECK-NEXT: group 0: elementwise-chain ops [1,2,3,4]

// JSON: "groups": [
// JSON: "function": "seed_chain",
// JSON: "function": "chain4",
// JSON: "graphs": {
// JSON-NEXT: "seed_chain": {
// JSON: "chain4": {
#id = affine_map<(d0) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @seed_chain(%x: tensor<256x4xf32>, %y: tensor<256x4xf32>) -> tensor<256xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %quarter = arith.constant 2.500000e-01 : f32
    %e = tensor.empty() : tensor<256x4xf32>
    %add = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x, %y : tensor<256x4xf32>, tensor<256x4xf32>) outs(%e : tensor<256x4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<256x4xf32>
    %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%add : tensor<256x4xf32>) outs(%e : tensor<256x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
    } -> tensor<256x4xf32>
    %e2 = tensor.empty() : tensor<256xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
    %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
        ins(%relu : tensor<256x4xf32>) outs(%init : tensor<256xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    } -> tensor<256xf32>
    %norm = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
        ins(%sum : tensor<256xf32>) outs(%e2 : tensor<256xf32>) {
    ^bb0(%a: f32, %o: f32):
      %n = arith.mulf %a, %quarter : f32
      linalg.yield %n : f32
    } -> tensor<256xf32>
    return %norm : tensor<256xf32>
  }
func.func @chain4(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %e = tensor.empty() : tensor<1048576xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.negf %v : f32
    linalg.yield %r : f32
  } -> tensor<1048576xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<1048576xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.absf %v : f32
    linalg.yield %r : f32
  } -> tensor<1048576xf32>
  %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%c : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.sqrt %v : f32
    linalg.yield %r : f32
  } -> tensor<1048576xf32>
  return %d : tensor<1048576xf32>
}
}

// The seed's example as linalg: add(1024) -> relu(1024) -> sum(-> 256) -> norm(256),
// the 1024 elements as 256 rows of 4. mlirfuse fuses all four into one kernel
// (elementwise prologue + epilogue of the reduction): 27,648 -> 9,216 bytes
// (docs/seed-example.md); the rule heuristic stops before norm.
// RUN: %mlirfuse plan %s --target h200 | %FileCheck %s
// RUN: %mlirfuse plan %s --format json | %FileCheck %s --check-prefix=JSON
// RUN: %mlirfuse plan %s --format html -o %t.html && %FileCheck %s --check-prefix=HTML --input-file=%t.html
// RUN: %mlirfuse plan %s --search greedy | %FileCheck %s --check-prefix=GREEDY
// RUN: not %mlirfuse plan %s --target b200 2>&1 | %FileCheck %s --check-prefix=BADTARGET
// RUN: %mlirfuse plan %s --measure cpu | %FileCheck %s --check-prefix=MEASURE

// CHECK: P0 4 27,648 100.0%
// CHECK-NEXT: P1 3 19,456 70.4%
// CHECK-NEXT: P2 2 11,264 40.7%
// CHECK-NEXT: P3 1 9,216 33.3% 3,328 {{.*}} 25.0% {{.*}} best
// CHECK: @seed_chain: 1 kernels
// CHECK-NEXT: group 0: reduction-epilogue ops [3,4,6,7,8] root 7
// CHECK-NEXT: read 8,192 B, written 1,024 B

// JSON: "target": {
// JSON-NEXT: "name": "h200"
// JSON: "plans": [
// JSON: "name": "P0",
// JSON-NEXT: "kernels": 4,
// JSON-NEXT: "bytes": 27648,
// JSON-NEXT: "flops":
// JSON-NEXT: "cost":
// JSON-NEXT: "relative": 1.0,
// JSON: "groups": [
// JSON: "pattern": "reduction-epilogue",
// JSON: "refusals": []

// HTML: 1. ops coloured by kind
// HTML: <svg
// HTML: 3. Search: P0 (unfused) to the best plan
// HTML: <svg

// GREEDY: search: greedy
// GREEDY: reference: greedy 1 kernels, 9,216 bytes
// GREEDY: @seed_chain: 1 kernels
// GREEDY-NEXT: group 0: reduction-epilogue ops [3,4,6,7,8] root 7

// BADTARGET: error: unknown target 'b200' (known: a100, h100, h200

// The kernel is timed on the CPU against its ops run apart; either outcome is
// fine here, a failure to measure is not.
// MEASURE: @seed_chain: {{[14]}} kernels
// MEASURE-NOT: measure-failed
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
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
}

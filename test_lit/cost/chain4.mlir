// The seed's N-op elementwise chain: 2NS bytes unfused, 2S fused. Four ops
// over S = 1M f32: P0 100% ... P3 25% of the bytes, one merge per plan.
// RUN: %mlirfuse plan %s --target h100 | %FileCheck %s
// RUN: %mlirfuse-opt --pass-pipeline='builtin.module(mlirfuse-fuse{target=h100 search=dp})' %s | %FileCheck %s --check-prefix=IR

// CHECK: P0 4 33,554,432 100.0%
// CHECK-NEXT: P1 3 25,165,824 75.0%
// CHECK-NEXT: P2 2 16,777,216 50.0%
// CHECK-NEXT: P3 1 8,388,608 25.0% {{.*}} best
// CHECK: group 0: elementwise-chain ops [1,2,3,4]
// CHECK-NEXT: read 4,194,304 B, written 4,194,304 B

// IR-LABEL: func.func @chain4(
// IR-COUNT-1: linalg.generic
// IR-NOT: linalg.generic
// IR: return
#id = affine_map<(d0) -> (d0)>
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

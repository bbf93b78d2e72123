// Fused output parses again. A producer without inputs whose only consumer is
// a result-less generic holding a cf.assert (as in upstream MLIR's own fusion
// tests): merging them would leave a generic with no operands, whose loop
// bounds come from nothing (`indexing_maps = []`, which does not parse). The
// merge refuses; the assert survives once, and the output goes through
// mlirfuse-opt a second time. The producer has 8192 elements: a small one is
// computed at compile time (transforms/const_eval.py) and the case is gone.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-elementwise)' | %mlirfuse-opt --split-input-file | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | %mlirfuse-opt --split-input-file | FileCheck %s --check-prefix=GROUP
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' | %mlirfuse-opt --split-input-file | FileCheck %s --check-prefix=GROUP

// CHECK-LABEL: func.func @assert_consumer_of_index_producer
// CHECK: %[[P:.+]] = linalg.generic
// CHECK-SAME: outs(
// CHECK: linalg.index 0
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[P]] : tensor<8192xf32>)
// CHECK-NOT: outs(
// CHECK: cf.assert %{{.+}}, "negative"
// CHECK-NOT: cf.assert
// CHECK: return
// GROUP-LABEL: func.func @assert_consumer_of_index_producer
// GROUP-COUNT-1: cf.assert
// GROUP-NOT: cf.assert
// GROUP-NOT: indexing_maps = []
#map = affine_map<(d0) -> (d0)>
func.func @assert_consumer_of_index_producer() {
  %e = tensor.empty() : tensor<8192xf32>
  %0 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%e : tensor<8192xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    linalg.yield %f : f32
  } -> tensor<8192xf32>
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} ins(%0 : tensor<8192xf32>) {
  ^bb0(%x: f32):
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf oge, %x, %z : f32
    cf.assert %c, "negative"
    linalg.yield
  }
  return
}

// -----

// With an input, the producer merges: the fused generic reads %a and the
// assert moves into it, once.
// CHECK-LABEL: func.func @assert_consumer_of_elementwise_producer
// CHECK-SAME: (%[[A:.+]]: tensor<8xf32>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[A]] : tensor<8xf32>)
// CHECK: arith.addf
// CHECK: cf.assert %{{.+}}, "negative"
// CHECK-NOT: linalg.generic
// CHECK: return
// GROUP-LABEL: func.func @assert_consumer_of_elementwise_producer
// GROUP-COUNT-1: cf.assert
// GROUP-NOT: cf.assert
#map = affine_map<(d0) -> (d0)>
func.func @assert_consumer_of_elementwise_producer(%a: tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} ins(%0 : tensor<8xf32>) {
  ^bb0(%x: f32):
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf oge, %x, %z : f32
    cf.assert %c, "negative"
    linalg.yield
  }
  return
}

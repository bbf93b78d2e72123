// Fuzzer finding (seed 1, function 295, reduced; greedy): the same bug as
// shared-init-dead-result-crash.mlir in its smallest form, an elementwise chain.
// A two-result generic whose results share one tensor.empty, its second result
// dead, merged into its consumer: the rewrite then reads the uses of an op it has
// erased. In the fuzz worker a segfault in transforms/ir_utils.py has_uses; under
// mlirfuse-opt the bindings abort:
//   IRCore.cpp:1393: ... Assertion `mlirOperationEqual(self.getParentOperation()->get(),
//   mlirOpResultGetOwner(self.get())) && "expected the owner of the value in Python to
//   match that in " "the IR"' failed.
// XFAIL: *
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | FileCheck %s

// CHECK-LABEL: func.func @shared_init_dead_result_chain
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK: return
func.func @shared_init_dead_result_chain(%arg0: tensor<4xf32>, %arg3: tensor<4xf32>) -> (tensor<4xf32>) {
  %t0 = tensor.empty() : tensor<4xf64>
  %v1, %v2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%t0, %t0 : tensor<4xf64>, tensor<4xf64>) {
  ^bb0(%t1: f32, %t2: f64, %t3: f64):
    %t4 = arith.extf %t1 : f32 to f64
    %t5 = arith.extf %t1 : f32 to f64
    %t6 = math.tanh %t5 : f64
    linalg.yield %t4, %t6 : f64, f64
  } -> (tensor<4xf64>, tensor<4xf64>)
  %t7 = tensor.empty() : tensor<4xf32>
  %v4 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v1, %arg3 : tensor<4xf64>, tensor<4xf32>) outs(%t7 : tensor<4xf32>) {
  ^bb0(%t8: f64, %t9: f32, %t10: f32):
    %t11 = arith.truncf %t8 : f64 to f32
    %t12 = arith.maximumf %t11, %t9 : f32
    linalg.yield %t12 : f32
  } -> tensor<4xf32>
  return %v4 : tensor<4xf32>
}

// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-group-independent)' | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-group-independent{max-elements=100})' | FileCheck %s --check-prefix=TINY
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-group-independent{report=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %mlirfuse verify %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-group-independent)' 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY-COUNT-4: verify: ok
// VERIFY-NOT: error

// Three small unrelated kernels (different inputs, no path): one launch.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @three_small
// CHECK: %[[G:.+]]:3 = "fusion.group"() ({
// CHECK: math.exp
// CHECK: math.tanh
// CHECK: arith.negf
// CHECK: gpu.yield
// CHECK: fusion.pattern = "independent"
// CHECK: return %[[G]]#0, %[[G]]#1, %[[G]]#2
// TINY-LABEL: func.func @three_small
// TINY-NOT: fusion.group
func.func @three_small(%x: tensor<128xf32>, %y: tensor<128xf32>, %z: tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) {
  %e = tensor.empty() : tensor<128xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<128xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.tanh %in : f32
    linalg.yield %0 : f32
  } -> tensor<128xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%z : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<128xf32>
  return %a, %b, %c : tensor<128xf32>, tensor<128xf32>, tensor<128xf32>
}

// -----

// Negative: %b consumes %a, so they are not independent.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @dependent
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: fusion.group
// REMARK: remark: sibling fusion refused [cycle]: not independent: path op 1 (linalg.generic at {{.+}}) -> op 2 (linalg.generic at {{.+}}) (ops 1, 2)
func.func @dependent(%x: tensor<128xf32>) -> tensor<128xf32> {
  %e = tensor.empty() : tensor<128xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<128xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.tanh %in : f32
    linalg.yield %0 : f32
  } -> tensor<128xf32>
  return %b : tensor<128xf32>
}

// -----

// Negative: a side-effecting body is never moved into a group.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @side_effect
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: fusion.group
// REMARK: remark: sibling fusion refused [opaque-op]: a side-effecting body is never moved into a group
func.func @side_effect(%x: tensor<128xf32>, %y: tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>) {
  %floor = arith.constant -10.0 : f32
  %e = tensor.empty() : tensor<128xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<128xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %ok = arith.cmpf ogt, %in, %floor : f32
    cf.assert %ok, "input below -10"
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  } -> tensor<128xf32>
  return %a, %b : tensor<128xf32>, tensor<128xf32>
}

// -----

// Large kernels (2^20 elements each) keep their own launch.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @large
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: fusion.group
func.func @large(%x: tensor<1048576xf32>, %y: tensor<1048576xf32>) -> (tensor<1048576xf32>, tensor<1048576xf32>) {
  %e = tensor.empty() : tensor<1048576xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<1048576xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.tanh %in : f32
    linalg.yield %0 : f32
  } -> tensor<1048576xf32>
  return %a, %b : tensor<1048576xf32>, tensor<1048576xf32>
}

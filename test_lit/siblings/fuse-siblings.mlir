// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings)' | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings{generics=false})' | FileCheck %s --check-prefix=GROUPS
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings{report=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Same iteration space: mean and mean of squares over the same rows read %x
// once, in ONE multi-result linalg.generic (the statistics of a LayerNorm).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_stats
// CHECK-SAME: (%[[X:.+]]: tensor<16x64xf32>)
// CHECK: %[[R:.+]]:2 = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[X]] : tensor<16x64xf32>)
// CHECK-SAME: outs(%{{.+}}, %{{.+}} : tensor<16xf32>, tensor<16xf32>)
// CHECK: ^bb0(%[[IN:.+]]: f32, %[[S:.+]]: f32, %[[Q:.+]]: f32):
// CHECK: %[[SUM:.+]] = arith.addf %[[IN]], %[[S]]
// CHECK: %[[SQ:.+]] = arith.mulf %[[IN]], %[[IN]]
// CHECK: %[[SUMSQ:.+]] = arith.addf %[[SQ]], %[[Q]]
// CHECK: linalg.yield %[[SUM]], %[[SUMSQ]] : f32, f32
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1
// GROUPS-LABEL: func.func @row_stats
// GROUPS: "fusion.group"() ({
// GROUPS-COUNT-2: linalg.generic
// GROUPS: gpu.yield
// GROUPS: fusion.pattern = "sibling"
func.func @row_stats(%x: tensor<16x64xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x64xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<16xf32>
  %sumsq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x64xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.mulf %in, %in : f32
    %1 = arith.addf %0, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<16xf32>
  return %sum, %sumsq : tensor<16xf32>, tensor<16xf32>
}

// -----

// Several activations of one tensor: one generic, three results.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @activations
// CHECK: %[[R:.+]]:3 = linalg.generic
// CHECK-SAME: ins(%{{.+}} : tensor<8x32xf32>)
// CHECK: arith.maximumf
// CHECK: math.tanh
// CHECK: math.exp
// CHECK: linalg.yield %{{.+}}, %{{.+}}, %{{.+}} : f32, f32, f32
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
func.func @activations(%x: tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  %tanh = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.tanh %in : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %relu, %tanh, %exp : tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>
}

// -----

// Different but co-iterable spaces: a row reduction and an elementwise op on
// the same rows cannot be one linalg op; they become one fusion.group with two
// results.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_max_and_scale
// CHECK: %[[G:.+]]:2 = "fusion.group"() ({
// CHECK: %[[MAX:.+]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: %[[SCALED:.+]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: gpu.yield %[[MAX]], %[[SCALED]] : tensor<16xf32>, tensor<16x64xf32>
// CHECK: }) {fusion.id = {{[0-9]+}} : i64, fusion.pattern = "sibling"} : () -> (tensor<16xf32>, tensor<16x64xf32>)
// CHECK: return %[[G]]#0, %[[G]]#1
func.func @row_max_and_scale(%x: tensor<16x64xf32>) -> (tensor<16xf32>, tensor<16x64xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x64xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.maximumf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<16xf32>
  %e2 = tensor.empty() : tensor<16x64xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x64xf32>) outs(%e2 : tensor<16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %two : f32
    linalg.yield %0 : f32
  } -> tensor<16x64xf32>
  return %max, %scaled : tensor<16xf32>, tensor<16x64xf32>
}

// -----

// The merged op needs %y, defined after the first sibling's user: it goes after
// %y and the user of the first sibling (%neg) moves after it, in order.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @moves_users
// CHECK-SAME: (%[[X:.+]]: tensor<64xf32>, %[[Z:.+]]: tensor<64xf32>)
// CHECK: %[[Y:.+]] = linalg.generic {{.+}} ins(%[[Z]] : tensor<64xf32>)
// CHECK: %[[M:.+]]:2 = linalg.generic {{.+}} ins(%[[X]], %[[Y]] : tensor<64xf32>, tensor<64xf32>)
// CHECK: %[[NEG:.+]] = linalg.generic {{.+}} ins(%[[M]]#0 : tensor<64xf32>)
// CHECK: return %[[NEG]], %[[M]]#1
func.func @moves_users(%x: tensor<64xf32>, %z: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%z : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.sqrt %in : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.addf %in, %in2 : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  return %neg, %b : tensor<64xf32>, tensor<64xf32>
}

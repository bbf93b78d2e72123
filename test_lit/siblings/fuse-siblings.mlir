// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings)' | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings{generics=false})' | FileCheck %s --check-prefix=GROUPS
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings{report=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings{independent=true})' | FileCheck %s --check-prefix=IND
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings{through-elementwise=false})' | FileCheck %s --check-prefix=NOPRO
// RUN: %mlirfuse verify %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-siblings{independent=true})' 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY-COUNT-14: verify: ok
// VERIFY-NOT: error

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

// Same space up to a permutation of loop dims: the row sums and the column
// sums of one matrix (the marginals of a Sinkhorn step). Renaming the column
// sum's dims makes both iterate (64 parallel, 64 reduction); they become one
// generic reading %x through both maps.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @row_and_column_sums
// CHECK-SAME: (%[[X:.+]]: tensor<64x64xf32>)
// CHECK: %[[R:.+]]:2 = linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]], %[[X]] : tensor<64x64xf32>, tensor<64x64xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @row_and_column_sums(%x: tensor<64x64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %rows = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %cols = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  return %rows, %cols : tensor<64xf32>, tensor<64xf32>
}

// -----

// Different but co-iterable spaces: the row sums (64 x 64, reducing d1) and the
// first element of every row (64 x 1) tile the same rows but cannot be one
// linalg op; they become one fusion.group with two results, reading %x once.
#id = affine_map<(d0, d1) -> (d0, d1)>
#keep = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @row_sum_and_first_column
// CHECK: %[[G:.+]]:2 = "fusion.group"() ({
// CHECK: %[[SUM:.+]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: %[[FIRST:.+]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: gpu.yield %[[SUM]], %[[FIRST]] : tensor<64x1xf32>, tensor<64x1xf32>
// CHECK: }) {fusion.id = {{[0-9]+}} : i64, fusion.pattern = "sibling", resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<64x1xf32>, tensor<64x1xf32>)
// CHECK: return %[[G]]#0, %[[G]]#1
func.func @row_sum_and_first_column(%x: tensor<64x64xf32>) -> (tensor<64x1xf32>, tensor<64x1xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64x1xf32>) -> tensor<64x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x64xf32>) outs(%init : tensor<64x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<64x1xf32>
  %first = linalg.generic {indexing_maps = [#keep, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<64x1xf32>
  return %sum, %first : tensor<64x1xf32>, tensor<64x1xf32>
}

// -----

// A row reduction and an elementwise op on the same rows are co-iterable: not
// one linalg op, but one kernel, a fusion.group yielding both results (of
// different types) and reading %x once.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_max_and_scale
// CHECK-SAME: (%[[X:.+]]: tensor<16x64xf32>)
// CHECK: %[[G:.+]]:2 = "fusion.group"() ({
// CHECK: iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<16x64xf32>)
// CHECK: iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<16x64xf32>)
// CHECK: gpu.yield {{.*}} : tensor<16xf32>, tensor<16x64xf32>
// CHECK: fusion.pattern = "sibling"
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

// -----

// Negative: %b reads %x but also %t, which depends on the sibling %a through a
// third op: one op computing both would consume its own result.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @path_through_third_op
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: fusion.group
// REMARK: remark: sibling fusion refused [cycle]: path op {{[0-9]+}} (linalg.generic at {{.+}}) -> op {{[0-9]+}} (linalg.generic at {{.+}}) through op {{[0-9]+}} (linalg.generic at {{.+}}): merging would make a cycle
func.func @path_through_third_op(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %t : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.addf %in, %in2 : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  return %b : tensor<64xf32>
}

// -----

// Negative: incompatible spaces. %x is read by a 16x64 elementwise op and by a
// broadcast into 4x16x64: no common row tiling.
#id = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bcast = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @incompatible_spaces
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: fusion.group
// REMARK: remark: sibling fusion refused [incompatible-space]: incompatible iteration spaces: linalg.generic iterates 16x64, rank differs from 4x16x64
func.func @incompatible_spaces(%x: tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<4x16x64xf32>) {
  %e = tensor.empty() : tensor<16x64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<16x64xf32>
  %e3 = tensor.empty() : tensor<4x16x64xf32>
  %b = linalg.generic {indexing_maps = [#bcast, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<16x64xf32>) outs(%e3 : tensor<4x16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x16x64xf32>
  return %a, %b : tensor<16x64xf32>, tensor<4x16x64xf32>
}

// -----

// Negative: the second reader of %x sits in a loop body and accumulates into
// the loop's iteration value: no point outside the loop is dominated by its operands.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @non_dominating
// CHECK: linalg.generic
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK-NOT: fusion.group
// REMARK: remark: sibling fusion refused [non-dominating]: linalg.generic at {{.+}} reads the shared value inside op {{[0-9]+}} (scf.for at {{.+}}): no point outside it is dominated by all its operands
func.func @non_dominating(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<64xf32>) {
    %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<64xf32>) outs(%acc : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    } -> tensor<64xf32>
    scf.yield %b : tensor<64xf32>
  }
  return %a, %r : tensor<64xf32>, tensor<64xf32>
}

// -----

// Negative: a body with a side effect (the BatchNorm-style cf.assert) is never
// moved or merged.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @side_effects
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: fusion.group
// REMARK: remark: sibling fusion refused [opaque-op]: op {{[0-9]+}} (linalg.generic at {{.+}}) has a side-effecting body (e.g. cf.assert); sibling fusion never moves or merges it
func.func @side_effects(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %floor = arith.constant -10.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %ok = arith.cmpf ogt, %in, %floor : f32
    cf.assert %ok, "input below -10"
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}

// -----

// Independent small kernels: no shared input, no path. Left alone by default;
// with independent=true they share one launch in a fusion.group.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @independent
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: fusion.group
// IND-LABEL: func.func @independent
// IND: %[[G:.+]]:2 = "fusion.group"() ({
// IND: math.exp
// IND: math.tanh
// IND: gpu.yield
// IND: fusion.pattern = "independent"
// IND: return %[[G]]#0, %[[G]]#1
func.func @independent(%x: tensor<256xf32>, %y: tensor<256xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
  %e = tensor.empty() : tensor<256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.tanh %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  return %a, %b : tensor<256xf32>, tensor<256xf32>
}

// -----

// Inside a loop body: two readers of the loop-carried value share one generic
// (op-level merges only in nested blocks).
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK: %[[M:.+]]:2 = linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: scf.yield %[[M]]#1, %[[M]]#0
func.func @in_loop(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x, %b = %x) -> (tensor<64xf32>, tensor<64xf32>) {
    %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<64xf32>) outs(%b : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.cos %in : f32
      linalg.yield %0 : f32
    } -> tensor<64xf32>
    %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<64xf32>) outs(%a : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.sin %in : f32
      linalg.yield %0 : f32
    } -> tensor<64xf32>
    scf.yield %s, %c : tensor<64xf32>, tensor<64xf32>
  }
  return %r#0, %r#1 : tensor<64xf32>, tensor<64xf32>
}

// -----

// A permuted sibling that reads its loop indices: after renaming its dims,
// its `linalg.index 0` (the column, its first loop) becomes `linalg.index 1`.
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @permuted_with_index
// CHECK: %[[R:.+]]:2 = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: linalg.index 1
// CHECK: linalg.index 1
// CHECK-NOT: linalg.index 0
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @permuted_with_index(%x: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %e = tensor.empty() : tensor<16x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %0 = arith.addf %in, %jf : f32
    linalg.yield %0 : f32
  } -> tensor<16x8xf32>
  %b = linalg.generic {indexing_maps = [#t, #t], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 0 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %0 = arith.mulf %in, %jf : f32
    linalg.yield %0 : f32
  } -> tensor<16x8xf32>
  return %a, %b : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// Through a cheap prologue (LayerNorm's statistics): sum(x) in f32 and
// sum(extf(x)) in f64 reduce the same rows, the second through a cast that
// another op also uses. The cast is recomputed inside the f64 reduction, and
// the cast and both sums share one kernel (a fusion.group yielding three
// results of three types) that reads %x once.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// NOPRO-LABEL: func.func @statistics_through_cast
// NOPRO-COUNT-3: = linalg.generic
// NOPRO-NOT: linalg.generic
// CHECK-LABEL: func.func @statistics_through_cast
// CHECK-SAME: (%[[X:.+]]: tensor<16x64xf32>)
// CHECK: %[[G:.+]]:3 = "fusion.group"() ({
// CHECK: arith.extf
// CHECK: iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<16x64xf32>)
// CHECK: arith.extf
// CHECK: iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<16x64xf32>)
// CHECK: gpu.yield {{.*}} : tensor<16x64xf64>, tensor<16xf64>, tensor<16xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[G]]#1, %[[G]]#2, %[[G]]#0
func.func @statistics_through_cast(%x: tensor<16x64xf32>) -> (tensor<16xf64>, tensor<16xf32>, tensor<16x64xf64>) {
  %zero64 = arith.constant 0.0 : f64
  %zero = arith.constant 0.0 : f32
  %e64 = tensor.empty() : tensor<16x64xf64>
  %cast = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x64xf32>) outs(%e64 : tensor<16x64xf64>) {
  ^bb0(%in: f32, %out: f64):
    %0 = arith.extf %in : f32 to f64
    linalg.yield %0 : f64
  } -> tensor<16x64xf64>
  %r64 = tensor.empty() : tensor<16xf64>
  %i64 = linalg.fill ins(%zero64 : f64) outs(%r64 : tensor<16xf64>) -> tensor<16xf64>
  %sum64 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cast : tensor<16x64xf64>) outs(%i64 : tensor<16xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %0 = arith.addf %in, %acc : f64
    linalg.yield %0 : f64
  } -> tensor<16xf64>
  %r = tensor.empty() : tensor<16xf32>
  %i = linalg.fill ins(%zero : f32) outs(%r : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x64xf32>) outs(%i : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<16xf32>
  return %sum64, %sum, %cast : tensor<16xf64>, tensor<16xf32>, tensor<16x64xf64>
}

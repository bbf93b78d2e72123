// The switches of mlirfuse-fuse: one prefix per option set.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s --check-prefix=DEFAULT
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{enabled=false})' | FileCheck %s --check-prefix=OFF
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{elementwise=false})' | FileCheck %s --check-prefix=NOEW
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{reduction-prologue=false})' | FileCheck %s --check-prefix=NORP
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{reduction-epilogue=false})' | FileCheck %s --check-prefix=NORE
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{contraction-epilogue=false})' | FileCheck %s --check-prefix=NOCE
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{recompute=never})' | FileCheck %s --check-prefix=NEVER
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{keep-intermediates=all})' | FileCheck %s --check-prefix=KEEP
// %1 names a kernel op of @chain only: the first split, alone (a name that
// matches nothing is an error, NOKEEP).
// RUN: sed -n '1,/^\/\/ -----/p' %s | %mlirfuse-opt - --pass-pipeline='builtin.module(mlirfuse-fuse{keep-intermediates=%%1})' | FileCheck %s --check-prefix=KEEPNAME
// RUN: not %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{keep-intermediates=%%nosuch,all})' 2>&1 | FileCheck %s --check-prefix=NOKEEP
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{max-operands=3})' | FileCheck %s --check-prefix=MAXOP
// RUN: not %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{recompute=sometimes})' 2>&1 | FileCheck %s --check-prefix=BADREC
// RUN: not %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{max-operands=0})' 2>&1 | FileCheck %s --check-prefix=BADMAX
// RUN: not %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{keep-intermediates=bogus})' 2>&1 | FileCheck %s --check-prefix=BADKEEP

// BADREC: error: mlirfuse-fuse: recompute='sometimes' is not one of never, auto, always
// BADMAX: error: mlirfuse-fuse: max-operands=0 is outside 1..1024
// BADKEEP: error: keep-intermediates: 'bogus' is neither 'all', an SSA name (%5) nor FILE:LINE
// NOKEEP: mlirfuse-fuse-options.mlir:{{[0-9]+}}:1: error: mlirfuse-fuse: keep-intermediates: '%nosuch' names no kernel op

// DEFAULT-LABEL: func.func @chain
// DEFAULT-COUNT-1: linalg.generic
// DEFAULT-NOT: linalg.generic
// OFF-LABEL: func.func @chain
// OFF-COUNT-2: linalg.generic
// OFF-NOT: fusion.group
// NOEW-LABEL: func.func @chain
// NOEW-COUNT-2: linalg.generic
// KEEP-LABEL: func.func @chain
// KEEP-SAME: -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>)
// KEEP: %[[F:.+]]:2 = linalg.generic
// KEEP: linalg.yield %{{.+}}, %{{.+}} : f32, f32
// KEEP: return %[[F]]#0, %[[F]]#1, %[[F]]#0
// KEEPNAME-LABEL: func.func @chain
// KEEPNAME-SAME: -> (tensor<8x16xf32>, tensor<8x16xf32>)
// KEEPNAME: %[[F:.+]]:2 = linalg.generic
// KEEPNAME: return %[[F]]#0, %[[F]]#1
func.func @chain(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.negf %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %b : tensor<8x16xf32>
}

// -----

// DEFAULT-LABEL: func.func @prologue
// DEFAULT-COUNT-1: linalg.generic
// DEFAULT-NOT: linalg.generic
// NORP-LABEL: func.func @prologue
// NORP-NOT: fusion.group
// NORP-COUNT-2: linalg.generic
// NORP: return
func.func @prologue(%x: tensor<8x16xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.mulf %i, %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %re = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%sq : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// DEFAULT-LABEL: func.func @normalize
// DEFAULT: "fusion.group"
// DEFAULT: fusion.pattern = "reduction-epilogue"
// NORE-LABEL: func.func @normalize
// NORE-NOT: fusion.group
// NORE-COUNT-2: linalg.generic
func.func @normalize(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<8x16xf32>, tensor<8xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %t: f32, %o: f32):
    %0 = arith.divf %i, %t : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %d : tensor<8x16xf32>
}

// -----

// DEFAULT-LABEL: func.func @matmul_bias
// DEFAULT: "fusion.group"
// DEFAULT: fusion.pattern = "contraction-epilogue"
// NOCE-LABEL: func.func @matmul_bias
// NOCE-NOT: fusion.group
// NOCE: linalg.matmul
// NOCE: linalg.generic
func.func @matmul_bias(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %bias: tensor<32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<8x32xf32>, tensor<32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// A cheap add read by two kernels: recomputed by default (two addf, no kernel
// for %p). With recompute=never %p is computed once, in the row max's kernel,
// which also yields it (a kept extra result) to the matmul's epilogue: two
// kernels, one addf.
// DEFAULT-LABEL: func.func @recompute
// DEFAULT-COUNT-2: arith.addf
// DEFAULT-NOT: arith.addf
// NEVER-LABEL: func.func @recompute
// NEVER: %[[G:.+]]:2 = "fusion.group"() ({
// NEVER: arith.addf
// NEVER: iterator_types = ["parallel", "reduction"]
// NEVER: "fusion.group"() ({
// NEVER: linalg.matmul
// NEVER: linalg.generic
// NEVER-SAME: ins(%{{.+}}, %[[G]]#0 :
// NEVER-NOT: arith.addf
func.func @recompute(%x: tensor<8x32xf32>, %y: tensor<8x32xf32>, %a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> (tensor<8xf32>, tensor<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  %re = tensor.empty() : tensor<8xf32>
  %rinit = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<8x32xf32>) outs(%rinit : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.maximumf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %p : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %r, %q : tensor<8xf32>, tensor<8x32xf32>
}

// -----

// Negative (operand-limit): add then mul over three inputs would be one kernel
// reading x, y, z and writing one result: 4 tensors, over max-operands=3.
// DEFAULT-LABEL: func.func @operand_limit
// DEFAULT-COUNT-1: linalg.generic
// DEFAULT-NOT: linalg.generic
// NEVER-LABEL: func.func @operand_limit
// MAXOP-LABEL: func.func @operand_limit
// MAXOP-COUNT-2: linalg.generic
// MAXOP: return
func.func @operand_limit(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>, %z: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %z : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %b : tensor<8x16xf32>
}

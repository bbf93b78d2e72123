// Dynamic shapes: an elementwise chain on tensor<?x?xf32>, a reshape with a
// dynamic size, and a matmul with dynamic sizes feeding an epilogue. Each is
// fused or left alone, never a crash: exit 0, valid IR out, no traceback.
// RUN: cp %s %t.orig && rm -f %t.out %t.ptx
// RUN: %python %S/Inputs/expect_exit.py 0 %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.out
// RUN: cmp %s %t.orig
// RUN: %mlirfuse-opt %t.out --pass-pipeline='builtin.module(mlirfuse-inline-groups)' | FileCheck %s --check-prefix=ROUNDTRIP
// The runner cannot invent dynamic sizes: it says so at the function, exit 1.
// The GPU back end passes the sizes to the kernels (docs/gpu-lowering.md,
// "Dynamic shapes"): exit 0, one kernel each, a manifest whose sizes are
// expressions of the arguments' dims (checked at dims 1 and 3).
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse run %s --func chain --seed 0 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUN: %python %S/Inputs/expect_exit.py 0 %mlirfuse compile %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: %python -m mlirfuse.gpu.manifest_check %t.json

// DIAG-NOT: Traceback
// DIAG-NOT: error
// RUNNER: dynamic_shapes.mlir:[[# @LINE + 21]]:1: error: argument #0 of @chain (tensor<?x?xf32>) has a dynamic shape
// RUNNER-NOT: Traceback
// GPU: kernels: 3
// GPU-NOT: Traceback
// GPU-NOT: error

// CHECK-LABEL: func.func @chain
// CHECK: math.exp
// CHECK: return
// CHECK-LABEL: func.func @reshape
// CHECK: tensor.expand_shape
// CHECK: return
// CHECK-LABEL: func.func @matmul_epilogue
// CHECK: linalg.matmul
// CHECK: arith.maximumf
// CHECK: return
// ROUNDTRIP-LABEL: func.func @chain
// ROUNDTRIP-LABEL: func.func @reshape
// ROUNDTRIP-LABEL: func.func @matmul_epilogue

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.exp %x : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

func.func @reshape(%a: tensor<?x8xf32>) -> tensor<?x2x4xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%d0) : tensor<?x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<?x8xf32>
  %1 = tensor.expand_shape %0 [[0], [1, 2]] output_shape [%d0, 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
  return %1 : tensor<?x2x4xf32>
}

func.func @matmul_epilogue(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %v = arith.maximumf %x, %zero : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Syntactically fine but invalid IR (a linalg.generic whose body yields the
// wrong type): the verifier's located diagnostic, exit 1, no output, through
// mlirfuse-opt and every mlirfuse command.
// RUN: cp %s %t.orig && rm -f %t.out %t.ptx
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s
// RUN: test ! -e %t.out
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse explain %s 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse plan %s 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse run %s --seed 0 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse verify %s --seed 0 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: test ! -e %t.ptx
// RUN: cmp %s %t.orig

// CHECK: verifier_error.mlir:[[# @LINE + 8]]:5: error: {{(cannot parse the module: )?}}'linalg.yield' op type of yield operand 1 ('f64') doesn't match the element type of the enclosing linalg.generic op ('f32')
// CHECK-NOT: Traceback

func.func @wrong_yield(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %w = arith.extf %x : f32 to f64
    linalg.yield %w : f64
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

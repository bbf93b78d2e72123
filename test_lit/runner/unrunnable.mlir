// What the runner cannot run is refused before lowering, with a located
// error and exit 1, by `run` and `verify` alike: a call to a function that is
// only declared (also through a defined callee), a scalar argument, a tensor
// of `index` elements. No traceback.
// RUN: not %mlirfuse run %s --func calls_external 2>&1 | FileCheck %s --check-prefix=EXT
// RUN: not %mlirfuse verify %s --func calls_external 2>&1 | FileCheck %s --check-prefix=EXT
// RUN: not %mlirfuse run %s --func calls_through 2>&1 | FileCheck %s --check-prefix=THROUGH
// RUN: not %mlirfuse verify %s --func calls_through 2>&1 | FileCheck %s --check-prefix=THROUGH
// RUN: not %mlirfuse run %s --func scalar_argument 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: not %mlirfuse verify %s --func scalar_argument 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: not %mlirfuse run %s --func index_tensor 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not %mlirfuse verify %s --func index_tensor 2>&1 | FileCheck %s --check-prefix=INDEX

// EXT: unrunnable.mlir:[[# @LINE + 11]]:8: error: @calls_external calls @external, which is only declared here (no body): the runner cannot run external functions
// EXT-NOT: Traceback
// THROUGH: unrunnable.mlir:[[# @LINE + 9]]:8: error: @calls_through calls @external (through @calls_external), which is only declared here (no body)
// THROUGH-NOT: Traceback
// SCALAR: unrunnable.mlir:[[# @LINE + 16]]:1: error: argument #1 of @scalar_argument has type f32: the runner supports ranked tensors only
// SCALAR-NOT: Traceback
// INDEX: unrunnable.mlir:[[# @LINE + 21]]:1: error: argument #0 of @index_tensor has element type index: the runner supports
// INDEX-NOT: Traceback

func.func private @external(tensor<4xf32>) -> tensor<4xf32>
func.func @calls_external(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @external(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @calls_through(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @calls_external(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @scalar_argument(%a: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.fill ins(%s : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

#map = affine_map<(d0) -> (d0)>
func.func @index_tensor(%a: tensor<4xindex>) -> tensor<4xindex> {
  %e = tensor.empty() : tensor<4xindex>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xindex>) outs(%e : tensor<4xindex>) {
  ^bb0(%x: index, %o: index):
    %y = arith.addi %x, %x : index
    linalg.yield %y : index
  } -> tensor<4xindex>
  return %r : tensor<4xindex>
}
